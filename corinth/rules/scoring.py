"""The final score, term by term (E1), and the winner rule (E2).

>>> from corinth.rules import new_game
>>> score_breakdown(new_game(players=2, seed=1), 0).total  # 1 gold and 1 goat: nothing yet
0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from .sheet import BUILDINGS

if TYPE_CHECKING:
    from .state import GameState

TEMPLE_POINTS_PER_BUILDING = 3  # B2


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Every term of E1 for one player; ``total`` is their sum."""

    shops: int  # A3b: completed shops
    bonuses: int  # A3c: claimed district bonuses
    gold: int  # 1 per 2 gold left
    goats: int  # 1 per 2 goats left
    market: int  # M6: values written on scoring spots
    temple: int  # B2

    @property
    def total(self) -> int:
        return self.shops + self.bonuses + self.gold + self.goats + self.market + self.temple

    def as_dict(self) -> dict[str, int]:
        return {**asdict(self), "total": self.total}


TERMS = ("shops", "bonuses", "gold", "goats", "market", "temple")


def score_breakdown(state: GameState, player: int) -> ScoreBreakdown:
    """The score ``player`` would have if the game ended now (E1)."""
    p = state.players[player]
    sheet = state.sheet
    bonuses = sum(d.bonus for i, d in enumerate(sheet.districts) if state.bonus_owner[i] == player)
    return ScoreBreakdown(
        shops=shop_points(sheet, p.shops),
        bonuses=bonuses,
        gold=p.gold // 2,
        goats=p.goats // 2,
        market=sum(p.scores),
        temple=_temple(p.buildings),
    )


def score(state: GameState, player: int) -> int:
    """``score_breakdown(state, player).total``, without building the breakdown (the solver's
    hottest question).

    >>> from corinth.rules import new_game
    >>> score(new_game(players=2, seed=1), 0)
    0
    """
    p = state.players[player]
    sheet = state.sheet
    owner = state.bonus_owner
    bonuses = sum(d.bonus for i, d in enumerate(sheet.districts) if owner[i] == player)
    gold = p.gold_circled - p.gold_crossed
    goats = p.goats_circled - p.goats_crossed
    points = shop_points(sheet, p.shops) + bonuses + gold // 2 + goats // 2 + sum(p.scores)
    return points + _temple(p.buildings)


_TEMPLE_BIT = 1 << BUILDINGS.index("temple")


def _temple(buildings: int) -> int:
    """B2: 3 points per building built, the Temple included, once the Temple is built."""
    return TEMPLE_POINTS_PER_BUILDING * buildings.bit_count() if buildings & _TEMPLE_BIT else 0


_SHOP_POINTS: dict = {}  # per sheet (by identity, kept alive here), per filling


def shop_points(sheet, fills: tuple[tuple[int, ...], ...]) -> int:
    """Points of the completed shops of a filling (A3b), memoized: a game revisits few fillings."""
    memo = _SHOP_POINTS.get(id(sheet))
    if memo is None or memo[0] is not sheet:
        if len(_SHOP_POINTS) > 64:
            _SHOP_POINTS.clear()
        memo = _SHOP_POINTS[id(sheet)] = (sheet, {})
    points = memo[1].get(fills)
    if points is None:
        if len(memo[1]) > 1 << 16:
            memo[1].clear()
        points = memo[1][fills] = sum(
            shop.points
            for district, filled in zip(sheet.districts, fills)
            for shop, n in zip(district.shops, filled)
            if n == shop.goods
        )
    return points
