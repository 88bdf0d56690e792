"""What the boards show, as plain data: the harbor's groups and a player's sheet, from a game state.

The widgets send this data to the browser, the text boards print it and ``corinth.render.svg`` draws
it; nothing here imports Jupyter.

>>> from corinth.rules import new_game
>>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> harbor_groups(state)[-1]["label"]
'Harbor Gold: 6×3 (three 6s, 3 white dice)'
>>> sheet_board(state, 0)["title"]
'Player 1'
"""

from __future__ import annotations

from typing import Any

from corinth.rules import HARBOR, GameState, Market, distinct_steward_paths, steward_steps
from corinth.rules import arrival_shops as engine_arrival_shops
from corinth.rules.describe import number_word
from corinth.rules.geometry import SIZE, cell_place
from corinth.rules.geometry import distances as geometry_distances
from corinth.rules.scoring import TERMS
from corinth.rules.sheet import district_word
from corinth.shared.language import N_, _, ngettext, pgettext

from .palette import base, fill, ink, kind_style

# Each district's title, in English (the boards show _(TITLES[district]), as district_word does).
TITLES = {
    "goats": N_("Goats"),
    "green": N_("Green"),
    "purple": N_("Purple"),
    "blue": N_("Blue"),
    "orange": N_("Orange"),
    "gold": N_("Gold"),
}
assert tuple(TITLES) == HARBOR
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_words(n: int, face: int) -> str:
    """``count_words(2, 4)`` → "two 4s": dice of one face value in plain words."""
    word = number_word(n) if 0 <= n < len(NUMBER_WORDS) else str(n)
    return ngettext("{count} {face}", "{count} {face}s", n).format(count=word, face=face)


def caption(state: GameState | None) -> str:
    """Whose decision the position waits for, in the shared words (players numbered from 1)."""
    if state is None:
        return _("no game")
    if state.is_over:
        return pgettext("Corinth", "the game is over")
    return _(_CAPTIONS[state.phase]).format(n=state.current_player + 1)


_CAPTIONS = {
    "purvey": N_("Player {n} buys yellow dice"),
    "roll": N_("Player {n} rolls"),
    "take": N_("Player {n} takes a group"),
    "build": N_("Player {n} may build"),
    "compensate": N_("Player {n}: no group left, one steward step or pass"),
}


def harbor_groups(state: GameState | None, legal: bool = True) -> list[dict[str, Any]]:
    """The six districts (bottom to top, C2) as plain data for the front end and the text board."""
    out = []
    takeable = legal and state is not None and state.phase == "take"
    for i, district in enumerate(HARBOR):
        group = state.harbor[i] if state is not None else None
        entry: dict[str, Any] = {
            "district": district,
            "title": district_word(district),
            "colour": base(district),
            "fill": fill(district),
            "ink": ink(district),
            "face": group.face if group else 0,
            "white": group.white if group else 0,
            "yellow": group.yellow if group else 0,
            "size": group.size if group else 0,
            "legal": bool(group) and takeable,
        }
        if group:
            values = dict(
                district=district_word(district),
                face=group.face,
                size=group.size,
                count=count_words(group.size, group.face),
                white=group.white,
                yellow=group.yellow,
            )
            if group.yellow:
                label = _(
                    "Harbor {district}: {face}×{size} ({count}, {white} white and {yellow} yellow dice)"
                )
            else:
                label = ngettext(
                    "Harbor {district}: {face}×{size} ({count}, {white} white dice)",
                    "Harbor {district}: {face}×{size} ({count}, {white} white dice)",
                    group.white,
                )
            entry["label"] = label.format(**values)
            if not entry["legal"]:
                entry["label"] = _("{label}, cannot be taken now").format(label=entry["label"])
        else:
            entry["label"] = _("Harbor {district}: empty").format(district=district_word(district))
        out.append(entry)
    return out


# Words shown in a market cell (two short lines at most; the cell's label reads out the full words).
_CELL_WORDS = {
    "score": N_("score"),
    "steward": N_("start"),
    "+1": "+1",
    "yellow": N_("yellow\ndie"),
}
_KIND_WORDS = {
    "gold": N_("gold\n×{amount}"),
    "goats": N_("goats\n×{amount}"),
    "green": N_("green\n×{amount}"),
    "purple": N_("purple\n×{amount}"),
    "blue": N_("blue\n×{amount}"),
    "orange": N_("orange\n×{amount}"),
}


def cell_words(kind: str, amount: int) -> str:
    """The short text printed in a market cell: ``cell_words("purple", 2)`` → "purple\\n×2"."""
    if kind in _CELL_WORDS:
        return _(_CELL_WORDS[kind])
    if kind in _KIND_WORDS:
        return _(_KIND_WORDS[kind]).format(amount=amount)
    return f"{kind}\n×{amount}"


distances = geometry_distances  # fewest steward steps to each cell not used up (A4b, A4c)


def step_range(state: GameState, player: int, face: int) -> tuple[int, int]:
    """Fewest and most steps a steward move with this face value may take (A4a, B4)."""
    p = state.players[player]
    return steward_steps(face, p.gold, p.has("stables"))


def arrival_shops(state: GameState, player: int, cell: int) -> list[tuple[int, ...]]:
    """The shop choices for goods a market cell gives (M1); ``[()]`` for any other cell."""
    return engine_arrival_shops(state.sheet, state.players[player], cell)


def reachable_now(state: GameState, player: int, group: str = "") -> list[int]:
    """Cells a steward move could end on now: with ``group``'s face value, or any group's (A4)."""
    if state.current_player != player:
        return []
    p = state.players[player]
    if state.phase == "compensate":  # R8: one step, or more or fewer by the game's variants
        spans = [state.compensation_range(p)]
    elif state.phase == "take":
        faces = [g.face for d, g in state.groups() if not group or d == group]
        spans = [step_range(state, player, f) for f in faces]
    else:
        return []
    if not spans:
        return []
    by_length = distinct_steward_paths(p.steward, p.used, max(hi for _, hi in spans))
    ends: set[int] = set()
    for lo, hi in spans:
        for n in range(lo, min(hi, len(by_length) - 1) + 1):
            ends.update(path[-1] for path in by_length[n])
    return sorted(ends)


def sheet_board(
    state: GameState, player: int, group: str = "", path: tuple[int, ...] = ()
) -> dict[str, Any]:
    """Everything a sheet shows, as plain data (the front end, the text board and the SVG draw it).

    Cells a move can end on are marked only once a group is chosen (or in a compensation step), so
    the highlight says something; the keys are listed in ``widgets/README.md``.
    """
    sheet = state.sheet
    p = state.players[player]
    breakdown = state.score_breakdown(player)
    return {
        "player": player,
        "size": SIZE,  # the market is size × size cells, row by row in ``market``
        "title": _("Player {n}").format(n=player + 1),
        "current": state.current_player == player,
        "districts": _district_boards(state, player),
        "market": _market_cells(state, player, group, path),
        "steward": p.steward,
        "path": list(path),
        "scores": list(p.scores),
        "gold": {"track": sheet.gold_track, "circled": p.gold_circled, "crossed": p.gold_crossed},
        "goats": {
            "track": sheet.goat_track,
            "circled": p.goats_circled,
            "crossed": p.goats_crossed,
        },
        "buildings": [
            {
                "name": b.name,
                "title": b.title,
                "gold": b.gold,
                "goats": b.goats,
                "built": p.has(b.name),
            }
            for b in sheet.buildings
        ],
        "turns": {"track": sheet.turn_track, "crossed": p.turns},
        "score": {**{t: getattr(breakdown, t) for t in TERMS}, "total": breakdown.total},
        "yellow": state.earned_yellow(player),
    }


def _market_cells(
    state: GameState, player: int, group: str, path: tuple[int, ...]
) -> list[dict[str, Any]]:
    """The market's cells of ``player``'s sheet, row by row, each with its status in words."""
    sheet = state.sheet
    p = state.players[player]
    dist = distances(p.steward, p.used)
    choosing = group or state.phase == "compensate"
    reach = set(reachable_now(state, player, group)) if choosing and not path else set()
    end = path[-1] if path else p.steward
    in_path = set(path)
    nxt = (
        {c for c in Market.neighbours(end) if not p.used >> c & 1 and c not in in_path}
        if state.current_player == player and state.phase in ("take", "compensate") and choosing
        else set()
    )
    cells = []
    for i, cell in enumerate(sheet.market.cells):
        circled = bool(p.circled >> i & 1)
        used = bool(p.used >> i & 1)
        status = []
        if i == p.steward:
            status.append(_("steward here"))
        if circled:
            status.append(_("circled"))
        elif used and i != sheet.market.centre:
            status.append(_("used up"))
        if i in in_path:
            status.append(_("on the drawn path, step {n}").format(n=path.index(i) + 1))
        if i in dist:
            status.append(_("reachable in {n}").format(n=dist[i]))
        elif not used:
            status.append(_("cut off"))
        if i in reach:
            status.append(_("a steward move can end here now"))
        cells.append(
            {
                "index": i,
                "name": Market.name(i),
                "kind": cell.kind,
                "amount": cell.amount,
                "short": cell.short(),
                "text": cell.label(),
                "words": cell_words(cell.kind, cell.amount),
                **kind_style(cell.kind),
                "circled": circled,
                "used": used,
                "steward": i == p.steward,
                "distance": dist.get(i, -1),
                "reachable": i in reach,
                "next": i in nxt,
                "step": path.index(i) + 1 if i in in_path else 0,
                "label": _("{cell}, {place}: {status}").format(
                    cell=cell.label(), place=cell_place(i), status=", ".join(status)
                ),
            }
        )
    return cells


def _district_boards(state: GameState, player: int) -> list[dict[str, Any]]:
    """The goods districts of ``player``'s sheet: their shops and the state of their bonus."""
    p = state.players[player]
    districts = []
    for d, district in enumerate(state.sheet.districts):
        owner = state.bonus_owner[d]
        if not district.bonus:
            bonus = "none"
        elif owner == player:
            bonus = "claimed"
        elif owner >= 0:
            bonus = "lost"
        else:
            bonus = "open"
        shops = [
            {
                "goods": shop.goods,
                "points": shop.points,
                "filled": p.shops[d][k],
                "complete": p.shops[d][k] == shop.goods,
                "label": (
                    ngettext(
                        "{district} shop worth {points}: {filled} of {goods} goods, complete",
                        "{district} shop worth {points}: {filled} of {goods} goods, complete",
                        shop.points,
                    )
                    if p.shops[d][k] == shop.goods
                    else ngettext(
                        "{district} shop worth {points}: {filled} of {goods} goods",
                        "{district} shop worth {points}: {filled} of {goods} goods",
                        shop.points,
                    )
                ).format(
                    district=district_word(district.name),
                    points=shop.points,
                    filled=p.shops[d][k],
                    goods=shop.goods,
                ),
            }
            for k, shop in enumerate(district.shops)
        ]
        districts.append(
            {
                "name": district.name,
                "title": district_word(district.name),
                "colour": base(district.name),
                "fill": fill(district.name),
                "ink": ink(district.name),
                "bonus": district.bonus,
                "bonus_status": bonus,
                "shops": shops,
            }
        )
    return districts
