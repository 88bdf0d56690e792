"""``corinth corintho``: the second game from the terminal, with the same conventions as Corinth's
commands: ``show`` a saved game, ``solve`` it (every move ranked by the exact search)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from corinth.corintho import CorinthoError, from_json
from corinth.corintho.solve import rank_moves
from corinth.rules.files import read_bounded

from .common import UserError

MAX_DEPTH = 6  # moves of both players: beyond it the search takes far too long on a laptop


def add_corintho(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=("show", "solve"), help="show a saved game, or solve it")
    p.add_argument("game", help="a saved Corintho game (JSON)")
    p.add_argument("--depth", type=int, default=3, help="moves of both players searched (1-6)")
    p.add_argument("--json", action="store_true", help="print the ranking as JSON")


def _load(path: str):
    try:
        return from_json(read_bounded(path, 200_000))
    except OSError as exc:
        raise UserError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    except CorinthoError as exc:
        raise UserError(f"{path} is not a valid Corintho game: {exc}") from None


def run_corintho(args: argparse.Namespace) -> int:
    game = _load(args.game)
    if args.action == "show":
        print(game.text())
        return 0
    if not 1 <= args.depth <= MAX_DEPTH:
        raise UserError(f"--depth must be from 1 to {MAX_DEPTH}, not {args.depth}")
    if game.players != 2:
        raise UserError(f"{args.game}: the exact search is for 2-player games")
    if game.is_over:
        raise UserError(f"{args.game}: the game is over")
    ranked = rank_moves(game, depth=args.depth)
    if args.json:
        rows = [{"move": str(r.move), "outcome": r.outcome, "moves": r.plies} for r in ranked]
        print(json.dumps({"player": game.current_player + 1, "depth": args.depth, "moves": rows}))
        return 0
    print(f"Player {game.current_player + 1} to play; searched {args.depth} moves deep:")
    for i, r in enumerate(ranked, 1):
        print(f"{i:3}. {str(r.move):<12} {r.words()}")
    return 0


CORINTHO_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    "corintho": (
        "Corintho, the second game: show or solve a saved game",
        add_corintho,
        run_corintho,
    ),
}
