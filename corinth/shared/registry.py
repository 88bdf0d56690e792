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
from collections.abc import Callable
from typing import Any

from .language import N_, _
from .protocol import Game, LivePuzzles

DEFAULT = "corinth"
GAMES: dict[str, str] = {
    "corinth": "corinth.solver.protocol:CORINTH",
    "corintho": "corinth.corintho.protocol:CORINTHO",
    "four-courts": "corinth.courts.protocol:FOUR_COURTS",
}

# Each game's puzzles for a whole class (``protocol.LivePuzzles``), then the function drawing one
# of its positions for the class's pages (SVG or HTML). Two names, not one, because Corinth ranks in
# its solver and draws in ``corinth.render``, and neither of those may import the other
# (tests/test_layers.py); the other games keep both in one module of their own folder.
LIVE: dict[str, tuple[str, str]] = {
    "corinth": ("corinth.solver.live:LIVE", "corinth.render.live:picture"),
    "corintho": ("corinth.corintho.live:LIVE", "corinth.corintho.live:picture"),
    "four-courts": ("corinth.courts.live:LIVE", "corinth.courts.live:picture"),
}


def names() -> tuple[str, ...]:
    """Every game's name, the default first."""
    return tuple(GAMES)


def _named(table: dict[str, Any], name: object, what: str) -> Any:
    """``table[name]``, or ``ValueError`` naming the ``what`` there are."""
    if isinstance(name, str) and name in table:
        return table[name]
    shown = name[:40] if isinstance(name, str) else type(name).__name__
    message = {
        "game": N_("no game {name}: the games are {names}"),
        "live game": N_("no live game {name}: the live games are {names}"),
    }.get(what, "no " + what + " {name}: the " + what + "s are {names}")
    raise ValueError(_(message).format(name=repr(shown), names=", ".join(table)))


def _load(where: str) -> Any:
    """The object a ``"module:attribute"`` entry names, its module imported now."""
    module, _, attribute = where.partition(":")
    return getattr(importlib.import_module(module), attribute)


def get(name: str = DEFAULT) -> Game:
    """The game called ``name``; ``ValueError`` with the games' names for any other."""
    return _load(_named(GAMES, name, "game"))


def live_names() -> tuple[str, ...]:
    """The games that put puzzles in front of a class, in the teacher's order.

    >>> live_names()
    ('corinth', 'corintho', 'four-courts')
    """
    return tuple(LIVE)


def live(name: str = DEFAULT) -> LivePuzzles:
    """The puzzles the game ``name`` puts in front of a class.

    >>> live("four-courts").puzzle("round-01").title
    'which card now'
    >>> live("chess")
    Traceback (most recent call last):
    ...
    ValueError: no live game 'chess': the live games are corinth, corintho, four-courts
    """
    return _load(_named(LIVE, name, "live game")[0])


def live_picture(name: str = DEFAULT) -> Callable[[Any], str]:
    """The function drawing a position of ``name``'s live puzzles (``LivePosition.position``) for
    the class's pages, as SVG or HTML.

    >>> draw = live_picture("corintho")
    >>> draw(live("corintho").puzzle("x4-01").position).startswith("<svg")
    True
    """
    return _load(_named(LIVE, name, "live game")[1])
