"""The Four Courts under the game protocol's shape (``corinth.shared.protocol``): chance with exact
probabilities, a simultaneous node, refusals naming their rule, observations that never hold
another hand, save and load, and a whole game by the protocol's bots."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from corinth.courts.cards import CARDS
from corinth.courts.game import CHANCE, SIMULTANEOUS, TERMINAL, CourtsError, IllegalMove
from corinth.courts.protocol import FOUR_COURTS


def dealt(players=4, seed=2):
    state = FOUR_COURTS.new(players=players, seed=seed)
    while state.is_chance():
        state = state.apply(state.sample())
    return state


def test_chance_nodes_list_exact_outcomes_and_the_seed_replays_them():
    state = FOUR_COURTS.new(players=4, seed=7)
    assert state.current_player() == CHANCE and state.legal_moves() == []
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and outcomes[0][1] == Fraction(1, 15)
    assert dealt(seed=7) == dealt(seed=7) and dealt(seed=7) != dealt(seed=8)


def test_every_seat_chooses_at_once_then_one_seat_places():
    state = dealt()
    assert state.current_player() == SIMULTANEOUS and state.legal_moves() == []
    for seat in range(4):
        state = state.apply(state.legal_moves(seat)[0])
    assert state.current_player() >= 0 and state.legal_moves()
    with pytest.raises(IllegalMove) as err:
        state.apply("choose 1 mill")
    assert err.value.rule == "R1"


def test_an_observation_never_holds_another_hand():
    state = dealt()
    for seat in range(4):
        seen = json.dumps(state.observation(seat))
        mine = set(state.hidden(seat)["hand"])
        others = {CARDS[c].word for s in range(4) if s != seat for c in state.native.hands[s]}
        assert mine and not any(f'"{w}"' in seen for w in others)
        assert all(f'"{w}"' in seen for w in mine)


def test_a_whole_game_by_the_protocols_bots_saved_and_loaded():
    state = FOUR_COURTS.new(players=3, seed=4)
    bots = [
        FOUR_COURTS.make_bot(name, seed=s, players=3)
        for s, name in enumerate(("greedy", "random", "ismcts"))
    ]
    while not state.is_over():
        if state.is_chance():
            state = state.apply(state.sample())
        elif state.current_player() == SIMULTANEOUS:
            for seat in state.native.to_choose():
                state = state.apply(bots[seat].choose(state, seat))
        else:
            move = bots[state.current_player()].choose(state)
            assert state.notation(state.parse(state.notation(move))) == state.notation(move)
            assert state.sentence(move)
            state = state.apply(move)
    assert state.current_player() == TERMINAL and state.winners()
    assert sorted(state.returns()) in ([-1.0, -1.0, 1.0], [-1.0, 1.0, 1.0], [1.0, 1.0, 1.0])
    assert "won" in state.verdict()
    again = FOUR_COURTS.load(state.to_json())
    assert again == state
    replay = state.start()
    for move in state.history():
        replay = replay.apply(move)
    assert replay.native == state.native


def test_bad_input_is_a_sentence():
    with pytest.raises(CourtsError, match="3 or 4 players"):
        FOUR_COURTS.new(players=2)
    with pytest.raises(CourtsError, match="a list of rule variant names"):
        FOUR_COURTS.new(variants={"x": 1})
    with pytest.raises(CourtsError, match="unknown rule variant 'x'"):
        FOUR_COURTS.new(variants=["x"])
    with pytest.raises(ValueError, match="no bot"):
        FOUR_COURTS.make_bot("clever")
    with pytest.raises(CourtsError, match="not valid JSON"):
        FOUR_COURTS.load("{")
    with pytest.raises(CourtsError, match="nothing is drawn"):
        dealt().sample()


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda text: text.replace('"players": 4', '"players": 4.0'), r"3 or 4 players \(S1\)"),
        (lambda text: text.replace('"players": 4', '"players": 4, "players": 3'), "written twice"),
        (lambda text: text.replace('"seed": 2', '"seed": 2, "seed": 3'), "written twice"),
        (lambda text: text.replace('"seed": 2', '"seed": 2.0'), "seed: expected a whole number"),
    ],
)
def test_s1_a_save_with_players_not_a_whole_3_or_4_or_a_key_twice_is_refused(change, words):
    text = dealt().to_json()
    assert FOUR_COURTS.load(text) == dealt()
    bad = change(text)
    assert bad != text
    with pytest.raises(CourtsError, match=words):
        FOUR_COURTS.load(bad)
    with pytest.raises(CourtsError, match=words):
        FOUR_COURTS.load(bad.encode())


def test_h1_an_undo_comes_back_to_the_same_view_with_the_unseen_cards_dealt_again():
    state = dealt()
    again = state.redrawn(0, 1)
    assert again.observation(0) == state.observation(0) and again.native != state.native
    assert again == state.redrawn(0, 1) and again != state.redrawn(0, 2)  # each undo its own
    assert again.seed != state.seed  # the chance to come draws afresh, and is saved
    assert FOUR_COURTS.load(again.to_json()) == again
