"""The market graph and steward path enumeration (A4b, A4c, M7): engine DFS against networkx."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from corinth.render import draw_market
from corinth.rules import default_sheet, steward_paths
from corinth.solver import (
    legal_steward_paths,
    market_graph,
    nx_steward_path_buckets,
    reachable_cells,
    reachable_mask,
)
from tests.solver_states import take_states

SHEET = default_sheet()
GRAPH = market_graph(SHEET)


def test_graph_has_every_cell_with_its_effect_and_orthogonal_edges():
    g = GRAPH
    assert g.number_of_nodes() == 25
    assert g.number_of_edges() == 2 * 5 * 4  # A4b: orthogonal neighbours only
    for n, d in g.nodes(data=True):
        cell = SHEET.market.cells[n]
        assert (d["kind"], d["amount"], d["label"]) == (cell.kind, cell.amount, cell.label())
        assert d["name"] == f"r{n // 5}c{n % 5}"
    assert not g.has_edge(0, 6)  # no diagonal step
    assert g.nodes[12]["used"] and g.graph["steward"] == 12


def test_graph_carries_a_players_circled_and_used_cells():
    state = take_states()[40]
    p = state.player()
    g = market_graph(SHEET, p)
    assert {n for n, d in g.nodes(data=True) if d["circled"]} == set(p.circled_cells())
    assert {n for n, d in g.nodes(data=True) if d["used"]} == set(p.used_cells())
    assert g.graph["steward"] == p.steward


def _random_market(rng: np.random.Generator) -> tuple[int, int]:
    start = int(rng.integers(25))
    density = rng.uniform(0, 0.7)
    used = 1 << start
    for c in range(25):
        if rng.random() < density:
            used |= 1 << c
    return start, used


def test_engine_enumeration_agrees_with_networkx_on_random_markets():
    rng = np.random.default_rng(2024)
    checked = 0
    for _ in range(3000):
        start, used = _random_market(rng)
        longest = int(rng.integers(1, 7))
        engine = steward_paths(start, used, longest)
        baseline = nx_steward_path_buckets(GRAPH, start, used, longest)
        assert engine == baseline, (start, bin(used), longest)
        checked += sum(map(len, engine))
    assert checked > 10_000  # the markets are not all dead ends


def test_engine_enumeration_agrees_with_networkx_on_real_game_markets():
    for state in take_states(4, 1)[::3]:
        p = state.player()
        assert steward_paths(p.steward, p.used, 8) == nx_steward_path_buckets(
            GRAPH, p.steward, p.used, 8
        )


def test_whole_paths_are_legal_and_distinct():
    paths = legal_steward_paths((12, 1 << 12), 4)
    assert len(paths) == len(set(paths))
    for path in paths:
        here = 12
        assert len(path) == 4 and 12 not in path and len(set(path)) == 4
        for c in path:
            assert GRAPH.has_edge(here, c)
            here = c


def test_enumeration_from_a_graph_equals_from_the_player_state():
    p = take_states()[30].player()
    for n in range(1, 6):
        assert legal_steward_paths(market_graph(SHEET, p), n) == legal_steward_paths(p, n)


def test_reachable_cells_are_the_free_connected_component():
    rng = np.random.default_rng(7)
    for _ in range(500):
        start, used = _random_market(rng)
        free = [n for n in GRAPH if n == start or not used >> n & 1]
        comp = nx.node_connected_component(GRAPH.subgraph(free), start) - {start}
        assert reachable_mask(start, used) == sum(1 << c for c in comp)


def test_reachable_cells_of_a_new_sheet():
    p = take_states()[0].player()
    assert len(reachable_cells(p)) == 24 - bin(p.used & ~(1 << 12)).count("1")


def test_draw_market_draws_the_route():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    state = take_states()[60]
    ax = draw_market(state, state.current_player)
    assert len(ax.patches) >= 25
