"""The games by name. Each entry names the module of a game that follows ``corinth.shared.protocol``
and the object there; the module is imported when the game is first asked for, so the shared parts
import no game (a game's folder plugs in here, the way a package's entry point does).

>>> names()
('corinth', 'corintho', 'four-courts')
>>> get("corintho").title
'Corintho'
>>> get("chess")
Traceback (most recent call last):
...
ValueError: no game 'chess': the games are corinth, corintho, four-courts
"""

from __future__ import annotations

import importlib

from .protocol import Game

DEFAULT = "corinth"
GAMES: dict[str, str] = {
    "corinth": "corinth.solver.protocol:CORINTH",
    "corintho": "corinth.corintho.protocol:CORINTHO",
    "four-courts": "corinth.courts.protocol:FOUR_COURTS",
}


def names() -> tuple[str, ...]:
    """Every game's name, the default first."""
    return tuple(GAMES)


def get(name: str = DEFAULT) -> Game:
    """The game called ``name``; ``ValueError`` with the games' names for any other."""
    where = GAMES.get(name) if isinstance(name, str) else None
    if where is None:
        shown = name[:40] if isinstance(name, str) else type(name).__name__
        raise ValueError(f"no game {shown!r}: the games are {', '.join(GAMES)}")
    module, _, attribute = where.partition(":")
    return getattr(importlib.import_module(module), attribute)
