"""Lesson 04, Buildings and score: its position and the answers the engine works out.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from corinth import GameState, default_sheet, new_game
from corinth.shared.language import speaking
from corinth.ui.course import AnswerBook, play

from .questions import question

ANSWERS = AnswerBook()


def building_offer() -> GameState:
    """04's position: Player 1 may build, with 4 gold and 5 goats (B1)."""
    return play(
        new_game(players=2, seed=1, first_player=0),
        "buy 0",
        "roll 111122666",
        "goats",
        "green 1",
        "gold",
    )


@ANSWERS.add
def affordable_pair() -> str:
    """The one pair of buildings, among 04's options, that the engine offers to build together."""
    options = question("04-what-to-build")["options"]
    offered = {str(m) for m in building_offer().legal_moves()}
    with speaking("en"):  # the options are the exercise's English (its catalogue's keys)
        ids = {b.title: b.name for b in default_sheet().buildings}
    for option in options:
        names = [ids[title] for title in option.split(" and ")]
        if any(f"build {','.join(order)}" in offered for order in (names, names[::-1])):
            return option
    raise ValueError("no pair of 04-what-to-build can be built")


@ANSWERS.add
def leftover_points() -> int:
    return 7 // 2 + 5 // 2
