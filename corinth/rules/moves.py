"""Moves and their one canonical text notation.

Notation (read back by ``Move.parse``; shops are numbered 1, 2, … left to right, market cells ``rRcC``):

==========================  =====================================================================
``buy 2``                   the first player buys 2 yellow dice (R2)
``roll 112344666/5``        the dice fall: white values, then ``/`` and yellow values (R3)
``gold``, ``goats``         take that group and gain gold / goats (A1, A2)
``green``, ``green 1,3``    take Green and deliver; the numbers are the shops this delivery starts,
                            filled in that order, the last one possibly left partly filled (A3, A3a)
``blue steward r1c2,r0c2``  take Blue and move the steward along that path instead (A4)
``... shops 2``             after a path ending on a goods cell: the shops that cell's checks start (M1)
``build temple,stables``    build these buildings (B1); ``build none`` declines
``steward r1c2``            no group left: the compensation step (R8); ``pass`` declines it
==========================  =====================================================================

>>> Move.parse("blue steward r1c2,r0c2")
Take(district='blue', path=(7, 2), shops=())
>>> str(Move.parse("green 3,1"))
'green 3,1'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from corinth.shared.language import _, ngettext

from . import geometry
from .dice import FACES, MAX_YELLOW, WHITE_DICE, counts_of, values_of
from .errors import InvalidNotation, shown
from .sheet import BUILDINGS, HARBOR, Market, building_titles, group_name

if TYPE_CHECKING:
    from .state import GameState

cell_index = geometry.cell_index  # ``r1c2`` → 7


def _path_text(path: tuple[int, ...]) -> str:
    return ",".join(Market.name(c) for c in path)


def _shops_text(shops: tuple[int, ...]) -> str:
    return ",".join(str(s + 1) for s in shops)


def _parse_shops(text: str, where: str) -> tuple[int, ...]:
    parts = text.split(",")
    if not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise InvalidNotation(
            _("{where}: shops are numbers 1, 2, … separated by commas").format(where=where)
        )
    shops = tuple(int(p) - 1 for p in parts)
    if any(s < 0 for s in shops):
        raise InvalidNotation(_("{where}: shops are numbered from 1").format(where=where))
    return shops


MAX_SHOPS_NAMED = 10  # a district has at most this many shops (sheet.MAX_SHOPS)
MAX_PATH = geometry.CELLS - 1  # a steward path enters each free cell at most once


def _whole(value: object, field: str, lo: int, hi: int) -> None:
    """A move's number field: an int (not a bool, not a float) from ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidNotation(f"{field}: expected a whole number, got {shown(value)}")
    if not lo <= value <= hi:
        raise InvalidNotation(f"{field}: expected {lo} to {hi}, got {shown(value)}")


def _numbers(value: object, field: str, lo: int, hi: int, longest: int) -> None:
    """A move's tuple of numbers, each from ``lo`` to ``hi``, at most ``longest`` of them."""
    # The common case first, without a call per number: legal_moves builds hundreds of moves per
    # decision, and this check was most of its time. ``type(v) is int`` also refuses bools.
    if type(value) is tuple and len(value) <= longest:
        for v in value:
            if type(v) is not int or not lo <= v <= hi:
                break
        else:
            return
    if not isinstance(value, tuple):
        raise InvalidNotation(f"{field}: expected a tuple of whole numbers, got {shown(value)}")
    if len(value) > longest:
        raise InvalidNotation(f"{field}: at most {longest} entries, got {len(value)}")
    for i, v in enumerate(value):
        _whole(v, f"{field}[{i}]", lo, hi)


class Move:
    """Base class of every move. ``str(move)`` is its canonical notation."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    def describe(self, state: GameState | None = None) -> str:
        """Plain words for the move; richer when the state it is played in is given."""
        if state is not None:
            return state.describe_move(self)  # the state knows the words for its own moves
        return self._words()

    def _words(self) -> str:
        raise NotImplementedError

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move from its notation (see the module docstring). Raises InvalidNotation.

        >>> Move.parse("build temple,stables")
        Build(buildings=('stables', 'temple'))
        """
        if type(text) is str and len(text) <= _KEPT_TEXT:
            return _read_kept(text)
        return Move._read(text)

    @staticmethod
    def _read(text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidNotation(f"a move is text, not {type(text).__name__}")
        words = text.strip().lower().split()
        if not words:
            raise InvalidNotation(_("empty move"))
        head, rest = words[0], words[1:]
        try:
            if head == "buy":
                if (
                    len(rest) != 1
                    or not (rest[0].isascii() and rest[0].isdigit())
                    or len(rest[0]) > 9
                ):
                    raise InvalidNotation(_("write 'buy N' with N from 0 to 3"))
                return Purvey(int(rest[0]))
            if head == "roll":
                return Roll.from_text(" ".join(rest))
            if head == "build":
                if len(rest) != 1:
                    raise InvalidNotation(_("write 'build none' or 'build temple,stables'"))
                return Build.from_names(() if rest[0] == "none" else tuple(rest[0].split(",")))
            if head == "pass" and not rest:
                return Pass()
            if head == "steward":
                path, shops = _parse_steward(rest, text)
                return Compensate(path, shops)
            if head in HARBOR:
                if not rest:
                    return Take(head)
                if rest[0] == "steward":
                    path, shops = _parse_steward(rest[1:], text)
                    return Take(head, path, shops)
                if len(rest) == 1 and head not in ("gold", "goats"):
                    return Take(head, (), _parse_shops(rest[0], text))
        except InvalidNotation as exc:
            raise InvalidNotation(
                _("cannot read move {move}: {reason}").format(move=shown(text), reason=exc)
            ) from None
        raise InvalidNotation(
            _(
                "cannot read move {move}: expected buy, roll, a district ({districts}), "
                "build, steward or pass"
            ).format(move=shown(text), districts=", ".join(HARBOR))
        )


# A replay reads the same notations again and again (a save holds each move as text). Moves are
# immutable, so one read is handed out each time; a refusal raises, so it is never kept.
_read_kept = functools.lru_cache(maxsize=16384)(Move._read)
_KEPT_TEXT = 256  # longer than any canonical notation: a text padded past it is read, not kept


def _parse_steward(words: list[str], text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not words:
        raise InvalidNotation(
            _("a steward move lists the cells it enters, e.g. 'steward r1c2,r1c3'")
        )
    path = tuple(cell_index(c) for c in words[0].split(","))
    shops: tuple[int, ...] = ()
    if len(words) == 3 and words[1] == "shops":
        shops = _parse_shops(words[2], text)
    elif len(words) != 1:
        raise InvalidNotation(_("after the path only 'shops N,M' may follow"))
    return path, shops


_set = object.__setattr__  # fills a frozen move's fields (Take.listed)


def _check_steward(path: object, shops: object, longest: int) -> None:
    _numbers(path, "path", 0, geometry.CELLS - 1, longest)
    _numbers(shops, "shops", 0, MAX_SHOPS_NAMED - 1, MAX_SHOPS_NAMED)


@dataclass(frozen=True, slots=True)
class Purvey(Move):
    """The first player buys ``buy`` yellow dice for 1 gold each (R2)."""

    buy: int
    kind: ClassVar[str] = "purvey"

    def __post_init__(self) -> None:
        _whole(self.buy, "buy", 0, 99)  # R2 names the real limit

    def notation(self) -> str:
        return f"buy {self.buy}"

    def _words(self) -> str:
        if self.buy == 0:
            return _("Buy no yellow die.")
        return ngettext(
            "Buy {n} yellow die for {n} gold.", "Buy {n} yellow dice for {n} gold.", self.buy
        ).format(n=self.buy)


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """The outcome of a roll: counts of white and yellow dice per face (R3)."""

    white: tuple[int, ...]
    yellow: tuple[int, ...] = (0,) * FACES
    kind: ClassVar[str] = "roll"

    def __post_init__(self) -> None:  # counts per face; R3 and R2 check the totals
        _numbers(self.white, "roll white counts", 0, WHITE_DICE, FACES)
        _numbers(self.yellow, "roll yellow counts", 0, MAX_YELLOW, FACES)

    @staticmethod
    def of(white: list[int], yellow: list[int] = ()) -> Roll:
        """A roll from dice values. ``Roll.of([1, 1, 3, 4, 4, 6, 6, 6, 2])``."""
        for field, values in (("white dice", white), ("yellow dice", yellow)):
            if len(values) > WHITE_DICE + MAX_YELLOW:
                raise InvalidNotation(f"{field}: at most {WHITE_DICE + MAX_YELLOW} dice")
            for v in values:
                _whole(v, field, 1, FACES)
        return Roll(counts_of(white), counts_of(yellow))

    @staticmethod
    def from_text(text: str) -> Roll:
        white, _slash, yellow = text.replace(" ", "").partition("/")
        if not white or not (white + yellow).isdigit() or not set(white + yellow) <= set("123456"):
            raise InvalidNotation(
                _("a roll is written as dice values 1–6, e.g. 'roll 112344666/5'")
            )
        return Roll.of([int(c) for c in white], [int(c) for c in yellow])

    def notation(self) -> str:
        white = "".join(map(str, values_of(self.white)))
        yellow = "".join(map(str, values_of(self.yellow)))
        return f"roll {white}/{yellow}" if yellow else f"roll {white}"

    def _words(self) -> str:
        white = ", ".join(map(str, values_of(self.white)))
        if sum(self.yellow):
            return _("The white dice show {white}; the yellow dice show {yellow}.").format(
                white=white, yellow=", ".join(map(str, values_of(self.yellow)))
            )
        return _("The white dice show {white}.").format(white=white)


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Take the group of ``district`` and act with it (R6).

    With no ``path`` it is the district's own action (A1 gold, A2 goats, A3 deliver into ``shops``);
    with a ``path`` it is a steward move along those cells (A4), ``shops`` then placing the goods of a
    goods cell it ends on (M1).
    """

    district: str
    path: tuple[int, ...] = ()
    shops: tuple[int, ...] = ()
    kind: ClassVar[str] = "take"

    def __post_init__(self) -> None:
        if not isinstance(self.district, str) or self.district not in HARBOR:
            raise InvalidNotation(
                f"district: one of {', '.join(HARBOR)}, not {shown(self.district)}"
            )
        _check_steward(self.path, self.shops, MAX_PATH)

    @classmethod
    def listed(cls, district: str, path: tuple[int, ...] = (), shops: tuple[int, ...] = ()) -> Take:
        """A Take built by ``legal_moves`` from values the engine made itself: the field checks of
        ``Take(...)``, meant for outside input, are skipped (they were most of the listing's time).

        >>> Take.listed("blue", (7, 2)) == Take("blue", (7, 2))
        True
        """
        move = object.__new__(cls)
        _set(move, "district", district)
        _set(move, "path", path)
        _set(move, "shops", shops)
        return move

    @property
    def steward(self) -> bool:
        return bool(self.path)

    def notation(self) -> str:
        text = self.district
        if self.path:
            text += f" steward {_path_text(self.path)}"
            if self.shops:
                text += f" shops {_shops_text(self.shops)}"
        elif self.shops:
            text += f" {_shops_text(self.shops)}"
        return text

    def _words(self) -> str:
        group = group_name(self.district)
        if self.path:
            n = len(self.path)
            where = Market.name(self.path[-1])
            if len(self.shops) == 1:
                text = ngettext(
                    "Take {group} and move the steward {n} step to {cell}, starting shop {shops}.",
                    "Take {group} and move the steward {n} steps to {cell}, starting shop {shops}.",
                    n,
                )
                return text.format(group=group, n=n, cell=where, shops=_shops_text(self.shops))
            if self.shops:
                text = ngettext(
                    "Take {group} and move the steward {n} step to {cell}, starting shops {shops}.",
                    "Take {group} and move the steward {n} steps to {cell}, starting shops {shops}.",
                    n,
                )
                return text.format(group=group, n=n, cell=where, shops=_shops_text(self.shops))
            return ngettext(
                "Take {group} and move the steward {n} step to {cell}.",
                "Take {group} and move the steward {n} steps to {cell}.",
                n,
            ).format(group=group, n=n, cell=where)
        if self.district == "gold":
            return _("Take {group} and gain gold.").format(group=group)
        if self.district == "goats":
            return _("Take {group} and gain goats.").format(group=group)
        if self.shops:
            return ngettext(
                "Take {group} and deliver goods, starting shop {shops}.",
                "Take {group} and deliver goods, starting shops {shops}.",
                len(self.shops),
            ).format(group=group, shops=_shops_text(self.shops))
        return _("Take {group} and deliver goods.").format(group=group)


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Build these buildings after the action (B1); an empty tuple declines."""

    buildings: tuple[str, ...] = ()
    kind: ClassVar[str] = "build"

    def __post_init__(self) -> None:
        if not isinstance(self.buildings, tuple) or len(self.buildings) > len(BUILDINGS):
            raise InvalidNotation(
                f"buildings: a tuple of building names, not {shown(self.buildings)}"
            )
        for name in self.buildings:
            if not isinstance(name, str):
                raise InvalidNotation(f"buildings: names are text, not {shown(name)}")

    @staticmethod
    def from_names(names: tuple[str, ...]) -> Build:
        names = tuple(n.replace("-", "_") for n in names)
        for n in names:
            if n not in BUILDINGS:
                raise InvalidNotation(
                    _("unknown building {name} (buildings: {buildings})").format(
                        name=shown(n), buildings=", ".join(BUILDINGS)
                    )
                )
        if len(set(names)) != len(names):
            raise InvalidNotation(_("a building is named twice"))
        return Build(tuple(sorted(names, key=BUILDINGS.index)))

    def notation(self) -> str:
        return "build " + (",".join(self.buildings) if self.buildings else "none")

    def _words(self) -> str:
        if not self.buildings:
            return _("Build nothing.")
        return _("Build {buildings}.").format(buildings=building_titles(self.buildings))


@dataclass(frozen=True, slots=True)
class Compensate(Move):
    """No group left: move the steward one step (R8), more with gold or the Stables as the variants allow."""

    path: tuple[int, ...]
    shops: tuple[int, ...] = ()
    kind: ClassVar[str] = "compensate"

    def __post_init__(self) -> None:
        _check_steward(self.path, self.shops, MAX_PATH)

    def notation(self) -> str:
        text = f"steward {_path_text(self.path)}"
        if self.shops:
            text += f" shops {_shops_text(self.shops)}"
        return text

    def _words(self) -> str:
        n = len(self.path)
        where = Market.name(self.path[-1])
        if n == 1:
            return _("No group is left: move the steward one step to {cell}.").format(cell=where)
        return ngettext(
            "No group is left: move the steward {n} step to {cell}.",
            "No group is left: move the steward {n} steps to {cell}.",
            n,
        ).format(n=n, cell=where)


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Decline the compensation step (R8)."""

    kind: ClassVar[str] = "pass"

    def notation(self) -> str:
        return "pass"

    def _words(self) -> str:
        return _("No group is left; do not move the steward.")
