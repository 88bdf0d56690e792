"""The final score, term by term (E1), and the winner rule (E2).

>>> from corinth.rules import new_game
>>> score_breakdown(new_game(players=2, seed=1), 0).total  # 1 gold and 1 goat: nothing yet
0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

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
    shops = sum(
        shop.points
        for district, fills in zip(sheet.districts, p.shops)
        for shop, filled in zip(district.shops, fills)
        if filled == shop.goods
    )
    bonuses = sum(d.bonus for i, d in enumerate(sheet.districts) if state.bonus_owner[i] == player)
    temple = TEMPLE_POINTS_PER_BUILDING * bin(p.buildings).count("1") if p.has("temple") else 0
    return ScoreBreakdown(
        shops=shops,
        bonuses=bonuses,
        gold=p.gold // 2,
        goats=p.goats // 2,
        market=sum(p.scores),
        temple=temple,
    )
