"""The course in French and German (``corinth.ui.course``, ``exercise``, ``progress``): an exercise
shows its words in the language spoken now and is still answered by its English option (the
catalogue's key), a lesson's steps come from its notebook in that language, and the progress line's
and lesson list's words are the language's. The exercises' own texts are the ``exercises``
catalogue's: a catalogue of a few known words is put in front of the French one here, so these tests
prove the machinery whatever that catalogue holds today."""

from __future__ import annotations

import gettext
import json
import shutil
import sys
from pathlib import Path

import pytest

from corinth.shared import language
from corinth.shared.language import _, speaking
from corinth.ui.course import Course
from corinth.ui.progress import Progress

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

# What the exercises catalogue says for exercise 04-tie-break (its question and options).
KNOWN = {
    "Two players both score 41 points; Ana holds 4 gold and 9 goats, Ben 5 gold and 2 goats. "
    "Who wins?": "Deux joueurs marquent chacun 41 points ; qui gagne ?",
    "Ana": "Ana (en français)",
    "Ben": "Ben (en français)",
    "both": "les deux",
}


class _Known(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return KNOWN[message] if message in KNOWN else super().gettext(message)


@pytest.fixture
def french(monkeypatch):
    """French, with ``KNOWN`` in front of the French catalogues."""
    real = language._catalogue("fr")
    known = _Known()
    known.add_fallback(real)
    monkeypatch.setattr(language, "_catalogue", lambda code: known if code == "fr" else real)
    with speaking("fr"):
        yield


def _tie_break() -> dict:
    return Course(NOTEBOOKS).question("04-tie-break")


def test_the_known_words_are_the_tie_break_exercises():
    d = _tie_break()
    assert d["question"] in KNOWN and set(d["options"]) <= set(KNOWN)


def test_an_exercise_asked_in_french_shows_french_and_takes_its_english_answer(french):
    d = _tie_break()
    exercise = Course(NOTEBOOKS).ask("04-tie-break")
    assert KNOWN[d["question"]] in exercise.question.value
    assert [b.description for b in exercise.buttons] == [KNOWN[o] for o in d["options"]]
    assert exercise.hint_button.description == _("Hint") != "Hint"
    assert exercise.answer_button.description == _("Show the answer") != "Show the answer"
    wrong = exercise.answer_with("Ana")  # the English option, as a click on its button sends it
    assert wrong.startswith(_("Not quite. {words}").format(words="")[:5])
    assert not wrong.startswith("Not quite") and not exercise.solved
    # the button shows the French words and answers with the English option
    right = next(b for b, o in zip(exercise.buttons, d["options"]) if o == d["answer"])
    right.click()
    assert exercise.solved
    assert exercise.feedback.value.count(_("Right! {words}").split("{")[0].strip()) == 1


def test_the_same_exercise_in_english_keeps_its_english_words():
    with speaking("en"):
        exercise = Course(NOTEBOOKS).ask("04-tie-break")
        assert exercise.answer_with("Ana") == (
            "Not quite. Goats do not break ties: only gold does (E2)."
        )
        assert [b.description for b in exercise.buttons] == _tie_break()["options"]


def test_a_number_exercise_in_german_says_check_in_german():
    with speaking("de"):
        exercise = Course(NOTEBOOKS).ask("04-temple")
        assert exercise.check_button.description == _("Check") != "Check"
        assert exercise.answer_with("drei").startswith(_("Not quite. {words}")[:5])
        exercise.answer_with("9")
        assert exercise.solved


def _lessons(folder: Path, french: bool, following_in_french: bool = True) -> Course:
    """A course of two lessons in ``folder``: 04 (in English, and in French if ``french``) whose
    step asks 04-temple and links to 05, and 05 (in French if ``following_in_french``)."""
    shutil.copy(NOTEBOOKS / "exercises.toml", folder / "exercises.toml")

    def notebook(heading: str, link: str) -> dict:
        return {
            "cells": [
                {"cell_type": "markdown", "metadata": {}, "source": ["# 04 Buildings"]},
                {
                    "cell_type": "markdown",
                    "metadata": {},
                    "source": [
                        f"## {heading}\n",
                        "<!-- rules taught: B2 -->\n",
                        "\n",
                        "Some text.",
                    ],
                },
                {
                    "cell_type": "code",
                    "metadata": {},
                    "source": ['ask("04-temple")'],
                    "outputs": [],
                },
                {"cell_type": "markdown", "metadata": {}, "source": [link]},
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        }

    english = notebook(
        "Step 1 of 1: The Temple", "Next lesson: **[05 Play a game](05_play_a_game.ipynb)**."
    )
    (folder / "04_buildings.ipynb").write_text(json.dumps(english), encoding="utf-8")
    (folder / "05_play_a_game.ipynb").write_text(json.dumps(english), encoding="utf-8")
    if french:
        translated = notebook(
            "Étape 1 sur 1 : le Temple",
            "Leçon suivante : **[05 Jouer une partie](05_play_a_game.ipynb)**.",
        )
        (folder / "04_buildings.fr.ipynb").write_text(json.dumps(translated), encoding="utf-8")
    if following_in_french:
        (folder / "05_play_a_game.fr.ipynb").write_text(json.dumps(english), encoding="utf-8")
    index = {
        "cells": [
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": [
                    "- [04 Buildings](04_buildings.ipynb)\n- [05 Play](05_play_a_game.ipynb)"
                ],
            }
        ]
    }
    (folder / "index.ipynb").write_text(json.dumps(index), encoding="utf-8")
    index["cells"][0]["source"] = [
        "- [04 Bâtiments](04_buildings.ipynb)\n- [05 Jouer](05_play_a_game.ipynb)"
    ]
    (folder / "index.fr.ipynb").write_text(json.dumps(index), encoding="utf-8")
    return Course(folder)


def test_a_lessons_steps_in_french_come_from_its_french_notebook(tmp_path):
    course = _lessons(tmp_path, french=True)
    steps, following = course.lesson_steps("04", "fr")
    assert [step["title"] for step in steps] == ["Étape 1 sur 1 : le Temple"]
    # its anchor the English one, which the translated lesson keeps beside its heading
    assert steps[0]["anchor"] == "Step-1-of-1:-The-Temple"
    assert steps[0]["items"] == ["04-temple"] and steps[0]["rules"] == ["B2"]  # as in English
    assert following == {"title": "05 Jouer une partie", "file": "05_play_a_game.fr.ipynb"}
    with speaking("fr"):
        assert course.lesson_steps("04") == (steps, following)  # the language spoken now
        line = course.lesson_progress("04")
    assert line.steps == steps and line.next_lesson == following
    assert line.items == [n for n in course.questions() if n.startswith("04-")]  # the same marks
    english, _following = course.lesson_steps("04", "en")
    assert english[0]["title"] == "Step 1 of 1: The Temple"
    assert _following["file"] == "05_play_a_game.ipynb"


def test_a_lesson_without_its_translation_is_read_in_english(tmp_path):
    course = _lessons(tmp_path, french=False, following_in_french=False)
    steps, following = course.lesson_steps("04", "fr")
    assert steps[0]["title"] == "Step 1 of 1: The Temple"
    assert following == {"title": "05 Play a game", "file": "05_play_a_game.ipynb"}
    assert course.lesson_steps("04", "de")[0][0]["title"] == "Step 1 of 1: The Temple"


def test_the_lesson_list_in_french_links_to_the_french_lessons(tmp_path):
    course = _lessons(tmp_path, french=True)
    lessons = course.course_map("fr").lessons
    assert [(lesson["title"], lesson["file"]) for lesson in lessons] == [
        ("04 Bâtiments", "04_buildings.fr.ipynb"),
        ("05 Jouer", "05_play_a_game.fr.ipynb"),
    ]
    assert lessons[0]["items"] == course.course_map("en").lessons[0]["items"]  # the same marks


def test_the_real_lessons_translations_are_not_taken_for_lessons(tmp_path):
    """``04_….fr.ipynb`` beside ``04_….ipynb`` is its translation, not another lesson 04."""
    steps, following = Course(NOTEBOOKS).lesson_steps("04", "en")
    assert steps[0]["title"] == "Step 1 of 4: Building"
    assert following["file"] == "05_play_a_game.ipynb"


def test_the_progress_widgets_words_are_french():
    progress = Progress(lesson="01", language="fr")
    words = progress.words
    assert words["\u0000lang"] == "fr"
    with speaking("fr"):
        assert words["Reset my progress"] == _("Reset my progress") != "Reset my progress"
        line = progress.line()
    assert "(kept in this browser)" not in line
    assert Progress(lesson="01", language="en").words["Reset my progress"] == "Reset my progress"
    with speaking("de"):
        assert Progress(lesson="01").words["\u0000lang"] == "de"


def test_the_lesson_lists_language_switch_offers_each_list_written(tmp_path):
    course = _lessons(tmp_path, french=True)
    assert course.course_map("fr").languages == [
        {"code": "en", "name": "English", "file": "index.ipynb"},
        {"code": "fr", "name": "Français", "file": "index.fr.ipynb"},
    ]
    (tmp_path / "index.de.ipynb").write_text((tmp_path / "index.ipynb").read_text())
    assert [s["file"] for s in course.course_map("en").languages] == [
        "index.ipynb",
        "index.fr.ipynb",
        "index.de.ipynb",
    ]
    source = (NOTEBOOKS.parent / "widgets" / "progress.js").read_text(encoding="utf-8")
    assert '"corinth-language"' in source and '"aria-current", "page"' in source
