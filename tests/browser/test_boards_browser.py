"""End to end: JupyterLab runs a notebook with the boards; clicks in Chromium change the Python side."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"

pytestmark = pytest.mark.browser


def wait_for_events(root: Path, check, timeout: float = 20.0) -> dict:
    """Poll the notebook's events.json until ``check(events)`` holds."""
    path = root / "events.json"
    deadline = time.monotonic() + timeout
    events: dict = {}
    while time.monotonic() < deadline:
        try:
            events = json.loads(path.read_text())
        except (OSError, ValueError):
            events = {}
        if events and check(events):
            return events
        time.sleep(0.1)
    raise AssertionError(f"the Python side did not change as expected; last events: {events}")


def open_and_run(page, url: str, name: str) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, and run all cells."""
    page.goto(f"{url}/lab/tree/{name}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    # The notebook names its kernel, so Lab should start it; if a kernel dialog still shows, accept it.
    dialog = page.locator(".jp-Dialog")
    try:
        dialog.wait_for(timeout=3_000)
    except Exception:
        pass
    else:
        if "Select Kernel" in dialog.inner_text():
            dialog.locator(".jp-mod-accept").click()
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def test_click_harbor_and_market(lab, page):
    url, root = lab
    shutil.copy(NOTEBOOKS / "boards.ipynb", root / "boards.ipynb")
    open_and_run(page, url, "boards.ipynb")
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
    assert "(A4b)" in status.inner_text()

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "boards.png"), full_page=True)


def test_keyboard_chooses_a_group(lab, page):
    """Arrow keys move the cursor over the harbor and Enter chooses (the screen-reader path)."""
    url, root = lab
    shutil.copy(NOTEBOOKS / "boards.ipynb", root / "keyboard.ipynb")
    open_and_run(page, url, "keyboard.ipynb")
    gold = page.locator(".corinth-district[data-district='gold']")
    gold.wait_for(timeout=60_000)
    label = gold.get_attribute("aria-label")
    assert label.startswith("harbor Gold: 3 × 6")
    gold.focus()
    page.keyboard.press("ArrowDown")  # Orange is empty
    page.keyboard.press("ArrowDown")  # Blue
    page.keyboard.press("Enter")
    wait_for_events(root, lambda e: e["selected"] == "blue")
    cell = page.locator(".corinth-cell[data-cell='r1c2']")
    assert cell.get_attribute("aria-label").startswith("market r1c2: purple ×2")
    assert "reachable in 1" in cell.get_attribute("aria-label")
