"""OpenSpiel's searchers at a CPU budget (``corinth.shared.openspiel``): a larger budget runs more
simulations (counted with a fake clock, never the real one), the budgeted MCTS is OpenSpiel's own
MCTS stopped by the clock, and a row of the comparison returns a Wilson interval over the games it
played. Skipped where OpenSpiel is not installed."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from corinth.shared import openspiel  # noqa: E402
from corinth.shared.stats import wilson  # noqa: E402


class FakeClock:
    """A CPU clock that moves one tick each time it is read."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def courts_decision(seed: int = 3):
    """A Four Courts state where the seat to move chooses among its cards."""
    game = openspiel.load("four-courts", players=4, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state


def simulations(name: str, ticks: float) -> int:
    if name == "four-courts":
        game, state = courts_decision()
    else:
        game = openspiel.load(name, players=2, seed=1)
        state = game.new_initial_state()
    budget = openspiel.CpuBudget(ticks, clock=FakeClock())
    searcher = openspiel.budgeted_searcher(game, budget, seed=1)
    action = searcher.step(state)
    assert action in state.legal_actions()
    return budget.simulations


@pytest.mark.parametrize("name", ["four-courts", "corintho"])
def test_a_larger_budget_runs_more_simulations(name):
    counts = [simulations(name, ticks) for ticks in (4, 16, 64)]
    assert counts[0] < counts[1] < counts[2]


def test_a_tiny_budget_still_searches_enough_to_choose():
    assert simulations("four-courts", 0.0) >= 2  # the first simulation only expands the root
    assert simulations("corintho", 0.0) >= 2


def test_the_budget_of_a_decision_is_shared_among_its_words():
    game = openspiel.load("corintho", players=2, seed=1)
    state = game.new_initial_state()  # "base b2": a piece, then a cell: two words to choose
    budget = openspiel.CpuBudget(40.0, clock=FakeClock())
    assert budget.share(state) == 20.0
    budget.run(state, lambda: None)
    state.apply_action(state.legal_actions()[0])
    assert budget.share(state) == pytest.approx(40.0 - 21.0)  # what the first word left
    assert budget.decisions == 1


def test_the_budgeted_mcts_is_openspiels_mcts_stopped_by_the_clock():
    game = openspiel.load("corintho", players=2, seed=2)
    state = game.new_initial_state()
    runs = 12
    # the first of two words gets half the budget; the fake clock allows one simulation a tick
    budget = openspiel.CpuBudget(2 * runs, clock=FakeClock())
    ours = openspiel.budgeted_searcher(game, budget, seed=5).mcts_search(state)
    theirs = mcts.MCTSBot(
        game,
        2.0,
        runs,
        openspiel.GameRollouts(game, 5),
        random_state=np.random.RandomState(5),
        solve=False,
    ).mcts_search(state)
    assert budget.simulations == runs == theirs.explore_count == ours.explore_count

    def tree(node):
        return [(c.action, c.explore_count, c.total_reward) for c in node.children]

    assert tree(ours) == tree(theirs)


@pytest.mark.parametrize(
    "name, players, bot", [("corintho", 2, "greedy"), ("four-courts", 3, "greedy")]
)
def test_a_row_returns_a_wilson_interval_over_the_games_it_played(name, players, bot):
    row = openspiel.compare_row(name, bot, ratio=1, games=3, players=players, per_decision=0.001)
    assert row["games"] == 3
    assert row["interval"] == wilson(row["won"], 3)
    low, high = row["interval"]
    assert 0 <= low <= row["share"] <= high <= 1
    assert row["share"] == row["won"] / 3
    assert row["simulations"] >= 2 and row["bot_cpu"] > 0 and row["searcher_cpu"] > 0
    table = openspiel.markdown([row])
    assert table.count("\n") == 2 and "| 3 |" in table


def test_a_game_replays_from_its_seed_when_the_budget_is_counted_in_simulations():
    """The deals and the project's bots' draws come from the seed: with a clock that counts
    simulations instead of seconds, a game played twice is the same game."""
    results = [
        openspiel.play_budgeted(
            "corintho", "greedy", 6.0, seed=4, seat=1, players=2, clock=FakeClock()
        )
        for _ in range(2)
    ]
    assert results[0]["share"] == results[1]["share"]
    assert results[0]["searcher"][1:] == results[1]["searcher"][1:]
