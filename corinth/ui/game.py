"""A whole game against bots in one notebook cell: the harbor, a sheet, controls, a move log and hints."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

from corinth.rules import GameState, Move, Purvey, new_game
from corinth.solver.bots import Bot, make_bot

from .harbor import HarborWidget
from .picker import MovePicker, try_apply
from .sheet import SheetWidget


class GameApp(w.VBox):
    """Play Corinth against bots: buy yellow dice, roll, take a group and act, build; undo; hints.

    The dice come from the game's seed, so a game is shared as its seed and move list
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
    ):
        self.state = state if state is not None else new_game(players, seed, first_player)
        players = self.state.num_players
        if not 0 <= human < players:
            raise ValueError(f"human is a player number from 0 to {players - 1}")
        self.human = human
        self.seed = self.state.seed
        names = [bots] * players if isinstance(bots, str) else list(bots)
        others = [i for i in range(players) if i != human]
        if len(names) == len(others):  # one name per bot
            names = [None if i == human else names[others.index(i)] for i in range(players)]
        self.bot_names = {i: names[i] for i in others}
        self.bots: dict[int, Bot] = {i: make_bot(names[i], self.seed + i) for i in others}
        self._undo: list[GameState] = []
        self.auto = auto  # False: the bots wait for "Next player"

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
        self.purvey_box = w.HBox([self.buy, self.roll_button])
        self.build_choice = w.Dropdown(description="Build", layout=w.Layout(width="420px"))
        self.build_button = w.Button(description="Build", button_style="primary")
        self.build_box = w.HBox([self.build_choice, self.build_button])
        self.next_button = w.Button(description="Next player", icon="forward")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o")
        self.hint_objective = w.Dropdown(
            options=[("points now", "immediate"), ("expected final score", "expected")],
            value="immediate",
            description="Hint by",
        )
        self.hint = w.HTML()
        self.move_log = w.HTML(layout=w.Layout(max_height="300px", overflow="auto", width="260px"))
        super().__init__(
            [
                self.status,
                w.HBox(
                    [
                        w.VBox([self.harbor, self.move_log]),
                        w.VBox([self.view, self.sheet]),
                    ],
                    layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
                ),
                self.purvey_box,
                self.picker.widget,
                self.build_box,
                w.HBox([self.next_button, self.undo_button, self.hint_button, self.hint_objective]),
                self.hint,
                self.output,
            ]
        )
        self.roll_button.on_click(lambda _b: self._play_purvey())
        self.build_button.on_click(lambda _b: self._play_build())
        self.undo_button.on_click(lambda _b: self._run(self.undo))
        self.next_button.on_click(lambda _b: self._run(self.next_player))
        self.hint_button.on_click(lambda _b: self._run(self.show_hint))
        self.picker.on_move(self.play)
        self.view.observe(lambda c: self._show_sheet(c["new"]), "value")
        self._advance()
        self._refresh()

    # --- playing -----------------------------------------------------------------------------

    def play(self, move: Move | str) -> bool:
        """Play the human's move; the bots answer until the human decides again. False if refused."""
        if self.state.current_player != self.human:
            print("Refused: it is not your turn (R6)")
            return False
        after, reason = try_apply(self.state, move)
        if after is None:
            print(f"Refused: {reason}")
            return False
        self._undo.append(self.state)
        self.state = after
        self._advance()
        self.hint.value = ""
        self._refresh()
        return True

    def next_player(self) -> None:
        """Let the bot to play finish its turn (with ``auto=False``; otherwise the bots never wait)."""
        state = self.state
        if state.is_over or (state.current_player == self.human and not state.is_chance):
            print("It is your turn.")
            return
        who = state.current_player
        while not state.is_over and state.current_player == who and who != self.human:
            state = state.roll() if state.is_chance else state.apply(self.bots[who].choose(state))
        self.state = state
        self._refresh()

    def _advance(self) -> None:
        """Roll (from the game's seed) and let the bots play until the human must decide (R6–R10)."""
        state = self.state
        if not self.auto:
            return
        while not state.is_over and (state.is_chance or state.current_player != self.human):
            if state.is_chance:
                if state.first_player == self.human and state.history and _last_is_purvey(state):
                    state = state.roll()
                elif state.first_player == self.human:
                    break  # the human rolls with the button
                else:
                    state = state.roll()
            else:
                state = state.apply(self.bots[state.current_player].choose(state))
        self.state = state

    def undo(self) -> None:
        """Go back to before your last move (the bots' answers are taken back too)."""
        if not self._undo:
            print("Nothing to undo.")
            return
        self.state = self._undo.pop()
        self.hint.value = ""
        self._refresh()

    def _play_purvey(self) -> None:
        with self.output:
            if self.state.phase == "purvey":
                self.play(Purvey(int(self.buy.value)))
            elif self.state.phase == "roll" and self.state.first_player == self.human:
                self._undo.append(self.state)
                self.state = self.state.roll()
                self._advance()
                self._refresh()

    def _play_build(self) -> None:
        with self.output:
            if self.build_choice.value is not None:
                self.play(self.build_choice.value)

    def _run(self, action) -> None:
        with self.output:
            action()

    # --- hints -------------------------------------------------------------------------------

    def show_hint(self, top: int = 8) -> list:
        """Rank the legal moves with the solver and show the best ones with their explanations."""
        try:
            from corinth.solver import rank_moves
        except ImportError:
            self.hint.value = "<i>The solver is not available in this installation.</i>"
            return []
        if self.state.current_player != self.human or self.state.phase not in (
            "take",
            "build",
            "purvey",
            "compensate",
        ):
            self.hint.value = "<i>No decision of yours to rank now.</i>"
            return []
        ranked = rank_moves(self.state, self.hint_objective.value, seed=self.seed, top=top)
        rows = "".join(
            f"<tr><td>{r.rank}</td><td><code>{html.escape(str(r.move))}</code></td>"
            f"<td>{r.value:.2f}</td><td>{r.loss:.2f}</td><td>{html.escape(r.explanation)}</td></tr>"
            for r in ranked
        )
        self.hint.value = (
            "<table class='corinth-hint'><tr><th>rank</th><th>move</th><th>value</th><th>loss</th>"
            f"<th>why</th></tr>{rows}</table>"
        )
        return ranked

    # --- showing -----------------------------------------------------------------------------

    def _player_name(self, i: int) -> str:
        return (
            f"Player {i + 1} (you)" if i == self.human else f"Player {i + 1} ({self.bot_names[i]})"
        )

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
            self.undo_button.disabled = not self._undo
            waiting = not state.is_over and state.current_player != self.human
            self.next_button.layout.display = "" if waiting and not self.auto else "none"
            self.status.value = self._status_html()
            self.move_log.value = self._log_html()

    def _status_html(self) -> str:
        state = self.state
        scores = " · ".join(
            f"{html.escape(self._player_name(i))}: {state.score(i)}"
            for i in range(state.num_players)
        )
        if state.is_over:
            who = ", ".join(f"Player {i + 1}" for i in state.winners)
            head = f"Game over — winner: {who}"
        else:
            whose = (
                "your"
                if state.current_player == self.human
                else f"Player {state.current_player + 1}'s"
            )
            head = f"Round {state.round} — {whose} turn ({state.phase})"
        return f"<b>{head}</b><br>{scores}<br><small>seed {self.seed}</small>"

    def _log_html(self) -> str:
        lines = self.log_lines()
        items = "".join(
            f"<li><code style='word-break:break-all'>{html.escape(t)}</code></li>"
            for t in lines[-60:]
        )
        return f"<b>Moves</b><ol start='{max(1, len(lines) - 59)}'>{items}</ol>"

    def log_lines(self) -> list[str]:
        """The moves so far in notation, each with who played it."""
        out = []
        state = new_game(
            self.state.num_players, self.seed, self.state.start_player, self.state.sheet
        )
        for move in self.state.history:
            who = "dice" if state.is_chance else f"P{state.current_player + 1}"
            out.append(f"{who}: {move}")
            state = state.apply(move)
        return out

    # --- saving ------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The game in the engine's saved-game format: seed, sheet and every move."""
        return self.state.to_json()

    @classmethod
    def from_json(cls, text: str, human: int = 0, bots: str | Sequence[str] = "greedy") -> GameApp:
        """Reload a shared game (seed plus move list) and carry on playing."""
        return cls(state=GameState.from_json(text), human=human, bots=bots)

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


def _last_is_purvey(state: GameState) -> bool:
    history = state.history
    return bool(history) and isinstance(history[-1], Purvey)


def _strip_html(text: str) -> str:
    import re

    return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", text)))
