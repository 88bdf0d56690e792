"""The Four Courts' board keeps the deal before's last round when a new deal comes: the sentences
"A new deal" used to replace, sent to the page (``last_round``) and folded there under the new
deal's line until the learner's next move."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from corinth.courts.cards import CARDS  # noqa: E402
from corinth.ui.courts import CourtsBoard  # noqa: E402


def click_once(board: CourtsBoard) -> None:
    if board.view.phase == "choose":
        board.choose(board.hand[0]["word"])
    else:
        court = next(c for c in board.courts if c["legal"])
        board.place(court["index"], court["takes"][0] if court["takes"] else None)
    assert board.message == ""


def to_a_new_deal(board: CourtsBoard):
    """Clicks until the board says "A new deal"; the view just before the last click."""
    for _ in range(200):
        before = board.view
        click_once(board)
        if board.announce.startswith("A new deal"):
            return before
    raise AssertionError("no new deal in 200 clicks")


def test_a_new_board_has_no_round_before_its_first_deal():
    board = CourtsBoard(seed=3)
    assert board.last_round == [] and board._game.deals == 1


def test_a_new_deal_keeps_the_last_round_of_the_deal_before():
    board = CourtsBoard(seed=3)
    before = to_a_new_deal(board)
    assert board._game.deals == 2
    last = board.last_round
    assert last[0].startswith("Revealed, highest first: ")
    placings = last[1:]
    # every card of that round, each placed once, in the order revealed (R2), the learner's too
    assert before.phase == "place" and len(placings) == len(before.revealed) == 4
    for line, (_seat, card) in zip(placings, before.revealed):
        assert " puts " in line and CARDS[card].name in line
    assert any(line.startswith("Player 1 (North) puts") for line in placings)  # the learner's


def test_the_last_round_folds_away_at_the_learners_next_move():
    board = CourtsBoard(seed=3)
    to_a_new_deal(board)
    assert board.last_round
    click_once(board)
    assert board.last_round == []


def test_the_last_round_comes_back_with_the_game_restored_and_not_on_a_puzzle():
    board = CourtsBoard(seed=3)
    to_a_new_deal(board)
    again = CourtsBoard(seed=3)
    assert again.restore(board.mine) and again.last_round == board.last_round
    game = board._game
    viewing = CourtsBoard(game=game, interactive=False)
    assert viewing.last_round == []
