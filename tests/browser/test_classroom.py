"""End to end: the classroom app (`make classroom`). Voilà serves the lessons with their code hidden.

A student opens the index with the room's token, picks the game lesson, plays a move by clicks, and
answers a widget exercise of lesson 01 by clicks. The time from choosing the lesson to its first board
is reported (not asserted: the machine is shared).
"""

from __future__ import annotations

import re
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .moves import play_first_move

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EXERCISES = tomllib.loads(
    (Path(__file__).resolve().parents[2] / "notebooks" / "exercises.toml").read_text("utf-8")
)

pytestmark = pytest.mark.browser


def test_index_opens_the_game_and_a_move_is_played_by_clicks(classroom, page, record_property):
    url, token = classroom
    page.goto(f"{url}/voila/render/index.ipynb?token={token}")
    lesson = page.get_by_role("link", name="05 Play a game").first  # the table; the map has one too
    lesson.wait_for(timeout=60_000)
    # The app hides the code: the index's one code cell is not in the page the student gets.
    assert "RoundAtAGlance" not in page.content()

    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    served: dict[str, str] = {}
    page.on("response", lambda r: served.setdefault(r.url, r.headers.get("cache-control", "")))
    # Voilà's spinner while the lesson loads stands still: turning, it was drawn again at every
    # frame on the student's device, on top of the lesson's loading.
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " const s = document.querySelector('#loading .spinner');"
        " window.__spinner = s ? getComputedStyle(s).animationName : 'no spinner'; })"
    )
    start = time.monotonic()
    lesson.click()  # the token is a cookie now: the relative link opens the lesson as an app
    harbor = page.locator(".corinth-harbor").first
    harbor.wait_for(state="visible", timeout=90_000)
    record_property("first_board_seconds", time.monotonic() - start)
    assert page.url == f"{url}/voila/render/05_play_a_game.ipynb"
    assert page.evaluate("window.__spinner") == "none"
    # The lesson asks the classroom's server only (no CDN: a school without the internet, and
    # nobody told who opened which lesson), and its boards' front ends are files the browser keeps.
    elsewhere = [a for a in asked if not a.startswith((url, "data:", "blob:"))]
    assert elsewhere == []
    front_ends = {u: c for u, c in served.items() if "/voila/corinth-front-ends/" in u}
    assert any(u.endswith(".js") for u in front_ends) and any(
        u.endswith(".css") for u in front_ends
    )
    assert all("immutable" in c for c in front_ends.values())
    # ... linked from the page's head, so they are loaded before the widgets' states arrive
    assert page.locator('head link[rel="modulepreload"][href*="/corinth-front-ends/"]').count() > 0

    play_first_move(page)  # the student's own first take, by clicks
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "classroom-game.png"))


def test_a_widget_exercise_is_answered_by_clicks(classroom, page):
    url, token = classroom
    page.goto(f"{url}/voila/render/01_the_harbor.ipynb?token={token}")
    exercise = page.locator(".corinth-exercise").filter(
        has_text="Who takes the last group of the round?"
    )
    exercise.wait_for(timeout=90_000)
    exercise.scroll_into_view_if_needed()
    feedback = exercise.locator(".corinth-feedback")

    # A tempting wrong answer gets its own explanation, not only "wrong".
    exercise.get_by_role("button", name="Player 2", exact=True).click()
    expect(feedback).to_contain_text("Not quite. Player 2 is first player", timeout=30_000)

    exercise.get_by_role("button", name="Player 1", exact=True).click()
    expect(feedback).to_contain_text("Right! The order is Player 2, Player 3, Player 1.")
    assert exercise.get_by_role("status").count() == 1  # read out by screen readers


def test_index_page_has_no_serious_accessibility_violations(classroom, page):
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    url, token = classroom
    page.goto(f"{url}/voila/render/index.ipynb?token={token}")
    page.get_by_role("link", name="09 Going deeper: finding the best move").wait_for(timeout=60_000)
    page.locator("svg[role='img'] title").wait_for(state="attached", timeout=60_000)  # the picture
    results = axe_module.Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()


def test_the_app_serves_no_source_or_answers(classroom):
    """Students get the apps only: the notebooks, the helpers and the exercise file are not served."""
    url, token = classroom
    for name in ("exercises.toml", "exercises.py", "05_play_a_game.ipynb"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/voila/files/{name}?token={token}", timeout=10)
        assert refused.value.code == 403, name


def test_progress_stays_in_the_browser_across_reloads_and_shows_on_the_lesson_list(classroom, page):
    """A solved exercise is marked, still marked after a reload (kept in this browser, nothing on the
    server), counted on the lesson list, and forgotten by "Reset my progress"."""
    url, token = classroom
    page.goto(f"{url}/voila/render/01_the_harbor.ipynb?token={token}")
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 0 of", timeout=90_000)
    exercise = page.locator(".corinth-exercise").filter(
        has_text="Who takes the last group of the round?"
    )
    exercise.scroll_into_view_if_needed()
    exercise.get_by_role("button", name="Player 1", exact=True).click()
    expect(exercise.locator(".corinth-feedback")).to_contain_text("Right!", timeout=30_000)
    expect(line).to_contain_text("This lesson: 1 of", timeout=30_000)

    page.reload()  # a new kernel: only the browser remembers
    expect(page.locator(".corinth-progress-line").first).to_contain_text(
        "This lesson: 1 of", timeout=90_000
    )
    again = page.locator(".corinth-exercise").filter(
        has_text="Who takes the last group of the round?"
    )
    # The line is drawn by the page; the exercise's mark comes from the new kernel, which under
    # load may still be running the lesson's later cells.
    expect(again.locator(".corinth-feedback")).to_contain_text(
        "Solved on an earlier visit", timeout=90_000
    )

    page.goto(f"{url}/voila/render/index.ipynb?token={token}")
    course = page.locator(".corinth-progress-map")
    expect(course).to_contain_text("01 The harbor — 1 of", timeout=90_000)
    reset = page.get_by_role("button", name="Reset my progress")
    reset.click()
    page.get_by_role("button", name="Click again to forget every solved exercise").click()
    expect(course).to_contain_text("01 The harbor — 0 of")
    page.reload()
    expect(page.locator(".corinth-progress-map")).to_contain_text(
        "01 The harbor — 0 of", timeout=90_000
    )


def test_lesson_01_is_completed_by_clicks_with_a_hint_ladder_and_a_reload(
    classroom, page, record_property
):
    """Every exercise of lesson 01 answered by clicks, step by step in the lesson's order (numbers
    typed in their boxes), one hint ladder climbed, the "Next step" links followed from the first step
    to the last, the lesson's progress 'all solved' and 'Lesson finished — next: 02', kept across a
    reload; with lesson 00 done before, the lesson list marks 00 and 01 finished and "Continue here"
    leads to 02. The time is reported."""
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{url}/voila/render/01_the_harbor.ipynb?token={token}")
    line = page.locator(".corinth-progress-line").first
    expect(line).to_contain_text("This lesson: 0 of 8", timeout=90_000)
    # The line names where to go: the first step and its exercise.
    expect(line).to_contain_text("Next: Step 1 of 7: A round begins — “")
    start = time.monotonic()

    def exercise(words: str):
        ex = page.locator(".corinth-exercise").filter(has_text=words)
        ex.scroll_into_view_if_needed()
        return ex

    def number(words: str, answer: str, enter: bool = False):
        ex = exercise(words)
        box = ex.get_by_role("textbox", name="Answer")
        box.fill(answer)
        if enter:  # Enter in the box checks the answer, as "Check" does
            box.press("Enter")
        else:
            ex.get_by_role("button", name="Check").click()
        expect(ex.locator(".corinth-feedback")).to_contain_text("Right!", timeout=30_000)

    def choice(words: str, answer: str):
        ex = exercise(words)
        ex.get_by_role("button", name=answer, exact=True).click()
        expect(ex.locator(".corinth-feedback")).to_contain_text("Right!", timeout=30_000)

    # Step 1: a round begins
    number("holds 2 gold and has earned no yellow die", "2")

    # Step 2: sorting the dice, with the hint ladder: three hints, then the answer
    blue = exercise("Which value lies on the Blue district?")
    blue.get_by_role("button", name="Hint").click()
    blue.get_by_role("button", name="Another hint (2 left)").click()
    blue.get_by_role("button", name="Another hint (1 left)").click()
    expect(blue.locator(".corinth-hints li")).to_have_count(3)
    expect(blue.get_by_role("button", name="No more hints")).to_be_disabled()
    number("Which value lies on the Blue district?", "5")

    # Step 3: the harbor as a live board
    goats = exercise("Click the group that lies on the Goats district")
    goats.locator(".corinth-district[data-district='goats']").click()
    expect(goats.locator(".corinth-feedback")).to_contain_text("Right!", timeout=30_000)

    # Steps 4 to 7: yellow dice, earned yellow dice, who plays when, no group left
    number("How many dice does the Blue group have for Player 2?", "2", enter=True)
    choice("How many yellow dice may they buy this round?", "1")
    choice("Who takes the last group of the round?", "Player 1")
    choice("What may Player 3 do?", "Move the steward one step, then build if they want to")
    walk = exercise("Now take Player 3's compensation step")
    walk.locator(".corinth-cell[data-cell='r1c2']").click()
    walk.get_by_role("button", name="Check my walk").click()
    expect(walk.locator(".corinth-feedback")).to_contain_text("Right!", timeout=30_000)
    expect(line).to_contain_text("This lesson: 8 of 8", timeout=30_000)
    record_property("lesson_01_by_clicks_seconds", time.monotonic() - start)
    expect(line).to_contain_text("✓ Lesson finished — next: 02 Gold, goats and goods")
    expect(line.get_by_role("link", name="02 Gold, goats and goods")).to_have_attribute(
        "href", "02_gold_goats_goods.ipynb"
    )

    # Each "Next step" link brings its step's heading to the top of the screen.
    headings = page.locator("h2")
    expect(headings).to_have_count(7)
    page.locator("h2").first.scroll_into_view_if_needed()
    for n in range(1, 7):
        page.get_by_role("link", name="Next step →").nth(n - 1).click()
        expect(page).to_have_url(re.compile(rf"#Step-{n + 1}-of-7:-"))
        heading = headings.nth(n)
        page.wait_for_function(
            "h => Math.abs(h.getBoundingClientRect().top) < 40", arg=heading.element_handle()
        )
        assert heading.inner_text().startswith(f"Step {n + 1} of 7: ")

    page.reload()
    expect(page.locator(".corinth-progress-line").first).to_contain_text(
        "This lesson: 8 of 8", timeout=90_000
    )
    expect(page.locator(".corinth-progress-line").first).to_contain_text("✓ Lesson finished")

    # Lesson 00 done on an earlier visit (its marks put in this browser's storage, as its page
    # writes them): the lesson list then marks 00 and 01 finished and says to continue with 02.
    page.evaluate(
        """names => {
          const data = JSON.parse(localStorage.getItem("corinth-progress-v1") || "{}");
          for (const name of names) data[name] = Date.now();
          localStorage.setItem("corinth-progress-v1", JSON.stringify(data));
        }""",
        [name for name in EXERCISES if name.startswith("00-")],
    )
    page.goto(f"{url}/voila/render/index.ipynb?token={token}")
    course = page.locator(".corinth-progress-map")
    expect(course).to_contain_text("01 The harbor — 8 of 8 solved ✓ finished", timeout=90_000)
    expect(course.locator("li").filter(has_text="00 Start here")).to_contain_text("✓ finished")
    here = course.get_by_role("link", name="Continue here")
    expect(here).to_have_count(1)
    expect(here).to_have_attribute("href", "02_gold_goats_goods.ipynb")
    expect(course.locator("li[aria-current='step']")).to_contain_text("02 Gold, goats and goods")
    expect(page.locator(".corinth-progress-line").first).to_contain_text(
        "Your progress: 2 of 13 lessons finished"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "classroom-course-map.png"))
    here.click()
    expect(page).to_have_url(re.compile(r"/voila/render/02_gold_goats_goods\.ipynb$"))
