"""Each game's fixed action space for OpenSpiel (``corinth.shared.spiel_actions``): its words are the
engines' own names, every legal move spells with them, and the fast spelling of Corinth's walks is
the notation's. Also the scoring memo a Corinth sheet keeps, which a copied or pickled state must
not carry (OpenSpiel's ``clone()`` deep-copies a state). None of this needs OpenSpiel."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from corinth.corintho.game import PIECES, SIZE, cell_name
from corinth.courts.cards import CARDS, COURTS, SUITS
from corinth.rules import geometry, new_game
from corinth.rules.scoring import SheetMemo
from corinth.rules.sheet import BUILDINGS, HARBOR, MAX_SHOPS, Market
from corinth.shared import registry
from corinth.shared.spiel_actions import (
    CORINTH_BUILDINGS,
    CORINTH_CELLS,
    CORINTH_DISTRICTS,
    CORINTH_SHOPS,
    CORINTHO_CELLS,
    CORINTHO_PIECES,
    COURTS_CARDS,
    COURTS_COURTS,
    COURTS_SEATS,
    COURTS_SUITS,
    END,
    action_space,
)
from corinth.solver import GreedyBot, play_game

GAMES = ("corinth", "corintho", "four-courts")


def test_the_words_are_the_engines_own_names():
    assert CORINTH_DISTRICTS == HARBOR and CORINTH_BUILDINGS == BUILDINGS
    assert CORINTH_CELLS == tuple(Market.name(c) for c in range(geometry.CELLS))
    assert CORINTH_SHOPS == MAX_SHOPS
    assert CORINTHO_PIECES == PIECES and CORINTHO_CELLS == tuple(map(cell_name, range(SIZE**2)))
    assert COURTS_CARDS == [card.word for card in CARDS[: len(CARDS) - len(COURTS)]]
    assert COURTS_COURTS == COURTS and COURTS_SUITS == tuple(s.lower() for s in SUITS)
    assert len(COURTS_SEATS) == max(registry.get("four-courts").players)


def test_an_action_id_is_fixed_end_first():
    for name in GAMES:
        space = action_space(name)
        assert space.words[0] == END and space.action(END) == 0
        assert [space.action(w) for w in space.words] == list(range(space.size))
    # the numbering is a contract: a few ids written out, so that a reordering fails here
    fixed = {
        "corinth": {"buy": 1, "gold": 18, "r0c0": 20, "pass": 52},
        "corintho": {"base": 1, "a1": 4, "a1-b1": 20, "d4-d3": 256},
        "four-courts": {"choose": 1, "mill": 32, "knots": 57},
    }
    for name, ids in fixed.items():
        assert {w: action_space(name).action(w) for w in ids} == ids


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_word_or_id_is_refused_with_a_sentence(name):
    space = action_space(name)
    for action in (-1, space.size, 10**9, "3", 2.0):
        with pytest.raises(ValueError, match=f"is not one of {name}'s: its actions are 0 to"):
            space.word(action)
    with pytest.raises(ValueError, match=f"'zebra' is not a word of {name}'s moves"):
        space.action("zebra")


def _decisions(name: str, players: int, seed: int, plies: int):
    """The protocol states of one seeded random game where a seat decides (the moves' owner)."""
    state, rng = registry.get(name).new(players=players, seed=seed), random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            return
        if state.is_chance():
            state = state.apply(state.sample())
            continue
        seat = state.current_player()
        if seat < 0:  # everyone at once: the first seat still to choose
            seat = next(s for s in range(state.num_players) if state.legal_moves(s))
        moves = state.legal_moves(seat)
        yield state, moves
        state = state.apply(rng.choice(moves))


@pytest.mark.parametrize(
    "name, players, seed, plies",
    [
        ("corinth", 2, 1, 1_000),
        ("corinth", 4, 2, 1_000),  # compensation steps too (no group left, R8)
        ("corintho", 2, 2, 200),
        ("corintho", 3, 7, 200),
        ("four-courts", 4, 3, 1_000),
    ],
)
def test_every_legal_move_spells_with_the_words_and_the_fast_spelling_is_the_notations(
    name, players, seed, plies
):
    space, seen = action_space(name), 0
    for state, moves in _decisions(name, players, seed, plies):
        spelt = space.spell_moves(moves, state.notation)
        assert [move for _, move in spelt] == moves
        for actions, move in spelt:
            assert actions == space.spell(state.notation(move)), state.notation(move)
            seen += 1
    assert seen > 100


def test_corinths_takes_and_walks_are_spelt_without_formatting_their_notation():
    space, read = action_space("corinth"), []

    def notation(move):
        read.append(type(move).__name__)
        return str(move)

    for _, moves in _decisions("corinth", 4, 2, 1_000):
        spelt = space.spell_moves(moves, notation)
        assert [a for a, _ in spelt] == [space.spell(str(m)) for m in moves]
    assert {"Build", "Pass"} <= set(read) and not {"Take", "Compensate"} & set(read)


def test_a_copied_state_shares_the_sheets_memo_and_a_pickled_one_leaves_it():
    """The default sheet is every game's, so its scoring memo fills over the games of a process: a
    deep copy of a state (OpenSpiel's clone) used to copy it whole."""
    for seed in range(2):
        play_game(new_game(players=2, seed=seed), [GreedyBot(), GreedyBot()])
    state = new_game(players=2, seed=9)
    memo = state.sheet.__dict__["_shop_points"]
    assert isinstance(memo, SheetMemo) and len(memo) > 10
    copied = copy.deepcopy(state)
    assert copied == state and copied.sheet.__dict__["_shop_points"] is memo
    assert pickle.loads(pickle.dumps(state.sheet)).__dict__["_shop_points"] == {}
    assert pickle.loads(pickle.dumps(state)) == state
