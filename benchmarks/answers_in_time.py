"""Every answer in 2 s, every refusal in half a second: this code against an older commit's, side
by side in one run, on the same positions (the figures of docs/measurements.md, "Answers in time").

Not a test: a measurement of CPU time (``time.process_time``) of each call, every memo of the
solver emptied first. Each version runs in a worker process of its own (``PYTHONPATH`` its tree),
and the two are given the same positions one at a time, in turn, so both meet the same load of the
machine. Three suites:

- ``courts``: The Four Courts, seeded mid-game positions of 3 and of 4 players (seed k: a game of
  greedy bots seeded 10k+i, the start of a round drawn from the middle third of its rounds by
  ``random.Random(1000 + k)``, the first seat to choose). Timed: the hint's ranking
  (``protocol.rank``, what ``Table.hint`` and the board's Hint button ask) and the ranking of
  ``corinth solve`` (``rank_choices(view, "round", samples=400)``), with the deals each played,
  counted;
- ``exact``: Corinth, positions with 2 turns left and with 1 from seeded greedy games of 2, 3 and 4
  players; ``rank_moves(state, "exact", opponents=model)`` under each model: answered or refused;
- ``win``: the positions with 2 turns left of the same games, ``rank_moves(state, "exact",
  goal="win", opponents=model)``: answered or refused.

From the top of the repository::

    git worktree add /tmp/base 6c9a0a4
    python benchmarks/answers_in_time.py --base /tmp/base                  # every suite
    python benchmarks/answers_in_time.py --base /tmp/base --suite courts --positions 100

The summary lists, per suite and kind of position, the median, the 95th and 99th percentiles and
the slowest, before and after, and how many calls were refused.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.0
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

MODELS = ("greedy", "cautious", "random")
RANKING_SAMPLES = 400  # what ``corinth solve`` asks of a Four Courts game


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


# --- the positions (made by this checkout, read by both) ------------------------------------------


def courts_positions(players: int, count: int) -> list[dict]:
    """``count`` mid-game round starts of ``players`` players (``courts.bench.mid_game``), as
    moves from a new game."""
    from corinth.courts.bench import mid_game

    out = []
    for k in range(count):
        start, seat = mid_game(players, k)
        out.append(
            {
                "suite": "courts",
                "kind": f"{players} players",
                "players": players,
                "moves": list(start.history),
                "seat": seat,
                "seed": k,
            }
        )
    return out


def corinth_positions(players: int, games: int, left: int, per_game: int) -> list[dict]:
    """Take positions with ``left`` turns left of seeded greedy games of ``players`` players
    (``solver.bench.near_the_end``: seeds 101 and on), at most ``per_game`` of each, as saved
    games."""
    from corinth.solver.bench import near_the_end

    return [
        {"players": players, "left": left, "game": s.to_json()}
        for s in near_the_end(players, games, left, per_game)
    ]


# --- the worker (either version) --------------------------------------------------------------------


def _forget() -> None:
    """Every memo of the solver emptied (whatever the version calls them)."""
    import corinth.solver.exact as exact
    import corinth.solver.rank as rank
    import corinth.solver.win as win

    for module in (exact, win, rank):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def _courts(task: dict) -> dict:
    import corinth.courts.puzzles as pz
    from corinth.courts.game import new_game
    from corinth.courts.protocol import CourtsState, rank

    game = new_game(task["players"])
    for move in task["moves"]:
        game = game.apply(move)
    seat = task["seat"]
    played = [0]
    choose = pz._others_choose

    def counted(*args, **kwargs):  # one call a deal played
        played[0] += 1
        return choose(*args, **kwargs)

    pz._others_choose = counted
    try:
        t = time.process_time()
        rank(CourtsState(game, task["seed"]), seat)
        hint = time.process_time() - t
        hint_deals, played[0] = played[0], 0
        t = time.process_time()
        ranking = pz.rank_choices(game.observe(seat), "round", samples=RANKING_SAMPLES)
        ranked = time.process_time() - t
    finally:
        pz._others_choose = choose
    return {
        "hint_s": hint,
        "hint_deals": hint_deals,
        "ranking_s": ranked,
        "ranking_deals": played[0],
        "exact": ranking.exact,
    }


def _corinth(task: dict) -> dict:
    from corinth.rules import game_from_json
    from corinth.solver import rank_moves

    state = game_from_json(task["game"])
    goal = "win" if task["suite"] == "win" else "score"
    _forget()
    t = time.process_time()
    try:
        rank_moves(state, "exact", opponents=task["model"], goal=goal)
        answer = ""
    except ValueError as e:  # OutOfReach: refused
        answer = str(e)
    return {"s": time.process_time() - t, "refused": answer}


def worker() -> None:
    """Read tasks (JSON lines) on stdin, answer each with its measures on stdout."""
    for line in sys.stdin:
        task = json.loads(line)
        out = _courts(task) if task["suite"] == "courts" else _corinth(task)
        print(json.dumps(out), flush=True)


# --- the run ------------------------------------------------------------------------------------------


class _Worker:
    def __init__(self, tree: Path):
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tree,
        )

    def ask(self, task: dict) -> dict:
        self.proc.stdin.write(json.dumps(task) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def tasks(suite: str, positions: int, games: int) -> list[dict]:
    if suite == "courts":
        return courts_positions(3, positions) + courts_positions(4, positions)
    out = []
    for players in (2, 3, 4):
        lefts = (2, 1) if suite == "exact" else (2,)
        for left in lefts:
            for p in corinth_positions(players, games, left, 2 if left == 2 else 1):
                for model in MODELS:
                    kind = f"{players} players, {left} turn{'s' if left > 1 else ''} left, {model}"
                    out.append({"suite": suite, "kind": kind, "model": model, **p})
    return out


def summary(suite: str, rows: list[tuple[dict, dict, dict]]) -> list[str]:
    """The table of a suite: per kind of position, before and after."""
    kinds: dict[str, list] = {}
    for task, before, after in rows:
        kinds.setdefault(task["kind"], []).append((before, after))
    lines = []
    if suite == "courts":
        lines += [
            "| position | call | n | median before / after | p95 | p99 | slowest | most deals "
            "played before / after (budget) |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
        ]
        for kind, pairs in kinds.items():
            for call, budget in (("hint", "60, then 20 to the deal's end"), ("ranking", "400")):
                b = [x[f"{call}_s"] for x, _ in pairs]
                a = [y[f"{call}_s"] for _, y in pairs]
                lines.append(
                    f"| {kind} | {call} | {len(pairs)} | {_pair(b, a, 50)} | {_pair(b, a, 95)} | "
                    f"{_pair(b, a, 99)} | {_pair(b, a, 100)} | "
                    f"{max(x[f'{call}_deals'] for x, _ in pairs):,} / "
                    f"{max(y[f'{call}_deals'] for _, y in pairs):,} ({budget}) |"
                )
        return lines
    lines += [
        "| position, model | n | median before / after | p95 | slowest | refused before / after "
        "| slowest refusal after | slowest answer after |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kind, pairs in kinds.items():
        b = [x["s"] for x, _ in pairs]
        a = [y["s"] for _, y in pairs]
        refused = [y["s"] for _, y in pairs if y["refused"]]
        answered = [y["s"] for _, y in pairs if not y["refused"]]
        lines.append(
            f"| {kind} | {len(pairs)} | {_pair(b, a, 50)} | {_pair(b, a, 95)} | "
            f"{_pair(b, a, 100)} | {sum(bool(x['refused']) for x, _ in pairs)} / {len(refused)} | "
            f"{_s(max(refused)) if refused else '-'} | {_s(max(answered)) if answered else '-'} |"
        )
    return lines


def _s(x: float) -> str:
    return f"{x:.2f}" if x >= 0.1 else f"{x:.3f}"


def _pair(before: list[float], after: list[float], q: float) -> str:
    if q == 50:
        return f"{_s(statistics.median(before))} / {_s(statistics.median(after))}"
    return f"{_s(percentile(before, q))} / {_s(percentile(after, q))}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--base", type=Path, help="the older commit's tree (git worktree add)")
    parser.add_argument("--suite", choices=("courts", "exact", "win"), action="append")
    parser.add_argument("--positions", type=int, default=100, help="Four Courts: per player count")
    parser.add_argument("--games", type=int, default=10, help="Corinth: seeded games per count")
    parser.add_argument("--out", type=Path, help="every measure as JSON lines")
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return
    if args.base is None:
        parser.error("--base: the older commit's tree to measure against")
    here = Path(__file__).resolve().parent.parent
    sides = [_Worker(args.base), _Worker(here)]
    out = args.out.open("a", encoding="utf-8") if args.out else None
    try:
        for suite in args.suite or ("courts", "exact", "win"):
            rows = []
            for task in tasks(suite, args.positions, args.games):
                before, after = (side.ask(task) for side in sides)
                rows.append((task, before, after))
                if out:
                    record = {k: v for k, v in task.items() if k not in ("game", "moves")}
                    out.write(json.dumps({**record, "before": before, "after": after}) + "\n")
                    out.flush()
            print(f"\n{suite} (CPU seconds, before: {args.base}, after: {here})")
            print("\n".join(summary(suite, rows)), flush=True)
    finally:
        for side in sides:
            side.close()
        if out:
            out.close()


if __name__ == "__main__":
    main()
