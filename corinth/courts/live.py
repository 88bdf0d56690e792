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

from corinth.shared.language import N_, _
from corinth.shared.protocol import LivePosition, NotLive

from .cards import CARDS, COURTS, card_name, court_word, decimal, seat_word, suit_word
from .game import Observation
from .puzzles import CourtsPuzzle, load_puzzles, rank_choices


@cache
def _stored() -> dict[str, CourtsPuzzle]:
    return {p.id: p for p in load_puzzles()}


# The live puzzle's title, translated where the class's pages show it.
TITLE = N_("which card now")
# The teacher's list: the kind of each stored puzzle.
LISTED = {
    "round": N_("which card now, to the end of the round"),
    "deal": N_("which card now, to the end of the deal"),
}
# A choice's result at the reveal.
EXPECTED = {
    "round": N_("about {points} points at the end of the round"),
    "deal": N_("about {points} points at the end of the deal"),
}


class CourtsLive:
    """The Four Courts' stored puzzles, for a class."""

    saves = ""  # no saved game: it holds every seat's hand

    def catalogue(self) -> list[tuple[str, str]]:
        """Every stored puzzle, as (id, "which card now, to the end of …").

        >>> LIVE.catalogue()[0]
        ('round-01', 'which card now, to the end of the round')
        """
        return [(p.id, _(LISTED[p.kind])) for p in _stored().values()]

    def puzzle(self, puzzle_id: str) -> LivePosition | None:
        """The stored puzzle ``puzzle_id`` from its seat's view; None for no such puzzle."""
        puzzle = _stored().get(puzzle_id)
        if puzzle is None:
            return None
        view = puzzle.view
        ranking = tuple(
            {
                "move": ch.answer,
                "words": _("Lay {card} beside the {court}.").format(
                    card=CARDS[ch.card].describe(), court=court_word(ch.court)
                ),
                "verdict": _(EXPECTED[puzzle.kind]).format(points=decimal(ch.mean, 1)),
                "best": ch.answer in puzzle.answers,
            }
            for ch in rank_choices(view, puzzle.kind).choices
        )
        choices = tuple({"move": r["move"], "words": r["words"]} for r in ranking)
        return LivePosition(TITLE, puzzle.question, view, choices, ranking, puzzle.explanation)

    def from_saved(self, text: str) -> LivePosition:
        """Refused: a saved game of The Four Courts shows every hand.

        >>> LIVE.from_saved("{}")
        Traceback (most recent call last):
        ...
        corinth.shared.protocol.NotLive: a saved game of The Four Courts holds every hand: ...
        """
        raise NotLive(
            _(
                "a saved game of The Four Courts holds every hand: put one of its puzzles in front "
                "of the class instead"
            )
        )


def picture(view: Observation) -> str:
    """One seat's view as a small table: each Court with its tokens and every seat's cards beside
    it (other hands are never shown), then the seat's own hand and the bonus colours.

    >>> "Your hand: " in picture(LIVE.puzzle("round-01").position)
    True
    """
    esc = html.escape
    head = "".join(f"<th scope='col'>{esc(seat_word(s))}</th>" for s in range(view.players))
    rows = []
    for c in range(len(COURTS)):
        tokens = ", ".join(suit_word(t) for t in view.court_tokens[c]) or _("none")
        cells = "".join(
            "<td>" + (", ".join(esc(card_name(k)) for k in view.sides[c][s]) or "—") + "</td>"
            for s in range(view.players)
        )
        court = _("The {court} ({tokens})").format(court=court_word(c), tokens=tokens)
        rows.append(f"<tr><th scope='row'>{esc(court)}</th>{cells}</tr>")
    hand = ", ".join(esc(CARDS[k].describe()) for k in view.hand)
    bonus = ", ".join(suit_word(b) for b in view.bonus)
    caption = _("The table as {seat} sees it").format(seat=seat_word(view.seat))
    column = _("Court (its tokens)")
    yours = _("Your hand: {cards}.").format(cards=hand)
    colours = _("Bonus colours: {colours}.").format(colours=bonus)
    return (
        f"<table class='courts-view'><caption>{esc(caption)}</caption><thead><tr>"
        f"<th scope='col'>{esc(column)}</th>"
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p>{yours}</p><p>{esc(colours)}</p>"
    )


LIVE = CourtsLive()
