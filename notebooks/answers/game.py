"""Lesson 05, Play a game: its game's first position and the review of a beginner's game.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

import functools

from corinth import GameState, new_game
from corinth.ui.course import AnswerBook

ANSWERS = AnswerBook()


def beginner_review(seed: int = 5) -> tuple[GameState, list[tuple[int, str, float]]]:
    """A seeded game of the random bot (Player 1) against two greedy bots, and its review.

    Each row is (the beginner's turn, from 1; the move made, in words; the points it lost right
    then against the best choice, by the solver's ranking).

    >>> final, review = beginner_review()
    >>> review[0][0], len(review) == len({row[0] for row in review})
    (1, True)
    """
    final, review = _beginner_review(seed)
    return final, list(review)


@functools.cache  # the questions about the review ask for it again: play and rank it once
def _beginner_review(seed: int) -> tuple[GameState, tuple[tuple[int, str, float], ...]]:
    from corinth.solver import GreedyBot, RandomBot, play_game, rank_moves

    final = play_game(new_game(players=3, seed=seed), [RandomBot(seed), GreedyBot(), GreedyBot()])
    review = []
    state = new_game(players=3, seed=seed)
    for move in final.history:
        if state.phase == "take" and state.current_player == 0:
            ranking = rank_moves(state, "immediate")
            chosen = next(r for r in ranking if str(r.move) == str(move))
            review.append((len(review) + 1, move.describe(state), chosen.loss))
        state = state.apply(move)
    return final, tuple(review)


@ANSWERS.add
def your_move_position() -> GameState:
    """The position of 05's Exercise 1: 05's game after the hint's best move and no building.

    The bots have answered, so Player 1 is to take a group.
    """
    from corinth.ui import GameApp, closing_new_widgets

    with closing_new_widgets():  # only its game is needed: no page shows this app
        app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1)
        app.play(app.show_hint(top=1)[0].move)
        if app.state.phase == "build":
            app.play("build none")
    return app.state


@ANSWERS.add
def five_step_group() -> str:
    """05's first question: the group left to Player 1 in round 1 of the game whose dice show a 5."""
    from corinth.ui import GameApp, closing_new_widgets

    with closing_new_widgets():  # only its game is needed: no page shows this app
        app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1)
    fives = [d.capitalize() for d, group in app.state.groups() if group.face == 5]
    return fives[0] if fives else "Neither"


@ANSWERS.add
def worst_turn() -> int:
    """The beginner's turn that lost the most points (the first, if several tie)."""
    review = beginner_review()[1]
    return max(review, key=lambda row: row[2])[0]


@ANSWERS.add
def lucky_turns() -> int:
    """How many of the beginner's turns chose a best move (a loss of 0)."""
    return sum(1 for *_, loss in beginner_review()[1] if loss == 0)
