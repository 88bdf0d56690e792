"""End to end: JupyterLab runs a notebook with the boards; clicks in Chromium change the Python side."""

from __future__ import annotations

import http.cookiejar
import urllib.error
import urllib.request
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

from .lab import NOTEBOOKS, wait_for_events

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.browser


def test_server_wants_its_token_and_xsrf(lab):
    """The test server is not open to other local processes: no token, no API; no XSRF, no POST."""
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{lab.url}/api/contents", timeout=5)
    assert refused.value.code == 403
    # Logged in by the token (a session cookie, as a browser holds), a POST without the XSRF value fails.
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    opener.open(lab.address("lab"), timeout=30).read()
    post = urllib.request.Request(f"{lab.url}/api/contents", data=b"{}", method="POST")
    with pytest.raises(urllib.error.HTTPError) as xsrf:
        opener.open(post, timeout=5)
    assert xsrf.value.code == 403
    assert "_xsrf" in xsrf.value.read().decode("utf-8", "replace")


def test_click_harbor_and_market(lab, opened):
    root = lab.root
    page = opened("boards.ipynb", NOTEBOOKS / "boards.ipynb")
    goats = page.locator(".corinth-district[data-district='goats']")
    goats.wait_for(timeout=60_000)
    wait_for_events(root, lambda e: "selected" in e)

    # Before a group is chosen a market click is refused with its reason (A4).
    page.locator(".corinth-cell[data-cell='r1c2']").click()
    events = wait_for_events(root, lambda e: "A4" in e["message"])
    assert events["path"] == []

    goats.click()
    events = wait_for_events(root, lambda e: e["selected"] == "goats")
    assert events["group"] == "goats"
    page.wait_for_selector(".corinth-district.selected[data-district='goats']")

    page.locator(".corinth-cell[data-cell='r1c2']").click()
    events = wait_for_events(root, lambda e: e["path"] == [7])
    assert events["ready"] is True
    assert events["move"] == "goats steward r1c2 shops 1"
    page.wait_for_selector(".corinth-cell.in-path[data-cell='r1c2']")

    # A cell not next to the path's end is refused with the engine's reason and rule (A4b).
    page.locator(".corinth-cell[data-cell='r0c0']").click()
    events = wait_for_events(root, lambda e: "(A4b)" in e["message"])
    assert events["path"] == [7]
    status = page.locator(".corinth-sheet .corinth-status")
    expect(status).to_contain_text("is not next to the purple ×2 cell, row 2, column 3")
    expect(status).not_to_contain_text("(A4b)")  # the rule's ID on hover only
    expect(status.locator("sup.corinth-rule")).to_have_attribute("title", "Rule A4b")

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "boards.png"), full_page=True)


def test_keyboard_chooses_a_group(lab, opened):
    """Arrow keys move the cursor over the harbor and Enter chooses (the screen-reader path)."""
    root = lab.root
    page = opened("boards.ipynb", NOTEBOOKS / "boards.ipynb")
    gold = page.locator(".corinth-district[data-district='gold']")
    gold.wait_for(timeout=60_000)
    label = gold.get_attribute("aria-label")
    assert label.startswith("Harbor Gold: 6×3 (three 6s")
    gold.focus()
    page.keyboard.press("ArrowDown")  # Orange is empty
    page.keyboard.press("ArrowDown")  # Blue
    page.keyboard.press("Enter")
    wait_for_events(root, lambda e: e["selected"] == "blue")
    cell = page.locator(".corinth-cell[data-cell='r1c2']")
    assert cell.get_attribute("aria-label").startswith("purple ×2, row 2, column 3:")
    assert "reachable in 1" in cell.get_attribute("aria-label")
    # The market too: from the steward's cell, ArrowUp then Enter draws one step to r1c2.
    page.locator(".corinth-cell[data-cell='r2c2']").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    wait_for_events(root, lambda e: e["path"] == [7])


def test_game_app_plays_a_steward_move(lab, opened):
    """One move through the whole app: a group, a path on the market, the button; then a puzzle answer."""
    root = lab.root
    page = opened("game.ipynb", NOTEBOOKS / "game.ipynb")
    app = page.locator(".jp-OutputArea-output").nth(0)
    goats = app.locator(".corinth-district[data-district='goats']")
    goats.wait_for(timeout=60_000)
    before = wait_for_events(root, lambda e: len(e["moves"]) == 3)["moves"]

    goats.click()
    wait_for_events(root, lambda e: e["selected"] == "goats")
    app.locator(".corinth-cell[data-cell='r1c2']").click()
    wait_for_events(root, lambda e: e["path"] == [7])
    button = app.get_by_role("button", name="Move the steward")
    button.wait_for()
    page.wait_for_function(
        "() => [...document.querySelectorAll('button')].some("
        "b => b.textContent.includes('Move the steward') && !b.disabled)"
    )
    button.click()
    events = wait_for_events(root, lambda e: len(e["moves"]) > 3)
    assert events["moves"][:3] == before
    assert events["moves"][3] == "goats steward r1c2 shops 1"
    ARTIFACTS.mkdir(exist_ok=True)
    app.screenshot(path=str(ARTIFACTS / "game-app.png"))

    puzzle = page.locator(".jp-OutputArea-output").nth(1)
    puzzle.scroll_into_view_if_needed()
    puzzle.locator(".corinth-district[data-district='gold']").click()
    take = puzzle.get_by_role("button", name="Take and act")
    page.wait_for_timeout(300)
    take.click()
    events = wait_for_events(root, lambda e: e["puzzle"] == "gold")
    assert "fewer than the best move" in events["result"] or "Best move" in events["result"]
    puzzle.get_by_text("ranks").wait_for()
    puzzle.screenshot(path=str(ARTIFACTS / "puzzle.png"))
