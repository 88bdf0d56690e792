"""Fewer widget models: the widgets that keep the default layout or style share one of each.

Every model is sent to a lesson's page and built there; ipywidgets gives each widget a layout, and
most a style, of its own (lesson 05: 374 of its 605 models, 247 of them all defaults).
"""

from __future__ import annotations

import ipywidgets
import pytest

from corinth.ui import GameApp
from corinth.ui._base import set_visible
from corinth.ui.exercise import ChoiceExercise


def _asked(question: str = "Who wins a tie on points?") -> ChoiceExercise:
    return ChoiceExercise(question, ["more gold", "more goats"], "more gold")


def test_widgets_corinth_makes_at_the_defaults_share_one_layout_and_one_style():
    first, second = _asked(), _asked()
    assert first.answer_button.layout is second.answer_button.layout
    assert first.buttons[0].style is second.buttons[1].style
    assert first.buttons[0].layout is not first.answer_button.layout  # its own width="auto"


def test_widgets_made_elsewhere_keep_their_own_and_their_repr():
    """A lesson's own cell, or tqdm's progress bar (which colours and sizes itself), is not
    corinth's: its widgets get ipywidgets' own layout and style, which may change."""
    one, other = ipywidgets.Button(description="Roll again"), ipywidgets.Button()
    assert one.layout is not other.layout and one.style is not other.style
    assert repr(one) == "Button(description='Roll again', style=ButtonStyle())"
    bar = ipywidgets.IntProgress(max=3)
    bar.style.bar_color, bar.layout.width = "red", "20px"
    assert bar.style.bar_color == "red"


def test_a_shared_layout_refuses_a_change_with_a_sentence_and_stays_as_it_was():
    first, second = _asked(), _asked()
    with pytest.raises(AttributeError, match="shared by every widget that keeps the default"):
        first.answer_button.layout.width = "10px"
    assert second.answer_button.layout.width is None


def test_set_visible_gives_the_widget_a_layout_of_its_own():
    first, second = _asked(), _asked()
    set_visible(first.answer_button, False)
    assert first.answer_button.layout.display == "none"
    assert second.answer_button.layout.display is None
    set_visible(first.answer_button, True)
    assert first.answer_button.layout.display == ""


def test_a_game_board_builds_few_layouts_and_styles():
    """A game against two bots: its controls hide and show as the turn goes, each on its own
    layout, and the rest share the defaults."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    app = GameApp(players=3, seed=4, human=0, bots=["greedy", "random"])
    made = [_instances[k] for k in set(_instances) - before]
    layouts = [w for w in made if isinstance(w, ipywidgets.Layout)]
    styles = [
        w for w in made if isinstance(w, ipywidgets.widgets.widget_description.DescriptionStyle)
    ]
    shown = [w for w in made if isinstance(w, ipywidgets.DOMWidget)]
    assert app is not None and len(shown) > 2 * len(layouts)
    assert len(styles) < len(shown) / 4


def test_a_shared_default_is_made_at_its_first_use_not_for_every_kind_of_widget():
    """A page is sent every widget its kernel holds: the shared defaults of widget kinds no lesson
    uses (a slider's style, a checkbox's) were 17 of them on every page, 20 of the lesson list's 22."""
    import subprocess
    import sys

    counted = subprocess.run(
        [sys.executable, "-c", "import corinth.ui\n"
         "from ipywidgets.widgets.widget import _instances\n"
         "print(len(_instances))\n"
         "corinth.ui._base.ipywidgets.Checkbox()\n"  # not corinth's own: ipywidgets' defaults
         "from corinth.ui.exercise import ChoiceExercise\n"
         "ChoiceExercise('Who wins a tie?', ['more gold', 'more goats'], 'more gold')\n"
         "print(sum(1 for x in _instances.values() if getattr(x, '_sealed', False)))"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    on_import, shared = (int(line) for line in counted.stdout.split())
    assert on_import == 0
    assert 0 < shared <= 4  # the button's and the HTML's layouts and styles, no slider's
