"""The tutorial's exercise data (notebooks/exercises.toml): every exercise builds, and its answer is right."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))
import exercises  # noqa: E402

DATA = tomllib.loads((NOTEBOOKS / "exercises.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", list(DATA))
def test_every_exercise_builds_and_its_answer_is_accepted(name):
    ex = exercises.ask(name)
    kind = DATA[name]["kind"]
    if kind in ("choice", "number"):
        assert ex.answer_with(str(ex.answer)).startswith("Right")
        for wrong, words in DATA[name].get("wrong", {}).items():
            assert ex.answer_with(str(wrong)) == f"Not quite. {words}"
    elif kind == "group":
        ex.harbor.select(sorted(ex.answer)[0])
        assert ex.solved
    elif kind == "puzzle":
        best = ex.ranking()[0]
        assert ex.answer(best.move).loss == 0
        assert "Best move" in ex.result.value or "One of the best" in ex.result.value
    else:
        right = [
            m
            for m in ex.state.legal_moves()
            if getattr(m, "path", ()) and ex._group_of(m) and ex.accept(m)
        ]
        assert right, "no legal walk is accepted"
        assert ex.answer_with(right[0]).startswith("Right")


def test_no_answer_written_in_a_notebook_for_engine_checked_exercises():
    import json

    for nb in NOTEBOOKS.glob("0[0-7]_*.ipynb"):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert "Exercise(" not in text and "answer = None" not in text, nb.name


def test_r8_compensation_step_exercise_starts_with_no_group_left():
    state = exercises.no_group_left()
    assert state.phase == "compensate" and state.current_player == 2


def test_r2_earned_yellow_dice_count_toward_the_limit_of_three():
    assert exercises.yellow_purchases() == ["buy 0", "buy 1"]


def test_a4d_no_walk_possible_when_the_steward_is_boxed_in():
    state = exercises.boxed_in()
    assert not [m for m in state.legal_moves() if getattr(m, "path", ())]


def test_a3c_bonus_race_loser_scores_no_bonus():
    assert exercises.blue_bonus_for_player_2() == 0


@pytest.mark.parametrize("name", [n for n, d in DATA.items() if "puzzle" in d])
def test_stored_puzzle_answer_is_the_solvers_unique_best_and_the_hint_hides_it(name):
    from corinth.solver.puzzles import load_puzzles

    puzzle = next(p for p in load_puzzles() if p.id == DATA[name]["puzzle"])
    ex = exercises.ask(name)
    first, second = ex.ranking()[:2]
    assert str(first.move) == puzzle.answer
    assert first.value - second.value >= 1
    assert puzzle.answer not in ex.show_hint()
    assert ex.answer(second.move).loss > 0


def test_05_your_move_position_is_the_games_take_for_player_1():
    state = exercises.your_move_position()
    assert state.phase == "take" and state.current_player == 0


def test_05_review_worst_turn_and_lucky_turns_match_the_solver():
    from corinth import new_game
    from corinth.solver import rank_moves

    final, review = exercises.beginner_review()
    state, losses = new_game(players=3, seed=5), []
    for move in final.history:
        if state.phase == "take" and state.current_player == 0:
            ranking = rank_moves(state, "immediate")
            best = ranking[0].value
            losses.append(best - next(r.value for r in ranking if str(r.move) == str(move)))
        state = state.apply(move)
    assert [loss for *_, loss in review] == losses
    assert exercises.worst_turn() == 1 + losses.index(max(losses))
    assert exercises.lucky_turns() == losses.count(0)


def test_07_answers_match_the_saved_run():
    from strategy_lab import STRATEGIES, load_results

    games = load_results()
    wins = {n: 0.0 for n in STRATEGIES}
    for g in games:
        for seat in g["winners"]:
            wins[g["strategies"][seat]] += 1 / len(g["winners"])
    played = {n: sum(g["strategies"].count(n) for g in games) for n in STRATEGIES}
    assert exercises.lab_best_strategy() == max(STRATEGIES, key=lambda n: wins[n] / played[n])
    rate, half = exercises.lab_win_rates()
    assert rate["greedy"] - half["greedy"] > rate["merchant"] + half["merchant"]
    assert exercises.lab_greedy_merchant_apart().startswith("Yes")
    shop = [
        (g["scores"][s][0], s in g["winners"]) for g in games for s in range(len(g["strategies"]))
    ]
    won = [x for x, w in shop if w]
    lost = [x for x, w in shop if not w]
    assert exercises.lab_shop_gap() == round(sum(won) / len(won) - sum(lost) / len(lost))


def test_every_exercise_has_a_hint_ladder_of_at_least_three_steps():
    """From what to look at to nearly the answer, then "Show the answer" (issue: a hint ladder)."""
    import tomllib

    data = tomllib.loads((NOTEBOOKS / "exercises.toml").read_text(encoding="utf-8"))
    for name in data:
        widget = exercises.ask(name)
        ladder = widget.hints() if hasattr(widget, "ranking") else widget.hints
        assert len(ladder) >= 3, (name, ladder)
        assert len(set(ladder)) == len(ladder), (name, ladder)
        shown = [
            widget.show_hint() if hasattr(widget, "ranking") else widget.next_hint() for _ in ladder
        ]
        assert shown == ladder
        if not hasattr(widget, "ranking"):
            answer = widget.show_answer()
            assert answer.startswith("The answer: ")
            group = getattr(widget, "sheet_group", "")
            if group:  # a walk exercise shows a walk with its own group
                assert f"Take the {group.capitalize()} group" in answer, (name, answer)
