"""The public constructors and functions of each game refuse a bad argument with a sentence
naming it (``True`` and ``2.0`` are not whole numbers here), and saves with a key written twice
are refused by every game."""

from __future__ import annotations

import json

import pytest

from corinth.corintho import CorinthoError, Place, Shift
from corinth.corintho import new_game as corintho_game
from corinth.corintho.game import from_json as corintho_from_json
from corinth.corintho.game import to_json as corintho_to_json
from corinth.rules import IllegalMove, InvalidState, new_game
from corinth.rules.save import from_json


@pytest.mark.parametrize("players", [2.0, True, "2", None, 5, -1, [2]], ids=repr)
def test_each_game_refuses_a_number_of_players_that_is_not_one(players):
    with pytest.raises(CorinthoError, match="players: Corintho is for 2, 3 or 4 players"):
        corintho_game(players)
    with pytest.raises(IllegalMove, match="Corinth is for 2, 3 or 4 players"):
        new_game(players)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: Place("base", 1.0), "cell: a cell by its number, 0 to 15"),
        (lambda: Place("base", True), "cell: a cell by its number"),
        (lambda: Place("base", 16), "cell: a cell by its number"),
        (lambda: Place("tower", 3), "piece: one of base, column, capital"),
        (lambda: Place(None, 3), "piece: one of"),
        (lambda: Shift(0, 2**70), "target: a cell by its number"),
        (lambda: Shift("a1", 1), "source: a cell by its number"),
    ],
    ids=["float cell", "bool cell", "cell 16", "no such piece", "no piece", "huge", "text"],
)
def test_corintho_moves_refuse_what_is_no_cell_or_piece(make, words):
    with pytest.raises(CorinthoError, match=words):
        make()


def test_corintho_moves_made_right_still_play():
    game = corintho_game(2).apply(Place("base", 5))
    assert game.apply(Place("column", 5)).stack("b2") == ("base", "column")
    assert str(Shift(0, 1)) == "a1-b1"


def test_a_corintho_save_with_a_key_written_twice_is_refused():
    good = corintho_to_json(corintho_game(2).apply("base b2"))
    assert corintho_from_json(good).stack("b2") == ("base",)
    twice = good.replace('"players": 2', '"players": 2, "players": 3')
    assert twice != good
    with pytest.raises(CorinthoError, match="'players' is written twice"):
        corintho_from_json(twice)


def test_a_corinth_save_with_a_key_written_twice_is_refused():
    text = new_game(players=2, seed=1).to_json()
    data = json.loads(text)
    twice = text.replace('"seed": ', f'"seed": {data["seed"] + 1}, "seed": ', 1)
    with pytest.raises(InvalidState, match="twice"):
        from_json(twice)
