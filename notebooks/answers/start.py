"""Lesson 00, Start here: the answers its exercises ask the engine for.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from corinth import default_sheet, new_game
from corinth.shared.language import _
from corinth.solver import RandomBot, play_game
from corinth.ui.course import AnswerBook

ANSWERS = AnswerBook()


@ANSWERS.add
def green_goods() -> int:
    return default_sheet().district("green").symbols


@ANSWERS.add
def turns_in_a_round_of_two() -> int:
    """How many turns one round of a 2-player game has (the first player plays first and last)."""
    return len(new_game(players=2, seed=0, first_player=0).turn_order())


@ANSWERS.add
def rounds_with_four_players() -> int:
    """How many rounds a 4-player game lasts: two random bots' whole game, counted (S2, R11)."""
    final = play_game(new_game(players=4, seed=7), [RandomBot(i) for i in range(1, 5)])
    return final.round


def end_of_game_check() -> str:
    """Three random bots play a whole 3-player game: how long it lasted (00's prediction)."""
    final = play_game(new_game(players=3, seed=7), [RandomBot(1), RandomBot(2), RandomBot(3)])
    full = all(p.turns == final.sheet.turn_track for p in final.players)
    if full:
        said = _(
            "three bots played a whole 3-player game. It lasted {rounds} rounds and ended when "
            "every player's roll track was full."
        )
    else:
        said = _(
            "three bots played a whole 3-player game. It lasted {rounds} rounds and ended when "
            "every player's roll track was full (not all were: see R5)."
        )
    return said.format(rounds=final.round)
