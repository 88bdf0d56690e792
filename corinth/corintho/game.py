"""Corintho's rules (``RULES.md`` in this folder): an immutable game state, its legal moves, ``apply``
refusing an illegal move with the rule it breaks, and the win by alignment.

Cells are named like a chess board: columns ``a``-``d`` from the left, rows ``1``-``4`` from the bottom.
A move is written ``base a1`` / ``column b2`` / ``capital c3`` (a piece from hand, K1 or K2) or ``a1-a2``
(a stack moved one cell, K3).

>>> game = new_game(players=2)
>>> game = game.apply("base a1").apply("column b1").apply("capital c1")
>>> game.top("a1"), game.top("b1"), game.hands[0]
('base', 'column', (3, 4, 3))
>>> game.apply("b1-a1")  # b1 was placed a move ago: frozen for a full round (K4)
Traceback (most recent call last):
...
corinth.corintho.game.IllegalMove: the stack on b1 was placed or moved less than a full round ago: nobody may move it yet (K4)
>>> game.apply("base d4").apply("b1-a1").stack("a1")  # a round later, the column goes on the base
('base', 'column')
>>> game.apply("a1-b2")
Traceback (most recent call last):
...
corinth.corintho.game.IllegalMove: a stack moves one cell up, down, left or right, never diagonally (K3)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import product

from corinth.shared.errors import RuleRefusal
from corinth.shared.language import _, ngettext, pgettext
from corinth.shared.saves import SaveFormat, replay_save, write_save

PIECES = ("base", "column", "capital")  # P1: the natural order, from the ground up
SIZE = 4  # P3 [board]
FREEZE = 1  # K4: full rounds a placed or moved stack may not be moved
_CELL = re.compile(r"^([a-d])([1-4])$")


class CorinthoError(ValueError):
    """Bad input to the Corintho engine."""


# --- the pieces in a learner's words (the language spoken now) ---------------------------------
# French and German give each piece its gender, so a piece is said with its article, whole.


def a_piece(piece: str) -> str:
    """``a base``, ``a column``, ``a capital``."""
    return {
        "base": pgettext("corintho", "a base"),
        "column": pgettext("corintho", "a column"),
        "capital": pgettext("corintho", "a capital"),
    }[piece]


def the_piece(piece: str) -> str:
    """``the base``, ``the column``, ``the capital``."""
    return {
        "base": pgettext("corintho", "the base"),
        "column": pgettext("corintho", "the column"),
        "capital": pgettext("corintho", "the capital"),
    }[piece]


def piece_word(piece: str) -> str:
    """``base``, ``column``, ``capital``: the piece's name alone."""
    return {
        "base": pgettext("corintho", "base"),
        "column": pgettext("corintho", "column"),
        "capital": pgettext("corintho", "capital"),
    }[piece]


def pieces_count(n: int, piece: str) -> str:
    """``1 base``, ``3 columns``."""
    return {
        "base": ngettext("{n} base", "{n} bases", n),
        "column": ngettext("{n} column", "{n} columns", n),
        "capital": ngettext("{n} capital", "{n} capitals", n),
    }[piece].format(n=n)


class IllegalMove(RuleRefusal, CorinthoError):
    """A move the rules forbid; the message ends with the rule it breaks, e.g. ``(K3)``."""


def cell_index(name: str) -> int:
    """``a1`` → 0 (bottom left), ``d4`` → 15.

    >>> cell_index("b1"), cell_index("a2")
    (1, 4)
    """
    m = _CELL.match(name.strip().lower()) if isinstance(name, str) else None
    if m is None:
        raise CorinthoError(
            _("no cell {name}: cells are a1 to d4 (columns a-d, rows 1-4)").format(name=repr(name))
        )
    return (int(m.group(2)) - 1) * SIZE + "abcd".index(m.group(1))


def cell_name(index: int) -> str:
    """0 → ``a1``."""
    row, col = divmod(index, SIZE)
    return f"{'abcd'[col]}{row + 1}"


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return tuple(r * SIZE + c for r, c in steps if 0 <= r < SIZE and 0 <= c < SIZE)


NEIGHBOURS = tuple(_neighbours(i) for i in range(SIZE * SIZE))


def _lines() -> tuple[tuple[int, ...], ...]:
    """W1: every run of 3 or 4 cells in a row, a column or a diagonal."""
    out = []
    for length, (dr, dc) in product((3, 4), ((0, 1), (1, 0), (1, 1), (1, -1))):
        for r, c in product(range(SIZE), range(SIZE)):
            cells = [(r + k * dr, c + k * dc) for k in range(length)]
            if all(0 <= rr < SIZE and 0 <= cc < SIZE for rr, cc in cells):
                out.append(tuple(rr * SIZE + cc for rr, cc in cells))
    return tuple(out)


LINES = _lines()


@dataclass(frozen=True)
class Place:
    """A piece from hand onto an empty cell (K1) or onto a stack it continues (K2)."""

    piece: str
    cell: int

    def __post_init__(self) -> None:
        if type(self.piece) is not str or self.piece not in PIECES:
            raise CorinthoError(f"piece: one of {', '.join(PIECES)}, not {self.piece!r:.40}")
        _check_cell("cell", self.cell)

    def __str__(self) -> str:
        return f"{self.piece} {cell_name(self.cell)}"


def _check_cell(name: str, cell: object) -> None:
    """A cell of a move: a whole number from 0 to 15 (a bool is not one)."""
    if type(cell) is not int or not 0 <= cell < SIZE * SIZE:
        raise CorinthoError(
            f"{name}: a cell by its number, 0 to {SIZE * SIZE - 1} (a1 to d4), not {cell!r:.40}"
        )


@dataclass(frozen=True)
class Shift:
    """A whole stack moved one cell orthogonally onto a neighbouring stack (K3)."""

    source: int
    target: int

    def __post_init__(self) -> None:
        _check_cell("source", self.source)
        _check_cell("target", self.target)

    def __str__(self) -> str:
        return f"{cell_name(self.source)}-{cell_name(self.target)}"


def parse(text: str) -> Place | Shift:
    """A move from its notation.

    >>> parse("capital c3"), parse("a1-a2")
    (Place(piece='capital', cell=10), Shift(source=0, target=4))
    """
    if not isinstance(text, str):
        raise CorinthoError(f"a move is text such as 'base a1' or 'a1-a2', not {text!r}")
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] in PIECES:
        return Place(words[0], cell_index(words[1]))
    if len(words) == 1 and "-" in words[0]:
        source, _dash, target = words[0].partition("-")
        return Shift(cell_index(source), cell_index(target))
    raise CorinthoError(
        _(
            "cannot read the move {move}: write a piece and a cell ('base a1', 'column b2', "
            "'capital c3') or a stack's move ('a1-a2')"
        ).format(move=repr(text[:80]))
    )


@dataclass(frozen=True)
class Game:
    """A Corintho game: the board (a stack per cell, bottom first, or ``()``), each player's pieces in
    hand as (bases, columns, capitals), whose turn it is, which stacks are frozen (K4) and the claim
    of an alignment waiting for the next player's answer (W3)."""

    players: int
    board: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[int, int, int], ...]
    turn: int = 0  # moves played so far; the player to move is turn % players
    frozen: tuple[tuple[int, int], ...] = ()  # (cell, first turn it may move again)
    # (player, every line their move aligned) waiting for the next player's answer (W3, E3)
    claim: tuple[int, tuple[tuple[int, ...], ...]] | None = None
    winner: int | None = None
    win_rule: str | None = None  # why the game is over: "W3", "W4" or "E1"
    win_lines: tuple[tuple[int, ...], ...] = ()  # the lines that won it (W3, W4), longest first
    history: tuple[str, ...] = field(default=())

    # --- reading the position ----------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.turn % self.players

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def stack(self, cell: str | int) -> tuple[str, ...]:
        return self.board[cell_index(cell) if isinstance(cell, str) else cell]

    def top(self, cell: str | int) -> str | None:
        """The highest piece of a cell's stack (P5), or None for an empty cell."""
        stack = self.stack(cell)
        return stack[-1] if stack else None

    def text(self) -> str:
        """The board as text, row 4 on top: each cell its stack bottom first (b base, c column,
        k capital), then whose turn it is and every player's pieces in hand.

        >>> print(new_game().apply("base a1").apply("column a1").text())  # doctest: +NORMALIZE_WHITESPACE
        4  .    .    .    .
        3  .    .    .    .
        2  .    .    .    .
        1  bc   .    .    .
           a    b    c    d
        b base, c column, k capital; player 1 to play
        in hand: player 1 3 bases 4 columns 4 capitals; player 2 4 bases 3 columns 4 capitals
        """
        letters = {"base": "b", "column": "c", "capital": "k"}
        rows = []
        for r in range(SIZE - 1, -1, -1):
            cells = [
                "".join(letters[p] for p in self.board[r * SIZE + c]) or "." for c in range(SIZE)
            ]
            rows.append(f"{r + 1}  " + "".join(f"{cell:<5}" for cell in cells).rstrip())
        rows.append("   " + "".join(f"{col:<5}" for col in "abcd").rstrip())
        if self.is_over:
            state = _("player {n} won").format(n=self.winner + 1)
        elif self.claim is None:
            state = _("player {n} to play").format(n=self.current_player + 1)
        else:
            lines = len(self.claim[1])
            state = ngettext(
                "player {n} to play (player {claimant} claims a line: answer or lose)",
                "player {n} to play (player {claimant} claims {lines} lines: answer or lose)",
                lines,
            ).format(n=self.current_player + 1, claimant=self.claim[0] + 1, lines=lines)
        rows.append(_("b base, c column, k capital; {state}").format(state=state))
        hands = "; ".join(
            _("player {n} {pieces}").format(
                n=i + 1, pieces=" ".join(pieces_count(n, piece) for n, piece in zip(h, PIECES))
            )
            for i, h in enumerate(self.hands)
        )
        rows.append(_("in hand: {hands}").format(hands=hands))
        return "\n".join(rows)

    def alignments(self) -> list[tuple[int, ...]]:
        """W1, W2: the lines whose cells all hold stacks with the same kind of top."""
        found = []
        for line in LINES:
            tops = {self.board[c][-1] if self.board[c] else None for c in line}
            if len(tops) == 1 and None not in tops:
                found.append(line)
        return found

    # --- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> list[Place | Shift]:
        """Every move the player to move may make, K1 and K2 first, then K3."""
        if self.is_over:
            return []
        moves: list[Place | Shift] = []
        hand = self.hands[self.current_player]
        for k, piece in enumerate(PIECES):
            if not hand[k]:
                continue
            for cell in range(SIZE * SIZE):
                if self._place_problem(piece, cell) is None:
                    moves.append(Place(piece, cell))
        for source in range(SIZE * SIZE):
            for target in NEIGHBOURS[source]:
                if self._shift_problem(source, target) is None:
                    moves.append(Shift(source, target))
        return moves

    def _place_problem(self, piece: str, cell: int) -> tuple[str, str] | None:
        stack = self.board[cell]
        if not stack:
            return None  # K1: any piece on an empty cell
        want = PIECES.index(piece)
        if want == 0:
            return "K2", _("a base goes on an empty cell only: nothing is put under a stack")
        if PIECES.index(stack[-1]) != want - 1:
            below = PIECES[want - 1]
            return (
                "K2",
                _("{piece} goes on an empty cell or directly on {below}, not on {top}").format(
                    piece=a_piece(piece), below=a_piece(below), top=a_piece(stack[-1])
                ),
            )
        return None

    def _shift_problem(self, source: int, target: int) -> tuple[str, str] | None:
        if target not in NEIGHBOURS[source]:
            return "K3", _("a stack moves one cell up, down, left or right, never diagonally")
        moving, onto = self.board[source], self.board[target]
        if not moving:
            return "K3", _("there is no stack on {cell} to move").format(cell=cell_name(source))
        if not onto:
            return "K3", _("a stack moves onto a neighbouring stack, not onto an empty cell")
        # P1: the moved stack's bottom is the very next piece after the target's top ("On ne peut
        # pas placer un chapiteau sur une base": no capital on a lone base, moved or placed).
        if PIECES.index(moving[0]) != PIECES.index(onto[-1]) + 1:
            return "P1", _(
                "{piece} cannot go on {top}: the pieces keep their natural order, base, column, "
                "capital, with none left out"
            ).format(piece=a_piece(moving[0]), top=a_piece(onto[-1]))
        until = dict(self.frozen).get(source)
        if until is not None and self.turn < until:
            return "K4", _(
                "the stack on {cell} was placed or moved less than a full round ago: nobody may "
                "move it yet"
            ).format(cell=cell_name(source))
        return None

    def apply(self, move: Place | Shift | str) -> Game:
        """The game after ``move``; ``IllegalMove`` names the rule it breaks, the game is unchanged."""
        if isinstance(move, str):
            move = parse(move)
        if self.is_over:
            raise IllegalMove(
                self.win_rule, _("the game is over: player {n} won").format(n=self.winner + 1)
            )
        player = self.current_player
        board = list(self.board)
        hands = [list(h) for h in self.hands]
        if isinstance(move, Place):
            if move.piece not in PIECES or not 0 <= move.cell < SIZE * SIZE:
                raise CorinthoError(f"no such move: {move!r}")
            k = PIECES.index(move.piece)
            if not hands[player][k]:
                raise IllegalMove("P2", _no_piece_left(player, move.piece))
            problem = self._place_problem(move.piece, move.cell)
            if problem:
                raise IllegalMove(*problem)
            hands[player][k] -= 1
            board[move.cell] = board[move.cell] + (move.piece,)
            moved = move.cell
        elif isinstance(move, Shift):
            if not (0 <= move.source < SIZE * SIZE and 0 <= move.target < SIZE * SIZE):
                raise CorinthoError(f"no such move: {move!r}")
            problem = self._shift_problem(move.source, move.target)
            if problem:
                raise IllegalMove(*problem)
            board[move.target] = board[move.target] + board[move.source]
            board[move.source] = ()
            moved = move.target
        else:
            raise CorinthoError(f"a move is a Place, a Shift or its notation, not {move!r}")
        turn = self.turn + 1
        # K4: frozen until the mover has played again (a full round), under its new cell
        frozen = tuple(
            (c, t)
            for c, t in self.frozen
            if t > turn and c not in (moved, getattr(move, "source", -1))
        ) + ((moved, turn + self.players * FREEZE),)
        after = replace(
            self,
            board=tuple(board),
            hands=tuple(tuple(h) for h in hands),
            turn=turn,
            frozen=frozen,
            claim=None,
            history=self.history + (str(move),),
        )
        return after._judge(self, player)

    def _judge(self, before: Game, player: int) -> Game:
        """W3-W5, E1, E3: the claim of the previous player stands, is taken over, or is undone; the
        lines this move aligns become its claim; a next player left without a move has lost.

        Every line counts (E3): a claim is every line the move aligned (a line of four made at once
        holds two lines of three, each claimed); it stands if any of them still stands after the
        next player's move, and extending any of its lines of three to four wins at once (W4).
        """
        lines = self.alignments()
        old = set(before.alignments())  # once: it is read for every line below
        made = tuple(sorted((ln for ln in lines if ln not in old), key=len, reverse=True))
        if before.claim is not None:
            claimant, claimed = before.claim
            threes = [set(ln) for ln in claimed if len(ln) == 3]
            extended = tuple(
                ln for ln in made if len(ln) == 4 and any(three < set(ln) for three in threes)
            )
            if extended:  # W4: a claimed line of three extended to four by this player
                return replace(self, winner=player, win_rule="W4", win_lines=extended)
            standing = tuple(ln for ln in claimed if ln in lines)
            if standing:  # W3: a claimed line survived the next player's move
                return replace(self, winner=claimant, win_rule="W3", win_lines=standing)
        after = replace(self, claim=(player, made)) if made else self
        if not after._can_move():
            # W3 and E1: the next player cannot answer, nor play at all: this move stands and wins
            rule = "W3" if made else "E1"
            return replace(after, claim=None, winner=player, win_rule=rule, win_lines=made)
        return after

    def _can_move(self) -> bool:
        """Whether the player to move has a legal move (cheap tests first: a piece from hand on an
        empty cell is the common case)."""
        hand = self.hands[self.current_player]
        tops = {stack[-1] if stack else None for stack in self.board}
        if any(hand) and None in tops:
            return True
        if (hand[1] and "base" in tops) or (hand[2] and "column" in tops):
            return True
        return any(
            self._shift_problem(source, target) is None
            for source in range(SIZE * SIZE)
            if self.board[source]
            for target in NEIGHBOURS[source]
        )

    def verdict(self, names: Sequence[str] | None = None) -> str | None:
        """Who won and why, in a sentence (None while the game goes on); ``names`` in place of
        "player 1", "player 2", ….

        >>> game = new_game(2)
        >>> for move in ["column a1", "base d4", "column b1", "base d3", "column c1", "column d1"]:
        ...     game = game.apply(move)
        >>> game.verdict()
        "Player 2 won: they extended player 1's line to four columns on a1, b1, c1, d1 (W4)."
        """
        if self.winner is None:
            return None

        def who(i: int) -> str:  # capitalised below where it starts the sentence
            name = names[i] if names else _("player {n}").format(n=i + 1)
            return "p" + name[1:] if name == f"Player {i + 1}" else name

        winner, answerer = self.winner, (self.winner + 1) % self.players
        line = line_text(self, self.win_lines[0]) if self.win_lines else ""
        more = len(self.win_lines) - 1
        if self.win_rule == "W4":
            text = _("{winner} won: they extended {claimant}'s line to {line} (W4).")
        elif self.win_rule == "E1":
            text = _("{winner} won: {other} had no legal move left (E1).")
        elif winner == (self.turn - 1) % self.players:  # their own move won: no answer came
            text = (
                ngettext(
                    "{winner} won: {other} had no move to undo their line of {line} (and {more} "
                    "more line) (W3).",
                    "{winner} won: {other} had no move to undo their line of {line} (and {more} "
                    "more lines) (W3).",
                    more,
                )
                if more
                else _("{winner} won: {other} had no move to undo their line of {line} (W3).")
            )
        else:
            text = (
                ngettext(
                    "{winner} won: their line of {line} (and {more} more line) still stood after "
                    "{other}'s move (W3).",
                    "{winner} won: their line of {line} (and {more} more lines) still stood after "
                    "{other}'s move (W3).",
                    more,
                )
                if more
                else _("{winner} won: their line of {line} still stood after {other}'s move (W3).")
            )
        text = text.format(
            winner=who(winner),
            claimant=who((winner - 1) % self.players),
            other=who(answerer),
            line=line,
            more=more,
        )
        return text[0].upper() + text[1:]


PLURAL = {"base": "bases", "column": "columns", "capital": "capitals"}


def _no_piece_left(player: int, piece: str) -> str:
    """P2: a player without that piece in hand."""
    return {
        "base": _("player {n} has no base left in hand"),
        "column": _("player {n} has no column left in hand"),
        "capital": _("player {n} has no capital left in hand"),
    }[piece].format(n=player + 1)


def line_text(game: Game, line: tuple[int, ...]) -> str:
    """A line of cells and what it aligns: 'three columns on a1, b1, c1'."""
    top = game.top(line[0]) or "piece"
    cells = ", ".join(cell_name(c) for c in line)
    said = {
        (3, "base"): _("three bases on {cells}"),
        (3, "column"): _("three columns on {cells}"),
        (3, "capital"): _("three capitals on {cells}"),
        (4, "base"): _("four bases on {cells}"),
        (4, "column"): _("four columns on {cells}"),
        (4, "capital"): _("four capitals on {cells}"),
    }.get((len(line), top))
    if said is not None:
        return said.format(cells=cells)
    count = {3: "three", 4: "four"}.get(len(line), str(len(line)))
    return f"{count} {PLURAL.get(top, top + 's')} on {cells}"


def new_game(players: int = 2) -> Game:
    """A new game (P2): every player's pieces in hand, an empty 4×4 board (P3).

    >>> new_game(players=3).hands[2]
    (2, 2, 2)
    """
    if type(players) is not int or players not in (2, 3, 4):
        raise CorinthoError(
            _("players: Corintho is for 2, 3 or 4 players, not {players}").format(
                players=f"{players!r:.40}"
            )
        )
    each = 4 if players == 2 else 2
    return Game(
        players=players,
        board=((),) * (SIZE * SIZE),
        hands=((each, each, each),) * players,
    )


FORMAT, VERSION = "corintho-game", 1
MAX_SAVE_BYTES = 200_000  # a saved game is a list of moves: a long game is a few kB


def to_json(game: Game) -> str:
    """A versioned JSON save: the players and every move (the position is replayed on load).

    >>> from_json(to_json(new_game(3).apply("base b2"))).stack("b2")
    ('base',)
    """
    return write_save(SAVE, game.players, game.history)


SAVE = SaveFormat(FORMAT, VERSION, "a saved Corintho game", CorinthoError, MAX_SAVE_BYTES)


def from_json(text: str | bytes) -> Game:
    """Load a saved game, replaying every move through the rules; any problem is a
    ``CorinthoError`` naming it (and the move and rule, for an illegal one)."""
    return replay_save(text, SAVE, new_game)
