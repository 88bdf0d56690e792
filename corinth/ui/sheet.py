"""A player's sheet as a widget: shops, bonuses, the market with the steward, tracks, buildings, score."""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable
from typing import Any

import traitlets

from corinth.rules import (
    BUILDINGS,
    HARBOR,
    Compensate,
    DiceGroup,
    GameState,
    IllegalMove,
    Market,
    Move,
    Take,
    steward_paths,
    steward_steps,
)
from corinth.rules import arrival_shops as engine_arrival_shops
from corinth.rules.scoring import TERMS

from ._base import COLOURS, TITLES, Board, asset, esc, module

SIZE = 5
CELLS = SIZE * SIZE


def distances(start: int, used: int) -> dict[int, int]:
    """Fewest steward steps from ``start`` to each cell not used up (A4b, A4c)."""
    out = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for c in Market.neighbours(here):
            if c not in out and not used >> c & 1:
                out[c] = out[here] + 1
                queue.append(c)
    out.pop(start)
    return out


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
    if state.phase == "compensate":
        return sorted(c for c in Market.neighbours(p.steward) if not p.used >> c & 1)
    if state.phase != "take":
        return []
    faces = [g.face for d, g in state.groups() if not group or d == group]
    if not faces:
        return []
    spans = [step_range(state, player, f) for f in faces]
    by_length = steward_paths(p.steward, p.used, max(hi for _, hi in spans))
    ends: set[int] = set()
    for lo, hi in spans:
        for n in range(lo, min(hi, len(by_length) - 1) + 1):
            ends.update(path[-1] for path in by_length[n])
    return sorted(ends)


def sheet_board(
    state: GameState, player: int, group: str = "", path: tuple[int, ...] = ()
) -> dict[str, Any]:
    """Everything a sheet shows, as plain data (the front end, the text board and the SVG draw it)."""
    sheet = state.sheet
    p = state.players[player]
    dist = distances(p.steward, p.used)
    reach = set(reachable_now(state, player, group)) if not path else set()
    end = path[-1] if path else p.steward
    in_path = set(path)
    nxt = (
        {c for c in Market.neighbours(end) if not p.used >> c & 1 and c not in in_path}
        if state.current_player == player and state.phase in ("take", "compensate")
        else set()
    )
    cells = []
    for i, cell in enumerate(sheet.market.cells):
        circled = bool(p.circled >> i & 1)
        used = bool(p.used >> i & 1)
        status = []
        if i == p.steward:
            status.append("steward here")
        if circled:
            status.append("circled")
        elif used and i != sheet.market.centre:
            status.append("used up")
        if i in in_path:
            status.append(f"on the drawn path, step {path.index(i) + 1}")
        if i in dist:
            status.append(f"reachable in {dist[i]}")
        elif not used:
            status.append("cut off")
        if i in reach:
            status.append("a steward move can end here now")
        cells.append(
            {
                "index": i,
                "name": Market.name(i),
                "kind": cell.kind,
                "amount": cell.amount,
                "short": cell.short(),
                "text": cell.label(),
                "colour": COLOURS.get(cell.kind, ""),
                "circled": circled,
                "used": used,
                "steward": i == p.steward,
                "distance": dist.get(i, -1),
                "reachable": i in reach,
                "next": i in nxt,
                "step": path.index(i) + 1 if i in in_path else 0,
                "label": f"market {Market.name(i)}: {cell.label()}, " + ", ".join(status),
            }
        )
    districts = []
    for d, district in enumerate(sheet.districts):
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
                "label": f"{TITLES[district.name]} shop {k + 1}: {p.shops[d][k]} of {shop.goods} goods, "
                f"{shop.points} points" + (", complete" if p.shops[d][k] == shop.goods else ""),
            }
            for k, shop in enumerate(district.shops)
        ]
        districts.append(
            {
                "name": district.name,
                "title": TITLES[district.name],
                "colour": COLOURS[district.name],
                "bonus": district.bonus,
                "bonus_status": bonus,
                "shops": shops,
            }
        )
    breakdown = state.score_breakdown(player)
    buildings = [
        {
            "name": b.name,
            "title": b.title,
            "gold": b.gold,
            "goats": b.goats,
            "built": p.has(b.name),
        }
        for b in sheet.buildings
    ]
    return {
        "player": player,
        "title": f"Player {player + 1}",
        "current": state.current_player == player,
        "districts": districts,
        "market": cells,
        "path": list(path),
        "scores": list(p.scores),
        "gold": {"track": sheet.gold_track, "circled": p.gold_circled, "crossed": p.gold_crossed},
        "goats": {
            "track": sheet.goat_track,
            "circled": p.goats_circled,
            "crossed": p.goats_crossed,
        },
        "buildings": buildings,
        "turns": {"track": sheet.turn_track, "crossed": p.turns},
        "score": {**{t: getattr(breakdown, t) for t in TERMS}, "total": breakdown.total},
        "yellow": state.earned_yellow(player),
    }


class SheetWidget(Board):
    """One player's sheet (C3): shops, bonus boxes, the 5×5 market, tracks, buildings, turns and score (E1).

    Clicking market cells draws a steward path from the steward (A4): each click adds a step, clicking the
    path's last cell takes it back, clicking the steward clears the path. A click the rules forbid is
    refused and ``message`` says why, with the rule ID. ``path_ready`` tells when the drawn path is a
    complete legal move; ``move()`` returns it. ``group`` names the harbor group that pays for the move.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> sheet = SheetWidget(state, player=0, group="goats")
    >>> sheet.click(7)  # r1c2, one step up from the centre; the Goats group shows 1
    >>> sheet.path, sheet.path_ready, str(sheet.move())
    ([7], True, 'goats steward r1c2 shops 1')
    >>> sheet.click(0)
    Refused: r0c0 is not orthogonally next to r1c2 (A4b)
    >>> sheet.message
    'r0c0 is not orthogonally next to r1c2 (A4b)'
    """

    _esm = module("sheet.js")
    _css = asset("boards.css")

    board = traitlets.Dict().tag(sync=True)
    path = traitlets.List(traitlets.Int()).tag(sync=True)
    path_ready = traitlets.Bool(False).tag(sync=True)
    group = traitlets.Unicode("").tag(sync=True)
    player = traitlets.Int(0).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self, state: GameState | None = None, player: int | None = None, group: str = "", **kwargs
    ):
        if player is None:
            player = max(0, state.current_player) if state is not None else 0
        super().__init__(player=player, group=group, **kwargs)
        self.state = state
        self.observe(lambda _c: self._redraw(clear=True), ["group", "player"])

    def show(self, state: GameState | None) -> None:
        """Show another moment of the game; the drawn path is cleared, the widget stays."""
        self._redraw(clear=True)

    def _redraw(self, clear: bool = False) -> None:
        with self.hold_sync():
            if clear:
                self.path = []
                self.path_ready = False
                self.message = ""
            if self._state is not None:
                self.board = sheet_board(self._state, self.player, self.group, tuple(self.path))

    # --- clicks ------------------------------------------------------------------------------

    def handle(self, content: dict) -> None:
        if content.get("event") == "cell":
            index = content.get("index")
            if isinstance(index, int):
                self.click(index)

    def click(self, index: int) -> None:
        """What clicking market cell ``index`` does: add a step, take one back, or refuse with the rule."""
        state = self._state
        if state is None or not 0 <= index < CELLS:
            return
        p = state.players[self.player]
        if index == p.steward and self.path:
            self._set_path(())
            return
        if self.path and index == self.path[-1]:
            self._set_path(tuple(self.path[:-1]))
            return
        reason = self._refusal(state, tuple(self.path) + (index,))
        if reason:
            self.refuse(reason)
        else:
            self._set_path(tuple(self.path) + (index,))

    def _set_path(self, path: tuple[int, ...]) -> None:
        state = self._state
        ready = bool(path) and state is not None and self._complete(state, path)
        with self.hold_sync():
            self.message = ""
            self.path_ready = ready
            self.path = list(path)  # last, so observers of ``path`` see the rest already
            self._redraw()
        self._fire("path", list(path), ready)

    def _refusal(self, state: GameState, path: tuple[int, ...]) -> str:
        """Why the path cannot be drawn (the engine's message with its rule), or "" if it can."""
        if not self.interactive:
            return "this sheet is for viewing only"
        if state.current_player != self.player:
            who = "nobody" if state.is_over else f"player {state.current_player + 1}"
            return f"it is {who}'s turn, not player {self.player + 1}'s (R6)"
        if state.phase == "compensate":
            if len(path) > 1:
                return "the compensation moves the steward exactly one step (R8)"
            return self._engine_says(
                state, Compensate(path, arrival_shops(state, self.player, path[-1])[0])
            )
        if state.phase != "take":
            return f"no steward move now: {state.phase} phase (A4)"
        if not self.group:
            return "take a group first: the steward moves as many steps as its face value (A4)"
        slot = HARBOR.index(self.group)
        group = state.harbor[slot]
        if group is None:
            return f"the {TITLES[self.group]} district has no group to take (R6)"
        # Check the steps with a group whose face matches the path, so the steps are checked on their own.
        trial = dataclasses.replace(
            state,
            harbor=state.harbor[:slot] + (DiceGroup(len(path), 1),) + state.harbor[slot + 1 :],
        )
        shops = arrival_shops(state, self.player, path[-1])[0]
        reason = self._engine_says(trial, Take(self.group, path, shops))
        if reason:
            return reason
        lo, hi = step_range(state, self.player, group.face)
        if len(path) > hi:
            return self._engine_says(state, Take(self.group, path, shops))
        return ""

    @staticmethod
    def _engine_says(state: GameState, move: Move) -> str:
        try:
            state.apply(move)
        except IllegalMove as exc:
            return str(exc)
        return ""

    def _complete(self, state: GameState, path: tuple[int, ...]) -> bool:
        move = self.move(path)
        return move is not None and not self._engine_says(state, move)

    def move(
        self, path: tuple[int, ...] | None = None, shops: tuple[int, ...] | None = None
    ) -> Move | None:
        """The steward move the drawn path makes (with the first shop choice unless ``shops`` is given)."""
        state = self._state
        path = tuple(self.path) if path is None else tuple(path)
        if state is None or not path:
            return None
        if shops is None:
            shops = arrival_shops(state, self.player, path[-1])[0]
        if state.phase == "compensate":
            return Compensate(path, shops)
        if not self.group:
            return None
        return Take(self.group, path, shops)

    def shop_choices(self) -> list[tuple[int, ...]]:
        """Where the goods of the path's arrival cell may go (M1, A3a); ``[()]`` if it gives none."""
        if self._state is None or not self.path:
            return [()]
        return arrival_shops(self._state, self.player, self.path[-1])

    def clear(self) -> None:
        """Forget the drawn path."""
        self._set_path(())

    def on_path(self, callback: Callable[[list[int], bool], None], remove: bool = False) -> None:
        """Call ``callback(path, ready)`` whenever the drawn path changes."""
        self._on("path", callback, remove)

    # --- static forms ------------------------------------------------------------------------

    def text(self) -> str:
        b = self.board
        if not b:
            return "Sheet (no game)"
        s = b["score"]
        lines = [f"{b['title']}'s sheet" + (" (to play)" if b["current"] else "")]
        for d in b["districts"]:
            shops = "  ".join(
                f"[{'x' * sh['filled']}{'.' * (sh['goods'] - sh['filled'])}]{sh['points']}"
                for sh in d["shops"]
            )
            bonus = f"bonus {d['bonus']} {d['bonus_status']}" if d["bonus"] else "no bonus"
            lines.append(f"  {d['title']:<7} {shops}  ({bonus})")
        lines.append("  Market (( ) circled, x used, @ steward, 1-9 drawn path, * reachable now):")
        for r in range(SIZE):
            row = []
            for c in b["market"][r * SIZE : (r + 1) * SIZE]:
                text = c["short"]
                if c["step"]:
                    mark = f"{c['step']}{text}"
                elif c["steward"]:
                    mark = f"@{text}"
                elif c["circled"]:
                    mark = f"({text})"
                elif c["used"]:
                    mark = f"x{text}"
                elif c["reachable"]:
                    mark = f"*{text}"
                else:
                    mark = text
                row.append(f"{mark:<6}")
            lines.append("    " + " ".join(row).rstrip())
        if b["scores"]:
            lines.append(f"  Scoring spots written: {', '.join(map(str, b['scores']))}")
        g, t = b["gold"], b["goats"]
        lines.append(
            f"  Gold {g['circled'] - g['crossed']} (circled {g['circled']}/{g['track']}, crossed {g['crossed']})"
            f"   Goats {t['circled'] - t['crossed']} (circled {t['circled']}/{t['track']}, crossed {t['crossed']})"
        )
        built = [
            f"[{'x' if x['built'] else ' '}] {x['title']} ({x['gold']}$+{x['goats']}G)"
            for x in b["buildings"]
        ]
        lines.append("  Buildings: " + "  ".join(built))
        tr = b["turns"]
        lines.append(
            f"  Turns: {'X' * tr['crossed']}{'.' * (tr['track'] - tr['crossed'])}   Yellow dice earned: {b['yellow']}"
        )
        lines.append("  Score: " + " + ".join(f"{t} {s[t]}" for t in TERMS) + f" = {s['total']}")
        if self.message:
            lines.append(f"! {self.message}")
        return "\n".join(lines)

    def to_svg(self) -> str:
        """The sheet as a standalone SVG (for handouts and static viewers)."""
        b = self.board
        w, h = 760, 560
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'font-family="sans-serif" font-size="13" role="img" aria-label="{esc(b.get("title", "Sheet"))} sheet">',
            f'<rect width="{w}" height="{h}" fill="#fbf7ee"/>',
        ]
        if not b:
            out.append("</svg>")
            return "".join(out)
        out.append(
            f'<text x="12" y="24" font-size="17" font-weight="bold">{esc(b["title"])}\'s sheet</text>'
        )
        # Shops: one row per goods district.
        for k, d in enumerate(b["districts"]):
            y = 44 + k * 44
            out.append(
                f'<text x="12" y="{y + 22}" font-weight="bold" fill="{d["colour"]}">{d["title"]}</text>'
            )
            x = 80
            for sh in d["shops"]:
                width = sh["goods"] * 16 + 30
                out.append(
                    f'<rect x="{x}" y="{y}" width="{width}" height="34" rx="5" fill="{d["colour"]}" '
                    f'fill-opacity="{0.45 if sh["complete"] else 0.12}" stroke="{d["colour"]}"/>'
                )
                for j in range(sh["goods"]):
                    cx = x + 10 + j * 16
                    out.append(f'<circle cx="{cx}" cy="{y + 17}" r="6" fill="#fff" stroke="#555"/>')
                    if j < sh["filled"]:
                        out.append(
                            f'<path d="M{cx - 4} {y + 13} L{cx + 4} {y + 21} M{cx + 4} {y + 13} L{cx - 4} {y + 21}" stroke="#111" stroke-width="2"/>'
                        )
                out.append(
                    f'<text x="{x + width - 14}" y="{y + 22}" font-weight="bold">{sh["points"]}</text>'
                )
                x += width + 8
            if d["bonus"]:
                status = d["bonus_status"]
                fill = {"claimed": "#9d9", "lost": "#ccc", "open": "#fff"}[status]
                out.append(
                    f'<rect x="{x + 4}" y="{y}" width="76" height="34" rx="5" fill="{fill}" stroke="#555"/>'
                    f'<text x="{x + 12}" y="{y + 22}">bonus {d["bonus"]}</text>'
                )
                if status == "lost":
                    out.append(
                        f'<path d="M{x + 4} {y + 34} L{x + 80} {y}" stroke="#a00" stroke-width="2"/>'
                    )
                elif status == "claimed":
                    out.append(
                        f'<circle cx="{x + 42}" cy="{y + 17}" r="20" fill="none" stroke="#060" stroke-width="2"/>'
                    )
        # Market 5×5.
        mx, my, cs = 12, 240, 56
        cells = {c["index"]: c for c in b["market"]}
        centres = {
            i: (mx + (i % SIZE) * cs + cs / 2, my + (i // SIZE) * cs + cs / 2) for i in range(CELLS)
        }
        for i, c in cells.items():
            x, y = mx + (i % SIZE) * cs, my + (i // SIZE) * cs
            fill = "#eee" if c["used"] and not c["circled"] else "#fff"
            stroke = "#1a7f37" if c["reachable"] else "#777"
            out.append(
                f'<g aria-label="{esc(c["label"])}"><rect x="{x}" y="{y}" width="{cs - 4}" height="{cs - 4}" rx="4" '
                f'fill="{fill}" stroke="{stroke}" stroke-width="{3 if c["reachable"] else 1}"/>'
                f'<text x="{x + (cs - 4) / 2}" y="{y + 31}" text-anchor="middle" fill="{c["colour"] or "#222"}" '
                f'font-weight="bold">{esc(c["short"])}</text>'
            )
            if c["circled"]:
                out.append(
                    f'<circle cx="{x + (cs - 4) / 2}" cy="{y + (cs - 4) / 2}" r="22" fill="none" stroke="#c00" stroke-width="2"/>'
                )
            out.append("</g>")
        path = (
            [self._state.players[self.player].steward] + b["path"]
            if self._state and b["path"]
            else []
        )
        if path:
            pts = " ".join(f"{centres[i][0]:g},{centres[i][1]:g}" for i in path)
            out.append(
                f'<polyline points="{pts}" fill="none" stroke="#d22" stroke-width="4" stroke-opacity="0.7"/>'
            )
        sx, sy = centres[next(c["index"] for c in b["market"] if c["steward"])]
        out.append(  # the steward pawn, in the cell's corner so the effect stays readable
            f'<circle cx="{sx - 17}" cy="{sy - 17}" r="7" fill="#333" aria-label="steward"/>'
        )
        # Tracks, buildings, turns, score on the right.
        rx = 310
        for k, (name, t) in enumerate((("Gold", b["gold"]), ("Goats", b["goats"]))):
            y = 250 + k * 50
            out.append(
                f'<text x="{rx}" y="{y}" font-weight="bold">{name} {t["circled"] - t["crossed"]}</text>'
            )
            for j in range(t["track"]):
                cx, cy = rx + 8 + (j % 24) * 18, y + 14
                fill = "#d8a514" if name == "Gold" else "#b08a5a"
                out.append(
                    f'<circle cx="{cx}" cy="{cy}" r="6" fill="{fill}" fill-opacity="0.35" stroke="#555"/>'
                )
                if j < t["circled"]:
                    out.append(
                        f'<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#222" stroke-width="1.5"/>'
                    )
                if j < t["crossed"]:
                    out.append(
                        f'<path d="M{cx - 6} {cy - 6} L{cx + 6} {cy + 6}" stroke="#a00" stroke-width="2"/>'
                    )
        for k, bd in enumerate(b["buildings"]):
            x, y = rx + k * 112, 360
            out.append(
                f'<rect x="{x}" y="{y}" width="104" height="44" rx="5" fill="{"#9d9" if bd["built"] else "#fff"}" stroke="#555"/>'
                f'<text x="{x + 6}" y="{y + 18}" font-weight="bold">{esc(bd["title"])}</text>'
                f'<text x="{x + 6}" y="{y + 36}">{bd["gold"]} gold + {bd["goats"]} goats</text>'
            )
        tr = b["turns"]
        out.append(f'<text x="{rx}" y="440" font-weight="bold">Turns</text>')
        for j in range(tr["track"]):
            x = rx + 50 + j * 26
            out.append(f'<rect x="{x}" y="426" width="20" height="20" fill="#fff" stroke="#555"/>')
            if j < tr["crossed"]:
                out.append(
                    f'<path d="M{x} {426} L{x + 20} {446} M{x + 20} 426 L{x} 446" stroke="#222" stroke-width="2"/>'
                )
        s = b["score"]
        terms = "  ".join(f"{t} {s[t]}" for t in TERMS)
        out.append(f'<text x="{rx}" y="480">{esc(terms)}</text>')
        out.append(
            f'<text x="{rx}" y="504" font-size="16" font-weight="bold">Score {s["total"]}</text>'
        )
        if b["scores"]:
            out.append(
                f'<text x="{rx}" y="528">Scoring spots: {", ".join(map(str, b["scores"]))}</text>'
            )
        out.append("</svg>")
        return "".join(out)


__all__ = ["SheetWidget", "sheet_board", "reachable_now", "distances", "BUILDINGS"]
