"""Components (C), setup (S) and the round (R1–R11), one test or more per rule ID."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import factorial

import numpy as np
import pytest

from corinth.rules import (
    HARBOR,
    Compensate,
    DiceGroup,
    IllegalMove,
    Purvey,
    Roll,
    Take,
    default_sheet,
    game_from_json,
    new_game,
)
from corinth.rules.dice import all_same, compositions, roll_outcomes
from corinth.rules.variants import Variants
from corinth.solver.bots import RandomBot
from tests.conftest import act, assert_illegal, cells, fills, game, play, with_player

# --- components --------------------------------------------------------------------------------


def test_c1_nine_white_dice_and_up_to_three_yellow():
    outcomes = list(roll_outcomes(0))
    assert all(sum(o.white) == 9 and sum(o.yellow) == 0 for o in outcomes)
    assert len(outcomes) == 2002  # multisets of 9 dice over 6 faces: C(14, 5)
    state = game().apply("buy 0")
    assert_illegal(state, "roll 11223344", "R3")  # 8 white dice
    assert_illegal(state, "roll 1122334455", "R3")  # 10 white dice
    rich = with_player(game(), 0, gold=10)
    assert rich.legal_moves() == [Purvey(0), Purvey(1), Purvey(2), Purvey(3)]  # never a 4th yellow


def test_c2_harbor_districts_bottom_to_top():
    assert HARBOR == ("goats", "green", "purple", "blue", "orange", "gold")
    state = play(game(), "buy 0; roll 123455666")
    assert [(d, g.face) for d, g in state.groups()] == [
        ("goats", 1),
        ("green", 2),
        ("purple", 3),
        ("blue", 4),
        ("orange", 5),
        ("gold", 6),
    ]


def test_c3_sheet_parts():
    sheet = default_sheet()
    assert [d.name for d in sheet.districts] == ["green", "purple", "blue", "orange"]
    assert len(sheet.market.cells) == 25
    assert sheet.market.centre == 12 and sheet.market.cell(2, 2).kind == "steward"
    assert [b.name for b in sheet.buildings] == ["trading_post", "warehouse", "stables", "temple"]
    assert sheet.turn_track == 6
    assert sheet.gold_track >= 1 and sheet.goat_track >= 1


# --- setup -------------------------------------------------------------------------------------


def test_s1_two_to_four_players_with_one_gold_and_one_goat():
    for n in (2, 3, 4):
        state = new_game(players=n, seed=0)
        assert state.num_players == n
        assert all(p.gold == 1 and p.goats == 1 for p in state.players)
    for n in (1, 5):
        try:
            new_game(players=n, seed=0)
        except IllegalMove as exc:
            assert exc.rule == "S1"
        else:
            raise AssertionError(f"{n} players accepted")


def test_s2_four_players_cross_two_turn_spots():
    assert [p.turns for p in game(players=4, first=1).players] == [2, 3, 2, 2]
    assert [p.turns for p in game(players=3, first=1).players] == [0, 1, 0]
    assert [p.turns for p in game(players=2, first=1).players] == [0, 1]


def test_s3_first_player_explicit_or_seeded_and_no_yellow_dice():
    assert game(players=4, first=2).first_player == 2
    seeded = [new_game(players=4, seed=s).first_player for s in range(40)]
    assert seeded == [new_game(players=4, seed=s).first_player for s in range(40)]  # replayable
    assert set(seeded) == {0, 1, 2, 3}  # the RNG decides, not a constant
    state = game(players=3)
    assert state.yellow_bought == 0 and state.yellow_dice() == 0
    assert all(g is None for g in state.harbor)
    try:
        new_game(players=3, seed=0, first_player=3)
    except IllegalMove as exc:
        assert exc.rule == "S3"
    else:
        raise AssertionError("first player 3 of 3 accepted")


@pytest.mark.parametrize(
    ("kwargs", "rule", "words"),
    [
        ({"players": 2.0}, "S1", "2, 3 or 4 players"),
        ({"players": True}, "S1", "2, 3 or 4 players"),
        ({"players": "3"}, "S1", "2, 3 or 4 players"),
        ({"players": 2, "sheet": "default"}, "S1", "Sheet value"),
        ({"players": 2, "first_player": 1.0}, "S3", "first player"),
        ({"players": 2, "first_player": True}, "S3", "first player"),
        ({"players": 2, "first_player": -1}, "S3", "first player"),
        ({"players": 2, "seed": True}, "S3", "seed"),
        ({"players": 2, "seed": 1.0}, "S3", "seed"),
        ({"players": 2, "seed": -1}, "S3", "seed"),
        ({"players": 2, "seed": 2**63}, "S3", "2**63 - 1"),
        ({"players": 2, "seed": 2**70}, "S3", "2**63 - 1"),
    ],
)
def test_s1_s3_new_game_refuses_ill_typed_or_out_of_range_arguments(kwargs, rule, words):
    with pytest.raises(IllegalMove) as caught:
        new_game(**kwargs)
    assert caught.value.rule == rule and words in str(caught.value)
    assert len(str(caught.value)) < 200  # the input is shown cut, never repeated whole


def test_s3_every_seed_new_game_accepts_survives_a_save():
    for seed in (0, 2**63 - 1, np.int64(7)):
        state = new_game(players=2, seed=seed, first_player=np.int64(1))
        assert type(state.seed) is int and type(state.first_player) is int
        assert game_from_json(state.to_json()) == state


# --- a round -----------------------------------------------------------------------------------


def test_r1_first_player_crosses_own_turn_spot():
    state = game(players=3, first=1)
    assert [p.turns for p in state.players] == [0, 1, 0]
    state = play(state, "buy 0; roll 111222345")
    state = act(act(act(state, "goats"), "green 2"), "gold")
    assert state.round == 2 and state.first_player == 2
    assert [p.turns for p in state.players] == [0, 1, 1]


def test_r2_buy_up_to_three_yellow_dice_for_one_gold_each():
    state = with_player(game(), 0, gold=5)
    assert state.phase == "purvey"
    assert [m.buy for m in state.legal_moves()] == [0, 1, 2, 3]
    bought = state.apply("buy 2")
    assert bought.players[0].gold == 3 and bought.yellow_dice() == 2
    assert_illegal(state, "buy 4", "R2")
    poor = game()  # 1 gold
    assert [m.buy for m in poor.legal_moves()] == [0, 1]
    assert_illegal(poor, "buy 2", "R2")


def test_r2_earned_yellow_dice_count_first():
    # [interp] earned dice first: 2 earned leaves room to buy 1. Uses the default market (Y at r1c1, r3c2).
    one = with_player(game(), 0, gold=5, circled=cells("r3c2"), used=cells("r2c2", "r3c2"))
    assert [m.buy for m in one.legal_moves()] == [0, 1, 2]
    two = with_player(one, 0, circled=cells("r3c2", "r1c1"))
    assert [m.buy for m in two.legal_moves()] == [0, 1]
    assert two.apply("buy 1").yellow_dice() == 3
    assert_illegal(two, "buy 2", "R2")


def test_r3_white_and_yellow_dice_rolled_together():
    state = with_player(game(), 0, gold=3).apply("buy 1")
    assert_illegal(state, "roll 111222334", "R2")  # the bought yellow die must be rolled
    assert_illegal(state, "roll 111222334/45", "R2")  # but only one
    rolled = state.apply("roll 111222334/4")
    # the yellow 4 joins the white 4 on Gold: sorted together with the white dice
    assert rolled.harbor[HARBOR.index("gold")] == DiceGroup(4, 1, 1)
    chance = dict((str(r), p) for r, p in state.chance_outcomes())
    # 9!/(3! 3! 2! 1!) orders of the white dice, one of the yellow die, over 6^10 equally likely throws
    assert chance["roll 111222334/4"] == Fraction(factorial(9) // (6 * 6 * 2), 6**10)


def test_r4_sorting_example_from_the_rules():
    state = play(game(), "buy 0; roll 113446662")
    h = dict(zip(HARBOR, state.harbor))
    assert h["gold"] == DiceGroup(6, 3) and h["goats"] == DiceGroup(1, 2)
    assert h["green"] == DiceGroup(2, 1) and h["purple"] == DiceGroup(3, 1)
    assert h["blue"] == DiceGroup(4, 2) and h["orange"] is None


def test_r4_highest_value_goes_to_gold_and_upper_districts_stay_empty():
    state = play(game(), "buy 0; roll 222222225")
    h = dict(zip(HARBOR, state.harbor))
    assert h["gold"] == DiceGroup(5, 1)
    assert h["goats"] == DiceGroup(2, 8)  # the lowest value goes to Goats whatever it is
    assert h["green"] is h["purple"] is h["blue"] is h["orange"] is None


def test_r5_all_dice_alike_win_at_once():
    state = play(game(players=3, first=2), "buy 0; roll 444444444")
    assert state.is_over and state.winners == (2,)
    assert state.legal_moves() == []
    assert_illegal(state, "gold", "E2")
    yellow = with_player(game(players=3, first=1), 1, gold=2).apply("buy 1")
    assert yellow.apply("roll 444444444/4").winners == (1,)
    assert not yellow.apply("roll 444444444/3").is_over  # one die differs


def test_r5_all_same_is_true_exactly_when_one_value_shows_on_every_roll():
    """Every roll of 9 white and 0–3 yellow dice, against the definition: one face shows."""
    for yellow in range(4):
        for w in compositions(9):
            for y in compositions(yellow):
                shown = sum(1 for a, b in zip(w, y) if a + b)
                assert all_same(w, y) == (shown == 1), (w, y)


def test_r3_rolled_is_the_roll_applied_without_its_history():
    """Every outcome of a roll with 2 yellow dice, both readings of R5: the same position."""
    for variants in (Variants(), Variants.from_names(["nine-dice-sort"])):
        state = with_player(game(players=3, first=1), 1, gold=2).apply("buy 2")
        state = replace(state, variants=variants)
        for o in roll_outcomes(2):
            after = state.apply(Roll(o.white, o.yellow))
            assert state.rolled(o.white, o.yellow).key() == after.key()


def test_r5_variant_nine_identical_dice_sorted_as_usual():
    # "Reste une question épineuse, que fait-on avec 9 dés identiques ?" (the designer's credit)
    sort = Variants.from_names(["nine-dice-sort"])
    state = new_game(players=3, seed=1, first_player=2, variants=sort)
    state = play(state, "buy 0; roll 444444444")
    assert not state.is_over and state.phase == "take"
    assert state.groups() == [("gold", DiceGroup(face=4, white=9, yellow=0))]
    after = state.apply("gold")  # the roller takes them; the others find the harbor empty
    assert after.players[2].gold == 1 + 9
    assert after.phase == "compensate" and after.current_player == 0


def test_r6_yellow_dice_leave_after_first_players_turn():
    state = with_player(game(players=3, first=0), 0, gold=3)
    state = play(state, "buy 2; roll 111222345/55")
    assert state.harbor[HARBOR.index("gold")] == DiceGroup(5, 1, 2)
    state = act(state, "purple 1")
    assert state.current_player == 1  # clockwise
    assert state.harbor[HARBOR.index("gold")] == DiceGroup(5, 1, 0)  # the mixed group shrinks
    assert act(state, "gold").players[1].gold == 2  # 1 + one white die


def test_r6_yellow_only_group_disappears():
    state = with_player(game(players=3, first=0), 0, gold=3)
    state = play(state, "buy 2; roll 111222444/33")
    assert state.harbor[HARBOR.index("purple")] == DiceGroup(3, 0, 2)
    state = act(state, "goats")
    assert state.harbor[HARBOR.index("purple")] is None
    assert_illegal(state, "purple 1", "R6")


def test_r6_turn_order_clockwise_from_first_player():
    state = play(game(players4 := 4, first=2), "buy 0; roll 112233456")
    order = []
    for move in ("goats", "green 1", "purple 1", "blue 1"):
        order.append(state.current_player)
        state = act(state, move)
    assert players4 == 4 and order == [2, 3, 0, 1]


def test_r7_a_group_must_be_taken_even_without_action():
    state = with_player(game(), 0, district="green", fills=(2, 3, 4, 5))
    state = play(state, "buy 0; roll 122234566")
    assert Take("green") in state.legal_moves()
    assert_illegal(state, "pass", "R7")
    after = state.apply("green")
    assert fills(after, 0, "green") == (2, 3, 4, 5)
    assert after.harbor[HARBOR.index("green")] is None and after.current_player == 1


def _no_group_left(players: int = 4, variants: Variants | None = None):
    """4 players, a roll of two groups: the third player finds the harbor empty."""
    state = new_game(players=players, seed=1, first_player=0, variants=variants)
    state = play(state, "buy 0; roll 111111116")
    return act(act(state, "goats"), "gold")


def test_r8_one_step_compensation_when_no_group_left():
    # No gold and no Stables: nothing can change the step, so it is exactly one step.
    state = with_player(_no_group_left(), 2, gold=0)
    assert state.phase == "compensate" and state.current_player == 2
    moves = [str(m) for m in state.legal_moves()]
    moves = sorted(moves[:-1]) + moves[-1:]
    # default market: r1c2 purple 2 and r2c1 green 2 (4 ways each), r2c3 gold 3, r3c2 yellow
    assert moves[:-1] == [
        "steward r1c2 shops 1",
        "steward r1c2 shops 2",
        "steward r1c2 shops 3",
        "steward r1c2 shops 4",
        "steward r2c1 shops 1",
        "steward r2c1 shops 2",
        "steward r2c1 shops 3",
        "steward r2c1 shops 4",
        "steward r2c3",
        "steward r3c2",
    ]
    assert moves[-1] == "pass"  # fmt: skip
    assert_illegal(state, "steward r2c3,r1c3", "R8")  # no gold to pay for a second step
    after = state.apply("steward r2c3")
    assert after.players[2].gold == 3 and after.players[2].steward == 13
    assert after.current_player == 3  # 1 goat: no building is affordable, the turn ends


def test_r8_declining_the_step_is_allowed():
    state = with_player(_no_group_left(), 2, gold=5, built=("stables",))
    passed = state.apply("pass")
    assert passed.players[2] == state.players[2] and passed.current_player == 3


def _steps(state, n: int) -> list[Compensate]:
    """The legal compensation moves of exactly ``n`` steps (any market layout)."""
    return [m for m in state.legal_moves() if isinstance(m, Compensate) and len(m.path) == n]


def test_r8_b1_build_after_the_compensation_step():
    # "l'action « déplacer l'intendant d'un pas »" is an action, and building comes
    # "après avoir effectué son action" (B1): the player may build after the step.
    state = with_player(_no_group_left(), 2, gold=1, goats=2)
    step = _steps(state, 1)[0]  # one step is free: 1 gold and 2 goats still buy the Trading Post
    after = state.apply(step)
    assert after.phase == "build" and after.current_player == 2
    assert "build trading_post" in [str(m) for m in after.legal_moves()]
    built = after.apply("build trading_post")
    assert built.players[2].built() == ("trading_post",) and built.current_player == 3


def test_r8_b1_build_after_declining_the_step():
    state = with_player(_no_group_left(), 2, gold=2, goats=2)
    passed = state.apply("pass")
    assert passed.phase == "build" and passed.current_player == 2
    assert passed.apply("build trading_post").players[2].built() == ("trading_post",)


def test_r8_b1_build_when_no_step_is_possible():
    state = play(game(players=4, first=0), "buy 0; roll 111111116")
    state = with_player(state, 2, used=cells("r2c2", "r1c2", "r2c1", "r2c3", "r3c2"))
    skipped = act(act(state, "goats"), "gold")
    assert skipped.phase == "compensate" and skipped.current_player == 3  # nothing to decide
    rich = act(with_player(state, 2, gold=2, goats=2), "goats").apply("gold")
    assert rich.phase == "build" and rich.current_player == 2  # no step, but a building


def test_r8_variant_stables_adjust_the_compensation_step():
    # "Lorsque l'on déplace l'intendant…" / "Immer wenn du den Statthalter bewegst…" (B4)
    literal = with_player(_no_group_left(), 2, gold=0, built=("stables",))
    assert _steps(literal, 3) and not _steps(literal, 4)  # 1 step, 2 more free
    three = _steps(literal, 3)[0]
    after = literal.apply(three)
    assert after.players[2].steward == three.path[-1] and after.players[2].gold >= 0
    strict = with_player(
        _no_group_left(variants=Variants.from_names(["no-stables-compensation"])),
        2,
        gold=0,
        built=("stables",),
    )
    assert strict.variants.stables_adjust_compensation is False
    assert_illegal(strict, three, "R8")
    assert _steps(strict, 1) and not _steps(strict, 2)


def test_r8_variant_gold_adjusts_the_compensation_step():
    # "chaque pièce d'or dépensée permet d'ajouter ou de retirer un pas" (A4a), where "(voir plus
    # loin)" points from the compensation step
    literal = with_player(_no_group_left(), 2, gold=2)
    assert _steps(literal, 3) and not _steps(literal, 4)  # 1 step, 2 more for 2 gold
    three = _steps(literal, 3)[0]
    after = literal.apply(three)
    spent = after.players[2].gold_crossed - literal.players[2].gold_crossed
    assert spent == 2 and after.players[2].steward == three.path[-1]
    strict = with_player(
        _no_group_left(variants=Variants.from_names(["no-gold-compensation"])), 2, gold=2
    )
    assert_illegal(strict, three, "R8")
    assert _steps(strict, 1) and not _steps(strict, 2)
    exact = with_player(
        _no_group_left(variants=Variants.from_names(["exact-compensation"])),
        2,
        gold=5,
        built=("stables",),
    )
    assert_illegal(exact, three, "R8")
    assert _steps(exact, 1) and not _steps(exact, 2)


def test_r9_harbor_cleared_and_first_player_moves_left():
    state = play(game(players=3, first=2), "buy 0; roll 111222345")
    state = act(act(state, "goats"), "green 2")
    assert state.round == 1
    state = act(state, "gold")
    assert state.round == 2 and state.first_player == 0
    assert all(g is None for g in state.harbor)
    assert state.phase == "purvey" and state.current_player == 0


def test_r9_game_ends_when_every_turn_track_is_full():
    state = game(players=3, first=0)
    for i in range(3):
        state = with_player(state, i, turns=6)
    state = play(state, "buy 0; roll 111222345")
    state = act(act(state, "goats"), "green 2")
    assert not state.is_over
    assert act(state, "gold").is_over


def test_r10_two_players_first_player_plays_twice():
    state = with_player(game(players=2, first=1), 1, gold=3)
    state = play(state, "buy 1; roll 111222345/3")
    assert state.current_player == 1
    state = act(state, "goats")
    assert state.current_player == 0
    assert state.harbor[HARBOR.index("purple")] == DiceGroup(3, 1, 0)  # yellow removed
    state = act(state, "green 2")
    assert state.current_player == 1 and state.round == 1
    state = act(state, "gold")
    assert state.round == 2 and state.first_player == 0


def test_r11_game_length_in_rounds():
    for players, rounds in ((2, 12), (3, 18), (4, 16)):
        state = new_game(players=players, seed=11)
        bots = [RandomBot(seed=i) for i in range(players)]
        firsts = []
        while not state.is_over:
            if state.is_chance:
                firsts.append(state.first_player)
                state = state.roll()
            else:
                state = state.apply(bots[state.current_player].choose(state))
        assert state.round == rounds and len(firsts) == rounds
        per_round = 2 if players == 2 else 1
        for i in range(players):
            # each player is first equally often; count their turns from the turn orders
            turns = sum(per_round if f == i else 1 for f in firsts)
            assert turns == (16 if players == 4 else 18)
            assert state.players[i].turns == 6
