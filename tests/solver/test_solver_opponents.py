"""The exact ranking's opponent models (greedy, cautious, random): each checked against a
recomputation by hand, the shared computations against the plain ones, and the robust best move."""

from __future__ import annotations

from functools import cache

import pytest

from corinth.rules import HARBOR
from corinth.solver import rank_moves
from corinth.solver.exact import (
    OPPONENT_MODELS,
    ExactSolver,
    OutOfReach,
    group_take,
    late_states,
    rank_exact,
    robust_best,
    turns_left,
)
from corinth.solver.value import best_move_now
from tests.solver_states import take_states

MODELS = tuple(OPPONENT_MODELS)


@cache
def same_round_states() -> tuple:
    """2-player positions where the first player takes with 2 turns left, both in this round
    (R10: it plays first and last), and the other plays its last turn in between: no roll to
    come, so every line of play is enumerated by hand."""
    out = []
    for seed in (1, 2):
        for s in take_states(2, seed):
            who = s.current_player
            if s.turn == 0 and turns_left(s) == 2 and turns_left(s, 1 - who) == 1:
                out.append(s)
                break
    return tuple(out)


def by_hand(s, who: int, model: str, memo: dict) -> float:
    """``who``'s final score from ``s`` under ``model``, by applying every move: ``who`` plays its
    best, the other takes each group it may take (min for cautious, mean for random) with the best
    points now among that group's takes, and plays greedily otherwise. No roll may come."""
    key = s.key()
    if key in memo:
        return memo[key]
    if s.is_over or turns_left(s, who) == 0:
        v = float(s.score(who))
    elif s.is_chance:
        raise AssertionError("by_hand enumerates no roll")
    elif s.current_player == who:
        v = max(by_hand(s.apply(m), who, model, memo) for m in s.legal_moves())
    elif s.phase == "take" and model != "greedy":
        moves = s.legal_moves()
        values = [
            by_hand(
                s.apply(best_move_now(s, [m for m in moves if m.district == d])), who, model, memo
            )
            for d in dict.fromkeys(m.district for m in moves)
        ]
        v = min(values) if model == "cautious" else sum(values) / len(values)
    else:
        v = by_hand(s.apply(best_move_now(s)), who, model, memo)
    memo[key] = v
    return v


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("index", [0, 1])
def test_every_model_equals_the_values_enumerated_by_hand(index, model):
    state = same_round_states()[index]
    who = state.current_player
    memo: dict = {}
    ranked = rank_exact(state, opponents=model)
    assert sorted(str(m) for m, _ in ranked) == sorted(str(m) for m in state.legal_moves())
    for move, value in ranked:
        assert value == pytest.approx(by_hand(state.apply(move), who, model, memo), abs=1e-9)


def test_the_models_disagree_on_these_positions():
    # otherwise the test above would not tell them apart
    for state in same_round_states():
        best = {m: rank_exact(state, opponents=m)[0][1] for m in MODELS}
        assert len(set(best.values())) > 1, best


def test_a_cautious_opponent_takes_the_group_worst_for_the_player():
    state = same_round_states()[1]
    who = state.current_player
    solver = ExactSolver(who, opponents="cautious")
    checked = 0
    for move in state.legal_moves():
        after = state.apply(move)
        while after.current_player == who:  # the player's build after its take
            after = after.apply(best_move_now(after))
        if after.phase != "take":
            continue
        slot, taken, value = solver.opponent_choice(after)
        memo: dict = {}
        by_group = {
            s: by_hand(after.apply(group_take(after, s)), who, "cautious", memo)
            for s in range(len(HARBOR))
            if after.harbor[s] is not None and group_take(after, s) is not None
        }
        lowest = min(by_group.values())
        assert value == pytest.approx(lowest, abs=1e-9)
        # of the groups tied lowest, the first in harbor order
        assert slot == min(s for s, v in by_group.items() if abs(v - lowest) <= 1e-9)
        assert taken == group_take(after, slot)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("players, seed", [(4, 0), (2, 1)])
def test_group_take_is_the_greedy_move_among_that_groups_takes(players, seed):
    for state in take_states(players, seed)[:40:4]:
        moves = state.legal_moves()
        for slot, district in enumerate(HARBOR):
            mine = [m for m in moves if m.district == district]
            assert group_take(state, slot) == (best_move_now(state, mine) if mine else None)


@cache
def _late(count: int) -> tuple:
    return tuple(late_states(count))


@pytest.mark.parametrize("model", ["cautious", pytest.param("random", marks=pytest.mark.long)])
def test_the_shared_trees_give_the_values_of_every_roll_played_out(model):
    """The light forest (others before the player's last take), the position trees and every roll
    replayed per sheet agree; the plain replay only on a few moves (it is slow)."""
    state = _late(12)[11]  # 4 players: three take before the player's last take
    who = state.current_player

    def values(moves, **kw):
        solver = ExactSolver(who, opponents=model, **kw)
        return [round(solver.value(solver.canonical(state.apply(m))), 9) for m in moves]

    moves = state.legal_moves()
    light = values(moves)
    assert light == values(moves, light=False)
    two = _late(1)[0]  # 2 players
    solver = [
        ExactSolver(two.current_player, opponents=model, **kw) for kw in ({}, {"share": False})
    ]
    for m in two.legal_moves()[:3]:
        a, b = (round(x.value(x.canonical(two.apply(m))), 9) for x in solver)
        assert a == b


@pytest.mark.parametrize("model", MODELS)
def test_each_explanation_states_the_model(model):
    state = same_round_states()[0]
    words = {
        "greedy": "every other player plays the greedy bot's move",
        "cautious": "takes the harbor group worst for player",
        "random": "at random (each as likely)",
    }
    ranked = rank_moves(state, "exact", opponents=model)
    for r in ranked:
        assert words[model] in r.explanation
        assert all(words[m] not in r.explanation for m in MODELS if m != model)


def test_expected_in_reach_answers_with_the_models_exact_ranking():
    state = same_round_states()[1]
    for model in ("random", "cautious"):
        expected = rank_moves(state, "expected", opponents=model)
        exact = rank_moves(state, "exact", opponents=model)
        assert [(str(r.move), r.value) for r in expected] == [(str(r.move), r.value) for r in exact]


def test_unknown_models_are_refused_with_the_choices():
    state = same_round_states()[0]
    with pytest.raises(ValueError, match="unknown opponent model 'kind'.*'greedy', 'cautious'"):
        rank_exact(state, opponents="kind")
    with pytest.raises(ValueError, match="'greedy', 'cautious' or 'random'"):
        rank_moves(state, "exact", opponents="kind")
    far = take_states(2, 1)[0]
    with pytest.raises(ValueError, match="model of the exact ranking only.*greedy, random"):
        rank_moves(far, "expected", opponents="cautious", budget=0.1)
    with pytest.raises(ValueError, match="unknown bot 'kind'"):
        rank_moves(far, "expected", opponents="kind", budget=0.1)


@pytest.mark.parametrize("model", ["cautious", "random"])
def test_max_work_still_protects_callers(model):
    state = _late(12)[11]
    with pytest.raises(OutOfReach, match="more than 100 rolls"):
        rank_exact(state, max_work=100, opponents=model)


@pytest.mark.parametrize("index", range(4))
def test_robust_best_is_best_under_every_model_or_says_none_is(index):
    state = (same_round_states() + _late(12)[10:12])[index]
    robust = robust_best(state)
    rankings = {m: rank_exact(state, opponents=m) for m in MODELS}
    tops = {m: r[0][1] for m, r in rankings.items()}
    every = [
        m for m, _ in rankings["greedy"] if all(dict(rankings[k])[m] == tops[k] for k in MODELS)
    ]
    assert robust.move == (every[0] if every else None)
    regret = {m: max(tops[k] - dict(rankings[k])[m] for k in MODELS) for m, _ in rankings["greedy"]}
    assert robust.regret == pytest.approx(min(regret.values()), abs=1e-9)
    assert regret[robust.safest] == pytest.approx(robust.regret, abs=1e-9)
    assert (robust.move is None) == (robust.regret > 0)
    text = robust.describe()
    assert ("best whatever the others do" in text) == (robust.move is not None)
