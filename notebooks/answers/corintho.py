"""Lesson 11, Corintho: the positions it shows, played move by move through Corintho's engine."""

from __future__ import annotations

from corinth.corintho import new_game
from corinth.ui.corintho import CorinthoBoard, CorinthoLiveBoard

# The positions lesson 11 shows, each played move by move through Corintho's engine (2 players).
CORINTHO_POSITIONS = {
    # every kind of stack: base, column, capital; column on a base, capital on a column, full column
    "pieces": (
        "base a1", "column b1", "capital c1", "base a3", "column a3",
        "column b3", "capital b3", "base d3", "column d3", "capital d3",
    ),
    # player 1 to play: a base on b2, a column on a base on c2, a full column on a4
    "place": ("base b2", "base c2", "column c2", "base a4", "column a4", "capital a4"),
    # player 1 to play: the column on b2 may move onto c2's base; a2 and c3 are frozen (K4)
    "move": ("column b2", "base c2", "capital a2", "base c3"),
    # player 1 has just claimed three columns on the diagonal a1, b2, c3
    "diagonal": ("column a1", "base b2", "capital d4", "column b2", "column c3"),
    # player 1 has just claimed three columns on a1, b1, c1; d1 is empty
    "claim": ("column a1", "base d4", "column b1", "base d3", "column c1"),
}  # fmt: skip


def corintho_position(name: str):
    """A position of lesson 11 by its name (``CORINTHO_POSITIONS``), played through the engine.

    >>> corintho_position("claim").claim
    (0, ((0, 1, 2),))
    """
    game = new_game(2)
    for move in CORINTHO_POSITIONS[name]:
        game = game.apply(move)
    return game


def corintho_board(name: str, interactive: bool = False):
    """A position of lesson 11 on a board: for viewing, or live (``CorinthoLiveBoard``).

    >>> live = corintho_board("place", interactive=True)
    >>> live.board.play("capital c2"), live.board.game.top("c2")
    (True, 'capital')
    >>> live.start_again(); live.board.game.top("c2")
    'column'
    """
    if interactive:
        return CorinthoLiveBoard(corintho_position(name))
    return CorinthoBoard(corintho_position(name), interactive=False)
