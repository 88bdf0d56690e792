"""Decision states from seeded greedy games, shared by the solver tests (built once per process)."""

from __future__ import annotations

from functools import cache

import numpy as np

from corinth.rules import GameState, new_game
from corinth.solver.bots import GreedyBot, decisions


@cache
def game_states(players: int = 4, seed: int = 0) -> tuple[GameState, ...]:
    """Every decision state (not chance nodes) of one seeded greedy game."""
    steps = decisions(
        new_game(players=players, seed=seed),
        [GreedyBot()] * players,
        np.random.default_rng([seed, players]),
    )
    return tuple(s for s in steps if not s.is_over)


def take_states(players: int = 4, seed: int = 0) -> list[GameState]:
    return [s for s in game_states(players, seed) if s.phase == "take"]
