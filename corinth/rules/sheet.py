"""The player sheet: shops, district bonuses, market layout, buildings and tracks (C3).

A sheet is read from a TOML or JSON file (``seeds/sheets/default.toml`` is the default), so a player who
owns the printed score pad can enter its exact values. Validation reports every problem with its location.

>>> sheet = default_sheet()
>>> [d.name for d in sheet.districts]
['green', 'purple', 'blue', 'orange']
>>> sheet.market.cell(0, 0).kind
'score'
"""

from __future__ import annotations

import copy
import json
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from corinth.shared.language import N_, _, pgettext

from . import geometry
from .errors import InvalidSheet, shown
from .files import read_bounded, strict_json, text_from_bytes

# Harbor districts, bottom to top (C2). Goods districts are the four in the middle.
HARBOR = ("goats", "green", "purple", "blue", "orange", "gold")
GOODS = ("green", "purple", "blue", "orange")
BUILDINGS = ("trading_post", "warehouse", "stables", "temple")
BUILDING_TITLES = {  # English, as saved games and code name them; shown as _(title)
    "trading_post": N_("Trading Post"),
    "warehouse": N_("Warehouse"),
    "stables": N_("Stables"),
    "temple": N_("Temple"),
}
# Each building with its article, as a sentence names it ("build the Temple").
_THE_BUILDING = {
    "trading_post": N_("the Trading Post"),
    "warehouse": N_("the Warehouse"),
    "stables": N_("the Stables"),
    "temple": N_("the Temple"),
}


def building_titles(names) -> str:
    """Buildings as a sentence lists them, in the language spoken now: "the Temple and the Stables".

    >>> building_titles(["warehouse", "temple"])
    'the Warehouse and the Temple'
    """
    words = [_(_THE_BUILDING[name]) for name in names]
    text = words[0] if words else ""
    for word in words[1:]:
        text = _("{first} and {second}").format(first=text, second=word)
    return text


def district_word(name: str) -> str:
    """A harbor district's name as a learner reads it ("Purple", "Gold"), in the language spoken now.

    >>> district_word("purple")
    'Purple'
    """
    return {
        "goats": lambda: pgettext("district", "Goats"),
        "green": lambda: pgettext("district", "Green"),
        "purple": lambda: pgettext("district", "Purple"),
        "blue": lambda: pgettext("district", "Blue"),
        "orange": lambda: pgettext("district", "Orange"),
        "gold": lambda: pgettext("district", "Gold"),
    }.get(name, lambda: name.capitalize())()


# The group a player takes, by its district (translated where shown).
_GROUPS = {
    "goats": N_("the Goats group"),
    "green": N_("the Green group"),
    "purple": N_("the Purple group"),
    "blue": N_("the Blue group"),
    "orange": N_("the Orange group"),
    "gold": N_("the Gold group"),
}


def group_name(district: str) -> str:
    """The group of a district as a sentence names it: "the Purple group".

    >>> group_name("gold")
    'the Gold group'
    """
    return _(_GROUPS[district])


def district_lower(name: str) -> str:
    """A harbor district's name as a sentence of the engine writes it ("purple has no shop 5").

    >>> district_lower("purple")
    'purple'
    """
    return {
        "goats": lambda: pgettext("district in a sentence", "goats"),
        "green": lambda: pgettext("district in a sentence", "green"),
        "purple": lambda: pgettext("district in a sentence", "purple"),
        "blue": lambda: pgettext("district in a sentence", "blue"),
        "orange": lambda: pgettext("district in a sentence", "orange"),
        "gold": lambda: pgettext("district in a sentence", "gold"),
    }.get(name, lambda: name)()


CONFIDENCE = ("certain", "likely", "reconstructed")
MARKET_SIZE = geometry.SIZE
# Limits on every size a sheet file sets, generously above the printed sheet (RULES.md, "Sheet data"):
# within them every game ends and every board stays small; a file beyond them is refused.
MAX_SHOPS = 10  # per district; the printed sheet has 3 or 4 (deliveries enumerate subsets of shops)
MAX_SHOP_GOODS = 20  # goods one shop takes; printed at most 5
MAX_POINTS = 1000  # points of a shop or a district bonus; printed at most 10
MAX_COST = 50  # gold or goats a building costs; printed at most 4
MAX_TRACK = 100  # symbols on the gold or goat track; printed 24
MIN_TURNS, MAX_TURNS = 3, 30  # spots on the turn track, so rounds; printed 6
MAX_CELL_AMOUNT = 20  # the number of a market cell such as "gold 3"; printed at most 3
MAX_SHEET_BYTES = 200_000  # a sheet file; the default one is under 5 kB
TOP_KEYS = ("format", "name", "districts", "buildings", "tracks", "market")
# Market cell kinds. Amount cells carry a number ("gold 2"); the others stand alone.
AMOUNT_KINDS = ("gold", "goats") + GOODS
PLAIN_KINDS = ("score", "steward", "+1", "yellow")


class Shop(NamedTuple):
    """One shop of a goods district: how many goods it takes and what it scores when complete (A3b).

    A named tuple, not a dataclass: the solvers' memos hash the shops of a district at every move.
    """

    goods: int
    points: int


@dataclass(frozen=True, slots=True)
class District:
    """A goods district of the sheet: its shops left to right and its bonus (0 = no bonus race, A3c)."""

    name: str
    shops: tuple[Shop, ...]
    bonus: int

    @property
    def symbols(self) -> int:
        """Total goods symbols of the district."""
        return sum(s.goods for s in self.shops)


# A market cell's words (Cell.label), translated where shown.
_AMOUNT_LABELS = {
    "gold": N_("gold ×{amount}"),
    "goats": N_("goats ×{amount}"),
    "green": N_("green ×{amount}"),
    "purple": N_("purple ×{amount}"),
    "blue": N_("blue ×{amount}"),
    "orange": N_("orange ×{amount}"),
}
_PLAIN_LABELS = {
    "score": N_("scoring spot"),
    "steward": N_("steward start"),
    "+1": "+1",
    "yellow": N_("yellow die"),
}


@dataclass(frozen=True, slots=True)
class Cell:
    """A market cell: ``kind`` is one of score, steward, +1, yellow, gold, goats or a goods colour."""

    kind: str
    amount: int = 0

    def label(self) -> str:
        """Plain words for the cell, as printed on boards and read by screen readers."""
        if self.kind in AMOUNT_KINDS:
            return _(_AMOUNT_LABELS[self.kind]).format(amount=self.amount)
        return _(_PLAIN_LABELS[self.kind])

    def short(self) -> str:
        """A label of at most 4 characters for text boards."""
        if self.kind in AMOUNT_KINDS:
            abbrev = {"gold": "$", "goats": "G", "green": "gr", "purple": "pu", "blue": "bl"}
            return f"{abbrev.get(self.kind, 'or')}{self.amount}"
        return {"score": "SC", "steward": "**", "+1": "+1", "yellow": "Y"}[self.kind]


@dataclass(frozen=True, slots=True)
class Market:
    """The 5×5 market grid (M1–M7). Cells are numbered ``row * 5 + column``."""

    cells: tuple[Cell, ...]
    centre: int
    # kind -> the cells of that kind as bits (cell i is bit i): counted on a player's circled cells
    _kinds: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kinds: dict[str, int] = {}
        for i, c in enumerate(self.cells):
            kinds[c.kind] = kinds.get(c.kind, 0) | 1 << i
        object.__setattr__(self, "_kinds", kinds)

    def cell(self, row: int, col: int) -> Cell:
        return self.cells[row * MARKET_SIZE + col]

    def mask(self, kind: str) -> int:
        """The cells of ``kind`` as bits (cell ``i`` is bit ``i``).

        >>> market = default_sheet().market
        >>> market.mask("steward") == 1 << market.centre
        True
        """
        return self._kinds.get(kind, 0)

    def count(self, cells: int, kind: str) -> int:
        """How many of ``cells`` (a bit per cell) are of ``kind``.

        >>> market = default_sheet().market
        >>> market.count(1 << market.centre, "steward"), market.count(0, "yellow")
        (1, 0)
        """
        return (cells & self._kinds.get(kind, 0)).bit_count()

    # The geometry itself lives in ``corinth.rules.geometry``; these names stay for readers of a sheet.
    name = staticmethod(geometry.cell_name)
    neighbours = staticmethod(geometry.neighbours)


@dataclass(frozen=True, slots=True)
class Building:
    """A building and its cost in gold and goats (B1)."""

    name: str
    gold: int
    goats: int

    @property
    def title(self) -> str:
        return _(BUILDING_TITLES[self.name])


@dataclass(frozen=True, eq=False)
class Sheet:
    """Everything printed on a player sheet. Immutable; shared by all players of a game.

    Two sheets are equal when they were built from the same data.
    """

    name: str
    districts: tuple[District, ...]
    market: Market
    buildings: tuple[Building, ...]
    gold_track: int
    goat_track: int
    turn_track: int
    provenance: dict[str, str]
    source: dict[str, Any]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and (self is other or self.source == other.source)

    def __hash__(self) -> int:
        return hash(self.name)

    def district(self, name: str) -> District:
        return self.districts[GOODS.index(name)]

    def building(self, name: str) -> Building:
        return self.buildings[BUILDINGS.index(name)]

    def to_dict(self) -> dict[str, Any]:
        """The sheet as the plain data it was loaded from (embedded in saved games): a copy, so a
        caller that edits it (to make another sheet) leaves this sheet, maybe the shared default, as
        it is.

        >>> data = default_sheet().to_dict()
        >>> data["districts"]["blue"]["bonus"] = 99
        >>> default_sheet().to_dict()["districts"]["blue"]["bonus"]
        3
        """
        return copy.deepcopy(self.source)

    def reconstructed_parts(self) -> list[str]:
        """Names of the parts that are not known for certain, with their confidence."""
        return [f"{k}: {v}" for k, v in self.provenance.items() if not v.startswith("certain")]


def _int(value: Any, where: str, problems: list[str], minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(
            _("{where}: expected a whole number, got {value}").format(
                where=where, value=shown(value)
            )
        )
        return minimum
    if not minimum <= value <= maximum:
        problems.append(
            _("{where}: must be from {least} to {most} (a sheet's limit), got {value}").format(
                where=where, least=minimum, most=maximum, value=shown(value)
            )
        )
        return minimum
    return value


def _name(key: object) -> str:
    """A table key as a problem's location names it, cut if long."""
    text = str(key)
    return text if len(text) <= 40 and text.isprintable() else shown(text)


def _extra_keys(table: dict, known: tuple[str, ...], where: str, problems: list[str]) -> None:
    """Report keys a table does not have: a misspelt key would otherwise be silently ignored."""
    for key in sorted(set(table) - set(known), key=str):
        problems.append(
            _("{where}: unknown key (known: {known})").format(
                where=f"{where}{_name(key)}", known=", ".join(known)
            )
        )


def _provenance(value: Any, where: str, problems: list[str], out: dict[str, str]) -> None:
    """Collect provenance strings; each must start with a known confidence word."""
    if value is None:
        problems.append(
            _("{where}.provenance: missing (say certain, likely or reconstructed)").format(
                where=where
            )
        )
        return
    items = value.items() if isinstance(value, dict) else [("", value)]
    for key, text in items:
        at = f"{where}.{key}" if key else where
        if not isinstance(text, str) or text.split(" ")[0] not in CONFIDENCE:
            problems.append(
                _("{where}.provenance: must start with one of {words}").format(
                    where=at, words=", ".join(CONFIDENCE)
                )
            )
        else:
            out[at] = text


def _parse_cell(text: Any, where: str, problems: list[str]) -> Cell:
    if not isinstance(text, str):
        problems.append(
            _("{where}: expected a cell word such as 'gold 2', got {value}").format(
                where=where, value=shown(text)
            )
        )
        return Cell("+1")
    words = text.split()
    if len(words) == 1 and words[0] in PLAIN_KINDS:
        return Cell(words[0])
    if (
        len(words) == 2
        and words[0] in AMOUNT_KINDS
        and words[1].isascii()
        and words[1].isdigit()
        and len(words[1]) <= 9
    ):
        amount = int(words[1])
        if not 1 <= amount <= MAX_CELL_AMOUNT:
            problems.append(
                _("{where}: amount must be from 1 to {most} (a sheet's limit) in {value}").format(
                    where=where, most=MAX_CELL_AMOUNT, value=shown(text)
                )
            )
            amount = 1
        return Cell(words[0], amount)
    problems.append(
        _(
            "{where}: unknown market effect {value} (use score, steward, +1, yellow, or one of"
            " {kinds} followed by a number)"
        ).format(where=where, value=shown(text), kinds=", ".join(AMOUNT_KINDS))
    )
    return Cell("+1")


def sheet_from_dict(data: Any, origin: str = "<data>") -> Sheet:
    """Build and validate a sheet from plain data; raise InvalidSheet listing every problem.

    Each part (districts, buildings, tracks, market) is read by its own function, which adds what is
    wrong to ``problems`` and what each part says of its certainty to ``prov``; the sheet is made
    only when nothing is wrong.

    >>> sheet_from_dict({"format": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    corinth.rules.errors.InvalidSheet: ...districts: missing...
    """
    problems: list[str] = []
    prov: dict[str, str] = {}
    if not isinstance(data, dict):
        raise InvalidSheet(origin, [_("the file must hold a table of sheet parts")])
    _extra_keys(data, TOP_KEYS, "", problems)
    if data.get("format") != 1 or isinstance(data.get("format"), bool):
        problems.append(
            _("format: expected 1, got {value}").format(value=shown(data.get("format")))
        )
    name = data.get("name", origin)
    if not isinstance(name, str):
        problems.append(_("name: must be text"))
        name = origin
    districts = _districts(data.get("districts"), problems, prov)
    buildings = _buildings(data.get("buildings"), problems, prov)
    gold_track, goat_track, turn_track = _tracks(data.get("tracks"), problems, prov)
    cells, centre = _market(data.get("market"), problems, prov)
    if problems:
        raise InvalidSheet(origin, problems)
    return Sheet(
        name=name,
        districts=tuple(districts),
        market=Market(tuple(cells), centre),
        buildings=tuple(buildings),
        gold_track=gold_track,
        goat_track=goat_track,
        turn_track=turn_track,
        provenance=prov,
        source=data,
    )


def _districts(raw_districts: Any, problems: list[str], prov: dict[str, str]) -> list[District]:
    """The four goods districts of a sheet file's ``districts`` table, in harbor order."""
    districts = []
    if not isinstance(raw_districts, dict):
        problems.append(_("districts: missing (a table with green, purple, blue and orange)"))
        raw_districts = {}
    elif not raw_districts:
        problems.append(_("districts: empty (a table with green, purple, blue and orange)"))
    for extra in sorted(set(raw_districts) - set(GOODS), key=str):
        problems.append(
            _("districts.{name}: unknown district (goods districts are {goods})").format(
                name=_name(extra), goods=", ".join(GOODS)
            )
        )
    for dname in GOODS:
        where = f"districts.{dname}"
        raw = raw_districts.get(dname)
        if not isinstance(raw, dict):
            if raw_districts:
                problems.append(_("{where}: missing").format(where=where))
            continue
        _extra_keys(
            raw, ("shop_goods", "shop_points", "bonus", "provenance"), f"{where}.", problems
        )
        shops = _shops(raw.get("shop_goods"), raw.get("shop_points"), where, problems)
        bonus = _int(raw.get("bonus", 0), f"{where}.bonus", problems, 0, MAX_POINTS)
        _provenance(raw.get("provenance"), where, problems, prov)
        districts.append(District(dname, tuple(shops), bonus))
    return districts


def _shops(goods: Any, points: Any, where: str, problems: list[str]) -> list[Shop]:
    """One district's shops from its ``shop_goods`` and ``shop_points`` lists (one number a shop)."""
    if not isinstance(goods, list) or not goods:
        problems.append(
            _("{where}.shop_goods: expected a non-empty list, one number per shop").format(
                where=where
            )
        )
        goods = []
    elif len(goods) > MAX_SHOPS:  # deliveries enumerate subsets of shops: keep them few
        problems.append(
            _("{where}.shop_goods: at most {most} shops, got {n}").format(
                where=where, most=MAX_SHOPS, n=len(goods)
            )
        )
        goods = goods[:MAX_SHOPS]
    if not isinstance(points, list):
        problems.append(
            _("{where}.shop_points: expected a list, one number per shop").format(where=where)
        )
        points = []
    if goods and len(points) != len(goods):
        problems.append(
            _("{where}: {goods} shops in shop_goods but {points} in shop_points").format(
                where=where, goods=len(goods), points=len(points)
            )
        )
    shops = []
    for i, g in enumerate(goods):
        gi = _int(g, f"{where}.shop_goods[{i}]", problems, 1, MAX_SHOP_GOODS)
        pi = (
            _int(points[i], f"{where}.shop_points[{i}]", problems, 0, MAX_POINTS)
            if i < len(points)
            else 0
        )
        shops.append(Shop(gi, pi))
    return shops


def _buildings(raw_b: Any, problems: list[str], prov: dict[str, str]) -> list[Building]:
    """The four buildings' costs of a sheet file's ``buildings`` table."""
    buildings = []
    if not isinstance(raw_b, dict):
        problems.append(_("buildings: missing (costs of trading_post, warehouse, stables, temple)"))
        raw_b = {}
    else:
        _provenance(raw_b.get("provenance"), "buildings", problems, prov)
    for extra in sorted(set(raw_b) - set(BUILDINGS) - {"provenance"}, key=str):
        problems.append(
            _("buildings.{name}: unknown building (known: {known})").format(
                name=_name(extra), known=", ".join(BUILDINGS)
            )
        )
    for bname in BUILDINGS:
        cost = raw_b.get(bname)
        if not isinstance(cost, dict):
            if raw_b:
                problems.append(
                    _("buildings.{name}: missing (a cost such as {example})").format(
                        name=bname, example="{ gold = 1, goats = 2 }"
                    )
                )
            continue
        _extra_keys(cost, ("gold", "goats"), f"buildings.{bname}.", problems)
        buildings.append(
            Building(
                bname,
                _int(cost.get("gold", 0), f"buildings.{bname}.gold", problems, 0, MAX_COST),
                _int(cost.get("goats", 0), f"buildings.{bname}.goats", problems, 0, MAX_COST),
            )
        )
    return buildings


def _tracks(tracks: Any, problems: list[str], prov: dict[str, str]) -> tuple[int, int, int]:
    """The lengths of the gold, goat and turn tracks of a sheet file's ``tracks`` table."""
    if not isinstance(tracks, dict):
        problems.append(_("tracks: missing (gold, goats and turns)"))
        tracks = {}
    else:
        _extra_keys(tracks, ("gold", "goats", "turns", "provenance"), "tracks.", problems)
        _provenance(tracks.get("provenance"), "tracks", problems, prov)
    gold_track = _int(tracks.get("gold"), "tracks.gold", problems, 1, MAX_TRACK) if tracks else 1
    goat_track = _int(tracks.get("goats"), "tracks.goats", problems, 1, MAX_TRACK) if tracks else 1
    turn_track = (
        _int(tracks.get("turns"), "tracks.turns", problems, MIN_TURNS, MAX_TURNS) if tracks else 6
    )
    return gold_track, goat_track, turn_track


def _market(raw_m: Any, problems: list[str], prov: dict[str, str]) -> tuple[list[Cell], int]:
    """The market's cells, row by row, and the steward's cell (-1 when the rows are wrong)."""
    cells: list[Cell] = []
    centre = -1
    rows = raw_m.get("rows") if isinstance(raw_m, dict) else None
    if not isinstance(rows, list) or len(rows) != MARKET_SIZE:
        problems.append(_("market.rows: expected {n} rows of {n} cells").format(n=MARKET_SIZE))
        return cells, centre
    _extra_keys(raw_m, ("rows", "provenance"), "market.", problems)
    _provenance(raw_m.get("provenance"), "market", problems, prov)
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != MARKET_SIZE:
            problems.append(
                _("market.rows[{row}]: expected {n} cells").format(row=r, n=MARKET_SIZE)
            )
            row = ["+1"] * MARKET_SIZE
        for c, text in enumerate(row):
            cells.append(_parse_cell(text, f"market.rows[{r}][{c}]", problems))
    steward = [i for i, cell in enumerate(cells) if cell.kind == "steward"]
    if len(steward) != 1:
        problems.append(
            _("market: expected exactly one 'steward' cell, found {n}").format(n=len(steward))
        )
    else:
        centre = steward[0]
        if centre != (MARKET_SIZE * MARKET_SIZE) // 2:
            problems.append(
                _("market: the steward must start in the centre r2c2, not {cell}").format(
                    cell=Market.name(centre)
                )
            )
    return cells, centre


def load_sheet(path: str | Path) -> Sheet:
    """Load a sheet from a ``.toml`` or ``.json`` file and validate it.

    >>> load_sheet(DEFAULT_SHEET_PATH).name
    'Default sheet (partly reconstructed)'
    """
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_SHEET_BYTES)
    except OSError as exc:
        raise InvalidSheet(
            str(path), [_("cannot read the file: {reason}").format(reason=exc.strerror or exc)]
        ) from None
    return sheet_from_bytes(raw, str(path), "json" if path.suffix == ".json" else "toml")


def sheet_from_bytes(raw: bytes | str, origin: str = "<data>", syntax: str = "toml") -> Sheet:
    """A sheet from the text of a TOML or JSON file; any problem with the bytes is an InvalidSheet.

    >>> sheet_from_bytes(b"format = 1 format = 2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    corinth.rules.errors.InvalidSheet: <data> is not a valid Corinth sheet:
      - not valid TOML: ...
    """
    try:
        text = text_from_bytes(raw, MAX_SHEET_BYTES, "sheet")
    except ValueError as exc:
        raise InvalidSheet(origin, [str(exc)]) from None
    try:
        data = strict_json(text) if syntax == "json" else tomllib.loads(text)
    except RecursionError:
        raise InvalidSheet(
            origin,
            [
                _("not valid {syntax}: {reason}").format(
                    syntax=syntax.upper(), reason=_("nested too deeply")
                )
            ],
        ) from None
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise InvalidSheet(
            origin, [_("not valid {syntax}: {reason}").format(syntax=syntax.upper(), reason=exc)]
        ) from None
    try:  # a sheet travels inside saved games as JSON: TOML dates and times have no place in it
        json.dumps(data)
    except RecursionError:
        raise InvalidSheet(origin, [_("nested too deeply")]) from None
    except (TypeError, ValueError) as exc:
        raise InvalidSheet(
            origin,
            [
                _("holds a value that is not plain data (a date or time?): {reason}").format(
                    reason=exc
                )
            ],
        ) from None
    return sheet_from_dict(data, origin)


def package_folder(name: str) -> Path:
    """A folder kept at the top of the repo (``seeds``, ``widgets``): the wheel carries it inside the
    package, a source checkout has it beside the package."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / name, here.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"corinth's {name} folder is missing from this installation")


def data_dir() -> Path:
    """The ``seeds`` folder: the sheet data and puzzle sets."""
    return package_folder("seeds")


DEFAULT_SHEET_PATH = data_dir() / "sheets" / "default.toml"


@cache
def default_sheet() -> Sheet:
    """The default sheet of RULES.md (partly reconstructed; see its provenance)."""
    return load_sheet(DEFAULT_SHEET_PATH)
