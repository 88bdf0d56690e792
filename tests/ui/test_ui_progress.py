"""The learner's course map and lesson lines (``corinth.ui.progress``, ``exercises.course_map``): where
the learner is, in words. The page draws the same words from the browser's marks (widgets/progress.js,
checked in Chromium by tests/browser/test_classroom.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))
import exercises  # noqa: E402

from corinth.courts.puzzles import load_puzzles as courts_puzzles  # noqa: E402
from corinth.ui.corintho import corintho_puzzles  # noqa: E402
from corinth.ui.course import puzzle_marks, stored_puzzles  # noqa: E402
from corinth.ui.progress import Progress  # noqa: E402
from corinth.ui.trainer import corintho_mark, courts_mark  # noqa: E402


def _items(course: Progress, prefix: str) -> list[str]:
    return next(lesson["items"] for lesson in course.lessons if lesson["file"].startswith(prefix))


def test_the_map_lists_the_lessons_with_exercises_and_the_trainers_apart():
    course = exercises.course_map()
    assert [lesson["file"].split("_")[0] for lesson in course.lessons] == [
        "00", "01", "02", "03", "04", "05", "06", "06b", "07", "11", "11b", "12", "12b",
    ]  # fmt: skip
    assert all(lesson["items"] for lesson in course.lessons)
    puzzles = next(lesson for lesson in course.lessons if lesson["file"].startswith("06b"))
    assert "puzzle-t4-01" in puzzles["items"]  # step 4's board: needed to finish 06b
    assert "puzzle-t4-01" not in puzzles["extra"] and "puzzle-t1-01" in puzzles["extra"]
    assert not set(puzzles["items"]) & set(puzzles["extra"])


def test_the_map_names_the_trainers_puzzles_as_the_trainers_mark_them():
    """The lesson list reads the puzzle sets without solving them: the same names, in the same order,
    as the puzzles the trainers load and check."""
    marks = puzzle_marks()
    assert marks["06b"] == [f"puzzle-{p.id}" for p in stored_puzzles()]
    assert marks["11b"] == [corintho_mark(p) for p in corintho_puzzles()]
    assert marks["12b"] == [courts_mark(p) for p in courts_puzzles()]


def test_each_trainers_puzzles_count_on_the_lesson_list_as_its_lessons_extra_practice():
    """06b, 11b and 12b each offer a trainer: its puzzles are their lesson's extra practice, counted
    on the list apart from what finishes the lesson, and no other lesson's."""
    course = exercises.course_map()
    extra = {lesson["file"][:3]: lesson["extra"] for lesson in course.lessons if lesson["extra"]}
    assert set(extra) == {"06b", "11b", "12b"}
    courts = extra["12b"]
    assert courts and all(name.startswith("courts-") for name in courts)
    line = next(line for line in course.course({courts[0]}) if line.startswith("12b "))
    assert line.endswith(f"· 1 of {len(courts)} puzzles")


def test_a_new_learner_starts_at_00_and_nothing_is_finished():
    lines = exercises.course_map().course(set())
    assert lines[0].startswith("Your progress: 0 of 13 lessons finished, 0 of ")
    assert lines[1] == "00 Start here — 0 of 6 solved · Start here →"
    assert not any("finished" in line or "Continue" in line for line in lines[1:])


def test_finished_lessons_are_marked_in_words_and_the_next_one_says_continue_here():
    course = exercises.course_map()
    solved = set(_items(course, "00")) | set(_items(course, "01")) | {_items(course, "03")[0]}
    lines = course.course(solved)
    assert lines[0].startswith("Your progress: 2 of 13 lessons finished")
    assert lines[1].endswith("— 6 of 6 solved ✓ finished")
    assert lines[2] == "01 The harbor — 8 of 8 solved ✓ finished"
    assert lines[3].startswith("02 Gold, goats and goods — 0 of ")
    assert lines[3].endswith(" · Continue here →")
    assert sum("Continue here" in line for line in lines) == 1
    assert "finished" not in lines[4] and "Continue" not in lines[4]  # 03: begun, not first


def test_a_lesson_skipped_is_where_to_continue():
    """The first lesson not finished, even when a later one is: 00 left, 01 done."""
    course = exercises.course_map()
    lines = course.course(set(_items(course, "01")))
    assert lines[1].endswith("· Continue here →") and lines[2].endswith("✓ finished")


def test_every_lesson_finished():
    course = exercises.course_map()
    every = {n for lesson in course.lessons for n in lesson["items"]}
    lines = course.course(every)
    assert lines[0].endswith("Every lesson finished ✓")
    assert all(line.endswith("✓ finished") for line in lines[1:])


def test_the_maps_text_repr_is_its_lines_for_no_marks_and_does_not_depend_on_the_browser():
    course = exercises.course_map()
    assert repr(course) == "\n".join(course.course(set(), trainers=False))
    assert not re.search(r"· \d+ of \d+ puzzles", repr(course))  # the puzzle sets may grow
    course._on_page(course, {"event": "restore", "solved": ["01-two-gold"]}, [])  # not its items
    assert course.solved == [] and repr(course) == repr(exercises.course_map())


def test_the_lesson_line_names_the_next_steps_exercise_then_the_next_lesson():
    progress = exercises.lesson_progress("01")
    assert repr(progress) == "This lesson: 0 of 8 exercises solved"  # as saved in the notebooks
    first = progress.line()
    assert first.startswith("This lesson: 0 of 8 exercises solved (kept in this browser). Next: ")
    assert "Step 1 of 7: A round begins — “" in first
    progress._on_page(progress, {"event": "restore", "solved": ["01-two-gold"]}, [])
    assert "Next: Step 2 of 7: Sorting the dice — “The dice fall" in progress.line()
    for name in progress.items:
        progress.mark(name)
    assert progress.line() == (
        "This lesson: 8 of 8 exercises solved (kept in this browser). "
        "✓ Lesson finished — next: 02 Gold, goats and goods"
    )


def test_a_step_with_two_exercises_names_the_one_not_solved():
    progress = exercises.lesson_progress("07")
    progress.mark("07-why-many")
    progress.mark("07-best-median")
    progress.mark("07-best-strategy")
    line = progress.line()
    assert (
        "Next: Step 3 of 5: Win rates with confidence intervals — “Are greedy and merchant" in line
    )


def test_06b_counts_the_trainers_puzzles_apart_and_needs_its_boards():
    progress = exercises.lesson_progress("06b")
    exercises.puzzle_board("t4-01")
    trainer = exercises.puzzle_trainer()
    extra = len(trainer.puzzles) - 1  # t4-01 is step 4's board, also in the trainer
    assert f"0 of 3 exercises solved, and 0 of {extra} puzzles of the trainer" in progress.line()
    assert "Next: Step 1 of 5: How hard a puzzle is — “Which of these" in progress.line()
    for name in [n for n in progress.items if n.startswith("06b-")]:
        progress.mark(name)
    assert "Next: Step 4 of 5: Puzzles for the end of the game — the puzzle on its board" in (
        progress.line()
    )
    progress.mark("puzzle-t4-01")
    assert progress.line().endswith("✓ Lesson finished — next: 07 Strategy lab")


def test_06_leads_to_its_second_part():
    progress = exercises.lesson_progress("06")
    for name in progress.items:
        progress.mark(name)
    assert progress.line().endswith("✓ Lesson finished — next: 06b More puzzles")


def test_a_lesson_without_steps_keeps_its_plain_count():
    progress = Progress(lesson="09", items=["09-a"])
    assert progress.line() == "This lesson: 0 of 1 exercises solved (kept in this browser)."


def test_11_leads_to_its_second_part_whose_trainer_is_counted_apart():
    progress = exercises.lesson_progress("11")
    for name in progress.items:
        progress.mark(name)
    assert progress.line().endswith(
        "✓ Lesson finished — next: 11b Corintho: answers, puzzles and a game"
    )
    second = next(
        lesson for lesson in exercises.course_map().lessons if lesson["file"].startswith("11b")
    )
    assert "corintho-x4-01" in second["items"]  # step 1's puzzle board: needed to finish 11b
    assert second["extra"] and not set(second["items"]) & set(second["extra"])
