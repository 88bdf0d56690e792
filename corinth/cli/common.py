"""What every command shares: the input error that ends a command with one clear message, and loading a
saved game."""

from __future__ import annotations

from corinth.rules import CorinthError, GameState, InvalidState

EXIT_BAD_INPUT = 2


class UserError(Exception):
    """A problem with the command's input: printed as one clear message, exit code 2."""


def load_game(path: str) -> GameState:
    """Read a saved game for a command (at most ``save.MAX_BYTES`` of a file are read, and a named
    pipe or a device is refused, not read forever); every problem becomes a one-line UserError."""
    from corinth.rules.save import load

    try:
        return load(path)
    except InvalidState as exc:
        raise UserError(
            f"{exc.origin} is not a valid Corinth game: {'; '.join(exc.problems)}"
        ) from None
    except CorinthError as exc:
        raise UserError(str(exc)) from None
