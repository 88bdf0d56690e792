"""Hints that help at The Four Courts (issue 43, item 5): a puzzle's hint ladder never points at a
choice already tried, "Solved!" says why in one sentence, the game's Hint says when its best moves
cannot be told apart within the ranking's own spread, and a new hint is asked to be scrolled into
view (the browser test checks it is in view at 1280×720)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

from corinth.courts.cards import CARDS, COURTS  # noqa: E402
from corinth.courts.protocol import RankedChoice  # noqa: E402
from corinth.shared.table import Hint  # noqa: E402
from corinth.ui.courts import (  # noqa: E402
    CourtsApp,
    CourtsPuzzleBoard,
    about_equal,
    courts_puzzles,
    puzzle_hints,
    solved_why,
)

PUZZLES = {p.id: p for p in courts_puzzles()}


def named_courts(text: str) -> set[int]:
    return {COURTS.index(w.lower()) for w in re.findall(r"the (Island|Consul|Rite|Window)", text)}


@pytest.mark.parametrize("puzzle_id", sorted(PUZZLES))
def test_no_rung_of_the_ladder_points_at_a_choice_already_tried(puzzle_id):
    puzzle = PUZZLES[puzzle_id]
    choices = puzzle.ranking().choices
    best_courts = {ch.court for ch in choices if ch.answer in puzzle.answers}
    best_card = CARDS[choices[0].card]
    untouched = puzzle_hints(puzzle)
    assert len(untouched) == len(puzzle.hints()) and untouched[0] == puzzle.hints()[0]
    for wrong in [ch for ch in choices if ch.answer not in puzzle.answers]:
        ladder = puzzle_hints(puzzle, [wrong.answer])
        assert ladder[0] == puzzle.hints()[0]  # how far apart the choices are: no move named
        token, looks, card = ladder[1], ladder[2], ladder[3]
        if token.startswith("You already have two cards beside"):  # an invitation: best's only
            assert named_courts(token) <= best_courts, (wrong.answer, token)
        else:
            assert "token" in token
        named = re.findall(r"the (Island|Consul|Rite|Window)", looks)
        assert COURTS.index(named[0].lower()) in best_courts, (wrong.answer, looks)
        for court in named_courts(looks):  # every Court named holds a choice not tried
            assert any(ch.court == court and ch.answer != wrong.answer for ch in choices)
        assert best_card.name in card
        if wrong.card == choices[0].card:
            assert f"not the {COURTS[wrong.court].capitalize()}: you tried it there" in card


def test_the_end_of_the_deal_puzzle_of_the_issue_no_longer_sends_back_to_the_move_rejected():
    """deal-01: the Ace of Leaves beside the Window (a third card, a token) was rejected; the
    ladder sent the learner back to the Window. The best (the Huntress) takes no token: it says so."""
    puzzle = PUZZLES["deal-01"]
    board = CourtsPuzzleBoard(puzzle)
    assert board.answer("ace-leaves window") is False and board.tried == ["ace-leaves window"]
    said = [board.show_hint(), board.show_hint()]
    assert "a third card there takes a token" not in said[1]
    assert said[1].endswith("but the best choice takes no token this time.")
    assert "Window" not in board.show_hint()  # the Courts worth looking at: the Consul, the Rite


def test_solved_says_why_in_one_sentence_and_keeps_the_whole_explanation_folded():
    for puzzle in (PUZZLES["round-01"], PUZZLES["deal-02"]):
        board = CourtsPuzzleBoard(puzzle)
        best = sorted(puzzle.answers)[0]
        assert board.answer(best)
        value = board.result.value
        why = value.split("<b>Solved!</b> ", 1)[1].split(" <details", 1)[0]
        assert why == solved_why(puzzle, best)
        assert why.endswith(").") and why.count(". ") == 0  # one sentence
        assert "points at the end of the" in why and "more than with your best other choice" in why
        assert "<summary>The whole explanation</summary>" in value
        assert puzzle.explanation.split(".")[0] in value
    assert "takes a Moons token in 83% of the deals" in solved_why(
        PUZZLES["round-01"], "borderland rite"
    )


def test_about_equal_uses_the_rankings_own_spread():
    m = SimpleNamespace
    sampled = [m(value=3.70, low=3.27, high=4.13), m(value=3.69, low=3.26, high=4.12)]
    assert about_equal(sampled).startswith("These 2 moves are about equal: their points differ")
    assert "give or take of 0.43" in about_equal(sampled)
    apart = sampled + [m(value=2.0, low=1.9, high=2.1)]
    assert about_equal(apart).startswith("The first 2 moves are about equal")
    assert about_equal([m(value=3.7, low=3.6, high=3.8), m(value=3.0, low=2.9, high=3.1)]) == ""
    exact = [m(value=5.0, low=5.0, high=5.0)] * 2 + [m(value=4.0, low=4.0, high=4.0)]
    assert about_equal(exact) == "These 2 moves are worth the same, 5.00: any of them will do."
    assert about_equal(exact[1:]) == "" and about_equal(exact[:1]) == ""


def test_the_games_hint_says_when_its_moves_cannot_be_told_apart(monkeypatch):
    app = CourtsApp(seed=4)
    moves = [
        RankedChoice(
            None, 3.70, 3.27, 4.13, f"Lay the card {i}: about 3.70 points (give or take 0.43)."
        )
        for i in range(3)
    ]
    monkeypatch.setattr(
        app.board.table, "hint", lambda **_: Hint(moves, "best", words=[r.text for r in moves])
    )
    app.hint()
    assert "These 3 moves are about equal" in app.hints.value
    assert app.hints.value.index("about equal") < app.hints.value.index("<ol")
    monkeypatch.undo()
    app.hint()  # the real ranking: the sentence only where its spread says so
    assert ("about equal" in app.hints.value) == bool(
        about_equal(app.board.table.hint(top=3).moves)
    )


def test_a_new_hint_is_asked_to_be_scrolled_into_view(monkeypatch):
    board = CourtsPuzzleBoard(PUZZLES["round-02"])
    sent = []
    monkeypatch.setattr(board.board, "send", sent.append)
    board.show_hint()
    assert sent == [{"scroll": "corinth-courts-hints"}]
    assert "corinth-courts-hints" in board.hint_list._dom_classes
    # the buttons and the hints lie above the table, under the verdict
    assert board.children.index(board.hint_list) < board.children.index(board.board)
