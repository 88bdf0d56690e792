"""How long each lesson is in the classroom app, step by step, and how much practice it holds: a
measure, not a test.

    python -m benchmarks.lesson_sizes            # every lesson: 00 to 07, 11 and 12 with their second parts
    python -m benchmarks.lesson_sizes 01 03      # only these

Serves the lessons with the classroom command (no waiting kernels), opens each at 1280×720 in headless
Chromium, and prints a table: the page's height in screens, its steps (## headings), the tallest step
(from its heading to the next one, in screens), its practice items (exercises and puzzle boards), the
words it shows the learner to read (its text and printed outputs, not the boards' and exercises' own
words) and an estimated time to finish it: reading at 200 words a minute plus 30 s per practice item
(``estimated_minutes``). That is an estimate from a formula, not a time measured with learners.
Under the table, each lesson's steps one by one: height, practice items, and whether its "Next step"
link leads to a heading of the page. The lines before the first step (the title, the lesson's
introduction and its progress line) are reported apart, as "intro".
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from corinth.classroom.lessons import course_names
from tests.browser.classroom import start_classroom
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS

LESSONS = course_names()[1:]  # every lesson of the course, without the index
WIDTH, HEIGHT = 1280, 720
WORDS_A_MINUTE = 200  # reading speed assumed for the estimate
PRACTICE_SECONDS = 30  # time assumed for each exercise or puzzle board
PRACTICE = ".corinth-exercise, .corinth-puzzle, .corinth-corintho-puzzle"

# Voilà scrolls an inner element, not the document: positions are measured in the tallest scroller.
MEASURE = r"""
(practice) => {
  const all = Array.from(document.querySelectorAll('*'));
  const scroller = all.reduce((a, e) => (e.scrollHeight > a.scrollHeight ? e : a), document.body);
  const origin = scroller.getBoundingClientRect().top - scroller.scrollTop;
  const top = (e) => e.getBoundingClientRect().top - origin;
  const heads = Array.from(document.querySelectorAll('h2'));
  const items = Array.from(document.querySelectorAll(practice)).map(top);
  const ids = new Set(heads.map((h) => h.id));
  // links to a heading of this page (not a heading's own ¶): where they are, and whether
  // their target exists (Voilà's ids are URL-encoded, JupyterLab's not)
  const links = Array.from(document.querySelectorAll('a[href^="#"]'))
    .filter((a) => a.textContent.trim() !== '¶')
    .map((a) => {
      const raw = a.getAttribute('href').slice(1);
      let decoded = raw;
      try { decoded = decodeURIComponent(raw); } catch (e) {}
      return { y: top(a), ok: ids.has(raw) || ids.has(decoded) || ids.has(encodeURI(decoded)) };
    });
  const steps = heads.map((h, i) => {
    const start = top(h);
    const end = i + 1 < heads.length ? top(heads[i + 1]) : scroller.scrollHeight;
    const inside = (y) => y >= start && y < end;
    return {
      title: h.textContent.replace(/¶$/, '').trim(),
      height: end - start,
      practice: items.filter(inside).length,
      links: links.filter((l) => inside(l.y)).map((l) => l.ok),
    };
  });
  // Words to read: the lesson's text and printed outputs, outside the widgets (whose own words are
  // the practice, timed apart).
  const reading = Array.from(document.querySelectorAll('.jp-RenderedMarkdown, .jp-RenderedText'))
    .filter((e) => !e.closest('.jupyter-widgets, .widget-output, .jupyter-widget'))
    .filter((e) => !e.parentElement.closest('.jp-RenderedMarkdown, .jp-RenderedText'));
  const words = reading
    .map((e) => e.innerText.replace(/¶/g, ' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length)
    .reduce((a, b) => a + b, 0);
  return {
    words,
    height: scroller.scrollHeight,
    intro: heads.length ? top(heads[0]) : scroller.scrollHeight,
    practice: items.length,
    steps,
  };
}
"""


@dataclass
class Size:
    lesson: str
    screens: float
    intro: float
    practice: int
    steps: list[dict]
    words: int = 0

    @property
    def tallest(self) -> float:
        return max((s["height"] for s in self.steps), default=0) / HEIGHT

    @property
    def estimated_minutes(self) -> float:
        """Reading at ``WORDS_A_MINUTE`` plus ``PRACTICE_SECONDS`` per practice item: an estimate.

        >>> Size("01", 7.0, 0.5, 8, [], words=1000).estimated_minutes
        9.0
        """
        return self.words / WORDS_A_MINUTE + self.practice * PRACTICE_SECONDS / 60


def measure(lessons: list[str]) -> list[Size]:
    from playwright.sync_api import sync_playwright

    sizes = []
    with tempfile.TemporaryDirectory() as folder, start_classroom(Path(folder), "--pool=0") as room:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            for lesson in lessons:
                page.goto(room.address(lesson))
                page.locator(".corinth-progress-line").first.wait_for(timeout=180_000)
                page.wait_for_timeout(3_000)  # the last boards drawn
                m = page.evaluate(MEASURE, PRACTICE)
                sizes.append(
                    Size(
                        lesson.split("_")[0],
                        m["height"] / HEIGHT,
                        m["intro"] / HEIGHT,
                        m["practice"],
                        m["steps"],
                        m["words"],
                    )
                )
            browser.close()
    return sizes


def main(argv: list[str]) -> None:
    lessons = [
        name for name in LESSONS if not argv or name.split("_")[0] in argv or name[:2] in argv
    ]
    sizes = measure(lessons)
    print(
        f"| lesson | height at {WIDTH}×{HEIGHT} (screens) | steps | tallest step (screens) "
        "| practice items | words to read | estimated minutes |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for s in sizes:
        print(
            f"| {s.lesson} | {s.screens:.1f} | {len(s.steps)} | {s.tallest:.1f} | {s.practice} "
            f"| {s.words:,} | {s.estimated_minutes:.0f} |"
        )
    print(
        f"\nEstimated minutes = words / {WORDS_A_MINUTE} + {PRACTICE_SECONDS} s × practice items "
        "(an estimate, not a time measured with learners)."
    )
    first = [s for s in sizes if s.lesson in ("00", "01", "02", "03", "04", "05")]
    if len(first) == 6:
        print(f"Lessons 00-05 together: {sum(s.estimated_minutes for s in first):.0f} minutes.")
    for s in sizes:
        print(f"\n{s.lesson}: intro {s.intro:.1f} screens, {s.words:,} words")
        for step in s.steps:
            links = step["links"]
            ok = "no link" if not links else "links ok" if all(links) else "A LINK LEADS NOWHERE"
            print(
                f"  {step['height'] / HEIGHT:4.1f}  practice {step['practice']}  {ok:<20} "
                f"{step['title']}"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
