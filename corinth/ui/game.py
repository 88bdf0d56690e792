"""A whole game against bots in one notebook cell: the harbor, a sheet, controls, a move log and hints."""

from __future__ import annotations

import time
from collections.abc import Sequence

import ipywidgets as w
import traitlets

from corinth.render.svg import side_by_side
from corinth.rules import (
    CorinthError,
    GameState,
    Move,
    Purvey,
    Variants,
    game_from_json,
    new_game,
)
from corinth.shared.language import _
from corinth.solver.table import Table

from ._base import FrontEnd, again_soon, clip, module, working
from .controls import TurnControls
from .game_text import hint_html, log_html, since_html, status_html, strip_html
from .guide import Guide
from .harbor import HarborWidget
from .picker import MovePicker
from .sheet import SheetWidget

MAX_KEPT_MOVES = 4000  # a whole game has a few hundred moves; more is not a game of this app


class GameKeeper(FrontEnd):
    """A game's moves kept in the learner's browser (``localStorage``, under ``key``), so a reload
    of the lesson brings the game back. The page sends the kept moves once, when it opens; they
    are checked (text moves, bounded) and replayed through the rules by ``GameApp``, never trusted.
    ``signature`` says which game they belong to (players, seed, first player, bots)."""

    _esm = module("keeper.js")
    key = traitlets.Unicode("").tag(sync=True)
    signature = traitlets.Unicode("").tag(sync=True)
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._restore: list = []
        self.on_msg(self._on_page)

    def set_state(self, sync_data: dict) -> None:
        """The page never writes a trait: its only word is the checked "restore" message."""
        self.send_state(list(self.keys))

    def on_restore(self, callback) -> None:
        self._restore.append(callback)

    def _on_page(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("event") != "restore":
            return
        moves = content.get("moves")
        if not isinstance(moves, list) or len(moves) > MAX_KEPT_MOVES:
            return
        if not all(isinstance(m, str) and len(m) <= 200 for m in moves):
            return
        for callback in self._restore:
            callback(list(moves))


class GameApp(w.VBox):
    """Play Corinth against bots: buy yellow dice, roll, take a group and act, build; undo; hints.

    The game itself is a ``corinth.solver.table.Table`` (``app.table``: the state, the seats, undo,
    the move log); this draws it and turns clicks into its moves. The dice come from the game's seed, so a game
    is shared as its seed and move list
    (``to_json()``, the engine's saved-game format) and reloaded with ``GameApp.from_json``.

    >>> app = GameApp(players=2, seed=3, bots="greedy")
    >>> app.state.current_player == app.human or app.state.is_over
    True
    >>> app2 = GameApp.from_json(app.to_json())
    >>> app2.state == app.state
    True
    """

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        human: int = 0,
        bots: str | Sequence[str] = "greedy",
        state: GameState | None = None,
        first_player: int | None = None,
        auto: bool = True,
        variants: Variants | str | Sequence[str] | None = None,
        speed: float = 0.0,
        guide_rounds: int = 0,
        keep: str = "",
    ):
        self.table = Table(players, seed, human, bots, state, first_player, variants)
        # ``keep``: the game is kept in the learner's browser under this name (a lesson's game).
        self.keeper = GameKeeper(key=keep, signature=self._signature()) if keep else None
        self.human = human
        self.auto = auto  # False: the bots wait for "Next player"
        self.speed = speed  # seconds shown between two bot moves when they play on their own
        self._acting = False  # a move is being played: later clicks of that sequence are dropped
        self._make_boards(human)
        self._make_controls(speed, guide_rounds)
        super().__init__(self._layout())
        self._connect()
        self._mark = len(self.state.history)  # the moves after this one are shown as "since you"
        self._advance()
        self._refresh()

    def _make_boards(self, human: int) -> None:
        """The harbor, the sheet shown (``view``: whose), the move picker and the status line."""
        self.output = w.Output(layout=w.Layout(max_height="160px", overflow="auto"))
        self.harbor = HarborWidget()
        self.sheet = SheetWidget(player=human)
        self.harbor.output = self.sheet.output = self.output
        self.status = w.HTML()
        self.view = w.ToggleButtons(
            options=[(self.table.player_name(i), i) for i in range(self.state.num_players)],
            value=human,
            description=_("Sheet of"),
            style={"button_width": "auto"},
        )
        self.picker = MovePicker(self.harbor, self.sheet, self.output)

    def _make_controls(self, speed: float, guide_rounds: int) -> None:
        """The turn's controls, the hint, the guide of the first rounds and the move log."""
        self.controls = c = TurnControls(speed, self.state.variants.names())
        # The controls' widgets under the app's own names (tests and notebooks click them).
        self.buy, self.roll_button, self.build_choice = c.buy, c.roll_button, c.build_choice
        self.purvey_box, self.build_box = c.purvey_box, c.build_box
        self.build_button, self.next_button = c.build_button, c.next_button
        self.undo_button, self.hint_button = c.undo_button, c.hint_button
        self.hint_objective, self.speed_choice = c.hint_objective, c.speed_choice
        self.variant_choice, self.new_game_button = c.variant_choice, c.new_game_button
        self.speed_choice.observe(lambda c: self._set_speed(c["new"]), "value")
        self.hint = w.HTML()
        self.guide_box = (
            w.HTML()
        )  # the guided first rounds (``guide_rounds``): what to click and why
        self.guide = Guide(self.guide_box, {"purvey": c.roll_button, "roll": c.roll_button,
                                            "take": self.harbor, "action": self.picker.act,
                                            "build": c.build_button, "compensate": self.sheet},
                           rounds=guide_rounds)  # fmt: skip
        self.harbor.observe(lambda _c: self._show_guide(), "selected")
        # Both scroll past a few lines, so the whole game keeps to two screens at 1280×720.
        self.last_moves = w.HTML(layout=w.Layout(max_height="170px", overflow="auto"))
        self.move_log = w.HTML(layout=w.Layout(max_height="130px", overflow="auto"))

    def _layout(self) -> list:
        """The app's rows, top to bottom."""
        c = self.controls
        # Projector layout (1280×720): the harbor with every control under it on the left, the sheet
        # (market on top) on the right, so the harbor, the market and the controls show together.
        # The hint sits under its button, beside the boards it is drawn on.
        left = w.VBox([self.harbor, self.purvey_box, self.picker.widget, self.build_box,
                       c.buttons, self.hint, self.last_moves],
                      layout=w.Layout(width="330px", flex="none"))  # fmt: skip
        return [
            self.status,
            self.guide_box,
            w.HBox(
                [left, w.VBox([self.view, self.sheet])],
                layout=w.Layout(flex_flow="row nowrap", align_items="flex-start"),
            ),
            c.settings,
            self.move_log,
            self.output,
            c.setup_box,
            *([self.keeper] if self.keeper is not None else []),
        ]

    def _connect(self) -> None:
        """The clicks of the buttons, the picker's moves and the choice of sheet, to the game."""
        if self.keeper is not None:
            self.keeper.on_restore(self._restore)
        self.add_class("corinth-game")  # one game among other boards on a page (tests, styles)
        self.new_game_button.on_click(lambda _b: self._run(self.restart))
        self.roll_button.on_click(lambda _b: self._play_purvey())
        self.build_button.on_click(lambda _b: self._play_build())
        self.undo_button.on_click(lambda _b: self._run(self.undo))
        self.next_button.on_click(lambda _b: self._run(self.next_player))
        self.hint_button.on_click(lambda _b: self._run(self.show_hint))
        self.picker.on_move(self.play)
        self.view.observe(lambda _c: self._refresh(), "value")

    @property
    def state(self) -> GameState:
        """The game as it stands (the table's)."""
        return self.table.state

    @property
    def seed(self) -> int:
        return self.table.seed

    def play(self, move: Move | str) -> bool:
        """Play the human's move; the bots answer until the human decides again. False if refused.

        A move is played at most once per click sequence: a click that arrives while a move is
        being played (a double click on "Take and act") is dropped.
        """
        if self._acting:
            return False
        mark = len(self.state.history)
        try:
            self.table.play(move)
        except CorinthError as exc:  # NotYourTurn reads "it is not your turn (R6)"
            print(_("Refused: {reason}").format(reason=clip(str(exc))))
            return False
        self._acting = True
        try:
            self._mark = mark
            self.output.clear_output()  # old refusals go with the move that answered them
            self._clear_hint()
            self._advance()
            self._refresh()
            self.focus_decision()
            again_soon(self.focus_decision)  # the control may be shown by this very update
        finally:
            self._acting = False
        return True

    def focus_decision(self) -> None:
        """Put the keyboard focus on the first control of the decision now shown (never the page body).
        The buttons and the build choice are focused by the harbor's front end once the page shows
        them (the update showing them may be drawn after the request, on a busy machine later still)."""
        state = self.state
        if state.is_over or state.current_player != self.human:
            self.harbor.focus_when_shown("corinth-undo")
        elif state.phase == "purvey":
            self.harbor.focus_when_shown("corinth-roll")
        elif state.phase == "take":
            self.harbor.focus()
        elif state.phase == "build":
            self.harbor.focus_when_shown("corinth-build-choice")
        elif state.phase == "compensate":
            self.sheet.focus()

    def _set_speed(self, value: float | None) -> None:
        self.auto = value is not None
        self.speed = value or 0.0
        if self.auto:
            self._advance()
        self._refresh()

    def next_player(self) -> None:
        """Let the bot to play finish its turn (with ``auto=False``; otherwise the bots never wait)."""
        state = self.state
        if state.is_over or (state.current_player == self.human and not state.is_chance):
            print(_("It is your turn."))
            return
        for _move in self.table.bots_play(one_turn=True):
            pass
        self._refresh()

    def _advance(self) -> None:
        """Roll (from the game's seed) and let the bots play until the human must decide (R6–R10).

        The state left is always a decision of the human (or the end of the game), so hints and
        ``rank_moves(app.state)`` work wherever the game stands. With a ``speed`` the boards show
        each bot move for that many seconds.
        """
        if not self.auto:
            self.table.roll_for_human()
            return
        for _move in self.table.bots_play():
            if self.speed:  # a bot has just played: show its move for a while
                self._refresh()
                time.sleep(self.speed)

    def restart(self, variants: Variants | Sequence[str] | None = None) -> None:
        """Start the game again from its seed under ``variants`` (default: the ones chosen in setup)."""
        self.table.restart(self.variant_choice.value if variants is None else variants)
        self._clear_hint()
        self._advance()
        self._refresh()

    def undo(self) -> None:
        """Go back to before your last move (the bots' answers are taken back too)."""
        if not self.table.undo():
            print(_("Nothing to undo."))
            return
        self._mark = len(self.state.history)
        self.output.clear_output()
        self._clear_hint()
        self._refresh()
        self.focus_decision()

    def _play_purvey(self) -> None:
        with self.output:
            if self.state.phase == "purvey":
                self.play(Purvey(int(self.buy.value)))
            elif self.state.is_chance:
                self._advance()
                self._refresh()

    def _play_build(self) -> None:
        with self.output:
            if self.build_choice.value is not None and self.state.phase == "build":
                self.play(self.build_choice.value)

    def _run(self, action) -> None:
        with self.output:
            action()

    def show_hint(self, top: int = 10) -> list:
        """Rank your legal moves with the solver and show the best ``top`` in words beside the boards,
        the first one drawn on them: its group outlined on the harbor, its walk on your market.

        Works wherever the game stands: at your decision it returns the ranked moves (best first);
        at the end of the game, or while a bot is to play, an empty list and a line saying why.
        """
        self._clear_hint()
        self.hint.value = working()  # sent to the page at once; the expected ranking takes seconds
        hint = self.table.hint(self.hint_objective.value, top, self.controls.opponents.value)
        if hint.why_none:
            self.hint.value = f"<i>{hint.why_none}</i>"
            return hint.moves
        self.hint.value = hint_html(
            hint.moves, hint.objective, self.state, hint.robust, hint.note, hint.opponents
        )
        if hint.moves:
            best = hint.moves[0].move
            self.harbor.hinted = getattr(best, "district", "") or ""
            if getattr(best, "path", ()) and self.view.value == self.human:
                self.sheet.hinted = list(best.path)
        return hint.moves

    def _clear_hint(self) -> None:
        """Take the hint's words and its drawing off the boards (a move or an undo changed the game)."""
        self.hint.value = ""
        self.harbor.hinted = ""
        self.sheet.hinted = []

    def _refresh(self) -> None:
        state = self.state
        with self.hold_trait_notifications():
            self.harbor.interactive = state.current_player == self.human
            self.harbor.state = state
            self.sheet.player = self.view.value
            self.sheet.state = state
            self.picker.show(state, self.view.value if self.view.value == self.human else -2)
            mine = state.current_player == self.human
            self.controls.show(state, mine, self.auto, self.table.can_undo)
            self.status.value = status_html(self.table)
            self.harbor.announce = self.table.headline()
            self.move_log.value = log_html(self.table)
            self.last_moves.value = since_html(self.table, self._mark)
            self._show_guide()
            if self.keeper is not None:
                self.keeper.moves = [str(m) for m in state.history]

    def _signature(self) -> str:
        state = self.state
        bots = ",".join(str(self.table.bot_names[i]) for i in sorted(self.table.bot_names))
        return f"{state.num_players}/{state.seed}/{state.start_player}/{self.table.human}/{bots}"

    def _restore(self, moves: list[str]) -> None:
        """The game the browser kept: replayed from this game's start, move by move through the
        rules; any move the rules refuse leaves the game as it is."""
        start = self.state
        try:
            state = new_game(
                start.num_players, start.seed, start.start_player, start.sheet, start.variants
            )
            for text in moves:
                state = state.apply(text)
        except (CorinthError, ValueError):
            return
        self.table = Table(
            start.num_players,
            start.seed,
            self.human,
            [self.table.bot_names[i] for i in sorted(self.table.bot_names)],
            state=state,
        )
        self._mark = len(self.state.history)
        self._clear_hint()
        self.output.clear_output()
        self._advance()
        self._refresh()

    def _show_guide(self) -> None:
        self.guide.update(self.state, self.human, self.harbor.selected or "")

    def to_json(self) -> str:
        """The game in the engine's saved-game format: seed, sheet and every move."""
        return self.state.to_json()

    @classmethod
    def from_json(cls, text: str, human: int = 0, bots: str | Sequence[str] = "greedy") -> GameApp:
        """Reload a shared game (seed plus move list) and carry on playing."""
        return cls(state=game_from_json(text), human=human, bots=bots)

    def __repr__(self) -> str:
        return "\n".join(
            [
                strip_html(status_html(self.table)),
                repr(self.harbor),
                repr(self.sheet),
                _("Moves: {moves}").format(
                    moves=" | ".join(str(m) for m in self.state.history[-12:])
                ),
            ]
        )

    def to_svg(self) -> str:
        """The harbor and the shown sheet side by side, as one SVG."""
        return side_by_side(self.harbor.to_svg(), self.sheet.to_svg())
