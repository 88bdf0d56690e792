"""The Four Courts' words in the browser (issue 43, items 4, 6 and 5): the end of a game explained
on the board, "rule" marks that open their rule's own words by mouse and by keyboard (on the
board and in a puzzle's hints), axe-core finding nothing serious, and the trainer's hint in view at
1280×720.

Screenshots go to /tmp/corinth-boards/courts-end-*.png and courts-hint-*.png.
"""

from __future__ import annotations

import re

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


TRAINER = """\
from corinth.ui.courts import courts_puzzles
from corinth.ui.trainer import COURTS_SHELF, PuzzleTrainer

trainer = PuzzleTrainer(courts_puzzles(), shelf=COURTS_SHELF, start="deal")
trainer
"""

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def test_the_trainers_hint_opens_in_view_at_1280x720_and_its_marks_open_their_rules(lab, opened):
    """The "End of the deal" puzzle of the issue (deal-01): a wrong choice by clicks, then every
    hint of the ladder, each in view of a 1280×720 screen, even asked for from the screen's bottom
    edge; the hint's rule mark opens the rule's words; axe-core finds nothing serious."""
    name = "courts-hints.ipynb"
    write_notebook(lab.root / name, TRAINER)
    page = opened(name, viewport=PROJECTOR)
    trainer = page.locator(".jp-Notebook .jp-Cell").first.locator(".corinth-trainer")
    trainer.locator(".corinth-courts-handcard").first.wait_for(timeout=60_000)
    trainer.evaluate("node => node.scrollIntoView({block: 'start'})")
    trainer.locator('.corinth-courts-handcard[data-card="ace-leaves"]').click()
    trainer.locator(".corinth-court.at-left .corinth-court-place.legal").click()
    expect(trainer).to_contain_text("Not this one.", timeout=30_000)
    hints = trainer.locator(".corinth-courts-hints li")
    button = trainer.get_by_role("button", name=re.compile(r"(^|\s)(Hint|Another hint)"))
    for shown in range(1, 5):
        if shown == 3:  # asked for with the button at the bottom edge: scrolled into view
            button.evaluate("node => node.scrollIntoView({block: 'end'})")
        button.click()
        expect(hints).to_have_count(shown, timeout=30_000)
        page.wait_for_function(f"el => ({IN_VIEW})(el)", arg=hints.last.element_handle())
        if shown == 2:  # the best choice takes no token: not the Window again
            expect(hints.last).to_contain_text("but the best choice takes no token this time")
            shot(page, "courts-hint-1280x720")
        if shown < 4:
            button = trainer.get_by_role("button", name=re.compile(r"Another hint"))
    mark = hints.nth(1).locator(".corinth-rule")
    mark.focus()
    expect(page.locator(".corinth-rule-pop")).to_contain_text(
        "Rule R5 Our reading: a player who now has three"
    )
    page.keyboard.press("Escape")
    trainer.evaluate("node => { node.id = 'courts-trainer'; }")
    assert serious_violations(page, "#courts-trainer") == []
