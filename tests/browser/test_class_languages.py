"""A French class in Chromium (python -m corinth.classroom --language fr): the join page speaks
French; a student switches to German there (kept in the browser), joins, and the student's page,
its script's words and its link to the lessons are German, and so is the lesson list it opens
(where translated); the teacher's page stays French and counts the student in French. tests/classroom/test_class_languages.py checks the same pages
without a browser."""

from __future__ import annotations

import re

import pytest

from corinth.classroom.lessons import NOTEBOOKS
from corinth.shared.language import _, speaking

from .classroom import start_classroom
from .test_class_live import SCREEN

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None


def said(language: str, english: str, **values: object) -> str:
    """A message of the classroom's catalogue in ``language``, its placeholders filled."""
    with speaking(language):
        return _(english).format(**values)


pytestmark = pytest.mark.browser


def french_addresses(room) -> tuple[str, str]:
    """The join link and the teacher's page, as the command printed them (in French)."""
    log = room.log.read_text()
    join = re.search(r"(http://\S+/join/[A-Z]+-\d+)", log).group(1)
    teacher = re.search(r"(http://\S+/teacher/[A-Za-z0-9_-]+)", log).group(1)
    return join, teacher


def test_a_french_class_and_a_student_who_reads_german(tmp_path, browser):
    with start_classroom(tmp_path, "--pool=0", "--language=fr") as room:
        join, teacher_url = french_addresses(room)
        code = join.rsplit("/", 1)[1]
        student = browser.new_context(viewport=SCREEN).new_page()
        student.set_default_timeout(30_000)

        # The join page in the class's language, with the switch
        student.goto(f"{room.url}/join")
        expect(student.locator("html")).to_have_attribute("lang", "fr")
        expect(student.locator("h1")).to_have_text("Rejoindre la classe")
        switch = student.locator("nav.languages a")
        expect(switch).to_have_text(["English", "Français", "Deutsch"])
        expect(student.locator('nav.languages a[aria-current="true"]')).to_have_text("Français")

        # The student switches to German: the page comes again in German, the choice is kept
        student.click("nav.languages a[data-language=de]")
        expect(student.locator("html")).to_have_attribute("lang", "de")
        expect(student.locator("h1")).to_have_text("Der Klasse beitreten")
        assert student.evaluate("localStorage.getItem('corinth-language')") == "de"
        assert "language=" not in student.url

        # … and joins: the student's page is German, its script's words too
        student.fill("#code", code)
        student.click("#join button[type=submit]")
        student.wait_for_url(re.compile(r"/class$"))
        expect(student.locator("html")).to_have_attribute("lang", "de")
        expect(student.locator("h1")).to_have_text("Deine Klasse")
        expect(student.locator("#joined")).to_have_text(
            "Gib einen Namen ein und drücke „Beitreten“, oder tritt ohne Namen bei."
        )
        index = "index.de.ipynb" if (NOTEBOOKS / "index.de.ipynb").is_file() else "index.ipynb"
        expect(student.locator("#lessons")).to_have_text("Zu den Lektionen")
        assert student.locator("#lessons").get_attribute("href").endswith(f"voila/render/{index}")
        student.fill("#name", "Ada")
        student.click("#name-form button[type=submit]")
        # (the words the German catalogue gives, whatever a reviewer made of them)
        expect(student.locator("#joined")).to_have_text(
            said("de", "You are in the class as {name}.", name="Ada")
        )
        expect(student.locator("#live-status")).to_have_text(
            said("de", "No puzzle yet: your teacher will send one.")
        )

        # The lesson list the link opens is German where it is translated, and so are its page's
        # language and its words about a lost connection
        lessons = student.context.new_page()
        lessons.set_default_timeout(180_000)
        lessons.goto(room.url + student.locator("#lessons").get_attribute("href"))
        lessons.wait_for_function("window.CorinthConnection !== undefined")
        german = index == "index.de.ipynb"
        assert lessons.evaluate("document.documentElement.lang") == ("de" if german else "en")
        sentence = lessons.evaluate("window.CorinthConnection.sentence")
        assert sentence.startswith("Die Verbindung" if german else "The connection")
        lessons.close()

        # The teacher's page is in the class's language, and counts the student in it
        teacher = browser.new_context(viewport=SCREEN).new_page()
        teacher.set_default_timeout(30_000)
        teacher.goto(teacher_url)
        expect(teacher.locator("html")).to_have_attribute("lang", "fr")
        expect(teacher.locator("h1")).to_have_text("Page de l’enseignant")
        expect(teacher.locator("#count")).to_have_text("1 élève a rejoint la classe.")
        expect(teacher.locator("#students button")).to_have_text(["Ada"])
