"""``corinth corintho``: the second game from the terminal, with the same conventions as Corinth's
commands: ``play`` a game against bots (moves typed in notation or picked from a numbered list),
``show`` a saved game, ``solve`` it (every move ranked by the exact search)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from corinth.corintho import CorinthoError, from_json, new_game, to_json
from corinth.corintho.bots import BOTS, make_bot
from corinth.corintho.solve import rank_moves
from corinth.corintho.words import line_words, move_words
from corinth.rules.files import read_bounded

from .common import UserError

MAX_DEPTH = 6  # moves of both players: beyond it the search takes far too long on a laptop


def add_corintho(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "action",
        choices=("play", "show", "solve"),
        help="play against bots, show a saved game, or solve it",
    )
    p.add_argument("game", nargs="?", help="a saved Corintho game (JSON); play: carry it on")
    p.add_argument("--depth", type=int, default=3, help="moves of both players searched (1-6)")
    p.add_argument("--json", action="store_true", help="print the ranking as JSON")
    p.add_argument("--players", type=int, default=2, help="play: 2, 3 or 4 (default 2)")
    p.add_argument("--seat", type=int, default=1, help="play: your seat, from 1")
    p.add_argument(
        "--bots", default="greedy", help=f"play: the other seats' bots ({', '.join(BOTS)})"
    )
    p.add_argument("--seed", type=int, default=0, help="play: the bots' seed")
    p.add_argument("--save", help="play: write the game here when you quit or it ends")


def _load(path: str):
    try:
        return from_json(read_bounded(path, 200_000))
    except OSError as exc:
        raise UserError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    except CorinthoError as exc:
        raise UserError(f"{path} is not a valid Corintho game: {exc}") from None


def run_corintho(
    args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> int:
    if args.action == "play":
        return _play(args, ask, say)
    if args.game is None:
        raise UserError(f"corintho {args.action}: give a saved game (JSON)")
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


SHOWN = 20  # moves listed by number; the others are typed in notation
HELP = (
    "Type a move's number or its notation (base a1, column b2, a1-a2), 'undo', 'board' or 'quit'."
)


def _play(args: argparse.Namespace, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """A game in the terminal: the human in seat ``--seat``, a bot in every other seat."""
    try:
        game = _load(args.game) if args.game else new_game(args.players)
    except CorinthoError as exc:
        raise UserError(str(exc)) from None
    if not 1 <= args.seat <= game.players:
        raise UserError(f"--seat must be 1 to {game.players}")
    human = args.seat - 1
    names = args.bots.split(",")
    try:
        bots = {
            seat: make_bot(names[k % len(names)], args.seed + seat)
            for k, seat in enumerate(s for s in range(game.players) if s != human)
        }
    except ValueError as exc:
        raise UserError(str(exc)) from None
    say(f"You are Player {args.seat}. {HELP}")
    undo: list = []  # the positions before each of the human's moves
    try:
        while not game.is_over:
            if game.current_player != human:
                move = bots[game.current_player].choose(game)
                say(f"  {move_words(game, move)}.")
                game = game.apply(move)
                continue
            say("")
            say(game.text())
            moves = game.legal_moves()
            if not moves:  # E1: a player without a legal move has lost
                say("You have no legal move: you have lost (E1).")
                break
            for i, move in enumerate(moves[:SHOWN], 1):
                say(f"  [{i}] {move_words(game, move)}  ({move})")
            if len(moves) > SHOWN:
                say(f"  … and {len(moves) - SHOWN} more: type one in notation")
            text = ask("Your move: ").strip()
            if text in ("quit", "q", "exit"):
                break
            if text == "undo":
                if undo:
                    game = undo.pop()
                    say("Taken back: your last move and the bots' answers.")
                else:
                    say("Nothing to undo.")
                continue
            if not text:
                say(HELP)
                continue
            if text == "board":  # drawn again at the top of the loop
                continue
            chosen = (
                moves[int(text) - 1] if text.isdigit() and 1 <= int(text) <= len(moves) else text
            )
            try:
                after = game.apply(chosen)
            except CorinthoError as exc:
                say(f"Not allowed: {str(exc)[:200]}. {HELP}")
                continue
            say(f"  {move_words(game, chosen)}.")
            undo.append(game)
            game = after
    except (EOFError, KeyboardInterrupt):
        say("")
    if game.is_over:
        say(game.text())
        line = game.alignments()
        how = f": {line_words(game, line[0])}" if line else ""
        say(f"Player {game.winner + 1} won{how}.")
    if args.save:
        Path(args.save).write_text(to_json(game), encoding="utf-8")
        say(f"Saved to {args.save}.")
    return 0


CORINTHO_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    "corintho": (
        "Corintho, the second game: play against bots, show or solve a saved game",
        add_corintho,
        run_corintho,
    ),
}
