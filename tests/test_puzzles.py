"""The puzzle sets: every stored answer is re-solved and must be the unique best (by a margin).

The positions come from seeded bot games; loading each one replays its saved game through the rules, so
every puzzle is a reachable position.
"""

from __future__ import annotations

import json

import pytest

from corinth.rules import Move, Take
from corinth.solver.exact import rank_exact, turns_left
from corinth.solver.puzzles import (
    FINAL_SCORE_MARGIN,
    FINAL_SCORE_QUOTA,
    KINDS,
    MIN_MARGIN,
    TIER_BOUNDS,
    TIERS,
    Puzzle,
    generate_puzzle,
    immediate_ranking,
    load_puzzles,
    puzzles_dir,
)

ALL = load_puzzles()
PUZZLES = [p for p in ALL if p.objective == "immediate"]
FINAL = [p for p in ALL if p.objective == "final_score"]


def _steward(move) -> bool:
    move = Move.parse(move) if isinstance(move, str) else move
    return isinstance(move, Take) and bool(move.path)


def test_puzzle_sets_hold_30_puzzles_in_three_tiers():
    counts = {t: sum(p.tier == t for p in PUZZLES) for t in TIER_BOUNDS}
    assert sum(counts.values()) >= 30
    assert all(n >= 10 for n in counts.values()), counts
    assert {p.kind for p in PUZZLES} == set(KINDS)
    assert len({p.id for p in ALL}) == len(ALL)


def test_puzzle_files_are_valid_json_with_a_format():
    for path in sorted(puzzles_dir().glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["format"] == "corinth-puzzles" and data["version"] == 1
        for item in data["puzzles"]:
            assert item["roll"].startswith("roll ")
            assert item["roll"] == Puzzle.from_dict(item).roll


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_puzzle_position_is_a_take_after_a_roll(puzzle: Puzzle):
    state = puzzle.state  # replays the saved game: reachable by construction
    assert state.phase == "take"
    assert puzzle.roll.startswith("roll ")
    assert puzzle.objective == "immediate"
    assert state.is_legal(Move.parse(puzzle.answer))
    assert puzzle.kind in KINDS and (puzzle.kind == "move" or _steward(puzzle.answer))


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_puzzle_answer_is_the_unique_best_by_the_engine(puzzle: Puzzle):
    ranking = immediate_ranking(puzzle.state, puzzle.kind)
    (best, value), (_, second) = ranking[0], ranking[1]
    assert str(best) == puzzle.answer
    assert value == puzzle.best_value
    assert value - second == puzzle.margin >= MIN_MARGIN


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_puzzle_answer_is_the_unique_best_by_the_solver(puzzle: Puzzle):
    from corinth.solver import rank_moves

    ranked = rank_moves(puzzle.state, objective=puzzle.objective)
    if puzzle.kind == "route":
        ranked = [r for r in ranked if _steward(r.move)]
    assert str(ranked[0].move) == puzzle.answer
    assert ranked[0].value - ranked[1].value >= MIN_MARGIN


def test_puzzle_feedback():
    p = PUZZLES[0]
    assert p.check(None).startswith("Hint")
    assert p.check(p.answer).startswith("Correct")
    assert p.check("build temple").startswith("Not a legal move")
    assert p.check("no such move").startswith("Not a legal move")
    other = next(str(m) for m, _ in immediate_ranking(p.state, p.kind)[1:])
    assert p.check(other).startswith("Legal, but not the best")


def test_puzzle_round_trips_through_its_dict():
    p = PUZZLES[-1]
    assert Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p


@pytest.mark.parametrize("tier", sorted(TIER_BOUNDS))
def test_generate_puzzle_is_seeded_and_verified(tier: int):
    p = generate_puzzle(3, tier)
    assert p.tier == tier
    assert generate_puzzle(3, tier) == p  # same seed, same puzzle
    ranking = immediate_ranking(p.state, p.kind)
    assert str(ranking[0][0]) == p.answer
    assert ranking[0][1] - ranking[1][1] >= MIN_MARGIN


def test_generate_puzzle_rejects_a_bad_tier():
    with pytest.raises(ValueError):
        generate_puzzle(1, 5)
    with pytest.raises(ValueError, match="final-score"):
        generate_puzzle(1, 4)


# --- the final-score set (tier 4) -------------------------------------------------------------


def test_final_score_set_holds_12_puzzles_that_name_their_objective():
    assert len(FINAL) >= FINAL_SCORE_QUOTA
    assert {p.tier for p in FINAL} == {4} and set(TIERS) == {1, 2, 3, 4}
    for p in FINAL:
        assert "highest expected final score" in p.question()
        assert p.state.phase == "take" and turns_left(p.state) == 2
    # at least half of them are missed by the move worth the most points now
    assert sum(p.source["most_points_now"] != p.answer for p in FINAL) >= len(FINAL) // 2


@pytest.mark.parametrize("puzzle", FINAL, ids=lambda p: p.id)
def test_final_score_answer_is_exacts_unique_best(puzzle: Puzzle):
    ranking = rank_exact(puzzle.state)
    (best, value), (second, value2) = ranking[0], ranking[1]
    assert str(best) == puzzle.answer and str(second) == puzzle.runner_up
    assert round(value, 4) == puzzle.best_value
    assert round(value - value2, 4) == puzzle.margin >= FINAL_SCORE_MARGIN


def test_final_score_feedback_quotes_exact_values():
    p = FINAL[0]
    assert p.check(None).startswith("Hint")
    assert p.check(p.answer).startswith("Correct") and p.runner_up in p.check(p.answer)
    assert p.check(p.runner_up).startswith("Legal, but not the best")
    assert f"{p.best_value - p.margin:.2f}" in p.check(p.runner_up)
    assert p.check("build temple").startswith("Not a legal move")
