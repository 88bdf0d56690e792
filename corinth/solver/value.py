"""The one way to value a move now: what the sheet would score if the game ended after it (E1).

``move_key(state, move)`` computes it with plain arithmetic, without applying the move, the build
the move pays for included (B1); ``apply_key`` computes the same key by applying the move (the test
oracle). The key is sortable, higher is better: the score, then gold + goats held, then the fewest
market cells used up; who uses it and why: see docs/solver.md.

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
>>> move_key(s, "gold") == apply_key(s, "gold"), move_key(s, "gold")
(True, (1, 4, -1))
>>> str(best_move_now(s))
'goats'
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from corinth.rules import (
    BUILDINGS,
    GOODS,
    HARBOR,
    Build,
    Compensate,
    GameState,
    Move,
    Purvey,
    Take,
)
from corinth.rules.geometry import CELLS, cells_of, reachable_mask
from corinth.rules.scoring import temple_points
from corinth.rules.state import (
    STABLES_FREE_STEPS,
    affordable_building_sets,
    arrival_shops,
    deliveries,
    first_arrivals,
    place_goods,
    steward_cost,
    steward_steps,
)

_WAREHOUSE = 1 << BUILDINGS.index("warehouse")
_STABLES = 1 << BUILDINGS.index("stables")
_TRADING_POST = 1 << BUILDINGS.index("trading_post")


def immediate_key(state: GameState, player: int) -> tuple[int, int, int]:
    """The key of ``state`` as it stands for ``player`` (no move, no build).

    >>> from corinth.rules import new_game
    >>> immediate_key(new_game(players=2, seed=1), 0)  # 1 gold and 1 goat, the centre used
    (0, 2, -1)
    """
    p = state.players[player]
    return (state.score(player), p.gold + p.goats, -p.used.bit_count())


def apply_key(state: GameState, move: Move | str) -> tuple[int, int, int]:
    """The key of ``move`` by applying it, then the best build if the mover may build next.

    The test oracle for ``move_key`` and the benchmark's baseline.
    """
    who = state.current_player
    after = state.apply(move)
    if after.phase == "build" and after.current_player == who and after.turn == state.turn:
        return max(immediate_key(after.apply(b), who) for b in after.legal_moves())
    return immediate_key(after, who)


def best_build_after(state: GameState, move: Move | str) -> Build | None:
    """The build the mover plays after ``move`` to reach its ``move_key`` (None: no build).

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    >>> best_build_after(s, "gold") is None
    True
    """
    who = state.current_player
    after = state.apply(move)
    if not (after.phase == "build" and after.current_player == who and after.turn == state.turn):
        return None
    build = max(after.legal_moves(), key=lambda b: immediate_key(after.apply(b), who))
    return build if build.buildings else None


@functools.lru_cache(maxsize=64)
def _costs(sheet) -> tuple[tuple[int, int, int], ...]:
    """(bit, gold, goats) of each building of ``sheet`` (hashing plain numbers is what is fast)."""
    return tuple((1 << BUILDINGS.index(b.name), b.gold, b.goats) for b in sheet.buildings)


@functools.lru_cache(maxsize=65536)
def _best_build(costs: tuple, owned: int, gold: int, goats: int) -> tuple[int, int]:
    """(points gained, gold + goats spent) of the best affordable set of buildings (B1, B2).

    The best set gains the most points and, among those, spends the least: building costs points
    only through the gold and goat pairs it spends, so only the Temple (B2) can gain points.
    """
    free = [f for f in costs if not owned & f[0]]
    had = temple_points(owned)
    best = (0, 0)  # building nothing
    for mask in range(1, 1 << len(free)):
        g = t = 0
        built = owned
        for i, (bit, bg, bt) in enumerate(free):
            if mask >> i & 1:
                g, t, built = g + bg, t + bt, built | bit
        if g > gold or t > goats:
            continue
        points = (
            temple_points(built)
            - had
            - (gold // 2 - (gold - g) // 2)
            - (goats // 2 - (goats - t) // 2)
        )
        if (points, -(g + t)) > (best[0], -best[1]):
            best = (points, g + t)
    return best


@functools.lru_cache(maxsize=65536)
def _delivery(shops: tuple, fills: tuple, checks: int, started: tuple) -> tuple[tuple, int, bool]:
    """(fills after, points of the shops completed, district complete) of one delivery (A3)."""
    after = place_goods(shops, fills, checks, started)
    points = sum(s.points for s, b, a in zip(shops, fills, after) if a == s.goods and b != s.goods)
    return after, points, all(a == s.goods for a, s in zip(after, shops))


class _Now:
    """What every move of one decision shares: the mover's sheet as it stands."""

    __slots__ = (
        "state",
        "who",
        "p",
        "sheet",
        "costs",
        "score",
        "used",
        "stables",
        "warehouse",
        "trading",
    )

    def __init__(self, state: GameState, score: int | None = None):
        self.state = state
        self.who = who = state.current_player
        self.p = p = state.players[who]
        self.sheet = state.sheet
        self.costs = _costs(state.sheet)
        self.score = state.score(who) if score is None else score
        self.used = p.used.bit_count()
        self.stables = bool(p.buildings & _STABLES)
        self.warehouse = 1 if p.buildings & _WAREHOUSE else 0
        self.trading = 2 if p.buildings & _TRADING_POST else 0

    def key(self, points: int, gold: int, goats: int, steps: int) -> tuple[int, int, int]:
        """The key after an action that leaves ``gold`` and ``goats`` held and gains ``points``
        (pairs of gold and goats aside), then the best build (B1)."""
        p = self.p
        points += (gold // 2 - p.gold // 2) + (goats // 2 - p.goats // 2)
        built, spent = _best_build(self.costs, p.buildings, gold, goats)
        return (self.score + points + built, gold + goats - spent, -(self.used + steps))

    def action(self, district: str, size: int, shops: tuple) -> tuple[int, int, int]:
        """A district's own action with a group of ``size`` dice (A1–A3)."""
        p, sheet = self.p, self.sheet
        if district == "gold":  # A1, B5
            gold = p.gold + min(sheet.gold_track, p.gold_circled + size + self.trading)
            return self.key(0, gold - p.gold_circled, p.goats, 0)
        if district == "goats":  # A2
            goats = p.goats + min(sheet.goat_track, p.goats_circled + size) - p.goats_circled
            return self.key(0, p.gold, goats, 0)
        checks = size + self.warehouse  # A3, B3
        return self.key(self.goods(GOODS.index(district), checks, shops), p.gold, p.goats, 0)

    def actions(self, district: str, size: int) -> list[tuple[tuple, tuple[int, int, int]]]:
        """(shops, key) of each way to act in ``district`` with ``size`` dice (A1–A3, legal order);
        none when a goods district is full (its group then offers steward moves only)."""
        if district in ("gold", "goats"):
            return [((), self.action(district, size, ()))]
        d = GOODS.index(district)
        options = deliveries(self.sheet.districts[d].shops, self.p.shops[d], size + self.warehouse)
        return [(shops, self.action(district, size, shops)) for shops in options]

    def stewards(self, face: int, arrivals) -> Iterator[tuple[tuple, tuple, tuple[int, int, int]]]:
        """(path, shops, key) of the steward moves of ``arrivals`` (``cheapest_arrivals``, one
        group's) with a group of ``face``, in legal order (A4, M1)."""
        for n, cell, path in arrivals:
            for shops in arrival_shops(self.sheet, self.p, cell):
                yield path, shops, self.steward(face, n, cell, shops)

    def steward(
        self, face: int, steps: int, cell: int, shops: tuple, stables: bool | None = None
    ) -> tuple[int, int, int]:
        """A steward move of ``steps`` steps with a group of ``face`` arriving on ``cell`` (A4, M1–M6);
        ``stables``: whether the Stables' free steps apply (default: whether they are built)."""
        p, sheet = self.p, self.sheet
        gold = p.gold - steward_cost(face, steps, self.stables if stables is None else stables)
        goats = p.goats
        points = 0
        c = sheet.market.cells[cell]
        kind = c.kind
        if kind in GOODS:  # M1 (the Warehouse does not apply)
            points = self.goods(GOODS.index(kind), c.amount, shops)
        elif kind == "gold":  # M2
            gold += min(sheet.gold_track, p.gold_circled + c.amount) - p.gold_circled
        elif kind == "goats":  # M3
            goats += min(sheet.goat_track, p.goats_circled + c.amount) - p.goats_circled
        elif kind == "score":  # M6: circled cells (the new one too) plus circled +1 cells
            circled = p.circled | 1 << cell
            points = circled.bit_count() + sheet.market.count(circled, "+1")
        return self.key(points, gold, goats, steps)

    def goods(self, d: int, checks: int, shops: tuple) -> int:
        """Points of placing ``checks`` goods in district ``d`` (A3a–A3d)."""
        district = self.sheet.districts[d]
        _, points, complete = _delivery(district.shops, self.p.shops[d], checks, shops)
        if complete and district.bonus and self.state.bonus_owner[d] < 0:
            points += district.bonus  # A3c: the first to complete the district claims the bonus
        return points

    def build(self, buildings: tuple[str, ...]) -> tuple[int, int, int]:
        """Building ``buildings`` now (B1, B2)."""
        p = self.p
        gold = sum(self.sheet.building(b).gold for b in buildings)
        goats = sum(self.sheet.building(b).goats for b in buildings)
        owned = p.buildings
        for b in buildings:
            owned |= 1 << BUILDINGS.index(b)
        gained = temple_points(owned) - temple_points(p.buildings)
        lost = (p.gold // 2 - (p.gold - gold) // 2) + (p.goats // 2 - (p.goats - goats) // 2)
        return (self.score + gained - lost, p.gold + p.goats - gold - goats, -self.used)

    def buy(self, dice: int) -> tuple[int, int, int]:
        """Buying ``dice`` yellow dice, one gold each (R2)."""
        p = self.p
        return (
            self.score - (p.gold // 2 - (p.gold - dice) // 2),
            p.gold + p.goats - dice,
            -self.used,
        )


def move_key(state: GameState, move: Move | str, now: _Now | None = None) -> tuple[int, int, int]:
    """The key of ``move`` for the player to decide, without applying it (see docs/solver.md).

    Takes, steward moves, builds and dice bought are valued by arithmetic; the compensation step (at
    most once per turn) by ``apply_key``, so every rule about it, variants included, stays in the
    engine. An illegal move is handed to the engine too, which says why. ``now`` shares the work
    between the moves of one decision.
    """
    if isinstance(move, str):
        move = Move.parse(move)
    now = now or _Now(state)
    phase = state.phase
    if phase == "take" and isinstance(move, Take):
        group = state.harbor[_HARBOR_SLOTS.get(move.district, 0)]
        if move.district in _HARBOR_SLOTS and group is not None:
            if not move.path:
                return now.action(move.district, group.size, move.shops)
            if now.p.gold >= steward_cost(group.face, len(move.path), now.stables):
                return now.steward(group.face, len(move.path), move.path[-1], move.shops)
    elif phase == "build" and isinstance(move, Build) and _affordable(now, move):
        return now.build(move.buildings)
    elif phase == "purvey" and isinstance(move, Purvey) and 0 <= move.buy <= state.max_purchase():
        return now.buy(move.buy)
    return apply_key(state, move)


def _affordable(now: _Now, move: Build) -> bool:
    names = move.buildings
    if len(set(names)) != len(names) or any(b not in BUILDINGS for b in names):
        return False
    if any(now.p.has(b) for b in names):
        return False
    gold = sum(now.sheet.building(b).gold for b in names)
    goats = sum(now.sheet.building(b).goats for b in names)
    return gold <= now.p.gold and goats <= now.p.goats


_HARBOR_SLOTS = {d: i for i, d in enumerate(HARBOR)}


def steward_class(move: Move) -> tuple | None:
    """Steward paths with the same group, length, arrival and shops are worth the same now."""
    if isinstance(move, Take) and move.path:
        return (move.district, len(move.path), move.path[-1], move.shops)
    return None


def best_move_now(state: GameState, moves: list[Move] | None = None, key=None) -> Move:
    """The move of ``moves`` (default: every legal move) with the best ``move_key``; ties go to the
    first in list order. ``key=apply_key`` values by applying each move instead: the same choice,
    slower (the baseline of the tests and the benchmark).

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> str(best_move_now(s, [m for m in s.legal_moves() if not m.path]))  # two 4s fill Blue shop 1
    'blue 1'
    """
    if key is None:
        now = _Now(state)
        best_of_phase = _BEST_OF_PHASE.get(state.phase) if moves is None else None
        if best_of_phase is not None:  # every legal move, valued without listing them all
            return best_of_phase(state, now)

        def key(st, m):
            return move_key(st, m, now)

    best, best_key = None, None
    seen: set = set()
    for move in state.legal_moves() if moves is None else moves:
        cls = steward_class(move)
        if cls is not None:
            if cls in seen:
                continue
            seen.add(cls)
        k = key(state, move)
        if best_key is None or k > best_key:
            best, best_key = move, k
    return best


def _best_build_move(state: GameState, now: _Now) -> Build:
    """``best_move_now`` over the legal builds (B1), valued without making a move of each."""
    best, best_key = None, None
    p = now.p
    for names in affordable_building_sets(state.sheet, p.buildings, p.gold, p.goats):
        k = now.build(names)
        if best_key is None or k > best_key:
            best, best_key = names, k
    return Build(best)


def _best_compensation(state: GameState, now: _Now) -> Move:
    """``best_move_now`` over the legal compensation steps and the pass (R8): a step is a steward
    move with a group of one die (the engine's own reading, variants included, of its cost)."""
    p = now.p
    stables = state.compensation_stables(p)
    best, best_key = None, None
    for move in state.legal_moves():
        if isinstance(move, Compensate):
            k = now.steward(1, len(move.path), move.path[-1], move.shops, stables)
        else:  # the pass: nothing changes but the build that may follow
            k = now.key(0, p.gold, p.goats, 0)
        if best_key is None or k > best_key:
            best, best_key = move, k
    return best


def best_take(state: GameState, *, actions: bool = True, steward: bool = True) -> Take | None:
    """``best_move_now`` over the legal takes, the districts' own actions only or the steward moves
    only if asked, without listing them (None: no such take). The same choice, ties included, as
    ``best_move_now(state, moves)`` with ``moves`` those takes in ``legal_moves`` order.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> str(best_take(s, steward=False))
    'blue 1'
    >>> best_take(s, steward=False) == best_move_now(s, [m for m in s.legal_moves() if not m.path])
    True
    """
    if state.phase != "take":
        raise ValueError(
            f"best_take: a take is chosen in the take phase, not the {state.phase} phase"
        )
    return _best_take(state, _Now(state), actions, steward)


def _best_take(state: GameState, now: _Now, actions: bool = True, steward: bool = True) -> Move:
    """``best_move_now`` over every legal take, without listing every steward path: one path per
    length and arrival cell (the first in ``legal_moves`` order, so ties resolve alike), and of the
    lengths reaching a cell only the cheapest (``cheapest_arrivals``)."""
    p = now.p
    groups = state.groups()
    faces = [g.face for _, g in groups]
    if steward:
        arrivals = cheapest_arrivals(p.steward, p.used, faces, p.gold, now.stables)
    else:
        arrivals = [()] * len(groups)
    best, best_key = None, None
    for i, (district, group) in enumerate(groups):
        for shops, k in now.actions(district, group.size) if actions else ():
            if best_key is None or k > best_key:
                best, best_key = Take.listed(district, (), shops), k
        for path, shops, k in now.stewards(group.face, arrivals[i]):
            if best_key is None or k > best_key:
                best, best_key = Take.listed(district, path, shops), k
    return best


# The phases whose best move is found without listing every legal move.
_BEST_OF_PHASE = {"take": _best_take, "compensate": _best_compensation, "build": _best_build_move}


def cheapest_arrivals(
    start: int, used: int, faces: list[int], gold: int, stables: bool
) -> tuple[tuple[tuple[int, int, tuple], ...], ...]:
    """For the groups of ``faces`` in harbor order, the steward moves worth valuing: per arrival
    cell, one move, the one costing the least gold, then taking the fewest steps, then of the first
    group; as ``(steps, cell, path)`` in ``legal_moves`` order, group by group (A4).

    Any other move to the same cell ends alike but with less gold or more cells used, so its
    ``move_key`` is lower: more gold never lowers the score now nor the best build, and fewer cells
    used rank higher. Skipping it never changes the best move. Paths are walked only as long as a
    longer one could still reach a cell more cheaply: long walks are the many, and cost much gold.

    >>> twos, fives = cheapest_arrivals(12, 1 << 12, [2, 5], gold=0, stables=False)
    >>> len(twos), len(fives)  # the 5s: only the 12 cells the 2s do not reach
    (8, 12)
    >>> fives[0]
    (5, 5, (7, 2, 1, 0, 5))
    """
    return _cheapest_arrivals(start, used, tuple(faces), gold, stables)


@functools.lru_cache(maxsize=16384)
def _cheapest_arrivals(start: int, used: int, faces: tuple, gold: int, stables: bool) -> tuple:
    extra = STABLES_FREE_STEPS if stables else 0
    ranges = [steward_steps(f, gold, stables) for f in faces]
    longest = min(CELLS - 1, max((hi for _, hi in ranges), default=0))
    # at[n]: the cheapest (gold, n, group) of a move of n steps; later[n]: the least gold any move of
    # n steps or more costs (never: no group may take them)
    never = 1 << 30
    at: list = [None] * (longest + 2)
    later = [never] * (longest + 2)
    for n in range(longest, 0, -1):
        for i, f in enumerate(faces):
            lo, hi = ranges[i]
            if lo <= n <= hi:
                c = (max(0, abs(n - f) - extra), n, i)
                if at[n] is None or c < at[n]:
                    at[n] = c
        later[n] = min(later[n + 1], at[n][0] if at[n] else never)
    region = cells_of(reachable_mask(start, used | 1 << start))
    # Walk as far as the free steps reach, then further only while some cell of the region might
    # still be reached more cheaply by a longer path.
    depth = min(longest, max(faces, default=0) + extra)
    while True:
        firsts = first_arrivals(start, used, depth)
        chosen: dict[int, tuple] = {}  # cell: (cost, steps, group, path), the cheapest first
        for n in range(1, depth + 1):
            c = at[n]
            if c is None:
                continue
            for cell, path in firsts[n]:
                # lengths come shortest first, so a longer one replaces only if it is cheaper
                if cell not in chosen or c[0] < chosen[cell][0]:
                    chosen[cell] = c + (path,)
        bound = later[depth + 1]
        if depth >= longest or all(c in chosen and chosen[c][0] <= bound for c in region):
            break
        depth = min(longest, depth + 2)
    out: list[list] = [[] for _ in faces]
    for cell, (_, n, i, path) in sorted(chosen.items(), key=lambda kv: (kv[1][1], kv[1][3])):
        out[i].append((n, cell, path))
    return tuple(tuple(group) for group in out)
