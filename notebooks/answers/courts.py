"""Lessons 12 and 12b, The Four Courts: its puzzle, its tables and its game.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

import functools

from corinth.ui.course import AnswerBook

ANSWERS = AnswerBook()


# The stored "which card now?" puzzle lesson 12b asks (player 1's view, a round puzzle).
COURTS_PUZZLE = "round-09"


@functools.cache  # the stored set is ranked again as it loads (a few seconds): once per lesson
def courts_puzzle(puzzle_id: str = COURTS_PUZZLE):
    """A stored Four Courts puzzle, by its id, its answers checked as the set loads.

    >>> courts_puzzle("round-09").seat
    0
    """
    from corinth.courts.puzzles import load_puzzles

    return next(p for p in load_puzzles() if p.id == puzzle_id)


def courts_choice_words(answer: str) -> str:
    """A card and its Court (``ace-knots consul``) as the lesson's buttons say it.

    >>> courts_choice_words("mill island")
    'The Mill beside the Island'
    """
    from corinth.courts import CARDS, COURTS
    from corinth.courts.cards import card_index, court_index

    card, court = answer.split()
    name = CARDS[card_index(card)].name
    return f"{name[0].upper()}{name[1:]} beside the {COURTS[court_index(court)].capitalize()}"


@ANSWERS.add
def courts_best_choice() -> str:
    """Lesson 12b's puzzle answer, as its button says it: the search's best card and Court.

    >>> from answers.questions import question
    >>> courts_best_choice() in question("12b-which-card")["options"]
    True
    """
    (answer,) = courts_puzzle().answers
    return courts_choice_words(answer)


def courts_table(seed: int = 3, rounds: int = 0):
    """A Four Courts table for viewing, from player 1's side (North) against three greedy bots:
    ``rounds`` rounds played by a greedy bot in player 1's place first.

    >>> courts_table(rounds=2).view.phase
    'choose'
    """
    from corinth.courts.bots import make_bot
    from corinth.ui.courts import CourtsBoard

    board = CourtsBoard(seed=seed)
    me = make_bot("greedy", seed)
    for _ in range(rounds):
        if board.view.phase != "choose":
            break  # the game is over
        board.choose(_courts_card(me, board))
        while board.view.phase == "place":  # the learner's card is next: the bot places it
            _courts_place(me, board)
    board.interactive = False
    return board


def _courts_card(bot, board) -> str:
    from corinth.courts import CARDS

    move = bot.choose(board.view)
    return CARDS[move.card].word


def _courts_place(bot, board) -> None:
    from corinth.courts import SUITS

    move = bot.choose(board.view)
    board.place(move.court, None if move.take is None else SUITS[move.take])


def courts_puzzle_table(puzzle_id: str = COURTS_PUZZLE):
    """The puzzle's table from its player's side, for viewing.

    >>> courts_puzzle_table().seat
    0
    """
    from corinth.ui.courts import CourtsBoard

    puzzle = courts_puzzle(puzzle_id)
    return CourtsBoard(game=puzzle.game, seat=puzzle.seat, interactive=False)


def courts_game(seed: int = 0, keep: str = ""):
    """Lesson 12b's game: player 1 (North) against three greedy bots, seeded, with "New game",
    "Undo" and "Hint"; with ``keep``, kept in the learner's browser under that name across a reload.

    >>> app = courts_game()
    >>> app.board.view.phase, len(app.board.hand)
    ('choose', 10)
    """
    from corinth.ui.courts import CourtsApp

    return CourtsApp(seed=seed, keep=keep)
