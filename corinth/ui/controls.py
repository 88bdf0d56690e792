"""The controls of ``GameApp``: buy yellow dice and roll, build, next player, undo, hint; the hint's
objective, the bots' speed and a new game's rule variants.

A view only: ``show`` sets what is visible from the state; the game's clicks are wired by the app.

>>> from corinth.rules import new_game
>>> controls = TurnControls()
>>> controls.show(new_game(players=2, seed=1, first_player=0), mine=True, auto=True, can_undo=False)
>>> controls.buy.options, controls.roll_button.description
((0, 1), 'Buy and roll')
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from corinth.rules import GameState
from corinth.rules.variants import HELP as VARIANT_HELP
from corinth.shared.language import N_, _

from ._base import set_visible

# What "Hint by" offers: label → objective of ``rank_moves``. Near the end (``exact.in_reach``) the
# hint is worked out exactly whatever is chosen here, and says so.
HINT_OBJECTIVES = {
    N_("points now"): "immediate",
    N_("expected final score"): "expected",
    N_("my chance to win (last 2 turns)"): "win",
}
# What the exact hint near the end assumes of the other players (``exact.OPPONENT_MODELS``).
OPPONENTS = {
    N_("the most points now (greedy)"): "greedy",
    N_("the group worst for me (cautious)"): "cautious",
    N_("any group at random"): "random",
}
# How fast the bots play: seconds between two bot moves (None: one move per "Next move" click).
SPEEDS = {
    N_("instantly"): 0.0,
    N_("quickly (0.4 s a move)"): 0.4,
    N_("slowly (1.5 s a move)"): 1.5,
}


def _choices(choices: dict) -> list[tuple[str, object]]:
    """A dropdown's options: each label in the language spoken, with its value."""
    return [(_(label), value) for label, value in choices.items()]


class TurnControls:
    """The decision controls shown under the harbor (purvey, build) and the game's buttons."""

    def __init__(self, speed: float = 0.0, variants: Sequence[str] = ()) -> None:
        self.buy = w.ToggleButtons(
            options=[0], description=_("Buy yellow"), style={"button_width": "40px"}
        )
        self.roll_button = w.Button(description=_("Buy and roll"), button_style="primary")
        self.purvey_box = w.VBox([self.buy, self.roll_button])
        self.build_choice = w.Dropdown(
            description=_("Build"),
            layout=w.Layout(width="auto", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.build_button = w.Button(description=_("Build"), button_style="primary")
        self.build_box = w.VBox([self.build_choice, self.build_button])
        # Classes by which the harbor's front end finds them to focus (GameApp.focus_decision).
        self.roll_button.add_class("corinth-roll")
        self.build_choice.add_class("corinth-build-choice")
        self.next_button = w.Button(description=_("Next player"), icon="forward")
        self.undo_button = w.Button(description=_("Undo"), icon="undo")
        self.undo_button.add_class("corinth-undo")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.buttons = w.HBox([self.next_button, self.undo_button, self.hint_button])
        self.hint_objective = w.Dropdown(
            options=_choices(HINT_OBJECTIVES), value="immediate", description=_("Hint by")
        )
        self.speed_choice = w.Dropdown(
            options=[*_choices(SPEEDS), (_("one move per click"), None)],
            value=speed if speed in SPEEDS.values() else 0.0,
            description=_("Bots play"),
            style={"description_width": "initial"},
        )
        self.opponents = w.Dropdown(
            options=_choices(OPPONENTS),
            value="greedy",
            description=_("Near the end, others take"),
            style={"description_width": "initial"},
        )
        self.settings = w.HBox([self.hint_objective, self.opponents, self.speed_choice])
        # Setup: the rulebook's open readings (R5, R8); a new game starts under the chosen ones.
        self.variant_choice = w.SelectMultiple(
            options=[(_(text), name) for name, text in VARIANT_HELP.items()],
            value=tuple(variants),
            description=_("Rule variants"),
            rows=len(VARIANT_HELP),
            layout=w.Layout(width="640px"),
            style={"description_width": "initial"},
        )
        self.new_game_button = w.Button(description=_("New game with these rules"), icon="refresh")
        self.setup_box = w.HBox([self.variant_choice, self.new_game_button])

    def show(self, state: GameState, mine: bool, auto: bool, can_undo: bool) -> None:
        """Show the controls of the decision ``state`` is at; ``mine``: the human decides it."""
        set_visible(self.purvey_box, mine and state.phase in ("purvey", "roll"))
        if state.phase == "purvey":
            self.buy.options = list(range(state.max_purchase() + 1))
            self.buy.index = 0
            set_visible(self.buy, True)
            self.roll_button.description = _("Buy and roll")
        else:
            set_visible(self.buy, False)
            self.roll_button.description = _("Roll")
        set_visible(self.build_box, mine and state.phase == "build")
        if state.phase == "build":
            self.build_choice.options = [(m.describe(), m) for m in state.legal_moves()]
            self.build_choice.index = 0
        self.undo_button.disabled = not can_undo
        waiting = not state.is_over and not mine
        set_visible(self.next_button, waiting and not auto)
