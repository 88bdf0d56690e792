"""The Four Courts' board with the most cards a table can hold (two on every side of every Court,
four seats): no card lies over a Court's title or its suits, none sticks out of its Court, and each
side carries its seat's mark ("N", "S, you"), at 1280×720 and in projector mode (issue 43, items 8
and 9).

Screenshots go to /tmp/corinth-boards/courts-full-*.png (look at them after a change of the front
end).
"""

from __future__ import annotations

import pytest

from .lab import write_notebook
from .test_boards_a11y import PROJECTOR, serious_violations, shot

pytestmark = pytest.mark.browser

FULL_TABLE = """\
# A table as full as the rules let it be: two cards on every side of every Court (a third takes a
# token, R5), four seats; the longest card names first. South is the learner (a puzzle's seat).
import dataclasses
import random

from corinth.courts import CARDS, new_game, deal_all
from corinth.courts.cards import FITS
from corinth.ui.courts import CourtsBoard
from corinth.ui.progress import Progress

game = deal_all(new_game(4), random.Random(3))
slots = {(k, s): [] for k in range(4) for s in range(4)}
# South holds a card of one suit: the two Courts it fits say "Place here", the others their suits
held = next(c for c in range(40) if len(CARDS[c].suits) == 1)
left = [held]
for card in sorted(set(range(40)) - {held}, key=lambda c: -len(CARDS[c].name)):
    open_ = [(k, s) for k in FITS[card] for s in range(4) if len(slots[k, s]) < 2]
    if open_:
        slots[min(open_, key=lambda ks: len(slots[ks]))].append(card)
    else:
        left.append(card)
assert all(len(cards) == 2 for cards in slots.values()), slots
sides = tuple(tuple(tuple(slots[k, s]) for s in range(4)) for k in range(4))
left[:5] = left[1:5] + left[:1]  # the held card is South's (seat 3: cards 5 and 6)
hands = tuple(tuple(left[2 * s : 2 * s + 2]) for s in range(4))
full = dataclasses.replace(game, sides=sides, hands=hands, discard_hidden=(), discard_seen=())
progress = Progress(lesson="test")
board = CourtsBoard(game=full, seat=2, puzzle=True)
board.hold(CARDS[hands[2][0]].word)
assert [c["legal"] for c in board.courts].count(True) == 2
display(progress)
board
"""


def boxes(board) -> dict:
    """The page's boxes of every Court, and inside each its title, its suits' label, its sides'
    marks and its cards."""
    return board.evaluate(
        """node => [...node.querySelectorAll('.corinth-court')].map(court => {
          const box = (el) => { const r = el.getBoundingClientRect();
            // fits: its words are inside it (no word wider than the box, nothing cut)
            const fits = el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1;
            return {x: r.x, y: r.y, w: r.width, h: r.height, text: el.textContent, fits}; };
          return {
            court: box(court),
            title: box(court.querySelector('.corinth-court-name')),
            suits: box(court.querySelector('.corinth-court-place')),
            marks: [...court.querySelectorAll('.corinth-court-side:not([hidden]) .corinth-side-label')].map(box),
            cards: [...court.querySelectorAll('.corinth-courts-card')].map(box),
          };
        })"""
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


def inside(a: dict, b: dict) -> bool:
    return (
        a["x"] >= b["x"]
        and a["y"] >= b["y"]
        and a["x"] + a["w"] <= b["x"] + b["w"] + 0.5
        and a["y"] + a["h"] <= b["y"] + b["h"] + 0.5
    )


def check_layout(board) -> list[dict]:
    courts = boxes(board)
    assert len(courts) == 4
    for court in courts:
        assert len(court["cards"]) == 8 and len(court["marks"]) == 4, court["court"]["text"]
        parts = [court["title"], court["suits"], *court["marks"], *court["cards"]]
        for part in parts:
            assert part["w"] > 0 and part["h"] > 0 and part["fits"], part
            assert inside(part, court["court"]), (part["text"], "sticks out of", court["title"])
        for i, a in enumerate(parts):
            for b in parts[i + 1 :]:
                assert not overlap(a, b), (a["text"], "lies over", b["text"])
    return courts


def test_a_full_table_has_no_card_over_a_label_at_1280x720_and_in_projector_mode(lab, opened):
    name = "courts-full.ipynb"
    write_notebook(lab.root / name, FULL_TABLE)
    page = opened(name, viewport=PROJECTOR)
    out = page.locator(".jp-Notebook .jp-Cell").nth(0).locator(".jp-OutputArea-output")
    board = out.locator(".corinth-courts").first
    board.locator(".corinth-courts-card").nth(31).wait_for(timeout=60_000)
    page.wait_for_selector(".corinth-court-place.legal")
    assert board.locator(".corinth-court-place:not(.legal)").count() == 2  # the suits' labels
    board.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot(page, "courts-full-1280x720")
    courts = check_layout(board)
    # every side is marked, the learner's (South) as theirs, on its own edge of its Court
    for court in courts:
        marks = {m["text"]: m for m in court["marks"]}
        assert set(marks) == {"N", "E", "S, you", "W"}, marks
        box = court["court"]
        assert marks["N"]["y"] < marks["W"]["y"] < marks["S, you"]["y"]
        assert marks["W"]["x"] < marks["N"]["x"] < marks["E"]["x"]
        assert marks["S, you"]["y"] > box["y"] + box["h"] / 2 > marks["N"]["y"]
    board.evaluate("node => { node.id = 'courts-full'; }")
    assert serious_violations(page, "#courts-full") == []

    # projector mode, as the lesson's progress line turns it on: larger, and still nothing over
    page.get_by_role("button", name="Projector mode").click()
    page.wait_for_function("() => document.body.classList.contains('corinth-projector')")
    board.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot(page, "courts-full-projector")
    check_layout(board)
    page.get_by_role("button", name="Projector mode").click()  # the page as it was, for the next
