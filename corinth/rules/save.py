"""Saved games: versioned JSON holding the sheet, the rule variants, the seed, the players and every move.

Version 2 added the rule variants and the build after the compensation step (R8, B1). A version 1 file
still loads: it is read with the compensation step fixed at one step, and where the rules now offer a
build that version 1 did not (after the compensation step, or after a turn with no step possible),
the replay declines it (``build none``).

Loading replays every move through the rules, so a saved file can only describe a reachable game; any
problem in untrusted JSON is reported as ``InvalidState`` with its location, never another exception.

>>> from corinth.rules import new_game
>>> game = new_game(players=2, seed=3).apply("buy 0").apply("roll 111223456")
>>> from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from corinth.shared.language import _

from .errors import CorinthError, InvalidSheet, InvalidState, UnknownVariant, shown
from .files import MAX_FILE_BYTES, json_from_bytes, read_bounded
from .moves import Build, Move, Take
from .record import FORMAT, KEYS, VERSION, to_dict, to_json  # noqa: F401 - the save format, read and written
from .sheet import Sheet, default_sheet, sheet_from_dict
from .state import GameState, new_game
from .variants import Variants

READABLE = (1, 2)  # version 1: before the rule variants and the build after compensation
VERSION_1_VARIANTS = Variants.from_names(["exact-compensation"])
MAX_MOVES = 5000  # a 4-player game has about 300 moves; more is not a game
MAX_BYTES = MAX_FILE_BYTES  # a saved 4-player game is about 10 kB


def from_json(text: str | bytes, origin: str = "the saved game") -> GameState:
    """Load and replay a saved game. Raises InvalidState listing what is wrong."""
    if not isinstance(text, (str, bytes)):
        raise InvalidState(origin, [f"expected JSON text, got {type(text).__name__}"])
    try:
        data = json_from_bytes(text, MAX_BYTES, "saved game")
    except ValueError as exc:
        raise InvalidState(origin, [str(exc)]) from None
    return from_dict(data, origin)


def load(path, origin: str | None = None) -> GameState:
    """Load a saved game from a file, reading at most ``MAX_BYTES`` of it; any problem is InvalidState.

    >>> load("/dev/zero")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    corinth.rules.errors.InvalidState: /dev/zero is not a valid Corinth game:
      - cannot read the file: not a regular file (a device)
    """
    origin = str(path) if origin is None else origin
    try:
        raw = read_bounded(path, MAX_BYTES)
    except OSError as exc:
        raise InvalidState(
            origin, [_("cannot read the file: {reason}").format(reason=exc.strerror or exc)]
        ) from None
    return from_json(raw, origin)


def _whole(data: dict, key: str, lo: int, hi: int, problems: list[str]) -> int | None:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        problems.append(f"{key}: expected a whole number from {lo} to {hi}, got {shown(value)}")
        return None
    return value


def _check_position(state: GameState, position: Any, origin: str) -> None:
    """A save's ``position`` (its round, phase and scores, written for a reader) against the game its
    moves lead to: a difference is a problem of the file."""
    problems: list[str] = []
    if position is not None and not isinstance(position, dict):
        raise InvalidState(origin, [f"position: expected an object, got {type(position).__name__}"])
    if isinstance(position, dict):
        for key in sorted(set(position) - {"round", "phase", "scores"}):
            problems.append(f"position.{shown(key)}: unknown key (round, phase and scores)")
        expected = {
            "round": state.round,
            "phase": state.phase,
            "scores": [state.score(i) for i in range(state.num_players)],
        }
        for key, value in expected.items():
            if key in position and position[key] != value:
                problems.append(
                    _("position.{key}: the moves lead to {value}, the file says {saved}").format(
                        key=key, value=shown(value), saved=shown(position[key])
                    )
                )
        if problems:
            raise InvalidState(origin, problems)


def from_dict(data: Any, origin: str = "the saved game") -> GameState:
    """Rebuild a game from plain data (see ``to_dict``), replaying every move."""
    if not isinstance(data, dict):
        raise InvalidState(origin, [_("the top level must be a JSON object")])
    problems: list[str] = []
    for key in sorted(set(data) - set(KEYS)):  # a misspelt key would otherwise be silently ignored
        problems.append(f"{shown(key)}: unknown key (a saved game has {', '.join(KEYS)})")
    if data.get("format") != FORMAT:
        problems.append(f"format: expected {FORMAT!r}, got {shown(data.get('format'))}")
    version = data.get("version")
    if isinstance(version, bool) or version not in READABLE:
        problems.append(
            f"version: this corinth reads versions {', '.join(map(str, READABLE))}, got {shown(version)}"
        )
    variants = VERSION_1_VARIANTS if version == 1 else Variants()
    if version == 1 and "variants" in data:
        problems.append("variants: version 1 files have none; a file with variants is version 2")
    elif "variants" in data:
        try:
            variants = Variants.from_dict(data["variants"])
        except UnknownVariant as exc:
            problems.append(str(exc))
    players = _whole(data, "players", 2, 4, problems)
    seed = _whole(data, "seed", 0, (1 << 63) - 1, problems)
    first = _whole(data, "first_player", 0, 3, problems)
    if players is not None and first is not None and first >= players:
        problems.append(
            _("first_player: {first} but only {players} players (numbered from 0)").format(
                first=first, players=players
            )
        )
    sheet = None
    if "sheet" in data:  # a hand-written save may leave it out: the default sheet is meant
        try:
            sheet = _sheet(data["sheet"])
        except InvalidSheet as exc:
            problems.extend(f"sheet: {p}" for p in exc.problems)
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        problems.append(_("moves: expected a list of moves in notation"))
    elif len(moves) > MAX_MOVES:
        problems.append(_("moves: {n} moves is more than any game has").format(n=len(moves)))
    if problems:
        raise InvalidState(origin, problems)
    try:
        state = new_game(
            players=players, seed=seed, first_player=first, sheet=sheet, variants=variants
        )
    except CorinthError as exc:
        raise InvalidState(origin, [str(exc)]) from None
    opened = (0, 0)  # the (round, turn) of the last Take: only a Take opened a build in version 1
    for i, text in enumerate(moves):
        if version == 1:
            state = _decline_new_build(state, opened)
        try:
            move = Move.parse(text)
            if isinstance(move, Take):
                opened = (state.round, state.turn)
            state = state.apply(move)
        except CorinthError as exc:
            raise InvalidState(origin, [f"moves[{i}] {shown(text)}: {exc}"]) from None
    if version == 1:
        state = _decline_new_build(state, opened)
    _check_position(state, data.get("position"), origin)
    return state


def _sheet(data: Any) -> Sheet:
    """The sheet a save holds: the default sheet itself when it holds the default's data (most saves
    do; comparing costs far less than checking a sheet part by part). Compared as data (a tuple is
    not a list), then as text: ``true`` or ``1.0`` equal ``1`` in Python, and a sheet refuses them."""
    default = default_sheet()
    if data == default.source and _canonical(data) == _default_text():
        return default
    return sheet_from_dict(data, "sheet")


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@cache
def _default_text() -> str:
    return _canonical(default_sheet().source)


def _decline_new_build(state: GameState, opened: tuple[int, int]) -> GameState:
    """Version 1 offered no build after the compensation step (R8): decline the one now offered."""
    if state.phase == "build" and opened != (state.round, state.turn):
        return state.apply(Build(()))
    return state
