"""Every exact ranking near the end answers within its budget or is refused at once, by the
estimate of its work made before any of it, with the same sentence at every entry point: the API's
default (``rank_moves``), ``corinth solve`` and the hint (``Table.hint``). Counted, never timed: a
refusal values no position; ``corinth bench`` and ``benchmarks/answers_in_time.py`` measure the
seconds.

The issue's positions: 4 players with 2 turns left, where the chance to win spent the whole
150,000-position budget before refusing (6.6-17 s) and the exact ranking against cautious or random
opponents took 5-6.3 s, and the win hint said the chance to win "is counted exactly in your last 2
turns only" where the work estimate was the reason.
"""

from __future__ import annotations

import pytest

import corinth.solver.win as win
from corinth.cli import main
from corinth.solver import rank_moves
from corinth.solver.exact import (
    EXACT_BUDGET,
    OPPONENT_MODELS,
    ExactSolver,
    OutOfReach,
    estimate_seconds,
    in_reach,
    late_states,
    turns_left,
)
from corinth.solver.rank import refusal
from corinth.solver.table import Table
from tests.solver_states import game_states

FOUR = game_states(4, 101)[105]  # 4 players, 2 turns left (the bench's ``hint_named``)
TWO = game_states(2, 101)[59]  # 2 players, 2 turns left


@pytest.fixture
def no_work(monkeypatch):
    """Any position valued by the exact rankings fails the test: a refusal comes first."""

    def worked(*_args, **_kwargs):
        raise AssertionError("a position was valued before the refusal")

    monkeypatch.setattr(win.WinSolver, "value", worked)
    monkeypatch.setattr(ExactSolver, "value", worked)


def refused_by_the_cli(state, tmp_path, capsys, *options: str) -> str:
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    assert main(["solve", str(path), "--objective", "exact", *options]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("corinth solve: --objective exact: ")
    return err.removeprefix("corinth solve: --objective exact: ")


@pytest.mark.parametrize("model", OPPONENT_MODELS)
def test_the_win_is_refused_at_every_entry_point_with_one_sentence(
    model, no_work, tmp_path, capsys
):
    sentence = refusal(FOUR, model, "win")
    assert sentence.startswith("the chance to win would take about ")
    assert "more than the 1.5 s allowed; what answers in time: " in sentence
    assert sentence.endswith("the estimate by rollouts or the chance to win again at the last turn")
    with pytest.raises(OutOfReach) as api:
        rank_moves(FOUR, "exact", goal="win", opponents=model)  # the default budget
    assert str(api.value) == sentence
    assert refused_by_the_cli(FOUR, tmp_path, capsys, "--goal", "win", "--opponents", model) == (
        sentence
    )
    table = Table(players=4, seed=101, state=FOUR, human=FOUR.current_player)
    hint = table.hint("win", top=3, opponents=model)
    assert f"Not counted exactly: {sentence}. Ranked by " in hint.note
    assert hint.moves and hint.objective in ("exact", "expected")


@pytest.mark.parametrize("model", ["cautious", "random"])
def test_an_exact_ranking_past_its_budget_is_refused_naming_what_answers(
    model, no_work, tmp_path, capsys
):
    sentence = refusal(FOUR, model)
    assert sentence.startswith(f"the exact ranking against {model} opponents would take about ")
    assert "rolls to enumerate), more than the 1.5 s allowed; what answers in time: " in sentence
    # what answers: the greedy model (its estimate fits), the rollouts, the last turn
    assert "the greedy model (about " in sentence
    assert sentence.endswith("the estimate by rollouts or the exact ranking again at the last turn")
    with pytest.raises(OutOfReach) as api:
        rank_moves(FOUR, "exact", opponents=model)
    assert str(api.value) == sentence
    assert refused_by_the_cli(FOUR, tmp_path, capsys, "--opponents", model) == sentence


def test_what_the_refusal_names_answers_within_the_budget():
    assert refusal(FOUR, "greedy") == ""
    assert estimate_seconds(FOUR, "greedy") <= EXACT_BUDGET
    assert rank_moves(FOUR, "exact", top=1)  # the greedy model
    last = next(s for s in game_states(4, 101)[106:] if turns_left(s) == 1 and s.phase == "take")
    for model in OPPONENT_MODELS:  # the last turn
        assert refusal(last, model) == refusal(last, model, "win") == ""
        assert rank_moves(last, "exact", goal="win", opponents=model, top=1)


def test_an_answer_is_one_whose_estimate_fits_the_budget():
    """Every exact ranking of seeded positions with 2 turns left and with 1 answers exactly
    where its estimate fits the budget, and is refused where it does not."""
    for state in late_states(6) + late_states(6, left=1):
        for model in OPPONENT_MODELS:
            for goal in ("score", "win"):
                sentence = refusal(state, model, goal)
                if sentence:
                    with pytest.raises(OutOfReach, match="what answers in time"):
                        rank_moves(state, "exact", goal=goal, opponents=model)
                else:
                    assert rank_moves(state, "exact", goal=goal, opponents=model)


def test_without_a_budget_the_ranking_is_worked_out():
    ranked = rank_moves(FOUR, "exact", opponents="cautious", top=2, exact_budget=None)
    assert len(ranked) == 2 and ranked[0].loss == 0


def test_the_win_hint_says_why_it_ranks_by_the_score_instead():
    """Near the end, the work estimate; further, the turns left."""
    table = Table(players=2, seed=101, state=TWO, human=TWO.current_player)
    hint = table.hint("win", top=2)
    assert in_reach(TWO) and hint.objective == "exact"
    assert "would take about" in hint.note and "last 2 turns only" not in hint.note
    assert hint.note.endswith("Ranked by exact expected final score instead.")
    far = game_states(2, 101)[10]
    table = Table(players=2, seed=101, state=far, human=far.current_player)
    note = table.hint("win", top=2).note
    left = turns_left(far)
    assert note == (
        f"Your chance to win is counted exactly in your last 2 turns only, and you have {left} "
        "left: ranked by expected final score (estimated) instead."
    )
