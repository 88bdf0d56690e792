"""``corinth corintho play|show|solve``: the name Corintho's commands had before every game shared
them; it stays as an alias of ``corinth play|show|solve --game corintho``."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from corinth.shared.language import N_, _

from .common import UserError
from .playing import MAX_DEPTH, add_seats, run_play, show_game, solve_game

__all__ = ["MAX_DEPTH", "run_corintho"]


def add_corintho(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "action",
        choices=("play", "show", "solve"),
        help=_("play against bots, show a saved game, or solve it"),
    )
    p.add_argument("game", nargs="?", help=_("a saved Corintho game (JSON); play: carry it on"))
    p.add_argument("--depth", type=int, default=3, help=_("moves of both players searched (1-6)"))
    p.add_argument("--json", action="store_true", help=_("print the ranking as JSON"))
    p.add_argument("--moves", action="store_true", help=_("show: also list the moves played"))
    add_seats(p)


def run_corintho(
    args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> int:
    args = argparse.Namespace(**{**vars(args), "which": "corintho"})
    if args.action == "play":
        args.load, args.variant = args.game, []
        return run_play(args, ask, say)
    if args.game is None:
        raise UserError(_("corintho {action}: give a saved game (JSON)").format(action=args.action))
    return show_game(args) if args.action == "show" else solve_game(args)


CORINTHO_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    "corintho": (
        N_("Corintho's commands by their old name: the same as play|show|solve --game corintho"),
        add_corintho,
        run_corintho,
    ),
}
