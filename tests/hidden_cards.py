"""A toy game of hidden information that follows the game protocol, for the protocol's own tests: the
explorer's games have none yet (The Four Courts will), so this one proves the mechanism.

Each of 2 to 4 players is dealt one card of a deck of ``DECK`` distinct cards (a chance node per
card, face down), then each in turn calls ``high`` or ``low``; a call is right when the card is in
the deck's top half. The right callers win. A seat sees its own card only.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from corinth.shared.protocol import CHANCE, TERMINAL, normalised_returns

DECK = tuple(f"card {n}" for n in range(1, 9))


class CardError(ValueError):
    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(f"{message} ({rule})")


@dataclass(frozen=True)
class CardsState:
    players: int
    seed: int = 0
    hands: tuple[str, ...] = ()
    calls: tuple[str, ...] = ()

    @property
    def native(self) -> CardsState:
        return self

    @property
    def num_players(self) -> int:
        return self.players

    def current_player(self) -> int:
        if len(self.hands) < self.players:
            return CHANCE
        if len(self.calls) < self.players:
            return len(self.calls)
        return TERMINAL

    def legal_moves(self, player: int | None = None) -> list[str]:
        who = self.current_player()
        if who < 0 or (player is not None and player != who):
            return []
        return ["high", "low"]

    def apply(self, move: Any) -> CardsState:
        move = self.parse(move)
        if self.current_player() == CHANCE:
            if move not in DECK or move in self.hands:
                raise CardError("D1", f"{move} is not in the deck any more")
            return replace(self, hands=self.hands + (move,))
        if move not in self.legal_moves():
            raise CardError("C1", f"{move!r} is not a call now: call high or low")
        return replace(self, calls=self.calls + (move,))

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if not self.is_chance():
            return []
        left = [c for c in DECK if c not in self.hands]
        return [(c, Fraction(1, len(left))) for c in left]

    def sample(self, rng=None) -> str:
        left = [c for c, _ in self.chance_outcomes()]
        if rng is not None:
            return left[int(rng.integers(len(left)))]
        return random.Random(self.seed * 10 + len(self.hands)).choice(left)

    def is_over(self) -> bool:
        return self.current_player() == TERMINAL

    def winners(self) -> tuple[int, ...]:
        if not self.is_over():
            return ()
        high = DECK[len(DECK) // 2 :]
        return tuple(
            i for i, c in enumerate(self.calls) if (self.hands[i] in high) == (c == "high")
        )

    def returns(self) -> list[float]:
        return normalised_returns(self.players, self.winners())

    def verdict(self) -> str | None:
        if not self.is_over():
            return None
        return "Right calls: " + (", ".join(f"Player {i + 1}" for i in self.winners()) or "none")

    def observation(self, player: int) -> dict[str, Any]:
        own = self.hands[player] if player < len(self.hands) else None
        return {
            "seat": player,
            "own card": own,
            "dealt": len(self.hands),
            "calls": list(self.calls),
        }

    def hidden(self, player: int) -> dict[str, Any]:
        return {"card": self.hands[player]} if player < len(self.hands) else {}

    def notation(self, move: Any) -> str:
        return str(move)

    def parse(self, text: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise CardError("C1", "a move is a call (high, low) or a card")
        return text.strip().lower()

    def sentence(self, move: Any) -> str:
        if self.is_chance():
            return f"Player {len(self.hands) + 1} is dealt a card"
        return f"Player {self.current_player() + 1} calls {move}"

    def history(self) -> list[str]:
        return list(self.hands) + list(self.calls)

    def start(self) -> CardsState:
        return CardsState(self.players, self.seed)

    def text(self, player: int | None = None) -> str:
        return json.dumps(self.observation(player) if player is not None else self.history())

    def to_json(self) -> str:
        return json.dumps({"players": self.players, "seed": self.seed, "moves": self.history()})


class HiddenCards:
    name = "hidden-cards"
    title = "Hidden cards"
    players = (2, 3, 4)
    bots = ("random",)
    errors = (CardError,)

    def new(self, players: int = 2, seed: int = 0, variants: Any = None) -> CardsState:
        return CardsState(players, seed)

    def load(self, text: str | bytes) -> CardsState:
        data = json.loads(text)
        state = CardsState(data["players"], data["seed"])
        for move in data["moves"]:
            state = state.apply(move)
        return state

    def wrap(self, native: CardsState) -> CardsState:
        return native

    def make_bot(self, name: str, seed: int = 0, players: int = 2):
        rng = random.Random(seed)

        class Random:
            def choose(self, state: CardsState) -> str:
                return rng.choice(state.legal_moves())

        return Random()


HIDDEN_CARDS = HiddenCards()
