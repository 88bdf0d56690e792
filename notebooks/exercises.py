"""Exercise checkers for the tutorial notebooks.

Each exercise cell sets ``answer = None``; the checker then prints a hint. Replace ``None`` with your
answer and run the cell again: the checker prints "Correct" or explains why not.

>>> ex = Exercise(4, hint="Count the shops.", explain="Blue has four shops.")
>>> ex.check(None)
Hint: Count the shops.
>>> ex.check(4)
Correct! Blue has four shops.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from corinth import GameState, IllegalMove, InvalidNotation, Move


def _same(reply: Any, answer: Any) -> bool:
    if isinstance(answer, (Fraction, float)) and not isinstance(reply, bool):
        try:
            value = Fraction(reply) if isinstance(reply, (str, int, Fraction)) else reply
            return abs(float(value) - float(answer)) < 1e-9
        except (TypeError, ValueError, ZeroDivisionError):
            return False
    if isinstance(answer, str) and isinstance(reply, str):
        return " ".join(reply.lower().split()) == answer.lower()
    if isinstance(answer, (set, frozenset)):
        try:
            return {str(x).lower() for x in reply} == {str(x).lower() for x in answer}
        except TypeError:
            return False
    return reply == answer


class Exercise:
    """A question with one right answer.

    ``wrong`` maps a tempting wrong answer to the reason it is wrong, or is a function that returns the
    reason (or None) for any reply.
    """

    def __init__(
        self,
        answer: Any,
        hint: str,
        explain: str = "",
        wrong: dict | Callable[[Any], str | None] | None = None,
    ):
        self.answer = answer
        self.hint = hint
        self.explain = explain
        self.wrong = wrong or {}

    def feedback(self, reply: Any) -> str:
        if reply is None:
            return f"Hint: {self.hint}"
        if _same(reply, self.answer):
            return f"Correct! {self.explain}".rstrip()
        reason = None
        if callable(self.wrong):
            reason = self.wrong(reply)
        else:
            for key, text in self.wrong.items():
                if _same(reply, key):
                    reason = text
        return f"Not quite: {reply!r} is not it. {reason or self.hint}"

    def check(self, reply: Any) -> None:
        print(self.feedback(reply))


class MoveExercise:
    """Find a move in a position. Illegal moves are explained by the engine (with the rule's ID).

    ``accept`` (optional) tells which legal moves count as right when there is more than one.
    """

    def __init__(
        self,
        state: GameState,
        answer: str,
        hint: str,
        explain: str = "",
        accept: Callable[[Move], bool] | None = None,
    ):
        self.state = state
        self.answer = str(Move.parse(answer))
        self.hint = hint
        self.explain = explain
        self.accept = accept or (lambda move: str(move) == self.answer)

    def feedback(self, reply: Any) -> str:
        if reply is None:
            return f"Hint: {self.hint}"
        try:
            move = Move.parse(reply) if isinstance(reply, str) else reply
            self.state.apply(move)
        except (IllegalMove, InvalidNotation) as exc:
            return f"Not a legal move here: {exc}"
        if self.accept(move):
            return f"Correct! {move.describe(self.state)} {self.explain}".rstrip()
        return f"Legal, but not the one: {move.describe(self.state)} {self.hint}"

    def check(self, reply: Any) -> None:
        print(self.feedback(reply))


def play(state: GameState, *moves: str) -> GameState:
    """Apply moves in notation, one after another; a building offer (B1) in between is declined.

    >>> from corinth import new_game
    >>> play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456", "blue 3").phase
    'take'
    """
    for move in moves:
        if state.phase == "build" and not move.startswith("build"):
            state = state.apply("build none")
        if state.phase == "roll" and move == "buy 0":
            continue  # nothing to buy: the purvey step was skipped (R2)
        state = state.apply(move)
    return state
