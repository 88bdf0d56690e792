"""Actions with the group just taken (A1–A4e). Steward tests use the default market layout
(RULES.md, reconstructed): r2c3 gold 3, r1c3 +1, r2c1 green 2, r1c2 purple 2, r3c2 yellow, r2c4 orange 1,
r1c4 goats 3; a loaded printed sheet changes only those expectations.
"""

from __future__ import annotations

from corinth.rules import GOODS, Take
from tests.conftest import act, assert_illegal, cell, cells, fills, game, play, with_player

ROLL = "buy 0; roll 112344666"  # goats 1×2, green 2×1, purple 3×1, blue 4×2, gold 6×3


def test_a1_gold_action_gains_group_size():
    state = play(game(), "buy 0; roll 111223466")  # gold: 6×2
    after = state.apply("gold")
    assert after.players[0].gold == 3 and after.players[0].goats == 1


def test_a2_goats_action_gains_group_size():
    after = play(game(), ROLL).apply("goats")
    assert after.players[0].goats == 3 and after.players[0].gold == 1


def test_a3_deliver_checks_group_size_in_that_district():
    state = play(game(), "buy 0; roll 122234566")  # green: 2×3
    after = act(state, "green 2")
    assert fills(after, 0, "green") == (0, 3, 0, 0)
    assert all(fills(after, 0, d) == (0,) * len(fills(after, 0, d)) for d in GOODS[1:])


def test_a3a_choices_of_where_the_checks_go_are_distinct_moves():
    state = play(game(), "buy 0; roll 122234566")
    greens = [str(m) for m in state.legal_moves() if isinstance(m, Take) and m.district == "green"]
    greens = [m for m in greens if "steward" not in m]
    # 3 checks into shops of 2, 3, 4, 5 goods: complete shop 2; start shop 3 or 4 with 3;
    # or complete shop 1 and put the last check in shop 2, 3 or 4
    assert greens == ["green 2", "green 3", "green 4", "green 1,2", "green 1,3", "green 1,4"]
    assert fills(act(state, "green 1,3"), 0, "green") == (2, 0, 1, 0)
    assert fills(act(state, "green 3"), 0, "green") == (0, 0, 3, 0)


def test_a3a_started_shop_must_be_completed():
    state = with_player(game(), 0, district="green", fills=(0, 1, 0, 0))
    state = play(state, "buy 0; roll 122234566")
    greens = [str(m) for m in state.legal_moves() if isinstance(m, Take) and m.district == "green"]
    greens = [m for m in greens if "steward" not in m]
    assert greens == ["green 1", "green 3", "green 4"]  # shop 2 is completed first in every one
    assert fills(act(state, "green 3"), 0, "green") == (0, 3, 1, 0)
    assert_illegal(state, "green 2", "A3a")  # shop 2 is already started


def test_a3a_at_most_one_partly_filled_shop():
    state = play(game(), "buy 0; roll 122234566")
    exc = assert_illegal(state, "green 3,1", "A3a")  # shop 3 would stay at 3 of 4
    assert "partly filled" in str(exc)


def test_a3a_checks_must_be_placed_while_symbols_are_free():
    state = play(game(), "buy 0; roll 122234566")
    assert_illegal(state, "green", "A3a")  # three checks placed nowhere
    assert_illegal(state, "green 5", "A3a")  # no shop 5


def test_a3b_completed_shop_scores_printed_points():
    # default sheet: green shop 4 takes 5 goods and scores 6
    state = with_player(game(), 0, district="green", fills=(0, 0, 0, 3))
    state = play(state, "buy 0; roll 122234566")
    assert state.score_breakdown(0).shops == 0
    after = act(state, "green 2")
    assert fills(after, 0, "green") == (0, 1, 0, 5)
    assert after.score_breakdown(0).shops == 6  # the partly filled shop 2 scores nothing


def test_a3c_first_to_complete_claims_the_bonus_others_lose_it():
    state = with_player(game(), 0, district="green", fills=(2, 3, 4, 4))
    state = with_player(state, 1, district="green", fills=(2, 3, 4, 4))
    state = play(state, "buy 0; roll 122234566")
    state = act(state, "green")
    assert state.bonus_owner[GOODS.index("green")] == 0
    state = act(act(state, "gold"), "goats")  # player 2, then player 1's second turn
    state = play(state, "buy 0; roll 122234566")  # round 2: player 2 first
    state = act(state, "green")
    assert fills(state, 1, "green") == (2, 3, 4, 5)
    assert state.bonus_owner[GOODS.index("green")] == 0
    assert state.score_breakdown(0).bonuses == 5  # default sheet: green bonus 5
    assert state.score_breakdown(1).bonuses == 0


def test_a3c_orange_has_no_bonus():
    state = with_player(game(), 0, district="orange", fills=(2, 3, 3))
    state = act(play(state, "buy 0; roll 123455666"), "orange")  # orange: 5×2
    assert fills(state, 0, "orange") == (2, 3, 4)
    assert state.bonus_owner[GOODS.index("orange")] == -1
    assert state.score_breakdown(0).bonuses == 0


def test_a3d_checks_beyond_free_symbols_are_lost():
    state = with_player(game(), 0, district="green", fills=(2, 3, 4, 4))
    state = play(state, "buy 0; roll 122234566")
    greens = [m for m in state.legal_moves() if isinstance(m, Take) and m.district == "green"]
    assert [str(m) for m in greens if not m.path] == ["green"]
    after = act(state, "green")
    assert fills(after, 0, "green") == (2, 3, 4, 5)
    assert str(after.history[-1]) == "green"


def test_a4_steward_instead_of_the_action_with_any_group():
    state = play(game(), ROLL)
    after = state.apply("goats steward r2c3")  # face 1: one step onto gold 3
    assert after.players[0].goats == 1  # no goats: the steward replaced the action
    assert after.players[0].gold == 4
    after = state.apply("gold steward r1c2,r0c2,r0c1,r0c0,r1c0,r2c0")  # face 6: six steps
    assert after.players[0].gold == 1 and after.players[0].steward == cell("r2c0")


def test_a4_size_does_not_matter_only_face_value():
    state = play(game(), ROLL)  # blue is 4×2: four steps, not two
    assert state.is_legal(Take("blue", (cell("r2c3"), cell("r1c3"), cell("r0c3"), cell("r0c4"))))
    assert_illegal(state, "blue steward r2c3,r1c3", "A4a")  # 2 steps would cost 2 gold


def test_a4a_each_gold_adds_or_removes_a_step():
    state = play(game(), ROLL)
    longer = state.apply("goats steward r2c3,r1c3")  # face 1, 2 steps: 1 gold
    assert longer.players[0].gold == 0
    assert_illegal(state, "goats steward r2c3,r1c3,r0c3", "A4a")  # 2 gold needed, 1 held
    rich = with_player(state, 0, gold=3)
    shorter = rich.apply("purple steward r2c3")  # face 3, 1 step: 2 gold, then gold 3 gained
    assert shorter.players[0].gold == 3 - 2 + 3


def test_a4a_stables_and_gold_combine():
    state = with_player(play(game(), ROLL), 0, built=("stables",), gold=1)
    after = state.apply("goats steward r2c3,r1c3,r0c3,r0c4")  # face 1, 4 steps: 2 free + 1 gold
    assert after.players[0].gold == 0
    assert_illegal(state, "goats steward r2c3,r1c3,r0c3,r0c2,r0c1", "A4a")  # 4 over: 2 gold


def test_a4b_steps_are_orthogonal():
    state = play(game(), ROLL)
    firsts = {m.path for m in state.legal_moves() if isinstance(m, Take) and len(m.path) == 1}
    assert firsts == {(cell("r1c2"),), (cell("r2c1"),), (cell("r2c3"),), (cell("r3c2"),)}
    assert_illegal(state, "goats steward r1c1", "A4b")  # diagonal
    assert_illegal(state, "green steward r2c3,r1c4", "A4b")  # diagonal second step
    assert_illegal(state, "goats steward r0c2", "A4b")  # a jump


def test_a4c_later_moves_start_at_last_circled_cell_and_never_reenter():
    state = play(game(), ROLL)
    state = act(act(state, "goats steward r2c3"), "gold")  # player 1, then player 1's 2nd turn
    assert state.current_player == 0 and state.players[0].steward == cell("r2c3")
    after = act(state, "green steward r2c4,r1c4")  # starts at r2c3: arrives on goats 3
    assert after.players[0].goats == 4
    assert_illegal(state, "green steward r2c2,r2c1", "A4c")  # the centre counts as visited
    assert_illegal(state, "purple steward r1c3,r1c2,r2c2", "A4c")
    assert_illegal(state, "green steward r1c2,r1c3", "A4b")  # r1c2 is not next to r2c3


def test_a4c_a_path_never_crosses_itself():
    state = with_player(play(game(), ROLL), 0, gold=5)
    assert_illegal(state, "blue steward r2c3,r1c3,r1c2,r1c3", "A4c")
    assert all(
        len(set(m.path)) == len(m.path) and cell("r2c2") not in m.path
        for m in state.legal_moves()
        if isinstance(m, Take)
    )


def test_a4d_no_steward_action_when_no_full_move_is_affordable():
    # Steward on r0c0 with r1c1, r0c2 and r2c0 used: only one-step moves remain.
    state = play(game(), ROLL)
    state = with_player(
        state, 0, gold=0, steward=cell("r0c0"), circled=cells("r0c0"),
        used=cells("r2c2", "r0c0", "r1c1", "r0c2", "r2c0"),
    )  # fmt: skip
    steward = [m for m in state.legal_moves() if isinstance(m, Take) and m.path]
    assert {m.district for m in steward} == {"goats"}  # only the face-1 group
    assert {m.path for m in steward} == {(cell("r0c1"),), (cell("r1c0"),)}
    assert_illegal(state, "green steward r0c1", "A4a")  # face 2 cannot stop after 1 step for free
    paid = with_player(state, 0, gold=1)
    assert {m.district for m in paid.legal_moves() if isinstance(m, Take) and m.path} == {
        "goats",
        "green",
    }


def test_a4d_every_steward_move_has_at_least_one_step():
    state = with_player(play(game(), ROLL), 0, built=("stables",), gold=5)
    lengths = {len(m.path) for m in state.legal_moves() if isinstance(m, Take) and m.path}
    assert min(lengths) == 1  # face 1 minus free and paid steps never makes 0 or fewer


def test_a4e_arrival_cell_is_circled_and_applies_at_once():
    state = play(game(), ROLL)
    after = state.apply("goats steward r2c3,r1c3")  # passes gold 3, stops on +1
    p = after.players[0]
    assert p.circled == cells("r1c3")
    assert p.used == cells("r2c2", "r2c3", "r1c3")
    assert p.gold == 0  # paid 1 gold for the extra step, gained nothing passing gold 3
    assert state.apply("goats steward r2c3").players[0].gold == 4  # stopping there pays at once
