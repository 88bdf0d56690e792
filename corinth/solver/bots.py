"""Bots that play whole games: ``random`` and ``greedy`` (seeded), and a driver that plays a game.

>>> from corinth.rules import new_game
>>> final = play_game(new_game(players=2, seed=4), [GreedyBot(), RandomBot(seed=4)])
>>> final.is_over, final.round
(True, 12)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence

import numpy as np

from corinth.rules import GameState, Move
from corinth.shared.language import _

from .value import best_move_now


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
        # the same pick as indexing legal_moves(), without listing them
        return state.pick_legal_move(lambda n: int(self.rng.integers(n)))


class GreedyBot(Bot):
    """Plays the move with the best value now (``value.best_move_now``: the score if the game ended
    after the move and the best build it pays for, then gold + goats held, then fewest cells used).

    ``key=apply_key`` values each move by applying it: the same choices, slower (the benchmark's
    baseline).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, key=None):
        self.seed = seed  # greedy play is deterministic; the seed is kept for a uniform interface
        self.key = key

    def choose(self, state: GameState) -> Move:
        return best_move_now(state, key=self.key)


# The bots that play inside the ``expected`` rollouts: fast enough to play thousands of games. The
# lookahead bot, which ranks moves by rollouts itself, is in ``seats.BOTS`` with these.
ROLLOUT_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "greedy": lambda seed: GreedyBot(seed),
}


def rollout_bot(name: str, seed: int = 0) -> Bot:
    """A bot of ``ROLLOUT_BOTS`` by name.

    >>> rollout_bot("greedy").name
    'greedy'
    """
    try:
        return ROLLOUT_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            _("unknown bot {name} for the rollouts; bots: {bots}").format(
                name=repr(name), bots=", ".join(sorted(ROLLOUT_BOTS))
            )
        ) from None


def decisions(
    state: GameState,
    bots: Sequence[Bot] | Mapping[int, Bot],
    rng: np.random.Generator | None = None,
) -> Iterator[GameState]:
    """The game loop: play from ``state`` to the end, yielding each decision before its bot plays
    and then the final state. The dice roll from ``rng`` (or the game's seed). A caller that stops
    at a decision plays it itself (``bots`` then needs no bot for that seat).

    >>> from corinth.rules import new_game
    >>> states = list(decisions(new_game(players=2, seed=4), [GreedyBot()] * 2))
    >>> states[-1].is_over, any(s.is_chance for s in states)
    (True, False)
    """
    while not state.is_over:
        if state.is_chance:
            state = state.apply(state.sample_roll(rng))
        else:
            yield state
            state = state.apply(bots[state.current_player].choose(state))
    yield state


def play_game(
    state: GameState, bots: Sequence[Bot], rng: np.random.Generator | None = None
) -> GameState:
    """Play from ``state`` to the end: bots decide, the dice roll from ``rng`` (or the game's seed)."""
    return deque(decisions(state, bots, rng), maxlen=1)[0]  # the last state: the end of the game
