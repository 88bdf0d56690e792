"""The immutable game state: legal moves at every decision point and ``apply`` (R1–R11, A1–A4, M1–M7, B1–B5).

>>> state = new_game(players=3, seed=7, first_player=0)
>>> state.phase, state.current_player, state.legal_moves()
('purvey', 0, [Purvey(buy=0), Purvey(buy=1)])
>>> state = state.apply("buy 0").apply(Move.parse("roll 112344666"))
>>> [str(m) for m in state.legal_moves()][:4]
['goats', 'goats steward r1c2 shops 1', 'goats steward r1c2 shops 2', 'goats steward r1c2 shops 3']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from corinth.shared.language import _, ngettext, pgettext

from . import describe, record, scoring, text
from . import dice as dice_mod
from .dice import DiceGroup, all_same, sort_harbor
from .errors import IllegalMove, shown
from .geometry import CELLS, NEIGHBOURS
from .moves import Build, Compensate, Move, Pass, Purvey, Roll, Take
from .sheet import (
    _THE_BUILDING,
    BUILDINGS,
    GOODS,
    HARBOR,
    Market,
    Sheet,
    Shop,
    default_sheet,
    district_lower,
    district_word,
)
from .variants import DEFAULT as DEFAULT_VARIANTS
from .variants import Variants

PHASES = ("purvey", "roll", "take", "build", "compensate", "over")
_NEIGHBOURS = NEIGHBOURS
STABLES_FREE_STEPS = 2  # B4


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's sheet as filled so far.

    Tracks are kept as symbols circled and crossed (T1): what a player holds is circled − crossed,
    and gains stop at the track's last symbol even after spending.
    """

    shops: tuple[tuple[int, ...], ...]  # checks in each shop, per goods district (GOODS order)
    gold_circled: int = 1  # S1: the first symbol is pre-circled
    gold_crossed: int = 0
    goats_circled: int = 1
    goats_crossed: int = 0
    circled: int = 0  # bitmask of circled market cells
    used: int = 0  # bitmask of market cells passed through or circled, the centre included (A4c)
    steward: int = 12  # the cell the steward stands on
    scores: tuple[int, ...] = ()  # values written on scoring spots, in order (M6)
    buildings: int = 0  # bitmask over BUILDINGS
    turns: int = 0  # turn-track spots crossed (R1, S2)

    @property
    def gold(self) -> int:
        """Gold held."""
        return self.gold_circled - self.gold_crossed

    @property
    def goats(self) -> int:
        """Goats held."""
        return self.goats_circled - self.goats_crossed

    def has(self, building: str) -> bool:
        return bool(self.buildings & _BUILDING_BITS[building])

    def built(self) -> tuple[str, ...]:
        return tuple(b for i, b in enumerate(BUILDINGS) if self.buildings >> i & 1)

    def circled_cells(self) -> list[int]:
        return [i for i in range(CELLS) if self.circled >> i & 1]

    def used_cells(self) -> list[int]:
        return [i for i in range(CELLS) if self.used >> i & 1]


_BUILDING_BITS = {name: 1 << i for i, name in enumerate(BUILDINGS)}  # PlayerState.buildings


class _History:
    """An append-only move list shared between states (a cons list: O(1) per move)."""

    __slots__ = ("move", "previous", "length")

    def __init__(self, move: Move, previous: _History | None):
        self.move = move
        self.previous = previous
        self.length = 1 + (previous.length if previous else 0)

    def to_list(self) -> list[Move]:
        out, node = [], self
        while node is not None:
            out.append(node.move)
            node = node.previous
        return out[::-1]


@functools.lru_cache(maxsize=64)  # asked at every decision: a handful of answers
def turn_order(players: int, first: int) -> tuple[int, ...]:
    """Who plays in a round with ``first`` as first player, in order (R6; two players R10).

    >>> turn_order(2, 1), turn_order(4, 3)
    ((1, 0, 1), (3, 0, 1, 2))
    """
    if players == 2:
        return (first, 1 - first, first)
    return tuple((first + i) % players for i in range(players))


@dataclass(frozen=True, slots=True, eq=False)
class GameState:
    """A whole game at one moment. Immutable: ``apply`` returns a new state.

    Phases: ``purvey`` (the first player buys yellow dice), ``roll`` (a chance node), ``take`` (a player
    takes a group and acts), ``build`` (after the action), ``compensate`` (no group left, R8), ``over``.
    A decision that offers nothing but "no" (no gold to buy dice, no building affordable, no step
    possible) is skipped.
    """

    sheet: Sheet
    players: tuple[PlayerState, ...]
    bonus_owner: tuple[int, ...]  # per goods district: the player who claimed its bonus, or -1
    phase: str
    first_player: int
    round: int  # 1-based
    turn: int  # index into the round's turn order
    harbor: tuple[DiceGroup | None, ...]
    yellow_bought: int  # dice bought this round (R2)
    winners: tuple[int, ...] = ()
    seed: int = 0
    start_player: int = 0
    history_node: _History | None = None
    variants: Variants = DEFAULT_VARIANTS  # the open readings this game follows (R5, R8)

    # --- reading the state -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def history(self) -> list[Move]:
        """Every move played since the start, rolls included."""
        return self.history_node.to_list() if self.history_node else []

    @property
    def move_count(self) -> int:
        return self.history_node.length if self.history_node else 0

    def turn_order(self) -> tuple[int, ...]:
        """Who plays in this round, in order (R6; two players R10)."""
        return turn_order(self.num_players, self.first_player)

    @property
    def current_player(self) -> int:
        """The player to decide now; -1 at a chance node's end (game over)."""
        if self.phase == "over":
            return -1
        if self.phase in ("purvey", "roll"):
            return self.first_player
        return turn_order(len(self.players), self.first_player)[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def is_chance(self) -> bool:
        return self.phase == "roll"

    def player(self, index: int | None = None) -> PlayerState:
        return self.players[self.current_player if index is None else index]

    def earned_yellow(self, index: int) -> int:
        """Free yellow dice from circled yellow-die cells (M5), capped at 3 (R2)."""
        return min(
            dice_mod.MAX_YELLOW, self.sheet.market.count(self.players[index].circled, "yellow")
        )

    def max_purchase(self) -> int:
        """How many yellow dice the first player may buy now (R2: earned dice count first)."""
        p = self.first_player
        return max(0, min(dice_mod.MAX_YELLOW - self.earned_yellow(p), self.players[p].gold))

    def yellow_dice(self) -> int:
        """Yellow dice in this round's roll: earned plus bought (R2)."""
        return self.earned_yellow(self.first_player) + self.yellow_bought

    def groups(self) -> list[tuple[str, DiceGroup]]:
        """The groups still on the harbor, bottom to top."""
        return [(HARBOR[i], g) for i, g in enumerate(self.harbor) if g is not None]

    def score(self, player: int) -> int:
        """The final score (E1) ``player`` would have if the game ended now."""
        return scoring.score(self, player)

    def score_breakdown(self, player: int):
        """Every term of the final score (E1) as it stands now. See ``corinth.rules.scoring``."""
        return scoring.score_breakdown(self, player)

    # --- chance ------------------------------------------------------------------------------

    def chance_outcomes(self) -> Iterator[tuple[Roll, Any]]:
        """Every distinct roll at this chance node with its exact probability (a Fraction).

        >>> state = new_game(players=2, seed=1).apply("buy 1")
        >>> sum(p for _, p in state.chance_outcomes())
        Fraction(1, 1)
        """
        self._require("roll", "R3", "only a roll has chance outcomes")
        for o in dice_mod.roll_outcomes(self.yellow_dice()):
            yield Roll(o.white, o.yellow), o.probability

    def sample_roll(self, rng: np.random.Generator | None = None) -> Roll:
        """Draw this chance node's roll. Without ``rng`` the game's own seed decides, so replays agree."""
        self._require("roll", "R3", "nobody is rolling now")
        if rng is None:
            rng = np.random.default_rng([self.seed, self.move_count])
        white, yellow = dice_mod.sample_roll(rng, self.yellow_dice())
        return Roll(white, yellow)

    def rolled(self, white: tuple[int, ...], yellow: tuple[int, ...]) -> GameState:
        """The position after the roll ``white`` / ``yellow`` (dice per face), as
        ``apply(Roll(white, yellow))`` but not recorded in the history nor checked: for solvers
        that go through every outcome of ``chance_outcomes()``.

        >>> s = new_game(players=2, seed=1).apply("buy 0")
        >>> s.rolled((2, 1, 1, 1, 1, 3), (0,) * 6).key() == s.apply("roll 112345666").key()
        True
        """
        if self.variants.nine_dice_win and all_same(white, yellow):  # R5: the game may end here
            return self.apply(Roll(white, yellow))
        # after a roll a group is always left to take (R3), so the turn starts with a take
        return _evolve(self, harbor=sort_harbor(white, yellow), phase="take", turn=0)

    def with_player(self, index: int, player: PlayerState) -> GameState:
        """The same position with player ``index``'s sheet replaced by ``player`` (unchecked): for
        solvers that try one player's possible sheets against the same rolls and moves.

        >>> s = new_game(players=2, seed=1)
        >>> s.with_player(1, s.players[0]).players[1] is s.players[0]
        True
        """
        return _evolve(self, players=_set(self.players, index, player))

    def roll(self, rng: np.random.Generator | None = None) -> GameState:
        """Roll the dice (R3) and return the state with the harbor sorted (R4)."""
        return self.apply(self.sample_roll(rng))

    # --- legal moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to decide (empty at a chance node or at the end).

        >>> new_game(players=4, seed=3).apply("buy 0").apply("roll 123456666").legal_moves()[0]
        Take(district='goats', path=(), shops=())
        """
        phase = self.phase
        if phase == "take":
            return self._take_moves()
        if phase == "build":
            return [Build(b) for b in self._affordable_building_sets(self.player())]
        if phase == "purvey":
            return [Purvey(k) for k in range(self.max_purchase() + 1)]
        if phase == "compensate":
            return self._compensation_moves() + [Pass()]
        return []

    def legal_move_count(self) -> int:
        """``len(self.legal_moves())``, without listing the moves (a take may have thousands).

        >>> s = new_game(players=4, seed=3).apply("buy 0").apply("roll 123456666")
        >>> s.legal_move_count() == len(s.legal_moves())
        True
        """
        if self.phase != "take":
            return len(self.legal_moves())
        return sum(run[0] for run in self._take_plan()[0])

    def legal_move(self, index: int) -> Move:
        """``self.legal_moves()[index]``, without listing the moves.

        >>> s = new_game(players=4, seed=3).apply("buy 0").apply("roll 123456666")
        >>> s.legal_move(40) == s.legal_moves()[40]
        True
        """
        if self.phase != "take" or index < 0:
            return self.legal_moves()[index]
        return self._planned_move(*self._take_plan(), index)

    def pick_legal_move(self, pick: Callable[[int], int]) -> Move:
        """``self.legal_moves()[pick(n)]``, ``n`` being how many legal moves there are, without
        listing them, counting them only once (how a random player picks: ``RandomBot``).

        >>> s = new_game(players=4, seed=3).apply("buy 0").apply("roll 123456666")
        >>> s.pick_legal_move(lambda n: n - 1) == s.legal_moves()[-1]
        True
        """
        if self.phase != "take":
            moves = self.legal_moves()
            return moves[pick(len(moves))]
        plan, shops_at = self._take_plan()
        index = pick(sum(run[0] for run in plan))
        if index < 0:
            return self.legal_moves()[index]
        return self._planned_move(plan, shops_at, index)

    @staticmethod
    def _planned_move(plan: list[tuple], shops_at: _ShopsAt, index: int) -> Move:
        rest = index
        for count, district, choices, paths in plan:
            if rest >= count:
                rest -= count
            elif choices is not None:
                return Take.listed(district, (), choices[rest])
            else:
                for path in paths:
                    choices = shops_at[path[-1]]
                    if rest < len(choices):
                        return Take.listed(district, path, choices[rest])
                    rest -= len(choices)
        raise IndexError(f"legal move {index} of {index - rest}")

    def _take_moves(self) -> list[Move]:
        moves: list[Move] = []
        plan, shops_at = self._take_plan(counted=False)
        for _slot, district, choices, paths in plan:
            if choices is not None:
                moves += [Take.listed(district, (), shops) for shops in choices]
                continue
            for path in paths:
                for shops in shops_at[path[-1]]:
                    moves.append(Take.listed(district, path, shops))
        return moves

    def _take_plan(self, counted: bool = True) -> tuple[list[tuple], _ShopsAt]:
        """The legal takes in ``legal_moves`` order, as runs ``(how many, district, the shops of each
        of the district's actions or None, steward paths or None)``, and the shop choices at each
        arrival cell (M1). The steward runs' counts are 0 unless ``counted``. Moves are made only
        when listed or picked (``_planned_move``): a random player picks one of many."""
        p = self.player()
        sheet = self.sheet
        plan: list[tuple] = []
        groups = self.groups()
        stables = p.has("stables")
        longest = min(CELLS - 1, max(steward_steps(g.face, p.gold, stables)[1] for _, g in groups))
        # One path per distinct result (cells used, end cell): same cost, same sheet after.
        # The memo's own buckets: only read here, so the public function's copy is not needed.
        seen = p.used | 1 << p.steward
        by_length = _distinct_steward_paths(p.steward, seen, longest)
        shops_at = _ShopsAt(sheet, p)  # M1 shop choices per arrival cell
        counts = [0] * (longest + 1)  # moves per length, one group
        if counted:  # the shop choices depend only on where a path ends
            for n, cell, k in _arrival_counts(p.steward, seen, longest):
                counts[n] += k * len(shops_at[cell])
        for district, group in groups:
            if district in ("gold", "goats"):
                choices = _NO_SHOPS
            else:
                d = GOODS.index(district)
                checks = group.size + (1 if p.has("warehouse") else 0)  # B3
                choices = _deliveries(sheet.districts[d].shops, p.shops[d], checks)
            plan.append((len(choices), district, choices, None))
            lo, hi = steward_steps(group.face, p.gold, stables)
            for n in range(lo, min(hi, longest) + 1):
                plan.append((counts[n], district, None, by_length[n]))
        return plan, shops_at

    def compensation_range(self, p: PlayerState) -> tuple[int, int]:
        """The fewest and most steps ``p``'s compensation step may take (R8), by this game's variants.

        >>> new_game(players=2, seed=1).compensation_range(PlayerState(shops=(), gold_circled=2))
        (1, 3)
        """
        v = self.variants
        return steward_steps(
            1, p.gold if v.gold_adjusts_compensation else 0, self.compensation_stables(p)
        )

    def compensation_stables(self, p: PlayerState) -> bool:
        """Whether the Stables' free steps apply to ``p``'s compensation step (R8, B4), by this
        game's variants."""
        return p.has("stables") and self.variants.stables_adjust_compensation

    def _compensation_paths(self, p: PlayerState) -> list[tuple[int, ...]]:
        """The steward paths ``p``'s compensation step may take (R8)."""
        _lo, hi = self.compensation_range(p)
        if hi == 1:  # the common case: one step to a free neighbour
            return [(c,) for c in _NEIGHBOURS[p.steward] if not p.used >> c & 1]
        longest = min(CELLS - 1, hi)
        by_length = _steward_paths(p.steward, p.used | 1 << p.steward, longest)
        return [path for n in range(1, longest + 1) for path in by_length[n]]

    def _compensation_moves(self) -> list[Move]:
        p = self.player()
        return [
            Compensate(path, shops)
            for path in self._compensation_paths(p)
            for shops in arrival_shops(self.sheet, p, path[-1])
        ]

    def _can_compensate(self) -> bool:
        """Whether ``_compensation_moves`` lists any move (without listing them)."""
        p = self.player()
        return any(arrival_shops(self.sheet, p, path[-1]) for path in self._compensation_paths(p))

    def _affordable_building_sets(self, p: PlayerState) -> list[tuple[str, ...]]:
        return list(affordable_building_sets(self.sheet, p.buildings, p.gold, p.goats))

    def is_legal(self, move: Move) -> bool:
        try:
            self.apply(move)
        except IllegalMove:
            return False
        return True

    # --- applying moves ----------------------------------------------------------------------

    def apply(self, move: Move | str) -> GameState:
        """The state after ``move`` (a Move or its notation). Raises IllegalMove naming the rule;
        this state is never changed.

        >>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
        >>> s.apply("gold").player(0).gold  # two 6s on Gold: 1 + 2
        3
        """
        if isinstance(move, str):
            move = Move.parse(move)
        if self.phase == "over":
            raise IllegalMove("E2", pgettext("Corinth", "the game is over"))
        handler = _HANDLERS.get((self.phase, type(move)))
        if handler is None:
            raise IllegalMove(
                _PHASE_RULE[self.phase],
                _("{expected}, not '{move}'").format(expected=self._expecting(), move=move),
            )
        state, recorded = handler(self, move)
        node = _History(recorded, self.history_node)
        if state is self:  # never so today; a handler that changed nothing must not change self
            return _evolve(state, history_node=node)
        # The handler's state is its own new copy, seen by no one yet: it takes its history node in
        # place (a copy less per move, the engine's commonest call).
        _SET_HISTORY(state, node)
        return state

    def _expecting(self) -> str:
        n = self.current_player + 1
        return {
            "purvey": lambda: _("player {n} is buying yellow dice ('buy N')"),
            "roll": lambda: _("the dice must be rolled ('roll …')"),
            "take": lambda: _("player {n} must take a group"),
            "build": lambda: _("player {n} may build ('build …' or 'build none')"),
            "compensate": lambda: _("player {n} has no group left: 'steward rRcC' or 'pass'"),
        }[self.phase]().format(n=n)

    def _require(self, phase: str, rule: str, message: str) -> None:
        if self.phase != phase:
            raise IllegalMove(rule, message)

    def _purvey(self, move: Purvey) -> tuple[GameState, Move]:
        limit = self.max_purchase()
        if not 0 <= move.buy <= limit:
            p = self.players[self.first_player]
            why = (
                _("at most {most} yellow dice per roll, {earned} earned").format(
                    most=dice_mod.MAX_YELLOW, earned=self.earned_yellow(self.first_player)
                )
                if move.buy > dice_mod.MAX_YELLOW - self.earned_yellow(self.first_player)
                else ngettext(
                    "only {gold} gold to pay with", "only {gold} gold to pay with", p.gold
                ).format(gold=p.gold)
            )
            raise IllegalMove(
                "R2",
                ngettext(
                    "cannot buy {n} yellow dice: {why}",
                    "cannot buy {n} yellow dice: {why}",
                    move.buy,
                ).format(n=move.buy, why=why),
            )
        players = _set(
            self.players, self.first_player, _spend(self.players[self.first_player], move.buy, 0)
        )
        return _evolve(self, players=players, yellow_bought=move.buy, phase="roll"), move

    def _roll(self, move: Roll) -> tuple[GameState, Move]:
        if len(move.white) != dice_mod.FACES or len(move.yellow) != dice_mod.FACES:
            raise IllegalMove("C1", _("a roll gives counts for the six faces"))
        if sum(move.white) != dice_mod.WHITE_DICE or min(move.white) < 0:
            raise IllegalMove(
                "R3",
                _("all {n} white dice are rolled, not {rolled}").format(
                    n=dice_mod.WHITE_DICE, rolled=sum(move.white)
                ),
            )
        if sum(move.yellow) != self.yellow_dice() or min(move.yellow) < 0:
            raise IllegalMove(
                "R2",
                ngettext(
                    "{n} yellow dice are rolled this round, not {rolled}",
                    "{n} yellow dice are rolled this round, not {rolled}",
                    self.yellow_dice(),
                ).format(n=self.yellow_dice(), rolled=sum(move.yellow)),
            )
        if self.variants.nine_dice_win and all_same(move.white, move.yellow):  # R5: win at once
            return _evolve(
                self,
                phase="over",
                winners=(self.first_player,),
                harbor=sort_harbor(move.white, move.yellow),
            ), move
        state = _evolve(self, harbor=sort_harbor(move.white, move.yellow), phase="take", turn=0)
        return state._begin_turn(), move

    def _take(self, move: Take) -> tuple[GameState, Move]:
        if move.district not in HARBOR:
            raise IllegalMove(
                "R6", _("there is no {district} district").format(district=repr(move.district))
            )
        slot = HARBOR.index(move.district)
        group = self.harbor[slot]
        if group is None:
            raise IllegalMove(
                "R6",
                _("the {district} district has no group to take").format(
                    district=district_word(move.district)
                ),
            )
        who = self.current_player
        p = self.players[who]
        bonus = self.bonus_owner
        if move.path:
            p, bonus, move = self._steward(p, who, bonus, move, group.face, adjust=True)
        elif move.district == "gold":
            _no_shops(move)
            p = _gain(p, self.sheet, group.size + (2 if p.has("trading_post") else 0), 0)  # A1, B5
        elif move.district == "goats":
            _no_shops(move)
            p = _gain(p, self.sheet, 0, group.size)  # A2
        else:
            checks = group.size + (1 if p.has("warehouse") else 0)  # A3, B3
            p, bonus, shops = _deliver(
                self.sheet, p, who, bonus, GOODS.index(move.district), checks, move.shops
            )
            move = Take(move.district, (), shops)
        harbor = self.harbor[:slot] + (None,) + self.harbor[slot + 1 :]
        state = _evolve(self, players=_set(self.players, who, p), bonus_owner=bonus, harbor=harbor)
        return state._after_action(), move

    def _compensate(self, move: Compensate) -> tuple[GameState, Move]:
        who = self.current_player
        p = self.players[who]
        lo, hi = self.compensation_range(p)
        if not lo <= len(move.path) <= hi:
            raise IllegalMove("R8", _compensation_limit(len(move.path), hi, self.variants))
        p, bonus, move = self._steward(
            p, who, self.bonus_owner, move, 1, adjust=True, stables=self.compensation_stables(p)
        )
        state = _evolve(self, players=_set(self.players, who, p), bonus_owner=bonus)
        # The rulebook calls the step an action ("l'action « déplacer l'intendant d'un pas »"), and
        # building comes "après avoir effectué son action" (B1): the player may build, as after any action.
        return state._after_action(), move

    def _pass(self, move: Pass) -> tuple[GameState, Move]:
        # Declining the step still leaves the player's turn, which ends with building (B1).
        return self._after_action(), move

    def _build(self, move: Build) -> tuple[GameState, Move]:
        who = self.current_player
        p = self.players[who]
        gold = goats = 0
        for name in move.buildings:
            if name not in BUILDINGS:
                raise IllegalMove("B1", _("unknown building {name}").format(name=repr(name)))
            if p.has(name):
                raise IllegalMove(
                    "B1",
                    _("{building} is already built").format(building=_(_THE_BUILDING[name])),
                )
            b = self.sheet.building(name)
            gold, goats = gold + b.gold, goats + b.goats
        if len(set(move.buildings)) != len(move.buildings):
            raise IllegalMove("B1", _("each building is built once"))
        if gold > p.gold or goats > p.goats:
            raise IllegalMove(
                "B1",
                _(
                    "building that costs {gold} gold and {goats} goats;"
                    " player holds {held_gold} gold and {held_goats} goats"
                ).format(gold=gold, goats=goats, held_gold=p.gold, held_goats=p.goats),
            )
        mask = p.buildings
        for name in move.buildings:
            mask |= 1 << BUILDINGS.index(name)
        p = _evolve(_spend(p, gold, goats), buildings=mask)
        state = _evolve(self, players=_set(self.players, who, p))
        return state._end_turn(), Build(tuple(sorted(move.buildings, key=BUILDINGS.index)))

    def _steward(
        self,
        p: PlayerState,
        who: int,
        bonus: tuple[int, ...],
        move,
        face: int,
        adjust: bool,
        stables: bool | None = None,
    ):
        """Walk the steward along ``move.path`` (A4, A4a–A4e) and apply the arrival cell (M1–M7).

        ``stables`` says whether the Stables' free steps apply (default: whether the player built them).
        """
        path = move.path
        n = len(path)
        used, here = p.used, p.steward
        for cell in path:  # the path first: a wrong step is reported as such, whatever it costs
            if not 0 <= cell < CELLS or cell not in _NEIGHBOURS[here]:
                raise IllegalMove(
                    "A4b",
                    _("{cell} is not orthogonally next to {other}").format(
                        cell=Market.name(cell), other=Market.name(here)
                    ),
                )
            if used >> cell & 1:
                raise IllegalMove(
                    "A4c",
                    _("{cell} was already passed through or circled").format(
                        cell=Market.name(cell)
                    ),
                )
            used |= 1 << cell
            here = cell
        if stables is None:
            stables = p.has("stables")
        cost = steward_cost(face, n, stables) if adjust else 0
        if cost > p.gold:
            an = str(n)[0] == "8" or n in (11, 18)  # "an 8-step", "an 11-step"
            message = (
                ngettext(
                    "an {n}-step move with a face value of {face} costs {cost} gold; player holds {gold}",
                    "an {n}-step move with a face value of {face} costs {cost} gold; player holds {gold}",
                    n,
                )
                if an
                else ngettext(
                    "a {n}-step move with a face value of {face} costs {cost} gold; player holds {gold}",
                    "a {n}-step move with a face value of {face} costs {cost} gold; player holds {gold}",
                    n,
                )
            )
            raise IllegalMove("A4a", message.format(n=n, face=face, cost=cost, gold=p.gold))
        p = _evolve(
            _spend(p, cost, 0),
            used=used | 1 << self.sheet.market.centre,
            steward=here,
            circled=p.circled | 1 << here,
        )
        p, bonus, shops = _arrive(self.sheet, p, who, bonus, here, move.shops)  # A4e
        return p, bonus, _evolve(move, shops=shops)

    # --- flow --------------------------------------------------------------------------------

    def _after_action(self) -> GameState:
        """B1: offer to build if anything is affordable, else end the turn."""
        p = self.player()
        gold, goats, built = p.gold, p.goats, p.buildings
        for i, b in enumerate(self.sheet.buildings):  # in BUILDINGS order
            if not built >> i & 1 and b.gold <= gold and b.goats <= goats:
                return _evolve(self, phase="build")
        return self._end_turn()

    def _begin_turn(self) -> GameState:
        """R8: with no group left, the player may take a compensation step (skipped if none is possible)."""
        if any(g is not None for g in self.harbor):
            # after a roll, or a take that offered no building, the phase is "take" already
            return self if self.phase == "take" else _evolve(self, phase="take")
        state = _evolve(self, phase="compensate")
        if not state._can_compensate():  # no step possible: the turn goes on to building (B1)
            return state._after_action()
        return state

    def _end_turn(self) -> GameState:
        harbor = self.harbor
        if self.turn == 0:  # R6: yellow dice leave the harbor after the first player's turn
            harbor = tuple(g.without_yellow() if g is not None else None for g in harbor)
        state = _evolve(self, harbor=harbor, turn=self.turn + 1)
        if state.turn < len(state.turn_order()):
            return state._begin_turn()
        return state._end_round()

    def _end_round(self) -> GameState:
        """R9: clear the harbor; end the game or pass the first-player role to the left."""
        cleared = _evolve(self, harbor=(None,) * len(HARBOR), turn=0, yellow_bought=0)
        if all(p.turns >= self.sheet.turn_track for p in self.players):
            return _evolve(cleared, phase="over", winners=_winners(cleared))
        first = (self.first_player + 1) % self.num_players
        return _start_round(_evolve(cleared, first_player=first, round=self.round + 1))

    # --- equality, text ----------------------------------------------------------------------

    def key(self) -> tuple:
        """Everything that decides the future of the game (not the history)."""
        return (
            self.players,
            self.bonus_owner,
            self.phase,
            self.first_player,
            self.round,
            self.turn,
            self.harbor,
            self.yellow_bought,
            self.winners,
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameState)
            and self.key() == other.key()
            and self.sheet == other.sheet
            and self.variants == other.variants
            and self.seed == other.seed
            and self.history == other.history
        )

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        who = "" if self.is_over else f", player {self.current_player + 1} to play"
        return f"<GameState {self.num_players} players, round {self.round}, {self.phase}{who}>"

    def to_json(self, indent: int | None = 2) -> str:
        """A versioned JSON save of the game: sheet, seed, players and every move. It loads back with
        ``corinth.game_from_json`` (``corinth.rules.save``), which replays and checks every move."""
        return record.to_json(self, indent)

    def describe_move(self, move: Move) -> str:
        """Plain words for ``move`` played in this state (``Move.describe(state)`` asks here).

        >>> new_game(players=2, seed=1).describe_move(Purvey(buy=0))
        'Buy no yellow die.'
        """
        return describe.describe_move(self, move)

    def text(self, player: int | None = None) -> str:
        """The harbor and the sheets drawn as text."""
        return text.render_state(self, player)


_SET_HISTORY = GameState.__dict__["history_node"].__set__  # the slot's own setter (``apply``)

_PHASE_RULE = {
    "purvey": "R2",
    "roll": "R3",
    "take": "R7",
    "build": "B1",
    "compensate": "R8",
    "over": "E2",
}
_HANDLERS = {
    ("purvey", Purvey): GameState._purvey,
    ("roll", Roll): GameState._roll,
    ("take", Take): GameState._take,
    ("build", Build): GameState._build,
    ("compensate", Compensate): GameState._compensate,
    ("compensate", Pass): GameState._pass,
}


# --- helpers shared by the actions ----------------------------------------------------------


class _ShopsAt(dict):
    """The shop choices for the goods of each arrival cell (M1, A3a), worked out when first asked."""

    def __init__(self, sheet: Sheet, p: PlayerState):
        super().__init__()
        self.sheet, self.p = sheet, p

    def __missing__(self, cell: int) -> list[tuple[int, ...]]:
        choices = self[cell] = arrival_shops(self.sheet, self.p, cell)
        return choices


@functools.lru_cache(maxsize=4096)
def affordable_building_sets(
    sheet: Sheet, owned: int, gold: int, goats: int
) -> tuple[tuple[str, ...], ...]:
    """The sets of buildings not ``owned`` (a bitmask over ``BUILDINGS``) that ``gold`` and
    ``goats`` pay for (B1), in ``legal_moves`` order: fewest first, then in ``BUILDINGS`` order.

    >>> affordable_building_sets(default_sheet(), 0, gold=0, goats=0)
    ((),)
    """
    out = []
    free = [b for b in sheet.buildings if not owned >> BUILDINGS.index(b.name) & 1]
    for mask in range(1 << len(free)):
        chosen = [free[i] for i in range(len(free)) if mask >> i & 1]
        if sum(b.gold for b in chosen) <= gold and sum(b.goats for b in chosen) <= goats:
            out.append(tuple(b.name for b in chosen))
    out.sort(key=lambda names: (len(names), [BUILDINGS.index(n) for n in names]))
    return tuple(out)


def _compensation_limit(steps: int, most: int, variants: Variants) -> str:
    """Why a compensation step of ``steps`` steps is refused (R8)."""
    if steps < 1:
        return _("the compensation moves the steward at least one step")
    if most == 1:
        if not (variants.gold_adjusts_compensation or variants.stables_adjust_compensation):
            return _("the compensation moves the steward exactly one step, not {steps}").format(
                steps=steps
            )
        return _(
            "the compensation moves the steward one step (no gold or Stables to change it), not {steps}"
        ).format(steps=steps)
    return _("this compensation step may take at most {most} steps, not {steps}").format(
        most=most, steps=steps
    )


_NO_SHOPS: tuple[tuple[int, ...], ...] = ((),)  # a Gold or Goats action places nothing


def _evolve(obj, **changes):
    """``dataclasses.replace`` without its per-call field checks: the engine's hottest function."""
    cls = type(obj)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    return copy(obj, changes)


_COPIERS: dict[type, Any] = {}  # per class: its ``_copier``


def _copier(cls: type):
    """A function ``(obj, changes)`` that copies ``obj`` (an instance of ``cls``, a frozen dataclass
    with slots) slot by slot, then sets the slots named in ``changes``: written out for ``cls``'s
    slots once, each set through the slot's own descriptor (what ``object.__setattr__`` does
    after looking it up)."""
    names = cls.__slots__
    env = {"_new": object.__new__, "cls": cls}
    lines = ["def copy(obj, changes):", "    new = _new(cls)"]
    for i, name in enumerate(names):
        env[f"set{i}"] = cls.__dict__[name].__set__
        lines.append(f"    set{i}(new, obj.{name})")
    env["setters"] = {name: cls.__dict__[name].__set__ for name in names}
    lines += ["    for name, value in changes.items():", "        setters[name](new, value)"]
    lines.append("    return new")
    exec("\n".join(lines), env)  # noqa: S102 - the code is made of the class's own slot names
    return env["copy"]


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _no_shops(move: Take) -> None:
    if move.shops:
        raise IllegalMove(
            "A3",
            _("only goods districts take shops; {district} does not").format(
                district=district_lower(move.district)
            ),
        )


def _gain(p: PlayerState, sheet: Sheet, gold: int, goats: int) -> PlayerState:
    """T1: circle the next free symbols; gains past the last symbol are lost."""
    return _evolve(
        p,
        gold_circled=min(sheet.gold_track, p.gold_circled + gold),
        goats_circled=min(sheet.goat_track, p.goats_circled + goats),
    )


def _spend(p: PlayerState, gold: int, goats: int) -> PlayerState:
    """T1: cross out circled symbols; never more than the player holds."""
    if gold > p.gold or goats > p.goats:
        raise IllegalMove(
            "T1",
            _(
                "cannot spend {gold} gold and {goats} goats holding {held_gold} and {held_goats}"
            ).format(gold=gold, goats=goats, held_gold=p.gold, held_goats=p.goats),
        )
    if not gold and not goats:
        return p
    return _evolve(p, gold_crossed=p.gold_crossed + gold, goats_crossed=p.goats_crossed + goats)


def _arrive(
    sheet: Sheet,
    p: PlayerState,
    who: int,
    bonus: tuple[int, ...],
    cell: int,
    shops: tuple[int, ...],
):
    """The effect of the circled arrival cell (M1–M6)."""
    c = sheet.market.cells[cell]
    if c.kind in GOODS:  # M1 (the Warehouse does not apply)
        return _deliver(sheet, p, who, bonus, GOODS.index(c.kind), c.amount, shops)
    if shops:
        raise IllegalMove(
            "M1",
            _("{cell} ({label}) gives no goods to place in shops").format(
                cell=Market.name(cell), label=c.label()
            ),
        )
    if c.kind == "gold":  # M2 (the Trading Post does not apply)
        p = _gain(p, sheet, c.amount, 0)
    elif c.kind == "goats":  # M3
        p = _gain(p, sheet, 0, c.amount)
    elif c.kind == "score":  # M6: the running total of circled cells plus circled +1 cells
        value = p.circled.bit_count() + sheet.market.count(p.circled, "+1")
        p = _evolve(p, scores=p.scores + (value,))
    # M4 (+1) and M5 (yellow die) count later, from the circled cells.
    return p, bonus, ()


def _deliver(
    sheet: Sheet,
    p: PlayerState,
    who: int,
    bonus: tuple[int, ...],
    d: int,
    checks: int,
    started: tuple[int, ...],
):
    """Place ``checks`` goods in district ``d`` (A3a, A3d) and settle its bonus race (A3c)."""
    district = sheet.districts[d]
    before = p.shops[d]
    fills = place_goods(district.shops, before, checks, started, district.name)
    p = _evolve(p, shops=_set(p.shops, d, fills))
    if district.bonus and bonus[d] < 0 and all(f == s.goods for f, s in zip(fills, district.shops)):
        bonus = _set(bonus, d, who)  # A3c: first to complete the district claims its bonus
    return p, bonus, canonical_shops(district.shops, before, fills)


def deliveries(
    shops: tuple[Shop, ...], fills: tuple[int, ...], checks: int
) -> list[tuple[int, ...]]:
    """Every distinct way to place ``checks`` goods (A3a, A3d), as the shops each way starts.

    A partly filled shop is completed first; then whole shops are filled; at most one shop is left
    partly filled; checks beyond the district's free symbols are lost.

    >>> from corinth.rules.sheet import Shop
    >>> deliveries((Shop(2, 1), Shop(3, 2), Shop(4, 3)), (0, 0, 0), 3)
    [(1,), (2,), (0, 1), (0, 2)]
    """
    return list(_deliveries(shops, fills, checks))


@functools.lru_cache(maxsize=65536)
def _deliveries(
    shops: tuple[Shop, ...], fills: tuple[int, ...], checks: int
) -> tuple[tuple[int, ...], ...]:
    """The memoised body of ``deliveries`` (a position repeats across candidate moves)."""
    n = len(shops)
    m = checks
    for i in range(n):
        if 0 < fills[i] < shops[i].goods:  # A3a: the started shop comes first
            m -= shops[i].goods - fills[i]
            break
    fresh = [i for i in range(n) if fills[i] == 0]
    if m <= 0 or not fresh:
        return ((),)
    if m >= sum(shops[i].goods for i in fresh):  # A3d: everything fills, the rest is lost
        return (tuple(fresh),)
    out = []
    for mask in range(1 << len(fresh)):
        full = [fresh[k] for k in range(len(fresh)) if mask >> k & 1]
        left = m - sum(shops[i].goods for i in full)
        if left < 0:
            continue
        if left == 0:
            out.append(tuple(full))
            continue
        for j in fresh:
            if j not in full and shops[j].goods > left:
                out.append(tuple(full) + (j,))
    out.sort(key=lambda t: (len(t), t))
    return tuple(out)


def place_goods(
    shops: tuple[Shop, ...],
    fills: tuple[int, ...],
    checks: int,
    started: tuple[int, ...],
    name: str = "the district",
) -> tuple[int, ...]:
    """Fill shops in the order given by ``started`` (after completing a partly filled one); check A3a/A3d."""
    new = list(fills)
    m = checks
    for i in range(len(shops)):
        if 0 < new[i] < shops[i].goods:
            put = min(m, shops[i].goods - new[i])
            new[i] += put
            m -= put
            break
    for k, i in enumerate(started):
        if not 0 <= i < len(shops):
            raise IllegalMove(
                "A3a",
                _("{district} has no shop {number}").format(
                    district=district_lower(name), number=i + 1
                ),
            )
        shop = f"shop {i + 1} of {name}"  # notation, put in a learner's words by plain_words
        if new[i] != 0 or fills[i] != 0:
            raise IllegalMove(
                "A3a", _("{shop} is already started; it cannot be started again").format(shop=shop)
            )
        if m == 0:
            raise IllegalMove("A3a", _("no goods are left to start {shop}").format(shop=shop))
        if m < shops[i].goods and k != len(started) - 1:
            raise IllegalMove(
                "A3a",
                _("{shop} would stay partly filled while another shop is started").format(
                    shop=shop
                ),
            )
        put = min(m, shops[i].goods)
        new[i] = put
        m -= put
    if m > 0 and any(v == 0 for v in new):
        raise IllegalMove(
            "A3a",
            ngettext(
                "{n} good left over while {district} still has free symbols:"
                " say which shops they start",
                "{n} goods left over while {district} still has free symbols:"
                " say which shops they start",
                m,
            ).format(n=m, district=district_lower(name)),
        )
    return tuple(new)


def canonical_shops(
    shops: tuple[Shop, ...], before: tuple[int, ...], after: tuple[int, ...]
) -> tuple[int, ...]:
    """The notation's shop list for a delivery: newly completed shops ascending, then a partly filled one."""
    full = [i for i in range(len(shops)) if before[i] == 0 and after[i] == shops[i].goods]
    partial = [i for i in range(len(shops)) if before[i] == 0 and 0 < after[i] < shops[i].goods]
    return tuple(full + partial)


# --- steward moves --------------------------------------------------------------------------


def steward_steps(face: int, gold: int, stables: bool) -> tuple[int, int]:
    """The fewest and most steps a steward move may take with a group of ``face`` (A4a, A4d, B4).

    >>> steward_steps(3, gold=1, stables=True)
    (1, 6)
    """
    extra = STABLES_FREE_STEPS if stables else 0
    return max(1, face - extra - gold), face + extra + gold


def steward_cost(face: int, steps: int, stables: bool) -> int:
    """Gold a steward move of ``steps`` steps costs with a group of ``face``: one per step of
    difference (A4a), the first two free with the Stables (B4).

    >>> steward_cost(3, 6, stables=False), steward_cost(3, 6, stables=True)
    (3, 1)
    """
    return max(0, abs(steps - face) - (STABLES_FREE_STEPS if stables else 0))


def arrival_shops(sheet: Sheet, p: PlayerState, cell: int) -> list[tuple[int, ...]]:
    """The shop choices for the goods of the market cell ``cell`` (M1, A3a); ``[()]`` for any other cell."""
    c = sheet.market.cells[cell]
    if c.kind in GOODS:
        d = GOODS.index(c.kind)
        return deliveries(sheet.districts[d].shops, p.shops[d], c.amount)
    return [()]


def steward_paths(
    start: int, used: int, longest: int, memo: bool = True
) -> list[list[tuple[int, ...]]]:
    """Every steward path from ``start`` avoiding ``used`` cells (A4b, A4c), bucketed by length.

    ``result[n]`` lists the paths of exactly ``n`` steps in ascending order, ``n`` from 1 to ``longest``
    (capped at 24). Results are memoised on ``(start, used, longest)``; each call returns fresh lists.
    ``memo=False`` walks the market afresh, neither reading nor filling the memo (to time the walk
    itself). On an empty market the longest walks number in the millions: the engine lists moves with
    ``distinct_steward_paths`` instead.

    >>> [len(paths) for paths in steward_paths(12, 1 << 12, 3)]
    [0, 4, 12, 32]
    >>> steward_paths(12, 1 << 12, 3, memo=False) == steward_paths(12, 1 << 12, 3)
    True
    """
    longest = max(0, min(longest, CELLS - 1))
    if not memo:
        return _steward_paths.__wrapped__(start, used | 1 << start, longest)
    return [list(bucket) for bucket in _steward_paths(start, used | 1 << start, longest)]


def distinct_steward_paths(start: int, used: int, longest: int) -> list[list[tuple[int, ...]]]:
    """One steward path per distinct result, bucketed by length like ``steward_paths``.

    Two paths have the same result when they use the same set of cells and end on the same cell: the
    sheet after them is the same, and so is their cost (A4a counts steps, the set's size). Each result is
    listed once, by its lexicographically smallest path (cells compared by number, ``r0c0`` < ``r0c1``).
    On the empty market this is 72,724 results where ``steward_paths`` walks tens of millions of paths.

    >>> len(distinct_steward_paths(12, 1 << 12, 8)[8]), len(steward_paths(12, 1 << 12, 8)[8])
    (476, 496)
    """
    longest = max(0, min(longest, CELLS - 1))
    return [list(bucket) for bucket in _distinct_steward_paths(start, used | 1 << start, longest)]


def first_arrivals(
    start: int, used: int, longest: int
) -> tuple[tuple[tuple[int, tuple], ...], ...]:
    """For each length ``n`` (index, 0 to ``longest``), the cells a steward path of ``n`` steps from
    ``start`` can end on, each with its first path in ``legal_moves`` order (A4b, A4c). Paths of one
    length to one cell are worth the same but for the cells they use up: solvers value one of each.

    >>> [len(ends) for ends in first_arrivals(12, 1 << 12, 3)]
    [0, 4, 8, 12]
    >>> first_arrivals(12, 1 << 12, 2)[2][0]
    (2, (7, 2))
    """
    return _first_arrivals(start, used | 1 << start, max(0, min(longest, CELLS - 1)))


@functools.lru_cache(maxsize=8192)
def _arrivals(
    start: int, seen: int, longest: int
) -> tuple[tuple[tuple[int, tuple, int], ...], ...]:
    """Per length, each end cell of ``_distinct_steward_paths`` with its first path (in
    ``legal_moves`` order) and how many paths end there: what ``first_arrivals`` and
    ``_arrival_counts`` read."""
    out = []
    for bucket in _distinct_steward_paths(start, seen, longest):
        ends: dict[int, list] = {}
        for path in bucket:  # ascending: the first met is the first listed
            end = ends.get(path[-1])
            if end is None:
                ends[path[-1]] = [path, 1]
            else:
                end[1] += 1
        out.append(tuple((cell, path, k) for cell, (path, k) in ends.items()))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _first_arrivals(
    start: int, seen: int, longest: int
) -> tuple[tuple[tuple[int, tuple], ...], ...]:
    return tuple(
        tuple((cell, path) for cell, path, _ in ends) for ends in _arrivals(start, seen, longest)
    )


@functools.lru_cache(maxsize=8192)
def _arrival_counts(start: int, seen: int, longest: int) -> tuple[tuple[int, int, int], ...]:
    """``(length, cell, how many)``: how many paths of ``_distinct_steward_paths`` of each length end
    on each cell. One flat tuple, not one per length: most lengths end on a cell or two."""
    return tuple(
        (n, cell, k)
        for n, ends in enumerate(_arrivals(start, seen, longest))
        for cell, _, k in ends
    )


# Neighbours in ascending order, so a depth-first walk yields each length's paths already sorted;
# each with its bit, so the walk tests and marks cells without shifting.
_SORTED_NEIGHBOURS = tuple(tuple(sorted(n)) for n in _NEIGHBOURS)
_NEIGHBOUR_BITS = tuple(tuple((c, 1 << c) for c in n) for n in _SORTED_NEIGHBOURS)


@functools.lru_cache(maxsize=8192)
def _steward_paths(start: int, seen: int, longest: int) -> list[list[tuple[int, ...]]]:
    """The memoised walk behind ``steward_paths`` (callers copy the buckets before handing them out)."""
    out: list[list[tuple[int, ...]]] = [[] for _ in range(longest + 1)]
    if longest < 1:
        return out
    nbrs = _NEIGHBOUR_BITS

    def walk(here: int, seen: int, path: tuple[int, ...], depth: int) -> None:
        bucket = out[depth]
        deeper = depth < longest
        for c, bit in nbrs[here]:
            if seen & bit:
                continue
            p = path + (c,)
            bucket.append(p)
            if deeper:
                walk(c, seen | bit, p, depth + 1)

    walk(start, seen, (), 1)
    return out


@functools.lru_cache(maxsize=8192)
def _distinct_steward_paths(start: int, seen: int, longest: int) -> list[list[tuple[int, ...]]]:
    """The memoised walk behind ``distinct_steward_paths``.

    The walk is depth-first with neighbours ascending, so among the paths of one length it meets the
    smallest first; a result met again (same cells, same end) is skipped with everything beyond it, since
    whatever follows depends only on the cells used and the end: the walk visits each result once.
    """
    out: list[list[tuple[int, ...]]] = [[] for _ in range(longest + 1)]
    if longest < 1:
        return out
    nbrs = _NEIGHBOUR_BITS
    met: set[tuple[int, int]] = set()

    def walk(here: int, seen: int, path: tuple[int, ...], depth: int) -> None:
        bucket = out[depth]
        deeper = depth < longest
        for c, bit in nbrs[here]:
            if seen & bit:
                continue
            result = (seen | bit, c)
            if result in met:
                continue
            met.add(result)
            p = path + (c,)
            bucket.append(p)
            if deeper:
                walk(c, seen | bit, p, depth + 1)

    walk(start, seen, (), 1)
    return out


# --- setting up -----------------------------------------------------------------------------


def _start_round(state: GameState) -> GameState:
    """R1: the first player crosses a turn-track spot, then purveys (R2; skipped if nothing can be bought)."""
    f = state.first_player
    p = state.players[f]
    state = _evolve(
        state,
        players=_set(state.players, f, _evolve(p, turns=p.turns + 1)),
        phase="purvey",
    )
    if state.max_purchase() == 0:
        return _evolve(state, phase="roll")
    return state


def _winners(state: GameState) -> tuple[int, ...]:
    """E2: most points; ties broken by most gold left; still tied, a shared victory."""
    ranked = [(state.score(i), state.players[i].gold) for i in range(state.num_players)]
    best = max(ranked)
    return tuple(i for i, r in enumerate(ranked) if r == best)


MAX_SEED = 1 << 63  # seeds are below this: a save's seed must load back as the same number


def _whole_number(value: object) -> bool:
    """True for an int (numpy's too) that is not a bool: ``True`` is not player 2, ``2.0`` not a count."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def new_game(
    players: int = 4,
    seed: int | None = None,
    first_player: int | None = None,
    sheet: Sheet | None = None,
    variants: Variants | str | Iterable[str] | None = None,
) -> GameState:
    """A new game (S1–S3), ready for the first player to purvey or roll.

    ``variants`` chooses the open readings of the rules (``corinth.rules.variants``): a ``Variants``,
    a short name or a list of them; the default is the literal reading of the rulebook.

    >>> g = new_game(players=4, seed=1)
    >>> [p.turns for p in g.players]  # S2 crosses two spots, then R1 one more for the first player
    [2, 3, 2, 2]
    """
    if not _whole_number(players) or players not in (2, 3, 4):
        raise IllegalMove(
            "S1",
            _("Corinth is for 2, 3 or 4 players, not {players}").format(players=shown(players)),
        )
    if sheet is not None and not isinstance(sheet, Sheet):
        raise IllegalMove("S1", f"the sheet is a Sheet value, not {type(sheet).__name__}")
    sheet = sheet or default_sheet()
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % MAX_SEED)
    # A save stores the seed as a JSON number that loads back only below 2**63 (corinth.rules.save).
    if not _whole_number(seed) or not 0 <= seed < MAX_SEED:
        raise IllegalMove(
            "S3",
            _("a seed is a whole number from 0 to 2**63 - 1, not {seed}").format(seed=shown(seed)),
        )
    if first_player is None:
        first_player = int(np.random.default_rng(seed).integers(players))  # S3
    if not _whole_number(first_player) or not 0 <= first_player < players:
        raise IllegalMove(
            "S3",
            _(
                "the first player is a whole number from 0 to {last} (player 1 to {players}),"
                " not {value}"
            ).format(last=players - 1, players=players, value=shown(first_player)),
        )
    # numpy ints to plain ints
    players, seed, first_player = int(players), int(seed), int(first_player)
    variants = Variants.of(variants)
    crossed = 2 if players == 4 else 0  # S2
    empty = PlayerState(
        shops=tuple((0,) * len(d.shops) for d in sheet.districts),
        steward=sheet.market.centre,
        used=1 << sheet.market.centre,
        turns=crossed,
    )
    state = GameState(
        sheet=sheet,
        players=(empty,) * players,
        bonus_owner=(-1,) * len(GOODS),
        phase="purvey",
        first_player=first_player,
        round=1,
        turn=0,
        harbor=(None,) * len(HARBOR),
        yellow_bought=0,
        seed=seed,
        start_player=first_player,
        variants=variants,
    )
    return _start_round(state)
