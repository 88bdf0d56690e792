"""The puzzle sets: every stored answer is re-solved and must be the unique best (by a margin).

The positions come from seeded bot games; loading each one replays its saved game through the rules, so
every puzzle is a reachable position.
"""

from __future__ import annotations

import json

import pytest

from corinth.rules import Move, Take
from corinth.solver.puzzles import (
    KINDS,
    MIN_MARGIN,
    TIERS,
    Puzzle,
    generate_puzzle,
    immediate_ranking,
    load_puzzles,
    puzzles_dir,
)

PUZZLES = load_puzzles()


def _steward(move) -> bool:
    move = Move.parse(move) if isinstance(move, str) else move
    return isinstance(move, Take) and bool(move.path)


def test_puzzle_sets_hold_30_puzzles_in_three_tiers():
    counts = {t: sum(p.tier == t for p in PUZZLES) for t in TIERS}
    assert sum(counts.values()) >= 30
    assert all(n >= 10 for n in counts.values()), counts
    assert {p.kind for p in PUZZLES} == set(KINDS)
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)


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


@pytest.mark.parametrize("tier", sorted(TIERS))
def test_generate_puzzle_is_seeded_and_verified(tier: int):
    p = generate_puzzle(3, tier)
    assert p.tier == tier
    assert generate_puzzle(3, tier) == p  # same seed, same puzzle
    ranking = immediate_ranking(p.state, p.kind)
    assert str(ranking[0][0]) == p.answer
    assert ranking[0][1] - ranking[1][1] >= MIN_MARGIN


def test_generate_puzzle_rejects_a_bad_tier():
    with pytest.raises(ValueError):
        generate_puzzle(1, 4)
