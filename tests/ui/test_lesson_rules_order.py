"""Every exercise is asked after the step that teaches what it asks (issue 43): each exercise names
the rules it asks (``rules`` in notebooks/exercises.toml), each step of a lesson the rules it teaches
(a comment under its heading, ``<!-- rules taught: C1, C2 -->``), and no exercise asks a rule that
no step up to its own has taught, in its lesson or an earlier lesson of the same game."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

from corinth.ui.course import Course

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
DATA = tomllib.loads((NOTEBOOKS / "exercises.toml").read_text(encoding="utf-8"))

# Each game's lessons, in the order a learner takes them, and its rule catalogue.
GAMES = {
    "Corinth": (["00", "01", "02", "03", "04", "05", "06", "06b", "07"], "corinth/rules/RULES.md"),
    "Corintho": (["11", "11b"], "corinth/corintho/RULES.md"),
    "The Four Courts": (["12", "12b"], "corinth/courts/RULES.md"),
}
RULE = re.compile(r"^\s*- \*\*(?:\[\w+\]\s*)?([A-Z]\d+[a-z]?)\*\*", re.M)


def catalogue(path: str) -> set[str]:
    """The rule IDs of a game's catalogue (its RULES.md)."""
    return set(RULE.findall((ROOT / path).read_text(encoding="utf-8")))


def lesson_of(name: str) -> str:
    return name.rsplit("-", 1)[0].split("-")[0]


@pytest.fixture(scope="module")
def course():
    sys.path.insert(0, str(NOTEBOOKS))
    from answers import ANSWERS

    yield Course(NOTEBOOKS, ANSWERS)
    sys.path.remove(str(NOTEBOOKS))


def test_the_catalogues_are_read():
    assert {"C2", "C3", "G6", "G7", "R5"} <= catalogue("corinth/courts/RULES.md")
    assert {"E1", "E3", "P5", "W3"} <= catalogue("corinth/corintho/RULES.md")
    assert {"A3c", "R10", "E2", "M6"} <= catalogue("corinth/rules/RULES.md")


def test_every_exercise_names_the_rules_it_asks_from_its_games_catalogue():
    games = {lesson: path for lessons, path in GAMES.values() for lesson in lessons}
    assert {lesson_of(name) for name in DATA} <= set(games)
    for name, d in DATA.items():
        assert isinstance(d.get("rules"), list), f"{name} names no rules (rules = [...])"
        unknown = set(d["rules"]) - catalogue(games[lesson_of(name)])
        assert not unknown, f"{name}: no rule {sorted(unknown)} in {games[lesson_of(name)]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_step_names_the_rules_it_teaches_from_its_games_catalogue(course, game):
    lessons, path = GAMES[game]
    known = catalogue(path)
    for lesson in lessons:
        steps, _ = course.lesson_steps(lesson)
        assert steps, lesson
        for step in steps:
            where = f"lesson {lesson}, {step['title']}"
            assert step["rules"] is not None, f"{where}: no <!-- rules taught: ... --> comment"
            assert set(step["rules"]) <= known, (where, sorted(set(step["rules"]) - known))


@pytest.mark.parametrize("game", GAMES)
def test_no_exercise_is_asked_before_the_step_that_teaches_its_rules(course, game):
    lessons, _ = GAMES[game]
    problems = course.asked_before_taught(lessons)
    assert not problems, "\n".join(problems)


def _lesson(folder: Path, steps: list[tuple[str, list[str]]]) -> None:
    """A lesson "98" of two exercises' steps: (rules taught, exercises asked) each."""
    cells = []
    for n, (taught, asked) in enumerate(steps, 1):
        head = f"## Step {n} of {len(steps)}: Idea {n}\n<!-- rules taught: {taught} -->\n"
        cells.append({"cell_type": "markdown", "metadata": {}, "source": [head]})
        for name in asked:
            source = [f'ask("{name}")']
            cells.append({"cell_type": "code", "metadata": {}, "source": source, "outputs": []})
    (folder / "98_a_lesson.ipynb").write_text(json.dumps({"cells": cells}), encoding="utf-8")


def test_the_check_finds_an_exercise_asked_a_step_too_early(tmp_path):
    """Lesson 12's old order: "which is placed first?" asked in step 1, the rule that the highest
    card is placed first (R2) taught in step 3."""
    exercises = (
        '["98-first"]\nkind = "number"\nrules = ["C2", "R2"]\nquestion = "Q"\nanswer = 1\n'
        '["98-hand"]\nkind = "number"\nrules = ["C1"]\nquestion = "Q"\nanswer = 1\n'
    )
    (tmp_path / "exercises.toml").write_text(exercises, encoding="utf-8")
    _lesson(tmp_path, [("C1, C2", ["98-first", "98-hand"]), ("none", []), ("R1, R2", [])])
    problems = Course(tmp_path).asked_before_taught(["98"])
    assert problems == ["98-first (lesson 98, Step 1 of 3: Idea 1) asks R2, taught only in lesson "
                        "98, Step 3 of 3: Idea 3"]  # fmt: skip
    _lesson(tmp_path, [("C1, C2", ["98-hand"]), ("none", []), ("R1, R2", ["98-first"])])
    assert Course(tmp_path).asked_before_taught(["98"]) == []
    _lesson(tmp_path, [("C1", ["98-hand"]), ("R2", ["98-first"])])  # C2 taught nowhere
    assert Course(tmp_path).asked_before_taught(["98"]) == [
        "98-first (lesson 98, Step 2 of 2: Idea 2) asks C2, taught in no step"
    ]


def test_lesson_12_asks_its_questions_after_teaching_them(course):
    """Issue 43's two cases: "which is placed first?" after the step that says the highest card is
    placed first, and "beside which Courts?" after the step that teaches the shared suit."""
    steps, _ = course.lesson_steps("12")
    where = {name: n for n, step in enumerate(steps) for name in step["items"]}
    taught = {rule: n for n in reversed(range(len(steps))) for rule in steps[n]["rules"]}
    assert where["12-first-card"] >= taught["R2"]
    assert where["12-which-court"] >= taught["R3"]


# --- lesson 12b's "which card now?": a wrong answer never names the best one -------------------


def test_12b_which_card_wrong_answers_say_what_they_get_against_the_best_never_which_is_best(
    course,
):
    """Each wrong choice says what it gets (its points at the end of the round, as the ranking
    gives them) against what the best gets, and names neither the best card nor its Court: only
    "Show the answer" does."""
    from answers.courts import courts_choice_words, courts_puzzle

    from corinth.courts import CARDS, COURTS

    puzzle = courts_puzzle()
    choices = {courts_choice_words(ch.answer): ch for ch in puzzle.ranking().choices}
    (best,) = puzzle.answers
    best_card, best_court = best.split()
    best_words = courts_choice_words(best)
    d = DATA["12b-which-card"]
    assert set(d["wrong"]) == set(d["options"]) - {best_words}
    view = puzzle.view
    for option, words in d["wrong"].items():
        mine = choices[option]
        court = COURTS[mine.court].capitalize()
        assert f"with {round(mine.mean)} points" in words, (option, words)
        assert f"the best choice ends it with {round(choices[best_words].mean)}" in words
        assert round(mine.mean) < round(choices[best_words].mean)
        first = len(view.sides[mine.court][view.seat]) == 0
        assert (f"your first card beside the {court}" in words) == first, (option, words)
        assert CARDS[next(c for c in range(40) if CARDS[c].word == best_card)].name.lower() not in (
            words.lower()
        )
        assert f"the {best_court}" not in words.lower(), (option, words)
    widget = course.ask("12b-which-card")
    shown = widget.show_answer()
    assert best_words in shown
