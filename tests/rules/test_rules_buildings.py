"""Buildings (B1–B5), tracks (T1) and the end of the game (E1, E2).
Costs are the default sheet's (reconstructed): Trading Post 1+2, Warehouse 1+3, Stables 2+2, Temple 2+4.
"""

from __future__ import annotations

import dataclasses

from corinth.rules import GOODS, Build
from tests.conftest import act, assert_illegal, cell, fills, game, play, with_player

ROLL = "buy 0; roll 112344666"  # goats 1×2, green 2×1, purple 3×1, blue 4×2, gold 6×3


def test_b1_build_any_number_after_the_action():
    state = play(with_player(game(), 0, gold=5, goats=6), ROLL)
    state = state.apply("goats")  # goats 6 + 2 = 8, gold 5
    assert state.phase == "build" and state.current_player == 0
    builds = state.legal_moves()
    assert Build(()) in builds and Build(("trading_post", "warehouse", "stables")) in builds
    assert Build(("trading_post", "warehouse", "stables", "temple")) not in builds  # 6 gold
    after = state.apply("build trading_post,warehouse")
    p = after.players[0]
    assert p.built() == ("trading_post", "warehouse")
    assert (p.gold, p.goats) == (5 - 2, 8 - 5)
    assert after.current_player == 1
    assert_illegal(state, "build temple,stables,warehouse", "B1")  # 9 goats needed, 8 held


def test_b1_each_building_once_and_only_after_an_action():
    state = play(with_player(game(), 0, gold=5, goats=6, built=("temple",)), ROLL)
    assert_illegal(state, "build stables", "R7")  # the action comes first
    state = state.apply("goats")
    assert_illegal(state, "build temple", "B1")
    assert all("temple" not in m.buildings for m in state.legal_moves())
    declined = state.apply("build none")
    assert declined.players[0] == state.players[0] and declined.current_player == 1


def test_b1_no_build_phase_when_nothing_is_affordable():
    state = play(game(), ROLL).apply("gold")  # 4 gold, 1 goat: every building needs 2+ goats
    assert state.phase == "take" and state.current_player == 1


def test_b2_temple_scores_three_per_building():
    state = game()
    assert with_player(state, 0, built=("temple",)).score_breakdown(0).temple == 3
    every = with_player(state, 0, built=("temple", "stables", "warehouse", "trading_post"))
    assert every.score_breakdown(0).temple == 12
    assert with_player(state, 0, built=("stables", "warehouse")).score_breakdown(0).temple == 0


def test_b3_warehouse_delivers_one_more_good():
    state = play(with_player(game(), 0, built=("warehouse",)), ROLL)  # green 2×1: 2 checks
    assert fills(act(state, "green 1"), 0, "green") == (2, 0, 0, 0)
    assert fills(act(play(game(), ROLL), "green 1"), 0, "green") == (1, 0, 0, 0)


def test_b4_stables_give_two_free_steps_either_way():
    state = play(with_player(game(), 0, built=("stables",), gold=0), ROLL)
    assert state.apply("purple steward r2c3").players[0].gold == 3  # face 3, 1 step: free
    longer = state.apply("goats steward r2c3,r2c4,r1c4")  # face 1, 3 steps: free
    assert longer.players[0].gold == 0 and longer.players[0].steward == cell("r1c4")
    assert longer.players[0].goats == 4
    assert_illegal(state, "goats steward r2c3,r2c4,r1c4,r0c4", "A4a")  # a 3rd extra step costs
    plain = play(game(), ROLL)
    assert_illegal(plain, "purple steward r2c3", "A4a")  # without Stables: 2 gold, 1 held


def test_b5_trading_post_adds_two_gold_to_the_gold_action():
    state = play(with_player(game(), 0, built=("trading_post",)), ROLL)
    assert act(state, "gold").players[0].gold == 1 + 3 + 2
    assert act(play(game(), ROLL), "gold").players[0].gold == 1 + 3


def test_t1_spending_crosses_gains_past_the_last_symbol_are_lost():
    # 24 gold symbols (reconstructed): 23 circled, 2 of them crossed, so 21 held
    state = with_player(game(), 0, gold_circled=23, gold_crossed=2)
    state = play(state, "buy 1; roll 111223466/1")  # buying crosses a symbol: 20 held
    assert state.players[0].gold_crossed == 3
    after = state.apply("gold")  # 6×2: only one free symbol remains, the other gold is lost
    p = after.players[0]
    assert (p.gold_circled, p.gold_crossed, p.gold) == (24, 3, 21)


def test_t1_cannot_spend_what_is_not_held():
    state = play(with_player(game(), 0, gold=1, goats=1), ROLL)
    assert_illegal(state, "goats steward r2c3,r2c4,r1c4", "A4a")  # 2 gold, 1 held
    broke = with_player(game(), 0, gold_circled=3, gold_crossed=3)
    assert broke.phase == "purvey" and broke.max_purchase() == 0
    assert_illegal(broke, "buy 1", "R2")


def test_e1_score_is_the_sum_of_its_terms():
    state = game()
    state = with_player(state, 0, district="green", fills=(2, 3, 0, 0))  # 1 + 2
    state = with_player(state, 0, district="purple", fills=(2, 1, 0, 0))  # 2
    state = with_player(state, 0, district="blue", fills=(0, 0, 4))  # 8
    state = with_player(state, 0, district="orange", fills=(1, 0, 0))  # 0
    state = with_player(state, 0, gold=7, goats=5, scores=(4, 6), built=("temple", "stables"))
    state = dataclasses.replace(state, bonus_owner=(0, 1, -1, -1))  # green (5) for player 1
    b = state.score_breakdown(0)
    assert (b.shops, b.bonuses, b.gold, b.goats, b.market, b.temple) == (13, 5, 3, 2, 10, 6)
    assert b.total == 39 == state.score(0)
    assert state.score_breakdown(1).bonuses == 4  # purple


def _last_round():
    """3 players in the last round: a roll of two groups, goats 1×8 and gold 6×1."""
    state = game(players=3, first=0)
    for i in range(3):
        state = with_player(state, i, turns=6)
    return state


def test_e2_most_points_then_most_gold_wins():
    state = with_player(_last_round(), 1, gold=7)
    state = play(state, "buy 0; roll 111111116")
    state = act(state, "goats")  # P1: 9 goats, 1 gold → 4 points
    state = act(state, "gold")  # P2: 8 gold, 1 goat → 4 points
    state = state.apply("pass")  # P3: no group left, 0 points
    assert state.is_over
    assert [state.score(i) for i in range(3)] == [4, 4, 0]
    assert state.winners == (1,)  # tied on points, more gold


def test_e2_shared_victory():
    state = with_player(with_player(_last_round(), 0, gold=8), 1, gold=7, goats=9)
    state = play(state, "buy 0; roll 111111116")
    state = act(act(state, "goats"), "gold").apply("pass")
    assert [state.score(i) for i in range(3)] == [8, 8, 0]
    assert state.players[0].gold == state.players[1].gold == 8
    assert state.winners == (0, 1)


def test_e2_outright_winner():
    state = play(_last_round(), "buy 0; roll 111111116")
    state = act(act(state, "goats"), "gold").apply("pass")
    assert [state.score(i) for i in range(3)] == [4, 1, 0] and state.winners == (0,)
    assert state.bonus_owner == (-1,) * len(GOODS)
