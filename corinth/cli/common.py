"""What every command shares: the input error that ends a command with one clear message, and loading a
saved game."""

from __future__ import annotations

from pathlib import Path

from corinth.rules import CorinthError, GameState

EXIT_BAD_INPUT = 2


class UserError(Exception):
    """A problem with the command's input: printed as one clear message, exit code 2."""


def load_game(path: str) -> GameState:
    """Read a saved game for a command; every problem becomes a UserError."""
    try:
        text = Path(path).read_bytes()
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        from corinth.rules.save import from_json

        return from_json(text, origin=path)
    except CorinthError as exc:
        raise UserError(str(exc)) from None
