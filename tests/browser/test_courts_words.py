"""The Four Courts' words in the browser (issue 43, items 4, 6 and 5): the end of a game explained
on the board, "rule" marks that open their rule's own words by mouse and by keyboard (on the
board and in a puzzle's hints), axe-core finding nothing serious, and the trainer's hint in view at
1280×720.

Screenshots go to /tmp/corinth-boards/courts-end-*.png and courts-hint-*.png.
"""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

from .lab import write_notebook
from .test_boards_a11y import PROJECTOR, serious_violations, shot

pytestmark = pytest.mark.browser

END = """\
from corinth.courts.bots import GreedyBot, play_game
from corinth.courts.catalogue import rule_words
from corinth.ui.courts import CourtsBoard

final = play_game([GreedyBot(s) for s in range(4)], seed=1)  # East, South, West tie on 6 points
board = CourtsBoard(game=final, seat=2)
G6 = rule_words("G6")
board
"""


def test_the_end_of_a_game_explained_and_its_rule_marks_open_the_rules_words(lab, opened):
    name = "courts-end.ipynb"
    write_notebook(lab.root / name, END)
    page = opened(name, viewport=PROJECTOR)
    board = page.locator(".jp-Notebook .jp-Cell").first.locator(".corinth-courts").first
    end = board.locator(".corinth-courts-end")
    expect(end).to_be_visible(timeout=60_000)
    items = end.locator("li")
    expect(items.first).to_contain_text("The game ended when the last token of the Island")
    expect(end).to_contain_text("Bonus colour Suns (North 1, East 2, South 0, West 2)")
    expect(end).to_contain_text("South holds the Ace of Moons (Ace, 12)")
    expect(items.last).to_have_text("South has the highest total, 80, and winsrule.")
    assert "(G6)" not in end.inner_text()  # the rule's ID behind its mark only
    expect(board.locator(".corinth-caption")).to_contain_text("You won")
    board.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot(page, "courts-end-1280x720")

    # the mark of G6, reached by the keyboard: its words in a card beside it; Escape closes it
    mark = items.last.locator(".corinth-rule")
    expect(mark).to_have_attribute("role", "button")
    mark.focus()
    card = page.locator(".corinth-rule-pop")
    expect(card).to_be_visible()
    expect(card).to_contain_text("Rule G6")
    expect(card).to_contain_text("the highest total of the values of the cards left in hand wins")
    box = card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PROJECTOR["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"]
    shot(page, "courts-end-rule-card")
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    page.keyboard.press("Enter")  # Enter opens it again, as a button would
    expect(card).to_be_visible()
    page.keyboard.press("Escape")
    # by the mouse: the G3 mark of a bonus colour shows the bonus rule, and leaving it hides it
    items.nth(5).locator(".corinth-rule").hover()
    expect(card).to_contain_text("Rule G3 The bonus tokens: for each bonus colour")
    board.locator(".corinth-courts-seats").hover()
    expect(card).to_be_hidden()
    board.evaluate("node => { node.id = 'courts-end'; }")
    assert serious_violations(page, "#courts-end") == []
    assert serious_violations(page, "#corinth-rule-pop") == []
