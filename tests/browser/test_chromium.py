"""The browser the tests and benchmarks launch: a student's page, and nothing of Chromium's own.

Chromium loads its address bar's pop-ups as web pages in a renderer of their own for every new
profile (0.5 s of CPU each time), and the tests and benchmarks open a profile per student: counted
as the student's, they doubled the browser CPU a lesson page seemed to cost.
"""

from __future__ import annotations

import pytest

from corinth.handouts.printing import UNUSED_FEATURES

from .lab import CHROMIUM_ARGS, _playwright_disabled_features

pytestmark = pytest.mark.browser


def test_one_disable_features_flag_keeps_playwrights_and_ours():
    """Chromium reads only the last --disable-features: ours repeats Playwright's own list."""
    flags = [a for a in CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(flags) == 1
    features = flags[0].removeprefix("--disable-features=").split(",")
    playwright = _playwright_disabled_features()
    assert playwright, "Playwright's own list was not found in its code: see lab.py"
    assert set(playwright) | set(UNUSED_FEATURES) == set(features)


def test_a_new_profile_opens_no_page_of_chromiums_own(browser):
    """Every target of a new profile (the browser is shared with other tests: only this one's)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("data:text/html,<p>A lesson</p>")
        own = context.new_cdp_session(page)
        profile = own.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
        own.detach()
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets")["targetInfos"]
        session.detach()
    finally:
        context.close()
    mine = [t for t in targets if t.get("browserContextId") == profile]
    assert [t["url"] for t in mine if t["type"] == "page"] == ["data:text/html,<p>A lesson</p>"]
    assert [t["url"] for t in mine if t["url"].startswith("chrome://")] == []
