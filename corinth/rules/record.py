"""A game as the data of its save: what ``GameState.to_json`` writes and ``save`` reads back.

Apart from ``save`` because writing needs nothing but the state's own fields, while reading replays
the moves through ``state``: the state writes itself without importing the module that loads it.

>>> from corinth.rules import new_game
>>> sorted(to_dict(new_game(players=2, seed=3)))[:3]
['first_player', 'format', 'moves']
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState

FORMAT = "corinth-game"
VERSION = 2
KEYS = (
    "format",
    "version",
    "players",
    "seed",
    "first_player",
    "sheet",
    "variants",
    "moves",
    "position",
)


def to_dict(state: GameState) -> dict[str, Any]:
    """The save as plain data."""
    return _data(state, state.sheet.to_dict())


def _data(state: GameState, sheet: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": state.num_players,
        "seed": state.seed,
        "first_player": state.start_player,
        "sheet": sheet,
        "variants": state.variants.to_dict(),
        "moves": [m.notation() for m in state.history],
        # For readers only; checked against the replay on load.
        "position": {
            "round": state.round,
            "phase": state.phase,
            "scores": [state.score(i) for i in range(state.num_players)],
        },
    }


def to_json(state: GameState, indent: int | None = 2) -> str:
    # The sheet's own data, not a copy (``Sheet.to_dict``): the text is made of it, nothing edits it.
    return json.dumps(_data(state, state.sheet.source), indent=indent, ensure_ascii=False)
