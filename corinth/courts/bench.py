"""``python -m corinth.courts.bench``: how fast The Four Courts' engine, bots and puzzle rankings are.

Every figure is CPU time of this process (``time.process_time``), so other work on the machine
changes it little. One table, a row a task: a whole seeded game with greedy bots (4 and 3 players,
chance included), one decision of the strong bot (``ismcts``, its default 24 iterations), the
ranking of every stored puzzle (exact), a sampled ranking of a first hand (10 cards, 400 deals),
and the hint at seeded mid-game round starts of 3 and 4 players (``mid_game``). The targets: a
4-player greedy game under 50 ms, a puzzle's ranking and a hint under 2 s.

>>> rows = rows_of(games=2, decisions=1, puzzles=1, samples=20, positions=1)
>>> [r["task"] for r in rows][:2]
['whole game, 4 greedy bots', 'whole game, 3 greedy bots']
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .bots import GreedyBot, ISMCTSBot, play_game
from .game import Game, deal_all, new_game
from .protocol import CourtsState, rank
from .puzzles import SAMPLES, load_puzzles, rank_choices

CLOCK = time.process_time


def round_starts(players: int, seed: int) -> list[Game]:
    """Every round start of the seeded game of greedy bots ``seed`` (``play_game``: its deals
    drawn from ``seed``, the bots seeded ``10 * seed + seat``), before anyone lays a card.

    >>> starts = round_starts(4, 1)
    >>> all(len(g.to_choose()) == 4 for g in starts), starts[0].rounds
    (True, 0)
    """
    final = play_game([GreedyBot(10 * seed + i) for i in range(players)], seed=seed)
    game, starts = new_game(players), []
    for move in final.history:  # the same game again, its round starts kept
        if game.phase == "choose" and len(game.to_choose()) == players:
            starts.append(game)
        game = game.apply(move)
    return starts


def mid_game(players: int, seed: int) -> tuple[Game, int]:
    """A seeded mid-game position and its seat: a round start of ``round_starts(players, seed)``
    drawn from the middle third of the game's rounds by ``random.Random(1000 + seed)``, and the
    first seat to choose (the positions the hint's and the rankings' speed is measured on).

    >>> game, seat = mid_game(3, 6)
    >>> game.rounds, seat, len(game.observe(seat).hand)
    (9, 0, 4)
    """
    starts = round_starts(players, seed)
    n = len(starts)
    game = random.Random(1000 + seed).choice(starts[n // 3 : max(n // 3 + 1, 2 * n // 3)])
    return game, game.to_choose()[0]


def _timed(task, runs: list) -> dict:
    times = []
    for run in runs:
        start = CLOCK()
        run()
        times.append(CLOCK() - start)
    return {
        "task": task,
        "runs": len(times),
        "median": statistics.median(times),
        "worst": max(times),
    }


def rows_of(
    games: int = 50,
    decisions: int = 20,
    puzzles: int = 100,
    samples: int = SAMPLES,
    positions: int = 10,
):
    rows = []
    for players in (4, 3):
        runs = [
            (lambda s=s, p=players: play_game([GreedyBot(10 * s + i) for i in range(p)], seed=s))
            for s in range(games)
        ]
        rows.append(_timed(f"whole game, {players} greedy bots", runs))
    views = [deal_all(new_game(4), random.Random(s)).observe(s % 4) for s in range(decisions)]
    rows.append(
        _timed("ismcts decision, first hand", [lambda v=v: ISMCTSBot(1).choose(v) for v in views])
    )
    stored = load_puzzles()[:puzzles]
    rows.append(
        _timed(
            "puzzle ranking, exact (stored set)",
            [lambda p=p: rank_choices(p.view, p.kind) for p in stored],
        )
    )
    first = views[: max(1, decisions // 4)]
    rows.append(
        _timed(
            f"ranking of a first hand, {samples} sampled deals",
            [lambda v=v: rank_choices(v, "round", samples=samples) for v in first],
        )
    )
    for players in (3, 4):  # the hint (what the board's Hint button asks), mid-game
        spots = [(k, *mid_game(players, k)) for k in range(positions)]
        rows.append(
            _timed(
                f"hint at a mid-game round start, {players} players",
                [lambda k=k, g=g, s=s: rank(CourtsState(g, k), s) for k, g, s in spots],
            )
        )
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Speed of The Four Courts' engine and puzzles.")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--decisions", type=int, default=20)
    args = parser.parse_args(argv)
    print("The Four Courts: CPU time of each task (time.process_time)")
    print("| task | runs | median | worst |")
    print("| --- | ---: | ---: | ---: |")
    for row in rows_of(args.games, args.decisions):
        print(
            f"| {row['task']} | {row['runs']} | {row['median'] * 1000:.1f} ms | "
            f"{row['worst'] * 1000:.1f} ms |"
        )


if __name__ == "__main__":
    main()
