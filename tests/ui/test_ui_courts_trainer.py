"""The Four Courts' "which card now?" puzzles on the shared trainer: the board (a card of the hand
held, then a Court it fits), the puzzle's verdict shown, the hints, the marks kept by Progress."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from corinth.courts.cards import CARDS, COURTS, FITS  # noqa: E402
from corinth.ui.courts import CourtsPuzzleBoard, courts_puzzles  # noqa: E402
from corinth.ui.progress import Progress  # noqa: E402
from corinth.ui.trainer import COURTS_SHELF, PuzzleTrainer, courts_mark  # noqa: E402


def _wrong(puzzle) -> str:
    return next(
        f"{CARDS[c].word} {COURTS[k]}"
        for c in puzzle.view.hand
        for k in FITS[c]
        if f"{CARDS[c].word} {COURTS[k]}" not in puzzle.answers
    )


def _click(board: CourtsPuzzleBoard, reply: str) -> None:
    """The reply as the page sends it: a card of the hand, then a Court."""
    word, court = reply.rsplit(" ", 1)
    board.board.handle({"event": "card", "word": word})
    board.board.handle({"event": "court", "court": COURTS.index(court)})


def test_the_trainer_walks_this_rounds_puzzles_then_the_deals():
    trainer = PuzzleTrainer(courts_puzzles(), shelf=COURTS_SHELF)
    assert [label for label, _ in trainer.level.options] == ["This round", "End of the deal"]
    rounds = [p.id for p in courts_puzzles() if p.kind == "round"]
    seen = [trainer.current.puzzle.id]
    for _ in rounds[1:]:
        seen.append(trainer.next_puzzle().puzzle.id)
    assert seen == rounds
    trainer.level.value = "deal"
    assert trainer.current.puzzle.kind == "deal"
    assert repr(trainer).startswith("Four Courts puzzles, End of the deal: 0 of 12 solved\n")


def test_clicks_answer_a_puzzle_held_card_then_court():
    puzzle = courts_puzzles()[0]
    board = CourtsPuzzleBoard(puzzle)
    solved = []
    board.on_solved(lambda: solved.append(True))
    word, court = sorted(puzzle.answers)[0].rsplit(" ", 1)
    board.board.handle({"event": "card", "word": word})
    card = next(c for c in puzzle.view.hand if CARDS[c].word == word)
    assert [c["legal"] for c in board.board.courts] == [k in FITS[card] for k in range(4)]
    assert [c["held"] for c in board.board.hand] == [c == card for c in puzzle.view.hand]
    assert board.board.view == puzzle.view  # held, not played
    board.board.handle({"event": "court", "court": COURTS.index(court)})
    assert board.solved and solved == [True] and board.last == f"{word} {court}"
    words = board.puzzle.verdict(board.last).words.removeprefix("Correct! ")  # "Solved!" says it
    assert words.split(".")[0] in board.result.value
    assert not board.board.interactive


def test_a_wrong_choice_counts_a_try_shows_the_verdict_and_leaves_the_puzzle_to_try():
    puzzle = courts_puzzles()[0]
    trainer = PuzzleTrainer(courts_puzzles(), shelf=COURTS_SHELF)
    board = trainer.board
    wrong = _wrong(puzzle)
    _click(board, wrong)
    assert not board.solved and board.wrong_tries == 1 and not trainer.solved
    place = puzzle.verdict(wrong).details["place"]
    assert "Not this one." in board.result.value and f"of {len(puzzle.ranking().choices)}" in (
        board.result.value
    )
    assert place > 1 and board.board.held is None and board.board.interactive
    assert board.answer(sorted(puzzle.answers)[0]) is True and puzzle.id in trainer.solved


def test_a_reply_that_is_no_choice_is_refused_without_a_try():
    board = CourtsPuzzleBoard(courts_puzzles()[0])
    assert board.answer("joker rite") is None
    assert board.wrong_tries == 0 and "Not a choice." in board.result.value
    board.board.handle({"event": "court", "court": 0})  # no card held yet
    assert "choose a card of your hand first" in board.board.message
    absent = next(c for c in range(40) if c not in courts_puzzles()[0].view.hand)
    board.board.handle({"event": "card", "word": CARDS[absent].word})
    assert board.board.message.endswith("is not in your hand (R1)") and board.board.held is None


def test_hints_climb_and_the_answer_can_be_shown():
    puzzle = courts_puzzles()[0]
    board = CourtsPuzzleBoard(puzzle)
    hints = puzzle.hints()
    assert board.show_hint() == hints[0] and board.hints_shown == 1
    for _ in hints:
        board.show_hint()
    assert board.hints_shown == len(hints) and board.hint_button.disabled
    assert "rule" in board.hint_list.value and "(R5)" not in board.hint_list.value  # on hover
    board.reveal_button.click()
    assert board.revealed and "Answer:" in board.result.value
    board.again_button.click()
    assert board.result.value == "" and not board.solved


def test_a_mark_from_the_browser_shows_the_puzzle_solved():
    progress = Progress(lesson="12b")
    trainer = PuzzleTrainer(courts_puzzles(), progress=progress, shelf=COURTS_SHELF)
    assert (
        courts_mark(courts_puzzles()[0]) == "courts-round-01"
        and "courts-round-01" in progress.items
    )
    progress._on_page(progress, {"event": "restore", "solved": ["courts-round-01"]}, [])
    assert "round-01" in trainer.solved
    assert trainer.current.puzzle.id == "round-02"  # the page opened on it: the next one instead
    assert "1 solved" in trainer.status.value and "1 of 24 puzzles solved in all" in (
        trainer.status.value
    )
    trainer.board.answer(sorted(trainer.board.answers)[0])
    assert "courts-round-02" in progress.solved


def test_the_board_words_are_plain():
    board = CourtsPuzzleBoard(courts_puzzles()[0])
    text = (
        board.question.value + board.board.caption + " ".join(c["action"] for c in board.board.hand)
    )
    assert "_" not in text and "player 3 (South)" in text
    assert repr(board) == repr(CourtsPuzzleBoard(courts_puzzles()[0]))


def test_once_solved_hint_and_show_the_answer_are_off_until_try_again():
    puzzle = courts_puzzles()[0]
    board = CourtsPuzzleBoard(puzzle)
    assert board.answer(puzzle.ranking().choices[0].answer)
    assert board.hint_button.disabled and board.reveal_button.disabled
    assert "Correct!" not in board.result.value  # "Solved!" says it once
    board.try_again()
    assert not board.hint_button.disabled and not board.reveal_button.disabled
