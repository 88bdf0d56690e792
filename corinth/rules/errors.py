"""The engine's exceptions. Each message names the problem and, where one applies, the rule ID."""

from __future__ import annotations

from corinth.shared.errors import RuleRefusal
from corinth.shared.language import N_, _

MAX_SHOWN = 80  # characters of a bad input repeated in a message


def shown(value: object) -> str:
    """A bad input as a message repeats it: its repr, cut to its first ``MAX_SHOWN`` characters.

    >>> len(shown("x" * 1000)), shown("x" * 1000)[-2:]
    (81, 'x…')
    """
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the refusal it is part of
        text = f"<{type(value).__name__}>"
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


class CorinthError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalMove(RuleRefusal, CorinthError):
    """A move that the rules forbid in this state; the state is left untouched.

    >>> IllegalMove("A4d", "no steward path of 3 steps").rule
    'A4d'
    """


class InvalidNotation(CorinthError, ValueError):
    """Text that is not a move in Corinth's notation."""


class UnknownVariant(CorinthError, ValueError):
    """A rule variant name or a saved variant value that this corinth does not know."""


class _ProblemList(CorinthError, ValueError):
    """A file that fails validation; ``problems`` lists each problem with its location."""

    what = "file"

    def __init__(self, origin: str, problems: list[str]):
        self.origin = origin
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        message = {
            "game": N_("{origin} is not a valid Corinth game:\n{problems}"),
            "sheet": N_("{origin} is not a valid Corinth sheet:\n{problems}"),
            "puzzle set": N_("{origin} is not a valid Corinth puzzle set:\n{problems}"),
        }.get(self.what, "{origin} is not a valid Corinth " + self.what + ":\n{problems}")
        super().__init__(_(message).format(origin=origin, problems=lines))


class InvalidState(_ProblemList):
    """A saved game or state that fails validation; ``problems`` lists each one with its location."""

    what = "game"


class InvalidSheet(_ProblemList):
    """A sheet file that fails validation; ``problems`` lists each one with its location."""

    what = "sheet"


class InvalidPuzzle(_ProblemList):
    """A puzzle set that fails validation; ``problems`` lists each one with its location."""

    what = "puzzle set"
