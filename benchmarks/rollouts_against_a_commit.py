"""Rollouts per second of this code against an older commit's, on the same positions and dice.

Not a test: a side-by-side measurement (CPU time) between two versions of the package. The older
version writes the start positions (8 take states spread over 6 seeded greedy 4-player games, saved
as games: newer versions load older saves); then each version plays the same greedy rollouts from
them, rollout ``k`` of position ``i`` rolling ``numpy.random.default_rng([i, k])``. Alternate the
two runs a few times. From the top of the repository::

    git worktree add /tmp/before 684cd29        # the engine before the fast valuation
    PYTHONPATH=/tmp/before python benchmarks/rollouts_against_a_commit.py positions /tmp/positions.json
    PYTHONPATH=/tmp/before python benchmarks/rollouts_against_a_commit.py play /tmp/positions.json 6
    PYTHONPATH=. python benchmarks/rollouts_against_a_commit.py play /tmp/positions.json 6
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

from corinth.rules import game_from_json, new_game
from corinth.solver.bots import GreedyBot, play_game


def positions(path: str) -> None:
    take = []
    for seed in range(6):
        s = new_game(4, seed=seed)
        while not s.is_over:
            if s.is_chance:
                s = s.roll()
                continue
            if s.phase == "take":
                take.append(s)
            s = s.apply(GreedyBot().choose(s))
    spread = [take[int(i)] for i in np.linspace(0, len(take) - 1, 8)]
    with open(path, "w", encoding="utf-8") as fh:
        json.dump([s.to_json() for s in spread], fh)


def play(path: str, per_position: int) -> None:
    with open(path, encoding="utf-8") as fh:
        states = [game_from_json(text) for text in json.load(fh)]
    start = time.process_time()
    for i, state in enumerate(states):
        for k in range(per_position):
            bots = [GreedyBot()] * state.num_players
            play_game(state, bots, np.random.default_rng([i, k]))
    seconds = time.process_time() - start
    n = len(states) * per_position
    print(f"{n} rollouts in {seconds:.2f} s of CPU: {n / seconds:.0f} rollouts/s")


if __name__ == "__main__":
    if sys.argv[1:2] == ["positions"] and len(sys.argv) == 3:
        positions(sys.argv[2])
    elif sys.argv[1:2] == ["play"] and len(sys.argv) == 4:
        play(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
