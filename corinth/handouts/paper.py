"""The exercises on paper, and their answers for the key.

Each exercise is asked as the lesson asks it, through the lessons' own course (``exercises.py`` of
the notebooks' folder, its questions in ``exercises.toml`` and its answers worked out by
``answers/``): the question in the lesson's words (where it says click, paper says mark), the board
it is asked on drawn by the project's SVG, a way to answer with a pencil (boxes to tick, lines to
write on, the market to draw a walk on), and, for the key, the answer and its explanation as the
lesson's "Show the answer" gives them, without the rules' IDs.

>>> on_paper("Click the group on Goats, then Check.")
'Mark the group on Goats.'
>>> on_paper("Player 1 to play. What is the best move? Click a group and its action.")
'Player 1 to play. What is the best move?'
"""

from __future__ import annotations

import html
import importlib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corinth.corintho.live import picture as corintho_picture
from corinth.courts.live import picture as courts_picture
from corinth.render import sheet_svg
from corinth.shared.language import _

from .lesson import NOTEBOOKS, NoHandout, joined_words, small, stack_words, without_rule_ids

PUZZLE_BOARDS = ("puzzle-", "corintho-", "courts-")


@dataclass
class PaperExercise:
    """An exercise as a handout asks it and its key answers it. ``question``, ``how`` (how to
    answer with a pencil), ``answer`` and ``why`` are HTML; ``pictures`` the boards it is asked on
    (each an SVG or an HTML picture, with ``captions``), ``options`` a choice's options, ``lines``
    how many lines to write on, ``key_pictures`` what the key draws (a right walk)."""

    number: int
    name: str
    step: str
    question: str
    how: str
    answer: str
    why: str = ""
    pictures: list[str] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    lines: int = 1
    key_pictures: list[str] = field(default_factory=list)


def on_paper(text: str) -> str:
    """A question's words for paper: the last sentence telling where to click goes (the handout
    says how to answer), "click" becomes "mark", and there is no Check button to press."""
    sentences = re.split(r"(?<=[.?!])\s+", text.strip())
    while len(sentences) > 1 and sentences[-1].startswith("Click "):
        sentences.pop()
    text = " ".join(sentences)
    text = re.sub(r",? then Check\b", "", text)
    text = re.sub(r"\bA (?=[aeiou])", "An ", text)  # "A intermediate puzzle" of the puzzle boards
    return re.sub(r"\b([Cc])lick\b", lambda m: "Mark" if m.group(1) == "C" else "mark", text)


def _words(value: str) -> str:
    """The words of a widget's HTML, without its tags and the rules' IDs, escaped again."""
    text = html.unescape(re.sub(r"<[^>]+>", "", without_rule_ids(value)))
    return html.escape(" ".join(text.split()))


def notebook_course(folder: Path = NOTEBOOKS) -> Any:
    """The course of the lessons in ``folder`` (its ``exercises.COURSE``): the folder goes on
    ``sys.path``, as a lesson's kernel has it, for the lessons' helpers import each other by name.

    >>> notebook_course().question("04-tie-break")["kind"]
    'choice'
    """
    folder = Path(folder).resolve()
    if not (folder / "exercises.py").is_file():
        raise NoHandout(f"no lessons in {folder}: name the lessons' folder (--notebooks)")
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    module = importlib.import_module("exercises")
    if Path(module.__file__).resolve().parent != folder:
        raise RuntimeError(f"the lessons' course is already read from {module.__file__}")
    return module.COURSE


def paper_exercise(course: Any, name: str, number: int, step: str = "") -> PaperExercise:
    """Exercise ``name`` of ``course`` (or a puzzle board's mark, ``puzzle-t4-01``) on paper.

    >>> ex = paper_exercise(notebook_course(), "00-green-goods", 4)
    >>> ex.question, ex.answer, ex.why
    ('How many goods does it take to complete every shop of the Green district?', '14.', '2 + 3 + 4 + 5 = 14 goods.')
    """
    if name.startswith(PUZZLE_BOARDS):
        return _puzzle_board(course, name, number, step)
    d = course.question(name)
    kind = d["kind"]
    widget = course.exercise(name)
    explain = d.get("explain", "")
    why = html.escape(without_rule_ids(_(explain) if explain else ""))
    if kind == "puzzle":
        return _corinth_puzzle(widget, name, number, step, why)
    ex = PaperExercise(number, name, step, html.escape(on_paper(_(d["question"]))), "", "", why)
    if kind == "choice":
        ex.options = [html.escape(_(option)) for option in d["options"]]
        ex.how, ex.lines = _("Tick one box."), 0
    elif kind == "number":
        ex.how = _("Your answer:")
    elif kind == "group":
        ex.pictures = [widget.harbor.to_svg()]
        ex.how = _("Circle the group on the harbor, or write its district:")
    elif kind == "walk":
        state = widget.state
        named = list(d.get("highlight", []))
        ex.pictures = [sheet_svg(state, state.current_player, d.get("group", ""), named=named)]
        ex.how = _(
            "Draw the walk on the market: a line from the steward through each cell, one step at "
            "a time."
        )
        ex.lines = 0
        walk = widget.right_walk()
        if walk is not None:
            path = tuple(walk.path)
            ex.key_pictures = [sheet_svg(state, state.current_player, d.get("group", ""), path)]
    else:
        raise ValueError(f"exercise {name!r}: no paper form for its kind {kind!r}")
    ex.answer = _words(widget.answer_words())
    return ex


def _corinth_puzzle(widget: Any, name: str, number: int, step: str, why: str) -> PaperExercise:
    """A Corinth puzzle (an exercise's, or a stored puzzle's board): the harbor and the sheet, the
    best move in words for the key."""
    ex = PaperExercise(
        number,
        name,
        step,
        html.escape(on_paper(widget.question_text())),
        _(
            "Your move, in words: the group you take, and its action or the cells your steward "
            "walks to."
        ),
        "",
        why,
        pictures=[
            f'<div class="puzzle-harbor">{widget.harbor.to_svg()}</div>',
            widget.sheet.to_svg(),
        ],
        lines=2,
    )
    widget.reveal()
    ex.answer = _words(widget.result.value).removeprefix("Best: ")
    return ex


def _puzzle_board(course: Any, name: str, number: int, step: str) -> PaperExercise:
    """A puzzle on its own board (``puzzle-t4-01``, ``corintho-x4-01``, ``courts-round-01``)."""
    kind, puzzle_id = name.split("-", 1)
    if kind == "puzzle":
        return _corinth_puzzle(course.puzzle_board(puzzle_id), name, number, step, "")
    if kind == "corintho":
        board = course.corintho_puzzle(puzzle_id)
        picture = small(corintho_picture(board.position))
        caption = joined_words(stack_words(board.position))
        how = _("Your move: the piece and the cell, or the stack you move and where.")
    else:
        board = course.courts_puzzle(puzzle_id)
        picture, caption = courts_picture(board.board.view), ""
        how = _("Your card, and the Court you lay it beside:")
    question = on_paper(html.unescape(re.sub(r"<[^>]+>", "", board.question.value)))
    board.reveal()
    answer = _words(board.result.value).removeprefix("Answer: ")
    return PaperExercise(
        number,
        name,
        step,
        html.escape(question),
        how,
        answer,
        pictures=[picture],
        captions=[caption],
    )
