"""Corintho solved exactly near the end, for 2 players: every legal move ranked "win in N", "loss in N"
or "unknown within the search", by an AND/OR search on a compact position with a transposition table
keyed on the 8 symmetries of the square board.

Rules chosen where the text is silent (RULES.md, E1, E2): a player with no legal move has lost (they
cannot answer; the other player's last move stands), at once, like a game that is over; a position
met again on the line of play would be a draw (repetition), but in a 2-player game none ever is:
every move lowers 2 × (pieces in hand) + (stacks on the board) (K1 by 1, K2 by 2, K3 by 1), so a game
lasts at most 48 moves, never repeats a position, and every position is won or lost. The search
therefore never reports a draw, and the value of a position does not depend on the path to it, which
makes its table exact.

N counts the moves of both players ("plies"): "wins in 1 move" is a line of three extended to four
(W4), "wins in 2 moves" an alignment the other player cannot undo (W3).

How it is fast (figures in README.md, from ``python -m corinth.corintho.bench``): a position is 8 small
integers (a bit mask of the cells holding a base, a column, a capital; the two hands; the two frozen
cells; the claimed line) and its moves are found with bit operations; the table's key is the least
of the 8 symmetric images, each mask permuted a byte at a time; the search asks yes/no questions
("can the player to move win within d moves?", "is every move lost within d moves?"), which stop at
the first move that answers them, trying first the moves that make or answer a claimed line, and
with a claim pending only the moves that touch the line (every other move loses at once); the table
keeps the positions searched 3 moves deep or more (shallower ones are quicker to search again than
to key); the exact
distances come from asking d = 1, 2, 3, … in turn (iterative deepening); a time or position budget
stops the search, and a move not settled by then is "unknown".

>>> from corinth.corintho import new_game
>>> game = new_game(2)
>>> for move in ["column a1", "base d4", "column b1", "base d3"]:
...     game = game.apply(move)
>>> [(str(r.move), r.words()) for r in rank_moves(game, depth=2) if r.outcome == "loss"]
[('base d2', 'loses in 2 moves'), ('column c1', 'loses in 2 moves')]
>>> best = rank_moves(game.apply("column c1"), depth=1)[0]  # player 2 extends the line to four
>>> str(best.move), best.words()
('column d1', 'wins in 1 move')
>>> solve(game.apply("column c1")).words()  # the position itself, settled
'wins in 1 move'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from corinth.shared.language import _, ngettext

from .game import LINES, SIZE, Game, Place, Shift

WIN, DRAW, LOSS = 1, 0, -1
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
INF = 1 << 20
TABLE_DEPTH = 3  # the least depth of a search whose answer the table keeps


def _transforms() -> list[tuple[int, ...]]:
    """The 8 symmetries of the square, each as the new index of every cell."""
    out = []
    for k in range(8):
        perm = []
        for i in range(CELLS):
            r, c = divmod(i, SIZE)
            for _turn in range(k % 4):  # rotate a quarter turn k times
                r, c = c, SIZE - 1 - r
            if k >= 4:  # then mirror
                c = SIZE - 1 - c
            perm.append(r * SIZE + c)
        out.append(tuple(perm))
    return out


SYMMETRIES = _transforms()


# --- the compact position ---------------------------------------------------------------------
#
# A position, seen by the player to move: (B, C, K, me, other, f1, f2, claim)
#   B, C, K   bit masks of the cells holding a base, a column, a capital (bit i is cell i, a1 = 0);
#             a stack is the pieces its cell holds, in their natural order (P5: never a
#             capital on a lone base, K3);
#   me, other the hands of the player to move and of the other, bases + 8 columns + 64 capitals;
#   f1        the cell (as a bit) placed on or moved to by the last move: nobody may move it (K4);
#   f2        the cell of the move before: the player to move may not move it yet (K4);
#   claim     every line the other player's last move aligned, as one mask of their cells (W3,
#             E3), or 0.
# A move is (0, piece, cell) for a piece from hand (piece 0 base, 1 column, 2 capital) or
# (1, source, target) for a stack moved.

LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
# the lines through a cell: a move aligns only lines through the cell whose top it changed
THROUGH = tuple(tuple(m for m in LINE_MASKS if m >> c & 1) for c in range(CELLS))
_LONG = tuple(m for m in LINE_MASKS if m.bit_count() == 4)


class _ByClaim(dict):
    """What a claim implies, computed once per claim (a claim is the union of the cells of every
    line one move aligned: E3). Every line inside that union was aligned by the move (any other
    alignment was undone, or the game would be over), so the union alone names the claimed lines."""

    def __init__(self, compute: Callable[[int], object]):
        super().__init__()
        self.compute = compute

    def __missing__(self, claim: int):
        value = self[claim] = self.compute(claim)
        return value


# the claimed lines: a claim stands while any of them is untouched (W3)
CLAIMED = _ByClaim(lambda u: tuple(m for m in LINE_MASKS if m & u == m))
# the lines of four that extend a claimed line of three (W4), and their cells outside the claim
EXTENDERS = _ByClaim(
    lambda u: tuple(
        x for x in _LONG if x & u != x and any(m & x == m for m in CLAIMED[u] if m.bit_count() == 3)
    )
)
EXTEND = _ByClaim(lambda u: sum({x & ~u for x in EXTENDERS[u]}))
EXTEND[0] = 0
COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
COL3 = COL0 << (SIZE - 1)
PIECE_NAMES = ("base", "column", "capital")


def _bit_index(bit: int) -> int:
    return bit.bit_length() - 1


def from_game(game: Game) -> tuple:
    """The compact position of a 2-player game still going."""
    if game.players != 2:
        raise ValueError("the exact search is for 2-player games")
    if game.is_over:
        raise ValueError("the game is over")
    masks = [0, 0, 0]
    for i, stack in enumerate(game.board):
        for piece in stack:
            masks[PIECE_NAMES.index(piece)] |= 1 << i
    me, other = (game.hands[(game.current_player + k) % 2] for k in (0, 1))
    pack = lambda h: h[0] + 8 * h[1] + 64 * h[2]  # noqa: E731
    f1 = f2 = 0
    for cell, until in game.frozen:
        if until - game.turn == 2:
            f1 = 1 << cell
        elif until - game.turn == 1:
            f2 = 1 << cell
    claim = 0
    if game.claim is not None:
        for line in game.claim[1]:
            claim |= sum(1 << c for c in line)
    return (masks[0], masks[1], masks[2], pack(me), pack(other), f1, f2, claim)


def to_move(move: tuple) -> Place | Shift:
    """The engine's move for a compact one."""
    kind, a, b = move
    return Place(PIECE_NAMES[a], b) if kind == 0 else Shift(a, b)


def from_move(move: Place | Shift) -> tuple:
    """The compact move for one of the engine's."""
    if isinstance(move, Place):
        return (0, PIECE_NAMES.index(move.piece), move.cell)
    return (1, move.source, move.target)


def _shift_sources(B: int, C: int, K: int, frozen: int) -> tuple[int, int, int, int]:
    """The cells whose stack may move right, left, up, down (K3, P1, K4)."""
    tops_b = B & ~C & ~K
    tops_c = C & ~K
    bot_c = C & ~B
    bot_k = K & ~C & ~B
    free = ~frozen
    right = (bot_c & (tops_b >> 1) | bot_k & (tops_c >> 1)) & ~COL3 & free
    left = (bot_c & (tops_b << 1) | bot_k & (tops_c << 1)) & ~COL0 & free & FULL
    up = (bot_c & (tops_b >> SIZE) | bot_k & (tops_c >> SIZE)) & free
    down = (bot_c & (tops_b << SIZE) | bot_k & (tops_c << SIZE)) & free & FULL
    return right, left, up, down


def _move_tables() -> list[tuple[tuple[tuple, ...], tuple[tuple, ...]]]:
    """For each kind of move (a base, a column, a capital from hand; a stack moved right, left, up,
    down) and each byte of a mask of cells (where the piece goes, where the stack comes from), the
    moves as a tuple: a mask's moves are two lookups."""
    kinds = [(0, p, 0) for p in range(3)] + [(1, 0, step) for step in (1, -1, SIZE, -SIZE)]
    out = []
    for kind, piece, step in kinds:
        halves = []
        for half in (0, 8):
            row = []
            for byte in range(256):
                cells = [half + i for i in range(8) if byte >> i & 1]
                if kind == 0:
                    row.append(tuple((0, piece, c) for c in cells))
                else:
                    row.append(tuple((1, c, c + step) for c in cells))
            halves.append(tuple(row))
        out.append(tuple(halves))
    return out


(_BASES, _COLUMNS, _CAPITALS, _RIGHT, _LEFT, _UP, _DOWN) = _move_tables()


def moves(pos: tuple, touch: int = FULL) -> tuple[tuple, ...]:
    """The legal moves of the player to move that change a cell of ``touch`` (all, by default):
    pieces from hand (bases, columns, capitals), then stacks moved (right, left, up, down)."""
    B, C, K, me, _, f1, f2, _ = pos
    empty = ~(B | C | K) & FULL
    out = ()
    if me & 7:
        m = empty & touch
        if m:
            out = _BASES[0][m & 255] + _BASES[1][m >> 8]
    if me & 56:
        m = (empty | (B & ~C & ~K)) & touch
        if m:
            out += _COLUMNS[0][m & 255] + _COLUMNS[1][m >> 8]
    if me >> 6:
        m = (empty | (C & ~K)) & touch
        if m:
            out += _CAPITALS[0][m & 255] + _CAPITALS[1][m >> 8]
    right, left, up, down = _shift_sources(B, C, K, f1 | f2)
    if touch != FULL:  # a stack's move touches ``touch`` if its source or its target is there
        right &= touch | touch >> 1
        left &= touch | touch << 1
        up &= touch | touch >> SIZE
        down &= touch | touch << SIZE
    if right:
        out += _RIGHT[0][right & 255] + _RIGHT[1][right >> 8]
    if left:
        out += _LEFT[0][left & 255] + _LEFT[1][left >> 8]
    if up:
        out += _UP[0][up & 255] + _UP[1][up >> 8]
    if down:
        out += _DOWN[0][down & 255] + _DOWN[1][down >> 8]
    return out


def has_move(pos: tuple) -> bool:
    """Whether the player to move has a legal move at all (else they lose, E1)."""
    B, C, K, me, _, f1, f2, _ = pos
    occupied = B | C | K
    if me and occupied != FULL:
        return True
    if (me & 56 and B & ~C & ~K) or (me >> 6 and C & ~K):
        return True
    return any(_shift_sources(B, C, K, f1 | f2))


def apply(pos: tuple, move: tuple) -> tuple[tuple, int]:
    """The position after ``move`` (seen by the other player) and what it decided for the player who
    made it: WIN (W4), LOSS (W3: the other's claimed line stood) or DRAW for "the game goes on"."""
    B, C, K, me, other, f1, f2, claim = pos
    kind, a, b = move
    if kind == 0:
        moved = touched = 1 << b
        if a == 0:
            B |= moved
            tops = B & ~C & ~K  # the placed piece is its cell's new top
        elif a == 1:
            C |= moved
            tops = C & ~K
        else:
            K |= moved
            tops = K
        me -= 1 << (3 * a)
    else:
        source = 1 << a
        moved = 1 << b
        touched = source | moved
        # the moving stack never holds a base (its bottom comes after the target's top, P1); its
        # top is the target's new top
        if K & source:
            K ^= touched
            if C & source:
                C ^= touched
            tops = K
        else:
            C ^= touched
            tops = C & ~K
    # A line aligned now and not before holds the moved cell, whose top changed (the source is
    # empty), and all its cells show that cell's new top (W1, W2).
    if claim:
        if EXTEND[claim] & moved:
            for line in EXTENDERS[claim]:
                if line & moved and tops & line == line:
                    return (B, C, K, other, me, moved, 0, 0), WIN  # W4: extended to four
        for line in CLAIMED[claim]:
            if not line & touched:
                return (B, C, K, other, me, moved, 0, 0), LOSS  # W3: a claimed line stood
    made = 0
    for line in THROUGH[b]:
        if tops & line == line:
            made |= line  # W3, E3: every line aligned is claimed; the next player answers
    f2 = 0 if f1 & touched else f1  # K4: the last move's cell waits one more move
    return (B, C, K, other, me, moved, f2, made), DRAW


# --- the key: the least of the 8 symmetric images ---------------------------------------------


def _byte_tables() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    tables = []
    for perm in SYMMETRIES:
        low = tuple(sum(1 << perm[i] for i in range(8) if v >> i & 1) for v in range(256))
        high = tuple(sum(1 << perm[8 + i] for i in range(8) if v >> i & 1) for v in range(256))
        tables.append((low, high))
    return tables


_TABLES = _byte_tables()


def pos_key(pos: tuple) -> int:
    """One integer for the position, the same for its 8 symmetric images: the least image, compared
    capitals first, then columns, bases, the claim and the frozen cells (each mask permuted by two
    byte lookups; most positions have one least image of their capitals, and their other masks are
    permuted for that image only)."""
    B, C, K, me, other, f1, f2, claim = pos
    syms = _TABLES
    out = me << 96 | other << 105
    for mask, shift in ((K, 32), (C, 16), (B, 0), (claim, 80), (f2, 64), (f1, 48)):
        lo, hi = mask & 255, mask >> 8
        if len(syms) == 1:
            low, high = syms[0]
            out |= (low[lo] | high[hi]) << shift
            continue
        best = 1 << CELLS
        keep = []
        for table in syms:
            image = table[0][lo] | table[1][hi]
            if image < best:
                best = image
                keep = [table]
            elif image == best:
                keep.append(table)
        syms = keep
        out |= best << shift
    return out


def key(game: Game) -> int:
    """The position as the search memoizes it: the same for any of the 8 symmetric boards, frozen
    stacks by how long they wait, the claim as its cells, the hands as the mover's and the other's
    (turn numbers themselves drop out)."""
    return pos_key(from_game(game))


# --- the search -------------------------------------------------------------------------------


class OutOfBudget(Exception):
    """The search's time or position budget ran out."""


class Solver:
    """Yes/no questions about positions, with a table shared by every question asked of it.

    ``win(pos, d)``: can the player to move force a win within ``d`` moves (of both players)?
    ``loss(pos, d)``: does every move of the player to move lose within ``d`` moves?
    The table keeps, per position, the least ``d`` proven and the greatest refuted for each, so an
    answer for one ``d`` answers every other it decides. ``budget`` (seconds of ``clock``) and
    ``max_positions`` stop a search with ``OutOfBudget``."""

    def __init__(
        self,
        budget: float | None = None,
        max_positions: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.table: dict[int, list[int]] = {}  # key -> [win within, no win within, loss ..., ...]
        self.positions = 0  # positions searched at least 2 moves deep (kept in the table)
        self.visited = 0  # positions searched 1 move deep (answered without the table)
        self.clock = clock
        self.deadline = None if budget is None else clock() + budget
        self.max_positions = max_positions

    def _tick(self) -> None:
        self.positions += 1
        if self.max_positions is not None and self.positions > self.max_positions:
            raise OutOfBudget
        if self.deadline is not None and not self.positions & 255 and self.clock() > self.deadline:
            raise OutOfBudget

    def _probe(self, pos: tuple, d: int, which: int) -> tuple[int | None, bool | None]:
        """The position's key and what the table already answers (``which``: 0 win, 2 loss), or
        None. Positions searched less than TABLE_DEPTH deep are not kept: searching them again is
        quicker than computing their key."""
        if d < TABLE_DEPTH:
            return None, None
        k = pos_key(pos)
        entry = self.table.get(k)
        if entry is not None:
            if entry[which] <= d:
                return k, True
            if entry[which + 1] >= d:
                return k, False
        return k, None

    def _store(self, k: int | None, d: int, which: int, result: bool) -> None:
        if k is None:
            return
        entry = self.table.get(k)
        if entry is None:
            entry = self.table[k] = [INF, -1, INF, -1]
        if result:
            entry[which] = min(entry[which], d)
        else:
            entry[which + 1] = max(entry[which + 1], d)

    def win(self, pos: tuple, d: int) -> bool:
        if d <= 0:
            return False
        claim = pos[7]
        if d == 1:  # a line of three extended to four (W4), or the other left without a move (E1)
            self.visited += 1
            if claim and EXTEND[claim]:
                for m in moves(pos, EXTEND[claim]):
                    if apply(pos, m)[1] == WIN:
                        return True
            return _strands(pos)
        k, known = self._probe(pos, d, 0)
        if known is not None:
            return known
        self._tick()
        result = False
        later = []
        # with a claim pending, a move that neither touches the line nor extends it loses (W3)
        for m in moves(pos, claim | EXTEND[claim] if claim else FULL):
            child, outcome = apply(pos, m)
            if outcome == WIN:
                result = True
                break
            if outcome == LOSS:
                continue
            if child[7]:  # a claim of mine: the other must answer it at once, try it first
                if self.loss(child, d - 1):
                    result = True
                    break
            else:
                later.append(child)
        if not result:
            for child in later:
                if self.loss(child, d - 1):
                    result = True
                    break
        self._store(k, d, 0, result)
        return result

    def loss(self, pos: tuple, d: int) -> bool:
        if d <= 0:
            return not has_move(pos)
        claim = pos[7]
        if d == 1:  # lost at once: no move at all (E1), or the claimed line stands whatever I do
            self.visited += 1
            if not claim:
                return not has_move(pos)
            for m in moves(pos, claim | EXTEND[claim]):
                if apply(pos, m)[1] != LOSS:
                    return False
            return True  # every move leaves the line, or there is none (E1)
        k, known = self._probe(pos, d, 2)
        if known is not None:
            return known
        self._tick()
        # Lost if no move escapes: with a claim pending, a move that neither touches the line nor
        # extends it loses (W3); with no move at all, the player to move has lost (E1).
        result = True
        later = []
        for m in moves(pos, claim | EXTEND[claim] if claim else FULL):
            child, outcome = apply(pos, m)
            if outcome == WIN:
                result = False
                break
            if outcome == LOSS:
                continue
            if child[7] or d == 2:  # a claim of mine makes the other answer: try it first
                if not self.win(child, d - 1):
                    result = False
                    break
            else:
                later.append(child)
        if result:
            for child in later:
                if not self.win(child, d - 1):
                    result = False
                    break
        self._store(k, d, 2, result)
        return result


def _strands(pos: tuple) -> bool:
    """Whether the player to move has a move, not lost at once, that leaves the other without any
    legal move (E1). A move fills at most one empty cell: with two empty cells and a piece in hand,
    the other can always place it."""
    B, C, K, _, other, _, _, claim = pos
    if other and CELLS - (B | C | K).bit_count() >= 2:
        return False
    for m in moves(pos, claim | EXTEND[claim] if claim else FULL):
        child, outcome = apply(pos, m)
        if outcome == DRAW and not has_move(child):
            return True
    return False


@dataclass(frozen=True)
class Ranked:
    """One move and what it leads to for the player making it: ``win``, ``loss``, ``draw`` or
    ``unknown`` (not proven within the depth or the budget), in ``plies`` moves of both players (0 if
    unknown); ``depth``: for an unknown move, how many moves deep it was searched without a result."""

    move: Place | Shift
    outcome: str
    plies: int
    depth: int = 0

    def words(self) -> str:
        """'wins in 3 moves', 'loses in 2 moves', 'draws', 'not solved within the search'."""
        if self.outcome == "win":
            return ngettext("wins in {n} move", "wins in {n} moves", self.plies).format(
                n=self.plies
            )
        if self.outcome == "loss":
            return ngettext("loses in {n} move", "loses in {n} moves", self.plies).format(
                n=self.plies
            )
        return _("draws") if self.outcome == "draw" else _("not solved within the search")


ORDER = {"win": 0, "draw": 1, "unknown": 2, "loss": 3}


def rank_moves(
    game: Game,
    depth: int = 4,
    budget: float | None = None,
    max_positions: int | None = None,
    solver: Solver | None = None,
) -> list[Ranked]:
    """Every legal move of a 2-player position, best first: quickest wins, then unknowns, then the
    longest defences. ``depth`` counts the moves of both players searched (the move itself is the
    first); ``budget`` (seconds) and ``max_positions`` bound the work: a move not settled when they
    run out is "unknown", with the depth it was settled to. Each move's result is exact: "wins in 3"
    means a win in 3 moves whatever the other player does and none in fewer."""
    if game.players != 2:
        raise ValueError("the exact search is for 2-player games")
    if game.is_over:
        return []
    pos = from_game(game)
    solver = solver or Solver(budget, max_positions)
    legal = game.legal_moves()
    found: dict[int, tuple[str, int]] = {}
    children = {}
    for i, move in enumerate(legal):
        child, outcome = apply(pos, from_move(move))
        if outcome != DRAW:
            found[i] = ("win" if outcome == WIN else "loss", 1)
        else:
            children[i] = child
    settled = 1
    try:
        for d in range(depth):  # the child searched d moves deep: the move decided in d + 1
            for i, child in children.items():
                if i in found:
                    continue
                if solver.loss(child, d):
                    found[i] = ("win", d + 1)
                elif solver.win(child, d):
                    found[i] = ("loss", d + 1)
            settled = d + 1
    except OutOfBudget:
        pass
    ranked = [
        Ranked(move, *found[i]) if i in found else Ranked(move, "unknown", 0, settled)
        for i, move in enumerate(legal)
    ]
    ranked.sort(key=lambda r: (ORDER[r.outcome], r.plies if r.outcome == "win" else -r.plies))
    return ranked


@dataclass(frozen=True)
class Value:
    """A position's value for the player to move: ``win`` or ``loss`` in ``plies`` moves of both
    players, or ``unknown`` after searching ``depth`` moves deep without a result."""

    outcome: str
    plies: int
    depth: int = 0

    words = Ranked.words


def solve(
    game: Game,
    depth: int | None = None,
    budget: float | None = None,
    max_positions: int | None = None,
    solver: Solver | None = None,
) -> Value:
    """The value of the position for the player to move, by asking d = 0, 1, 2, … in turn until it
    is settled, ``depth`` is reached or the budget runs out. Without a depth it searches until
    settled: every game ends within 2 × (pieces in hand) + (stacks on the board) moves."""
    if game.is_over:
        return Value("win" if game.winner == game.current_player else "loss", 0)
    pos = from_game(game)
    limit = horizon(pos) if depth is None else min(depth, horizon(pos))
    solver = solver or Solver(budget, max_positions)
    settled = 0
    try:
        for d in range(limit + 1):
            if solver.win(pos, d):
                return Value("win", d)
            if solver.loss(pos, d):
                return Value("loss", d)
            settled = d
    except OutOfBudget:
        pass
    return Value("unknown", 0, settled)


def horizon(pos: tuple) -> int:
    """The most moves a game can still last: each lowers 2 × (pieces in hand) + (stacks) by 1 or 2."""
    in_hand = sum(h % 8 + h // 8 % 8 + h // 64 for h in (pos[3], pos[4]))
    return 2 * in_hand + (pos[0] | pos[1] | pos[2]).bit_count()
