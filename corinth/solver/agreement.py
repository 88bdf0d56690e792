"""How often the Monte Carlo ranking (``expected``) picks the exact best move, and what it loses
when it does not: ``python -m corinth.solver.agreement [--states 54] [--budgets 0.5,3]``.

On seeded positions 2 turns from the deciding player's end (``exact.late_states``: 2- and
4-player greedy games), every legal move is valued by ``exact``; then ``expected`` (Monte Carlo
alone, ``exact=False``, at each time budget) and ``immediate`` (the greedy bot's move) each pick
one move. A pick is right when its exact value equals the best (ties count as right); the loss is
the best exact value minus the pick's.

>>> report = agreement(states=1, budgets=(0.05,))
>>> sorted(report["methods"]), report["states"]
(['expected 0.05 s', 'immediate'], 1)
"""

from __future__ import annotations

import argparse
import statistics

from .exact import late_states, rank_exact
from .rank import rank_moves
from .value import best_move_now


def agreement(states: int = 54, budgets: tuple[float, ...] = (0.5, 3.0), seed: int = 0) -> dict:
    """Agreement of ``expected`` (per budget) and ``immediate`` with ``exact``'s best move."""
    picks: dict[str, list[float]] = {f"expected {b:g} s": [] for b in budgets}
    picks["immediate"] = []
    positions = late_states(states, seed=seed)
    for k, state in enumerate(positions):
        values = {str(m): v for m, v in rank_exact(state)}
        best = max(values.values())
        for b in budgets:
            ranked = rank_moves(state, "expected", seed=seed + k, budget=b, exact=False, top=1)
            picks[f"expected {b:g} s"].append(best - values[str(ranked[0].move)])
        picks["immediate"].append(best - values[str(best_move_now(state))])
    methods = {}
    for name, losses in picks.items():
        wrong = [x for x in losses if x > 1e-9]
        methods[name] = {
            "right": len(losses) - len(wrong),
            "of": len(losses),
            "mean_loss_when_wrong": statistics.mean(wrong) if wrong else 0.0,
            "mean_loss": statistics.mean(losses) if losses else 0.0,
        }
    return {"states": len(positions), "methods": methods}


def format_agreement(report: dict) -> str:
    """The report as a Markdown table."""
    lines = [
        f"{report['states']} seeded positions, 2 turns from the deciding player's end",
        "",
        "| method | picks the exact best | mean loss when wrong (points) |",
        "| --- | ---: | ---: |",
    ]
    for name, m in report["methods"].items():
        share = 100 * m["right"] / m["of"] if m["of"] else 0.0
        lines.append(
            f"| {name} | {m['right']} of {m['of']} ({share:.0f}%) | "
            f"{m['mean_loss_when_wrong']:.2f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=54)
    parser.add_argument("--budgets", default="0.5,3", help="seconds, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        budgets = tuple(float(b) for b in args.budgets.split(","))
    except ValueError:
        parser.error(f"--budgets {args.budgets!r}: seconds separated by commas, e.g. 0.5,3")
    if args.states < 1 or any(b <= 0 for b in budgets):
        parser.error("--states and every budget must be positive")
    print(format_agreement(agreement(args.states, budgets, args.seed)))


if __name__ == "__main__":
    main()
