"""Corintho's puzzles put in front of a whole class (``corinth.shared.protocol.LivePuzzles``): a
stored puzzle, or a position from a teacher's saved game, as a question, every legal move as a
sentence, and the search's ranking of them (wins in N, loses in N), with the board as a picture.

The classroom finds ``LIVE`` and ``picture`` by the game's name (``corinth.shared.registry``) and
imports nothing of Corintho.

>>> live = LIVE.puzzle("x4-01")
>>> live.title, len(live.choices) > 3, live.ranking[0]["best"]
('extend to 4', True, True)
>>> picture(live.position).startswith("<svg")
True
"""

from __future__ import annotations

import html
from functools import cache

from corinth.shared.language import N_, _, ngettext, pgettext
from corinth.shared.protocol import LivePosition, NotLive

from .game import FORMAT, SIZE, CorinthoError, Game, cell_name, from_json, piece_word
from .puzzles import CorinthoPuzzle, load_puzzles, move_words
from .solve import rank_moves

# The live puzzles' titles (each puzzle's kind), translated where the class's pages show them.
TITLES = {
    "extend to 4": N_("extend to 4"),
    "win in 1": N_("win in 1"),
    "win in 2": N_("win in 2"),
    "stop the threat": N_("stop the threat"),
    "": N_("Your position"),
}

# How many moves (of both players) a puzzle's ranking searches, by its kind; at least 3.
DEPTH = {"extend to 4": 1, "win in 1": 2, "stop the threat": 3, "win in 2": 4}


@cache
def _stored() -> dict[str, CorinthoPuzzle]:
    return {p.id: p for p in load_puzzles()}


class CorinthoLive:
    """Corintho's stored puzzles, and a position from its saved games, for a class."""

    saves = FORMAT

    def catalogue(self) -> list[tuple[str, str]]:
        """Every stored puzzle, as (id, "kind: the question's last sentence").

        >>> ("w1-01", "win in 1: Win in one move whatever player 2 does: make a line player 2 "
        ...  "cannot undo.") in LIVE.catalogue()
        True
        """
        return [
            (
                p.id,
                _("{kind}: {question}").format(
                    kind=_(TITLES[p.kind]), question=_(p.question).split(". ")[-1]
                ),
            )
            for p in _stored().values()
        ]

    def puzzle(self, puzzle_id: str) -> LivePosition | None:
        """The stored puzzle ``puzzle_id``, its answers marked best; None for no such puzzle."""
        p = _stored().get(puzzle_id)
        if p is None:
            return None
        return _ranked(p.game, p.kind, p.question, p.answers, p.explanation)

    def from_saved(self, text: str) -> LivePosition:
        """A position from a 2-player saved game still going: "find the best move", the quickest
        win (or longest defence) marked best.

        >>> from corinth.corintho import new_game, to_json
        >>> LIVE.from_saved(to_json(new_game(2).apply("base b2"))).question
        'Player 2 to play. Find the best move.'
        >>> LIVE.from_saved(to_json(new_game(3)))
        Traceback (most recent call last):
        ...
        corinth.shared.protocol.NotLive: a live puzzle needs a 2-player Corintho game still going
        """
        try:
            game = from_json(text)
        except CorinthoError as exc:
            raise NotLive(
                _("this Corintho game cannot be loaded: {reason}").format(reason=exc)
            ) from None
        if game.is_over or game.players != 2:
            raise NotLive(_("a live puzzle needs a 2-player Corintho game still going"))
        question = _("Player {n} to play. Find the best move.").format(n=game.current_player + 1)
        return _ranked(game, "", question)


def _ranked(game: Game, kind, question, answers=None, explanation="") -> LivePosition:
    """Every legal move ranked by the search; the best are ``answers`` (None: every move as quick
    to win, or as slow to lose, as the first)."""
    ranked = rank_moves(game, depth=max(3, DEPTH.get(kind, 3)))
    top = ranked[0] if ranked else None
    ranking = tuple(
        {
            "move": str(r.move),
            "words": _said(move_words(game, r.move)),
            "verdict": _verdict(r),
            "best": str(r.move) in answers
            if answers
            else (r.outcome, r.plies) == (top.outcome, top.plies),
        }
        for r in ranked
    )
    choices = tuple(
        {"move": str(m), "words": _said(move_words(game, m))} for m in game.legal_moves()
    )
    return LivePosition(TITLES[kind], question, game, choices, ranking, explanation)


def _verdict(r) -> str:
    """A move's result in a class's words, counting the moves of the player who wins (the search
    counts both players' moves): a line the other player cannot undo "wins in 1 move", not 2.

    >>> from corinth.corintho.solve import Ranked
    >>> [_verdict(Ranked(None, "win", n)) for n in (1, 2, 3)]
    ['wins in 1 move', 'wins in 1 move', 'wins in 2 moves']
    >>> _verdict(Ranked(None, "loss", 1)), _verdict(Ranked(None, "loss", 3))
    ('loses at once', 'loses: the other player wins in 1 move')
    """
    if r.outcome == "win":
        n = (r.plies + 1) // 2
        return ngettext("wins in {n} move", "wins in {n} moves", n).format(n=n)
    if r.outcome == "loss":
        n = r.plies // 2
        if n == 0:
            return _("loses at once")
        return ngettext(
            "loses: the other player wins in {n} move",
            "loses: the other player wins in {n} moves",
            n,
        ).format(n=n)
    return r.words()


def _said(words: str) -> str:
    """'put a base on d4' -> 'Put a base on d4.'"""
    return words[0].upper() + words[1:] + "."


def picture(game: Game, size: int = 60) -> str:
    """The board as a picture: each cell's stack drawn bottom up (a base, a column, a capital), with
    its name, row 4 on top; a text label for screen readers.

    >>> from corinth.corintho import new_game
    >>> 'aria-label="Corintho board: b2 base"' in picture(new_game(2).apply("base b2"))
    True
    """
    pad, out = 24, []
    width = SIZE * size + pad
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" role="img" '
        f'aria-label="{html.escape(_label(game))}">'
    )
    for i, stack in enumerate(game.board):
        row, col = divmod(i, SIZE)
        x, y = pad + col * size, (SIZE - 1 - row) * size
        out.append(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#f4efe4" stroke="#5a4a32"/>'
        )
        out.append(
            f'<text x="{x + 3}" y="{y + 12}" font-size="10" fill="#3b2f1e">{cell_name(i)}</text>'
        )
        bottom = y + size - 6
        for piece in stack:
            h = {"base": 8, "column": 22, "capital": 10}[piece]
            w = {"base": 36, "column": 18, "capital": 32}[piece]
            colour = {"base": "#8a6d3b", "column": "#c9b68c", "capital": "#3d5a80"}[piece]
            out.append(
                f'<rect x="{x + (size - w) / 2}" y="{bottom - h}" width="{w}" height="{h}" '
                f'fill="{colour}" stroke="#222"/>'
            )
            bottom -= h
    out.append("</svg>")
    return "".join(out)


def _label(game: Game) -> str:
    stacks = []
    for i, stack in enumerate(game.board):
        if stack:
            said = piece_word(stack[0])
            for piece in stack[1:]:
                said = _("{top} on {below}").format(top=piece_word(piece), below=said)
            stacks.append(f"{cell_name(i)} {said}")
    return _("Corintho board: {stacks}").format(
        stacks="; ".join(stacks) if stacks else pgettext("corintho", "empty")
    )


LIVE = CorinthoLive()
