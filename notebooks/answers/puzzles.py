"""Lesson 06, Puzzles: how the puzzles' answers are checked.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from corinth.ui.course import AnswerBook, stored_puzzles

ANSWERS = AnswerBook()


RANKED_PUZZLE = "t1-01"  # the beginner puzzle whose ranking lesson 06 shows


def ranked_puzzle():
    """The stored puzzle whose ranking 06 shows (``RANKED_PUZZLE``)."""
    return next(p for p in stored_puzzles() if p.id == RANKED_PUZZLE)


@ANSWERS.add
def puzzle_margin() -> int:
    """By how many points the best move of ``ranked_puzzle`` beats the second, points now (E1)."""
    from corinth.solver import rank_moves

    first, second = rank_moves(ranked_puzzle().state, "immediate", top=2)
    return round(first.value - second.value)


def expected_ranking() -> list:
    """The first four moves of ``ranked_puzzle`` by expected final score, from 6 seeded games each:
    rough estimates with their 95% confidence intervals."""
    from corinth.solver import rank_moves

    state = ranked_puzzle().state
    return rank_moves(
        state, "expected", seed=0, budget=None, max_rollouts=6, max_candidates=4, top=4
    )


@ANSWERS.add
def expected_apart() -> str:
    """Whether the two first moves of ``expected_ranking`` are clearly apart (intervals not overlapping)."""
    first, second = expected_ranking()[:2]
    if first.ci[0] > second.ci[1]:
        return "Yes: its range starts above where the second one ends"
    return "No: their ranges overlap"
