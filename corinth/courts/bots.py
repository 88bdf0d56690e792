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
  for a win if the game ends in that time. The move played most often is chosen (24 iterations,
  ``horizon`` 1);
- ``ismcts-far``: the same search looking further, 72 iterations and ``horizon`` 4: the rest of
  the round and 4 more rounds. It wins 45% of its games against three ``ismcts`` where an even seat
  wins 25% (``corinth/courts/README.md``, "Measured"), at about 7 ms of CPU a decision.

Both play out on plain lists (``_Playout``): the engine's rules and greedy's choices without a
``Game`` built at each move, a search's iteration at about 2.5 times less CPU than the engine's own
playout (``_rollout``, kept as the reference a test holds it to).

    python -m corinth.courts.bots --games 1000     # every pair of bots, win rates with 95% intervals
    python -m corinth.courts.bots --games 400 --pairs ismcts-far:ismcts ismcts:ismcts-far

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

from .cards import CARDS, COURT_SUITS, FITS, STRENGTH
from .game import (
    Choose,
    Game,
    Move,
    Observation,
    Place,
    _bonus_shares,
    deal_all,
    new_game,
)

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
    """Every seat greedy until ``rounds`` more rounds are over; the seat's reward (see the module).
    The engine's playout: the search plays ``_Playout`` instead, the same game on plain lists."""
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


# --- the playout on plain lists (the search's hot path) -------------------------------------------

_VALUE = tuple(CARDS[c].value for c in range(40))


class _Playout:
    """A determinized game as plain lists, played on by greedy seats as ``_rollout`` plays a
    ``Game`` (the same rules, the same greedy choices, chance drawn from the same distribution),
    without building a ``Game`` at each move: the search's iterations cost several times less.
    Built from a seat's view with the unseen cards dealt at random (``Observation.determinize``)."""

    __slots__ = (
        "players", "seat", "bonus", "hands", "sides", "tokens", "reserve", "won", "discard",
        "queue", "phase", "rounds", "hand_size", "early", "over", "rng",
    )  # fmt: skip

    def __init__(self, view: Observation, rng: random.Random):
        unseen = list(view.unseen())
        rng.shuffle(unseen)
        hands, at = [], 0
        for s in range(view.players):
            if s == view.seat:
                hands.append(list(view.hand))
            else:
                hands.append(unseen[at : at + view.hand_sizes[s]])
                at += view.hand_sizes[s]
        self.players, self.seat, self.bonus, self.rng = view.players, view.seat, view.bonus, rng
        self.hands = hands
        self.sides = [[list(side) for side in court] for court in view.sides]
        self.tokens = [list(t) for t in view.court_tokens]
        self.reserve = list(view.reserve)
        self.won = [list(w) for w in view.won]
        self.discard = list(view.discard_seen) + unseen[at:]
        self.queue = list(view.queue)
        self.phase, self.rounds, self.hand_size = view.phase, view.rounds, view.hand_size
        self.early = "early-end" in view.variants
        self.over = False

    # greedy's measures (``_token_value``, ``_court_worth``), on the lists
    def _token(self, seat: int, colour: int) -> float:
        if colour not in self.bonus:
            return 1.0
        mine, best = self.won[seat][colour], 0
        for s, w in enumerate(self.won):
            if s != seat and w[colour] > best:
                best = w[colour]
        return 1.5 if mine + 1 >= best else 1.1

    def _greedy_card(self, seat: int) -> int:
        worth = []
        for k in range(4):
            side = len(self.sides[k][seat])
            if side == 2:
                worth.append(10 + max(self._token(seat, t) for t in self.tokens[k]))
            else:
                worth.append(side + 1)
        best, top, weakest = -1, -1.0, 99
        for c in self.hands[seat]:  # the best worth, the weakest card among equals
            w = max(worth[k] for k in FITS[c]) if len(FITS[c]) > 1 else worth[FITS[c][0]]
            if w > top or (w == top and STRENGTH[c] < weakest):
                best, top, weakest = c, w, STRENGTH[c]
        return best

    def reveal(self, chosen: dict[int, int]) -> None:
        """R1, R2: every seat with a card lays one (``chosen``'s, else greedy's); highest first."""
        for s in range(self.players):
            if self.hands[s] and s not in chosen:
                chosen[s] = self._greedy_card(s)
        for s, c in chosen.items():
            self.hands[s].remove(c)
        self.queue = sorted(chosen.items(), key=lambda sc: -STRENGTH[sc[1]])
        self.phase = "place"

    def place(self, court: int | None = None, take: int | None = None) -> None:
        """The next revealed card placed (greedy's placing unless ``court`` is given); R5, R7, G1."""
        seat, card = self.queue.pop(0)
        if court is None:
            best, top = [], -1.0
            for k in FITS[card]:
                if len(self.sides[k][seat]) == 2:
                    for t in sorted(set(self.tokens[k])):
                        v = 10 + self._token(seat, t)
                        if v > top:
                            best, top = [(k, t)], v
                        elif v == top:
                            best.append((k, t))
                else:
                    v = len(self.sides[k][seat]) + 1
                    if v > top:
                        best, top = [(k, None)], v
                    elif v == top:
                        best.append((k, None))
            court, take = best[0] if len(best) == 1 else self.rng.choice(best)
        side = self.sides[court][seat]
        if take is None:
            side.append(card)
            return
        self.discard += side
        self.discard.append(card)
        side.clear()
        self.won[seat][take] += 1
        tokens = self.tokens[court]
        tokens.remove(take)
        if not tokens:
            suits = COURT_SUITS[court]
            if all(self.reserve[c] for c in suits):
                for c in suits:
                    self.reserve[c] -= 1
                tokens.extend(suits)
                if self.early and not all(self.reserve):
                    self.finish()
            else:
                self.finish()

    def finish(self) -> None:
        """G1: the cards not yet placed go back to their hands."""
        for s, c in self.queue:
            self.hands[s].append(c)
        self.queue, self.over = [], True

    def end_round(self) -> None:
        """The round over: the next one, or R9's deal again from the discard."""
        self.rounds += 1
        self.phase = "choose"
        if any(self.hands):
            return
        pool, self.discard = self.discard, []
        size = min(self.hand_size, len(pool) // self.players)
        if size == 0:
            self.over = True
            return
        self.rng.shuffle(pool)
        for s in range(self.players):
            self.hands[s] = pool[s * size : (s + 1) * size]
        self.discard = pool[self.players * size :]

    def play(self, move: Move, rounds: int) -> float:
        """Play the seat's ``move``, then every seat greedy until ``rounds`` more rounds are over
        (the round of the move included); the seat's reward (``_rollout``'s)."""
        if isinstance(move, Choose):
            self.reveal({move.seat: move.card})
        else:
            self.place(move.court, move.take)
            if not self.over and not self.queue:
                self.end_round()
        stop = self.rounds + rounds
        while not self.over:
            if self.queue:
                self.place()
                continue
            if self.phase == "place":
                self.end_round()
                if self.over or self.rounds >= stop:
                    break
            self.reveal({})
        return self.reward()

    def reward(self) -> float:
        """Points then (bonus tokens as they would fall) minus the best other seat's, 3 more for
        a win (shared: its share) if the game is over."""
        shares = _bonus_shares(self.won, self.bonus)
        standing = [sum(self.won[s]) + sum(b[s] for b in shares) for s in range(self.players)]
        seat = self.seat
        reward = standing[seat] - max(p for s, p in enumerate(standing) if s != seat)
        if self.over:

            def key(s: int):
                hand = self.hands[s]
                return (
                    standing[s],
                    sum(_VALUE[c] for c in hand),
                    max((STRENGTH[c] for c in hand), default=-1),
                )

            best = max(key(s) for s in range(self.players))
            winners = [s for s in range(self.players) if key(s) == best]
            if seat in winners:
                reward += 3 / len(winners)
        return reward


class ISMCTSBot(RandomBot):
    """Information-set Monte Carlo search from the seat's view (see the module's docstring)."""

    name = "ismcts"

    def __init__(
        self, seed: int = 0, iterations: int = 24, horizon: int = 1, exploration: float = 1.5
    ):
        super().__init__(seed)
        self.iterations = iterations
        self.horizon = horizon
        self.exploration = exploration  # UCB1's constant

    def search(self, view: Observation) -> dict[Move, tuple[int, float]]:
        """Each of the seat's moves with its visits and mean reward."""
        moves = view.legal_moves()
        visits = dict.fromkeys(moves, 0)
        total = dict.fromkeys(moves, 0.0)
        c = self.exploration
        for i in range(self.iterations):
            if i < len(moves):
                move = moves[i]
            else:
                move = max(
                    moves,
                    key=lambda m: total[m] / visits[m] + c * math.sqrt(math.log(i) / visits[m]),
                )
            reward = _Playout(view, self.rng).play(move, self.horizon + 1)
            visits[move] += 1
            total[move] += reward
        return {m: (visits[m], total[m] / max(visits[m], 1)) for m in moves}

    def choose(self, view: Observation) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        stats = self.search(view)
        return max(moves, key=lambda m: stats[m])


class FarISMCTSBot(ISMCTSBot):
    """``ismcts`` looking further: 72 iterations, each playout to the end of the round and 4 more
    rounds (about half a deal: the tokens that fall then are in its reward).

    >>> bot = make_bot("ismcts-far", 3)
    >>> bot.iterations, bot.horizon
    (72, 4)
    """

    name = "ismcts-far"

    def __init__(
        self, seed: int = 0, iterations: int = 72, horizon: int = 4, exploration: float = 1.5
    ):
        super().__init__(seed, iterations, horizon, exploration)


BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot, ISMCTSBot, FarISMCTSBot)}


def make_bot(name: str, seed: int = 0):
    """A bot by its name: random, greedy, ismcts or ismcts-far.

    >>> make_bot("ismcts", 3).iterations, make_bot("ismcts-far", 3).horizon
    (24, 4)
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
