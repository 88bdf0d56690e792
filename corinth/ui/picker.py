"""Choosing a move with the boards: a harbor group and its action, or a steward path drawn on the sheet."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from corinth.rules import GameState, IllegalMove, Move, Take
from corinth.rules.describe import shop_words
from corinth.rules.sheet import Sheet
from corinth.shared.language import _, ngettext

from ._base import set_visible, words_html
from .harbor import HarborWidget
from .sheet import SheetWidget


def shops_words(shops: tuple[int, ...], district: str = "", sheet: Sheet | None = None) -> str:
    """Where a delivery's goods go, the shops named as the sheet prints them (by their points)."""
    if not shops:
        return _("no new shop (started shops fill, the rest is lost)")
    if not district:
        return ngettext("start shop {shops}", "start shops {shops}", len(shops)).format(
            shops=", ".join(str(s + 1) for s in shops)
        )
    return _("start {shops}").format(
        shops=_(" then ").join(shop_words(district, s, sheet) for s in shops)
    )


class MovePicker:
    """The controls under the boards for a take or compensation turn (R6–R8, A1–A4).

    Pick a group on the harbor, then either its own action from the list (gold, goats, or where the goods
    go) or draw a steward path on the sheet and press "Move the steward". ``on_move(callback)`` receives
    the chosen ``Move``. The picker never applies it: the game or puzzle does.
    """

    def __init__(self, harbor: HarborWidget, sheet: SheetWidget, output: w.Output):
        self.harbor, self.sheet, self.output = harbor, sheet, output
        self.state: GameState | None = None
        self.player = 0
        self._callbacks: list[Callable[[Move], None]] = []
        # The lists take the width of their longest choice (never cut) up to the column's width.
        fit = {"width": "auto", "max_width": "100%"}
        label = {"description_width": "initial"}
        self.action = w.Dropdown(description=_("Action"), layout=w.Layout(**fit), style=label)
        self.act = w.Button(description=_("Take and act"), button_style="primary", disabled=True)
        self.shops = w.Dropdown(description=_("Goods to"), layout=w.Layout(**fit), style=label)
        self.steward = w.Button(description=_("Move the steward"), disabled=True)
        self.pass_ = w.Button(description=_("Pass"))
        self.help = w.HTML()
        self.widget = w.VBox(
            [
                self.help,
                self.action,
                self.act,
                self.shops,
                w.HBox([self.steward, self.pass_]),
            ],
            layout=w.Layout(max_width="440px"),
        )
        self.act.on_click(lambda _b: self._choose_action())
        self.steward.on_click(lambda _b: self._choose_steward())
        self.pass_.on_click(lambda _b: self._emit(Move.parse("pass")))
        harbor.on_select(self._on_group)
        sheet.on_path(lambda _path, _ready: self._refresh_steward())

    def on_move(self, callback: Callable[[Move], None]) -> None:
        self._callbacks.append(callback)

    def show(self, state: GameState | None, player: int) -> None:
        """Offer the choices of ``state`` to ``player`` (hidden when it is not their take or step)."""
        self.state, self.player = state, player
        mine = state is not None and state.current_player == player
        phase = state.phase if state is not None else "over"
        set_visible(self.widget, mine and phase in ("take", "compensate"))
        set_visible(self.action, phase == "take")
        set_visible(self.act, phase == "take")
        set_visible(self.pass_, phase == "compensate")
        if phase == "take":
            self.help.value = _(
                "Pick a group on the harbor, then its action, or draw a steward path on your market."
            )
        elif phase == "compensate":
            hi = state.compensation_range(state.players[player])[1]
            said = (
                _(
                    "No group is left for you (R8): move the steward 1 step by clicking the cells "
                    "of its path on your market, or pass."
                )
                if hi == 1
                else _(
                    "No group is left for you (R8): move the steward 1 step, or up to {hi} with "
                    "gold or the Stables, by clicking the cells of its path on your market, or pass."
                ).format(hi=hi)
            )
            self.help.value = words_html(said)
        self._on_group(self.harbor.selected)

    def _on_group(self, district: str) -> None:
        self.sheet.group = district
        state = self.state
        options: list[tuple[str, Move]] = []
        if state is not None and state.phase == "take" and district:
            for move in state.legal_moves():
                if isinstance(move, Take) and move.district == district and not move.path:
                    options.append((_action_words(state, move), move))
        self.action.options = options
        self.action.index = 0 if options else None
        self.act.disabled = not options
        self._refresh_steward()

    def _refresh_steward(self) -> None:
        if self.sheet.path:
            choices = self.sheet.shop_choices()
            sheet = self.state.sheet if self.state is not None else None
            kind = sheet.market.cells[self.sheet.path[-1]].kind if sheet is not None else ""
            self.shops.options = [(shops_words(s, kind, sheet), s) for s in choices]
        else:
            choices = [()]
            self.shops.options = [(_("(draw a steward path on the market)"), ())]
        self.shops.index = 0
        self.shops.disabled = len(choices) < 2
        self.steward.disabled = not self.sheet.path_ready

    def _choose_action(self) -> None:
        if self.action.value is not None:
            self._emit(self.action.value)

    def _choose_steward(self) -> None:
        move = self.sheet.move(shops=self.shops.value or ())
        if move is not None:
            self._emit(move)

    def _emit(self, move: Move) -> None:
        with self.output:
            for callback in self._callbacks:
                callback(move)


def _action_words(state: GameState, move: Take) -> str:
    if move.district == "gold":
        return _("Gain gold")
    if move.district == "goats":
        return _("Gain goats")
    return _("Deliver: {shops}").format(shops=shops_words(move.shops, move.district, state.sheet))


def try_apply(state: GameState, move: Move) -> tuple[GameState | None, str]:
    """Apply a move; on IllegalMove return the engine's message (with its rule) instead."""
    try:
        return state.apply(move), ""
    except IllegalMove as exc:
        return None, str(exc)
