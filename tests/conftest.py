"""Shared helpers for the engine's tests.

Positions are built by playing moves through the public API. Where a test needs a position deep in a
game (a full district, plenty of gold, a built Stables), ``with_player`` edits one player's sheet with
``dataclasses.replace``: it is the only place the tests reach past ``apply``.
"""

from __future__ import annotations

import dataclasses
import os

# The tests read the English words (the source language) whatever this machine's locale; the kernels
# and servers they start inherit it. The translated ones are tested by name (use_language, speaking).
os.environ["CORINTH_LANGUAGE"] = "en"

import pytest
from hypothesis import HealthCheck, settings

from corinth.rules import GameState, IllegalMove, PlayerState, load_sheet, new_game
from corinth.rules.moves import cell_index
from corinth.rules.sheet import BUILDINGS, GOODS, data_dir

# The hand-traced positions of the rules tests walk the steward over named cells (r4c3 is Orange ×2, …):
# they depend on a market layout, so they name one — the first reconstruction, kept as a second sheet
# file when the default market was re-chosen (issue 13). A change of the default market leaves them valid.
LAYOUT_SHEET = load_sheet(data_dir() / "sheets" / "first_reconstruction.toml")

# Every property replays: derandomized, and no deadline (the runtime varies with the machine's load).
settings.register_profile(
    "corinth",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile("corinth")


def cell(name: str) -> int:
    """Market cell index from its notation: ``cell("r1c2") == 7``."""
    return cell_index(name)


def cells(*names: str) -> int:
    """A bitmask of market cells."""
    mask = 0
    for n in names:
        mask |= 1 << cell(n)
    return mask


def play(state: GameState, moves: str) -> GameState:
    """Apply moves written in notation, separated by ``;``."""
    for text in moves.split(";"):
        if text.strip():
            state = state.apply(text.strip())
    return state


def game(players: int = 2, first: int = 0, seed: int = 1) -> GameState:
    """A new game with an explicit first player, on the market the hand-traced tests read
    (``LAYOUT_SHEET``)."""
    return new_game(players=players, seed=seed, first_player=first, sheet=LAYOUT_SHEET)


def with_player(state: GameState, index: int, **changes) -> GameState:
    """Deep-position helper: the state with player ``index``'s sheet changed.

    Convenience keywords on top of PlayerState's fields: ``gold=`` and ``goats=`` set the amount held
    (as circled symbols, none crossed); ``built=("stables", ...)`` sets the buildings; ``district=``
    with ``fills=`` sets one goods district's shops.
    """
    p: PlayerState = state.players[index]
    if "gold" in changes:
        changes["gold_circled"], changes["gold_crossed"] = changes.pop("gold"), 0
    if "goats" in changes:
        changes["goats_circled"], changes["goats_crossed"] = changes.pop("goats"), 0
    if "built" in changes:
        changes["buildings"] = sum(1 << BUILDINGS.index(b) for b in changes.pop("built"))
    if "district" in changes:
        d = GOODS.index(changes.pop("district"))
        shops = list(p.shops)
        shops[d] = tuple(changes.pop("fills"))
        changes["shops"] = tuple(shops)
    p = dataclasses.replace(p, **changes)
    players = state.players[:index] + (p,) + state.players[index + 1 :]
    return dataclasses.replace(state, players=players)


def fills(state: GameState, player: int, district: str) -> tuple[int, ...]:
    return state.players[player].shops[GOODS.index(district)]


def assert_illegal(state: GameState, move, rule: str) -> IllegalMove:
    """The move raises IllegalMove naming ``rule`` in its message, and the state is untouched."""
    key, history = state.key(), list(state.history)
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    exc = info.value
    assert exc.rule == rule, f"expected rule {rule}, got {exc.rule}: {exc}"
    assert f"({rule})" in str(exc)
    assert state.key() == key
    assert state.history == history
    return exc


def act(state: GameState, move: str) -> GameState:
    """Apply a move, then decline to build if the rules offer it (B1)."""
    state = state.apply(move)
    if state.phase == "build":
        state = state.apply("build none")
    return state
