"""Moves a student makes by clicks in the lessons' boards, shared by the browser tests."""

from __future__ import annotations

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None


def play_first_move(page) -> str:
    """Lesson 05 (seed 11) opens on the student's own first decision, a take: take the top group
    the harbor offers by a click on it and the "Take and act" button. Returns its district."""
    status = page.get_by_role("status").filter(has_text="Round 1").first
    expect(status).to_contain_text("your turn: take a group", timeout=60_000)
    game = page.locator(".corinth-game")  # the lesson's exercises have boards too
    group = game.locator(".corinth-district.legal").first
    group.wait_for(timeout=60_000)
    district = group.get_attribute("data-district")
    group.click()
    expect(game.locator(f".corinth-district.selected[data-district='{district}']")).to_be_visible()
    take = game.get_by_role("button", name="Take and act")
    expect(take).to_be_enabled(timeout=30_000)
    take.click()
    log = page.locator(".corinth-log").first
    expect(log).to_contain_text(f"You took the {district.capitalize()} group", timeout=30_000)
    return district
