"""The ``corinth`` command line. ``corinth --help`` lists every command.

The commands live in two modules, ``games`` (simulate, show, rules) and ``solving`` (solve, route, bench);
each is a pair ``add_<name>(parser)`` / ``run_<name>(args)``. ``COMMANDS`` lists them in the order
``--help`` shows them. Library code raises the library's errors; only this package turns them into
messages and exit codes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from .common import EXIT_BAD_INPUT, UserError, load_game
from .games import GAME_COMMANDS, format_simulation, game_seed, simulate
from .solving import SOLVER_COMMANDS, format_ranking, parse_faces

__all__ = [
    "COMMANDS",
    "EXIT_BAD_INPUT",
    "UserError",
    "build_parser",
    "format_ranking",
    "format_simulation",
    "game_seed",
    "load_game",
    "main",
    "parse_faces",
    "simulate",
]

COMMANDS: dict[str, tuple[str, Callable, Callable]] = {**GAME_COMMANDS, **SOLVER_COMMANDS}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="corinth",
        description="Corinth: rules engine, solver and tutorials for the dice game.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for name, (help_text, add, _) in COMMANDS.items():
        add(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return COMMANDS[args.command][2](args)
    except UserError as exc:
        print(f"corinth {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into a pager or head that stopped reading
        sys.stderr.close()
        return 0
