"""Corintho's bots: ``random``, ``greedy`` (wins now, else answers a claimed line, else claims one,
else random) and ``search`` (the exact search a few moves deep, greedy among the unproven moves),
and a seeded game between them.

    python -m corinth.corintho.bots --games 500     # the search bot against greedy, seats alternating

>>> final = play_game([GreedyBot(1), RandomBot(2)], seed=3)
>>> final.is_over or len(final.history) == MAX_MOVES
True
"""

from __future__ import annotations

import argparse
import random

from corinth.shared.language import _

from .game import Game, new_game
from .solve import rank_moves

MAX_MOVES = 200  # a game still going after this many moves is a draw


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game):
        return self.rng.choice(game.legal_moves())


class GreedyBot(RandomBot):
    """A move that wins at once; else one that undoes the other player's claimed line; else one that
    claims a line; else a random move."""

    name = "greedy"

    def choose(self, game: Game):
        me = game.current_player
        moves = game.legal_moves()
        after = [(m, game.apply(m)) for m in moves]
        for tier in (
            lambda a: a.winner == me,
            lambda a: game.claim is not None and game.claim[0] != me and a.winner is None,
            lambda a: a.claim is not None and a.claim[0] == me,
        ):
            good = [m for m, a in after if tier(a)]
            if good:
                return self.rng.choice(good)
        return self.rng.choice(moves)


class SearchBot(GreedyBot):
    """The exact search ``depth`` moves deep: a proven win (the quickest), else the greedy choice
    among the moves not proven lost (a proven loss only when nothing else is left)."""

    name = "search"

    def __init__(self, seed: int = 0, depth: int = 2):
        super().__init__(seed)
        self.depth = depth

    def choose(self, game: Game):
        ranked = rank_moves(game, depth=self.depth)
        if ranked[0].outcome == "win":
            return ranked[0].move
        safe = [r.move for r in ranked if r.outcome != "loss"]
        if not safe:
            return ranked[-1].move  # the longest defence
        choice = GreedyBot.choose(self, game)
        return choice if choice in safe else self.rng.choice(safe)


BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot, SearchBot)}  # seats by name


def make_bot(name: str, seed: int = 0, depth: int = 2):
    """A bot by its name: random, greedy or search (``depth``: the search's moves).

    >>> make_bot("search", depth=3).depth
    3
    """
    if name not in BOTS:
        raise ValueError(
            _("no bot {name}: a seat is 'human' or one of {bots}").format(
                name=repr(name), bots=", ".join(BOTS)
            )
        )
    if name == "search":
        return SearchBot(seed, depth)
    return BOTS[name](seed)


def play_game(bots, seed: int = 0, players: int | None = None) -> Game:
    """One game between ``bots`` (one per seat), from a new game; seeded by the bots' own seeds."""
    game = new_game(players or len(bots))
    while not game.is_over and len(game.history) < MAX_MOVES:
        moves = game.legal_moves()
        if not moves:
            break  # no legal move: the search counts it a loss (RULES.md, E1); the game stops here
        game = game.apply(bots[game.current_player].choose(game))
    return game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The search bot against the greedy bot.")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--depth", type=int, default=2)
    args = parser.parse_args(argv)
    wins = draws = 0
    for k in range(args.games):
        search, greedy = SearchBot(2 * k, args.depth), GreedyBot(2 * k + 1)
        seat = k % 2  # the search bot plays first in every other game
        bots = [search, greedy] if seat == 0 else [greedy, search]
        final = play_game(bots, seed=k)
        if final.winner == seat:
            wins += 1
        elif final.winner is None:
            draws += 1
    print(
        f"search (depth {args.depth}) against greedy, {args.games} games: {wins} won "
        f"({wins / args.games:.1%}), {draws} drawn, {args.games - wins - draws} lost"
    )


if __name__ == "__main__":
    main()
