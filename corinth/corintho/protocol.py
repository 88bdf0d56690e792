"""Corintho through the game protocol (``corinth.shared.protocol``): the engine's ``Game`` wrapped, not
changed. Corintho has no chance and no hidden information.

>>> state = CORINTHO.new(players=2)
>>> state = state.apply("base b2")
>>> state.current_player(), state.history()
(1, ['base b2'])
>>> CORINTHO.load(state.to_json()) == state
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from corinth.shared.language import _
from corinth.shared.protocol import TERMINAL, normalised_returns

from .bots import BOTS, make_bot
from .game import (
    PIECES,
    CorinthoError,
    Game,
    Place,
    Shift,
    cell_name,
    from_json,
    new_game,
    parse,
    to_json,
)
from .solve import Ranked, rank_moves
from .words import move_words


@dataclass(frozen=True)
class CorinthoState:
    """A Corintho position under the protocol (``native``: the engine's ``Game``)."""

    native: Game

    @property
    def num_players(self) -> int:
        return self.native.players

    def current_player(self) -> int:
        return TERMINAL if self.is_over() else self.native.current_player

    def legal_moves(self, player: int | None = None) -> list[Place | Shift]:
        if player is not None and player != self.current_player():
            return []
        return self.native.legal_moves()

    def apply(self, move: Any) -> CorinthoState:
        return CorinthoState(self.native.apply(move))

    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return []

    def sample(self, rng: Any = None) -> Any:
        raise CorinthoError("Corintho has no dice: nothing is drawn (P4)")

    def is_over(self) -> bool:
        return self.native.is_over  # a player left with no legal move has lost (E1): over too

    def winners(self) -> tuple[int, ...]:
        return () if self.native.winner is None else (self.native.winner,)

    def returns(self) -> list[float]:
        return normalised_returns(self.num_players, self.winners())

    def verdict(self) -> str | None:
        return self.native.verdict()

    def observation(self, player: int) -> dict[str, Any]:
        game = self.native
        return {
            "board": [list(stack) for stack in game.board],
            "hands": [dict(zip(PIECES, hand)) for hand in game.hands],
            "to_play": self.current_player(),
            "frozen": [[cell_name(c), t] for c, t in game.frozen],
            "claim": None if game.claim is None else [game.claim[0], list(game.claim[1])],
            "moves": list(game.history),
            "seat": player,
        }

    def hidden(self, player: int) -> dict[str, Any]:
        return {}  # everything is on the table (P2: the pieces in hand are shown)

    def notation(self, move: Any) -> str:
        return str(parse(move) if isinstance(move, str) else move)

    def parse(self, text: str) -> Place | Shift:
        return parse(text)

    def sentence(self, move: Any) -> str:
        return move_words(self.native, move)

    def history(self) -> list[str]:
        return list(self.native.history)

    def start(self) -> CorinthoState:
        return CorinthoState(new_game(self.native.players))

    def text(self, player: int | None = None) -> str:
        return self.native.text()

    def to_json(self) -> str:
        return to_json(self.native)


class _Seat:
    """A Corintho bot choosing on the protocol's state."""

    def __init__(self, bot: Any):
        self.bot, self.name = bot, bot.name

    def choose(self, state: CorinthoState) -> Place | Shift:
        return self.bot.choose(state.native)


class CorinthoGame:
    """Corintho under the protocol: 2 to 4 players, bots ``greedy``, ``random``, ``search``."""

    name = "corintho"
    title = "Corintho"
    players = (2, 3, 4)
    bots = ("greedy", "random", "search")
    errors = (CorinthoError,)

    def __init__(self, depth: int = 2):
        self.depth = depth  # the search bot's moves of both players

    def new(self, players: int = 2, seed: int = 0, variants: Any = None) -> CorinthoState:
        if variants:
            raise CorinthoError(_("Corintho has no rule variants"))
        return CorinthoState(new_game(players))

    def load(self, text: str | bytes) -> CorinthoState:
        return CorinthoState(from_json(text))

    def wrap(self, native: Game) -> CorinthoState:
        if not isinstance(native, Game):
            raise CorinthoError(f"not a Corintho game: {type(native).__name__}")
        return CorinthoState(native)

    def rank(self, state: CorinthoState, depth: int = 3) -> list[Ranked]:
        """Every legal move ranked by the exact search ``depth`` moves of both players deep (2
        players only: ``ValueError`` with a sentence otherwise)."""
        return rank_moves(state.native, depth=depth)

    def make_bot(self, name: str, seed: int = 0, players: int = 2, depth: int | None = None):
        if name == "search" and players != 2:
            raise ValueError(
                _(
                    "the search bot plays 2-player games only (the exact search is for 2 "
                    "players), not {n}: choose {bots}"
                ).format(n=players, bots=" or ".join(b for b in BOTS if b != "search"))
            )
        return _Seat(make_bot(name, seed, self.depth if depth is None else depth))


CORINTHO = CorinthoGame()
