"""Move rankings: every legal move ranked once, values exact (immediate) or seeded (expected),
explanations citing the state's real quantities."""

from __future__ import annotations

import re

import pytest

from corinth.rules import Build, Take, new_game
from corinth.solver import GreedyBot, LookaheadBot, make_bot, rank_moves, reachable_mask
from corinth.solver.value import apply_key
from tests.conftest import LAYOUT_SHEET
from tests.solver_states import game_states, take_states


def _states_with_choices(n: int = 12):
    states = [s for s in game_states(4, 0) if len(s.legal_moves()) > 1]
    step = max(1, len(states) // n)
    return states[::step][:n]


@pytest.mark.parametrize("state", _states_with_choices(), ids=lambda s: f"r{s.round}-{s.phase}")
def test_immediate_ranks_every_legal_move_once_with_its_exact_points(state):
    ranked = rank_moves(state, "immediate")
    legal = state.legal_moves()
    assert sorted(map(str, (r.move for r in ranked))) == sorted(map(str, legal))
    assert [r.rank for r in ranked] == list(range(1, len(legal) + 1))
    best = ranked[0].value
    for r in ranked[:40]:
        state.apply(r.move)  # every ranked move is legal
        # E1 as if the game ended after the move and the best build it pays for (B1)
        assert r.value == apply_key(state, r.move)[0]
        assert r.loss == best - r.value >= 0
    assert all(a.value >= b.value for a, b in zip(ranked, ranked[1:]))


def test_immediate_best_move_is_the_greedy_bots_move():
    for state in _states_with_choices(20):
        best = rank_moves(state, "immediate", top=1)[0].move
        greedy = GreedyBot().choose(state)
        assert state.apply(best).score(state.current_player) == state.apply(greedy).score(
            state.current_player
        )
        assert best == greedy or isinstance(best, Take) and best.path  # paths alike now


def test_explanation_states_the_points_gained_and_they_equal_the_score_difference():
    for state in take_states(4, 0)[::4]:
        who = state.current_player
        before = state.score(who)
        for r in rank_moves(state, "immediate", top=8):
            diff = state.apply(r.move).score(who) - before
            if diff > 0:
                m = re.search(r"[Ss]cores \+(\d+) points? now \((\d+) → (\d+)\)", r.explanation)
                assert m, r.explanation
                assert (int(m[1]), int(m[2]), int(m[3])) == (diff, before, before + diff)
            elif diff == 0:
                assert f"scores no points now (stays at {before})" in r.explanation.lower()
            else:
                assert f"loses {-diff} point" in r.explanation


def test_explanation_counts_the_cells_a_path_cuts_off():
    seen = 0
    for state in take_states(4, 2)[:30]:
        p = state.player()
        for r in rank_moves(state, "immediate"):
            if not (isinstance(r.move, Take) and r.move.path):
                continue
            path = r.move.path
            used = p.used
            for c in path:
                used |= 1 << c
            lost = reachable_mask(p.steward, p.used) & ~reachable_mask(path[-1], used)
            lost &= ~sum(1 << c for c in path)
            n = bin(lost).count("1")
            assert f"uses up {len(path)} market cell" in r.explanation
            if n:
                seen += 1
                assert f"cuts off {n} more cell" in r.explanation
            else:
                assert "cuts off" not in r.explanation
    assert seen > 0


def test_explanation_names_gold_goats_shops_and_the_loss():
    # the best move walks to the first reconstruction's Orange ×2 cell (LAYOUT_SHEET's market)
    state = (
        new_game(players=2, seed=5, first_player=0, sheet=LAYOUT_SHEET)
        .apply("buy 0")
        .apply("roll 111223466")
    )
    by_move = {str(r.move): r for r in rank_moves(state, "immediate")}
    assert "gains 2 gold" in by_move["gold"].explanation
    assert "gains 3 goats" in by_move["goats"].explanation
    best = rank_moves(state, "immediate")[0]
    assert "completes the Orange shop worth 4" in best.explanation
    assert best.explanation.endswith("Best move.")
    words = state.describe_move(best.move)
    assert f"3.00 points less than the best move: {words}" in by_move["gold"].explanation
    assert str(best.move) not in by_move["gold"].explanation  # plain words, not notation


def test_build_moves_say_what_they_cost():
    for state in game_states(4, 0):
        if state.phase == "build":
            for r in rank_moves(state, "immediate"):
                if isinstance(r.move, Build) and r.move.buildings:
                    assert "builds the" in r.explanation.lower() and "pays" in r.explanation
            return
    pytest.skip("no build decision in this game")


def _late_state():
    return [s for s in take_states(4, 0) if s.round >= 14 and len(s.legal_moves()) > 3][0]


def test_expected_is_deterministic_for_a_seed_and_ranks_every_legal_move():
    state = _late_state()
    a = rank_moves(state, "expected", seed=3, budget=None, max_rollouts=6)
    b = rank_moves(state, "expected", seed=3, budget=None, max_rollouts=6)
    assert [(str(r.move), r.value, r.ci, r.win_rate, r.samples) for r in a] == [
        (str(r.move), r.value, r.ci, r.win_rate, r.samples) for r in b
    ]
    legal = state.legal_moves()
    assert sorted(str(r.move) for r in a) == sorted(map(str, legal))
    assert [r.rank for r in a] == list(range(1, len(legal) + 1))
    assert a[0].loss == 0 and all(r.loss >= 0 for r in a)
    for r in a:
        assert r.samples >= 1 and r.ci[0] <= r.value <= r.ci[1] and 0 <= r.win_rate <= 1
        assert f"Expected final score {r.value:.2f}" in r.explanation


def test_expected_merges_moves_that_lead_to_the_same_position():
    state = next(s for s in take_states(4, 0) if s.round > 8 and 20 < len(s.legal_moves()) < 120)
    ranked = rank_moves(state, "expected", seed=1, budget=None, max_rollouts=1, max_candidates=4)
    assert sorted(str(r.move) for r in ranked) == sorted(map(str, state.legal_moves()))
    by_key: dict = {}
    for r in ranked:
        by_key.setdefault(state.apply(r.move).key(), set()).add((r.value, r.samples))
    assert all(len(v) == 1 for v in by_key.values())  # equivalent moves share one value


def test_expected_rollouts_use_common_random_numbers():
    # Two moves reaching the same position get identical rollouts; the value is the mean of them.
    state = _late_state()
    ranked = rank_moves(state, "expected", seed=9, budget=None, max_rollouts=4)
    top = ranked[0]
    assert top.samples >= 4 or len(ranked) == 1


def test_expected_with_a_time_budget_returns_every_move():
    state = take_states(4, 0)[5]
    ranked = rank_moves(state, "expected", seed=0, budget=0.05)
    assert len(ranked) == len(state.legal_moves())
    assert ranked[0].samples >= 1


def test_top_and_bad_arguments():
    state = _late_state()
    assert len(rank_moves(state, "immediate", top=2)) == 2
    with pytest.raises(ValueError, match="objective"):
        rank_moves(state, "best")
    with pytest.raises(ValueError, match="unknown bot"):
        rank_moves(state, "expected", opponents="nobody")
    with pytest.raises(ValueError, match="chance node"):
        rank_moves(new_game(players=2, seed=1).apply("buy 0"), "immediate")


def test_lookahead_bot_is_registered_and_plays_legal_moves():
    bot = make_bot("lookahead", 3)
    assert isinstance(bot, LookaheadBot)
    quick = LookaheadBot(seed=3, budget=None, max_rollouts=2, max_candidates=2)
    state = _late_state()
    assert quick.choose(state) in state.legal_moves()
    assert quick.choose(state) == LookaheadBot(3, None, max_rollouts=2, max_candidates=2).choose(
        state
    )


# --- the options, one meaning each, checked when made ------------------------------------------


def test_rank_options_name_the_rollouts_bot_and_the_exact_model_apart():
    from corinth.solver.exact import late_states
    from corinth.solver.rank import RankOptions

    late = late_states(1)[0]
    by_options = rank_moves(late, "expected", RankOptions(model="cautious", rollout_bot="random"))
    assert by_options == rank_moves(late, "exact", opponents="cautious")  # in reach: the model
    s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    options = RankOptions(seed=1, budget=None, max_rollouts=4, rollout_bot="random", top=2)
    assert rank_moves(s, "expected", options) == rank_moves(
        s, "expected", seed=1, budget=None, max_rollouts=4, opponents="random", top=2
    )


@pytest.mark.parametrize(
    "keywords, words",
    [
        ({"budget": -5}, "budget: a number of seconds above 0"),
        ({"budget": float("nan")}, "budget: a number of seconds above 0"),
        ({"exact_budget": True}, "exact_budget: a number of seconds"),
        ({"top": "3"}, "top: a whole number, at least 1"),
        ({"top": True}, "top: a whole number, at least 1"),
        ({"seed": -1}, "seed: a whole number, at least 0"),
        ({"max_rollouts": 0}, "max_rollouts: a whole number, at least 1"),
        ({"max_candidates": 2.0}, "max_candidates: a whole number"),
        ({"goal": "draw"}, "goal: unknown goal 'draw'"),
        ({"exact": "yes"}, "exact: True or False"),
        ({"rollout_bot": "cautious"}, "rollout_bot: unknown bot 'cautious'"),
        ({"model": "bogus"}, "model: unknown model 'bogus'"),
        ({"opponents": "bogus"}, "unknown opponent model 'bogus'"),
    ],
    ids=str,
)
def test_every_option_is_checked_with_a_sentence_naming_it(keywords, words):
    s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    with pytest.raises(ValueError, match=re.escape(words)):
        rank_moves(s, "exact", **keywords)


def test_arguments_that_are_not_options_are_refused():
    from corinth.solver.rank import RankOptions

    s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    with pytest.raises(TypeError, match="unknown option 'budgte'"):
        rank_moves(s, "immediate", budgte=3)
    with pytest.raises(TypeError, match="not both"):
        rank_moves(s, "immediate", RankOptions(), top=3)
    with pytest.raises(TypeError, match="state: a GameState"):
        rank_moves("goats", "immediate")
    with pytest.raises(ValueError, match="unknown objective 'exactly'"):
        rank_moves(s, "exactly")


def test_an_ignored_model_is_said():
    """The immediate ranking reads no model of the others: asking it for one is said, not ignored."""
    s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    plain = rank_moves(s, "immediate")
    asked = rank_moves(s, "immediate", opponents="cautious")
    assert [r.move for r in asked] == [r.move for r in plain]
    assert all("Cautious opponents were asked for" in r.explanation for r in asked)
    assert rank_moves(s, "immediate", opponents="greedy") == plain
