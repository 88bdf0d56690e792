"""The Four Courts' board in JupyterLab and headless Chromium: a round played by clicks and one by
keys reach Python, no other hand reaches the page, axe-core finds nothing serious, and the table,
the hand and the legend fit a 1280×720 projector.

Screenshots go to /tmp/corinth-boards/courts-*.png (look at them after a change of the front end).
"""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

from .lab import wait_for_events, write_notebook
from .test_boards_a11y import PROJECTOR, serious_violations, shot

pytestmark = pytest.mark.browser

SETUP = """\
# Every change of the Python side lands in .events.json, which the browser test reads.
import json
import pathlib

from corinth.courts.cards import CARDS
from corinth.ui.courts import CourtsBoard

board = CourtsBoard(seed=3)
EVENTS = pathlib.Path(".events.json")
OTHERS = sorted(CARDS[c].word for s in (1, 2, 3) for c in board._game.hands[s])


def dump(*_):
    view = board.view
    EVENTS.write_text(
        json.dumps(
            {
                "phase": view.phase,
                "rounds": view.rounds,
                "hand": [CARDS[c].word for c in view.hand],
                "mine": sum(len(court[0]) for court in view.sides) + sum(view.won[0]),
                "message": board.message,
                "others": OTHERS,
            }
        )
    )


board.observe(dump, ["message", "hand", "courts", "revealed"])
dump()
"""


def notebook(path) -> None:
    write_notebook(path, SETUP, "board")


def start(opened, lab, viewport: dict | None = None):
    name = "courts.ipynb"
    if not (lab.root / name).exists():
        notebook(lab.root / name)
    page = opened(name, viewport=viewport)
    board = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output").first
    board.locator(".corinth-courts-handcard").first.wait_for(timeout=60_000)
    events = wait_for_events(lab.root, lambda e: e["rounds"] == 0 and len(e["hand"]) == 10)
    return page, board, events


def place_my_card(board) -> None:
    """Click the first Court the revealed card may go to (a token there, if it takes one)."""
    take = board.locator(".corinth-token-take")
    if take.count():
        take.first.click()
    else:
        board.locator(".corinth-courts-cross .corinth-court-place.legal").first.click()


def test_a_round_by_clicks_and_no_other_hand_on_the_page(lab, opened):
    page, board, events = start(opened, lab)
    html = board.inner_html()
    for word in events["others"]:  # the other seats' cards are nowhere on the page
        assert f'data-card="{word}"' not in html
    # a Court clicked before a card is chosen (a page a step behind the kernel: the button is
    # enabled by hand here) is refused in words, its rules on hover only
    court = board.locator(".corinth-courts-cross .corinth-court-place").first
    court.evaluate("b => { b.disabled = false; }")
    court.click()
    status = board.locator(".corinth-status")
    expect(status).to_contain_text("choose a card first", timeout=30_000)
    mark = status.locator("sup.corinth-rule")
    expect(mark).to_have_attribute("title", "Rule R1, R2")
    assert "(R1" not in status.inner_text()
    # the mark opens the rules' own words (RULES.md), by the keyboard too
    assert mark.get_attribute("data-words").startswith("Rule R1: Every player with cards chooses")
    mark.focus()
    expect(page.locator(".corinth-rule-pop")).to_contain_text(
        "Rule R2 The chosen cards are revealed"
    )
    page.keyboard.press("Escape")
    first = events["hand"][0]
    board.locator(f".corinth-courts-handcard[data-card='{first}']").click()
    wait_for_events(lab.root, lambda e: first not in e["hand"])
    page.wait_for_selector(".corinth-courts-cross .corinth-court-place.legal, .corinth-token-take")
    assert board.locator(".corinth-courts-revealed li").count() == 4  # the reveal, in order
    place_my_card(board)
    events = wait_for_events(lab.root, lambda e: e["rounds"] == 1 and e["mine"] == 1)
    assert events["message"] == "" and len(events["hand"]) == 9
    page.wait_for_selector(".corinth-courts-handcard.legal")


def test_a_round_by_keys_only(lab, opened):
    page, board, events = start(opened, lab)
    card = board.locator(".corinth-courts-handcard").nth(1)
    card.focus()
    page.keyboard.press("Enter")
    wait_for_events(lab.root, lambda e: len(e["hand"]) == 9)
    # the card laid (its button gone), the keyboard is on a Court it may go to, not lost
    focused = ".corinth-token-take:focus, .corinth-courts-cross .corinth-court-place.legal:focus"
    board.locator(focused).wait_for(timeout=30_000)
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    page.keyboard.press("Space")
    wait_for_events(lab.root, lambda e: e["rounds"] == 1)
    assert outline == "solid"
    # the round over, the keyboard is on a card of the new round's hand: Enter lays it
    board.locator(".corinth-courts-handcard.legal:focus").wait_for(timeout=30_000)
    page.keyboard.press("Enter")
    wait_for_events(lab.root, lambda e: len(e["hand"]) == 8)


def test_axe_and_a_projector(lab, opened):
    page, board, _ = start(opened, lab, viewport=PROJECTOR)
    board.locator(".corinth-courts-handcard").first.click()
    page.wait_for_selector(".corinth-courts-cross .corinth-court-place.legal, .corinth-token-take")
    board.locator(".corinth-legend summary").click()
    board.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot(page, "courts-1280x720")
    boxes = {
        "table": board.locator(".corinth-courts-cross").bounding_box(),
        "hand": board.locator(".corinth-courts-hand").bounding_box(),
        "legend": board.locator(".corinth-legend").bounding_box(),
    }
    for name, box in boxes.items():
        assert box["x"] >= 0 and box["x"] + box["width"] <= PROJECTOR["width"], (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"], (name, box)
    board.evaluate("node => { node.id = 'courts-board'; }")
    assert serious_violations(page, "#courts-board") == []


TRAINER = """\
import json
import pathlib

from corinth.ui.courts import courts_puzzles
from corinth.ui.trainer import COURTS_SHELF, PuzzleTrainer

trainer = PuzzleTrainer(courts_puzzles(), shelf=COURTS_SHELF)
EVENTS = pathlib.Path(".events.json")
ANSWER = sorted(trainer.board.answers)[0]


def dump(*_):
    EVENTS.write_text(
        json.dumps(
            {
                "puzzle": trainer.current.puzzle.id,
                "answer": ANSWER,
                "solved": sorted(trainer.solved),
                "wrong": trainer.board.wrong_tries,
                "held": trainer.board.board.held,
            }
        )
    )


trainer.status.observe(dump, "value")
trainer.board.board.observe(dump, "hand")
dump()
"""


def test_a_four_courts_puzzle_in_the_trainer_answered_by_keys(lab, opened):
    """The trainer's board: a card of the hand held by Enter, then a Court it fits by Space; the
    answer reaches Python and the puzzle is marked solved. A 1280×720 screenshot of the trainer."""
    name = "courts-trainer.ipynb"
    write_notebook(lab.root / name, TRAINER, "trainer")
    page = opened(name, viewport=PROJECTOR)
    out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output").first
    out.locator(".corinth-courts-handcard").first.wait_for(timeout=60_000)
    events = wait_for_events(lab.root, lambda e: e["puzzle"] == "round-01")
    word, court = events["answer"].rsplit(" ", 1)
    card = out.locator(f'.corinth-courts-handcard[data-card="{word}"]')
    card.focus()
    page.keyboard.press("Enter")
    wait_for_events(lab.root, lambda e: e["held"] is not None, timeout=60)
    page.wait_for_selector(f'.corinth-courts-handcard[data-card="{word}"][aria-pressed="true"]')
    place = out.locator(f".corinth-court.at-{CROSS[court]} .corinth-court-place")
    place.wait_for()
    assert "legal" in place.get_attribute("class")
    place.focus()
    page.keyboard.press("Space")
    events = wait_for_events(lab.root, lambda e: e["solved"] == ["round-01"], timeout=60)
    assert events["wrong"] == 0
    page.wait_for_selector(".corinth-trainer :text('Solved!')")
    out.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot(page, "courts-trainer-1280x720")


CROSS = {"island": "top", "consul": "right", "rite": "bottom", "window": "left"}
