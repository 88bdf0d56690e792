"""A whole game against bots in one notebook cell: the harbor, a sheet, controls, a move log and hints."""

from __future__ import annotations

import html
import time
from collections.abc import Sequence

import ipywidgets as w

from corinth.rules import CorinthError, GameState, Move, Purvey, Variants, game_from_json
from corinth.rules.variants import HELP as VARIANT_HELP
from corinth.solver.bots import Bot
from corinth.table import Table

from ._base import clip
from .harbor import HarborWidget
from .picker import MovePicker
from .sheet import SheetWidget

# What "Hint by" offers: label → objective of ``rank_moves``. Near the end (``exact.in_reach``) the
# hint is worked out exactly whatever is chosen here, and says so.
HINT_OBJECTIVES = {"points now": "immediate", "expected final score": "expected"}
# How fast the bots play: seconds between two bot moves (None: one move per "Next move" click).
SPEEDS = {"instantly": 0.0, "quickly (0.4 s a move)": 0.4, "slowly (1.5 s a move)": 1.5}
HINT_ROWS = 3  # rows of the hint table shown before "show all"


class GameApp(w.VBox):
    """Play Corinth against bots: buy yellow dice, roll, take a group and act, build; undo; hints.

    The game itself is a ``corinth.table.Table`` (``app.table``: the state, the seats, undo, the move
    log); this draws it and turns clicks into its moves. The dice come from the game's seed, so a game
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
    ):
        self.table = Table(players, seed, human, bots, state, first_player, variants)
        players = self.state.num_players
        self.human = human
        self.auto = auto  # False: the bots wait for "Next player"
        self.speed = speed  # seconds shown between two bot moves when they play on their own
        self._acting = (
            False  # a move is being played: later clicks of the same sequence are dropped
        )

        self.output = w.Output(layout=w.Layout(max_height="160px", overflow="auto"))
        self.harbor = HarborWidget()
        self.sheet = SheetWidget(player=human)
        self.harbor.output = self.sheet.output = self.output
        self.status = w.HTML()
        self.view = w.ToggleButtons(
            options=[(self._player_name(i), i) for i in range(players)],
            value=human,
            description="Sheet of",
            style={"button_width": "auto"},
        )
        self.picker = MovePicker(self.harbor, self.sheet, self.output)
        self.buy = w.ToggleButtons(
            options=[0], description="Buy yellow", style={"button_width": "40px"}
        )
        self.roll_button = w.Button(description="Buy and roll", button_style="primary")
        self.purvey_box = w.VBox([self.buy, self.roll_button])
        self.build_choice = w.Dropdown(
            description="Build",
            layout=w.Layout(width="auto", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.build_button = w.Button(description="Build", button_style="primary")
        self.build_box = w.VBox([self.build_choice, self.build_button])
        self.next_button = w.Button(description="Next player", icon="forward")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o")
        self.hint_objective = w.Dropdown(
            options=list(HINT_OBJECTIVES.items()),
            value="immediate",
            description="Hint by",
        )
        self.speed_choice = w.Dropdown(
            options=[*SPEEDS.items(), ("one move per click", None)],
            value=speed if speed in SPEEDS.values() else 0.0,
            description="Bots play",
            style={"description_width": "initial"},
        )
        self.speed_choice.observe(lambda c: self._set_speed(c["new"]), "value")
        self.hint = w.HTML()
        # Setup: the rulebook's open readings (R5, R8); a new game starts under the chosen ones.
        self.variant_choice = w.SelectMultiple(
            options=[(text, name) for name, text in VARIANT_HELP.items()],
            value=tuple(self.state.variants.names()),
            description="Rule variants",
            rows=len(VARIANT_HELP),
            layout=w.Layout(width="640px"),
            style={"description_width": "initial"},
        )
        self.new_game_button = w.Button(description="New game with these rules", icon="refresh")
        self.setup_box = w.HBox([self.variant_choice, self.new_game_button])
        self.last_moves = w.HTML()
        self.move_log = w.HTML(layout=w.Layout(max_height="200px", overflow="auto"))
        # Projector layout (1280×720): the harbor with every control under it on the left, the sheet
        # (market on top) on the right, so the harbor, the market and the controls show together.
        left = w.VBox(
            [
                self.harbor,
                self.purvey_box,
                self.picker.widget,
                self.build_box,
                w.HBox([self.next_button, self.undo_button, self.hint_button]),
                self.last_moves,
            ],
            layout=w.Layout(width="330px", flex="none"),
        )
        super().__init__(
            [
                self.status,
                w.HBox(
                    [left, w.VBox([self.view, self.sheet])],
                    layout=w.Layout(flex_flow="row nowrap", align_items="flex-start"),
                ),
                w.HBox([self.hint_objective, self.speed_choice]),
                self.hint,
                self.move_log,
                self.output,
                self.setup_box,
            ]
        )
        self.add_class("corinth-game")  # one game among other boards on a page (tests, styles)
        self.new_game_button.on_click(lambda _b: self._run(self.restart))
        self.roll_button.on_click(lambda _b: self._play_purvey())
        self.build_button.on_click(lambda _b: self._play_build())
        self.undo_button.on_click(lambda _b: self._run(self.undo))
        self.next_button.on_click(lambda _b: self._run(self.next_player))
        self.hint_button.on_click(lambda _b: self._run(self.show_hint))
        self.picker.on_move(self.play)
        self.view.observe(lambda c: self._show_sheet(c["new"]), "value")
        self._mark = len(self.state.history)  # the moves after this one are shown as "since you"
        self._advance()
        self._refresh()

    # --- the game: the table's ------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game as it stands (the table's)."""
        return self.table.state

    @property
    def seed(self) -> int:
        return self.table.seed

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def bot_names(self) -> dict[int, str]:
        return self.table.bot_names

    def log_rows(self) -> list[tuple[int, str, str]]:
        """Every move so far: its number, what happened in words, and its notation."""
        return [(line.number, line.words, line.notation) for line in self.table.log]

    def log_lines(self) -> list[str]:
        """The moves so far in notation, each with who played it."""
        return self.table.log_lines()

    # --- playing -----------------------------------------------------------------------------

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
            print(f"Refused: {clip(str(exc))}")
            return False
        self._acting = True
        try:
            self._mark = mark
            self.output.clear_output()  # old refusals go with the move that answered them
            self.hint.value = ""
            self._advance()
            self._refresh()
            self.focus_decision()
        finally:
            self._acting = False
        return True

    def focus_decision(self) -> None:
        """Put the keyboard focus on the first control of the decision now shown (never the page body)."""
        state = self.state
        if state.is_over or state.current_player != self.human:
            self.undo_button.focus()
        elif state.phase == "purvey":
            self.roll_button.focus()
        elif state.phase == "take":
            self.harbor.focus()
        elif state.phase == "build":
            self.build_choice.focus()
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
            print("It is your turn.")
            return
        for _ in self.table.bots_play(one_turn=True):
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
        for _ in self.table.bots_play():
            if self.speed:  # a bot has just played: show its move for a while
                self._refresh()
                time.sleep(self.speed)

    def restart(self, variants: Variants | Sequence[str] | None = None) -> None:
        """Start the game again from its seed under ``variants`` (default: the ones chosen in setup)."""
        self.table.restart(self.variant_choice.value if variants is None else variants)
        self.hint.value = ""
        self._advance()
        self._refresh()

    def undo(self) -> None:
        """Go back to before your last move (the bots' answers are taken back too)."""
        if not self.table.undo():
            print("Nothing to undo.")
            return
        self._mark = len(self.state.history)
        self.output.clear_output()
        self.hint.value = ""
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

    # --- hints -------------------------------------------------------------------------------

    def show_hint(self, top: int = 10) -> list:
        """Rank your legal moves with the solver and show the best ``top`` with their explanations.

        Works wherever the game stands: at your decision it returns the ranked moves (best first);
        at the end of the game, or while a bot is to play, an empty list and a line saying why.
        """
        try:
            from corinth.solver import rank_moves
        except ImportError:
            self.hint.value = "<i>The solver is not available in this installation.</i>"
            return []
        self.table.roll_for_human()
        state = self.state
        if state.is_over:
            self.hint.value = "<i>The game is over: there is no move left to rank.</i>"
            return []
        if state.current_player != self.human or state.is_chance:
            self.hint.value = "<i>It is a bot's turn: no decision of yours to rank now.</i>"
            return []
        from corinth.solver.exact import in_reach

        objective = "exact" if in_reach(state) else self.hint_objective.value
        self.hint.value = (  # sent to the page at once; the expected-score ranking takes seconds
            "<div role='status' aria-live='polite' class='corinth-busy'>"
            "<i>Working out the hint…</i></div>"
        )
        ranked = rank_moves(state, objective, seed=self.seed, top=max(1, top))
        self.hint.value = hint_html(ranked, objective)
        return ranked

    # --- showing -----------------------------------------------------------------------------

    def _player_name(self, i: int) -> str:
        return self.table.player_name(i)

    def _show_sheet(self, player: int) -> None:
        self.sheet.player = player
        self.sheet.state = self.state
        self.picker.show(self.state, player)

    def _refresh(self) -> None:
        state = self.state
        with self.hold_trait_notifications():
            self.harbor.interactive = state.current_player == self.human
            self.harbor.state = state
            self.sheet.player = self.view.value
            self.sheet.state = state
            self.picker.show(state, self.view.value if self.view.value == self.human else -2)
            mine = state.current_player == self.human
            self.purvey_box.layout.display = (
                "" if mine and state.phase in ("purvey", "roll") else "none"
            )
            if state.phase == "purvey":
                self.buy.options = list(range(state.max_purchase() + 1))
                self.buy.index = 0
                self.buy.layout.display = ""
                self.roll_button.description = "Buy and roll"
            else:
                self.buy.layout.display = "none"
                self.roll_button.description = "Roll"
            self.build_box.layout.display = "" if mine and state.phase == "build" else "none"
            if state.phase == "build":
                self.build_choice.options = [(m.describe(), m) for m in state.legal_moves()]
                self.build_choice.index = 0
            self.undo_button.disabled = not self.table.can_undo
            waiting = not state.is_over and state.current_player != self.human
            self.next_button.layout.display = "" if waiting and not self.auto else "none"
            self.status.value = self._status_html()
            self.harbor.announce = self._headline()
            self.move_log.value = self._log_html()
            self.last_moves.value = self._last_moves_html()

    def _headline(self) -> str:
        """'Round 2 — your turn: take a group', or who won; announced to screen readers on change."""
        return self.table.headline()

    def _status_html(self) -> str:
        state = self.state
        scores = " · ".join(
            f"{html.escape(self._player_name(i))}: {state.score(i)} points"
            for i in range(state.num_players)
        )
        # The harbor's live region reads the headline out; this copy is for the eye.
        return (
            f"<b>{html.escape(self._headline())}</b><br>"
            f"{scores} <small>· game seed {self.seed}</small>"
        )

    def _log_html(self) -> str:
        rows = self.log_rows()
        items = "".join(
            f"<li value='{n}' title='{html.escape(note)}'>{html.escape(words)}</li>"
            for n, words, note in reversed(rows[-60:])
        )
        return (
            "<b>Moves, newest first</b> <small>(hover for the notation)</small>"
            f"<ol reversed class='corinth-log' style='overflow-wrap:break-word;margin:2px 0;"
            f"padding-left:2.2em'>{items}</ol>"
        )

    def _last_moves_html(self) -> str:
        rows = [r for r in self.log_rows()[self._mark :] if not r[1].startswith("You")]
        if not rows:
            return ""
        items = "".join(
            f"<li title='{html.escape(note)}'>{html.escape(words)}</li>" for _, words, note in rows
        )
        return (
            "<div role='status' aria-live='polite'><b>Since your last move:</b>"
            f"<ul style='margin:2px 0;padding-left:1.4em'>{items}</ul></div>"
        )

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
                _strip_html(self._status_html()),
                repr(self.harbor),
                repr(self.sheet),
                "Moves: " + " | ".join(str(m) for m in self.state.history[-12:]),
            ]
        )

    def to_svg(self) -> str:
        """The harbor and the shown sheet side by side, as one SVG."""
        harbor, sheet = self.harbor.to_svg(), self.sheet.to_svg()
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="1340" height="560" viewBox="0 0 1340 560">'
            f'<g>{harbor}</g><g transform="translate(580,0)">{sheet}</g></svg>'
        )


# How each hint was worked out, in plain words (shown above the table).
HINT_METHODS = {
    "exact": "Worked out exactly: every roll still to come is counted with its chance, the other "
    "players each play the move worth the most points now, and you play your best later moves.",
    "expected": "Estimated by playing the rest of the game many times with simulated players "
    "(the range shows how sure the estimate is).",
    "immediate": "Points now: what each move secures if the game ended right after it.",
}


def hint_html(ranked: list, objective: str) -> str:
    """The hint table, worded honestly: moves that tie, or whose ranges overlap, are not 'best'.
    It first says how it was worked out (``HINT_METHODS``)."""
    if not ranked:
        return "<i>No move to rank.</i>"
    if objective == "expected" and ranked[0].samples == 0 and ranked[0].ci is None:
        objective = "exact"  # near the end ``expected`` answers exactly
    from corinth.solver.rank import VALUE_UNITS

    unit = VALUE_UNITS.get(objective, VALUE_UNITS["expected"])
    best = ranked[0]
    tied = [r for r in ranked if abs(r.value - best.value) <= 1e-9]
    overlapping = [
        r
        for r in ranked[1:]
        if r.ci and best.ci and r.ci[1] >= best.ci[0] and r.ci[0] <= best.ci[1]
    ]
    if len(tied) > 1:
        head = f"{len(tied)} moves tie for the best ({best.value:.2f} {unit})."
    elif overlapping:
        head = (
            f"Likely best: {html.escape(str(best.move))} — but the "
            f"ranges of {len(overlapping)} other move{'s' if len(overlapping) > 1 else ''} overlap "
            "its range, so the order among them is not certain."
        )
    else:
        head = f"Best move: {html.escape(str(best.move))} ({best.value:.2f} {unit})."

    def row(r) -> str:
        return (
            f"<tr><td>{r.rank}</td><td title='{html.escape(str(r.move))}'>"
            f"<code>{html.escape(str(r.move))}</code></td><td>{r.value:.2f}"
            + (f" <small>({r.ci[0]:.1f}–{r.ci[1]:.1f})</small>" if r.ci else "")
            + f"</td><td>{html.escape(r.explanation)}</td></tr>"
        )

    header = f"<tr><th>rank</th><th>move</th><th>{unit}</th><th>why</th></tr>"
    # Compact for a projector: the top few rows, the rest behind "show all".
    shown, rest = ranked[:HINT_ROWS], ranked[HINT_ROWS:]
    more = (
        f"<details><summary>show all {len(ranked)} moves</summary>"
        f"<table class='corinth-hint'>{header}{''.join(row(r) for r in rest)}</table></details>"
        if rest
        else ""
    )
    return (
        f"<div role='status' aria-live='polite'><b>{head}</b> "
        f"<small>{HINT_METHODS.get(objective, '')}</small></div>"
        f"<table class='corinth-hint'>{header}{''.join(row(r) for r in shown)}</table>{more}"
    )


def _strip_html(text: str) -> str:
    import re

    return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", text)))
