"""``corinth play``: a game against bots in a terminal, through the same ``Table`` as the notebooks'
GameApp. Moves are picked from a numbered list or typed in notation."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from corinth.rules import CorinthError, GameState, Variants
from corinth.solver import rank_moves
from corinth.table import Table

from .common import UserError, load_game

SHOWN = 20  # moves listed by number; the others are typed in notation
HELP = "Type a move's number or its notation; 'undo', 'hint', 'board', 'save FILE' or 'quit'."


def add_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=2, help="2, 3 or 4 (default 2)")
    p.add_argument(
        "--seed", type=int, default=0, help="the game's seed: the same seed, the same dice"
    )
    p.add_argument("--seat", type=int, default=1, help="your seat, 1 to the number of players")
    p.add_argument(
        "--bots", default="greedy", help="bot names for the other seats, e.g. greedy,random"
    )
    p.add_argument("--variant", action="append", default=[], help="a rule variant (repeatable)")
    p.add_argument("--load", help="carry on a saved game (JSON)")
    p.add_argument("--save", help="write the game here when you quit or it ends")


def run_play(
    args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> int:
    state = load_game(args.load) if args.load else None
    players = state.num_players if state else args.players
    if not 1 <= args.seat <= players:
        raise UserError(f"--seat must be 1 to {players}")
    try:
        table = Table(
            players=players,
            seed=args.seed,
            human=args.seat - 1,
            bots=args.bots.split(","),
            state=state,
            variants=Variants.of(args.variant),
        )
    except (CorinthError, ValueError) as exc:
        raise UserError(str(exc)) from None
    say(f"You are Player {table.human + 1}. {HELP}")
    try:
        _play(table, ask, say)
    except (EOFError, KeyboardInterrupt):
        say("")
    if args.save:
        Path(args.save).write_text(table.state.to_json(), encoding="utf-8")
        say(f"Saved to {args.save}.")
    return 0


def _play(table: Table, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    shown = len(table.log)
    while True:
        for _ in table.bots_play():
            pass
        for line in table.log[shown:]:
            say(f"  {line.number}. {line.words}")
        shown = len(table.log)
        state = table.state
        if state.is_over:
            _final(table, say)
            return
        say("")
        say(state.text(table.human))
        say(table.headline())
        moves = state.legal_moves()
        for i, move in enumerate(moves[:SHOWN], 1):
            say(f"  [{i}] {move.describe(state)}  ({move})")
        if len(moves) > SHOWN:
            say(f"  … and {len(moves) - SHOWN} more: type one in notation")
        while not _answer(table, moves, ask("Your move: ").strip(), say):
            pass
        shown = min(shown, len(table.log))  # an undo shortens the log


def _answer(table: Table, moves: list, text: str, say: Callable[[str], None]) -> bool:
    """Act on one line typed; True when the game moved on (a move played or undone)."""
    if text in ("quit", "q", "exit"):
        raise EOFError
    if text == "undo":
        if table.undo():
            say("Taken back: your last move and the bots' answers.")
            return True
        say("Nothing to undo.")
        return False
    if text == "board":
        say(table.state.text())
        return False
    if text == "hint":
        best = rank_moves(table.state, "immediate", top=3)
        for r in best:
            points = "1 point" if r.value == 1 else f"{r.value:.0f} points"
            say(f"  {r.rank}. {r.move}: {points} now. {r.explanation}")
        return False
    if text.startswith("save "):
        Path(text[5:].strip()).write_text(table.state.to_json(), encoding="utf-8")
        say(f"Saved to {text[5:].strip()}.")
        return False
    move = moves[int(text) - 1] if text.isdigit() and 1 <= int(text) <= len(moves) else text
    if not move:
        say(HELP)
        return False
    try:
        table.play(move)
    except CorinthError as exc:
        say(f"Not allowed: {str(exc)[:200]}. {HELP}")
        return False
    return True


def _final(table: Table, say: Callable[[str], None]) -> None:
    state: GameState = table.state
    say("")
    say(state.text())
    for i in range(state.num_players):
        say(f"{table.player_name(i)}: {state.score(i)} points")
    say(table.headline())


PLAY_COMMANDS = {
    "play": ("play a game against bots in this terminal", add_play, run_play),
}
