"""Exact play near the end: the expected final score of every move by expectimax (``exact``).

From a position where the player to decide has at most 2 turns left, every future roll is
enumerated with its exact probability, the player picks the best of its own later decisions and
every other player follows one of three models (``OPPONENT_MODELS``: greedy, cautious, random).
The models, the method and what makes it fast enough, and how its work is estimated before it
starts: see docs/solver.md.

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

import dataclasses
import functools
import time

import numpy as np

from corinth.rules import (
    HARBOR,
    Compensate,
    DiceGroup,
    GameState,
    Move,
    Roll,
    Take,
    new_game,
)
from corinth.rules.dice import (
    FACES,
    MAX_YELLOW,
    WHITE_DICE,
    compositions,
    multinomial,
    sort_harbor,
)
from corinth.rules.geometry import CELLS, reachable_mask
from corinth.rules.state import affordable_building_sets, turn_order
from corinth.shared.language import N_, _

from .bots import GreedyBot, decisions
from .explain import decimals, general
from .value import _Now, best_move_now, cheapest_arrivals, steward_class

_ALL_CELLS = (1 << CELLS) - 1
MAX_TURNS = 2  # the deciding player's turns left, this one included, that exact solves
# CPU seconds a hint may take (what a learner waits for), and of it the exact ranking's share
HINT_SECONDS = 2.0
EXACT_BUDGET = 1.5
# The models of the other players, with what each assumes in plain words (the explanations';
# ``{player}`` is the player to decide).
OPPONENT_MODELS = {
    "greedy": N_("every other player plays the greedy bot's move (the most points now)"),
    "cautious": N_(
        "every other player takes the harbor group worst for {player} (the one that "
        "leaves {player} the lowest expected final score) and plays it for the most points now"
    ),
    "random": N_(
        "every other player takes one of the harbor groups it may take at random (each "
        "as likely) and plays it for the most points now"
    ),
}


def model_words(opponents: str, who: int) -> str:
    """What model ``opponents`` assumes, in plain words, for player ``who`` (0-based) to decide.

    >>> model_words("cautious", 1)[:60]
    'every other player takes the harbor group worst for player 2'
    """
    return _(OPPONENT_MODELS[check_model(opponents)]).format(
        player=_("player {n}").format(n=who + 1)
    )


def check_model(opponents: object) -> str:
    """``opponents`` if it names a model of ``OPPONENT_MODELS``, else a ValueError naming them.

    >>> check_model("cautious")
    'cautious'
    >>> check_model("kind")
    Traceback (most recent call last):
    ...
    ValueError: unknown opponent model 'kind' for the exact ranking: use 'greedy', 'cautious' or 'random'
    """
    if not isinstance(opponents, str) or opponents not in OPPONENT_MODELS:
        raise ValueError(
            _(
                "unknown opponent model {name} for the exact ranking: use 'greedy', 'cautious'"
                " or 'random'"
            ).format(name=repr(opponents))
        )
    return opponents


def group_take(state: GameState, slot: int) -> Take | None:
    """The greedy bot's best take with the harbor group in ``slot`` (an index into ``HARBOR``):
    ``best_move_now`` over the legal takes of that group only, ties to the first in legal-move
    order. None when the group is gone or offers no legal take.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> str(group_take(s, HARBOR.index("blue")))  # two 4s fill Blue shop 1
    'blue 1'
    """
    if state.phase != "take":
        raise ValueError(f"group_take: a group is taken in the take phase, not the {state.phase}")
    return _group_take(state, _Now(state), slot)


def _group_take(state: GameState, now: _Now, slot: int) -> Take | None:
    group = state.harbor[slot]
    if group is None:
        return None
    district, p = HARBOR[slot], now.p
    arrivals = cheapest_arrivals(p.steward, p.used, [group.face], p.gold, now.stables)[0]
    best, best_key = None, None
    for shops, k in now.actions(district, group.size):
        if best_key is None or k > best_key:
            best, best_key = Take.listed(district, (), shops), k
    for path, shops, k in now.stewards(group.face, arrivals):
        if best_key is None or k > best_key:
            best, best_key = Take.listed(district, path, shops), k
    return best


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
        raise OutOfReach(_("there is no decision to rank here (the game is over or the dice roll)"))
    who = state.current_player
    left = turns_left(state, who)
    if left > MAX_TURNS:
        raise OutOfReach(
            _("player {n} has {left} turns left; the exact ranking is for at most {most}").format(
                n=who + 1, left=left, most=MAX_TURNS
            )
        )
    if left == MAX_TURNS and state.phase == "purvey":
        raise OutOfReach(
            _(
                "player {n} has {left} turns left and the dice are not rolled yet; the exact "
                "ranking starts from a rolled harbor when 2 turns are left"
            ).format(n=who + 1, left=left)
        )


def in_reach(state: GameState, budget: float | None = EXACT_BUDGET) -> bool:
    """True when ``rank_moves(state, "exact")`` can answer (see ``check_reach``) and, unless
    ``budget`` is None, the exact hint fits ``budget`` seconds of CPU by the estimate made before
    the work (``estimate_seconds``): the ranking under every opponent model, since a hint near the
    end also says which move is best whatever the others do (``robust_best``).

    >>> from corinth.rules import new_game
    >>> in_reach(new_game(players=2, seed=1))
    False
    >>> late = late_states(1)[0]
    >>> in_reach(late), in_reach(late, budget=0.001), in_reach(late, budget=None)
    (True, False, True)
    """
    try:
        check_reach(state)
    except OutOfReach:
        return False
    return budget is None or hint_seconds(state, budget) <= budget


def hint_seconds(state: GameState, limit: float | None = None) -> float:
    """The estimated CPU seconds of the exact hint at ``state``: the ranking under each of the
    three opponent models (``estimate_seconds``). With ``limit``, the count stops as soon as the
    estimate passes it (enough to refuse). Raises ``OutOfReach`` like ``check_reach``."""
    total = 0.0
    for model in OPPONENT_MODELS:
        total += estimate_seconds(state, model, None if limit is None else limit - total)
        if limit is not None and total > limit:
            break
    return total


def reach_words(state: GameState, budget: float | None = EXACT_BUDGET) -> str:
    """Why the exact ranking does not answer at ``state``, in plain words (a clause), or "".

    >>> from corinth.rules import new_game
    >>> reach_words(late_states(1)[0], budget=0.001)[:33]
    'the exact answer would take about'
    >>> reach_words(late_states(1)[0])
    ''
    """
    try:
        check_reach(state)
    except OutOfReach as e:
        return str(e)
    if budget is not None and hint_seconds(state, budget) > budget:
        seconds = hint_seconds(state)
        return _(
            "the exact answer would take about {seconds} s of work here, more than the "
            "{budget} s a hint may take"
        ).format(seconds=decimals(seconds, 1), budget=general(budget))
    return ""


# The cost model of ``estimate_seconds``: a fixed part, per position walked, per roll enumerated
# (``ExactSolver.work``) and other player (each may take before the player's last take), and per
# legal move of the position (each is applied and valued, and each sheet it leaves is valued at
# every chance node after it), by opponent model. Fitted as a bound above on the 240 positions
# with 2 turns left and with 1 of seeded greedy games (seeds 101-135, 2 to 4 players; CPU time on
# a 2-core machine busy with other work): no ranking took longer than its estimate (the closest,
# 0.89 of it: 4 players against random opponents, 48,048 rolls in 1.66 s).
_BASE_SECONDS = 0.1
_SECONDS_PER_POSITION = 0.1e-3
_SECONDS_PER_ROLL_AND_OTHER = {"greedy": 8e-6, "cautious": 12e-6, "random": 12e-6}
_SECONDS_PER_MOVE = {"greedy": 0.4e-3, "cautious": 1.2e-3, "random": 1.2e-3}


def estimate_seconds(
    state: GameState, opponents: str = "greedy", limit: float | None = None
) -> float:
    """The CPU seconds ``rank_exact(state, opponents=opponents)`` is expected to take, from the
    positions it walks and the rolls it enumerates (``estimate_work``) and the legal moves, before
    any of the work. With ``limit``, the count stops as soon as the estimate passes it. Raises
    ``OutOfReach`` like ``check_reach``.

    >>> s = late_states(1)[0]
    >>> 0 < estimate_seconds(s) <= estimate_seconds(s, "cautious")
    True
    >>> estimate_seconds(s, "cautious", limit=0.0) > 0.0
    True
    """
    model = check_model(opponents)
    check_reach(state)
    moves = state.legal_move_count() * _SECONDS_PER_MOVE[model]
    # the cautious and random models walk the same positions (every group an opponent may take)
    rolls, positions = _estimate_work(state, model != "greedy", _less(limit, moves))
    return _seconds(model, rolls, positions, state.num_players) + moves


def _less(limit: float | None, seconds: float) -> float | None:
    return None if limit is None else limit - seconds


def _seconds(model: str, rolls: int, positions: int, players: int) -> float:
    per_roll = _SECONDS_PER_ROLL_AND_OTHER[model] * (players - 1)
    return _BASE_SECONDS + positions * _SECONDS_PER_POSITION + rolls * per_roll


def estimate_work(state: GameState, opponents: str = "greedy") -> int:
    """The rolls ``rank_exact`` enumerates at ``state`` (``ExactSolver.work``), counted without
    valuing anything: the positions up to the rolls before the player's last take are walked (the
    player's moves, one per steward class; the others' moves under ``opponents``), and the rolls of
    each distinct chance node the solver keeps (one per position of the others) are counted.

    >>> s = late_states(1)[0]
    >>> solver = ExactSolver(s.current_player)
    >>> _ = [solver.value(solver.canonical(s.apply(m))) for m in s.legal_moves()]
    >>> estimate_work(s) == solver.work
    True
    """
    check_reach(state)
    return _estimate_work(state, check_model(opponents) != "greedy", None)[0]


@functools.lru_cache(maxsize=64)
def _estimate_work(state: GameState, choosing: bool, limit: float | None) -> tuple[int, int]:
    """(rolls, positions walked); ``choosing``: the others choose among the groups (cautious,
    random); ``limit``: stop once the estimate (as slow as either of those models) passes it."""
    who = state.current_player
    model = "cautious" if choosing else "greedy"
    solver = ExactSolver(who, opponents=model)  # for its memoized greedy moves and choices
    seen: set[tuple] = set()
    rolls: dict[tuple, int] = {}
    stack = [state]
    counted = 0
    while stack:
        if limit is not None and _seconds(model, counted, len(seen), state.num_players) > limit:
            break
        s = stack.pop()
        if s.is_over or (left := turns_left(s, who)) == 0:
            continue
        key = s.key()
        if key in seen:
            continue
        seen.add(key)
        if s.is_chance:
            if not (left == 1 and s.first_player == who):  # a first take counts no roll
                sig = (_without(s.players, who), s.yellow_dice()) + key[1:]
                if sig not in rolls:
                    rolls[sig] = len(_weighted_outcomes(s.yellow_dice()))
                    counted += rolls[sig]
            continue
        if s.current_player == who:
            if left == 1 and s.phase == "take":  # the last take: valued from its groups
                continue
            classes: set[tuple] = set()
            for m in s.legal_moves():
                c = steward_class(m)
                if c is None or c not in classes:
                    classes.add(c)
                    stack.append(s.apply(m))
        elif choosing and s.phase == "take" and (choices := solver.choices(s)):
            stack.extend(s.apply(m) for _, m in choices)
        else:
            stack.append(s.apply(solver.greedy_move(s)))
    return counted, len(seen)


def _shape(state: GameState) -> tuple:
    """The harbor as its groups' faces and sizes (which dice are yellow aside)."""
    return tuple((g.face, g.size) if g else None for g in state.harbor)


def _without(players: tuple, who: int) -> tuple:
    return players[:who] + (None,) + players[who + 1 :]


class ExactSolver:
    """Expectimax for one player (``who``), memoized; ``value(state)`` is its expected final score.

    It does not check the reach itself (``rank_exact`` does): far from the end it would run for
    ever. ``opponents`` names the others' model (``OPPONENT_MODELS``); ``max_work`` caps the rolls
    enumerated (``OutOfReach`` past it); ``share=False`` and ``light=False`` turn off the shared
    trees of the cautious and random models (the references their tests compare with).

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=5, first_player=0)
    >>> while s.is_chance or turns_left(s, 0) > 1:
    ...     s = s.roll() if s.is_chance else s.apply(best_move_now(s))
    >>> ExactSolver(0).value(s) >= s.score(0)
    True
    """

    def __init__(
        self,
        who: int,
        max_work: int | None = None,
        opponents: str = "greedy",
        share: bool = True,
        light: bool = True,
    ):
        self.who = who
        self.share = share  # False: the cautious and random models replay every roll per sheet
        self.light = light  # False: every shared tree is made of positions (``_tree``)
        # the light trees' nodes (``_light_tree``), shared by every chance node of the solver
        self.forest: list[tuple] = []
        self.forest_at: dict[tuple, int] = {}
        self.sheet_ids: dict = {}
        self.light_moves: dict[tuple, tuple] = {}
        self.light_templates: dict[tuple, GameState] = {}
        self.levels: list[int] = []  # per forest node: 0 for a leaf, else 1 + its children's
        self.chunks: list[_Chunk] = []  # the forest's nodes as built, tree by tree
        self.light_p = None  # the sheet the light values below are for
        self.light_values = np.zeros(0)  # per forest node, for sheet ``light_p``
        self.light_done: set[int] = set()  # chunks valued for ``light_p``
        self.opponents = check_model(opponents)
        # per greedy_move's key: the groups an opponent may take, as (slot, its best take)
        self.group_takes: dict[tuple, tuple] = {}
        self.work = (
            0  # rolls enumerated: a measure of the effort that does not depend on the machine
        )
        self.max_work = max_work
        self.memo: dict[tuple, float] = {}
        self.greedy: dict[tuple, Move] = {}
        self.last_turn: dict[tuple, float] = {}
        self.sheets: dict = {}  # one object per canonical sheet (the tables go by identity)  # (phase, sheet, bonuses): the last turn's value
        self.after_roll: dict[tuple, list] = {}
        # per position of the others (``_others``): the last of their greedy moves before the
        # player's sheet is read again, as (the position before it, the move)
        self.runs: dict[tuple, tuple[GameState, Move]] = {}
        # ``_greedy_walk``'s ends, and the greedy takes it met: (slot, the bonus owners after)
        self.walks: dict[tuple, tuple | None] = {}
        self.greedy_takes: dict[tuple, tuple[int, tuple]] = {}
        # per (mover, bonus owners, first player): ``_greedy_take``'s parts
        self.take_parts: dict[tuple, tuple] = {}
        # per (sheet, bonuses) of the player's last take: the sheet, then the best points of each
        # group's district action (by slot and size) and steward move (by face)
        self.groups: dict[tuple, tuple] = {}
        # the same values as arrays, for the sums over a roll's harbors (``_Table``)
        self.tables: dict[tuple, _Table] = {}

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
            if self.opponents == "greedy":
                return self._others(s)
            if s.phase == "take":
                return self._opponent_take(s)
            return self.value(s.apply(self.greedy_move(s)))
        if left == 1:
            if s.phase == "take":
                return float(self.last_take(s))
            # The player's last build or compensation step: its moves read only its own sheet
            # (and the variants), its score after them only that sheet and the bonuses (E1), and
            # once the turn is over nothing else changes it. So the others' sheets, the turn and
            # the round do not matter: one value per sheet, bonuses and phase.
            key = (s.phase, s.players[who], s.bonus_owner)
            v = self.last_turn.get(key)
            if v is None:
                if s.phase in _LAST_STEPS:
                    v = self._last_turn(s)
                else:  # its purvey (R2): the roll and its last take follow
                    v = self.last_turn[key] = max(self.value(s.apply(m)) for m in s.legal_moves())
            return v
        return max(self.value(s.apply(m)) for m in s.legal_moves())  # value() merges positions

    def _last_turn(self, t: GameState) -> float:
        """The value of the player's build or compensation step ``t`` on its last turn (memoized
        in ``last_turn``): the best of its moves, each worth the score once the turn is over (E1),
        the best build after a step included. That is the first term of the greedy bot's key
        (``value._Now``), as for the last take (``last_take``): a build's score after it, a step's
        (a steward move with a group of one die, ``value._best_compensation``) and a pass's with
        the best build they pay for."""
        key = (t.phase, t.players[self.who], t.bonus_owner)
        v = self.last_turn.get(key)
        if v is None:
            now = _Now(t)
            p = now.p
            if t.phase == "build":
                sets = affordable_building_sets(t.sheet, p.buildings, p.gold, p.goats)
                best = max(now.build(names)[0] for names in sets)
            else:
                stables = t.compensation_stables(p)
                best = max(
                    now.steward(1, len(m.path), m.path[-1], m.shops, stables)[0]
                    if isinstance(m, Compensate)
                    else now.key(0, p.gold, p.goats, 0)[0]
                    for m in t.legal_moves()
                )
            v = self.last_turn[key] = float(best)
        return v

    def _others(self, s: GameState) -> float:
        """The others' greedy moves from ``s`` up to the player's next decision (or a roll, or the
        end), shared by every sheet of the player: the moves before the last one read neither the
        player's sheet nor change it (``_safe``), so they are played once per position of the
        others (and the player's turn-track spots, which the end of a round reads), and only the
        last one is applied to each sheet."""
        who = self.who
        p = s.players[who]
        sig = (_without(s.players, who), p.turns) + s.key()[1:]
        run = self.runs.get(sig)
        if run is None:
            t = s
            while True:
                m = self.greedy_move(t)
                a = t.apply(m)
                if not self._safe(t, a, rounds=True):
                    break
                t = a
            run = self.runs[sig] = (t, m)
        parent, move = run
        if parent.players[who] is not p:
            parent = parent.with_player(who, p)
        return self.value(parent.apply(move))

    def _safe(self, t: GameState, a: GameState, rounds: bool) -> bool:
        """Whether ``a``, an opponent's move played from ``t``, read nothing of the player's sheet
        and leaves another opponent to play: the same round, the same turn or the next one (so the
        player's turn was not skipped, R8, B1); with ``rounds``, also the end of the round
        (which reads the players' turn-track spots, R9) when the next first player is an opponent
        (its purvey reads only its own sheet, R1, R2)."""
        if a.phase in ("over", "roll") or a.current_player == self.who:
            return False
        if a.round == t.round:
            return a.turn == t.turn or a.turn == t.turn + 1
        return (
            rounds and a.round == t.round + 1 and a.turn == 0 and t.turn == len(t.turn_order()) - 1
        )

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

    def choices(self, s: GameState) -> tuple[tuple[int, Take], ...]:
        """The groups the opponent to take in ``s`` may take, in harbor order: ``(slot, the greedy
        bot's best take with that group)`` (``group_take``), memoized like ``greedy_move``."""
        cur = s.current_player
        key = (cur, s.players[cur], s.bonus_owner, _shape(s), s.turn, s.first_player)
        out = self.group_takes.get(key)
        if out is None:
            now = _Now(s)
            out = tuple(
                (slot, m)
                for slot in range(len(HARBOR))
                if (m := _group_take(s, now, slot)) is not None
            )
            self.group_takes[key] = out
        return out

    def opponent_choice(self, s: GameState) -> tuple[int, Take, float]:
        """What a cautious opponent takes in ``s``: ``(slot, move, the player's value after it)``,
        the group with the lowest value, of tied ones the first in harbor order (values rounded
        to 9 places, as in the ranking)."""
        best = None
        for slot, m in self.choices(s):
            v = self.value(s.apply(m))
            if best is None or round(v, 9) < round(best[2], 9):
                best = (slot, m, v)
        return best

    def _opponent_take(self, s: GameState) -> float:
        """An opponent's take under the cautious or random model: the min or the mean over the
        groups it may take, each played greedily."""
        choices = self.choices(s)
        if not choices:  # no group offers a take (never met): what the engine lists, greedily
            return self.value(s.apply(self.greedy_move(s)))
        if self.opponents == "cautious":
            return self.opponent_choice(s)[2]
        return sum(self.value(s.apply(m)) for _, m in choices) / len(choices)

    def canonical(self, s: GameState) -> GameState:
        """``s`` with the player's sheet marking every market cell its steward can no longer
        reach as used: the same value. The used cells are read only by the steward's walks (A4c,
        R8), which stay in the free region connected to the steward, and (counted) by the greedy
        bot's tie-break, which the player never plays; the final score does not read them (E1).
        Moves that differ only in cells left behind then share one position."""
        if s.is_over:
            return s
        p = s.players[self.who]
        used = _ALL_CELLS & ~reachable_mask(p.steward, p.used | 1 << p.steward)
        if used == p.used:
            return s
        q = dataclasses.replace(p, used=used)
        return s.with_player(self.who, self.sheets.setdefault(q, q))

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
        p = s.players[who]
        first_take = left == 1 and s.first_player == who
        if self.opponents != "greedy" and not first_take:
            if not self.share:
                return self._every_roll(s)
            sig = (_without(s.players, who), s.yellow_dice()) + s.key()[1:]
            tree = self.after_roll.get(sig)
            if tree is None:
                light = self.light and left == 1 and self._movers(s) is not None
                tree = self._light_tree(s) if light else self._tree(s, left)
                self.after_roll[sig] = tree
            if isinstance(tree, _Tree):
                return tree.value(self, p)
            return self._light_value(tree, p)
        if first_take:
            # The player takes first and for the last time: after any roll but a winning one (R5)
            # it takes at once (R3), and only the groups' faces and sizes matter, so every die
            # counts alike (a multinomial over 9 + yellow dice), whoever the others are.
            plan = _first_take_plan(WHITE_DICE + s.yellow_dice(), s.variants.nine_dice_win)
            total = 0.0
            for prob, roll in plan.replayed:  # all the dice alike: the game may end (R5)
                total += prob * self.value(s.apply(Roll(*roll)))
            return total + self._table(s.rolled(*plan.sample), p).expected(plan.takes)
        # the yellow dice rolled count the first player's earned ones (R2), the player's own too
        sig = (_without(s.players, who), s.yellow_dice()) + s.key()[1:]
        plan = self.after_roll.get(sig)
        if plan is None:
            light = left == 1 and self._movers(s) is not None
            plan = self.after_roll[sig] = self._greedy_plan(s) if light else self._entries(s, left)
        entries, takes = plan
        total = 0.0
        for prob, t, roll in entries:
            if t is None:  # the player's own sheet decides what comes next: play it out
                parent, move = roll  # from the first move that reads it
                if parent.players[who] is not p:
                    parent = parent.with_player(who, p)
                total += prob * self.value(parent.apply(move))
                continue
            if t.players[who] is not p:
                t = t.with_player(who, p)
            total += prob * self.value(t)
        for template, part in takes:  # the player's last take, per bonus owners
            total += self._table(template, p).expected(part)
        return total

    def _tree(self, s: GameState, left: int) -> _Tree:
        """The rolls from chance node ``s`` and the others' moves up to the player's next decision,
        as a ``_Tree`` that values them for any sheet of the player (cautious and random models).
        Nothing in it reads the player's sheet: the others' options (``choices``, their greedy
        moves) do not, only which option a cautious opponent picks, which ``_Tree.value`` decides
        per sheet."""
        who = self.who
        yellow = s.yellow_dice()
        outcomes = _weighted_outcomes(yellow)
        self._count(len(outcomes))
        tree = _Tree(FACES ** (WHITE_DICE + yellow), min if self.opponents == "cautious" else None)
        at: dict[tuple, int] = {}  # position key: its node

        def node(parent: GameState, move: Move, t: GameState) -> int:
            if t.is_over or t.is_chance or t.current_player == who:
                if t.phase == "take" and t.current_player == who:
                    k = t.key()
                    i = at.get(k)
                    if i is None:
                        i = at[k] = tree.take(t, left == 1)
                    return i
                # the player's own sheet decided how the turn went on (R8, B1): replayed per sheet
                return tree.replay(parent, move)
            k = t.key()
            i = at.get(k)
            if i is not None:
                return i
            choices = self.choices(t) if t.phase == "take" else ()
            if not choices:  # a greedy decision: the node is its one outcome's
                m = self.greedy_move(t)
                i = node(t, m, t.apply(m))
            elif len(choices) == 1:
                m = choices[0][1]
                i = node(t, m, t.apply(m))
            else:
                i = tree.choice([node(t, m, t.apply(m)) for _, m in choices])
            at[k] = i
            return i

        for white, yell, weight in outcomes:
            roll = Roll(white, yell)
            tree.roots.append((weight, node(s, roll, s.rolled(white, yell))))
        tree.close()
        return tree

    # --- the light trees: the player's last take after the others' -----------------------------

    def _movers(self, s: GameState) -> tuple[int, ...] | None:
        """Who takes before the player in the round chance node ``s`` starts, when each of them
        takes once and the player after them (else None)."""
        order = s.turn_order()
        if self.who not in order:
            return None
        movers = order[: order.index(self.who)]
        return movers if movers and len(set(movers)) == len(movers) else None

    def _light_tree(self, s: GameState) -> _LightTree:
        """The rolls of chance node ``s``, where the others take (``_movers``) before the player's
        last take, as nodes of the solver's forest. On the player's last take only its sheet, the
        bonus owners and the groups left matter; before it, only the harbor, the bonus owners and
        the sheets of those still to take. So a node is keyed on these alone, and the nodes are
        shared by every chance node (every position of the others the player's moves lead to).
        Rolls that may leave somebody without a group before the player (or win at once, R5) are
        kept as positions, valued by ``value``."""
        movers = self._movers(s)
        yellow = s.yellow_dice()
        self._count(len(_weighted_outcomes(yellow)))
        # each mover by seat and sheet (the seat claims bonuses; equal sheets of two seats differ)
        ids = tuple(
            (m, self.sheet_ids.setdefault(s.players[m], len(self.sheet_ids))) for m in movers
        )
        roots = []
        base = None  # a position just rolled: the sheets and the round of every node's
        for white, yell, weight, harbor, same in _coded_outcomes(yellow):
            node = None
            if not (same and s.variants.nine_dice_win):  # R5: a win at once stays a position
                if base is None:
                    base = s.rolled(white, yell)
                try:
                    node = self._light_node(base, movers, ids, 0, harbor, s.bonus_owner)
                except _NoTake:
                    node = None
            if node is None:
                t = s.rolled(white, yell)
                if t.is_over:  # the player's score as it stands: one node per bonus owners
                    key = ("over", t.bonus_owner)
                    node = self.forest_at.get(key)
                    if node is None:
                        node = self.forest_at[key] = self._forest_add((_STATE, t))
                else:
                    node = self._forest_add((_STATE, t))
            roots.append((weight, node))
        start = self.chunks[-1].stop if self.chunks else 0
        if len(self.forest) > start:
            self.chunks.append(_Chunk(self.forest, self.levels, start, self.chunks))
        nodes = np.array([i for _, i in roots], dtype=np.intp)
        return _LightTree(
            np.array([w for w, _ in roots], dtype=np.float64),
            nodes,
            FACES ** (WHITE_DICE + yellow),
            _needs(self.chunks, nodes),
        )

    def _forest_add(self, node: tuple) -> int:
        self.forest.append(node)
        kind = node[0]
        self.levels.append(0 if kind != _CHOICE else 1 + max(self.levels[c] for c in node[1]))
        return len(self.forest) - 1

    def _light_node(
        self, t: GameState, movers: tuple, ids: tuple, i: int, harbor: tuple, bonus: tuple
    ) -> int:
        """The node where ``movers[i]`` takes from ``harbor`` (the player when ``i`` is past them),
        the bonus owners ``bonus``; ``t`` is the position just rolled, for the sheets. The harbor
        is coded one number per group (``_code``), 0 for none."""
        if i == len(movers):
            if not any(harbor):  # the player's compensation step (R8), or none: its own sheet says
                key = ("empty", bonus, t.first_player)
                node = self.forest_at.get(key)
                if node is None:
                    empty = _empty(t, len(movers), bonus)
                    node = self.forest_at[key] = self._forest_add((_STATE, empty))
                return node
            key = ("take", bonus, harbor)
            node = self.forest_at.get(key)
            if node is None:
                node = self._forest_add((_LEAF, t, bonus, _coded_row(harbor)))
                self.forest_at[key] = node
            return node
        key = (i, harbor, bonus, ids[i:])
        node = self.forest_at.get(key)
        if node is not None:
            return node
        if not any(harbor):  # the mover's compensation step (R8), greedy
            after = self._light_step(t, ids[i], i, bonus)
            node = self._light_node(t, movers, ids, i + 1, harbor, after)
            self.forest_at[key] = node
            return node
        children = []
        moves = self.light_moves
        for slot, c in enumerate(harbor):
            if not c:
                continue
            out = moves.get((ids[i], bonus, slot, _SHAPE[c]))
            after = out[1] if out else self._light_move(t, ids[i], i, bonus, slot, c)
            if after is None:
                continue
            rest = harbor[:slot] + (0,) + harbor[slot + 1 :]
            if i == 0 and max(rest) >= 128:  # R6: the yellow dice leave after the first turn
                rest = tuple(_WHITE_ONLY[c] for c in rest)
            children.append(self._light_node(t, movers, ids, i + 1, rest, after))
        if not children:
            raise _NoTake
        node = children[0] if len(children) == 1 else self._forest_add((_CHOICE, children))
        self.forest_at[key] = node
        return node

    def _light_move(
        self, t: GameState, mover: tuple, turn: int, bonus: tuple, slot: int, c: int
    ) -> tuple | None:
        """The bonus owners after ``mover`` takes the group coded ``c`` (in ``slot``) greedily
        (``group_take``), its sheet and the bonus owners as they are: None when the group offers
        no take. Memoized on the group's face and size (what a take reads)."""
        key = (mover, bonus, slot, _SHAPE[c])  # mover: (seat, sheet id)
        out = self.light_moves.get(key)
        if out is None:
            g = _group(c)
            here = dataclasses.replace(t, turn=turn, bonus_owner=bonus, harbor=_with(slot, g))
            assert here.current_player == mover[0]
            m = _group_take(here, _Now(here), slot)
            out = self.light_moves[key] = (m, None if m is None else here.apply(m).bonus_owner)
        return out[1]

    def _light_step(self, t: GameState, mover: tuple, turn: int, bonus: tuple) -> tuple:
        """The bonus owners after ``mover``'s greedy compensation step (a steward arriving on a
        goods cell may complete a district, R8, M1); unchanged when it has none to take, where the
        engine skips the step as declining it would."""
        key = (mover, bonus, None)
        out = self.light_moves.get(key)
        if out is None:
            here = _empty(t, turn, bonus)
            assert here.current_player == mover[0]
            out = self.light_moves[key] = (None, here.apply(best_move_now(here)).bonus_owner)
        return out[1]

    def _light_value(self, tree: _LightTree, p) -> float:
        """The player's expected final score with sheet ``p`` from a light tree's chance node.
        Every node of the forest is valued for ``p`` at once, chunk by chunk as they are built
        (array operations: a node's children come before it)."""
        if self.light_p is not p:
            self.light_p, self.light_done = p, set()
        done = self.light_done
        if not done.issuperset(tree.chunks):
            if len(self.light_values) < len(self.forest):
                grown = np.zeros(2 * len(self.forest))
                grown[: len(self.light_values)] = self.light_values
                self.light_values = grown
            values = self.light_values
            for c in tree.chunks:  # in order: a chunk's nodes read only earlier chunks' and its own
                if c not in done:
                    self.chunks[c].value(self, p, values)
                    done.add(c)
            # a light tree's positions end with the player's last turn: no light tree below them
            assert self.light_p is p, "a light tree was valued while another one was"
        return float(tree.weights @ self.light_values[tree.nodes]) / tree.denominator

    def _template(self, t: GameState, bonus: tuple) -> GameState:
        """A take of the player with bonus owners ``bonus``, for ``_table``."""
        template = self.light_templates.get((bonus, t.first_player))
        if template is None:
            turn = t.turn_order().index(self.who)
            template = dataclasses.replace(t, turn=turn, bonus_owner=bonus)
            self.light_templates[bonus, t.first_player] = template
        return template

    def _every_roll(self, s: GameState) -> float:
        """Sum over the rolls, each played out for this very position (the player's sheet
        included): the cautious and random models' chance nodes."""
        yellow = s.yellow_dice()
        outcomes = _weighted_outcomes(yellow)
        self._count(len(outcomes))
        total = 0
        for white, yell, weight in outcomes:
            total += weight * self.value(s.rolled(white, yell))
        return total / FACES ** (WHITE_DICE + yellow)

    def _count(self, rolls: int) -> None:
        self.work += rolls
        if self.max_work is not None and self.work > self.max_work:
            raise OutOfReach(f"more than {self.max_work} rolls to enumerate")

    def _table(self, template: GameState, p) -> _Table:
        """The last take's group values for sheet ``p`` and the bonuses of ``template`` (a take
        of the player), memoized per sheet by identity like ``last_take``."""
        key = (id(p), template.bonus_owner)
        table = self.tables.get(key)
        if table is None or table.p is not p:
            if template.players[self.who] is not p:
                template = template.with_player(self.who, p)
            table = self.tables[key] = _Table(template, p)
        return table

    def _greedy_plan(self, s: GameState) -> tuple[list, list]:
        """``_entries`` for the player's last turn when the others take before it, each once
        (``_movers``), under the greedy model: as the light trees do (``_light_tree``), each roll
        is followed on its coded harbor and the bonus owners alone (``_greedy_walk``), what a
        greedy take reads (the mover's sheet, the bonus owners, the groups' faces and sizes)
        memoized, up to the player's take. The rolls that leave the player no group end in its
        compensation step (``_empty``, one position per bonus owners); those that win at once
        (R5) are played out as positions (``_entries``)."""
        movers = self._movers(s)
        yellow = s.yellow_dice()
        outcomes = _coded_outcomes(yellow)
        self._count(len(outcomes))
        denominator = FACES ** (WHITE_DICE + yellow)
        ids = tuple(
            (m, self.sheet_ids.setdefault(s.players[m], len(self.sheet_ids))) for m in movers
        )
        nine = s.variants.nine_dice_win
        walks = self.walks
        first = s.first_player
        by_bonus: dict[tuple, dict] = {}  # bonus owners: {harbor row: weight}
        apart = []  # the rolls played out as positions
        empty: dict[tuple, int] = {}  # bonus owners: the weight of the rolls leaving no group
        base = None  # a position just rolled: the sheets and the round of every walk's
        for white, yell, weight, harbor, same in outcomes:
            if same and nine:
                apart.append((white, yell, weight))
                continue
            end = walks.get((0, harbor, s.bonus_owner, ids, first), _MISSING)
            if end is _MISSING:
                if base is None:
                    base = s.rolled(white, yell)
                end = self._greedy_walk(base, ids, 0, harbor, s.bonus_owner)
            bonus, row = end
            if row is None:  # no group left to the player
                empty[bonus] = empty.get(bonus, 0) + weight
                continue
            rows = by_bonus.get(bonus)
            if rows is None:
                rows = by_bonus[bonus] = {}
            rows[row] = rows.get(row, 0) + weight
        entries, _ = self._entries(s, 1, apart) if apart else ([], [])
        if base is None and (by_bonus or empty):
            base = s.rolled(*outcomes[0][:2])
        # the player's compensation step (R8), or the build or the end of the turn that the
        # engine goes on to when no step is possible (``_empty``), per bonus owners
        entries += [
            (weight / denominator, _empty(base, len(movers), bonus), None)
            for bonus, weight in empty.items()
        ]
        takes = [
            (self._template(base, bonus), _Takes.of(rows, denominator))
            for bonus, rows in by_bonus.items()
        ]
        return entries, takes

    def _greedy_walk(self, t: GameState, ids: tuple, i: int, harbor: tuple, bonus: tuple) -> tuple:
        """Where the greedy takes of ``ids[i:]`` (the movers from turn ``i``, by seat and sheet
        id) lead from the coded ``harbor`` (``_code``) and bonus owners ``bonus``: the bonus
        owners and the harbor row (``_coded_row``) of the player's take, the row None when no
        group is left to it (its compensation step, R8). ``t``: a position just rolled, for the
        sheets."""
        if i == len(ids):
            return (bonus, _coded_row(harbor) if any(harbor) else None)
        key = (i, harbor, bonus, ids[i:], t.first_player)
        out = self.walks.get(key, _MISSING)
        if out is not _MISSING:
            return out
        if not any(harbor):  # the mover's compensation step (R8), greedy
            out = self._greedy_walk(t, ids, i + 1, harbor, self._light_step(t, ids[i], i, bonus))
        else:
            shape = tuple(_SHAPE[c] for c in harbor)
            took_key = (ids[i], bonus, shape, t.first_player)
            took = self.greedy_takes.get(took_key)
            if took is None:
                took = self.greedy_takes[took_key] = self._greedy_take(t, ids[i], i, bonus, shape)
            slot, after = took
            rest = harbor[:slot] + (0,) + harbor[slot + 1 :]
            if i == 0 and max(rest) >= 128:  # R6: the yellow dice leave after the first turn
                rest = tuple(_WHITE_ONLY[c] for c in rest)
            out = self._greedy_walk(t, ids, i + 1, rest, after)
        self.walks[key] = out
        return out

    def _greedy_take(
        self, t: GameState, mover: tuple, turn: int, bonus: tuple, shape: tuple
    ) -> tuple[int, tuple]:
        """The greedy bot's take (``best_move_now``, that is ``value._best_take``) by ``mover``
        (seat, sheet id) at ``turn`` with the bonus owners ``bonus`` from a harbor of groups
        ``shape`` (``_SHAPE`` codes, 0 for none): ``(its slot, the bonus owners after it)``.
        ``_best_take`` keeps the first move of the best key over the groups in harbor order, each
        group's own actions (which read its slot and size) then its steward moves (which read its
        face and the faces of the groups listed, ``cheapest_arrivals``); the first best of a list
        is the first best of its parts' first bests, so each part's is kept per sheet and bonus
        owners and only those are compared for each harbor."""
        parts = self.take_parts.get((mover, bonus, t.first_player))
        if parts is None:
            here = dataclasses.replace(t, turn=turn, bonus_owner=bonus)
            assert here.current_player == mover[0] and here.phase == "take"
            parts = (here, _Now(here), {}, {}, {})
            self.take_parts[mover, bonus, t.first_player] = parts
        here, now, actions, stewards, afters = parts
        groups = [(slot, c & 7, c >> 3) for slot, c in enumerate(shape) if c]
        faces = tuple(face for _, face, _ in groups)
        firsts = stewards.get(faces)
        if firsts is None:
            p = now.p
            arrivals = cheapest_arrivals(p.steward, p.used, list(faces), p.gold, now.stables)
            firsts = stewards[faces] = [
                _first_best(
                    ((path, shops), k) for path, shops, k in now.stewards(face, arrivals[j])
                )
                for j, face in enumerate(faces)
            ]
        best, best_key = None, None
        for j, (slot, face, size) in enumerate(groups):
            own = actions.get((slot, size), _MISSING)
            if own is _MISSING:
                own = actions[slot, size] = _first_best(
                    (((), shops), k) for shops, k in now.actions(HARBOR[slot], size)
                )
            for part in (own, firsts[j]):
                if part is not None and (best_key is None or part[1] > best_key):
                    best, best_key = (slot, face, size, part[0]), part[1]
        after = afters.get(best)
        if after is None:
            slot, face, size, (path, shops) = best
            there = dataclasses.replace(here, harbor=_with(slot, DiceGroup(face, size, 0)))
            after = afters[best] = there.apply(Take.listed(HARBOR[slot], path, shops)).bonus_owner
        return best[0], after

    def _entries(self, s: GameState, left: int, rolls: list | None = None) -> tuple[list, list]:
        """The rolls' outcomes up to the player's next decision: ``(prob, state, roll)`` entries
        valued by ``value`` (state None: replayed from the roll per sheet), and on the player's
        last turn its takes as ``_Takes`` per bonus owners, with a template position. ``rolls``:
        only these ``(white, yellow, weight)`` (counted by ``_greedy_plan``), else every roll."""
        who = self.who
        yellow = s.yellow_dice()
        if rolls is None:
            self._count(len(compositions(WHITE_DICE)) * len(compositions(yellow)))
            rolls = _weighted_outcomes(yellow)
        denominator = FACES ** (WHITE_DICE + yellow)
        # Layer by layer: every roll, then the others' greedy moves, positions merged by key
        # after each move (the yellow dice leave after the first turn, R6, so many meet again).
        # Weights are whole numbers over ``denominator``: merged outcomes add exactly.
        # Each entry keeps, besides its first roll, the first move on its way that read the
        # player's sheet (``_safe``), as (the position before it, the move): a replay starts there.
        frontier: dict[tuple, list] = {}
        for white, yell, weight in rolls:
            t = s.rolled(white, yell)
            k = t.key()
            e = frontier.get(k)
            if e is None:
                # a roll reads no sheet, unless it wins at once (R5)
                anchor = (s, Roll(white, yell)) if t.is_over else None
                frontier[k] = [weight, t, (white, yell), anchor]
            else:
                e[0] += weight
        out = []
        merged: dict[tuple, list] = {}
        last: dict[tuple, tuple] = {}  # bonus owners: (template, {harbor row: weight})
        while frontier:
            nxt: dict[tuple, list] = {}
            for weight, t, roll, anchor in frontier.values():
                if t.is_over or t.is_chance or t.current_player == who:
                    if t.phase == "take" and t.current_player == who:
                        if left == 1:  # only the groups' faces and sizes matter now
                            template, rows = last.setdefault(t.bonus_owner, (t, {}))
                            row = _row(t.harbor)
                            rows[row] = rows.get(row, 0) + weight
                            continue
                        k = t.key()
                        e = merged.get(k)
                        if e is None:
                            merged[k] = [weight, t, roll]
                        else:
                            e[0] += weight
                    else:  # the player's own sheet decides what comes next: replayed per sheet
                        out.append((weight / denominator, None, anchor))
                    continue
                m = self.greedy_move(t)
                a = t.apply(m)
                k = a.key()
                e = nxt.get(k)
                if e is None:
                    if anchor is None and not self._safe(t, a, rounds=False):
                        anchor = (t, m)
                    nxt[k] = [weight, a, roll, anchor]
                else:
                    e[0] += weight
            frontier = nxt
        out += [(w / denominator, t, roll) for w, t, roll in merged.values()]
        takes = [(t, _Takes.of(rows, denominator)) for t, rows in last.values()]
        return out, takes


# The last take's values in one array per sheet: a group's own action at index
# ``slot * _SIZES + size``, a steward move with a group of ``face`` at ``_STEWARD + face - 1``, and
# ``_NONE`` for no group (worth nothing: never the best, some group always offers a take).
_SIZES = WHITE_DICE + MAX_YELLOW + 1
_STEWARD = len(HARBOR) * _SIZES
_NONE = _STEWARD + FACES
_NEVER = -(10**9)


def _row(harbor: tuple) -> tuple[int, ...]:
    """A harbor's groups as indices into a ``_Table``: each group's action, then its steward move."""
    row = [_NONE] * (2 * len(HARBOR))
    for slot, g in enumerate(harbor):
        if g is not None:
            row[slot] = slot * _SIZES + g.white + g.yellow
            row[len(HARBOR) + slot] = _STEWARD + g.face - 1
    return tuple(row)


class _Takes:
    """Harbors of the player's last take with their whole-number weights over ``denominator``."""

    __slots__ = ("rows", "weights", "denominator", "needed")

    def __init__(self, rows: np.ndarray, weights: np.ndarray, denominator: int):
        self.rows, self.weights, self.denominator = rows, weights, denominator
        self.needed = [int(i) for i in np.unique(rows) if i != _NONE]

    @classmethod
    def of(cls, rows: dict, denominator: int) -> _Takes:
        return cls(
            np.array(list(rows), dtype=np.intp).reshape(len(rows), 2 * len(HARBOR)),
            np.array(list(rows.values()), dtype=np.int64),
            denominator,
        )


class _Table:
    """The best points of the player's last take with each group (``last_take``'s per-group
    values, the same ``_Now`` options) for one sheet and bonuses, filled as groups are met."""

    __slots__ = ("p", "now", "values", "known", "rows")

    def __init__(self, template: GameState, p):
        self.p = p
        self.now = _Now(template)
        self.values = np.full(_NONE + 1, _NEVER, dtype=np.int64)
        self.known: set[int] = set()
        self.rows: dict[tuple, int] = {}

    def row_best(self, row: tuple) -> int:
        """The best points of the take in one harbor (``_row``)."""
        best = self.rows.get(row)
        if best is None:
            values = self.values
            for i in row:
                if i != _NONE and i not in self.known:
                    self.known.add(i)
                    b = self._best(i)
                    values[i] = _NEVER if b is None else b
            best = self.rows[row] = int(max(values[i] for i in row))
            assert best > _NEVER, "a harbor without any take"
        return best

    def expected(self, takes: _Takes) -> float:
        """The expected best points over ``takes`` (exact, then rounded once to a float)."""
        return int(takes.weights @ self.best(takes)) / takes.denominator

    def best(self, takes: _Takes) -> np.ndarray:
        """The best points of the take in each harbor of ``takes``."""
        values = self.values
        for i in takes.needed:
            if i not in self.known:
                self.known.add(i)
                best = self._best(i)
                values[i] = _NEVER if best is None else best
        best = values[takes.rows].max(axis=1)
        assert best.min() > _NEVER, "a harbor without any take"
        return best

    def _best(self, i: int) -> int | None:
        now, p = self.now, self.p
        if i < _STEWARD:
            slot, size = divmod(i, _SIZES)
            return max((k[0] for _, k in now.actions(HARBOR[slot], size)), default=None)
        face = i - _STEWARD + 1
        arrivals = cheapest_arrivals(p.steward, p.used, [face], p.gold, now.stables)[0]
        return max((k[0] for _, _, k in now.stewards(face, arrivals)), default=None)


_LEAF, _STATE, _CHOICE = range(3)  # the kinds of a light tree's nodes


_MISSING = object()  # a memo's miss where None is a value
_LAST_STEPS = ("build", "compensate")  # the steps of a turn after its action (R8, B1)


def _first_best(pairs) -> tuple | None:
    """The first ``(item, key)`` of ``(item, key)`` pairs with the greatest key (None if none)."""
    best = None
    for item, k in pairs:
        if best is None or k > best[1]:
            best = (item, k)
    return best


class _NoTake(Exception):
    """Somebody before the player has no group to take: the roll is kept as a position."""


# A light tree's group as one number: face + 8 * white + 128 * yellow dice (0: no group).
_CODES = 128 * (MAX_YELLOW + 1)


def _code(g) -> int:
    return 0 if g is None else g.face + 8 * g.white + 128 * g.yellow


def _group(c: int) -> DiceGroup:
    return DiceGroup(c & 7, (c >> 3) & 15, c >> 7)


# a code's group once the yellow dice leave (R6): its white dice, or nothing
_WHITE_ONLY = [c & 127 if (c >> 3) & 15 else 0 for c in range(_CODES)]
# what a take reads of a group: its face and size, every die counted alike
_SHAPE = [(c & 7) + 8 * (((c >> 3) & 15) + (c >> 7)) for c in range(_CODES)]


def _coded_row(harbor: tuple) -> tuple[int, ...]:
    """``_row`` of a coded harbor."""
    row = [_NONE] * (2 * len(HARBOR))
    for slot, c in enumerate(harbor):
        if c:
            row[slot] = slot * _SIZES + ((c >> 3) & 15) + (c >> 7)
            row[len(HARBOR) + slot] = _STEWARD + (c & 7) - 1
    return tuple(row)


def _empty(t: GameState, turn: int, bonus: tuple) -> GameState:
    """The compensation step (R8) of whoever plays ``turn`` in ``t``'s round, the harbor empty and
    the bonus owners ``bonus``. When no step is possible the engine goes on to building at once,
    which is what declining it (the only move then) does."""
    return dataclasses.replace(
        t, turn=turn, bonus_owner=bonus, harbor=(None,) * len(HARBOR), phase="compensate"
    )


def _with(slot: int, g) -> tuple:
    """A harbor with group ``g`` in ``slot`` and one die of another face in the next slot, so
    that taking ``g`` leaves a group to the next player (no compensation step to list, R8): a
    take reads only its own group."""
    other = (slot + 1) % len(HARBOR)
    harbor = [None] * len(HARBOR)
    harbor[slot], harbor[other] = g, DiceGroup(g.face % FACES + 1, 1, 0)
    return tuple(harbor)


@dataclasses.dataclass
class _LightTree:
    """A chance node's rolls: each roll's forest node and whole-number weight (as floats, exact
    below 2 ** 53) over ``denominator``."""

    weights: np.ndarray
    nodes: np.ndarray
    denominator: int
    chunks: tuple[int, ...]  # the chunks its nodes read, in order (``_needs``)


def _needs(chunks: list, nodes: np.ndarray) -> tuple[int, ...]:
    """The chunks holding ``nodes``, with every chunk they read (``_Chunk.needs``), in order."""
    stops = np.array([c.stop for c in chunks], dtype=np.intp)
    held = {int(c) for c in np.unique(np.searchsorted(stops, nodes, side="right"))}
    out = set(held)
    for c in held:
        out |= chunks[c].needs
    return tuple(sorted(out))


class _Chunk:
    """The forest nodes ``start`` to ``stop`` (those one light tree added), ready to be valued
    for a sheet with array operations: the last takes per bonus owners as harbor rows, the
    positions, and the choices level by level, children as flat arrays with their offsets."""

    __slots__ = ("stop", "takes", "states", "choices", "needs")

    def __init__(self, forest: list, levels: list, start: int, before: list):
        self.stop = len(forest)
        takes: dict[tuple, tuple] = {}
        self.states: list[tuple[int, GameState]] = []
        by_level: dict[int, list] = {}
        for i in range(start, self.stop):
            node = forest[i]
            if node[0] == _LEAF:
                _, t, bonus, row = node
                entry = takes.setdefault(bonus, (t, [], []))
                entry[1].append(i)
                entry[2].append(row)
            elif node[0] == _STATE:
                self.states.append((i, node[1]))
            else:
                by_level.setdefault(levels[i], []).append(i)
        self.takes = [
            (t, bonus, np.array(nodes, dtype=np.intp), _rows_of(rows))
            for bonus, (t, nodes, rows) in takes.items()
        ]
        self.choices = []
        for level in sorted(by_level):
            nodes = by_level[level]
            children = [forest[i][1] for i in nodes]
            counts = np.array([len(c) for c in children], dtype=np.float64)
            offsets = np.concatenate(([0], np.cumsum(counts[:-1]))).astype(np.intp)
            flat = np.array([c for cs in children for c in cs], dtype=np.intp)
            self.choices.append((np.array(nodes, dtype=np.intp), flat, offsets, counts))
        # the earlier chunks this one's choices read, with those they read in turn
        self.needs: set[int] = set()
        if before and self.choices:
            flat = np.concatenate([f for _, f, _, _ in self.choices])
            self.needs = set(_needs(before, flat[flat < start]))

    def value(self, solver: ExactSolver, p, values: np.ndarray) -> None:
        """Fill ``values`` for this chunk's nodes with sheet ``p`` (earlier chunks are filled)."""
        who = solver.who
        for t, bonus, nodes, rows in self.takes:
            values[nodes] = solver._table(solver._template(t, bonus), p).best(rows)
        for i, t in self.states:
            values[i] = solver.value(t if t.players[who] is p else t.with_player(who, p))
        cautious = solver.opponents == "cautious"
        for nodes, flat, offsets, counts in self.choices:
            if cautious:
                values[nodes] = np.minimum.reduceat(values[flat], offsets)
            else:
                values[nodes] = np.add.reduceat(values[flat], offsets) / counts


class _Tree:
    """The outcomes of one chance node up to the player's next decision, for every sheet of the
    player: leaves (the player's take; or a move whose outcome reads the player's sheet, replayed),
    and the opponents' choices between groups as min (cautious) or mean (random) nodes. Children
    come before their parents, so one pass in order values every node."""

    __slots__ = ("denominator", "pick", "roots", "kinds", "data", "takes", "states", "replays")

    _TAKE, _STATE, _REPLAY, _CHOICE = range(4)

    def __init__(self, denominator: int, pick):
        self.denominator, self.pick = denominator, pick  # pick: min, or None for the mean
        self.roots: list[tuple[int, int]] = []  # (whole-number weight, node) per roll
        self.kinds: list[int] = []
        self.data: list = []
        self.takes: list = []  # per bonus owners: (template, node indices, _Takes)
        self.states: list[tuple[int, GameState]] = []
        self.replays: list[tuple[int, GameState, Move]] = []

    def _add(self, kind: int, data) -> int:
        self.kinds.append(kind)
        self.data.append(data)
        return len(self.kinds) - 1

    def take(self, t: GameState, last: bool) -> int:
        """A take of the player: its last one (valued from the groups, ``_Table``) or not."""
        i = self._add(self._TAKE if last else self._STATE, t)
        (self.states if not last else self.takes).append((i, t))
        return i

    def replay(self, parent: GameState, move: Move) -> int:
        i = self._add(self._REPLAY, None)
        self.replays.append((i, parent, move))
        return i

    def choice(self, children: list[int]) -> int:
        return self._add(self._CHOICE, children)

    def close(self) -> None:
        """Group the last takes by bonus owners, as harbor rows (``_Takes``)."""
        by_owner: dict[tuple, tuple] = {}
        for i, t in self.takes:
            template, nodes, rows = by_owner.setdefault(t.bonus_owner, (t, [], []))
            nodes.append(i)
            rows.append(_row(t.harbor))
        self.takes = [
            (template, np.array(nodes, dtype=np.intp), _rows_of(rows))
            for template, nodes, rows in by_owner.values()
        ]

    def value(self, solver: ExactSolver, p) -> float:
        """The player's expected final score from the chance node, with sheet ``p``."""
        who = solver.who
        values = np.zeros(len(self.kinds))
        for template, nodes, takes in self.takes:
            values[nodes] = solver._table(template, p).best(takes)
        for i, t in self.states:
            values[i] = solver.value(t if t.players[who] is p else t.with_player(who, p))
        for i, parent, move in self.replays:
            values[i] = solver.value(parent.with_player(who, p).apply(move))
        v = values.tolist()
        kinds, data, pick = self.kinds, self.data, self.pick
        for i, kind in enumerate(kinds):
            if kind == self._CHOICE:
                children = [v[c] for c in data[i]]
                v[i] = pick(children) if pick else sum(children) / len(children)
        total = 0.0
        for weight, i in self.roots:
            total += weight * v[i]
        return total / self.denominator


def _rows_of(rows: list[tuple]) -> _Takes:
    """Harbor rows in the given order (repeats kept), as ``_Takes`` with unused weights."""
    return _Takes(
        np.array(rows, dtype=np.intp).reshape(len(rows), 2 * len(HARBOR)),
        np.zeros(len(rows), dtype=np.int64),
        1,
    )


class _FirstTake:
    """Every roll of ``dice`` dice counted alike, for a last take by the first player."""

    __slots__ = ("replayed", "takes", "sample")

    def __init__(self, replayed: list, takes: _Takes, sample: tuple):
        self.replayed, self.takes, self.sample = replayed, takes, sample


@functools.lru_cache(maxsize=8)
def _first_take_plan(dice: int, nine_dice_win: bool) -> _FirstTake:
    """The rolls of ``dice`` dice (9 white, the rest yellow) as all-white counts: the harbors of a
    take with their multinomial weights, and apart, with their probabilities, the rolls where every
    die shows one face when that wins at once (R5: replayed as rolled, white and yellow)."""
    yellow = dice - WHITE_DICE
    replayed = []
    rows: dict[tuple, int] = {}
    sample = None
    for counts in compositions(dice):
        if nine_dice_win and max(counts) == dice:
            face = counts.index(dice)
            w = tuple(WHITE_DICE if f == face else 0 for f in range(FACES))
            y = tuple(yellow if f == face else 0 for f in range(FACES))
            replayed.append((multinomial(counts) / FACES**dice, (w, y)))
            continue
        if sample is None:
            sample = (counts, (0,) * FACES)
        row = _row(sort_harbor(counts, (0,) * FACES))
        rows[row] = rows.get(row, 0) + multinomial(counts)
    return _FirstTake(replayed, _Takes.of(rows, FACES**dice), sample)


@functools.lru_cache(maxsize=8)
def _coded_outcomes(yellow_dice: int) -> tuple[tuple, ...]:
    """``_weighted_outcomes`` with each roll's harbor coded (``_code``) and whether every die
    shows one face (R5)."""
    slots = len(HARBOR)
    out = []
    for w, y, weight in _weighted_outcomes(yellow_dice):
        # ``sort_harbor``: the highest face on the last district, the others ascending from the
        # first; each group coded as ``_code`` does
        codes = [f + 1 + 8 * w[f] + 128 * y[f] for f in range(FACES) if w[f] or y[f]]
        harbor = (*codes[:-1], *(0,) * (slots - len(codes)), codes[-1])
        out.append((w, y, weight, harbor, len(codes) == 1))
    return tuple(out)


@functools.lru_cache(maxsize=8)
def _weighted_outcomes(yellow_dice: int) -> tuple[tuple[tuple, tuple, int], ...]:
    """Every roll of 9 white and ``yellow_dice`` yellow dice with its number of ordered dice
    sequences (of ``6 ** (9 + yellow_dice)``)."""
    yellows = [(y, multinomial(y)) for y in compositions(yellow_dice)]
    return tuple(
        (w, y, white * n)
        for w in compositions(WHITE_DICE)
        for white in (multinomial(w),)
        for y, n in yellows
    )


def rank_exact(
    state: GameState, max_work: int | None = None, opponents: str = "greedy"
) -> list[tuple[Move, float]]:
    """Every legal move with its exact expected final score for the player to decide, best first
    (ties in legal-move order), the other players following the model ``opponents``
    (``OPPONENT_MODELS``: "greedy", "cautious" or "random"; see docs/solver.md). Raises
    ``OutOfReach`` when the position is too far from the end, or when more than ``max_work`` rolls
    would have to be enumerated (``ExactSolver.work``), and ValueError for an unknown model.

    >>> from corinth.rules import new_game
    >>> from corinth.solver.value import move_key
    >>> s = new_game(players=2, seed=5, first_player=0)
    >>> while turns_left(s) > 1 or s.phase != "take":  # play greedy up to player 1's last take
    ...     s = s.roll() if s.is_chance else s.apply(best_move_now(s))
    >>> ranked = rank_exact(s)
    >>> ranked[0][1] == max(move_key(s, m)[0] for m in s.legal_moves())
    True
    >>> rank_exact(s, opponents="cautious") == ranked  # the last take: nobody moves after it
    True

    The same position asked again (a hint asked twice, a puzzle checked after it was shown) is
    answered from a small memo.
    """
    return list(_remembered(state, max_work, check_model(opponents)))


@functools.lru_cache(maxsize=64)
def _remembered(
    state: GameState, max_work: int | None, opponents: str
) -> tuple[tuple[Move, float], ...]:
    return tuple(_solve(state, max_work, opponents))


def _solve(
    state: GameState, max_work: int | None = None, opponents: str = "greedy"
) -> list[tuple[Move, float]]:
    """``rank_exact``'s work, never memoized (the bench times it)."""
    check_reach(state)
    solver = ExactSolver(state.current_player, max_work, opponents)
    moves = state.legal_moves()
    values = []
    for m in moves:
        # rounded: sums of float probabilities that are equal in exact arithmetic tie
        values.append((m, round(solver.value(solver.canonical(state.apply(m))), 9)))
    order = sorted(range(len(moves)), key=lambda i: -values[i][1])
    return [values[i] for i in order]


@dataclasses.dataclass(frozen=True)
class RobustBest:
    """Which move is best whatever the others do (``robust_best``).

    ``move``: a move tied for best under every opponent model, or None when the models disagree;
    ``best``: per model, the moves tied for best; ``values``: per model, every move's value;
    ``safest``: the move whose largest loss over the models is the smallest, and ``regret`` that
    loss (0 when ``move`` is not None).
    """

    move: Move | None
    best: dict[str, tuple[Move, ...]]
    values: dict[str, dict[Move, float]]
    safest: Move
    regret: float

    def describe(self) -> str:
        """One sentence saying which move is best whatever the others do, or how the models differ."""
        if self.move is not None:
            return _(
                "{move} is best whatever the others do (greedy, cautious or random opponents)."
            ).format(move=self.move)
        each = "; ".join(f"{m}: {', '.join(map(str, b))}" for m, b in self.best.items())
        return _(
            "No move is best against every opponent model ({each}). The safest is {safest}, "
            "at most {regret} points of expected final score below the best of any model."
        ).format(each=each, safest=self.safest, regret=decimals(self.regret, 2))


def robust_best(state: GameState, max_work: int | None = None) -> RobustBest:
    """The move best under all three opponent models, if there is one (``RobustBest``): the
    exact ranking (``rank_exact``) against greedy, cautious and random opponents. Of several such
    moves, the first in the greedy model's ranking; ``safest`` minimises the largest loss over the
    models (ties: the greedy ranking's order). Raises ``OutOfReach`` like ``rank_exact``.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=5, first_player=0)
    >>> while turns_left(s) > 1 or s.phase != "take":  # player 1's last take
    ...     s = s.roll() if s.is_chance else s.apply(best_move_now(s))
    >>> robust = robust_best(s)
    >>> robust.move == rank_exact(s)[0][0], robust.regret
    (True, 0.0)
    """
    rankings = {m: rank_exact(state, max_work, m) for m in OPPONENT_MODELS}
    values = {m: dict(ranking) for m, ranking in rankings.items()}
    best = {
        m: tuple(move for move, v in ranking if v == ranking[0][1])
        for m, ranking in rankings.items()
    }
    order = [move for move, _ in rankings["greedy"]]
    regret = {
        move: max(max(values[m].values()) - values[m][move] for m in OPPONENT_MODELS)
        for move in order
    }
    safest = min(order, key=lambda move: regret[move])  # the first of the ties
    every = [move for move in order if all(move in best[m] for m in OPPONENT_MODELS)]
    return RobustBest(
        every[0] if every else None, best, values, safest, max(0.0, round(regret[safest], 9))
    )


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


def timed_rank(
    state: GameState, opponents: str = "greedy"
) -> tuple[list[tuple[Move, float]], float]:
    """``rank_exact`` and its CPU time in seconds (the bench's measure)."""
    t = time.process_time()
    out = _solve(state, None, check_model(opponents))
    return out, time.process_time() - t


__all__ = [
    "EXACT_BUDGET",
    "HINT_SECONDS",
    "MAX_TURNS",
    "OPPONENT_MODELS",
    "ExactSolver",
    "OutOfReach",
    "check_model",
    "check_reach",
    "estimate_seconds",
    "estimate_work",
    "group_take",
    "hint_seconds",
    "model_words",
    "robust_best",
    "RobustBest",
    "in_reach",
    "late_states",
    "rank_exact",
    "reach_words",
    "turns_left",
]
