"""Every kind of illegal move raises IllegalMove naming its rule, and leaves the state untouched."""

from __future__ import annotations

import pytest

from corinth.rules import Compensate, IllegalMove, Move, Take
from tests.conftest import act, assert_illegal, cell, cells, game, play, with_player

ROLL = "buy 0; roll 112344666"  # goats 1×2, green 2×1, purple 3×1, blue 4×2, gold 6×3


def purvey():
    return game()


def rolling():
    return game().apply("buy 0")


def taking():
    return play(game(), ROLL)


def building():
    return play(with_player(game(), 0, gold=5, goats=6), ROLL).apply("goats")


def compensating():
    return act(act(play(game(players=4), "buy 0; roll 111111116"), "goats"), "gold")


def over():
    return play(game(), "buy 0; roll 555555555")


CASES = [
    # wrong phase
    (purvey, "gold", "R2"),
    (purvey, "roll 112344666", "R2"),
    (rolling, "buy 0", "R3"),
    (rolling, "goats", "R3"),
    (taking, "buy 1", "R7"),
    (taking, "pass", "R7"),
    (taking, "steward r2c3", "R7"),
    (building, "gold", "B1"),
    (compensating, "gold", "R8"),
    (compensating, "build none", "R8"),
    (over, "buy 0", "E2"),
    # purchases and rolls
    (purvey, "buy 2", "R2"),
    (lambda: with_player(game(), 0, gold=9), "buy 4", "R2"),
    (rolling, "roll 1123446662", "R3"),  # too many dice
    (rolling, "roll 11234466", "R3"),  # too few
    (rolling, "roll 112344666/1", "R2"),  # a yellow die nobody bought
    # groups and deliveries
    (taking, "orange 1", "R6"),  # missing group
    (taking, Take("gold", (), (0,)), "A3"),
    (taking, "green 1,2", "A3a"),  # 1 check cannot start two shops
    (lambda: play(game(), "buy 0; roll 122234566"), "green 3,1", "A3a"),  # two partly filled
    (lambda: play(game(), "buy 0; roll 122234566"), "green 4,1", "A3a"),
    (lambda: play(game(), "buy 0; roll 122234566"), "green", "A3a"),
    (taking, "green 9", "A3a"),
    # steward
    (taking, "goats steward r2c3,r1c3,r0c3", "A4a"),  # unaffordable adjustment
    (taking, "gold steward r2c3", "A4a"),
    (taking, "goats steward r1c1", "A4b"),  # diagonal
    (taking, "goats steward r4c4", "A4b"),  # a jump
    (taking, "purple steward r1c2,r2c2,r2c1", "A4c"),  # back through the centre
    (taking, "purple steward r2c3,r2c2,r2c1", "A4c"),  # re-enters the centre
    (
        lambda: with_player(taking(), 0, gold=3),
        "blue steward r2c3,r1c3,r1c2,r1c3",
        "A4c",
    ),  # crosses itself
    (taking, "goats steward r2c3 shops 1", "M1"),
    # buildings
    (building, "build temple,stables,warehouse", "B1"),
    (
        lambda: play(with_player(game(), 0, gold=5, goats=6, built=("stables",)), ROLL).apply(
            "goats"
        ),
        "build stables",
        "B1",
    ),  # fmt: skip
    # compensation
    (compensating, "steward r2c3,r1c3,r0c3,r0c4", "R8"),  # 1 gold: at most 2 steps
    (compensating, Compensate((cell("r1c1"),)), "A4b"),
    (
        lambda: with_player(compensating(), 2, used=cells("r2c2", "r2c3")),
        "steward r2c3",
        "A4c",
    ),
]


@pytest.mark.parametrize(("make", "move", "rule"), CASES, ids=[f"{c[2]}-{c[1]}" for c in CASES])
def test_illegal_move_names_its_rule_and_leaves_state_untouched(make, move, rule):
    state = make()
    exc = assert_illegal(state, move, rule)
    assert exc.reason  # a message in words, not only the rule ID
    assert state.legal_moves() == make().legal_moves()


def test_illegal_moves_are_never_listed_as_legal():
    for make, move, _ in CASES:
        state = make()
        assert str(move) not in {str(m) for m in state.legal_moves()}
        assert not state.is_legal(Move.parse(move) if isinstance(move, str) else move)


def test_a4b_a_wrong_step_is_named_before_its_cost():
    # Face 4 with 1 gold cannot pay for a 1-step move either, but the step itself is what is wrong.
    state = game(players=2).apply("buy 0").apply("roll 112344666")
    with pytest.raises(IllegalMove) as exc:
        state.apply("blue steward r0c0")
    assert exc.value.rule == "A4b"
