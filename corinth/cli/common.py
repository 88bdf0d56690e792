"""What every command shares: the input error that ends a command with one clear message, and loading a
saved game."""

from __future__ import annotations

from pathlib import Path

from corinth.rules import CorinthError, GameState, InvalidState
from corinth.shared.language import _

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
            _("{origin} is not a valid Corinth game: {problems}").format(
                origin=exc.origin, problems="; ".join(exc.problems)
            )
        ) from None
    except CorinthError as exc:
        raise UserError(str(exc)) from None


# --- what a player types, and where a game is saved ----------------------------------------------

MAX_NUMBER_DIGITS = 6  # a move's number in a list: more digits is not a number someone meant
MAX_LINE = 300  # a move in notation is a few dozen characters; a longer line is refused unread


def read_number(text: str, lo: int, hi: int) -> int | None:
    """A number typed at a prompt: a short plain ASCII decimal from ``lo`` to ``hi``, or None when
    ``text`` is not written as one (it may then be a move's notation). A number out of range is a
    ``UserInput`` error saying the range. The one parser of every play command's numbers.

    >>> read_number("12", 1, 20), read_number("base a1", 1, 20), read_number("²", 1, 20)
    (12, None, None)
    >>> read_number("99", 1, 20)
    Traceback (most recent call last):
    ...
    corinth.cli.common.UserInput: there is no move 99 in the list: type a number from 1 to 20
    """
    if not (text.isascii() and text.isdigit()):  # '²', '①', '٣' are digits to str.isdigit alone
        return None
    if len(text) > MAX_NUMBER_DIGITS:
        raise UserInput(
            _("{digits} digits is not a move's number: type a number from {lo} to {hi}").format(
                digits=len(text), lo=lo, hi=hi
            )
        )
    number = int(text)
    if not lo <= number <= hi:
        raise UserInput(
            _("there is no move {n} in the list: type a number from {lo} to {hi}").format(
                n=number, lo=lo, hi=hi
            )
        )
    return number


class UserInput(ValueError):
    """A line typed at a prompt that cannot be used: a sentence saying why; the prompt comes again."""


def clean_line(text: str) -> str:
    """A typed line made safe to read: refused (``UserInput``) when too long or holding control
    characters; stripped of the spaces around it.

    >>> clean_line("  base a1 ")
    'base a1'
    >>> clean_line("base\\x1b[2Ja1")
    Traceback (most recent call last):
    ...
    corinth.cli.common.UserInput: the line holds a control character (U+001B): type a move, or 'help'
    """
    if not isinstance(text, str):
        raise UserInput(_("type a move, or 'help'"))
    if len(text) > MAX_LINE:
        raise UserInput(
            _("a line of {n} characters is not a move: type a move, or 'help'").format(
                n=f"{len(text):,}"
            )
        )
    for ch in text:
        if not ch.isprintable() and ch not in " \t\r\n":
            raise UserInput(
                _("the line holds a control character ({code}): type a move, or 'help'").format(
                    code=f"U+{ord(ch):04X}"
                )
            )
    return text.strip()


def check_save_path(path: str) -> None:
    """Refuse at once a place a game cannot be saved to (a folder, a missing folder, a place that
    cannot be written), before the first move is played; ``UserError`` says why."""
    target = Path(path)
    if target.is_dir():
        raise UserError(
            _("--save {path}: that is a folder; give a file name to write the game to").format(
                path=path
            )
        )
    if not target.parent.is_dir():
        raise UserError(
            _("--save {path}: the folder {folder} does not exist").format(
                path=path, folder=target.parent
            )
        )
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise UserError(
            _("--save {path}: cannot write there: {reason}").format(
                path=path, reason=exc.strerror or exc
            )
        ) from None
    if not existed:
        target.unlink(missing_ok=True)  # only tried: the game writes it at the end


def write_save(path: str, text: str) -> str:
    """Write a saved game; the sentence to print, saying where it went or why it could not."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        return _("Could not save the game to {path}: {reason}.").format(
            path=path, reason=exc.strerror or exc
        )
    return _("Saved to {path}.").format(path=path)
