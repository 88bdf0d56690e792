"""Corinth as a game of the protocol (``corinth.shared.protocol``): its positions
(``corinth.rules.protocol``) and its bots (``corinth.solver.seats``).

>>> state = CORINTH.new(players=2, seed=3)
>>> bot = CORINTH.make_bot("greedy", seed=1)
>>> state.legal_moves()[0] == bot.choose(state) or bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

from typing import Any

from corinth.rules import CorinthError, GameState, Move, Variants, new_game
from corinth.rules.protocol import CorinthState
from corinth.rules.save import from_json

from .seats import BOTS, make_bot


class _Seat:
    """A Corinth bot choosing on the protocol's state."""

    def __init__(self, bot: Any, name: str):
        self.bot, self.name = bot, name

    def choose(self, state: CorinthState) -> Move:
        return self.bot.choose(state.native)


class CorinthGame:
    """Corinth under the protocol: 2 to 4 players, the dice from the seed, rule variants."""

    name = "corinth"
    title = "Corinth"
    players = (2, 3, 4)
    bots = tuple(["greedy"] + sorted(b for b in BOTS if b != "greedy"))
    errors = (CorinthError,)

    def new(self, players: int = 2, seed: int = 0, variants: Any = None) -> CorinthState:
        return CorinthState(new_game(players, seed, variants=Variants.of(variants)))

    def load(self, text: str | bytes) -> CorinthState:
        return CorinthState(from_json(text))

    def wrap(self, native: GameState) -> CorinthState:
        if not isinstance(native, GameState):
            raise CorinthError(f"not a Corinth game: {type(native).__name__}")
        return CorinthState(native)

    def make_bot(self, name: str, seed: int = 0, players: int = 2) -> _Seat:
        return _Seat(make_bot(name, seed), name)


CORINTH = CorinthGame()
