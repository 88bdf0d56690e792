"""Lessons 11 and 11b (Corintho) in the classroom app: 11's four steps and 11b's three open with
their boards, a puzzle of 11b is solved by clicks and marked, the mark stays after a reload (kept in
this browser), and a move against the bot is answered.

A screenshot of the solved puzzle goes to test-artifacts/classroom-corintho.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LESSON = "11_corintho.ipynb"
SECOND = "11b_corintho_puzzles_and_game.ipynb"  # its second part: puzzles and a game

pytestmark = pytest.mark.browser


def click_move(board, move: str, player: int) -> None:
    """Play ``move`` (notation: "base d4", "c3-c4") on ``board`` by clicks."""
    if "-" in move:
        source, target = move.split("-")
        board.locator(f".corinth-stack-cell[data-cell='{source}']").click()
    else:
        piece, target = move.split()
        board.locator(f".corinth-hand-piece[data-player='{player}'][data-piece='{piece}']").click()
    board.locator(f".corinth-stack-cell[data-cell='{target}']").click()


def test_lessons_11_and_11b_puzzle_by_clicks_is_marked_and_kept_and_the_bot_answers(
    classroom, page
):
    from corinth.corintho.puzzles import load_puzzles

    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{url}/voila/render/{LESSON}?token={token}")
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 0 of", timeout=90_000)
    expect(page.locator("h2")).to_have_count(4)
    assert page.locator("h2").first.inner_text().startswith("Step 1 of 4: ")
    expect(page.locator(".corinth-stack-cell").first).to_be_visible(timeout=30_000)

    page.goto(f"{url}/voila/render/{SECOND}?token={token}")
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 0 of", timeout=90_000)
    expect(page.locator("h2")).to_have_count(3)  # the lab-only section is not served
    assert page.locator("h2").first.inner_text().startswith("Step 1 of 3: ")

    # Step 1's puzzle: the other player's line of three made four long, by clicks (W4).
    puzzle = next(p for p in load_puzzles() if p.id == "x4-01")
    board = page.locator(".corinth-corintho-puzzle").filter(has_text="Extend to 4.").first
    board.scroll_into_view_if_needed()
    click_move(board, sorted(puzzle.answers)[0], puzzle.game.current_player)
    expect(board).to_contain_text("Solved!", timeout=30_000)
    expect(line).to_contain_text("This lesson: 1 of", timeout=30_000)
    trainer = page.locator(".corinth-trainer").first
    expect(trainer).to_contain_text("1 of 26 puzzles solved in all")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "classroom-corintho.png"))

    page.reload()  # a new kernel: only the browser remembers
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 1 of", timeout=90_000)
    board = page.locator(".corinth-corintho-puzzle").filter(has_text="Extend to 4.").first
    # The line is drawn by the page from the browser's marks; the board hears them from the kernel,
    # which may still be running the lesson's later cells on a busy machine (once over 30 s): the
    # same bound as the line's.
    expect(board).to_contain_text("Solved on an earlier visit", timeout=90_000)

    # Step 3: a move against the greedy bot, which answers at once.
    app = page.locator(".corinth-corintho-app").first
    app.scroll_into_view_if_needed()
    click_move(app, "base b2", 0)
    expect(app).to_contain_text("Player 1 places a base at b2", timeout=30_000)
    expect(app).to_contain_text("Player 2 places", timeout=30_000)
    expect(app.get_by_role("button", name="Undo")).to_be_enabled()
