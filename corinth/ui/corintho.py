"""Corintho's boards: the 4×4 board with its stacks and the pieces in hand (``CorinthoBoard``), a game
against bots (``CorinthoApp``), a puzzle (``CorinthoPuzzleBoard``) and a position to try moves on
(``CorinthoLiveBoard``).

A move is two clicks: a piece in hand or a stack on the board, then the cell it goes to. The board
applies the move through the engine (``corinth.corintho``); an illegal one is refused with the engine's
words and rule ID, and the game is unchanged. The front end is ``widgets/corintho.js``.

>>> from corinth.corintho import new_game
>>> board = CorinthoBoard(new_game(2))
>>> board.choose_piece("base"); board.click("b2")
>>> board.game.stack("b2"), board.announce
(('base',), 'Player 1 places a base at b2. Player 2 to play.')
>>> board.click("b2")  # b2 was placed a move ago (K4)
Refused: the stack on b2 was placed or moved less than a full round ago: nobody may move it until player 1 has played again (K4)
>>> board.game.stack("b2"), board.selected
(('base',), '')
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w
import traitlets

from corinth.corintho import PIECES, CorinthoError, Game, IllegalMove, Place, Shift, new_game
from corinth.corintho.bots import BOTS
from corinth.corintho.game import NEIGHBOURS, SIZE, cell_index, cell_name, parse
from corinth.corintho.protocol import CorinthoGame
from corinth.corintho.solve import rank_moves
from corinth.corintho.words import line_words, move_words, stack_words
from corinth.shared.language import N_, _, ngettext, pgettext
from corinth.shared.table import Table

from ._base import (
    Board,
    GamePuzzle,
    Optional,
    Text,
    Whole,
    hint_ladder_html,
    module,
    move_html,
    stylesheet,
    words_html,
)
from .game import GameKeeper
from .progress import Reports

HUMAN = "human"

# The puzzles' kinds as their title shows them (``kind.capitalize()``), for the catalogue.
PUZZLE_KINDS = (N_("Win in 1"), N_("Win in 2"), N_("Extend to 4"), N_("Stop the threat"))


def player_words(n: int) -> str:
    """``Player 2`` (``n`` from 1)."""
    return _("Player {n}").format(n=n)


def bot_seat_words(n: int, bot: str) -> str:
    """``Player 2 (greedy bot)``: a seat a bot plays, in the language spoken."""
    kind = {
        "greedy": pgettext("bot", "greedy"),
        "random": pgettext("bot", "random"),
        "search": pgettext("bot", "search"),
    }.get(bot, bot)
    return _("Player {n} ({bot} bot)").format(n=n, bot=kind)


def _piece_in_hand(piece: str, count: int, player: str) -> str:
    """``Player 1: 2 bases in hand``."""
    forms = {
        "base": ngettext("{player}: {n} base in hand", "{player}: {n} bases in hand", count),
        "column": ngettext("{player}: {n} column in hand", "{player}: {n} columns in hand", count),
        "capital": ngettext(
            "{player}: {n} capital in hand", "{player}: {n} capitals in hand", count
        ),
    }
    return forms[piece].format(player=player, n=count)


# --- words ------------------------------------------------------------------------------------


class _Said:
    """A Corintho move in the shape ``move_html`` reads: its notation, and its sentence."""

    def __init__(self, move: Place | Shift, game: Game):
        self.move, self.sentence = move, move_words(game, move)

    def describe(self, _state: Any) -> str:
        return self.sentence + "."

    def __str__(self) -> str:
        return str(self.move)


def said_html(game: Game, move: Place | Shift | str) -> str:
    """A move as a sentence, its notation on hover (``corinth.ui._base.move_html``)."""
    move = parse(move) if isinstance(move, str) else move
    return move_html(_Said(move, game), game)


def winning_line(game: Game) -> tuple[int, ...]:
    """The cells of the lines that won a finished game (W3: the claimed lines that stood; W4: the
    line extended to four), or ``()`` (E1: the next player had no move)."""
    return tuple(sorted({c for line in game.win_lines for c in line})) if game.is_over else ()


def claimed_cells(game: Game) -> tuple[int, ...]:
    """The cells of every line claimed and waiting for the next player's answer (W3, E3)."""
    if game.claim is None:
        return ()
    return tuple(sorted({c for line in game.claim[1] for c in line}))


def claim_words(game: Game) -> str:
    """The lines a claim holds, in words: 'three columns on a1, b1, c1' (and the others)."""
    lines = game.claim[1]
    first = line_words(game, lines[0])
    if len(lines) == 1:
        return first
    rest = "; ".join(line_words(game, ln) for ln in lines[1:])
    return _("{first}; and {rest}").format(first=first, rest=rest)


def status_words(game: Game, names: Sequence[str] | None = None) -> str:
    """Whose turn it is, a claimed line, or who won and why, in plain words.

    >>> status_words(new_game(2))
    'Player 1 to play'
    """
    if game.is_over:
        return game.verdict(list(names) if names else None).rstrip(".")
    names = list(names or [player_words(i + 1) for i in range(game.players)])
    player = names[game.current_player]
    if game.claim is None:
        return _("{player} to play").format(player=player)
    claimant, lines = game.claim
    return ngettext(
        "{player} to play. Player {claimant} claims a line, {lines}: undo it or extend one to "
        "four, or player {claimant} wins (W3)",
        "{player} to play. Player {claimant} claims {n} lines, {lines}: undo every one of them or "
        "extend one to four, or player {claimant} wins (W3)",
        len(lines),
    ).format(player=player, claimant=claimant + 1, n=len(lines), lines=claim_words(game))


def _frozen_until(game: Game, index: int) -> int | None:
    """The player who must play again before the stack on ``index`` may move (K4), or None."""
    for cell, until in game.frozen:
        if cell == index and game.turn < until:
            return (until - 1) % game.players  # the mover: frozen until they have played again
    return None


# --- the board --------------------------------------------------------------------------------


class CorinthoBoard(Board):
    """The Corintho board: 4×4 cells with their stacks drawn (base, column, capital by shape), every
    player's pieces in hand, frozen stacks marked (K4), a claimed or winning line drawn.

    A move is two clicks (or Enter/Space on the focused control): a piece in the hand of the player
    to move (``choose_piece``) or a stack on the board (``click`` on it), then the target cell
    (``click``). The move is applied through the engine; ``on_move(callback)`` is told
    ``callback(move, before, after)``. An illegal move is refused in ``message`` with the engine's
    words and rule ID; ``game`` is unchanged. Setting ``game`` redraws the board in place.

    ``names`` are the players' names shown ("Player 2 (greedy bot)"); ``interactive=False`` is a
    board for viewing.

    Traits drawn by ``widgets/corintho.js``: ``cells`` (16 dicts, a1 first: ``index``, ``name``,
    ``stack`` bottom first, ``frozen``, ``frozen_by``, ``target``: the choice may go here, ``label``:
    the words a screen reader reads), ``hands`` (per player: ``player``, ``title``, ``current``,
    ``pieces``: ``piece``, ``count``, ``legal``, ``label``), ``selected``, ``line`` and
    ``line_kind`` ("claimed", "won"), ``caption``, ``message``, ``announce`` (an aria-live region),
    ``interactive``. The page writes no trait; it sends ``{"event": "hand", "player", "piece"}``,
    ``{"event": "cell", "index"}`` and ``{"event": "clear"}`` (Escape).
    """

    _esm = module("corintho.js")
    _css = stylesheet()

    cells = traitlets.List(traitlets.Dict()).tag(sync=True)
    hands = traitlets.List(traitlets.Dict()).tag(sync=True)
    # "" , a piece in hand ("base", "column", "capital") or a stack's cell ("b2")
    selected = traitlets.Unicode("").tag(sync=True)
    line = traitlets.List(traitlets.Int()).tag(sync=True)  # cells of the line drawn
    line_kind = traitlets.Unicode("").tag(sync=True)  # "won", "claimed" or ""
    caption = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    from_page = ()  # the page writes nothing: it sends clicks, checked in ``handle``

    def __init__(
        self,
        game: Game | None = None,
        names: Sequence[str] | None = None,
        interactive: bool = True,
        **kwargs: Any,
    ):
        super().__init__(interactive=interactive, **kwargs)
        self._names = list(names) if names else None
        self._move_callbacks: list[Callable] = []
        self.game = game if game is not None else new_game(2)

    # --- the game shown ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game drawn (the engine's immutable ``Game``); setting it redraws in place."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a CorinthoBoard draws a corinth.corintho.Game, not {type(game)!r}")
        self._game = game
        with self.hold_sync():
            self.selected = ""
            self.message = ""
            self._draw()

    @property
    def names(self) -> list[str]:
        return self._names or [player_words(i + 1) for i in range(self.game.players)]

    @names.setter
    def names(self, names: Sequence[str] | None) -> None:
        self._names = list(names) if names else None
        self._draw()

    def show(self, state: Any) -> None:  # Board's name for drawing another moment
        self.game = state

    def _draw(self) -> None:
        """Every trait from the game and the selection (one sync)."""
        game = self.game
        legal = game.legal_moves() if self.interactive else []
        targets = self._targets(legal)
        if game.is_over:
            line, kind = winning_line(game), "won"
        elif game.claim is not None:
            line, kind = claimed_cells(game), "claimed"
        else:
            line, kind = (), ""
        cells = []
        for i in range(SIZE * SIZE):
            name, stack = cell_name(i), list(game.board[i])
            until = _frozen_until(game, i)
            words = [_("{cell}: {stack}").format(cell=name, stack=stack_words(stack))]
            if until is not None:
                words.append(_("frozen until player {n} has played again").format(n=until + 1))
            if i in line:
                words.append(
                    _("in the winning line") if kind == "won" else _("in the line claimed (W3)")
                )
            if self.selected == name:
                words.append(_("chosen: now choose where it goes"))
            elif i in targets:
                words.append(_("the chosen piece may go here"))
            cells.append(
                {
                    "index": i,
                    "name": name,
                    "stack": stack,
                    "frozen": until is not None,
                    "frozen_by": -1 if until is None else until,
                    "target": i in targets,
                    "label": ", ".join(words),
                }
            )
        hands = []
        for p, hand in enumerate(game.hands):
            current = p == game.current_player and not game.is_over
            pieces = []
            for k, piece in enumerate(PIECES):
                count = hand[k]
                playable = current and any(isinstance(m, Place) and m.piece == piece for m in legal)
                words = _piece_in_hand(piece, count, self.names[p])
                if current and self.selected == piece:
                    words = _("{words}, chosen: now choose a cell").format(words=words)
                pieces.append({"piece": piece, "count": count, "legal": playable, "label": words})
            hands.append(
                {"player": p, "title": self.names[p], "current": current, "pieces": pieces}
            )
        with self.hold_sync():
            self.cells = cells
            self.hands = hands
            self.line = list(line)
            self.line_kind = kind
            self.caption = self._caption()

    def _targets(self, legal: list) -> set[int]:
        sel = self.selected
        if sel in PIECES:
            return {m.cell for m in legal if isinstance(m, Place) and m.piece == sel}
        if sel:
            source = cell_index(sel)
            return {m.target for m in legal if isinstance(m, Shift) and m.source == source}
        return set()

    def _caption(self) -> str:
        game = self.game
        text = status_words(game, self.names)
        if game.is_over or not self.interactive:
            return text
        sel = self.selected
        if sel == "base":
            return _("{status}. A base from hand is chosen: now choose its cell.").format(
                status=text
            )
        if sel == "column":
            return _("{status}. A column from hand is chosen: now choose its cell.").format(
                status=text
            )
        if sel == "capital":
            return _("{status}. A capital from hand is chosen: now choose its cell.").format(
                status=text
            )
        if sel:
            return _(
                "{status}. The stack on {cell} is chosen: now choose the stack it goes onto."
            ).format(status=text, cell=sel)
        return _("{status}. Choose a piece in hand or a stack to move, then a cell.").format(
            status=text
        )

    # --- clicks --------------------------------------------------------------------------------

    def _can_click(self) -> bool:
        if not self.interactive:
            self.refuse(_("this board is for viewing: it takes no move now"))
            return False
        if self.game.is_over:
            self.refuse(
                _("the game is over. {verdict}").format(
                    verdict=self.game.verdict(self._names).rstrip(".")
                )
            )
            return False
        return True

    def choose_piece(self, piece: str, player: int | None = None) -> None:
        """Choose a piece in hand (what a click on it does); again clears the choice. ``player`` is
        the hand clicked (0-based; the player to move by default)."""
        if not self._can_click():
            return
        game = self.game
        if piece not in PIECES:
            self.refuse(
                _("there is no piece {piece}: a base, a column or a capital (P1)").format(
                    piece=repr(str(piece)[:20])
                )
            )
            return
        if player is not None and player != game.current_player:
            self.refuse(
                _(
                    "it is player {current}'s turn: only their pieces in hand may be played, not "
                    "player {player}'s (T1, P4)"
                ).format(current=game.current_player + 1, player=player + 1)
            )
            return
        if self.selected == piece:
            self.clear()
            return
        if not game.hands[game.current_player][PIECES.index(piece)]:
            self._refuse_with_engine([Place(piece, c) for c in range(SIZE * SIZE)])
            return
        self.message = ""
        self.selected = piece
        self._draw()

    def click(self, cell: str | int) -> None:
        """A click on a cell: choose its stack to move, or play the chosen piece or stack there."""
        if not self._can_click():
            return
        try:
            index = cell_index(cell) if isinstance(cell, str) else int(cell)
        except (CorinthoError, TypeError, ValueError) as exc:
            self.refuse(str(exc))
            return
        if not 0 <= index < SIZE * SIZE:
            self.refuse(_("no cell {index}: cells are a1 to d4").format(index=index))
            return
        name, sel = cell_name(index), self.selected
        if sel == name:
            self.clear()
        elif sel in PIECES:
            self.play(Place(sel, index))
        elif sel:
            self.play(Shift(cell_index(sel), index))
        elif not self.game.board[index]:
            self.refuse(
                _(
                    "{cell} is empty: choose a piece in hand first (K1, K2), or a stack to move (K3)"
                ).format(cell=name)
            )
        elif (until := _frozen_until(self.game, index)) is not None:
            self.refuse(
                IllegalMove(
                    "K4",
                    _(
                        "the stack on {cell} was placed or moved less than a full round ago: "
                        "nobody may move it until player {n} has played again"
                    ).format(cell=name, n=until + 1),
                )
            )
        elif self._refuse_with_engine([Shift(index, t) for t in NEIGHBOURS[index]]):
            pass  # this stack cannot move now: the engine said why
        else:
            self.message = ""
            self.selected = name
            self._draw()

    def _refuse_with_engine(self, moves: list) -> bool:
        """If none of ``moves`` is legal, refuse with the engine's reason and return True."""
        reasons = []
        for move in moves:
            try:
                self.game.apply(move)
            except IllegalMove as exc:
                reasons.append(exc)
            else:
                return False
        if reasons:
            # the reason a learner can act on first: wait (K4), then the order of the pieces (P1)
            reasons.sort(key=lambda e: {"K4": 0, "P1": 1}.get(e.rule, 2))
            self.refuse(reasons[0])
            return True
        return False

    def clear(self) -> None:
        """Forget the chosen piece or stack."""
        self.selected = ""
        self.message = ""
        self._draw()

    def play(self, move: Place | Shift | str) -> bool:
        """Apply ``move`` through the engine and redraw; False (with the engine's refusal in
        ``message``, the game unchanged) if it is illegal."""
        before = self.game
        try:
            move = parse(move) if isinstance(move, str) else move
            after = before.apply(move)
        except CorinthoError as exc:
            self.refuse(exc)
            return False
        sentence = move_words(before, move)
        self.game = after
        self.announce = f"{sentence}. {status_words(after, self.names)}."
        for callback in list(self._move_callbacks):
            callback(str(move), before, after)
        return True

    def on_move(self, callback: Callable[[str, Game, Game], Any], remove: bool = False) -> None:
        """Call ``callback(move, before, after)`` after each move made on the board (notation)."""
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    page_events = {
        "hand": {
            "player": Optional(Whole(0, 1, "a player's number, 0 or 1")),
            "piece": Text(20, words="a piece's name"),
        },
        # the range is the click's to refuse, in the game's words
        "cell": {"index": Whole(-(2**31), 2**31, "a cell by its number, 0 to 15")},
        "clear": {},
    }

    def react(self, event: str, fields: dict) -> None:
        if event == "hand":
            self.choose_piece(fields["piece"], fields["player"])
        elif event == "cell":
            self.click(fields["index"])
        else:
            self.clear()

    @traitlets.observe("interactive")
    def _interactive_changed(self, _change: dict) -> None:
        if getattr(self, "_game", None) is not None:
            self.selected = ""
            self._draw()

    # --- static forms --------------------------------------------------------------------------

    def text(self) -> str:
        """The board as text (the engine's), with the frozen stacks, the line and the choice."""
        game = self.game
        lines = [
            _("Corintho - {status}").format(status=status_words(game, self.names)),
            game.text(),
        ]
        frozen = [
            _("{cell} (until player {n} has played again)").format(
                cell=c["name"], n=c["frozen_by"] + 1
            )
            for c in self.cells
            if c["frozen"]
        ]
        if frozen:
            lines.append(_("frozen: {cells}").format(cells=", ".join(frozen)))
        if self.line:
            cells = " ".join(cell_name(c) for c in self.line)
            which = (
                _("winning line: {cells}")
                if self.line_kind == "won"
                else _("claimed line: {cells}")
            )
            lines.append(which.format(cells=cells))
        if self.selected:
            what = {
                "base": _("a base in hand"),
                "column": _("a column in hand"),
                "capital": _("a capital in hand"),
            }.get(self.selected, self.selected)
            lines.append(_("chosen: {what}").format(what=what))
        if self.message:
            lines.append(f"! {self.message}")
        return "\n".join(lines)


# --- a game against bots ----------------------------------------------------------------------


class CorinthoApp(w.VBox):
    """Play Corintho: the board, whose turn it is in words, seats human or bot, New game and Undo.

    The game in progress is a ``corinth.shared.table.Table`` (``app.table``: the seats, the bots'
    turns, undo and the move log), as ``GameApp``'s is for Corinth; this app draws it.

    ``seats`` is one name per player: ``"human"`` or a bot of ``corinth.corintho.bots`` (``random``,
    ``greedy``, ``search``); the bots answer at once after a learner's move. ``seed`` seeds the bots
    (a game is replayed exactly); ``depth`` is the search bot's. With ``keep`` (a lesson's game),
    the game's moves are kept in the learner's browser under that name, as ``GameApp``'s are, and a
    reload of the page replays them through the rules.

    >>> app = CorinthoApp(seats=("human", "greedy"))
    >>> app.play("base b2")
    True
    >>> len(app.game.history), app.game.current_player
    (2, 0)
    >>> app.undo(); len(app.game.history)
    0
    """

    def __init__(
        self,
        seats: Sequence[str] = (HUMAN, "greedy"),
        seed: int = 0,
        game: Game | None = None,
        depth: int = 2,
        keep: str = "",
    ):
        seats = [str(s).lower() for s in seats]
        if not 2 <= len(seats) <= 4:
            raise ValueError("Corintho is for 2, 3 or 4 players: give one seat each")
        for s in seats:
            if s != HUMAN and s not in BOTS:
                raise ValueError(f"no seat {s!r}: a seat is 'human' or one of {', '.join(BOTS)}")
        if game is not None and game.players != len(seats):
            raise ValueError(f"the game has {game.players} players but {len(seats)} seats")
        self.seats, self.seed, self.depth = seats, seed, depth
        self.start = game if game is not None else new_game(len(seats))
        self.table = Table(CorinthoGame(depth), seed=seed, state=self.start, seats=seats)
        names = [
            player_words(i + 1) if s == HUMAN else bot_seat_words(i + 1, s)
            for i, s in enumerate(seats)
        ]
        self.board = CorinthoBoard(self.start, names=names)
        self.output = self.board.output
        self.status = w.HTML()
        self.last = w.HTML()
        self.new_game_button = w.Button(description=_("New game"), icon="refresh")
        self.undo_button = w.Button(description=_("Undo"), icon="undo")
        self.new_game_button.on_click(lambda _b: self._run(self.new_game))
        self.undo_button.on_click(lambda _b: self._run(self.undo))
        self.board.on_move(self._moved)
        # ``keep``: the moves kept in the learner's browser under this name, for this game only.
        self.keeper = GameKeeper(key=keep, signature=self._signature()) if keep else None
        super().__init__(
            [
                self.status,
                self.board,
                self.last,
                w.HBox([self.new_game_button, self.undo_button]),
                self.output,
                *([self.keeper] if self.keeper is not None else []),
            ]
        )
        self.add_class("corinth-corintho-app")
        if self.keeper is not None:
            self.keeper.on_restore(self._restore)
        said = self._bots_play()
        self.last.value = f"<span role='status'>{' '.join(said)}</span>" if said else ""
        self._refresh()

    def _signature(self) -> str:
        """Which game kept moves belong to: the seats, the bots' seed and depth, the start."""
        start = " ".join(self.start.history)
        return f"corintho/{','.join(self.seats)}/{self.seed}/{self.depth}/{start}"

    def _restore(self, moves: list[str]) -> None:
        """The game the browser kept: replayed from this app's start, move by move through the
        rules; any move the rules refuse leaves the game as it is.

        >>> app = CorinthoApp(seats=("human", "greedy"), keep="lesson")
        >>> app._restore(["base b2", "base c3"]); app.game.history, app.keeper.moves
        (('base b2', 'base c3'), ['base b2', 'base c3'])
        >>> app._restore(["base b2", "base b2"]); len(app.game.history)  # refused: kept as it was
        2
        >>> app.new_game(); app.game.history, app.keeper.moves
        ((), [])
        """
        state = self.start
        try:
            for text in moves[len(self.start.history) :]:
                state = state.apply(text)
        except (CorinthoError, ValueError):
            return
        self.table = Table(CorinthoGame(self.depth), seed=self.seed, state=state, seats=self.seats)
        self.table.first = self.table.game.wrap(self.start)  # "New game" goes back to the start
        self.board.game = state
        self.board.clear()
        said = self._bots_play()
        self.last.value = f"<span role='status'>{' '.join(said)}</span>" if said else ""
        self._refresh()

    @property
    def game(self) -> Game:
        """The game as it stands (the table's)."""
        return self.table.state

    def play(self, move: Place | Shift | str) -> bool:
        """Play the learner's move (as a click would); the bots answer. False if refused."""
        if self.table.position.is_over() or not self.table.humans_turn:
            self.board.refuse(
                _("the game is over ({rule})").format(rule=self.game.win_rule)
                if self.game.is_over
                else _("it is a bot's turn (T1)")
            )
            return False
        return self.board.play(move)

    def _moved(self, move: str, before: Game, after: Game) -> None:
        """The board played a learner's move: the table takes it, then the bots answer."""
        self.table.play(move)
        said = [said_html(before, move)]
        said += self._bots_play()
        self.last.value = f"<span role='status'>{' '.join(said)}</span>"
        self._refresh()

    def _bots_play(self) -> list[str]:
        """The table's bots play until a human is to move (or the game ends); their moves as
        sentences."""
        said, before = [], self.game
        for after in self.table.bots_play():
            move = self.table.log[-1].notation
            said.append(said_html(before, move))
            self.board.announce = (
                f"{move_words(before, move)}. {status_words(after, self.board.names)}."
            )
            before = after
        self.board.game = self.game
        return said

    def new_game(self) -> None:
        """Start again from the first position (the bots with new seeds)."""
        self.table.restart()
        self.board.game = self.game
        said = self._bots_play()
        self.last.value = f"<span role='status'>{' '.join(said)}</span>" if said else ""
        self._refresh()

    def undo(self) -> None:
        """Take back the learner's last move and the bots' answers to it."""
        if not self.table.undo():
            self.board.refuse(_("there is no move of yours to take back"))
            return
        self.board.game = self.game
        self.last.value = ""
        self._refresh()

    def _run(self, action: Callable[[], None]) -> None:
        with self.output:
            action()

    def _refresh(self) -> None:
        game = self.game
        if self.keeper is not None:
            self.keeper.moves = list(game.history)
        self.board.interactive = not self.table.position.is_over() and self.table.humans_turn
        self.undo_button.disabled = not self.table.can_undo
        words = status_words(game, self.board.names)
        self.status.value = f"<b role='status'>{words_html(words)}</b>"

    def __repr__(self) -> str:
        moves = " | ".join(self.game.history[-12:])
        said = _("Moves: {moves}").format(moves=moves) if moves else _("Moves: none yet")
        return "\n".join([repr(self.board), said])


# --- a puzzle ---------------------------------------------------------------------------------


class CorinthoPuzzleBoard(GamePuzzle, Reports, w.VBox):
    """A Corintho puzzle (``corinth.corintho.puzzles.CorinthoPuzzle``: ``id``, ``kind``,
    ``question``, ``game``, ``answers``, ``hints``, ``explanation``): the learner plays a move by
    clicks; a right one is "Solved" with the explanation, a wrong one is answered with what it leads
    to (the exact search, ``depth`` moves of both players deep) and the board goes back to the
    puzzle. "Hint" climbs the puzzle's hints; "Show the answer" shows a right move.
    """

    again = N_("Play it again if you like.")

    def __init__(self, puzzle: Any, depth: int = 3):
        self._start(puzzle)
        self.depth = depth
        self.position: Game = puzzle.game
        self.answers = frozenset(str(parse(a)) for a in puzzle.answers)
        self._ranking: list | None = None
        self.board = CorinthoBoard(self.position)
        self.output = self.board.output
        self.question = w.HTML(
            f"<b>{html.escape(_(puzzle.kind.capitalize()))}.</b> {html.escape(_(puzzle.question))}"
        )
        buttons = self._controls()
        self.board.on_move(self._moved)
        super().__init__(
            [self.question, self.board, self.result, buttons, self.hint_list, self.output]
        )
        self.add_class("corinth-corintho-puzzle")

    def answer(self, move: Place | Shift | str) -> bool | None:
        """Play ``move`` from the puzzle's position as the clicks would: True if it is a right
        move, False if not, None if it is illegal (refused with its rule)."""
        self.try_again()
        if not self.board.play(move):
            said = _("Not a legal move here: {why}").format(why=words_html(self.board.message))
            self.result.value = f"<span role='status'>{said}</span>"
            return None
        return self.solved

    def _moved(self, move: str, before: Game, after: Game) -> None:
        self.last = move
        said = said_html(before, move)
        judge = getattr(self.puzzle, "verdict", None)  # the puzzle's own verdict, when it has one
        if judge(move).right if judge is not None else move in self.answers:
            self.solved = True
            self.board.interactive = False
            self._settled(True)
            solved = html.escape(_("Solved!"))
            self.result.value = (
                f"<span role='status'><b>{solved}</b> {said} "
                f"{words_html(_(self.puzzle.explanation))}</span>"
            )
            for callback in self._on_solved:
                callback()
            self._tell("check", move_words(before, parse(move)), True)  # told to a class's teacher
            return
        self.wrong_tries += 1
        why = self.why_wrong(before, parse(move), after)
        self.board.game = self.position  # the puzzle again, for another try
        back = _("The board is back at the puzzle: try again, or ask for a hint.")
        wrong = html.escape(_("Not this one."))
        self.result.value = (
            f"<span role='status'><b>{wrong}</b> {said} "
            f"{words_html(why)} {html.escape(back)}</span>"
        )
        for callback in self._on_wrong:
            callback()
        self._tell("check", move_words(before, parse(move)), False)

    def why_wrong(self, game: Game, move: Place | Shift, after: Game | None = None) -> str:
        """Why a move is not an answer, in words, from the exact search ``depth`` moves deep."""
        after = after if after is not None else game.apply(move)
        me = game.current_player
        if after.is_over:
            if after.winner == me:  # a win, but not the one asked for (e.g. not the quickest)
                return _("It wins, but it is not the move this puzzle asks for.")
            return _("It loses at once: player {n} wins.").format(n=after.winner + 1)
        if game.players != 2:
            return _("It is not one of the answers.")
        ranked = self.ranking() if game == self.position else rank_moves(game, depth=self.depth)
        mine = next((r for r in ranked if str(r.move) == str(move)), None)
        other = after.current_player
        if mine is not None and mine.outcome == "loss":  # the other player wins from there
            replies = rank_moves(after, depth=max(1, mine.plies - 1))
            return _("This move {outcome}: player {n} answers, for instance: {move}.").format(
                outcome=mine.words(), n=other + 1, move=move_words(after, replies[0].move)
            )
        if mine is not None and mine.outcome == "win":
            return _("It {outcome}, but not in the way or as fast as the puzzle asks.").format(
                outcome=mine.words()
            )
        draw = mine is not None and mine.outcome == "draw"
        if draw:
            outcome = _("it leads to a draw by repetition at best")
        else:
            outcome = _("it does not win within {n} moves of both players").format(n=self.depth)
        if game.claim is not None and game.claim[0] != me:
            return _("It undoes player {n}'s claimed line (W5), but {outcome}.").format(
                n=game.claim[0] + 1, outcome=outcome
            )
        if after.claim is not None and after.claim[0] == me:
            return _(
                "It claims a line, but player {n} may answer it: undo it (W5) or extend it to "
                "four (W4); {outcome}."
            ).format(n=other + 1, outcome=outcome)
        if draw:
            return _("It leads to a draw by repetition at best.")
        return _("It does not win within {n} moves of both players.").format(n=self.depth)

    def ranking(self) -> list:
        """Every legal move of the puzzle ranked by the exact search, ``depth`` moves deep, best
        first (``corinth.corintho.solve.rank_moves``; computed once, at the first wrong move)."""
        if self._ranking is None:
            self._ranking = rank_moves(self.position, depth=self.depth)
        return self._ranking

    def show_hint(self) -> str:
        """The next hint of the puzzle's ladder (general to specific); return it."""
        ladder = [_(hint) for hint in self.puzzle.hints]
        if not ladder:
            return ""
        if self.hints_shown < len(ladder):
            self.hints_shown += 1
            self._tell("hint")
        self.hint_list.value = hint_ladder_html(ladder, self.hints_shown, self.hint_button)
        return ladder[self.hints_shown - 1]

    def reveal(self) -> str:
        """Show a right move with the explanation ("Show the answer"); return its notation."""
        self.revealed = True
        best = sorted(self.answers)[0]
        others = len(self.answers) - 1
        more = " " + _("Other right moves: {n}.").format(n=others) if others else ""
        answer = html.escape(_("Answer:"))
        self.result.value = (
            f"<span role='status'><b>{answer}</b> "
            f"{said_html(self.position, best)}{more} "
            f"{words_html(_(self.puzzle.explanation))}</span>"
        )
        self._tell("shown")
        return best

    def try_again(self) -> None:
        """The puzzle's position again, to play."""
        self.solved = False
        self.board.game = self.position
        self.board.interactive = True
        self._settled(False)
        self.result.value = ""


__all__ = [
    "CorinthoApp",
    "CorinthoBoard",
    "CorinthoPuzzleBoard",
    "line_words",
    "move_words",
    "status_words",
    "winning_line",
]


class CorinthoLiveBoard(w.VBox):
    """A position on a live board, with "Start again", which puts the position back after the
    learner's tries (a lesson's position to try moves on).

    >>> from corinth.corintho import new_game
    >>> live = CorinthoLiveBoard(new_game(2).apply("base c2"))
    >>> live.board.play("column c2"), live.board.game.top("c2")
    (True, 'column')
    >>> live.start_again(); live.board.game.top("c2")
    'base'
    """

    def __init__(self, game: Game):
        self.start = game
        self.board = CorinthoBoard(game)
        self.again = w.Button(description=_("Start again"), icon="undo")
        self.again.on_click(lambda _b: self.start_again())
        super().__init__([self.board, self.again, self.board.output])

    def start_again(self) -> None:
        self.board.game = self.start

    def __repr__(self) -> str:
        return repr(self.board)


@functools.cache  # each board and the trainer would load and check the whole set again
def corintho_puzzles() -> tuple:
    """Corintho's stored puzzles, each checked by the exact search as they load (once per kernel).

    >>> corintho_puzzles()[0].id
    'w1-01'
    """
    from corinth.corintho.puzzles import load_puzzles

    return tuple(load_puzzles())
