"""PuzzleWidget, Python side: the user's move is answered with its rank, loss and explanation."""

from __future__ import annotations

import pytest

from corinth.rules import Move, new_game
from corinth.ui import PuzzleWidget
from corinth.ui._base import sentence_html as move_html
from corinth.ui._base import words_html
from tests.conftest import game as layout_game

pytest.importorskip("corinth.solver.rank")


@pytest.fixture
def state():
    # The first reconstruction's market, where the best first moves tie.
    return layout_game(2, seed=1, first=0).apply("buy 0").apply("roll 112344666")


def test_best_move_has_no_loss(state):
    puzzle = PuzzleWidget(state)
    best = puzzle.ranking()[0]
    result = puzzle.answer(best.move)
    assert result.loss == 0
    # Other moves tie with it here, so the board does not call it the one best move.
    assert "One of the best moves!" in puzzle.result.value and "tied with" in puzzle.result.value
    assert best.explanation.split(".")[0] in puzzle.result.value


def test_worse_move_shows_loss_and_the_best(state):
    puzzle = PuzzleWidget(state)
    result = puzzle.answer("gold")
    assert result.loss > 0 and result.rank > 1
    # The first wrong answer keeps the solution hidden: the learner may try again.
    assert "fewer than the best move" in puzzle.result.value and "Try again" in puzzle.result.value
    assert "Best:" not in puzzle.result.value
    puzzle.answer("gold")  # a second wrong answer shows it
    assert "Best:" in puzzle.result.value


def test_show_the_answer_button_reveals_the_best_move(state):
    puzzle = PuzzleWidget(state)
    puzzle.reveal_button.click()
    best = puzzle.ranking()[0]
    assert f"Best: {move_html(best.move, state)}" in puzzle.result.value


def test_illegal_move_is_refused_with_its_rule(state):
    puzzle = PuzzleWidget(state)
    assert puzzle.answer("orange") is None  # Orange is empty (R6)
    assert 'title="Rule R6"' in puzzle.result.value  # the rule on hover
    assert puzzle.answer("gold") is not None
    assert "Not a legal move" not in puzzle.result.value  # the refusal goes with the legal move


def test_move_drawn_on_the_boards(state):
    puzzle = PuzzleWidget(state)
    puzzle.harbor.select("goats")
    puzzle.sheet.click(7)
    puzzle.picker.steward.click()
    assert str(puzzle.last.move) == "goats steward r1c2 shops 1"


def test_typed_move(state):
    puzzle = PuzzleWidget(state)
    puzzle.typed.value = "gold"
    puzzle.typed_button.click()
    assert str(puzzle.last.move) == "gold"


def test_solver_puzzle_set():
    from corinth.solver.puzzles import load_puzzles

    p = load_puzzles()[0]
    widget = PuzzleWidget(p)
    result = widget.answer(p.answer)
    assert result.loss == 0
    assert repr(widget).startswith("A beginner puzzle, round ")


def test_position_must_be_a_take(state):
    with pytest.raises(ValueError):
        PuzzleWidget(new_game(players=2, seed=1))


def _stored_puzzles():
    from corinth.solver.puzzles import load_puzzles

    return load_puzzles()


# The boards of tiers 4 to 6 are checked in test_puzzles.py, with their exact solve (one per puzzle).
@pytest.mark.parametrize(
    "stored", [p for p in _stored_puzzles() if p.objective == "immediate"], ids=lambda p: p.id
)
def test_puzzle_board_agrees_with_every_stored_puzzle(stored):
    """The board ranks the stored answer first with no loss, among the puzzle's own candidates only."""
    check_board_agrees(stored)


def check_board_agrees(stored) -> None:
    """The board ranks ``stored``'s answer first with no loss, among its own candidates only."""
    from corinth.solver.puzzles import candidates

    board = PuzzleWidget(stored)
    result = board.answer(stored.answer)
    assert result is not None and result.rank == 1 and result.loss == 0
    assert "Best move!" in board.result.value
    allowed = {str(m) for m in candidates(stored.state, stored.kind)}
    ranked = [str(r.move) for r in board.ranking()]
    assert set(ranked) == allowed and len(ranked) == stored.candidates
    # A wrong answer of the puzzle's kind names only a candidate as the best.
    wrong = next(m for m in ranked if m != stored.answer)
    board.answer(wrong)
    assert "Best:" not in board.result.value  # one more try before the solution is shown
    board.answer(wrong)
    assert f"Best: {move_html(Move.parse(stored.answer), stored.state)}" in board.result.value
    assert stored.check(wrong).startswith("Legal, but not the best")


@pytest.mark.parametrize("stored", _stored_puzzles(), ids=lambda p: p.id)
def test_puzzle_board_asks_for_clicks_and_its_hint_hides_the_answer(stored):
    board = PuzzleWidget(stored)
    assert "Click a group" in board.question_text()
    assert "notation" not in board.question_text()
    hint = board.show_hint()
    assert hint.startswith("Hint:") and stored.answer not in hint
    assert words_html(hint) in board.result.value  # rule IDs shown on hover only


def test_puzzle_board_shows_its_own_hint_and_explanation(state):
    board = PuzzleWidget(state, hint="Which group completes a shop?", explain="Shops pay most.")
    assert board.show_hint() == "Hint: Which group completes a shop?"
    best = board.ranking()[0].move
    board.answer(best)
    assert "Shops pay most." in board.result.value


@pytest.mark.parametrize(
    ("lesson", "board", "puzzle_id", "name"),
    [
        ("06b", "puzzle_board", "t1-02", "puzzle-t1-02"),
        ("11b", "corintho_puzzle", "x4-01", "corintho-x4-01"),
        ("12b", "courts_puzzle", "deal-01", "courts-deal-01"),
        ("06", "ask", "06-first-puzzle", "06-first-puzzle"),  # an exercise asked on a board
    ],
)
def test_a_lessons_puzzle_board_tells_its_wrong_tries_and_hints_as_an_exercise_does(
    lesson, board, puzzle_id, name
):
    """Issue 45: a student stuck on a puzzle board of any game shows their wrong tries and hints to
    the teacher, told through the lesson's progress like an exercise's check (``Progress.tell``)."""
    from pathlib import Path

    from corinth.ui.course import Course

    from .test_ui_trainer import _right, _wrong

    course = Course(Path(__file__).resolve().parents[2] / "notebooks")
    progress = course.lesson_progress(lesson)
    sent = []
    progress.send = sent.append
    puzzle = getattr(course, board)(puzzle_id)
    puzzle.answer(_wrong(puzzle))
    puzzle.show_hint()
    puzzle.reveal()
    puzzle.answer(_right(puzzle))
    assert name in progress.solved
    assert [(m["item"], m["kind"], m["right"]) for m in sent] == [
        (name, "check", False),
        (name, "hint", None),
        (name, "shown", None),
        (name, "check", True),
    ]
    assert sent[0]["answer"]  # the move in words, for the teacher's record
