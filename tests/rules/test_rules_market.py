"""Market cells (M1–M7). These tests use the default market layout (RULES.md, reconstructed):
r1c2 purple 2, r2c1 green 2, r2c3 gold 3, r3c1 goats 2, r3c2 yellow, r1c3 +1, r1c4 goats 3,
r0c4 and r4c4 scoring spots.
"""

from __future__ import annotations

from corinth.rules import GOODS
from tests.conftest import act, assert_illegal, cell, cells, fills, game, play, with_player

ROLL = "buy 0; roll 112344666"  # goats 1×2, green 2×1, purple 3×1, blue 4×2, gold 6×3
ROLL2 = "roll 112233446"  # goats 1×2, green 2×2, purple 3×2, blue 4×2, gold 6×1


def test_m1_goods_cell_checks_goods_with_a3a():
    state = play(game(), ROLL)
    assert fills(state.apply("goats steward r2c1 shops 2"), 0, "green") == (0, 2, 0, 0)
    assert fills(state.apply("goats steward r1c2 shops 1"), 0, "purple") == (2, 0, 0, 0)
    started = with_player(state, 0, district="green", fills=(0, 1, 0, 0))
    assert fills(started.apply("goats steward r2c1"), 0, "green") == (0, 3, 0, 0)
    assert_illegal(started, "goats steward r2c1 shops 1", "A3a")  # no goods left for shop 1
    assert_illegal(state, "goats steward r2c3 shops 1", "M1")  # gold 3 gives no goods


def test_m1_warehouse_does_not_add_to_market_goods():
    state = with_player(play(game(), ROLL), 0, built=("warehouse",))
    assert fills(state.apply("goats steward r2c1 shops 2"), 0, "green") == (0, 2, 0, 0)


def test_m1_market_goods_can_claim_a_bonus():
    state = with_player(play(game(), ROLL), 0, district="green", fills=(2, 3, 4, 3))
    after = state.apply("goats steward r2c1")
    assert fills(after, 0, "green") == (2, 3, 4, 5)
    assert after.bonus_owner[GOODS.index("green")] == 0


def test_m2_gold_cell_without_trading_post_bonus():
    state = play(game(), ROLL)
    assert state.apply("goats steward r2c3").players[0].gold == 4
    posted = with_player(state, 0, built=("trading_post",))
    assert posted.apply("goats steward r2c3").players[0].gold == 4  # [interp] no +2 here


def test_m3_goats_cell():
    state = play(game(), ROLL)
    after = state.apply("green steward r3c2,r3c1")  # passes the yellow die, stops on goats 2
    assert after.players[0].goats == 3 and after.players[0].gold == 1


def test_m4_plus_one_has_no_immediate_effect():
    state = play(game(), ROLL)
    after = state.apply("goats steward r2c3,r1c3")  # one paid step, stops on +1
    p = after.players[0]
    assert p.circled == cells("r1c3")
    assert (p.gold, p.goats, p.scores) == (0, 1, ())
    assert after.score_breakdown(0).total == 0


def test_m5_yellow_die_cell_gives_a_free_die_each_roll():
    state = play(game(), ROLL)
    after = act(state, "goats steward r3c2")
    assert after.earned_yellow(0) == 1 and after.earned_yellow(1) == 0
    # when that player next rolls: one free yellow die, and at most 2 more may be bought
    later = with_player(game(), 0, gold=5, circled=cells("r3c2"), used=cells("r2c2", "r3c2"))
    assert later.apply("buy 0").yellow_dice() == 1
    assert_illegal(later.apply("buy 0"), "roll 111222333", "R2")
    assert later.apply("buy 2").yellow_dice() == 3
    assert later.apply("buy 0").apply("roll 111222333/4").harbor[-1].yellow == 1


def _market_tour():
    """Player 1 circles gold 3, +1, a scoring spot, goats 3 and a second scoring spot."""
    s = game()
    s = play(s, "buy 0;" + ROLL2)
    s = act(s, "goats steward r2c3")  # P1 circles gold 3: gold 4
    s = act(s, "gold")  # P2
    s = act(s, "green steward r1c3")  # P1: face 2, one step for 1 gold: +1 circled
    s = play(s, "buy 0;" + ROLL2)  # round 2, P2 first
    s = act(s, "gold")
    first = s
    s = act(s, "green steward r0c3,r0c4")  # P1 passes blue 2, stops on the r0c4 scoring spot
    s = act(s, "goats")  # P2
    s = play(s, "buy 0;" + ROLL2)  # round 3, P1 first
    s = act(s, "goats steward r1c4")  # goats 3
    s = act(s, "gold")  # P2
    second = s
    s = act(s, "purple steward r2c4,r3c4,r4c4")  # passes orange 1, purple 2, stops on r4c4
    return first, second, s


def test_m6_scoring_spot_writes_the_running_total():
    first, second, end = _market_tour()
    p = end.players[0]
    assert p.circled == cells("r2c3", "r1c3", "r0c4", "r1c4", "r4c4")
    # first spot: 3 circled cells (gold 3, +1, the spot itself) + 1 circled "+1" = 4
    # second spot: 4 + the 2 cells circled since (goats 3, the spot) = 6
    assert p.scores == (4, 6)
    assert end.score_breakdown(0).market == 10


def test_m6_first_value_counts_plus_one_cells_twice():
    first, _, _ = _market_tour()
    after = act(first, "green steward r0c3,r0c4")
    assert after.players[0].scores == (4,)  # without the +1 it would be 3


def test_m7_passing_through_has_no_effect_but_uses_the_cell():
    _, second, end = _market_tour()
    before, after = second.players[0], end.players[0]
    assert after.shops == before.shops  # orange 1 and purple 2 were only passed
    assert after.gold == before.gold and after.goats == before.goats
    for name in ("r2c4", "r3c4", "r0c3"):
        assert after.used >> cell(name) & 1 and not after.circled >> cell(name) & 1
    state = with_player(play(game(), ROLL), 0, used=cells("r2c2", "r2c3"))
    assert_illegal(state, "green steward r2c3,r1c3", "A4c")  # a passed cell cannot be entered
