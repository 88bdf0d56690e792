"""The harbor as a widget: six districts with their dice; clicking a legal group selects it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from corinth.rules import HARBOR, GameState

from ._base import COLOURS, TITLES, Board, asset, esc, module, svg_die


def harbor_groups(state: GameState | None, legal: bool = True) -> list[dict[str, Any]]:
    """The six districts (bottom to top, C2) as plain data for the front end and the text board."""
    out = []
    takeable = legal and state is not None and state.phase == "take"
    for i, district in enumerate(HARBOR):
        group = state.harbor[i] if state is not None else None
        entry: dict[str, Any] = {
            "district": district,
            "title": TITLES[district],
            "colour": COLOURS[district],
            "face": group.face if group else 0,
            "white": group.white if group else 0,
            "yellow": group.yellow if group else 0,
            "size": group.size if group else 0,
            "legal": bool(group) and takeable,
        }
        if group:
            dice = f"{group.white} white" + (f" and {group.yellow} yellow" if group.yellow else "")
            entry["label"] = f"harbor {TITLES[district]}: {group.size} × {group.face} ({dice})" + (
                "" if entry["legal"] else ", cannot be taken now"
            )
        else:
            entry["label"] = f"harbor {TITLES[district]}: empty"
        out.append(entry)
    return out


class HarborWidget(Board):
    """The harbor board (C2, R4): Goats at the bottom, Gold at the top, each group's dice drawn.

    Legal groups are highlighted; clicking one (or Enter on it) sets ``selected`` to its district,
    clicking it again clears the selection. Python code observes ``selected`` or registers ``on_select``.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> harbor = HarborWidget(state)
    >>> harbor.select("blue")
    >>> harbor.selected
    'blue'
    >>> print(harbor)  # doctest: +NORMALIZE_WHITESPACE
    Harbor - player 1 to take a group
      Gold    6×3  [6 6 6]          *
      Orange  -
    > Blue    4×2  [4 4]            *
      Purple  3×1  [3]              *
      Green   2×1  [2]              *
      Goats   1×2  [1 1]            *
    """

    _esm = module("harbor.js")
    _css = asset("boards.css")

    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)

    def __init__(self, state: GameState | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.state = state

    def show(self, state: GameState | None) -> None:
        """Show another moment of the game; the widget stays, only its traits change."""
        with self.hold_sync():
            self.groups = harbor_groups(state, self.interactive)
            self.caption = _caption(state)
            if self.selected and not self._group(self.selected):
                self.selected = ""
            self.message = ""

    def _group(self, district: str) -> dict | None:
        for g in self.groups:
            if g["district"] == district and g["size"]:
                return g
        return None

    def select(self, district: str) -> None:
        """Select a group (what a click does); an empty or untakeable district is refused."""
        if district == "" or district == self.selected:
            self.selected = ""
            return
        if district not in HARBOR:
            self.refuse(f"there is no district {district!r} (R4)")
            return
        group = self._group(district)
        if group is None:
            self.refuse(f"the {TITLES[district]} district has no group to take (R6)")
        elif not group["legal"]:
            why = (
                "it is not a player's turn to take a group"
                if self.interactive
                else "this board is for viewing"
            )
            self.refuse(f"{TITLES[district]} cannot be taken now: {why} (R6)")
        else:
            self.message = ""
            self.selected = district

    def handle(self, content: dict) -> None:
        if content.get("event") == "select":
            self.select(str(content.get("district", "")))

    def on_select(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(district)`` whenever the selection changes ("" when cleared)."""
        if remove:
            self.unobserve(self._select_observers.pop(callback), "selected")
            return
        observer = lambda change: callback(change["new"])  # noqa: E731
        self._select_observers = getattr(self, "_select_observers", {})
        self._select_observers[callback] = observer
        self.observe(observer, "selected")

    # --- static forms ------------------------------------------------------------------------

    def text(self) -> str:
        lines = [f"Harbor - {self.caption}" if self.caption else "Harbor"]
        for g in reversed(self.groups):
            mark = ">" if g["district"] == self.selected else " "
            if not g["size"]:
                lines.append(f"{mark} {g['title']:<7} -")
                continue
            dice = " ".join([str(g["face"])] * g["white"] + [f"y{g['face']}"] * g["yellow"])
            legal = "*" if g["legal"] else ""
            lines.append(
                f"{mark} {g['title']:<7} {g['face']}×{g['size']}  {'[' + dice + ']':<16} {legal}".rstrip()
            )
        if self.message:
            lines.append(f"! {self.message}")
        return "\n".join(lines)

    def to_svg(self) -> str:
        """The harbor as a standalone SVG (for handouts and static viewers)."""
        row, die, width = 46, 30, 560
        height = row * len(HARBOR) + 40
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14" '
            f'role="img" aria-label="{esc("Harbor: " + self.caption)}">',
            f'<rect width="{width}" height="{height}" fill="#fbf7ee"/>',
            f'<text x="10" y="22" font-weight="bold">{esc("Harbor" + (" - " + self.caption if self.caption else ""))}</text>',
        ]
        for k, g in enumerate(reversed(self.groups)):
            y = 34 + k * row
            stroke = (
                "#d22" if g["district"] == self.selected else ("#222" if g["legal"] else "#999")
            )
            sw = 3 if g["district"] == self.selected else 1
            parts.append(
                f'<g aria-label="{esc(g["label"])}"><rect x="8" y="{y}" width="{width - 16}" height="{row - 6}" rx="6" '
                f'fill="{g["colour"]}" fill-opacity="0.25" stroke="{stroke}" stroke-width="{sw}"/>'
                f'<text x="18" y="{y + 26}" font-weight="bold">{esc(g["title"])}</text>'
            )
            if g["size"]:
                parts.append(f'<text x="110" y="{y + 26}">{g["face"]}×{g["size"]}</text>')
                faces = [False] * g["white"] + [True] * g["yellow"]
                for j, yellow in enumerate(faces):
                    parts.append(svg_die(160 + j * (die + 6), y + 4, die, g["face"], yellow))
            parts.append("</g>")
        parts.append("</svg>")
        return "".join(parts)


def _caption(state: GameState | None) -> str:
    if state is None:
        return "no game"
    if state.is_over:
        return "the game is over"
    who = f"player {state.current_player + 1}"
    return {
        "purvey": f"{who} buys yellow dice",
        "roll": f"{who} rolls",
        "take": f"{who} to take a group",
        "build": f"{who} may build",
        "compensate": f"{who}: no group left",
    }[state.phase]
