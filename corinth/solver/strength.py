"""Measure the lookahead bot's strength: its win rate in 4-player games against three greedy bots.

Game ``k`` is ``new_game(players=4, seed=k)`` (the seed also picks the first player, S3) with the
lookahead bot in seat 1; results go to a JSON-lines file in game order as they come, so a long run can
be watched and resumed. A shared victory counts as a fraction of a win (E2); 25% is parity.

    python -m corinth.solver.strength --games 2000 --budget 0.05 --out strength.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from functools import partial
from pathlib import Path

from corinth.rules import new_game

from .bots import GreedyBot, play_game
from .lookahead import LookaheadBot
from .runner import play_games


def play_one(k: int, budget: float, candidates: int) -> dict:
    """Game ``k``: the lookahead bot in seat 1 against three greedy bots."""
    start = time.perf_counter()
    bots = [LookaheadBot(seed=k, budget=budget, max_candidates=candidates)] + [GreedyBot()] * 3
    final = play_game(new_game(players=4, seed=k), bots)
    return {
        "game": k,
        "win": 1 / len(final.winners) if 0 in final.winners else 0.0,
        "scores": [final.score(i) for i in range(4)],
        "first_player": final.start_player,
        "seconds": round(time.perf_counter() - start, 3),
    }


def summarise(rows: list[dict]) -> dict:
    """Win rate with a 95% normal-approximation interval, and mean score margin."""
    n = len(rows)
    if not n:
        return {"games": 0}
    wins = [r["win"] for r in rows]
    mean = sum(wins) / n
    var = sum((w - mean) ** 2 for w in wins) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    look = sum(r["scores"][0] for r in rows) / n
    greedy = sum(sum(r["scores"][1:]) / 3 for r in rows) / n
    return {
        "games": n,
        "win_rate": mean,
        "ci95": [mean - half, mean + half],
        "mean_score_lookahead": look,
        "mean_score_greedy": greedy,
        "mean_seconds_per_game": sum(r["seconds"] for r in rows) / n,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--budget", type=float, default=0.05, help="seconds per decision")
    ap.add_argument("--candidates", type=int, default=3, help="candidates rolled out per decision")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="strength.jsonl")
    args = ap.parse_args(argv)
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["game"] for line in out.read_text().splitlines() if line}
    todo = [k for k in range(args.games) if k not in done]
    play = partial(play_one, budget=args.budget, candidates=args.candidates)
    with out.open("a") as fh:
        for row in play_games(play, todo, args.jobs):
            fh.write(json.dumps(row) + "\n")
            fh.flush()
    rows = [json.loads(line) for line in out.read_text().splitlines() if line]
    print(json.dumps(summarise(rows), indent=2))


if __name__ == "__main__":
    main()
