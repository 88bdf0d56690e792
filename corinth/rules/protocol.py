"""Corinth's positions through the game protocol (``corinth.shared.protocol``): the engine's
``GameState`` wrapped, not changed. The roll is a chance node with exact probabilities; every sheet
is on the table, so no seat hides anything (the seed decides the dice and no seat sees it).

>>> from corinth.rules import new_game
>>> state = CorinthState(new_game(players=2, seed=1))
>>> state.current_player(), state.legal_moves()[:2]
(0, [Purvey(buy=0), Purvey(buy=1)])
>>> state = state.apply("buy 0")
>>> state.current_player() == CHANCE, sum(p for _, p in state.chance_outcomes())
(True, Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from corinth.shared.language import _, ngettext
from corinth.shared.protocol import CHANCE, TERMINAL, normalised_returns

from .dice import WHITE_DICE
from .geometry import cell_place
from .moves import Move, Roll
from .state import GameState, new_game


@dataclass(frozen=True, eq=False)
class CorinthState:
    """A Corinth position under the protocol (``native``: the engine's ``GameState``)."""

    native: GameState

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CorinthState) and self.native == other.native

    def __hash__(self) -> int:
        return hash(self.native)

    @property
    def num_players(self) -> int:
        return self.native.num_players

    def current_player(self) -> int:
        if self.native.is_over:
            return TERMINAL
        return CHANCE if self.native.is_chance else self.native.current_player

    def legal_moves(self, player: int | None = None) -> list[Move]:
        if player is not None and player != self.current_player():
            return []
        return self.native.legal_moves()

    def apply(self, move: Any) -> CorinthState:
        return CorinthState(self.native.apply(move))

    def is_chance(self) -> bool:
        return self.native.is_chance

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        return list(self.native.chance_outcomes()) if self.native.is_chance else []

    def dice(self) -> tuple[int, Callable[[list[int]], Roll]]:
        """At a roll: how many dice are rolled (white first, then yellow) and the roll their
        faces make, for a player of the protocol that rolls one die at a time (OpenSpiel's
        adapter): each die a chance node of six outcomes, the same distribution as the whole
        roll's ``chance_outcomes``."""
        yellow = self.native.yellow_dice()

        def roll(faces: list[int]) -> Roll:
            return Roll.of(faces[:WHITE_DICE], faces[WHITE_DICE:])

        return WHITE_DICE + yellow, roll

    def sample(self, rng: Any = None) -> Roll:
        return self.native.sample_roll(rng)

    def is_over(self) -> bool:
        return self.native.is_over

    def winners(self) -> tuple[int, ...]:
        return tuple(self.native.winners) if self.native.is_over else ()

    def returns(self) -> list[float]:
        return normalised_returns(self.num_players, self.winners())

    def verdict(self) -> str | None:
        state = self.native
        if not state.is_over:
            return None
        names = [_("Player {n}").format(n=i + 1) for i in state.winners]
        who = names[0] if names else ""
        for name in names[1:]:
            who = _("{first} and {second}").format(first=who, second=name)
        history = state.history
        if history and isinstance(history[-1], Roll):  # R5: every die the same
            return _("{who} won at once: every die of the roll showed the same value (R5).").format(
                who=who
            )
        points = ", ".join(
            _("Player {n} {score}").format(n=i + 1, score=state.score(i))
            for i in range(state.num_players)
        )
        if len(state.winners) > 1:
            return _("{who} share the victory with the most points (E2): {points}.").format(
                who=who, points=points
            )
        return _("{who} won with the most points (E2): {points}.").format(who=who, points=points)

    def observation(self, player: int) -> dict[str, Any]:
        state = self.native
        return {
            "seat": player,
            "to_play": self.current_player(),
            "round": state.round,
            "phase": state.phase,
            "board": state.text(player),
            "scores": [state.score(i) for i in range(state.num_players)],
            "moves": self.history(),
        }

    def hidden(self, player: int) -> dict[str, Any]:
        return {}  # every sheet and the harbor are on the table

    def notation(self, move: Any) -> str:
        return str(Move.parse(move) if isinstance(move, str) else move)

    def parse(self, text: str) -> Move:
        return Move.parse(text)

    def sentence(self, move: Any) -> str:
        """The engine's words for ``move``, then what they leave out that tells two moves apart: the
        steward's way when it takes more than one step (the cells a walk uses up differ, A4) and
        the shops the goods go into (A3)."""
        move = Move.parse(move) if isinstance(move, str) else move
        words = move.describe(self.native)
        path = getattr(move, "path", ())
        if len(path) > 1:
            places = [cell_place(c) for c in path[:-1]]
            way = places[0]
            for place in places[1:]:
                way = _("{way}, then {place}").format(way=way, place=place)
            words += " " + _("The steward goes by way of {way}.").format(way=way)
        shops = getattr(move, "shops", ())
        if shops:
            numbers = [str(s + 1) for s in shops]
            named = numbers[0]
            for number in numbers[1:]:
                named = _("{first} and {second}").format(first=named, second=number)
            words += " " + ngettext(
                "The goods go into shop {shops}.", "The goods go into shops {shops}.", len(shops)
            ).format(shops=named)
        return words

    def history(self) -> list[str]:
        return [str(m) for m in self.native.history]

    def start(self) -> CorinthState:
        s = self.native
        return CorinthState(new_game(s.num_players, s.seed, s.start_player, s.sheet, s.variants))

    def text(self, player: int | None = None) -> str:
        return self.native.text(player)

    def to_json(self) -> str:
        return self.native.to_json()
