"""The final score, term by term (E1), and the winner rule (E2).

>>> from corinth.rules import new_game
>>> score_breakdown(new_game(players=2, seed=1), 0).total  # 1 gold and 1 goat: nothing yet
0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from corinth.shared.language import N_, _

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
# Each term's word as a learner reads it (the keys above stay in code and data).
_TERM_WORDS = {
    "shops": N_("shops"),
    "bonuses": N_("bonuses"),
    "gold": N_("gold"),
    "goats": N_("goats"),
    "market": N_("market"),
    "temple": N_("temple"),
}


def term_word(term: str) -> str:
    """A score term's word in the language spoken now: ``term_word("bonuses") == "bonuses"``."""
    return _(_TERM_WORDS[term])


def score_breakdown(state: GameState, player: int) -> ScoreBreakdown:
    """The score ``player`` would have if the game ended now (E1)."""
    return ScoreBreakdown(*_terms(state, player))


def score(state: GameState, player: int) -> int:
    """``score_breakdown(state, player).total``, without building the breakdown (the solver's
    hottest question).

    >>> from corinth.rules import new_game
    >>> score(new_game(players=2, seed=1), 0)
    0
    """
    return sum(_terms(state, player))


def _terms(state: GameState, player: int) -> tuple[int, int, int, int, int, int]:
    """The terms of E1 in ``ScoreBreakdown`` order: shops, bonuses, gold, goats, market, temple."""
    p = state.players[player]
    sheet = state.sheet
    owner = state.bonus_owner
    return (
        shop_points(sheet, p.shops),
        sum(d.bonus for i, d in enumerate(sheet.districts) if owner[i] == player),
        (p.gold_circled - p.gold_crossed) // 2,
        (p.goats_circled - p.goats_crossed) // 2,
        sum(p.scores),
        temple_points(p.buildings),
    )


_TEMPLE_BIT = 1 << BUILDINGS.index("temple")


def temple_points(buildings: int) -> int:
    """B2: 3 points per building built (``buildings``: a bitmask over ``BUILDINGS``), the Temple
    included, once the Temple is built.

    >>> temple_points(0b1010), temple_points(0b1000)  # Warehouse and Temple; the Temple alone
    (6, 3)
    """
    return TEMPLE_POINTS_PER_BUILDING * buildings.bit_count() if buildings & _TEMPLE_BIT else 0


class SheetMemo(dict):
    """A memo kept on a sheet that a copy of the sheet shares and a pickled sheet leaves behind:
    the default sheet is every game's, so its memo fills over all the games of a process, and a
    deep copy of any state (OpenSpiel's ``clone``) would copy it whole.

    >>> import copy, pickle
    >>> memo = SheetMemo({(1,): 3})
    >>> copy.deepcopy(memo) is memo, pickle.loads(pickle.dumps(memo))
    (True, {})
    """

    __slots__ = ()

    def __copy__(self) -> SheetMemo:
        return self

    def __deepcopy__(self, memo: dict) -> SheetMemo:
        return self

    def __reduce__(self) -> tuple:
        return SheetMemo, ()


def shop_points(sheet, fills: tuple[tuple[int, ...], ...]) -> int:
    """Points of the completed shops of a filling (A3b), memoized on the sheet: a game revisits
    few fillings."""
    memo = sheet.__dict__.get("_shop_points")
    if memo is None or len(memo) > 1 << 16:
        # a frozen sheet guards setattr, not its dict
        memo = sheet.__dict__["_shop_points"] = SheetMemo()
    points = memo.get(fills)
    if points is None:
        points = memo[fills] = sum(
            shop.points
            for district, filled in zip(sheet.districts, fills)
            for shop, n in zip(district.shops, filled)
            if n == shop.goods
        )
    return points
