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
    "name, players, sims, plies",
    [
        ("corintho", 2, 5, None),
        ("corintho", 3, 3, None),
        pytest.param("corinth", 2, 1, 30, marks=pytest.mark.long),
    ],
)
def test_pyspiels_random_simulation_test_passes(name, players, sims, plies):
    """Corintho's games to their end; Corinth's first 30 decisions (rolls die by die, compound
    moves word by word), then stopped as a draw: a whole game word by word takes minutes (make
    check; make test plays Corinth through the adapter in the MCTS test below)."""
    game = openspiel.load(name, players=players, seed=players, max_plies=plies)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize(
    "name, opponent, simulations, plies",
    [("corintho", "greedy", 12, 200), ("corinth", "greedy", 2, 16)],
)
def test_openspiels_mcts_plays_each_game_against_a_bot(
    name, opponent, simulations, plies, monkeypatch
):
    """Corintho to its end; Corinth for its first 16 moves (its random rollouts are whole games of
    thousands of moves), then stopped as a draw."""
    result = openspiel.play_match(name, opponent, simulations, seed=3, mcts_seat=1, max_plies=plies)
    assert result in (-1.0, 0.0, 1.0)


def test_a_corinth_roll_is_rolled_one_die_at_a_time_into_one_of_its_exact_outcomes():
    game = openspiel.load("corinth", players=2, seed=4)
    state = game.new_initial_state()
    openspiel.play_move(state, "buy 0")  # no yellow die
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


def test_each_seat_observes_its_own_view_and_actions_read_as_words():
    game = openspiel.load("corintho", players=2)
    state = game.new_initial_state()
    openspiel.play_move(state, "base b2")
    assert state.protocol.history() == ["base b2"]
    words = {state.action_to_string(1, a) for a in state.legal_actions()}
    assert words == {"base", "column", "capital"}
    views = [json.loads(state.observation_string(p)) for p in (0, 1)]
    assert [v["seat"] for v in views] == [0, 1] and views[0]["board"] == views[1]["board"]


def test_a_compound_move_is_chosen_word_by_word_and_a_decision_stays_small():
    game = openspiel.load("corinth", players=3, seed=5)
    state = game.new_initial_state()
    rng = random.Random(2)
    widest = 0
    while state.protocol.history().__len__() < 40 and not state.is_terminal():
        actions = state.legal_actions()
        if not state.is_chance_node():
            widest = max(widest, len(actions))
        state.apply_action(rng.choice(actions))
    assert widest <= 60  # the words of one step: districts, cells, shops, buildings
    move = state.protocol.history()[-1]
    assert state.protocol.parse(move) is not None


def test_a_game_still_going_after_its_cap_is_a_draw():
    game = openspiel.load("corintho")
    state = game.new_initial_state()
    for _ in range(game.max_plies):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])  # the last word: stack moves, when it can
    if not state.protocol.is_over():
        assert state.is_terminal() and state.returns() == [0.0, 0.0]
    else:
        assert state.returns() == state.protocol.returns()
