"""The puzzle trainer: the next unsolved puzzle of a level, solved marks kept by Progress, a streak."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from corinth.solver.puzzles import load_puzzles  # noqa: E402
from corinth.ui.progress import Progress  # noqa: E402
from corinth.ui.trainer import PuzzleTrainer, progress_name  # noqa: E402

PUZZLES = load_puzzles()


def _wrong_move(board) -> str:
    return str(next(r.move for r in board.ranking() if r.loss > 1e-9))


def test_next_puzzle_skips_the_solved_ones_and_the_streak_counts_first_tries():
    trainer = PuzzleTrainer(PUZZLES)
    first = trainer.current.puzzle.id
    trainer.board.answer(trainer.current.puzzle.answer)
    assert trainer.streak == 1 and first in trainer.solved
    second = trainer.next_puzzle()
    assert second.puzzle.id != first
    second.answer(_wrong_move(second))  # a wrong try ends the streak, even if solved afterwards
    second.answer(second.puzzle.answer)
    assert trainer.streak == 0 and trainer.best_streak == 1
    # Round the level: the solved ones are skipped
    seen = {trainer.next_puzzle().puzzle.id for _ in range(len(trainer._level_puzzles()) - 2)}
    assert first not in seen and second.puzzle.id not in seen


def test_a_level_is_chosen_and_marks_go_to_the_progress_kept_in_the_browser():
    progress = Progress(lesson="06")
    trainer = PuzzleTrainer(PUZZLES, progress=progress)
    assert progress_name(PUZZLES[0]) in progress.items
    trainer.level.value = 3
    assert trainer.current.puzzle.tier == 3
    trainer.board.answer(trainer.current.puzzle.answer)
    assert progress_name(trainer.current.puzzle) in progress.solved


def test_puzzles_the_browser_remembers_are_marked_and_skipped():
    progress = Progress(lesson="06")
    trainer = PuzzleTrainer(PUZZLES, progress=progress)
    t1 = [p.id for p in PUZZLES if p.tier == 1]
    # the page says which were solved on an earlier visit
    progress._on_page(progress, {"event": "restore", "solved": [f"puzzle-{t1[1]}"]}, [])
    assert t1[1] in trainer.solved
    assert trainer.next_puzzle().puzzle.id == t1[2]  # after t1[0], t1[1] is skipped
    assert "1 solved" in trainer.status.value


def test_a_wrong_try_or_a_shown_answer_ends_the_streak_even_if_the_learner_moves_on():
    trainer = PuzzleTrainer(PUZZLES)
    trainer.board.answer(trainer.current.puzzle.answer)
    assert trainer.streak == 1
    board = trainer.next_puzzle()
    board.answer(_wrong_move(board))
    assert trainer.streak == 0
    board = trainer.next_puzzle()
    board.answer(board.puzzle.answer)
    assert trainer.streak == 1
    trainer.next_puzzle().reveal_button.click()
    assert trainer.streak == 0


def test_reset_my_progress_forgets_the_trainers_marks_and_the_page_writes_no_trait():
    progress = Progress(lesson="06")
    trainer = PuzzleTrainer(PUZZLES, progress=progress)
    trainer.board.answer(trainer.current.puzzle.answer)
    assert trainer.solved
    progress._on_page(progress, {"event": "reset"}, [])
    assert not trainer.solved and trainer.streak == 0 and progress.solved == []
    items = list(progress.items)
    progress.set_state({"items": ["evil"] * 5, "solved": ["x" * 10] * 3})  # from a page: refused
    assert progress.items == items and progress.solved == []


# --- every game's shelf on the same trainer ------------------------------------------------------


def _shelves():
    from corinth.ui.corintho import corintho_puzzles
    from corinth.ui.courts import courts_puzzles
    from corinth.ui.trainer import CORINTH_SHELF, CORINTHO_SHELF, COURTS_SHELF

    return {
        "corinth": (PUZZLES, CORINTH_SHELF),
        "corintho": (corintho_puzzles(), CORINTHO_SHELF),
        "courts": (courts_puzzles(), COURTS_SHELF),
    }


def _right(board) -> str:
    answer = getattr(board.puzzle, "answer", None)  # Corinth's puzzles have one best move
    return answer if answer is not None else sorted(board.answers)[0]


@pytest.mark.parametrize("game", ["corinth", "corintho", "courts"])
def test_every_games_shelf_solves_marks_and_restores_on_the_same_trainer(game):
    puzzles, shelf = _shelves()[game]
    progress = Progress(lesson="x")
    trainer = PuzzleTrainer(puzzles, progress=progress, shelf=shelf)
    first = trainer.current.puzzle
    assert shelf.mark(first) in progress.items
    trainer.board.answer(_right(trainer.board))
    assert first.id in trainer.solved
    assert shelf.mark(first) in progress.solved
    group = [p for p in trainer.puzzles if shelf.group(p) == shelf.group(first)]
    assert trainer.next_puzzle().puzzle.id == group[1].id
    # a mark the browser kept from an earlier visit: solved here too
    progress._on_page(progress, {"event": "restore", "solved": [shelf.mark(group[2])]}, [])
    assert group[2].id in trainer.solved and "2 solved" in trainer.status.value
    assert repr(trainer) == repr(trainer)  # text, the same each time


def _wrong(board) -> str:
    """A legal answer that is not a right one, on any game's board."""
    if hasattr(board, "ranking") and not hasattr(board.puzzle, "view"):  # Corinth, Corintho
        return next(
            str(r.move)
            for r in board.ranking()
            if str(r.move) != getattr(board.puzzle, "answer", None)
            and str(r.move) not in getattr(board, "answers", ())
            and getattr(r, "loss", 1) > 1e-9
        )
    from corinth.courts.cards import CARDS, COURTS, FITS

    puzzle = board.puzzle
    return next(
        f"{CARDS[c].word} {COURTS[k]}"
        for c in puzzle.view.hand
        for k in FITS[c]
        if f"{CARDS[c].word} {COURTS[k]}" not in puzzle.answers
    )


@pytest.mark.parametrize("game", ["corinth", "corintho", "courts"])
def test_every_games_trainer_tells_its_wrong_tries_and_hints_as_an_exercise_does(game):
    """Issue 45: a student stuck on a trainer's puzzle shows their wrong tries and hints to the
    teacher, through the same message as an exercise's (``Progress.tell``)."""
    puzzles, shelf = _shelves()[game]
    progress = Progress(lesson="x")
    sent = []
    progress.send = sent.append
    trainer = PuzzleTrainer(puzzles, progress=progress, shelf=shelf)
    board, name = trainer.board, shelf.mark(trainer.current.puzzle)
    board.answer(_wrong(board))
    assert board.wrong_tries == 1
    board.show_hint()
    board.reveal()
    board.answer(_right(board))
    told = [(m["item"], m["kind"], m["right"]) for m in sent]
    assert told == [
        (name, "check", False),
        (name, "hint", None),
        (name, "shown", None),
        (name, "check", True),
    ]
    assert all(m["event"] == "tried" for m in sent) and sent[0]["answer"]
    # the last hint of the ladder, asked again: nothing new to count
    for _ in range(6):  # more than any ladder has
        board.show_hint()
    count = len(sent)
    board.show_hint()
    assert len(sent) == count and sent[-1]["kind"] == "hint"
    # the next puzzle's board tells under its own name; without a progress, nothing is told
    trainer.next_puzzle().show_hint()
    assert sent[-1]["item"] == shelf.mark(trainer.current.puzzle) != name
    PuzzleTrainer(puzzles, shelf=shelf).board.show_hint()  # no progress: no error
