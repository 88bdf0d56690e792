"""OpenSpiel's information-set MCTS on The Four Courts, against the project's own bots.

Each game is seeded (game k: seed k, ISMCTS in seat k mod 4, the same deal for every opponent); the
other three seats are all the project's ``greedy`` bot, or all its ``ismcts`` bot, each choosing
from its own seat's observation. ISMCTS's share of the win is counted (1 alone, 1/k in a k-way tie);
a seat that plays no better than the others takes 1/4. The matchups alternate game by game, so
whatever the time allows, both have as many games.

    .venv/bin/python benchmarks/courts_ismcts.py --simulations 30 --cpu-minutes 10

Prints a Markdown table for docs/measurements.md (win share with its 95% Wilson interval).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time

from corinth.shared.openspiel import play_seat
from corinth.shared.stats import wilson

OPPONENTS = ("greedy", "ismcts")
PLAYERS = 4


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS simulations a decision")
    parser.add_argument("--games", type=int, default=1000, help="games per matchup at the most")
    parser.add_argument("--cpu-minutes", type=float, default=10.0, help="CPU time to stop after")
    args = parser.parse_args(argv)
    start = time.process_time()
    shares: dict[str, list[float]] = {o: [] for o in OPPONENTS}
    seconds: dict[str, float] = dict.fromkeys(OPPONENTS, 0.0)
    for k in range(args.games):
        if time.process_time() - start > args.cpu_minutes * 60:
            break
        for opponent in OPPONENTS:
            t = time.process_time()
            shares[opponent].append(
                play_seat("four-courts", opponent, args.simulations, k, k % PLAYERS, PLAYERS)
            )
            seconds[opponent] += time.process_time() - t
        print(
            f"game {k + 1}: " + ", ".join(f"{o} {sum(v):.2f}" for o, v in shares.items()),
            file=sys.stderr,
            flush=True,
        )
    today = datetime.date.today().isoformat()
    cores = os.cpu_count()
    print(
        f"{today}, {platform.machine()} {platform.python_implementation()} "
        f"{platform.python_version()}, {cores} cores, one process; "
        f"`{' '.join(['.venv/bin/python', 'benchmarks/courts_ismcts.py', *(argv or sys.argv[1:])])}`"
    )
    print()
    print(
        "| ISMCTS (OpenSpiel) against | simulations a decision | games | ISMCTS's win share | 95% interval | CPU a game |"
    )
    print("| --- | ---: | ---: | ---: | --- | ---: |")
    for opponent, values in shares.items():
        n = len(values)
        low, high = wilson(sum(values), n)
        print(
            f"| 3 × project's {opponent} | {args.simulations} | {n} | {sum(values) / max(n, 1):.0%} "
            f"| {low:.0%}–{high:.0%} | {seconds[opponent] / max(n, 1):.1f} s |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
