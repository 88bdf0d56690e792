"""Every game of the protocol through OpenSpiel (``corinth.shared.openspiel``): pyspiel's own random
simulation test passes on each, and OpenSpiel's MCTS plays each game to its end against the
project's bots. Skipped where OpenSpiel is not installed (it is an optional extra)."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from corinth.rules import Roll  # noqa: E402
from corinth.shared import openspiel  # noqa: E402
from corinth.shared.protocol import CHANCE  # noqa: E402


@pytest.mark.parametrize(
    "name, players, sims", [("corintho", 2, 5), ("corintho", 3, 3), ("corinth", 2, 1)]
)
def test_pyspiels_random_simulation_test_passes(name, players, sims):
    game = openspiel.load(name, players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize(
    "name, opponent, simulations", [("corintho", "greedy", 12), ("corinth", "greedy", 2)]
)
def test_openspiels_mcts_plays_each_game_to_its_end(name, opponent, simulations):
    result = openspiel.play_match(name, opponent, simulations, seed=3, mcts_seat=1)
    assert result in (-1.0, 0.0, 1.0)


def test_a_corinth_roll_is_rolled_one_die_at_a_time_into_one_of_its_exact_outcomes():
    game = openspiel.load("corinth", players=2, seed=4)
    state = game.new_initial_state()
    state.apply_action(0)  # buy no yellow die
    assert state.protocol.current_player() == CHANCE and state.is_chance_node()
    rng = random.Random(1)
    outcomes = {str(m) for m, _ in state.protocol.chance_outcomes()}
    protocol = state.protocol
    for _ in range(9):
        assert state.chance_outcomes() == [(f, 1 / 6) for f in range(6)]
        state.apply_action(rng.randrange(6))
    rolled = state.protocol.history()[-1]
    assert isinstance(protocol.parse(rolled), Roll) and rolled in outcomes
    assert not state.is_chance_node()


def test_each_seat_observes_its_own_view_and_actions_read_as_notation():
    game = openspiel.load("corintho", players=2)
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.action_to_string(1, 0) == state.protocol.notation(state.moves()[0])
    views = [json.loads(state.observation_string(p)) for p in (0, 1)]
    assert [v["seat"] for v in views] == [0, 1] and views[0]["board"] == views[1]["board"]


def test_a_game_still_going_after_its_cap_is_a_draw():
    game = openspiel.load("corintho")
    state = game.new_initial_state()
    for _ in range(game.max_plies):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])  # stacks moved back and forth, if it can
    if not state.protocol.is_over():
        assert state.is_terminal() and state.returns() == [0.0, 0.0]
    else:
        assert state.returns() == state.protocol.returns()
