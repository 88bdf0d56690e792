"""Decision states from seeded greedy games, shared by the solver tests (built once per process)."""

from __future__ import annotations

from functools import cache

import numpy as np

from corinth.rules import GameState, new_game
from corinth.solver.bots import GreedyBot


@cache
def game_states(players: int = 4, seed: int = 0) -> tuple[GameState, ...]:
    """Every decision state (not chance nodes) of one seeded greedy game."""
    state = new_game(players=players, seed=seed)
    rng = np.random.default_rng([seed, players])
    bot = GreedyBot()
    out = []
    while not state.is_over:
        if state.is_chance:
            state = state.apply(state.sample_roll(rng))
            continue
        out.append(state)
        state = state.apply(bot.choose(state))
    return tuple(out)


def take_states(players: int = 4, seed: int = 0) -> list[GameState]:
    return [s for s in game_states(players, seed) if s.phase == "take"]
