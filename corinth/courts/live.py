"""The Four Courts' "which card now?" puzzles put in front of a whole class
(``corinth.shared.protocol.LivePuzzles``), from one seat's view only: every card in hand with its
Court, ranked by the points the seat can expect (exactly, over every deal of the unseen cards), and
the table as that seat sees it.

The classroom finds ``LIVE`` and ``picture`` by the game's name (``corinth.shared.registry``) and
imports nothing of The Four Courts. No saved game becomes a live puzzle (``saves`` is empty): a
saved game holds every hand, and a class would see them.

>>> live = LIVE.puzzle("round-01")
>>> live.title, live.ranking[0]["best"], live.choices[0]["words"].startswith("Lay ")
('which card now', True, True)
>>> picture(live.position).startswith("<table class='courts-view'>")
True
"""

from __future__ import annotations

import html
from functools import cache

from corinth.shared.protocol import LivePosition, NotLive

from .cards import CARDS, COURTS, SEATS, SUITS
from .game import Observation
from .puzzles import CourtsPuzzle, load_puzzles, rank_choices


@cache
def _stored() -> dict[str, CourtsPuzzle]:
    return {p.id: p for p in load_puzzles()}


def _end(kind: str) -> str:
    return "the end of the round" if kind == "round" else "the end of the deal"


class CourtsLive:
    """The Four Courts' stored puzzles, for a class."""

    saves = ""  # no saved game: it holds every seat's hand

    def catalogue(self) -> list[tuple[str, str]]:
        """Every stored puzzle, as (id, "which card now, to the end of …").

        >>> LIVE.catalogue()[0]
        ('round-01', 'which card now, to the end of the round')
        """
        return [(p.id, f"which card now, to {_end(p.kind)}") for p in _stored().values()]

    def puzzle(self, puzzle_id: str) -> LivePosition | None:
        """The stored puzzle ``puzzle_id`` from its seat's view; None for no such puzzle."""
        puzzle = _stored().get(puzzle_id)
        if puzzle is None:
            return None
        view = puzzle.view
        ranking = tuple(
            {
                "move": ch.answer,
                "words": f"Lay {CARDS[ch.card].describe()} beside the "
                f"{COURTS[ch.court].capitalize()}.",
                "verdict": f"about {ch.mean:.1f} points at {_end(puzzle.kind)}",
                "best": ch.answer in puzzle.answers,
            }
            for ch in rank_choices(view, puzzle.kind).choices
        )
        choices = tuple({"move": r["move"], "words": r["words"]} for r in ranking)
        return LivePosition(
            "which card now", puzzle.question, view, choices, ranking, puzzle.explanation
        )

    def from_saved(self, text: str) -> LivePosition:
        """Refused: a saved game of The Four Courts shows every hand.

        >>> LIVE.from_saved("{}")
        Traceback (most recent call last):
        ...
        corinth.shared.protocol.NotLive: a saved game of The Four Courts holds every hand: ...
        """
        raise NotLive(
            "a saved game of The Four Courts holds every hand: put one of its puzzles in front "
            "of the class instead"
        )


def picture(view: Observation) -> str:
    """One seat's view as a small table: each Court with its tokens and every seat's cards beside
    it (other hands are never shown), then the seat's own hand and the bonus colours.

    >>> "Your hand: " in picture(LIVE.puzzle("round-01").position)
    True
    """
    esc = html.escape
    head = "".join(f"<th scope='col'>{esc(SEATS[s])}</th>" for s in range(view.players))
    rows = []
    for c, court in enumerate(COURTS):
        tokens = ", ".join(SUITS[t] for t in view.court_tokens[c]) or "none"
        cells = "".join(
            "<td>" + (", ".join(esc(CARDS[k].name) for k in view.sides[c][s]) or "—") + "</td>"
            for s in range(view.players)
        )
        rows.append(
            f"<tr><th scope='row'>The {esc(court.capitalize())} ({esc(tokens)})</th>{cells}</tr>"
        )
    hand = ", ".join(esc(CARDS[k].describe()) for k in view.hand)
    bonus = ", ".join(SUITS[b] for b in view.bonus)
    return (
        "<table class='courts-view'><caption>The table as "
        f"{esc(SEATS[view.seat])} sees it</caption><thead><tr><th scope='col'>Court (its tokens)</th>"
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p>Your hand: {hand}.</p><p>Bonus colours: {esc(bonus)}.</p>"
    )


LIVE = CourtsLive()
