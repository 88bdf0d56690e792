"""Strategies and the tournament of notebook 07 (the strategy lab).

Five strategies play seeded 3-player games; each game seats three different strategies, in an order
that rotates from game to game. Game ``k`` of a run is seeded with ``corinth.cli.game_seed(seed, k)``,
so any game can be replayed alone.

The notebook plays all of them live, on every processor (about 10 ms of CPU a game), and checks them
against the run saved in ``data/strategy_lab.json``, which this file writes:

    python strategy_lab.py          # from the notebooks folder; uses every processor
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from itertools import combinations, permutations
from pathlib import Path

from corinth import GameState, Move, Take, new_game
from corinth.cli import game_seed
from corinth.solver import GreedyBot, RandomBot
from corinth.solver.bots import Bot
from corinth.solver.value import best_move_now, best_take

RUN_SEED = 2026
TERMS = ("shops", "bonuses", "gold", "goats", "market", "temple")  # E1; each game's scores list
# these terms and then the total, seat by seat.
GAMES = 3000
DATA = Path(__file__).resolve().parent / "data" / "strategy_lab.json"


class MerchantBot(Bot):
    """Greedy, but never moves the steward: only gold, goats and deliveries."""

    name = "merchant"

    def choose(self, state: GameState) -> Move:
        if state.phase != "take":
            return best_move_now(state)
        return best_take(state, steward=False) or best_move_now(state)


class WandererBot(Bot):
    """Greedy among steward moves whenever it has one; otherwise greedy."""

    name = "wanderer"

    def choose(self, state: GameState) -> Move:
        if state.phase != "take":
            return best_move_now(state)
        return best_take(state, actions=False) or best_move_now(state)


class BuilderBot(Bot):
    """Greedy, but builds as many buildings as it can afford as soon as it can."""

    name = "builder"

    def choose(self, state: GameState) -> Move:
        if state.phase == "build":
            return max(state.legal_moves(), key=lambda m: len(m.buildings))
        return best_move_now(state)


STRATEGIES = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "merchant": lambda seed: MerchantBot(),
    "wanderer": lambda seed: WandererBot(),
    "builder": lambda seed: BuilderBot(),
}
SEATINGS = [p for c in combinations(STRATEGIES, 3) for p in permutations(c)]


def seating(k: int) -> tuple[str, ...]:
    """The strategies of game ``k``, seat by seat."""
    return SEATINGS[k % len(SEATINGS)]


def play_one(k: int, seed: int = RUN_SEED) -> dict:
    """Play game ``k`` of the run and summarise it."""
    names = seating(k)
    gseed = game_seed(seed, k)
    bots = [STRATEGIES[name](gseed + i) for i, name in enumerate(names)]
    state = new_game(players=len(names), seed=gseed)
    steward = [0] * len(names)
    while not state.is_over:
        if state.is_chance:
            state = state.roll()
            continue
        who = state.current_player
        move = bots[who].choose(state)
        if isinstance(move, Take) and move.path:
            steward[who] += 1
        state = state.apply(move)
    return {
        "game": k,
        "seed": gseed,
        "strategies": list(names),
        "winners": list(state.winners),
        "scores": [
            [getattr(state.score_breakdown(i), t) for t in TERMS] + [state.score(i)]
            for i in range(len(names))
        ],
        "buildings": [len(state.players[i].built()) for i in range(len(names))],
        "steward_moves": steward,
    }


def play_many(games: range, jobs: int = 1, progress=None) -> list[dict]:
    """Play the games of ``games`` (indices), on ``jobs`` processes; ``progress`` is a tqdm-like bar."""
    out = []
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for result in pool.imap(play_one, games, chunksize=25):
                out.append(result)
                if progress is not None:
                    progress.update()
    else:
        for k in games:
            out.append(play_one(k))
            if progress is not None:
                progress.update()
    return out


def load_results(path: Path = DATA) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["games"]


def main() -> None:
    from tqdm import tqdm

    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    with tqdm(total=games, unit="game") as bar:
        results = play_many(range(games), jobs=os.cpu_count() or 1, progress=bar)
    DATA.parent.mkdir(exist_ok=True)
    data = {"run_seed": RUN_SEED, "players": 3, "games": results}
    DATA.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{DATA}: {len(results)} games")


if __name__ == "__main__":
    main()
