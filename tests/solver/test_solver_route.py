"""The route planner against brute force over every sequence of legal steward moves (A4, M6)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from corinth.rules import default_sheet, new_game
from corinth.solver import Route, best_route, market_graph, nx_steward_path_buckets
from tests.solver_states import take_states

SHEET = default_sheet()
GRAPH = market_graph(SHEET)
CELLS = SHEET.market.cells


def brute_force(p, gold: int, stables: bool, faces: list[int]):
    """Every route, one move per face (ending early only when no move exists), by plain recursion over
    networkx paths; best by (market points, gold left, fewer cells used), first in enumeration order."""
    extra = 2 if stables else 0
    total0 = len(p.circled_cells()) + sum(CELLS[c].kind == "+1" for c in p.circled_cells())
    routes = []

    def walk(i, here, used, total, gold, paths, points):
        options = []
        if i < len(faces):
            f = faces[i]
            buckets = nx_steward_path_buckets(GRAPH, here, used, f + extra + gold)
            for n in range(max(1, f - extra - gold), len(buckets)):
                cost = max(0, abs(n - f) - extra)
                options += [(cost, path) for path in buckets[n]]
        if not options:
            cells = sum(map(len, paths))
            routes.append(((points, gold, -cells), paths))
            return
        for cost, path in options:
            end = path[-1]
            kind, amount = CELLS[end].kind, CELLS[end].amount
            t = total + 1 + (kind == "+1")
            walk(
                i + 1,
                end,
                used | sum(1 << c for c in path),
                t,
                gold - cost + (amount if kind == "gold" else 0),
                paths + (path,),
                points + (t if kind == "score" else 0),
            )

    walk(0, p.steward, p.used, total0, gold, (), 0)
    return max(routes, key=lambda r: r[0])


CASES = [
    ("start", None, [2, 2]),
    ("start", None, [1, 3, 1]),
    ("start", None, [2, 1, 2]),
    ("mid", None, [1, 2, 3]),
    ("mid", None, [3, 3]),
    ("late", None, [2, 2, 2]),
]


def _player(where: str):
    states = take_states(4, 3)
    state = {"start": states[0], "mid": states[len(states) // 3], "late": states[-10]}[where]
    return state.player()


@pytest.mark.parametrize("where,_,faces", CASES)
@pytest.mark.parametrize("gold,stables", [(0, False), (1, False), (1, True)])
def test_best_route_equals_brute_force(where, _, faces, gold, stables):
    p = _player(where)
    if stables and where == "start":
        faces = faces[:2]  # keeps the brute force small
    route = best_route(p, SHEET, gold, stables, faces)
    key, paths = brute_force(p, gold, stables, faces)
    assert (route.points, route.gold_left, -route.cells_used) == key
    assert route.paths == paths  # the same tie-break: first in enumeration order
    assert route.explored > 0 or not route.paths


def test_best_route_on_random_small_markets():
    rng = np.random.default_rng(11)
    p0 = new_game(players=2, seed=1).players[0]
    for _ in range(40):
        used = p0.used
        for c in range(25):
            if c != 12 and rng.random() < 0.4:
                used |= 1 << c
        p = dataclasses.replace(p0, used=used)
        faces = [int(f) for f in rng.integers(1, 4, size=int(rng.integers(1, 4)))]
        gold = int(rng.integers(0, 2))
        route = best_route(p, SHEET, gold, False, faces)
        key, paths = brute_force(p, gold, False, faces)
        assert (route.points, route.gold_left, -route.cells_used, route.paths) == (*key, paths)


def test_scores_written_follow_m6():
    p = new_game(players=2, seed=1).players[0]
    route = best_route(p, SHEET, gold=1, stables=False, faces=[2, 2])
    assert route.paths == ((7, 2), (1, 0))  # r0c2 is a +1 cell: the corner then writes 1 + 1 + 1
    assert route.scores == (3,) and route.points == 3
    assert "Face 2: r1c2, r0c2." in route.describe()


def test_a_game_state_stands_for_the_player_to_move():
    state = take_states(4, 3)[20]
    p = state.player()
    assert best_route(state, faces=[3, 2]) == best_route(
        p, state.sheet, p.gold, p.has("stables"), [3, 2]
    )


def test_route_ends_when_no_move_is_left():
    p0 = new_game(players=2, seed=1).players[0]
    boxed = dataclasses.replace(p0, used=(1 << 25) - 1 - (1 << 7))  # only r1c2 is free
    route = best_route(boxed, SHEET, 0, False, [1, 1])
    assert route.paths == ((7,),) and isinstance(route, Route)
    assert "No legal move is left for face(s) 1." in route.describe()


def test_bad_faces():
    with pytest.raises(ValueError):
        best_route(new_game(players=2, seed=1).players[0], SHEET, 0, False, [0])
