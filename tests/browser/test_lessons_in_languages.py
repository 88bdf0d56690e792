"""Every lesson in French and in German, as a student opens it in the classroom app: no English left.

Each lesson of the course (the lesson list first) is opened in its French and its German translation
(``NAME.fr.ipynb``, ``NAME.de.ipynb``) once its boards are drawn; one exercise is answered (its first
option, or a number), one hint asked, and the page's visible words are counted: English function
words ("the", "and", "which"…, words neither French nor German uses) stay under 1% of them. The page
says its language to screen readers (``lang``) and the lesson's own progress line is in it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from corinth.classroom.lessons import course_names
from corinth.courts import CARDS, COURTS
from corinth.shared.catalogues import translated_path

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Words only English uses among the three languages (not "a", "on", "or", "as", "me", "was", "will",
# nor "we", German's short "Wellen"…).
ENGLISH_ONLY = frozenset(
    """the and of to is are were be been you your which what this that these those with from they
    their them there has have had would can could does did when where each every after before than
    then only not but if it its by at how why who whom our my he she his hint check player players
    round turn solved lesson step next show answer""".split()
)
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


# Names that stay as printed in every language (corinth/locale/glossary.*.md): The Four Courts, its
# Courts ("The Island") and its cards' names ("The Mill"), which no French rulebook translates.
NAMES = re.compile(
    "|".join(
        re.escape(name)
        for name in sorted(
            {"The Four Courts"}
            | {f"The {court.capitalize()}" for court in COURTS}
            | {card.name.replace("the ", "The ", 1) for card in CARDS if " of " not in card.name},
            key=len,
            reverse=True,
        )
    ),
    re.I,
)


def english_share(text: str) -> tuple[float, list[str]]:
    """The share of ``text``'s words that only English uses, and those words (the games' names
    that stay as printed left out).

    >>> english_share("Le joueur 1 prend le groupe.")[0]
    0.0
    >>> round(english_share("Der Spieler nimmt the group.")[0], 2)
    0.2
    >>> english_share("Nord: The Mill (8) with The Island")[1]
    ['with']
    """
    words = WORD.findall(NAMES.sub(" ", text))
    english = [word for word in words if word.lower() in ENGLISH_ONLY]
    return (len(english) / len(words) if words else 0.0), english


def settled_text(page, timeout: float = 90) -> str:
    """The page's visible text once it has stopped changing (its widgets drawn)."""
    before, deadline = "", time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(2)
        text = page.evaluate("document.body.innerText")
        if text == before and len(text) > 200:
            return text
        before = text
    return before


def answer_one_exercise(page) -> bool:
    """Click the first exercise's first option (or type a number and check it); True if answered."""
    exercise = page.locator(".corinth-exercise").first
    if not exercise.count():
        return False
    exercise.scroll_into_view_if_needed()
    number = exercise.locator("input[type=number], input[type=text]").first
    if number.count():
        number.fill("1")
        exercise.locator("button.mod-primary").first.click()
        return True
    options = exercise.locator("button:not(.mod-primary):not(:has(.fa-lightbulb-o))")
    if options.count():
        options.first.click()
        checks = exercise.locator("button.mod-primary")
        if checks.count() and checks.first.is_enabled():
            checks.first.click()
        return True
    return False


def ask_one_hint(page) -> bool:
    hint = page.locator("button:has(.fa-lightbulb-o)").first
    if not hint.count():
        return False
    hint.scroll_into_view_if_needed()
    hint.click()
    return True


@pytest.mark.parametrize("language", ["fr", "de"])
@pytest.mark.parametrize("lesson", course_names())
def test_a_lesson_in_french_and_german_has_no_english_left(classroom, page, lesson, language):
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    name = translated_path(Path(lesson), language).name
    page.goto(f"{url}/voila/render/{name}?token={token}", timeout=180_000)
    # every lesson and the lesson list show their progress line once their widgets are drawn
    page.locator(".corinth-progress-line").first.wait_for(state="attached", timeout=180_000)
    settled_text(page)
    answered = answer_one_exercise(page)
    hinted = ask_one_hint(page)
    text = settled_text(page, timeout=30)
    ARTIFACTS.mkdir(exist_ok=True)  # what was read, to look at when this fails
    (ARTIFACTS / f"{language}-{name}.txt").write_text(text, encoding="utf-8")
    share, english = english_share(text)
    assert share < 0.01, (
        f"{name}: {share:.1%} of its words are English ({len(english)}): {sorted(set(english))[:40]}"
    )
    assert page.evaluate("document.documentElement.lang").startswith(language)
    if lesson != "index.ipynb":
        assert answered and hinted, f"{name}: no exercise answered or no hint asked"
