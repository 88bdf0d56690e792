"""The Four Courts through OpenSpiel (``corinth.shared.openspiel``): pyspiel's random simulation test
passes, a seat's strings never hold another hand, and OpenSpiel's information-set MCTS plays a game
to its end against the project's bots. Skipped where OpenSpiel is not installed."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from corinth.courts import CARDS  # noqa: E402
from corinth.shared import openspiel  # noqa: E402


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2)])
def test_pyspiels_random_simulation_test_passes(players, seed):
    game = openspiel.load("four-courts", players=players, seed=seed)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_seats_strings_never_hold_another_hand():
    game = openspiel.load("four-courts", players=4, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    checked = 0
    while not state.is_terminal():
        native = state.protocol.native
        if not state.is_chance_node():
            for seat in range(4):
                strings = state.information_state_string(seat) + state.observation_string(seat)
                assert json.loads(state.observation_string(seat))["seat"] == seat
                assert "moves" not in json.loads(state.observation_string(seat))
                for other in range(4):
                    if other != seat:
                        for card in native.hands[other]:
                            assert f'"{CARDS[card].word}"' not in strings, (seat, other, card)
                        chosen = native.chosen[other] if native.chosen else None
                        if chosen is not None:
                            assert f"choose {other + 1} {CARDS[chosen].word}" not in strings
            checked += 1
        actions = state.legal_actions()
        state.apply_action(rng.choice(actions))
    assert checked > 100


def test_a_simultaneous_round_is_sequentialised_seat_by_seat():
    game = openspiel.load("four-courts", players=3, seed=4)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    seats = []
    while state.protocol.native.phase == "choose":
        seats.append(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(set(seats)) == [0, 1, 2] and seats == sorted(seats)


def test_the_resampled_worlds_agree_with_what_the_seat_sees():
    game = openspiel.load("four-courts", players=4, seed=5)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or state.current_player() == 0:
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    resample = openspiel.resampler(1)
    for _ in range(5):
        world = resample(state, seat)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("opponent", ["greedy", "ismcts"])
def test_openspiels_ismcts_plays_the_four_courts_to_its_end(opponent):
    share = openspiel.play_seat("four-courts", opponent, 4, seed=2, seat=1, players=3)
    assert 0.0 <= share <= 1.0
