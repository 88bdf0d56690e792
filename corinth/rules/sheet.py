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

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from . import geometry
from .errors import InvalidSheet

# Harbor districts, bottom to top (C2). Goods districts are the four in the middle.
HARBOR = ("goats", "green", "purple", "blue", "orange", "gold")
GOODS = ("green", "purple", "blue", "orange")
BUILDINGS = ("trading_post", "warehouse", "stables", "temple")
BUILDING_TITLES = {
    "trading_post": "Trading Post",
    "warehouse": "Warehouse",
    "stables": "Stables",
    "temple": "Temple",
}
CONFIDENCE = ("certain", "likely", "reconstructed")
MARKET_SIZE = geometry.SIZE
MAX_SHOPS = 10  # per district; the printed sheet has 3 or 4
# Market cell kinds. Amount cells carry a number ("gold 2"); the others stand alone.
AMOUNT_KINDS = ("gold", "goats") + GOODS
PLAIN_KINDS = ("score", "steward", "+1", "yellow")


@dataclass(frozen=True, slots=True)
class Shop:
    """One shop of a goods district: how many goods it takes and what it scores when complete (A3b)."""

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


@dataclass(frozen=True, slots=True)
class Cell:
    """A market cell: ``kind`` is one of score, steward, +1, yellow, gold, goats or a goods colour."""

    kind: str
    amount: int = 0

    def label(self) -> str:
        """Plain words for the cell, as printed on boards and read by screen readers."""
        if self.kind in AMOUNT_KINDS:
            return f"{self.kind} ×{self.amount}"
        return {
            "score": "scoring spot",
            "steward": "steward start",
            "+1": "+1",
            "yellow": "yellow die",
        }[self.kind]

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

    def cell(self, row: int, col: int) -> Cell:
        return self.cells[row * MARKET_SIZE + col]

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
        return BUILDING_TITLES[self.name]


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
        """The sheet as the plain data it was loaded from (embedded in saved games)."""
        return self.source

    def reconstructed_parts(self) -> list[str]:
        """Names of the parts that are not known for certain, with their confidence."""
        return [f"{k}: {v}" for k, v in self.provenance.items() if not v.startswith("certain")]


def _int(value: Any, where: str, problems: list[str], minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(f"{where}: expected a whole number, got {value!r}")
        return minimum
    if value < minimum:
        problems.append(f"{where}: must be at least {minimum}, got {value}")
        return minimum
    return value


def _provenance(value: Any, where: str, problems: list[str], out: dict[str, str]) -> None:
    """Collect provenance strings; each must start with a known confidence word."""
    if value is None:
        problems.append(f"{where}.provenance: missing (say certain, likely or reconstructed)")
        return
    items = value.items() if isinstance(value, dict) else [("", value)]
    for key, text in items:
        at = f"{where}.{key}" if key else where
        if not isinstance(text, str) or text.split(" ")[0] not in CONFIDENCE:
            problems.append(f"{at}.provenance: must start with one of {', '.join(CONFIDENCE)}")
        else:
            out[at] = text


def _parse_cell(text: Any, where: str, problems: list[str]) -> Cell:
    if not isinstance(text, str):
        problems.append(f"{where}: expected a cell word such as 'gold 2', got {text!r}")
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
        if amount < 1:
            problems.append(f"{where}: amount must be at least 1 in {text!r}")
        return Cell(words[0], amount)
    problems.append(
        f"{where}: unknown market effect {text!r} "
        f"(use score, steward, +1, yellow, or one of {', '.join(AMOUNT_KINDS)} followed by a number)"
    )
    return Cell("+1")


def sheet_from_dict(data: Any, origin: str = "<data>") -> Sheet:
    """Build and validate a sheet from plain data; raise InvalidSheet listing every problem.

    >>> sheet_from_dict({"format": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    corinth.rules.errors.InvalidSheet: ...districts: missing...
    """
    problems: list[str] = []
    prov: dict[str, str] = {}
    if not isinstance(data, dict):
        raise InvalidSheet(origin, ["the file must hold a table of sheet parts"])
    if data.get("format") != 1:
        problems.append(f"format: expected 1, got {data.get('format')!r}")
    name = data.get("name", origin)
    if not isinstance(name, str):
        problems.append("name: must be text")
        name = origin

    districts = []
    raw_districts = data.get("districts")
    if not isinstance(raw_districts, dict):
        problems.append("districts: missing (a table with green, purple, blue and orange)")
        raw_districts = {}
    elif not raw_districts:
        problems.append("districts: empty (a table with green, purple, blue and orange)")
    for extra in set(raw_districts) - set(GOODS):
        problems.append(
            f"districts.{extra}: unknown district (goods districts are {', '.join(GOODS)})"
        )
    for dname in GOODS:
        where = f"districts.{dname}"
        raw = raw_districts.get(dname)
        if not isinstance(raw, dict):
            if raw_districts:
                problems.append(f"{where}: missing")
            continue
        goods = raw.get("shop_goods")
        points = raw.get("shop_points")
        if not isinstance(goods, list) or not goods:
            problems.append(f"{where}.shop_goods: expected a non-empty list, one number per shop")
            goods = []
        elif len(goods) > MAX_SHOPS:  # deliveries enumerate subsets of shops: keep them few
            problems.append(f"{where}.shop_goods: at most {MAX_SHOPS} shops, got {len(goods)}")
            goods = goods[:MAX_SHOPS]
        if not isinstance(points, list):
            problems.append(f"{where}.shop_points: expected a list, one number per shop")
            points = []
        if goods and len(points) != len(goods):
            problems.append(
                f"{where}: {len(goods)} shops in shop_goods but {len(points)} in shop_points"
            )
        shops = []
        for i, g in enumerate(goods):
            gi = _int(g, f"{where}.shop_goods[{i}]", problems, minimum=1)
            pi = _int(points[i], f"{where}.shop_points[{i}]", problems) if i < len(points) else 0
            shops.append(Shop(gi, pi))
        bonus = _int(raw.get("bonus", 0), f"{where}.bonus", problems)
        _provenance(raw.get("provenance"), where, problems, prov)
        districts.append(District(dname, tuple(shops), bonus))

    buildings = []
    raw_b = data.get("buildings")
    if not isinstance(raw_b, dict):
        problems.append("buildings: missing (costs of trading_post, warehouse, stables, temple)")
        raw_b = {}
    else:
        _provenance(raw_b.get("provenance"), "buildings", problems, prov)
    for extra in set(raw_b) - set(BUILDINGS) - {"provenance"}:
        problems.append(f"buildings.{extra}: unknown building (known: {', '.join(BUILDINGS)})")
    for bname in BUILDINGS:
        cost = raw_b.get(bname)
        if not isinstance(cost, dict):
            if raw_b:
                problems.append(
                    f"buildings.{bname}: missing (a cost such as {{ gold = 1, goats = 2 }})"
                )
            continue
        buildings.append(
            Building(
                bname,
                _int(cost.get("gold", 0), f"buildings.{bname}.gold", problems),
                _int(cost.get("goats", 0), f"buildings.{bname}.goats", problems),
            )
        )

    tracks = data.get("tracks")
    if not isinstance(tracks, dict):
        problems.append("tracks: missing (gold, goats and turns)")
        tracks = {}
    else:
        _provenance(tracks.get("provenance"), "tracks", problems, prov)
    gold_track = _int(tracks.get("gold"), "tracks.gold", problems, minimum=1) if tracks else 1
    goat_track = _int(tracks.get("goats"), "tracks.goats", problems, minimum=1) if tracks else 1
    turn_track = _int(tracks.get("turns"), "tracks.turns", problems, minimum=3) if tracks else 6

    cells: list[Cell] = []
    centre = -1
    raw_m = data.get("market")
    rows = raw_m.get("rows") if isinstance(raw_m, dict) else None
    if not isinstance(rows, list) or len(rows) != MARKET_SIZE:
        problems.append(f"market.rows: expected {MARKET_SIZE} rows of {MARKET_SIZE} cells")
    else:
        _provenance(raw_m.get("provenance"), "market", problems, prov)
        for r, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != MARKET_SIZE:
                problems.append(f"market.rows[{r}]: expected {MARKET_SIZE} cells")
                row = ["+1"] * MARKET_SIZE
            for c, text in enumerate(row):
                cells.append(_parse_cell(text, f"market.rows[{r}][{c}]", problems))
        steward = [i for i, cell in enumerate(cells) if cell.kind == "steward"]
        if len(steward) != 1:
            problems.append(f"market: expected exactly one 'steward' cell, found {len(steward)}")
        else:
            centre = steward[0]
            if centre != (MARKET_SIZE * MARKET_SIZE) // 2:
                problems.append(
                    f"market: the steward must start in the centre r2c2, not {Market.name(centre)}"
                )
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


def load_sheet(path: str | Path) -> Sheet:
    """Load a sheet from a ``.toml`` or ``.json`` file and validate it.

    >>> load_sheet(DEFAULT_SHEET_PATH).name
    'Default sheet (partly reconstructed)'
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidSheet(str(path), [f"cannot read the file: {exc.strerror or exc}"]) from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise InvalidSheet(
            str(path), [f"not valid {path.suffix.lstrip('.').upper()}: {exc}"]
        ) from None
    try:  # a sheet travels inside saved games as JSON: TOML dates and times have no place in it
        json.dumps(data)
    except (TypeError, ValueError) as exc:
        raise InvalidSheet(
            str(path), [f"holds a value that is not plain data (a date or time?): {exc}"]
        ) from None
    return sheet_from_dict(data, str(path))


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
