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
    else:
        right = [m for m in ex.state.legal_moves() if getattr(m, "path", ()) and ex.accept(m)]
        assert right, "no legal walk is accepted"
        assert ex.answer_with(right[0]).startswith("Right")


def test_no_answer_written_in_a_notebook_for_engine_checked_exercises():
    import json

    for nb in NOTEBOOKS.glob("0[0-4]_*.ipynb"):
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
