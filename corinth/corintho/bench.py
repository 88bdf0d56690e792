"""``python -m corinth.corintho.bench``: how fast Corintho's exact search is, and how far it sees.

Every figure is CPU time of this process (``time.process_time``), so other work on the machine
does not change it much. Two tables:

1. Positions a second: ``rank_moves`` of 12 seeded positions (from seeded games of the greedy bot
   against the random bot: the position 3 moves in and the one 3 moves before the end), at depths 3
   to 6. A position is counted when the search looks at its moves (``Solver.positions`` and
   ``Solver.visited``).
2. Reach: on 20 seeded positions (the position 4 moves into a seeded game of two random bots, each
   game at least 10 moves long), ``solve`` asks "won within d moves? lost within d moves?" for
   d = 0, 1, 2, … until the position is settled or the budget (1 s, 10 s) runs out. Its reach is
   the depth it searched without a result (no win nor loss that quick for either player), or "end"
   when it proved a win or a loss: the search settles any position that close to the end within
   that time.

>>> rows = speed_rows(positions()[:2], depths=(3,))
>>> rows[0]["depth"], rows[0]["positions"] > 0
(3, True)
"""

from __future__ import annotations

import argparse
import statistics
import time

from .bots import GreedyBot, RandomBot, play_game
from .game import Game, new_game
from .solve import Solver, rank_moves, solve

CLOCK = time.process_time
END = 99  # the reach of a settled position: the end of the game


def _replay(moves: tuple[str, ...]) -> Game:
    game = new_game(2)
    for move in moves:
        game = game.apply(move)
    return game


def positions(games: int = 8) -> list[Game]:
    """The speed table's positions: 3 moves in and 3 before the end of seeded greedy-random games."""
    out = []
    for seed in range(games):
        final = play_game([GreedyBot(seed), RandomBot(seed + 100)], seed=seed)
        for ply in sorted({3, len(final.history) - 3}):
            if 0 <= ply < len(final.history):
                out.append(_replay(final.history[:ply]))
    return out


def reach_positions(count: int = 20, ply: int = 4, longest: int = 10) -> list[Game]:
    """The reach table's positions: ``ply`` moves into seeded games of two random bots that last at
    least ``longest`` moves."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        final = play_game([RandomBot(2 * seed), RandomBot(2 * seed + 1)], seed=seed)
        if len(final.history) >= longest:
            out.append(_replay(final.history[:ply]))
        seed += 1
    return out


def speed_rows(games: list[Game], depths=(3, 4, 5, 6)) -> list[dict]:
    rows = []
    for depth in depths:
        searched = deep = 0
        start = CLOCK()
        for game in games:
            solver = Solver(clock=CLOCK)
            rank_moves(game, depth, solver=solver)
            searched += solver.positions + solver.visited
            deep += solver.positions
        seconds = CLOCK() - start
        rows.append(
            {
                "depth": depth,
                "seconds": seconds,
                "positions": searched,
                "deep": deep,
                "per_second": searched / seconds if seconds else 0.0,
            }
        )
    return rows


def reach_rows(games: list[Game], budgets=(1.0, 10.0)) -> list[dict]:
    rows = []
    for budget in budgets:
        reaches, settled = [], 0
        for game in games:
            value = solve(game, solver=Solver(budget, clock=CLOCK))
            if value.outcome == "unknown":
                reaches.append(value.depth)
            else:  # won or lost: solved to the end of the game
                reaches.append(END)
                settled += 1
        rows.append(
            {
                "budget": budget,
                "median": statistics.median(reaches),
                "worst": min(reaches),
                "best": max(reaches),
                "settled": settled,
                "positions": len(games),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Speed and reach of Corintho's exact search.")
    parser.add_argument("--positions", type=int, default=20, help="positions of the reach table")
    parser.add_argument("--budgets", type=float, nargs="+", default=[1.0, 10.0])
    parser.add_argument("--depths", type=int, nargs="+", default=[3, 4, 5, 6])
    args = parser.parse_args(argv)
    games = positions()
    print(f"Positions a second: rank_moves of {len(games)} seeded positions (CPU time)")
    print(
        "| depth (moves) | CPU seconds | positions searched | positions a second | of which "
        "2+ moves deep |"
    )
    print("| ---: | ---: | ---: | ---: | ---: |")
    for row in speed_rows(games, args.depths):
        print(
            f"| {row['depth']} | {row['seconds']:.2f} | {row['positions']:,} | "
            f"{row['per_second']:,.0f} | {row['deep']:,} |"
        )
    games = reach_positions(args.positions)
    print()
    print(f"Reach: solve on {len(games)} seeded positions, 4 moves into random games (CPU time)")
    print("| budget | reach, median (moves) | worst | best | settled (won or lost) |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for row in reach_rows(games, args.budgets):
        shown = [_end(row[k]) for k in ("median", "worst", "best")]
        print(
            f"| {row['budget']:g} s | {' | '.join(shown)} | {row['settled']} of {row['positions']} |"
        )


def _end(reach: float) -> str:
    return "end" if reach >= END else f"{reach:g}"


if __name__ == "__main__":
    main()
