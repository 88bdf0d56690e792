"""Corinth's puzzles put in front of a whole class (``corinth.shared.protocol.LivePuzzles``): a
stored puzzle, or a position from a teacher's saved game, as a question, every move a student may
click (as a sentence) and the solver's ranking of them with each move's verdict.

The position is drawn by ``corinth.render.live.picture``, named beside ``LIVE`` in the registry: the
solver ranks and never draws, and the drawing never searches, so neither imports the other and the
classroom, asking by the game's name, imports neither.

>>> live = LIVE.puzzle("t1-01")
>>> live.ranking[0]["best"], {c["move"] for c in live.choices} == {r["move"] for r in live.ranking}
(True, True)
>>> live.explanation.startswith("Best: ") and "secures" in live.explanation
True
"""

from __future__ import annotations

from functools import cache

from corinth.rules import CorinthError, GameState, game_from_json
from corinth.rules.record import FORMAT
from corinth.shared.protocol import LivePosition, NotLive

from .puzzles import TIERS, Puzzle, candidates, immediate_ranking, load_puzzles


@cache
def _stored() -> dict[str, Puzzle]:
    return {p.id: p for p in load_puzzles()}


class CorinthLive:
    """Corinth's stored puzzles, and a position from its saved games, for a class."""

    saves = FORMAT

    def catalogue(self) -> list[tuple[str, str]]:
        """Every stored puzzle but those for the win, as (id, "tier: title").

        >>> LIVE.catalogue()[0][1].startswith("beginner: ")
        True
        """
        return [
            (p.id, f"{TIERS.get(p.tier, '')}: {p.title}")
            for p in _stored().values()
            # a puzzle for the win takes half a minute to rank every move: too long for a class
            if p.objective != "win"
        ]

    def puzzle(self, puzzle_id: str) -> LivePosition | None:
        """The stored puzzle ``puzzle_id`` ranked by its own objective: the points a move secures
        now, or its expected final score, or its chance to win; None for no such puzzle."""
        puzzle = _stored().get(puzzle_id)
        if puzzle is None:
            return None
        question = puzzle.question(on_board=True).split("\n", 1)[-1].split(" Click ")[0]
        if puzzle.objective == "immediate":
            return _now(puzzle.state, puzzle.title, question, puzzle.answer, puzzle.kind)
        return _ranked(puzzle.state, puzzle.title, question, _final_ranking(puzzle))

    def from_saved(self, text: str) -> LivePosition:
        """A position from a saved game: "which move secures the most points now?".

        >>> LIVE.from_saved("[1, 2]")
        Traceback (most recent call last):
        ...
        corinth.shared.protocol.NotLive: this saved game cannot be loaded: ...
        """
        try:
            state = game_from_json(text)
        except (ValueError, CorinthError) as exc:
            raise NotLive(f"this saved game cannot be loaded: {str(exc)[:200]}") from None
        if state.is_over or not state.legal_moves():
            raise NotLive("a live puzzle needs a position with a move to make")
        question = (
            f"Player {state.current_player + 1} to play. Which move secures the most points now?"
        )
        return _now(state, "Your position", question, answer=None)


def _final_ranking(puzzle: Puzzle) -> list[dict]:
    """A puzzle of tiers 4 to 6: every candidate by its exact expected final score, or its chance
    to win, best first."""
    state, values = puzzle.state, puzzle.final_values
    win = puzzle.objective == "win"

    def verdict(v: float) -> str:
        return (
            f"wins about {round(v * 100)} games in 100"
            if win
            else f"about {v:.1f} points at the end"
        )

    return [
        {
            "move": str(m),
            "words": m.describe(state),
            "verdict": verdict(values[str(m)]),
            "best": str(m) == puzzle.answer,
        }
        for m in sorted(candidates(state, puzzle.kind), key=lambda m: -values[str(m)])
    ]


def _now(state: GameState, title, question, answer, kind="move") -> LivePosition:
    """Every candidate by the points it secures now; the best is ``answer`` (None: every move
    securing the most)."""
    ranked = immediate_ranking(state, kind)
    top = ranked[0][1] if ranked else 0
    ranking = [
        {
            "move": str(m),
            "words": m.describe(state),
            "verdict": f"secures {v} point{'s' if v != 1 else ''} now",
            "best": str(m) == answer if answer is not None else v == top,
        }
        for m, v in ranked
    ]
    return _ranked(state, title, question, ranking)


def _ranked(state: GameState, title, question, ranking: list[dict]) -> LivePosition:
    """The live position of a ranking: the choices in notation order, the best move explained."""
    choices = tuple(
        {"move": r["move"], "words": r["words"]} for r in sorted(ranking, key=lambda r: r["move"])
    )
    best = [r for r in ranking if r["best"]]
    explanation = f"Best: {best[0]['words']} It {best[0]['verdict']}." if best else ""
    return LivePosition(title, question, state, choices, tuple(ranking), explanation)


LIVE = CorinthLive()
