"""How far the exact ranking reaches past its 2 turns, and how well ``expected`` agrees with it there.

``python -m corinth.solver.reach [--seed S] [--recheck 512]`` takes seeded 2-player positions where the player to decide has
3 turns left (``exact.late_states``), tries the exact expected final score of every move under a
work budget (``max_work`` rolls enumerated), and where it finishes compares it with the Monte
Carlo ``expected`` ranking (seeded, a fixed number of rollouts, so it replays): the same best move,
and how many points of exact expected final score ``expected``'s choice gives up. It prints a
table for the README; the run takes minutes.

>>> rows = study(count=1, max_work=20_000, rollouts=4)
>>> rows[0].moves > 0 and (rows[0].seconds >= 0)
True
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from .exact import ExactSolver, OutOfReach, late_states
from .rank import RankOptions, rank_moves


@dataclass(frozen=True)
class Reached:
    """One position: its legal moves, whether exact finished within the budget, its CPU time, and
    (where it finished) whether ``expected``'s best is exact's best and what it gives up."""

    index: int
    moves: int
    solved: bool
    seconds: float
    agrees: bool | None = None
    loss: float | None = None
    agrees_more: bool | None = None  # a miss ranked again with ``recheck`` rollouts: right then?


def exact_values(state, max_work: int) -> dict:
    """Every move's exact expected final score, without the 2-turn reach check (``OutOfReach``
    past ``max_work`` rolls)."""
    solver = ExactSolver(state.current_player, max_work)
    return {
        m: round(solver.value(solver.canonical(state.apply(m))), 9) for m in state.legal_moves()
    }


def study(
    count: int = 50,
    left: int = 3,
    max_work: int = 20_000,
    rollouts: int = 64,
    seed: int = 0,
    recheck: int = 0,
) -> list:
    """``count`` 2-player positions with ``left`` turns left (``late_states`` of ``seed``), each
    tried as the module says; with ``recheck``, a position where ``expected`` misses exact's best
    is ranked again with that many rollouts a candidate (is the miss sampling, or the rollouts'
    greedy play?)."""
    # late_states alternates 2- and 4-player games: about one in three positions has 2 players
    states = [s for s in late_states(4 * count + 4, left=left, seed=seed) if s.num_players == 2]
    rows = []
    for i, state in enumerate(states[:count]):
        t = time.process_time()
        try:
            values = exact_values(state, max_work)
        except OutOfReach:
            rows.append(Reached(i, len(state.legal_moves()), False, time.process_time() - t))
            continue
        seconds = time.process_time() - t
        best = max(values.values())

        chosen = _pick(state, values, seed + i, rollouts)
        agrees = chosen >= best - 1e-9
        more = (
            None
            if agrees or not recheck
            else _pick(state, values, seed + i, recheck) >= best - 1e-9
        )
        rows.append(Reached(i, len(values), True, seconds, agrees, round(best - chosen, 6), more))
    return rows


def _pick(state, values: dict, seed: int, rollouts: int) -> float:
    """The exact value of ``expected``'s pick with ``rollouts`` rollouts a candidate."""
    options = RankOptions(seed=seed, budget=None, max_rollouts=rollouts, exact=False, top=1)
    return values[rank_moves(state, "expected", options)[0].move]


def table(rows: list, max_work: int, recheck: int = 0) -> str:
    solved = [r for r in rows if r.solved]
    times = sorted(r.seconds for r in solved)
    within = sum(r.seconds <= 5 for r in solved)
    losses = [r.loss for r in solved]
    misses = [r for r in solved if not r.agrees]
    lines = [
        "| positions | finished within the budget | of them within 5 s | median time (finished) "
        "| expected picks exact's best | mean / worst loss of expected's pick |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| {len(rows)} | {len(solved)} ({max_work:,} rolls) | {within} "
        f"| {statistics.median(times) if times else float('nan'):.2f} s "
        f"| {sum(bool(r.agrees) for r in solved)} of {len(solved)} "
        f"| {statistics.mean(losses) if losses else float('nan'):.2f} / "
        f"{max(losses) if losses else float('nan'):.2f} points |",
    ]
    if recheck and misses:
        still = sum(r.agrees_more is False for r in misses)
        lines.append(
            f"\nWith {recheck} rollouts a candidate, {still} of the {len(misses)} misses remain."
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=50)
    p.add_argument("--max-work", type=int, default=20_000)
    p.add_argument("--rollouts", type=int, default=64)
    p.add_argument("--seed", type=int, default=0, help="late_states' seed: its games' first seed")
    p.add_argument("--recheck", type=int, default=0, help="rollouts to rank a miss again with")
    args = p.parse_args(argv)
    rows = study(args.count, 3, args.max_work, args.rollouts, args.seed, args.recheck)
    for r in rows:
        print(r, flush=True)
    print(table(rows, args.max_work, args.recheck))


if __name__ == "__main__":
    main()
