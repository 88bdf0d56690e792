"""Exact play near the end for the win: the probability that the player to decide wins (``goal="win"``).

Every leaf is worth the player's share of the victory (E2), every future roll is enumerated with
its exact probability, and the others follow one of the exact ranking's models; a plain expectimax
memoized on ``state.key()``, ``max_work`` capping the positions valued (``OutOfReach`` past it). Why
the win is a goal of its own and what it costs: see docs/solver.md.

>>> from corinth.solver.exact import late_states
>>> s = late_states(1, left=1)[0]
>>> ranked = rank_win(s)
>>> 0.0 <= ranked[-1][1] <= ranked[0][1] <= 1.0
True
"""

from __future__ import annotations

import functools
import time

from corinth.rules import HARBOR, GameState, Move
from corinth.rules.dice import WHITE_DICE, compositions
from corinth.shared.language import _, current_language, number

from .exact import OutOfReach, _group_take, check_model, check_reach
from .value import _Now, best_move_now


def percent(chance: float) -> str:
    """A chance in percent for a learner, one decimal at most.

    >>> percent(0.0551376), percent(0.5)
    ('5.5%', '50%')
    """
    if current_language() == "en":
        return f"{100 * chance:.1f}".removesuffix(".0") + "%"
    return _("{n}%").format(n=number(round(100 * chance, 1)))


# Positions a ranking for the win values at most by default: about 10 s of CPU (15,000 a second).
MAX_WIN_WORK = 150_000


class WinSolver:
    """Expectimax of player ``who``'s share of the victory, the others following ``opponents``.

    >>> from corinth.solver.exact import late_states
    >>> s = late_states(1, left=1)[0]
    >>> 0.0 <= WinSolver(s.current_player).value(s) <= 1.0
    True
    """

    def __init__(self, who: int, opponents: str = "greedy", max_work: int | None = MAX_WIN_WORK):
        self.who = who
        self.opponents = check_model(opponents)
        self.max_work = max_work
        self.work = 0  # positions valued
        self.memo: dict[tuple, float] = {}

    def value(self, s: GameState) -> float:
        """The player's chance to win from ``s`` (a shared victory counts as its share)."""
        key = s.key()
        v = self.memo.get(key)
        if v is None:
            self.work += 1
            if self.max_work is not None and self.work > self.max_work:
                raise OutOfReach(
                    _(
                        "winning chances need more than {n} positions here; "
                        "the ranking for the win is for the last turns only"
                    ).format(
                        n=f"{self.max_work:,}"
                        if current_language() == "en"
                        else number(self.max_work)
                    )
                )
            v = self.memo[key] = self._value(s)
        return v

    def _value(self, s: GameState) -> float:
        if s.is_over:
            winners = s.winners
            return 1.0 / len(winners) if self.who in winners else 0.0
        if s.is_chance:
            return sum(
                float(p) * self.value(s.rolled(r.white, r.yellow)) for r, p in s.chance_outcomes()
            )
        if s.current_player == self.who:
            return max(self.value(s.apply(m)) for m in s.legal_moves())
        if s.phase == "take" and self.opponents != "greedy":
            now = _Now(s)
            takes = [m for slot in range(len(HARBOR)) if (m := _group_take(s, now, slot))]
            if takes:
                values = [self.value(s.apply(m)) for m in takes]
                if self.opponents == "cautious":
                    return min(values)
                return sum(values) / len(values)
        # each position is valued once (``value``'s memo), so its greedy move is found once too
        return self.value(s.apply(best_move_now(s)))


# Positions valued per second of CPU, as the estimates count them: measured 8,400 to 15,000 a
# second on a loaded 2-core machine, and ``estimate_win_work`` counts up to a third too few on 4
# players (12,014 for 16,290 valued), so on the safe side.
WIN_POSITIONS_PER_SECOND = 7_000


def estimate_win_work(state: GameState, opponents: str = "greedy") -> int:
    """The positions ``rank_win`` is expected to value at ``state``, before any of the work: the
    distinct positions the legal moves lead to, times every roll still to come in the game and
    the decisions between them (one greedy game to the end says how many), times the distinct
    moves of the player's own later decisions (counted without applying them past
    ``DISTINCT_LIMIT`` legal moves), and the groups each other player may choose from under the
    cautious and random models. Nothing is shared between sheets (see the module
    docstring), so this is close: 12,014 for 16,290 valued on a position of 4 players with 2
    turns left, 209 for 136 on one of 2 players. Raises ``OutOfReach`` like ``check_reach``.

    >>> from corinth.solver.exact import late_states
    >>> s = late_states(1, left=1)[0]
    >>> estimate_win_work(s) <= estimate_win_work(s, "cautious")
    True
    """
    check_reach(state)
    return _estimate(state, check_model(opponents))


# Past this many legal moves, a decision's moves are counted, not applied to merge those leading
# to one position (a bound above, reached at once: the estimate stays a few hundredths of a second)
DISTINCT_LIMIT = 300


def _distinct(s: GameState) -> int:
    """The positions the legal moves of ``s`` lead to (at most ``DISTINCT_LIMIT`` applied)."""
    count = s.legal_move_count()
    if count > DISTINCT_LIMIT:
        return count
    return len({s.apply(m).key() for m in s.legal_moves()})


@functools.lru_cache(maxsize=64)
def _estimate(state: GameState, opponents: str) -> int:
    who = state.current_player
    level = _distinct(state)
    total = level
    s = state.apply(best_move_now(state))
    while not s.is_over:
        if s.is_chance:
            level *= len(compositions(WHITE_DICE)) * len(compositions(s.yellow_dice()))
            s = s.roll()
            continue
        if s.current_player == who:  # every move of the player's is valued, not one
            level *= max(1, _distinct(s))
        elif opponents != "greedy" and s.phase == "take":
            level *= max(1, sum(g is not None for g in s.harbor))
        s = s.apply(best_move_now(s))
        total += level
    return total


def estimate_win_seconds(state: GameState, opponents: str = "greedy") -> float:
    """The CPU seconds of ``rank_win`` by ``estimate_win_work``.

    >>> from corinth.solver.exact import late_states
    >>> estimate_win_seconds(late_states(1, left=1)[0]) < 1
    True
    """
    return estimate_win_work(state, opponents) / WIN_POSITIONS_PER_SECOND


def rank_win(
    state: GameState, opponents: str = "greedy", max_work: int | None = MAX_WIN_WORK
) -> list[tuple[Move, float]]:
    """Every legal move with the exact probability that the player to decide wins, best first
    (ties in legal-move order), the others following ``opponents``. Raises ``OutOfReach`` outside
    the exact ranking's reach or past ``max_work`` positions.

    >>> from corinth.solver.exact import late_states
    >>> s = late_states(1, left=1)[0]
    >>> [m for m, _ in rank_win(s)] == [m for m, _ in rank_win(s, "cautious")] or True
    True
    """
    return list(_remembered(state, check_model(opponents), max_work))


@functools.lru_cache(maxsize=32)
def _remembered(state: GameState, opponents: str, max_work: int | None) -> tuple:
    return _solve(state, opponents, max_work)


def timed_win(
    state: GameState, opponents: str = "greedy", max_work: int | None = MAX_WIN_WORK
) -> tuple[tuple, float]:
    """``rank_win``'s work, never memoized, and its CPU time in seconds (the bench's measure)."""
    t = time.process_time()
    out = _solve(state, check_model(opponents), max_work)
    return out, time.process_time() - t


def _solve(state: GameState, opponents: str, max_work: int | None) -> tuple:
    check_reach(state)
    solver = WinSolver(state.current_player, opponents, max_work)
    values = [(m, round(solver.value(state.apply(m)), 9)) for m in state.legal_moves()]
    order = sorted(range(len(values)), key=lambda i: -values[i][1])
    return tuple(values[i] for i in order)


__all__ = [
    "MAX_WIN_WORK",
    "WIN_POSITIONS_PER_SECOND",
    "WinSolver",
    "estimate_win_seconds",
    "estimate_win_work",
    "percent",
    "rank_win",
    "timed_win",
]
