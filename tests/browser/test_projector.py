"""Projector mode, read from the back of a room (issue 45, item 8): at 1280×720, with ?projector=1 on
the address, every visible text as drawn (HTML and SVG labels, tests/browser/textsize.py) at least
18 px at the 5th percentile and 14 px at the smallest, on the teacher's page with a live Corinth
puzzle, the student's class page with it, and lessons 00, 05 and 12b in the classroom app; the
position's picture fills most of the width and its harbor is on the screen when the puzzle comes
(not below the fold), lesson 05's harbor is not cut at the page's edge, and axe-core finds nothing
serious. Screenshots go to /tmp/corinth-projector/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .classroom import start_classroom
from .test_boards_a11y import serious_violations
from .textsize import summary

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.long]

SCREEN = {"width": 1280, "height": 720}
SHOTS = Path("/tmp/corinth-projector")


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def projected(address: str) -> str:
    return address + ("&" if "?" in address else "?") + "projector=1"


def readable(page, name: str) -> dict:
    """The page's text sizes, printed (the figures a report quotes), and its screenshot."""
    found = summary(page)
    small = [(t["text"], t["size"]) for t in found["smallest"][:4]]
    print(
        f"{name}: 5th percentile {found['p5']} px, smallest {found['min']} px, {found['count']} texts; {small}"
    )
    shot(page, name)
    return found


def test_every_page_reads_from_the_back_of_the_room(tmp_path, browser):
    with start_classroom(tmp_path, "--pool=0") as room:
        log = room.log.read_text()
        join = re.search(r"or open (http://\S+/join/[A-Z]+-\d+)", log).group(1)
        teacher_url = re.search(r"teacher's page \(keep it to yourself\): (http://\S+)", log).group(
            1
        )
        teacher = browser.new_context(viewport=SCREEN).new_page()
        teacher.set_default_timeout(60_000)
        teacher.goto(projected(teacher_url))
        expect(teacher.locator("#projector")).to_have_attribute("aria-pressed", "true")
        teacher.wait_for_selector("#pick option", state="attached")
        teacher.select_option("#pick", "corinth/t1-01")
        teacher.click("#send")
        teacher.wait_for_selector("#live:not([hidden]) #picture svg")
        found = readable(teacher, "teacher")
        assert found["p5"] >= 18 and found["min"] >= 14, found
        assert serious_violations(teacher, "main") == []

        student = browser.new_context(viewport=SCREEN).new_page()
        student.set_default_timeout(60_000)
        student.goto(join)
        student.click("#no-name")
        expect(student.locator("#joined")).to_contain_text("You are in the class")
        student.goto(projected(student.url.split("?")[0]))
        student.wait_for_selector("#picture svg")
        found = readable(student, "student")
        assert found["p5"] >= 18 and found["min"] >= 14, found
        for part in student.locator("#picture svg").all():  # the harbor, then the sheet
            assert part.bounding_box()["width"] >= 0.6 * SCREEN["width"]
        harbor = student.locator("#picture svg").first.bounding_box()  # on the screen as it came
        assert harbor["y"] >= 0 and harbor["y"] + harbor["height"] <= SCREEN["height"], harbor
        assert serious_violations(student, "main") == []

        for lesson in ("00_start_here", "05_play_a_game", "12b_four_courts_score_and_game"):
            page = student.context.new_page()
            page.set_default_timeout(240_000)
            page.goto(projected(f"{room.url}/voila/render/{lesson}.ipynb"))
            page.wait_for_selector(".corinth-progress")
            page.wait_for_function("() => document.body.classList.contains('corinth-projector')")
            expect(page.get_by_role("button", name="Projector mode").first).to_have_attribute(
                "aria-pressed", "true"
            )
            page.wait_for_timeout(3000)  # the boards drawn
            found = readable(page, lesson)
            assert found["p5"] >= 18 and found["min"] >= 14, found
            if lesson.startswith("05"):
                harbor = page.locator(".corinth-game .corinth-harbor").first.bounding_box()
                assert harbor["x"] >= 0 and harbor["x"] + harbor["width"] <= SCREEN["width"], harbor
                assert serious_violations(page, ".corinth-game") == []
                assert serious_violations(page, ".corinth-progress") == []
            page.close()
