"""The harbor as a widget: six districts with their dice; clicking a legal group selects it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from corinth.render.board import TITLES, caption, harbor_groups
from corinth.render.svg import draw_harbor
from corinth.rules import HARBOR, GameState
from corinth.shared.language import N_, _

from ._base import Board, Text, module, stylesheet

# The districts' names as the boards say them (``TITLES``), for the catalogue.
DISTRICT_WORDS = (N_("Gold"), N_("Orange"), N_("Blue"), N_("Purple"), N_("Green"), N_("Goats"))


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
    Harbor - Player 1 takes a group
      Gold    6×3   [6 6 6]          *
      Orange  -
    > Blue    4×2   [4 4]            *
      Purple  3×1   [3]              *
      Green   2×1   [2]              *
      Goats   1×2   [1 1]            *
    """

    _esm = module("harbor.js")
    _css = stylesheet()

    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    hinted = traitlets.Unicode("").tag(
        sync=True
    )  # the group a hint suggests, outlined (not chosen)
    caption = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    # Read out by screen readers when it changes (an aria-live region), e.g. "Round 2 — your turn".
    announce = traitlets.Unicode("").tag(sync=True)
    from_page = ("selected",)

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict) -> str:
        district = proposal["value"]
        if district and self._group(district) is None:
            raise traitlets.TraitError(
                _(
                    "there is no group to select in {district}: choose a district of the harbor "
                    "that holds dice (R6)"
                ).format(district=repr(district))
            )
        return district

    def page_sets(self, name: str, value: Any) -> None:
        if not isinstance(value, str):
            raise TypeError("a selected district is a name such as 'blue'")
        if value != self.selected:
            self.select(value)

    def __init__(self, state: GameState | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.state = state

    def show(self, state: GameState | None) -> None:
        """Show another moment of the game; the widget stays, only its traits change."""
        moved = state != getattr(self, "_shown", None)
        self._shown = state
        with self.hold_sync():
            self.groups = harbor_groups(state, self.interactive)
            self.caption = caption(state)
            # A group chosen for one decision never carries over to the next (nor through Undo).
            if self.selected and (moved or not self._group(self.selected)):
                self.selected = ""
            self.message = ""

    def _group(self, district: str) -> dict | None:
        for g in self.groups or []:
            if g["district"] == district and g["size"]:
                return g
        return None

    def select(self, district: str) -> None:
        """Select a group (what a click does); an empty or untakeable district is refused."""
        if district == "" or district == self.selected:
            self.selected = ""
            return
        if district not in HARBOR:
            self.refuse(
                _("there is no district {district} (R4)").format(district=repr(district[:20]))
            )
            return
        group = self._group(district)
        title = _(TITLES[district])
        if group is None:
            self.refuse(
                _("the {district} district has no group to take (R6)").format(district=title)
            )
        elif not group["legal"]:
            why = (
                _("{district} cannot be taken now: it is not a player's turn to take a group (R6)")
                if self.interactive
                else _("{district} cannot be taken now: this board is for viewing (R6)")
            )
            self.refuse(why.format(district=title))
        else:
            self.message = ""
            self.selected = district

    page_events = {"select": {"district": Text(20, words="a district's name, such as 'blue'")}}

    def react(self, event: str, fields: dict) -> None:
        self.select(fields["district"])

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
        lines = [
            _("Harbor - {caption}").format(caption=self.caption) if self.caption else _("Harbor")
        ]
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
        """The harbor as a standalone SVG (for handouts and static viewers; ``corinth.render``)."""
        return draw_harbor(self.groups, self.caption, self.selected)


__all__ = ["HarborWidget", "harbor_groups"]
