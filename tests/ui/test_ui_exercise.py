"""Exercise widgets, rule cards and the round-at-a-glance picture of the tutorial."""

from __future__ import annotations

import pytest

from corinth.rules import new_game
from corinth.rules.catalogue import rule_card, rules
from corinth.ui.exercise import ChoiceExercise, GroupExercise, NumberExercise, PathExercise
from corinth.ui.glance import STEPS, round_at_a_glance
from corinth.ui.rulecard import rule_card_html, rule_card_text


@pytest.fixture
def rolled():
    return new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")


def test_choice_right_wrong_and_tempting_wrong():
    ex = ChoiceExercise(
        "Q?", ["a", "b", "c"], "b", hint="think", explain="b it is", wrong={"a": "a is tempting"}
    )
    assert ex.answer_with("a") == "Not quite. a is tempting"
    assert ex.answer_with("c") == "Not quite. Hint: think"
    assert not ex.solved
    ex.buttons[1].click()
    assert ex.solved and "b it is" in ex.feedback.value and 'role="status"' in ex.feedback.value


def test_choice_answer_must_be_an_option():
    with pytest.raises(ValueError, match="not one of the options"):
        ChoiceExercise("Q?", ["a"], "z")


def test_number_accepts_fractions_and_decimals_and_explains_bad_input():
    ex = NumberExercise("Chance?", "1/4", wrong={"0.5": "that is one in two"})
    assert ex.answer_with("0,5") == "Not quite. that is one in two"
    assert "type a number" in ex.answer_with("a quarter")
    assert ex.answer_with("0.25").startswith("Right")
    ex2 = NumberExercise("n?", 3)
    ex2.box.value = "3"
    ex2.check_button.click()
    assert ex2.solved


def test_group_exercise_is_answered_by_a_click_on_the_harbor(rolled):
    ex = GroupExercise("Gold?", rolled, "gold", wrong={"orange": "Orange is empty"})
    ex.harbor.select("blue")
    assert not ex.solved and "Not quite" in ex.feedback.value
    ex.harbor.select("gold")
    assert ex.solved


def test_path_exercise_lets_the_engine_judge_the_walk(rolled):
    ex = PathExercise("One step", rolled, "goats", accept=lambda m: m.path == (7,))
    assert "Draw a walk first" in ex.answer_with(None)
    assert "do not allow" in ex.answer_with("goats steward r0c0")  # not next to the centre
    ex.sheet.click(7)
    ex.check_button.click()
    assert ex.solved


def test_every_rule_has_a_card_in_plain_words():
    for rule_id in rules():
        card = rule_card(rule_id)
        assert card.title and "**" not in card.words and "[interp]" not in card.words


def test_rule_card_shows_words_first_then_id_then_the_rulebook():
    text = rule_card_text("R8")
    assert text.index("No group left") < text.index("R8") < text.index("rulebook (French)")
    assert "compensation" in rule_card_html("R8")


def test_round_at_a_glance_draws_every_step_and_the_end():
    svg = round_at_a_glance()
    for title, _ in STEPS:
        assert title in svg
    assert "End of the game" in svg and "Final score" in svg and svg.endswith("</svg>")


def test_every_rule_of_the_catalogue_has_a_title_and_no_card_names_a_missing_rule():
    from corinth.rules.catalogue import _cards

    assert set(_cards()) == set(rules())
    assert all(rule_card(r).title != r for r in rules())


def test_path_exercise_takes_a_compensation_step():
    state = new_game(players=3, seed=1, first_player=0)
    for move in ("buy 0", "roll 111111116", "gold", "build none", "goats", "build none"):
        state = state.apply(move) if move != "build none" or state.phase == "build" else state
    assert state.phase == "compensate"
    ex = PathExercise("One step", state, "", accept=lambda m: len(m.path) == 1)
    ex.sheet.click(7)
    assert ex.answer_with(ex.sheet.move()).startswith("Right")


def test_a_predictions_check_shows_only_once_the_answer_is_found_or_shown():
    def exercise():
        return ChoiceExercise(
            "Predict: how many dice are white?", ["3", "9"], answer="9", then="9 white dice rolled."
        )

    ex = exercise()
    assert ex.revealed.value == "" and ex.revealed.layout.display == "none"
    ex.answer_with("3")  # the check would tell the answer: a wrong pick keeps it hidden
    assert ex.revealed.value == "" and ex.revealed.layout.display == "none"
    ex.answer_with("9")
    assert "9 white dice rolled." in ex.revealed.value
    assert ex.revealed.layout.display == ""
    shown = exercise()
    shown.show_answer()
    assert "9 white dice rolled." in shown.revealed.value


def test_a_right_walk_is_made_on_the_sheet_and_old_refusals_go():
    from corinth.rules import new_game

    state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    ex = PathExercise("Walk one step up.", state, "goats", accept=lambda m: m.path == (7,))
    ex.sheet.click(0)  # not next to the steward: refused under the board
    assert "is not next to" in ex.sheet.message
    ex.sheet.click(7)
    assert ex.answer_with(ex.sheet.move()).startswith("Right")
    assert ex.sheet.output.outputs == () and ex.sheet.message == ""
    assert ex.sheet.state.players[0].steward == 7 and not ex.sheet.interactive
