"""Exact play near the end: the expected final score of every move by expectimax (``exact``).

From a position where the player to decide has at most 2 turns left, every future roll is
enumerated with its exact probability (``GameState.chance_outcomes``), the player picks the best
of its own later decisions, and every other player plays the greedy bot's move
(``value.best_move_now``): the model of the opponents, stated in each explanation. A player's final
score depends only on its own sheet and the bonuses it claimed (E1), so once the player's last turn
is over its score is final whatever the others do.

What makes it fast enough (see ``corinth bench``):

- values are memoized on ``state.key()``;
- on the player's last turn the best take is worth the best ``move_key`` points (the take and the
  best build it pays for, B1), computed per harbor group: a group's own action depends on its
  district and size, a steward move on its face only, so each is valued once per sheet;
- what happens between a roll and the player's next decision (the dice, the opponents' greedy
  moves) does not depend on the player's own sheet, so it is computed once per position of the
  others and shared by every candidate move that leaves them the same position;
- when the player itself takes first after a roll and it is its last turn, only the faces and sizes
  of the groups matter, so the roll is enumerated as counts of all dice (white and yellow alike).

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
>>> turns_left(s)  # 12 rounds: 2 turns in the 6 where player 1 is first, 1 in the 6 others
18
>>> rank_exact(s)
Traceback (most recent call last):
...
corinth.solver.exact.OutOfReach: player 1 has 18 turns left; the exact ranking is for at most 2
"""

from __future__ import annotations

import functools
import time

import numpy as np

from corinth.rules import HARBOR, GameState, Move, Roll, new_game
from corinth.rules.dice import (
    FACES,
    WHITE_DICE,
    compositions,
    multinomial,
    roll_outcomes,
)
from corinth.rules.state import turn_order

from .bots import GreedyBot, decisions
from .value import _Now, best_move_now, cheapest_arrivals

MAX_TURNS = 2  # the deciding player's turns left, this one included, that exact solves


class OutOfReach(ValueError):
    """The position is too far from the end for the exact ranking (the message says why)."""


def turns_left(state: GameState, player: int | None = None) -> int:
    """The turns ``player`` (default: the one to decide) still plays, the one under way included.

    Every round after this one starts with a first player crossing a free turn-track spot (R1, R9),
    so the rounds left are the free spots of all the players.

    >>> from corinth.rules import new_game
    >>> g = new_game(players=4, seed=1)  # 16 rounds (4 free spots each), one turn each
    >>> turns_left(g), turns_left(g, 0)
    (16, 16)
    """
    if state.is_over:
        return 0
    who = state.current_player if player is None else player
    n = state.num_players
    order = state.turn_order()
    here = order.count(who) if state.phase in ("purvey", "roll") else order[state.turn :].count(who)
    rounds = sum(max(0, state.sheet.turn_track - p.turns) for p in state.players)
    f = state.first_player
    return here + sum(turn_order(n, (f + k) % n).count(who) for k in range(1, rounds + 1))


def check_reach(state: GameState) -> None:
    """Raise ``OutOfReach`` unless ``exact`` can solve ``state``: the player to decide has at most
    2 turns left, and with 2 left the dice of the first of them are already rolled."""
    if state.is_over or state.is_chance:
        raise OutOfReach("there is no decision to rank here (the game is over or the dice roll)")
    who = state.current_player
    left = turns_left(state, who)
    if left > MAX_TURNS:
        raise OutOfReach(
            f"player {who + 1} has {left} turns left; the exact ranking is for at most {MAX_TURNS}"
        )
    if left == MAX_TURNS and state.phase == "purvey":
        raise OutOfReach(
            f"player {who + 1} has {left} turns left and the dice are not rolled yet; the exact "
            "ranking starts from a rolled harbor when 2 turns are left"
        )


def in_reach(state: GameState) -> bool:
    """True when ``rank_moves(state, "exact")`` can answer (see ``check_reach``).

    >>> from corinth.rules import new_game
    >>> in_reach(new_game(players=2, seed=1))
    False
    """
    try:
        check_reach(state)
    except OutOfReach:
        return False
    return True


def _shape(state: GameState) -> tuple:
    """The harbor as its groups' faces and sizes (which dice are yellow aside)."""
    return tuple((g.face, g.size) if g else None for g in state.harbor)


def _without(players: tuple, who: int) -> tuple:
    return players[:who] + (None,) + players[who + 1 :]


class ExactSolver:
    """Expectimax for one player (``who``), memoized; ``value(state)`` is its expected final score.

    It does not check the reach itself (``rank_exact`` does): far from the end it would run for
    ever.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=5, first_player=0)
    >>> while s.is_chance or turns_left(s, 0) > 1:
    ...     s = s.roll() if s.is_chance else s.apply(best_move_now(s))
    >>> ExactSolver(0).value(s) >= s.score(0)
    True
    """

    def __init__(self, who: int, max_work: int | None = None):
        self.who = who
        self.work = (
            0  # rolls enumerated: a measure of the effort that does not depend on the machine
        )
        self.max_work = max_work
        self.memo: dict[tuple, float] = {}
        self.greedy: dict[tuple, Move] = {}
        self.after_roll: dict[tuple, list] = {}
        # per (sheet, bonuses) of the player's last take: the sheet, then the best points of each
        # group's district action (by slot and size) and steward move (by face)
        self.groups: dict[tuple, tuple] = {}

    # --- the recursion -----------------------------------------------------------------------

    def value(self, state: GameState) -> float:
        """The player's expected final score from ``state`` (exact, as a float)."""
        key = state.key()
        v = self.memo.get(key)
        if v is None:
            v = self.memo[key] = self._value(state)
        return v

    def _value(self, s: GameState) -> float:
        who = self.who
        if s.is_over:
            return float(s.score(who))
        left = turns_left(s, who)
        if left == 0:  # the player's sheet is final (E1)
            return float(s.score(who))
        if s.is_chance:
            return self._chance(s, left)
        if s.current_player != who:
            return self.value(s.apply(self.greedy_move(s)))
        if s.phase == "take" and left == 1:
            return float(self.last_take(s))
        return max(self.value(s.apply(m)) for m in s.legal_moves())  # value() merges positions

    def greedy_move(self, s: GameState) -> Move:
        """The greedy bot's move, memoized on what it reads: the mover's sheet, the bonuses and
        the harbor (its choice never depends on the other sheets)."""
        cur = s.current_player
        # A take reads only the groups' faces and sizes, not which dice are yellow.
        key = (s.phase, cur, s.players[cur], s.bonus_owner, _shape(s), s.turn, s.first_player)
        m = self.greedy.get(key)
        if m is None:
            m = self.greedy[key] = best_move_now(s)
        return m

    # --- the last turn -----------------------------------------------------------------------

    def last_take(self, s: GameState) -> int:
        """The best points of the player's last take (and the build it pays for): the best group."""
        p = s.players[self.who]
        # Memoized per sheet and bonuses, the sheet by identity (kept alive in the entry): the same
        # sheet object meets hundreds of thousands of rolls, and hashing it is slow.
        key = (id(p), s.bonus_owner)
        entry = self.groups.get(key)
        if entry is None or entry[0] is not p:
            entry = self.groups[key] = (p, _Now(s), {}, {})
        _, now, actions, stewards = entry
        best = None
        for slot, g in enumerate(s.harbor):
            if g is None:
                continue
            size = g.white + g.yellow
            a = actions.get((slot, size))
            if a is None:
                options = now.actions(HARBOR[slot], size)
                a = actions[slot, size] = max((k[0] for _, k in options), default=None)
            st = stewards.get(g.face)
            if st is None:
                arrivals = cheapest_arrivals(p.steward, p.used, [g.face], p.gold, now.stables)[0]
                options = now.stewards(g.face, arrivals)
                st = stewards[g.face] = max((k[0] for _, _, k in options), default=None)
            for points in (a, st):
                if points is not None and (best is None or points > best):
                    best = points
        return best

    # --- chance ------------------------------------------------------------------------------

    def _chance(self, s: GameState, left: int) -> float:
        """Sum over the rolls: what the others do up to the player's next decision is shared by
        every sheet the player may have (memoized without it)."""
        who = self.who
        # the yellow dice rolled count the first player's earned ones (R2), the player's own too
        sig = (_without(s.players, who), s.yellow_dice()) + s.key()[1:]
        entries = self.after_roll.get(sig)
        if entries is None:
            entries = self.after_roll[sig] = self._entries(s, left)
        p = s.players[who]
        total = 0.0
        for prob, t, roll in entries:
            if t is None:  # the player's own sheet decides what comes next: play it out
                total += prob * self.value(s.apply(Roll(*roll)))
                continue
            if t.players[who] is not p:
                t = t.with_player(who, p)
            if left == 1 and t.phase == "take":
                total += prob * self.last_take(t)
            else:
                total += prob * self.value(t)
        return total

    def _entries(self, s: GameState, left: int) -> list:
        who = self.who
        self.work += len(compositions(WHITE_DICE)) * len(compositions(s.yellow_dice()))
        if self.max_work is not None and self.work > self.max_work:
            raise OutOfReach(f"more than {self.max_work} rolls to enumerate")
        if left == 1 and s.first_player == who:
            # The player takes first and for the last time: only the groups' faces and sizes
            # matter, so count all the dice together (a multinomial over 9 + yellow dice).
            dice = WHITE_DICE + s.yellow_dice()
            template = s.apply(next(iter(s.chance_outcomes()))[0])
            if template.phase == "take" and template.current_player == who:
                total = FACES**dice
                out = []
                yellow = s.yellow_dice()
                for counts in compositions(dice):
                    if s.variants.nine_dice_win and max(counts) == dice:  # R5: replayed
                        face = counts.index(dice)
                        w = tuple(WHITE_DICE if f == face else 0 for f in range(FACES))
                        y = tuple(yellow if f == face else 0 for f in range(FACES))
                        out.append((multinomial(counts) / total, None, (w, y)))
                        continue
                    # all the dice counted as white: only the groups' faces and sizes matter
                    rolled = s.rolled(counts, (0,) * FACES)
                    out.append((multinomial(counts) / total, rolled, None))
                return out
        # Layer by layer: every roll, then the others' greedy moves, positions merged by key
        # after each move (the yellow dice leave after the first turn, R6, so many meet again).
        frontier: dict[tuple, list] = {}
        for white, yellow, prob in _outcomes(s.yellow_dice()):
            t = s.rolled(white, yellow)
            k = t.key()
            e = frontier.get(k)
            if e is None:
                frontier[k] = [prob, t, (white, yellow)]
            else:
                e[0] += prob
        out = []
        merged: dict[tuple, list] = {}
        while frontier:
            nxt: dict[tuple, list] = {}
            for prob, t, roll in frontier.values():
                if t.is_over or t.is_chance or t.current_player == who:
                    if t.phase == "take" and t.current_player == who:
                        k = t.key()
                        if left == 1:  # only the groups' faces and sizes matter now
                            k = (_shape(t), t.bonus_owner, t.players)
                        e = merged.get(k)
                        if e is None:
                            merged[k] = [prob, t, roll]
                        else:
                            e[0] += prob
                    else:  # the player's own sheet decides what comes next: replayed per sheet
                        out.append((prob, None, roll))
                    continue
                a = t.apply(self.greedy_move(t))
                e = nxt.get(a.key())
                if e is None:
                    nxt[a.key()] = [prob, a, roll]
                else:
                    e[0] += prob
            frontier = nxt
        return out + [tuple(e) for e in merged.values()]


@functools.lru_cache(maxsize=8)
def _outcomes(yellow_dice: int) -> tuple[tuple[tuple, tuple, float], ...]:
    """Every roll of 9 white and ``yellow_dice`` yellow dice with its probability as a float."""
    return tuple((o.white, o.yellow, float(o.probability)) for o in roll_outcomes(yellow_dice))


def rank_exact(state: GameState, max_work: int | None = None) -> list[tuple[Move, float]]:
    """Every legal move with its exact expected final score for the player to decide, best first
    (ties in legal-move order). Raises ``OutOfReach`` when the position is too far from the end, or
    when more than ``max_work`` rolls would have to be enumerated (``ExactSolver.work``).

    >>> from corinth.rules import new_game
    >>> from corinth.solver.value import move_key
    >>> s = new_game(players=2, seed=5, first_player=0)
    >>> while turns_left(s) > 1 or s.phase != "take":  # play greedy up to player 1's last take
    ...     s = s.roll() if s.is_chance else s.apply(best_move_now(s))
    >>> ranked = rank_exact(s)
    >>> ranked[0][1] == max(move_key(s, m)[0] for m in s.legal_moves())
    True

    The same position asked again (a hint asked twice, a puzzle checked after it was shown) is
    answered from a small memo.
    """
    return list(_remembered(state, max_work))


@functools.lru_cache(maxsize=64)
def _remembered(state: GameState, max_work: int | None) -> tuple[tuple[Move, float], ...]:
    return tuple(_solve(state, max_work))


def _solve(state: GameState, max_work: int | None = None) -> list[tuple[Move, float]]:
    """``rank_exact``'s work, never memoized (the bench times it)."""
    check_reach(state)
    solver = ExactSolver(state.current_player, max_work)
    moves = state.legal_moves()
    values = []
    for m in moves:
        # rounded: sums of float probabilities that are equal in exact arithmetic tie
        values.append((m, round(solver.value(state.apply(m)), 9)))
    order = sorted(range(len(moves)), key=lambda i: -values[i][1])
    return [values[i] for i in order]


def late_states(count: int, left: int = MAX_TURNS, seed: int = 0) -> list[GameState]:
    """``count`` seeded take positions where the player to decide has ``left`` turns left, from
    greedy games of 2 and 4 players in turn (one position per game and seat, the first met): the
    states the bench, the agreement report and the final-score puzzles use.

    >>> [s.num_players for s in late_states(3, left=1)]
    [2, 2, 4]
    """
    out: list[GameState] = []
    game = 0
    while len(out) < count:
        players = 2 if game % 2 == 0 else 4
        start = new_game(players=players, seed=seed + game)
        seen: set[int] = set()
        for state in decisions(start, [GreedyBot()] * players, np.random.default_rng([seed, game])):
            if len(out) >= count:
                break
            who = state.current_player
            if state.phase == "take" and who not in seen and turns_left(state) == left:
                seen.add(who)
                if len(state.legal_moves()) > 1:
                    out.append(state)
        game += 1
    return out


def timed_rank(state: GameState) -> tuple[list[tuple[Move, float]], float]:
    """``rank_exact`` and its CPU time in seconds (the bench's measure)."""
    t = time.process_time()
    out = _solve(state)
    return out, time.process_time() - t


__all__ = [
    "MAX_TURNS",
    "ExactSolver",
    "OutOfReach",
    "check_reach",
    "in_reach",
    "late_states",
    "rank_exact",
    "turns_left",
]
