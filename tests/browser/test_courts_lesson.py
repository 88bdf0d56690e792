"""Lessons 12 and 12b (The Four Courts) in the classroom app: 12's six steps and 12b's four open
with their tables, 12b's "which card now?" puzzle is answered by a click and counted by the progress
line, a round is played by clicks against the three bots on the board, and the game is where it was
after a reload (kept in this browser) until "New game".

A screenshot of the game after the round goes to test-artifacts/classroom-courts.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
LESSON = "12_the_four_courts.ipynb"
SECOND = "12b_four_courts_score_and_game.ipynb"  # its second part: the score, a puzzle, a game

pytestmark = pytest.mark.browser


def best_choice() -> str:
    """The puzzle's answer as its button says it, worked out by the lesson's own helper."""
    sys.path.insert(0, str(ROOT / "notebooks"))
    try:
        from answers.courts import courts_best_choice

        return courts_best_choice()
    finally:
        sys.path.remove(str(ROOT / "notebooks"))


def test_lessons_12_and_12b_puzzle_is_counted_and_a_round_is_played_by_clicks_and_kept(
    classroom, page
):
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    # the first page of a classroom just started loads slowly on a busy machine (47 s measured)
    page.goto(f"{url}/voila/render/{LESSON}?token={token}", timeout=120_000)
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 0 of 9", timeout=90_000)
    expect(page.locator("h2")).to_have_count(6)
    assert page.locator("h2").first.inner_text().startswith("Step 1 of 6: ")
    # the ranks, the suits, the start and two rounds in: tables to look at, each saying what it shows
    tables = page.locator(".corinth-courts")
    expect(tables).to_have_count(4)
    for i in range(4):
        expect(tables.nth(i).locator(".corinth-caption")).to_contain_text("An example: ")

    page.goto(f"{url}/voila/render/{SECOND}?token={token}", timeout=120_000)
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 0 of 5", timeout=90_000)
    expect(page.locator("h2")).to_have_count(4)  # the lab-only section is not served
    assert page.locator("h2").first.inner_text().startswith("Step 1 of 4: ")
    # two ties at the end, the puzzle's table, the trainer's puzzle (more puzzles, optional), the game
    expect(page.locator(".corinth-courts")).to_have_count(5)
    expect(page.locator(".corinth-trainer")).to_contain_text("This round")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".corinth-trainer").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "classroom-courts-trainer.png"))

    # Step 3: the puzzle, answered by a click on the best card and Court.
    puzzle = page.locator(".corinth-exercise").filter(has_text="Which card do you lay now")
    puzzle.scroll_into_view_if_needed()
    puzzle.get_by_role("button", name=best_choice(), exact=True).click()
    expect(puzzle).to_contain_text("Ace of Knots", timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "classroom-courts-puzzle.png"))
    expect(line).to_contain_text("This lesson: 1 of 5", timeout=30_000)

    # Step 4: a round against the three greedy bots, by clicks.
    game = page.locator(".corinth-courts").last
    game.scroll_into_view_if_needed()
    cards = game.locator(".corinth-courts-handcard")
    expect(cards).to_have_count(10)
    app = page.locator(".corinth-courts-app")
    app.get_by_role("button", name="Hint").click()  # the best cards, ranked from the learner's view
    expect(app.locator(".corinth-hints li")).to_have_count(3, timeout=60_000)
    expect(app.locator(".corinth-hints li").first).to_contain_text("Lay the ")
    ARTIFACTS.mkdir(exist_ok=True)
    app.locator(".corinth-hints").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "classroom-courts-hint.png"))
    first = cards.first.get_attribute("data-card")
    cards.first.click()
    expect(app.locator(".corinth-hints")).to_have_count(0, timeout=30_000)  # a move: the hint goes
    target = game.locator(".corinth-token-take, .corinth-courts-cross .corinth-court-place.legal")
    expect(target.first).to_be_visible(timeout=30_000)
    expect(game.locator(".corinth-courts-revealed li")).to_have_count(4)  # the reveal, in order
    take = game.locator(".corinth-token-take")
    (take.first if take.count() else target.first).click()
    # the round is over: the bots placed the rest, and a new round waits for the learner's card
    expect(game.locator(".corinth-courts-handcard.legal")).to_have_count(9, timeout=30_000)
    # Undo takes the placement back (the card stays chosen); the same placement again
    app.get_by_role("button", name="Undo").click()
    expect(game.locator(".corinth-courts-handcard.legal")).to_have_count(0, timeout=30_000)
    expect(game.locator(".corinth-courts-announce")).to_contain_text("taken back")
    expect(target.first).to_be_visible(timeout=30_000)
    (take.first if take.count() else target.first).click()
    expect(game.locator(".corinth-courts-handcard.legal")).to_have_count(9, timeout=30_000)
    expect(game.locator(f".corinth-courts-handcard[data-card='{first}']")).to_have_count(0)
    expect(game.locator(".corinth-courts-announce")).to_contain_text(
        "Player 1 (North) puts", timeout=30_000
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "classroom-courts.png"))

    # The game is kept in this browser: after a reload (a new kernel, so only the browser
    # remembers) it is where it was, the card played gone from the hand and the Courts as they were.
    hand = [c.get_attribute("data-card") for c in cards.all()]
    courts = game.locator(".corinth-courts-cross .corinth-court-place")
    expect(courts).to_have_count(4)
    table = [courts.nth(i).get_attribute("aria-label") for i in range(4)]
    page.reload(timeout=180_000)
    game = page.locator(".corinth-courts").last
    expect(game.locator(".corinth-courts-announce")).to_contain_text(
        "where you left it", timeout=120_000
    )
    cards = game.locator(".corinth-courts-handcard")
    expect(cards).to_have_count(9)
    assert [c.get_attribute("data-card") for c in cards.all()] == hand
    courts = game.locator(".corinth-courts-cross .corinth-court-place")
    assert [courts.nth(i).get_attribute("aria-label") for i in range(4)] == table

    # New game: back to the lesson's start, the whole hand again, and so after another reload.
    page.locator(".corinth-courts-app").get_by_role("button", name="New game").click()
    expect(cards).to_have_count(10, timeout=30_000)
    page.reload(timeout=180_000)
    game = page.locator(".corinth-courts").last
    expect(game.locator(".corinth-courts-handcard.legal")).to_have_count(10, timeout=120_000)
