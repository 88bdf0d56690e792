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
from corinth.shared.language import _, ngettext
from corinth.shared.protocol import LivePosition, NotLive

from .explain import decimals
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
            (
                p.id,
                _("{tier}: {title}").format(
                    tier=_(TIERS[p.tier]) if p.tier in TIERS else "", title=_(p.title)
                ),
            )
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
        how = " " + _("Click a group and its action, or draw a steward walk on the market.")
        question = puzzle.question(on_board=True).split("\n", 1)[-1].removesuffix(how)
        title = _(puzzle.title)
        if puzzle.objective == "immediate":
            return _now(puzzle.state, title, question, puzzle.answer, puzzle.kind)
        return _ranked(puzzle.state, title, question, _final_ranking(puzzle))

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
            raise NotLive(
                _("this saved game cannot be loaded: {reason}").format(reason=str(exc)[:200])
            ) from None
        if state.is_over or not state.legal_moves():
            raise NotLive(_("a live puzzle needs a position with a move to make"))
        question = _("Player {n} to play. Which move secures the most points now?").format(
            n=state.current_player + 1
        )
        return _now(state, _("Your position"), question, answer=None)


def _final_ranking(puzzle: Puzzle) -> list[dict]:
    """A puzzle of tiers 4 to 6: every candidate by its exact expected final score, or its chance
    to win, best first."""
    state, values = puzzle.state, puzzle.final_values
    win = puzzle.objective == "win"

    def verdict(v: float) -> str:
        if win:
            n = round(v * 100)
            return ngettext("wins about {n} games in 100", "wins about {n} games in 100", n).format(
                n=n
            )
        return _("about {points} points at the end").format(points=decimals(v, 1))

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
            "verdict": ngettext("secures {n} point now", "secures {n} points now", v).format(n=v),
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
    explanation = (
        _("Best: {move} It {verdict}.").format(move=best[0]["words"], verdict=best[0]["verdict"])
        if best
        else ""
    )
    return LivePosition(title, question, state, choices, tuple(ranking), explanation)


LIVE = CorinthLive()
