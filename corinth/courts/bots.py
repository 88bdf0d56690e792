"""The Four Courts' bots, each deciding from its own seat's observation only (H1):

- ``random``: any legal move;
- ``greedy``: the best immediate card: one that makes three beside a Court (a token now), else one
  that adds to its longest side; a token of a bonus colour it can lead, else any; the weakest card
  among equals (the strong ones are kept);
- ``ismcts``: information-set Monte Carlo search. Each iteration completes its view into a whole
  game at random (the unseen cards dealt to the other hands and the face-down discard, as they may
  be), picks one of its own moves by UCB1 over every iteration so far (the tree's root is its
  information set: the same moves whatever the unseen cards are), and plays the rest of the round
  and ``horizon`` more rounds with every seat greedy. The reward is its points then, the bonus
  tokens counted as they would fall (``Game.standing``), minus the best other seat's, and 3 more
  for a win if the game ends in that time. The move played most often is chosen.

    python -m corinth.courts.bots --games 1000     # every pair of bots, win rates with 95% intervals

>>> final = play_game([GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)], seed=5)
>>> final.is_over, sum(final.token_places()["won"]) > 0
(True, True)
"""

from __future__ import annotations

import argparse
import math
import random

from corinth.shared.language import _
from corinth.shared.stats import wilson

from .cards import FITS, STRENGTH
from .game import Choose, Game, Move, Observation, Place, deal_all, new_game

MAX_ROUNDS = 200  # a guard: every game ends long before (R5, G1)


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Move:
        return self.rng.choice(view.legal_moves())


def _token_value(game, seat: int, colour: int) -> float:
    """A token's worth for the greedy choice: a bonus colour the seat can lead is worth more."""
    if colour not in game.bonus:
        return 1.0
    mine = game.won[seat][colour]
    best_other = max((w[colour] for s, w in enumerate(game.won) if s != seat), default=0)
    return 1.5 if mine + 1 >= best_other else 1.1


def _court_worth(game, seat: int) -> list[float]:
    """Greedy's worth of a card beside each Court: a token now, else the length of the side."""
    worth = []
    for k in range(4):
        side = len(game.sides[k][seat])
        if side == 2:
            worth.append(10 + max(_token_value(game, seat, t) for t in game.court_tokens[k]))
        else:
            worth.append(side + 1)
    return worth


def card_value(game, seat: int, card: int) -> tuple[float, int]:
    """Greedy's worth of choosing ``card`` now: a token now, else the length of the side it grows;
    among equals, the weakest card (no two cards are equally strong, C3)."""
    worth = _court_worth(game, seat)
    return max(worth[k] for k in FITS[card]), -STRENGTH[card]


def placing_value(game, seat: int, move: Place) -> float:
    if move.take is not None:
        return 10 + _token_value(game, seat, move.take)
    return len(game.sides[move.court][seat]) + 1


def greedy_move(game, seat: int, rng: random.Random) -> Move:
    """The greedy choice from a game or a view (both have hands/sides/tokens as ``seat`` sees them)."""
    if game.phase == "choose":
        hand = game.hand if isinstance(game, Observation) else game.hands[seat]
        worth = _court_worth(game, seat)
        best = max(hand, key=lambda c: (max(worth[k] for k in FITS[c]), -STRENGTH[c]))
        return Choose(seat, best)
    moves = game.legal_moves() if isinstance(game, Observation) else game.legal_moves(seat)
    values = [placing_value(game, seat, m) for m in moves]
    top = max(values)
    best = [m for m, v in zip(moves, values) if v == top]
    return best[0] if len(best) == 1 else rng.choice(best)


class GreedyBot(RandomBot):
    name = "greedy"

    def choose(self, view: Observation) -> Move:
        return greedy_move(view, view.seat, self.rng)


def _rollout(game: Game, seat: int, rounds: int, rng: random.Random) -> float:
    """Every seat greedy until ``rounds`` more rounds are over; the seat's reward (see the module)."""
    stop = game.rounds + rounds
    while not game.is_over and game.rounds < stop:
        if game.is_chance:
            game = deal_all(game, rng)
        elif game.phase == "choose":
            for s in game.to_choose():
                game = game.apply(greedy_move(game, s, rng))
        else:
            game = game.apply(greedy_move(game, game.current_player, rng))
    standing = game.standing()
    reward = standing[seat] - max(p for s, p in enumerate(standing) if s != seat)
    if game.is_over:
        reward += 3 * game.returns()[seat]
    return reward


class ISMCTSBot(RandomBot):
    """Information-set Monte Carlo search from the seat's view (see the module's docstring)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 24, horizon: int = 1):
        super().__init__(seed)
        self.iterations = iterations
        self.horizon = horizon

    def search(self, view: Observation) -> dict[Move, tuple[int, float]]:
        """Each of the seat's moves with its visits and mean reward."""
        moves = view.legal_moves()
        visits = dict.fromkeys(moves, 0)
        total = dict.fromkeys(moves, 0.0)
        for i in range(self.iterations):
            if i < len(moves):
                move = moves[i]
            else:
                move = max(
                    moves,
                    key=lambda m: total[m] / visits[m] + 1.5 * math.sqrt(math.log(i) / visits[m]),
                )
            world = view.determinize(self.rng).apply(move)
            reward = _rollout(world, view.seat, self.horizon + 1, self.rng)
            visits[move] += 1
            total[move] += reward
        return {m: (visits[m], total[m] / max(visits[m], 1)) for m in moves}

    def choose(self, view: Observation) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        stats = self.search(view)
        return max(moves, key=lambda m: stats[m])


BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot, ISMCTSBot)}


def make_bot(name: str, seed: int = 0):
    """A bot by its name: random, greedy or ismcts.

    >>> make_bot("ismcts", 3).iterations
    24
    """
    if name not in BOTS:
        raise ValueError(
            _("no bot {name}: a seat is 'human' or one of {bots}").format(
                name=repr(name), bots=", ".join(BOTS)
            )
        )
    return BOTS[name](seed)


def play_game(bots, seed: int = 0, players: int | None = None) -> Game:
    """One game between ``bots`` (one per seat), chance drawn from ``seed``; each bot sees only its
    own seat's observation."""
    rng = random.Random(seed)
    game = new_game(players or len(bots))
    while not game.is_over:
        if game.is_chance:
            game = deal_all(game, rng)
        elif game.phase == "choose":
            if game.rounds > MAX_ROUNDS:
                raise RuntimeError("a game that does not end: a bug of the engine")
            for seat in game.to_choose():
                game = game.apply(bots[seat].choose(game.observe(seat)))
        else:
            seat = game.current_player
            game = game.apply(bots[seat].choose(game.observe(seat)))
    return game


def match(a: str, b: str, games: int, players: int = 4, first_seed: int = 0, progress=None) -> dict:
    """``games`` seeded games of one ``a`` bot against ``players - 1`` ``b`` bots, ``a``'s seat
    going round the table; ``a``'s share of the wins (shared wins split) and its 95% interval.
    An even bot wins 1/players of the games."""
    wins = 0.0
    for k in range(games):
        seat = k % players
        seed = first_seed + k
        bots = [make_bot(b, 1000 * seed + s) for s in range(players)]
        bots[seat] = make_bot(a, 1000 * seed + seat)
        final = play_game(bots, seed=seed, players=players)
        wins += final.returns()[seat]
        if progress is not None and (k + 1) % 50 == 0:
            progress(f"{a} against {b}: {wins:g} won of {k + 1} (seeds {first_seed}-{seed})")
    lo, hi = wilson(wins, games)
    return {
        "bot": a,
        "against": b,
        "games": games,
        "players": players,
        "wins": wins,
        "rate": wins / games,
        "low": lo,
        "high": hi,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Each bot against the others, win rates.")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument(
        "--pairs",
        nargs="+",
        default=["greedy:random", "random:greedy", "ismcts:greedy", "ismcts:random"],
    )
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true", help="a line every 50 games")
    args = parser.parse_args(argv)
    report = (lambda line: print(line, flush=True)) if args.progress else None
    print(
        f"One bot against {args.players - 1} of another, {args.games} seeded games each; "
        f"an even bot wins {1 / args.players:.0%}"
    )
    print("| bot | against | games | wins | win rate | 95% interval |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for pair in args.pairs:
        a, b = pair.split(":")
        r = match(a, b, args.games, args.players, args.first_seed, report)
        print(
            f"| {a} | {b} | {r['games']} | {r['wins']:g} | {r['rate']:.1%} | "
            f"{r['low']:.1%} – {r['high']:.1%} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
