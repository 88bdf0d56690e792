"""The ranking for the win (``goal="win"``): the exact chance to win, checked against a plain
recomputation in exact fractions, and its words."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from corinth.rules import HARBOR, GameState, new_game
from corinth.solver import rank_moves
from corinth.solver.exact import (
    OPPONENT_MODELS,
    OutOfReach,
    group_take,
    late_states,
    turns_left,
)
from corinth.solver.value import best_move_now
from corinth.solver.win import WinSolver, rank_win
from tests.solver_states import take_states

MODELS = tuple(OPPONENT_MODELS)


@cache
def last_turns() -> tuple[GameState, ...]:
    return tuple(late_states(8, left=1, seed=2))


def reference(s: GameState, who: int, model: str, memo: dict | None = None) -> Fraction:
    """The chance that ``who`` wins, written apart from ``WinSolver``: exact fractions, every roll
    applied as the engine records it, the others' groups through ``group_take`` one by one (E2: a
    shared victory is a share)."""
    memo = {} if memo is None else memo
    key = s.key()
    if key not in memo:
        memo[key] = _reference(s, who, model, memo)
    return memo[key]


def _reference(s: GameState, who: int, model: str, memo: dict) -> Fraction:
    if s.is_over:
        return Fraction(1, len(s.winners)) if who in s.winners else Fraction(0)
    if s.is_chance:
        return sum(p * reference(s.apply(r), who, model, memo) for r, p in s.chance_outcomes())
    if s.current_player == who:
        return max(reference(s.apply(m), who, model, memo) for m in s.legal_moves())
    if s.phase == "take" and model != "greedy":
        takes = [t for k in range(len(HARBOR)) if (t := group_take(s, k)) is not None]
        values = [reference(s.apply(t), who, model, memo) for t in takes]
        return min(values) if model == "cautious" else sum(values) / len(values)
    return reference(s.apply(best_move_now(s)), who, model, memo)


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("index", range(4))
def test_e2_the_chance_to_win_equals_an_exact_recomputation(index, model):
    state = last_turns()[index]
    who = state.current_player
    ranked = dict(rank_win(state, model))
    for move in state.legal_moves():
        want = reference(state.apply(move), who, model)
        assert abs(ranked[move] - float(want)) <= 1e-9, (str(move), ranked[move], want)


def test_e2_a_finished_game_is_worth_the_players_share_of_the_victory():
    finished = 0
    for seed in range(12):
        s = take_states(2 + seed % 3, seed)[-1]
        while not s.is_over:
            s = s.roll() if s.is_chance else s.apply(best_move_now(s))
        for who in range(s.num_players):
            share = 1 / len(s.winners) if who in s.winners else 0.0
            assert WinSolver(who).value(s) == share
        finished += 1
    assert finished == 12


def test_the_ranking_for_the_win_is_ordered_by_chance_then_by_score():
    for state in last_turns()[:4]:
        ranked = rank_moves(state, "exact", goal="win")
        score = dict((r.move, r.value) for r in rank_moves(state, "exact"))
        for a, b in zip(ranked, ranked[1:]):
            assert a.value >= b.value
            if abs(a.value - b.value) <= 1e-9:
                assert score[a.move] >= score[b.move] - 1e-9
        assert all(0.0 <= r.value <= 1.0 and r.win_rate == r.value for r in ranked)
        assert "Exact chance to win" in ranked[0].explanation
        assert "(a shared victory counts as its share)" in ranked[0].explanation


@pytest.mark.parametrize("model", MODELS)
def test_each_explanation_for_the_win_states_the_model(model):
    state = last_turns()[0]
    words = OPPONENT_MODELS[model].format(player=f"player {state.current_player + 1}")
    assert all(
        words in r.explanation for r in rank_moves(state, "exact", goal="win", opponents=model)
    )


def test_the_win_is_refused_out_of_reach_with_the_reason():
    far = take_states(2, 1)[0]
    with pytest.raises(ValueError, match="chance to win is worked out exactly, near the end only"):
        rank_moves(far, "exact", goal="win")
    with pytest.raises(ValueError, match="not by 'immediate'"):
        rank_moves(last_turns()[0], "immediate", goal="win")
    with pytest.raises(ValueError, match="unknown goal 'points'"):
        rank_moves(last_turns()[0], "exact", goal="points")


def test_the_work_budget_stops_a_long_count_with_out_of_reach():
    state = late_states(1, left=2, seed=0)[0]
    with pytest.raises(OutOfReach, match="more than 1,000 positions"):
        rank_win(state, max_work=1_000)


def before_last_roll(players: int, seed: int) -> GameState:
    """The greedy game's roll before the last turn of the player rolling it (a chance node)."""
    s = new_game(players=players, seed=seed)
    while not (s.is_chance and turns_left(s, s.current_player) == 1):
        s = s.roll() if s.is_chance else s.apply(best_move_now(s))
    return s


def test_e2_every_roll_counts_with_its_chance():
    """A chance node before the player's last turn (4 players, seed 10): about 8% to win, the
    same as the recomputation in fractions to 1e-9."""
    s = before_last_roll(4, 10)
    value = WinSolver(s.current_player).value(s)
    assert 0.01 < value < 0.99
    assert abs(value - float(reference(s, s.current_player, "greedy"))) <= 1e-9


def test_the_ranking_says_when_the_win_and_the_score_disagree():
    """2 players, seed 0, 2 turns left: starting Green shop 4 scores 0.61 fewer points than
    completing Purple shop 2, yet it is the only move that can still win."""
    state = late_states(7, left=2, seed=0)[6]
    ranked = rank_moves(state, "exact", goal="win", exact_budget=None)  # past the estimate's 1.5 s
    score_best = rank_moves(state, "exact", top=1)[0]
    best = ranked[0]
    assert best.move != score_best.move and best.value > 0
    assert "fewer points than the move that scores the most" in best.explanation
    assert "wins more often" in best.explanation
    other = next(r for r in ranked if r.move == score_best.move)
    assert other.value < best.value and "wins less often" in other.explanation
