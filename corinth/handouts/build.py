"""Every lesson's handout and answer key, written as HTML and printed to PDF, and the folder's index.

A lesson gets a handout when it asks exercises of ``exercises.toml``: lessons 00–07, 11, 11b, 12
and 12b. The optional lessons 08–10 ask none (they teach by code, and their few questions are
written in it), so they have none.

>>> handout = make_handout("04")
>>> handout.stem, [ex.name for ex in handout.exercises][:2]
('04_buildings_and_score', ['04-what-to-build', '04-temple'])
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corinth.shared.language import current_language

from .lesson import NOTEBOOKS, Lesson, NoHandout, Part, lesson_files, lesson_parts, read_lesson
from .page import handout_html, index_html, key_html
from .paper import PaperExercise, notebook_course, paper_exercise
from .printing import Printer, chromium, page_count

KEY = "_answers"  # the answer key's file: the handout's name and this (05_play_a_game_answers.pdf)


@dataclass
class Handout:
    """A lesson on paper: its parts in order and its exercises, numbered from 1."""

    lesson: Lesson
    parts: list[Part]
    exercises: list[PaperExercise]

    @property
    def stem(self) -> str:
        return self.lesson.path.stem

    def html(self) -> str:
        return handout_html(self.lesson.title, self.parts, self.exercises)

    def key_html(self) -> str:
        return key_html(self.lesson.title, self.exercises)


def lessons_with_handouts(folder: Path = NOTEBOOKS, course: Any = None) -> list[str]:
    """The lessons that ask exercises of ``exercises.toml``, by number, in order.

    >>> numbers = lessons_with_handouts()
    >>> numbers[:2], "08" in numbers, "12b" in numbers
    (['00', '01'], False, True)
    """
    course = course or notebook_course(folder)
    names = list(course.questions())
    return [n for n in lesson_files(folder) if any(q.startswith(f"{n}-") for q in names)]


def make_handout(number: str, folder: Path = NOTEBOOKS, course: Any = None) -> Handout:
    """Lesson ``number`` (``05``) on paper."""
    course = course or notebook_course(folder)
    _check(number, folder, lessons_with_handouts(folder, course))
    lesson = read_lesson(lesson_files(folder)[number])
    parts = lesson_parts(lesson)
    exercises = []
    for part in parts:
        if part.kind == "exercise":
            exercises.append(paper_exercise(course, part.name, len(exercises) + 1, part.step))
    return Handout(lesson, parts, exercises)


def _check(number: str, folder: Path, known: list[str]) -> None:
    """Refuse a lesson that does not exist or has no handout, naming those that have one."""
    if number not in lesson_files(folder):
        raise NoHandout(f"no lesson {number!r}: the lessons with a handout are {', '.join(known)}")
    if number not in known:
        raise NoHandout(
            f"lesson {number} asks no exercise of exercises.toml, so it has no handout; the "
            f"lessons with one are {', '.join(known)}"
        )


def build(out: Path, numbers: list[str] | None = None, folder: Path = NOTEBOOKS) -> list[Path]:
    """Write the handouts of lessons ``numbers`` (all of them by default) into ``out``: for each,
    ``NAME.pdf`` (the handout) and ``NAME_answers.pdf`` (its key); then ``index.html``, listing every
    handout of the folder. One Chromium prints them all. Returns the PDFs written."""
    course = notebook_course(folder)
    known = lessons_with_handouts(folder, course)
    for number in numbers or ():
        _check(number, folder, known)
    numbers = numbers or known
    browser = chromium()  # missing: said before any lesson is read
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):  # the boards' "clear output" outside a kernel
        handouts = [make_handout(number, folder, course) for number in numbers]
    written = []
    with (
        tempfile.TemporaryDirectory(prefix="corinth-handouts-") as pages,
        Printer(browser) as printer,
    ):
        for handout in handouts:
            for suffix, text in (("", handout.html()), (KEY, handout.key_html())):
                page = Path(pages) / f"{handout.stem}{suffix}.html"
                page.write_text(text, encoding="utf-8")
                written.append(printer.pdf(page, out / f"{handout.stem}{suffix}.pdf"))
    write_index(out, folder)
    return written


def index_name(language: str) -> str:
    """The index of the handouts in ``language``: ``index.html`` in English, ``index.fr.html``."""
    return "index.html" if language == "en" else f"index.{language}.html"


def write_index(out: Path, folder: Path = NOTEBOOKS) -> Path:
    """``out/index.html`` (``index.fr.html`` in French): every lesson whose handout or key is in
    ``out``, in the language spoken now, with its pages, and the lessons that have none."""
    rows, without = [], []
    known = lessons_with_handouts(folder)
    for number, path in lesson_files(folder).items():
        title = read_lesson(path).title
        if number not in known:
            without.append(title)
        files = [Path(out) / f"{path.stem}{suffix}.pdf" for suffix in ("", KEY)]
        if any(pdf.exists() for pdf in files):
            found = [
                (pdf.name, page_count(pdf.read_bytes())) if pdf.exists() else ("", 0)
                for pdf in files
            ]
            rows.append((title, *found[0], *found[1]))
    index = Path(out) / index_name(current_language())
    index.write_text(index_html(rows, without), encoding="utf-8")
    return index
