"""Corintho (Paolo Scattini, Family Games, 2005), the second game: its rules engine. The rule
catalogue is ``RULES.md`` in this folder; the engine shares nothing with Corinth's but the shape of
its API (an immutable state, ``legal_moves()``, ``apply()`` refusing a move with the rule it breaks).

>>> from corinth.corintho import new_game
>>> new_game(players=2).apply("base a1").top("a1")
'base'
"""

from .game import (
    LINES,
    PIECES,
    CorinthoError,
    Game,
    IllegalMove,
    Place,
    Shift,
    cell_index,
    cell_name,
    from_json,
    new_game,
    parse,
    to_json,
)

__all__ = [
    "LINES",
    "PIECES",
    "CorinthoError",
    "Game",
    "IllegalMove",
    "Place",
    "Shift",
    "cell_index",
    "cell_name",
    "from_json",
    "new_game",
    "parse",
    "to_json",
]
