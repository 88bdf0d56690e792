"""How long each lesson is in the classroom app, and how much practice it holds: a measure, not a test.

    python -m tests.browser.lesson_sizes

Serves the lessons with the classroom command (no waiting kernels), opens each at 1280×720 in headless
Chromium, and prints a table: the page's height in screens, its sections (## headings) and its
practice items (exercises and puzzle boards).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from .classroom import start_classroom
from .conftest import CHROMIUM, CHROMIUM_ARGS

LESSONS = [
    "00_start_here.ipynb",
    "01_the_harbor.ipynb",
    "02_gold_goats_goods.ipynb",
    "03_the_steward.ipynb",
    "04_buildings_and_score.ipynb",
    "05_play_a_game.ipynb",
    "06_puzzles.ipynb",
    "07_strategy_lab.ipynb",
]
WIDTH, HEIGHT = 1280, 720


def main() -> None:
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory() as folder, start_classroom(Path(folder), "--pool=0") as room:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            for lesson in LESSONS:
                page.goto(room.address(lesson))
                page.locator(".corinth-progress-line").first.wait_for(timeout=180_000)
                page.wait_for_timeout(3_000)  # the last boards drawn
                # Voilà scrolls an inner element, not the document: the tallest scroll height
                height = page.evaluate(
                    "Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))"
                )
                sections = page.locator("h2").count()
                practice = page.locator(".corinth-exercise, .corinth-puzzle").count()
                rows.append((lesson[:2], height / HEIGHT, sections, practice))
            browser.close()
    print(f"| lesson | height at {WIDTH}×{HEIGHT} (screens) | sections | practice items |")
    print("| --- | ---: | ---: | ---: |")
    for lesson, screens, sections, practice in rows:
        print(f"| {lesson} | {screens:.1f} | {sections} | {practice} |")


if __name__ == "__main__":
    main()
