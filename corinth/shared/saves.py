"""A saved game as every game of the explorer writes it: its format and version, the players and
every move in notation, replayed through the game's own rules when it is loaded. One reader for all
of them, so each checks the same things (size, UTF-8, JSON, no key written twice, known keys) and
names a bad move with its number.

>>> replay_save('{"format": "x", "version": 1, "players": 2, "moves": ["b"]}', SaveFormat(
...     "x", 1, "a saved toy game", ValueError), lambda players: [players], lambda g, m: g + [m])
[2, 'b']
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .language import _

KEYS = {"format", "version", "players", "moves"}


@dataclass(frozen=True)
class SaveFormat:
    """What one game's saves are: ``name`` and ``version`` in the file, ``what`` in messages ("a
    saved Corintho game"), the ``error`` raised, the size limit, and other formats a file may name
    with the sentence that refuses them (a seat's view is not a whole game)."""

    name: str
    version: int
    what: str
    error: type[Exception]
    max_bytes: int = 200_000
    others: dict[str, str] = field(default_factory=dict)


def no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object whose every key is written once (``json.loads``' ``object_pairs_hook``): a
    save naming ``players`` twice is refused with a ``ValueError``, not read as the later one.

    >>> json.loads('{"players": 4, "players": 3}', object_pairs_hook=no_duplicate_keys)
    Traceback (most recent call last):
    ...
    ValueError: the key 'players' is written twice
    """
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise ValueError(_("the key {key} is written twice").format(key=repr(twice[:40])))
    return data


def replay_save(
    text: Any,
    save: SaveFormat,
    new_game: Callable[[Any], Any],
    apply: Callable[[Any, str], Any] = lambda game, move: game.apply(move),
) -> Any:
    """The game a save holds: ``new_game(players)`` then every move applied; any problem is a
    ``save.error`` naming it (and the move's number, for a move the rules refuse)."""
    error, limit = save.error, save.max_bytes
    if isinstance(text, bytes):
        if len(text) > limit:
            raise error(_("a saved game is at most {limit} bytes").format(limit=limit))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise error(_("a saved game is UTF-8 text")) from None
    if not isinstance(text, str) or len(text) > limit:
        raise error(_("a saved game is JSON text of at most {limit} bytes").format(limit=limit))
    try:
        data = json.loads(text, object_pairs_hook=no_duplicate_keys)
    except (ValueError, RecursionError) as exc:
        raise error(_("not valid JSON: {reason}").format(reason=str(exc)[:80])) from None
    if not isinstance(data, dict) or data.get("format") != save.name:
        if isinstance(data, dict) and data.get("format") in save.others:
            raise error(_(save.others[data["format"]]))
        raise error(
            _("not {what} (format must be {name})").format(what=_(save.what), name=repr(save.name))
        )
    if data.get("version") != save.version or isinstance(data.get("version"), bool):
        raise error(
            _("this corinth reads version {version} of {what}s").format(
                version=save.version, what=_(save.what).removeprefix("a ")
            )
        )
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise error(_("unknown key {key} in a saved game").format(key=repr(unknown[0][:40])))
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise error(_("moves: expected a list of moves in notation"))
    game = new_game(data.get("players"))
    for i, move in enumerate(moves):
        try:
            game = apply(game, move)
        except error as exc:
            raise error(
                _("move {n} ({move}): {reason}").format(n=i + 1, move=repr(move[:40]), reason=exc)
            ) from None
    return game


def write_save(save: SaveFormat, players: int, moves) -> str:
    """A game's save as ``replay_save`` reads it back: its format and version, the players and every
    move in notation.

    >>> write_save(SaveFormat("x", 1, "a saved x", ValueError, 1000), 2, ["b"]).replace("\\n", "")
    '{ "format": "x", "version": 1, "players": 2, "moves": [  "b" ]}'
    """
    return json.dumps(
        {"format": save.name, "version": save.version, "players": players, "moves": list(moves)},
        indent=1,
    )
