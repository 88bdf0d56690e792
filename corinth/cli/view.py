"""What ``corinth play`` needs of a game, apart from the game: ``View`` (how one game is shown and
read at the terminal), and the two steps every game's view shares, seating a table and reading a
saved game. Each game's view (``playing.CorinthView``, ``courts.CourtsView``, ...) is built on it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from corinth.shared.language import N_, _
from corinth.shared.protocol import SIMULTANEOUS
from corinth.shared.table import LogLine, Table, seats_of

from .common import UserError


class View:
    """How ``corinth play`` shows one game: its board, its move list, its hint, its end."""

    notation = ""
    players = 2  # the players when --players is not given
    undone = N_(
        "Taken back: your last move and the bots' answers."
    )  # said, as _(undone), after an undo

    def table(self, args: argparse.Namespace, state: Any) -> Table:
        raise NotImplementedError

    def load(self, path: str) -> Any:
        raise NotImplementedError

    def board(self, table: Table) -> str:
        return table.position.text(table.human)

    def moves(self, table: Table) -> list:
        """The human's legal moves now (at a simultaneous node, its own seat's)."""
        position = table.position
        if position.current_player() == SIMULTANEOUS:
            return position.legal_moves(table.human)
        return position.legal_moves()

    def read(self, table: Table, text: str) -> Any:
        """A typed line as a move (a game's short notation made whole); the line itself else."""
        return text

    def lines(self, lines: list[LogLine]) -> list[str]:
        """The log's new lines as printed."""
        return [f"  {line.number}. {line.words}" for line in lines]

    def solve(self, args: argparse.Namespace) -> int:
        """``corinth solve FILE --game NAME``."""
        raise UserError(_("{game}: no solver to rank moves with").format(game=args.which))

    def groups(self, table: Table, moves: list) -> list[tuple[str, list]]:
        """The legal moves in groups, each with its heading ('' for one plain list)."""
        return [("", moves)]

    def hint(self, table: Table) -> list[str]:
        hint = table.hint(top=3)
        return hint.words or [hint.why_none]

    def final(self, table: Table) -> list[str]:
        return [table.position.text(), table.position.verdict() or _("The game is over.")]


def seated(
    game: Any,
    args: argparse.Namespace,
    state: Any,
    players: Any,
    who_plays: str,
    errors: Any,
    table: type[Table] = Table,
    variants: Any = None,
) -> Table:
    """The shared table (``table``, a game's own kind of it) of ``game`` for ``players`` with the
    human at ``--seat`` and ``--bots`` round the others; a bad option is one ``UserError`` sentence
    (``who_plays`` says the counts). ``args.seat`` None: a table to read a saved game at, every
    seat a bot that is never asked to play, so no seat's hidden cards are anyone's to see."""
    if isinstance(players, bool) or players not in game.players:
        raise UserError(
            _("{who_plays}, not {players}").format(who_plays=who_plays, players=players)
        )
    if args.seat is None:
        seats = [args.bots.split(",")[0]] * players
    elif not 1 <= args.seat <= players:
        raise UserError(_("--seat must be 1 to {players}").format(players=players))
    else:
        seats = seats_of(players, args.seat - 1, args.bots.split(","))
    try:
        return table(
            game, players=players, seed=args.seed, state=state, seats=seats, variants=variants
        )
    except (errors, ValueError) as exc:
        raise UserError(str(exc)) from None


def read_save(path: str, load: Callable[[bytes], Any], errors: Any, title: str) -> Any:
    """A saved game for a command: at most 200 kB of the file read (a pipe or a device refused),
    every problem one ``UserError`` sentence."""
    from corinth.rules.files import read_bounded

    try:
        return load(read_bounded(path, 200_000))
    except OSError as exc:
        raise UserError(
            _("{path}: cannot read the file: {reason}").format(
                path=path, reason=exc.strerror or exc
            )
        ) from None
    except errors as exc:
        raise UserError(
            _("{path} is not a valid {title} game: {reason}").format(
                path=path, title=title, reason=exc
            )
        ) from None
