"""Positions with huge move counts stay bounded by design (A4): one steward move per distinct result.

The largest position found by hand: a player holding 17 gold on an empty market, six groups on the
harbor. Every path there is legal (1 to 23 steps), and there are tens of millions of them; the results
(cells used, arrival cell) number 72,724 per group.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corinth.rules import (
    GameState,
    Take,
    distinct_steward_paths,
    new_game,
    steward_paths,
    steward_steps,
)
from corinth.solver import RouteTooLarge, best_route, rank_moves

# Two players; Player 1 takes the big Gold group twice (8 sixes: +8 gold each), Player 2 the Goats.
RICH_PLAN = ["roll 166666666", "gold", "goats", "roll 166666666", "goats", "gold", "roll 123456666"]


def rich_position() -> GameState:
    """Player 1 to take a group, holding 17 gold, the steward still in the centre of an empty market."""
    state = new_game(players=2, seed=1, first_player=0)
    for move in RICH_PLAN:
        while state.phase in ("purvey", "build", "compensate"):  # decline every side decision
            state = state.apply(
                {"purvey": "buy 0", "build": "build none", "compensate": "pass"}[state.phase]
            )
        state = state.apply(move)
    return state


@pytest.fixture(scope="module")
def rich() -> GameState:
    return rich_position()


@pytest.fixture(scope="module")
def rich_moves(rich) -> list:
    return rich.legal_moves()


def _result(path: tuple[int, ...]) -> tuple[int, int]:
    return sum(1 << c for c in path), path[-1]


def test_rich_position_is_what_it_claims(rich):
    p = rich.player()
    assert (rich.phase, rich.current_player, p.gold, p.circled) == ("take", 0, 17, 0)
    assert p.used == 1 << rich.sheet.market.centre
    assert len(rich.groups()) == 6


def test_a4_steward_moves_listed_once_per_distinct_result(rich, rich_moves):
    steward = [m for m in rich_moves if isinstance(m, Take) and m.path]
    keys = {(m.district, _result(m.path), m.shops) for m in steward}
    assert len(keys) == len(steward)  # no two moves with the same result
    buckets = distinct_steward_paths(12, 1 << 12, 24)
    for district, group in rich.groups():
        lo, hi = steward_steps(group.face, 17, stables=False)
        results = {_result(m.path) for m in steward if m.district == district}
        assert len(results) == sum(len(b) for b in buckets[lo : hi + 1])
    # Far below the 1,292,480 moves of listing every path.
    assert len(rich_moves) < 1_000_000


def test_a4_listed_path_is_the_smallest_of_its_result(rich, rich_moves):
    # Up to 8 steps every path can be listed, so compare against all of them.
    smallest: dict[tuple[int, int], tuple[int, ...]] = {}
    for bucket in steward_paths(12, 1 << 12, 8):
        for path in bucket:
            key = _result(path)
            smallest[key] = min(smallest.get(key, path), path)
    listed = {m.path for m in rich_moves if isinstance(m, Take) and 0 < len(m.path) <= 8}
    assert listed == set(smallest.values())


@given(
    start=st.integers(0, 24),
    used=st.integers(0, (1 << 25) - 1),
    longest=st.integers(1, 9),
)
def test_distinct_paths_agree_with_every_path(start, used, longest):
    used &= ~(1 << start)
    every = steward_paths(start, used, longest)
    distinct = distinct_steward_paths(start, used, longest)
    for n in range(1, longest + 1):
        smallest: dict[tuple[int, int], tuple[int, ...]] = {}
        for path in every[n]:
            smallest.setdefault(_result(path), path)  # buckets are ascending: the first is smallest
        assert distinct[n] == sorted(smallest.values())


def test_a4_apply_accepts_any_path_of_a_result(rich, rich_moves):
    # The ring of eight cells around the centre, walked both ways round to end on r1c1.
    listed = rich.apply("goats steward r1c2,r1c3,r2c3,r3c3,r3c2,r3c1,r2c1,r1c1")
    other = rich.apply("goats steward r2c1,r3c1,r3c2,r3c3,r2c3,r1c3,r1c2,r1c1")
    assert listed.key() == other.key()  # the same result: the same position
    paths = {m.path for m in rich_moves if isinstance(m, Take) and m.district == "goats"}
    assert listed.history[-1].path in paths  # the smaller path is listed …
    assert other.history[-1].path not in paths  # … the other is not, yet it was applied


def test_route_planner_refuses_a_search_past_its_limit(rich):
    with pytest.raises(RouteTooLarge, match="too many routes"):
        best_route(rich, faces=[1, 1, 1], max_explored=200_000)


def test_route_planner_examines_each_result_once(rich):
    route = best_route(rich, faces=[6])
    assert route.explored == sum(len(b) for b in distinct_steward_paths(12, 1 << 12, 23))


@pytest.mark.parametrize("faces", [[0], [7], [True], [2.5], ["3"], [1] * 25])
def test_route_planner_refuses_bad_faces(rich, faces):
    with pytest.raises(ValueError, match="face"):
        best_route(rich, faces=faces)


@pytest.mark.parametrize("top", [-1, 0, True, 2.0])
def test_rank_moves_refuses_a_top_below_one(top):
    state = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    with pytest.raises(ValueError, match="top"):
        rank_moves(state, "immediate", top=top)


def test_immediate_ranking_of_the_rich_position_finishes(rich, rich_moves):
    ranked = rank_moves(rich, "immediate", top=3)
    assert [r.rank for r in ranked] == [1, 2, 3]
    assert all(r.move in rich_moves for r in ranked)


@pytest.mark.parametrize(
    "build",
    [
        lambda: __import__("corinth.rules.moves", fromlist=["Purvey"]).Purvey(0.5),
        lambda: __import__("corinth.rules.moves", fromlist=["Purvey"]).Purvey(True),
        lambda: __import__("corinth.rules.moves", fromlist=["Roll"]).Roll((1.5, 7.5, 0, 0, 0, 0)),
        lambda: Take("x" * 1000),
        lambda: Take("blue", (1.0,)),
        lambda: Take("blue", (99,)),
    ],
)
def test_c1_ill_typed_moves_are_refused_where_built(build):
    from corinth.rules import InvalidNotation

    with pytest.raises(InvalidNotation) as err:
        build()
    assert len(str(err.value)) < 200  # long inputs are cut in the message
