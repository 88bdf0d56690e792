"""The course of these lessons: the exercises a lesson asks by name (``exercises.toml``), the
progress line at its top, the lesson list and the puzzle boards, from ``corinth.ui.course``, with
the answers of ``answers/`` (one module per lesson).

A lesson's cells read ``from exercises import ask`` and ``ask("00-green-goods")``: the exercise of
that name, answered by clicks, its solved mark kept in the learner's browser once the lesson's
``lesson_progress`` is shown.

>>> ask("04-tie-break").answer_with("Ana")
'Not quite. Goats do not break ties: only gold does (E2).'
>>> steps, following = lesson_steps("01")
>>> steps[1]["title"], steps[1]["items"], following["file"]
('Step 2 of 7: Sorting the dice', ['01-blue-value'], '02_gold_goats_goods.ipynb')
"""

from __future__ import annotations

from pathlib import Path

from answers import ANSWERS

from corinth.ui.course import Course, play

__all__ = [
    "COURSE",
    "ask",
    "course_map",
    "corintho_puzzle",
    "corintho_trainer",
    "courts_puzzle",
    "courts_trainer",
    "lesson_progress",
    "lesson_steps",
    "play",
    "puzzle_board",
    "puzzle_trainer",
    "words_panel",
]

COURSE = Course(Path(__file__).resolve().parent, ANSWERS)

ask = COURSE.ask
lesson_progress = COURSE.lesson_progress
lesson_steps = COURSE.lesson_steps
words_panel = COURSE.words_panel
course_map = COURSE.course_map
puzzle_board = COURSE.puzzle_board
puzzle_trainer = COURSE.puzzle_trainer
corintho_puzzle = COURSE.corintho_puzzle
corintho_trainer = COURSE.corintho_trainer
courts_puzzle = COURSE.courts_puzzle
courts_trainer = COURSE.courts_trainer
