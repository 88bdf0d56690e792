"""``rank_exact`` against its own stored answers (tests/solver/data/exact_oracle.json).

The stored rankings were computed by ``rank_exact`` before any of its speed-ups (commit e42dbdf), on:

- ``late_states(16, left=2, seed=0)`` and ``late_states(6, left=2, seed=3)``: 2 turns left, 2- and
  4-player greedy games in turn;
- ``late_states(6, left=1, seed=0)``: the last turn;
- the 4-player position ``tests.solver_states.game_states(4, 5)[113]`` (2 turns left, one of the
  slowest met in play);
- the 12 final-score puzzles (tier 4), ``t4-03`` included.

Every speed-up must give the same moves in the same order with the same values (within 1e-9). The
file is regenerated only by hand, from a commit whose ``rank_exact`` is trusted::

    .venv/bin/python -c "from tests.solver.test_solver_exact_oracle import regenerate; regenerate()"
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from corinth.rules import GameState
from corinth.solver.exact import late_states, rank_exact

DATA = Path(__file__).parent / "data" / "exact_oracle.json"

# (kind, arguments): how each position is rebuilt
SOURCES: list[tuple] = (
    [("late", 2, 0, i) for i in range(16)]
    + [("late", 2, 3, i) for i in range(6)]
    + [("late", 1, 0, i) for i in range(6)]
    + [("game", 4, 5, 113)]
    + [("puzzle", f"t4-{k:02d}") for k in range(1, 13)]
)


@cache
def _late(left: int, seed: int) -> tuple[GameState, ...]:
    count = max(s[3] for s in SOURCES if s[:3] == ("late", left, seed)) + 1
    return tuple(late_states(count, left=left, seed=seed))


def position(source: tuple) -> GameState:
    """The position ``source`` names (see ``SOURCES``)."""
    kind = source[0]
    if kind == "late":
        _, left, seed, index = source
        return _late(left, seed)[index]
    if kind == "game":
        from tests.solver_states import game_states

        _, players, seed, index = source
        return game_states(players, seed)[index]
    from corinth.solver.puzzles import load_puzzles

    return next(p.state for p in load_puzzles() if p.id == source[1])


def _name(source) -> str:
    return "-".join(str(x) for x in source)


def regenerate() -> None:
    """Recompute every stored ranking with the current ``rank_exact`` (by hand only)."""
    out = []
    for source in SOURCES:
        ranking = rank_exact(position(source))
        out.append({"source": list(source), "ranking": [[str(m), v] for m, v in ranking]})
        print(_name(source), len(ranking), flush=True)
    DATA.parent.mkdir(exist_ok=True)
    text = json.dumps({"about": __doc__.split("\n\n")[0], "positions": out}, indent=None)
    DATA.write_text(text.replace('{"source"', '\n{"source"') + "\n", encoding="utf-8")


@cache
def _stored() -> dict[str, list]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {_name(p["source"]): p["ranking"] for p in data["positions"]}


def check_stored_ranking(source: tuple, ranking) -> None:
    """``ranking`` (a ``rank_exact`` answer) equals the stored one of ``source``."""
    stored = _stored()[_name(source)]
    assert [str(m) for m, _ in ranking] == [m for m, _ in stored]
    for (m, v), (_, w) in zip(ranking, stored):
        assert abs(v - w) <= 1e-9, (str(m), v, w)


# The puzzles' rankings are compared in tests/solver/test_puzzles.py, with the one solve that checks their
# answers (a tier-4 solve is the longest of the unit tests: it is done once per test session).
@pytest.mark.parametrize("source", [s for s in SOURCES if s[0] != "puzzle"], ids=_name)
def test_rank_exact_gives_the_stored_ranking(source):
    check_stored_ranking(source, rank_exact(position(source)))
