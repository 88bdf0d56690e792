"""Fewer widget models: the widgets that keep the default layout or style share one of each.

Every model is sent to a lesson's page and built there; ipywidgets gives each widget a layout, and
most a style, of its own (lesson 05: 374 of its 605 models, 247 of them all defaults).
"""

from __future__ import annotations

import ipywidgets
import pytest

from corinth.ui import GameApp
from corinth.ui._base import set_visible


def test_widgets_that_keep_the_defaults_share_one_layout_and_one_style():
    first, second = ipywidgets.Button(description="A"), ipywidgets.Button(description="B")
    assert first.layout is second.layout is ipywidgets.HTML().layout
    assert first.style is second.style
    assert ipywidgets.Button(layout=ipywidgets.Layout(width="auto")).layout is not first.layout
    assert ipywidgets.Button(style={"button_color": "red"}).style is not first.style


def test_a_shared_layout_refuses_a_change_with_a_sentence_and_stays_as_it_was():
    button = ipywidgets.Button()
    with pytest.raises(AttributeError, match="shared by every widget that keeps the default"):
        button.layout.width = "10px"
    assert ipywidgets.HTML().layout.width is None


def test_set_visible_gives_the_widget_a_layout_of_its_own():
    hidden, other = ipywidgets.Button(), ipywidgets.Button()
    set_visible(hidden, False)
    assert hidden.layout.display == "none" and other.layout.display is None
    set_visible(hidden, True)
    assert hidden.layout.display == "" and hidden.layout is not other.layout


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
