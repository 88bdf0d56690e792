"""The ``corinth`` command line. ``corinth --help`` lists every command.

The commands live in three modules, ``games`` (simulate, show, rules), ``playing`` (play) and
``solving`` (solve, route, bench);
each is a pair ``add_<name>(parser)`` / ``run_<name>(args)``. ``COMMANDS`` lists them in the order
``--help`` shows them. Library code raises the library's errors; only this package turns them into
messages and exit codes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from corinth.shared.language import _

from .common import EXIT_BAD_INPUT, UserError, load_game
from .corintho import CORINTHO_COMMANDS
from .games import GAME_COMMANDS, format_simulation, simulate
from .playing import PLAY_COMMANDS
from .solving import SOLVER_COMMANDS, format_ranking, parse_faces

__all__ = [
    "COMMANDS",
    "EXIT_BAD_INPUT",
    "UserError",
    "build_parser",
    "format_ranking",
    "format_simulation",
    "load_game",
    "main",
    "parse_faces",
    "simulate",
]

COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    **GAME_COMMANDS,
    **PLAY_COMMANDS,
    **SOLVER_COMMANDS,
    **CORINTHO_COMMANDS,
}


class _Parser(argparse.ArgumentParser):
    """argparse, with a misused option reported in one line (``corinth simulate: …``) and exit 2."""

    def error(self, message: str):
        self.exit(
            EXIT_BAD_INPUT,
            _("{prog}: {message} (see '{prog} --help')").format(prog=self.prog, message=message)
            + "\n",
        )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="corinth",
        description=_("Corinth: rules engine, solver and tutorials for the dice game."),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))
    for name, (help_text, add, _run) in COMMANDS.items():
        add(sub.add_parser(name, help=_(help_text), description=_(help_text)))
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # a misused option (one line already printed); --help still exits
        if exc.code == EXIT_BAD_INPUT:
            return EXIT_BAD_INPUT
        raise
    if not args.command:
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return COMMANDS[args.command][2](args)
    except UserError as exc:
        print(
            _("corinth {command}: {reason}").format(command=args.command, reason=exc),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:  # Ctrl-C: the workers ignore it, so this is the one line printed
        print(_("corinth {command}: interrupted").format(command=args.command), file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a pager or head that stopped reading
        sys.stderr.close()
        return 0
