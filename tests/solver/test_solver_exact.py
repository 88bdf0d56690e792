"""The exact ranking: expectimax over every roll near the end of the game, checked against brute
force on last turns, against the immediate ranking, and for its refusals."""

from __future__ import annotations

from functools import cache

import pytest

from corinth.rules import new_game
from corinth.solver import rank_moves
from corinth.solver.exact import OutOfReach, in_reach, rank_exact, turns_left
from tests.solver_states import take_states


@cache
def left_states(players: int, seed: int, left: int) -> tuple:
    """Take states of one seeded greedy game where the player to decide has ``left`` turns left
    (not ``exact.late_states``, which picks its own positions)."""
    return tuple(s for s in take_states(players, seed) if turns_left(s) == left)


def _brute_last_turn(state, move) -> int:
    """The final score after ``move`` on the mover's last turn: apply it, then every build."""
    who = state.current_player
    after = state.apply(move)
    if after.phase == "build" and after.current_player == who:
        return max(after.apply(b).score(who) for b in after.legal_moves())
    return after.score(who)


LAST_TURNS = [s for p in (2, 4) for seed in range(3) for s in left_states(p, seed, 1)]


@pytest.mark.parametrize("state", LAST_TURNS[::2], ids=lambda s: f"{s.num_players}p-t{s.turn}")
def test_exact_on_a_last_turn_equals_brute_force(state):
    ranked = rank_moves(state, "exact")
    assert sorted(str(r.move) for r in ranked) == sorted(str(m) for m in state.legal_moves())
    for r in ranked:
        assert r.value == _brute_last_turn(state, r.move)
    assert [r.rank for r in ranked] == list(range(1, len(ranked) + 1))
    assert all(a.value >= b.value for a, b in zip(ranked, ranked[1:]))


TWO_TURNS = [left_states(2, seed, 2)[0] for seed in range(3)] + [left_states(4, 2, 2)[1]]


@pytest.mark.parametrize("state", TWO_TURNS, ids=lambda s: f"{s.num_players}p-r{s.round}")
def test_exact_best_is_at_least_the_immediate_best_move(state):
    exact = {str(m): v for m, v in rank_exact(state)}
    immediate_best = rank_moves(state, "immediate", top=1)[0].move
    best = max(exact.values())
    assert best >= exact[str(immediate_best)]
    ranked = rank_moves(state, "exact")
    assert ranked[0].value == best and ranked[0].loss == 0
    assert "greedy" in ranked[0].explanation and "best later moves" in ranked[0].explanation


def test_exact_is_deterministic():
    state = TWO_TURNS[0]
    assert [(str(r.move), r.value) for r in rank_moves(state, "exact")] == [
        (str(r.move), r.value) for r in rank_moves(state, "exact")
    ]


def test_exact_refuses_positions_out_of_reach_and_says_why():
    state = new_game(players=4, seed=1).apply("buy 0").apply("roll 112233445")
    assert not in_reach(state)
    with pytest.raises(
        OutOfReach, match="player 2 has 16 turns left; the exact ranking is for at most 2"
    ):
        rank_moves(state, "exact")
    three = left_states(4, 0, 3)[0]
    with pytest.raises(OutOfReach, match="3 turns left"):
        rank_moves(three, "exact")


def test_turns_left_counts_the_turns_of_each_seat():
    game = new_game(players=2, seed=1, first_player=0)
    # two players: 12 rounds, the first player plays twice a round (R10)
    assert turns_left(game, 0) + turns_left(game, 1) == 12 * 3
    final = left_states(4, 0, 1)[0]
    assert turns_left(final) == 1


def test_expected_answers_exactly_when_in_reach():
    state = TWO_TURNS[1]
    exact = [(str(r.move), r.value) for r in rank_moves(state, "exact")]
    assert [(str(r.move), r.value) for r in rank_moves(state, "expected")] == exact
    rolled = rank_moves(state, "expected", exact=False, budget=None, max_rollouts=4)
    assert rolled[0].samples > 0


def test_dropped_candidates_never_rank_above_survivors(monkeypatch):
    import corinth.solver.rank as rank

    state = next(
        s for s in left_states(4, 0, 3) if len({s.apply(m).key() for m in s.legal_moves()}) >= 3
    )
    first_seen: dict = {}

    def rollout(after, bot, seed, k, who):
        i = first_seen.setdefault(after.key(), len(first_seen))
        if i == 0:
            return 10.0, 1.0  # the leader
        if i == 1:
            return 9.0, 0.0  # steady 1 point behind: dropped at the first check
        return (20.0 if k % 2 == 0 else -4.0), 0.0  # mean 8, too noisy to drop

    monkeypatch.setattr(rank, "_rollout", rollout)
    ranked = rank_moves(state, "expected", budget=None, max_rollouts=32, max_candidates=99)
    dropped = next(r for r in ranked if r.value == 9.0)
    assert dropped.samples == rank.MIN_SAMPLES
    survivors = [r for r in ranked if r.samples == 32 and r.value == 8.0]
    assert survivors and all(r.rank < dropped.rank for r in survivors)


def test_agreement_report_counts_every_position_for_every_method():
    from corinth.solver.agreement import agreement, format_agreement

    report = agreement(states=2, budgets=(0.05,))
    assert report["states"] == 2
    for m in report["methods"].values():
        assert m["of"] == 2 and 0 <= m["right"] <= 2 and m["mean_loss"] >= 0
        assert (m["right"] == 2) == (m["mean_loss_when_wrong"] == 0)
    assert "| immediate |" in format_agreement(report)


def _naive(state, who: int) -> float:
    """Plain expectimax: every roll, every move applied, nothing shared or memoized."""
    from corinth.solver.value import best_move_now

    if state.is_over or turns_left(state, who) == 0:
        return float(state.score(who))
    if state.is_chance:
        return sum(float(p) * _naive(state.apply(r), who) for r, p in state.chance_outcomes())
    if state.current_player != who:
        return _naive(state.apply(best_move_now(state)), who)
    return max(_naive(state.apply(m), who) for m in state.legal_moves())


@pytest.mark.parametrize(
    "state",
    [
        # a roll, then the other player, then the last turn: the others' play shared by sheets
        next(s for s in left_states(2, 0, 2) if s.turn == 2),
        # a roll, then the player first: the dice counted by faces and sizes only
        left_states(4, 2, 2)[1],
    ],
    ids=["2p-other-first", "4p-self-first"],
)
def test_exact_equals_plain_expectimax_across_a_roll(state):
    best, value = rank_exact(state)[0]
    assert abs(_naive(state.apply(best), state.current_player) - value) < 1e-6
