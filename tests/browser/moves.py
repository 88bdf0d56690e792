"""Moves a student makes by clicks in the lessons' boards, shared by the browser tests."""

from __future__ import annotations

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None


def play_first_move(page) -> None:
    """Lesson 05 (seed 11), where the notebook's own code has played the student's first take: build
    nothing, then, after the bots' answers, take the Goats group by a click on the harbor and the
    button."""
    status = page.get_by_role("status").filter(has_text="Round 1").first
    expect(status).to_contain_text("your turn: build", timeout=60_000)
    game = page.locator(".corinth-game")  # the lesson's exercises have boards too
    game.get_by_role("button", name="Build", exact=True).click()  # "Build nothing." is chosen
    goats = game.locator(".corinth-district.legal[data-district='goats']")
    goats.wait_for(timeout=60_000)
    goats.click()
    expect(game.locator(".corinth-district.selected[data-district='goats']")).to_be_visible()
    take = game.get_by_role("button", name="Take and act")
    expect(take).to_be_enabled(timeout=30_000)
    take.click()
    log = page.locator(".corinth-log").first
    expect(log).to_contain_text("You took the Goats group", timeout=30_000)
    expect(log).to_contain_text("You built nothing.")
