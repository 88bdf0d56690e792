"""The engine's exceptions. Each message names the problem and, where one applies, the rule ID."""

from __future__ import annotations


class CorinthError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalMove(CorinthError, ValueError):
    """A move that the rules forbid in this state; the state is left untouched.

    >>> IllegalMove("A4d", "no steward path of 3 steps").rule
    'A4d'
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} ({rule})" if rule else message)


class InvalidNotation(CorinthError, ValueError):
    """Text that is not a move in Corinth's notation."""


class _ProblemList(CorinthError, ValueError):
    """A file that fails validation; ``problems`` lists each problem with its location."""

    what = "file"

    def __init__(self, origin: str, problems: list[str]):
        self.origin = origin
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{origin} is not a valid Corinth {self.what}:\n{lines}")


class InvalidState(_ProblemList):
    """A saved game or state that fails validation; ``problems`` lists each one with its location."""

    what = "game"


class InvalidSheet(_ProblemList):
    """A sheet file that fails validation; ``problems`` lists each one with its location."""

    what = "sheet"
