"""Bots that play whole games: ``random`` and ``greedy`` (seeded), and a driver that plays a game.

>>> from corinth.rules import new_game
>>> final = play_game(new_game(players=2, seed=4), [GreedyBot(), RandomBot(seed=4)])
>>> final.is_over, final.round
(True, 12)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from corinth.rules import GameState, Move, Take


class Bot:
    """A player: ``choose(state)`` returns one of ``state.legal_moves()``."""

    name = "bot"

    def choose(self, state: GameState) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal moves, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        return moves[int(self.rng.integers(len(moves)))]


def immediate_key(before: GameState, after: GameState, player: int) -> tuple[int, int, int]:
    """How good ``after`` is for ``player`` right now, as a sortable key (higher is better).

    1. the score the sheet would have if the game ended now (E1);
    2. then gold + goats held (they pay for buildings and steward moves later);
    3. then the fewest market cells used up (more room for later steward moves).
    """
    p = after.players[player]
    return (after.score(player), p.gold + p.goats, -bin(p.used).count("1"))


def steward_class(move: Move) -> tuple | None:
    """Steward paths with the same group, length, arrival and shops score alike now; the key groups them."""
    if isinstance(move, Take) and move.path:
        return (move.district, len(move.path), move.path[-1], move.shops)
    return None


def best_immediate(state: GameState, moves: list[Move] | None = None) -> Move:
    """The move of ``moves`` (default: every legal move) with the best ``immediate_key``.

    Ties go to the first move in list order; among steward paths alike now (``steward_class``) only
    the first is tried.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> str(best_immediate(s, [m for m in s.legal_moves() if not m.path]))  # two 4s fill Blue shop 1
    'blue 1'
    """
    player = state.current_player
    best, best_key = None, None
    seen: set = set()
    for move in state.legal_moves() if moves is None else moves:
        cls = steward_class(move)
        if cls is not None:
            if cls in seen:
                continue
            seen.add(cls)
        key = immediate_key(state, state.apply(move), player)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


class GreedyBot(Bot):
    """Plays the move with the best immediate value (``best_immediate``)."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed  # greedy play is deterministic; the seed is kept for a uniform interface

    def choose(self, state: GameState) -> Move:
        return best_immediate(state)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "greedy": lambda seed: GreedyBot(seed),
    "lookahead": lambda seed: _lookahead(seed),
}


def _lookahead(seed: int) -> Bot:
    from .lookahead import LookaheadBot  # imported late: it builds on this module

    return LookaheadBot(seed)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``corinth simulate --bot NAME``)."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}") from None


def play_game(
    state: GameState, bots: Sequence[Bot], rng: np.random.Generator | None = None
) -> GameState:
    """Play from ``state`` to the end: bots decide, the dice roll from ``rng`` (or the game's seed)."""
    while not state.is_over:
        if state.is_chance:
            state = state.apply(state.sample_roll(rng))
        else:
            state = state.apply(bots[state.current_player].choose(state))
    return state
