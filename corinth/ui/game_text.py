"""The game's text for the page, as functions of a ``corinth.solver.table.Table``: the status line,
the move log, the moves since the human's last one, and the hint table. ``GameApp`` puts them in its HTML
widgets; they hold no state of their own.

>>> from corinth.solver.table import Table
>>> table = Table(players=2, seed=3, bots="greedy")
>>> "Player 1 (you)" in status_html(table)
True
"""

from __future__ import annotations

import html
import re
from typing import Any

from corinth.rules import CorinthError, GameState
from corinth.shared.language import N_, _, ngettext, pgettext
from corinth.solver.exact import OPPONENT_MODELS, check_model
from corinth.solver.explain import apart_words, move_effects, points_words, sentence, share_words
from corinth.solver.table import Table

HINT_ROWS = 3  # rows of the hint table shown before "show all"


def status_html(table: Table) -> str:
    """The headline (whose turn, or who won) and every player's score."""
    state = table.state
    scores = " · ".join(
        ngettext("{player}: {n} point", "{player}: {n} points", state.score(i)).format(
            player=html.escape(table.player_name(i)), n=state.score(i)
        )
        for i in range(state.num_players)
    )
    # The harbor's live region reads the headline out; this copy is for the eye.
    return f"<b>{html.escape(table.headline())}</b><br>{scores}"


def log_html(table: Table, newest: int = 60) -> str:
    """The last ``newest`` moves in words, newest first."""
    head = _("Moves, newest first")
    items = "".join(
        f"<li value='{line.number}'>{html.escape(line.words)}</li>"
        for line in reversed(table.log[-newest:])
    )
    return (
        f"<b>{html.escape(head)}</b>"
        f"<ol reversed class='corinth-log' style='overflow-wrap:break-word;margin:2px 0;"
        f"padding-left:2.2em'>{items}</ol>"
    )


def since_html(table: Table, mark: int) -> str:
    """The other players' moves after move number ``mark`` (read out to screen readers)."""
    lines = [line for line in table.log[mark:] if line.player != table.human]  # not "You …"
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(line.words)}</li>" for line in lines)
    head = _("Since your last move:")
    return (
        "<div role='status' aria-live='polite'>"
        f"<b>{html.escape(head)}</b>"
        f"<ul style='margin:2px 0;padding-left:1.4em'>{items}</ul></div>"
    )


# How each hint was worked out, in plain words (shown under the moves).
HINT_METHODS = {
    "exact": N_(
        "Worked out exactly: every roll still to come counted with its chance, and you playing "
        "your best later moves."
    ),
    "expected": N_(
        "Estimated: the rest of the game played many times by bots, with the same dice for "
        "every move compared."
    ),
    "immediate": N_("Points now: what each move secures if the game ended right after it."),
    "win": N_(
        "Worked out exactly: your chance to win (a shared victory counts as its share), every "
        "roll still to come counted with its chance, and you playing for the win later."
    ),
}


def _expectation(r, objective: str) -> str:
    """What a ranked move is worth, in words: "about 59 points at the end; you win about 4 games in
    5 against these bots"."""
    if objective == "immediate":
        return _("Your sheet would score {points} now.").format(points=points_words(r.value))
    if objective == "win":
        return _("You win {share}.").format(share=share_words(r.value))
    # An estimate, or an average over the rolls to come: "about", never a bare number.
    n = round(r.value)
    if r.win_rate is None:
        if objective == "exact":
            text = ngettext(
                "About {n} points at the end, on average.",
                "About {n} points at the end, on average.",
                n,
            )
        else:
            text = ngettext("About {n} points at the end.", "About {n} points at the end.", n)
        return text.format(n=n)
    rate = min(max(r.win_rate, 0.01), 0.99)  # from a few games: never "every game" nor "no game"
    if objective == "exact":
        text = ngettext(
            "About {n} points at the end, on average; you win {share} against these bots.",
            "About {n} points at the end, on average; you win {share} against these bots.",
            n,
        )
    else:
        text = ngettext(
            "About {n} points at the end; you win {share} against these bots.",
            "About {n} points at the end; you win {share} against these bots.",
            n,
        )
    return text.format(n=n, share=share_words(rate))


def _hint_headline(
    ranked: list, objective: str, state: GameState | None, robust: Any, opponents: str
) -> str:
    """The hint's first words: which move is drawn, whether others tie or come close, the other
    players it assumes and whether the move is the best whatever they do."""
    best = ranked[0]
    tied = [r for r in ranked if abs(r.value - best.value) <= 1e-9]
    overlapping = [
        r
        for r in ranked[1:]
        if r.ci and best.ci and r.ci[1] >= best.ci[0] and r.ci[0] <= best.ci[1]
    ]
    if len(tied) > 1:
        head = _("{n} moves tie for the best; the first is drawn on the boards.").format(
            n=len(tied)
        )
    elif overlapping:
        head = _(
            "The first moves are close: the order among them is not certain. The first is drawn "
            "on the boards."
        )
    else:
        head = _("The best move is drawn on the boards.")
    if objective in ("exact", "win") and opponents and state is not None:
        # the model in the hint's own words: "worst for you" (the player the hint is for)
        model = _(OPPONENT_MODELS[check_model(opponents)]).format(
            player=pgettext("the player a hint is for", "you")
        )
        head += " " + _("It assumes {model}.").format(model=model)
    if robust is not None and str(robust) == str(best.move):
        head += " " + _("It is the best whatever the others do.")
    elif objective == "exact" and robust is None and state is not None and opponents:
        head += " " + _(
            "No move is the best against every kind of other player: try another choice."
        )
    return head


def hint_html(
    ranked: list,
    objective: str,
    state: GameState | None = None,
    robust: Any = None,
    note: str = "",
    opponents: str = "",
) -> str:
    """The hint, beside the boards: the best moves in sentences told apart by what differs, what each
    is worth in words, and why. Moves that tie, or whose estimates overlap, are not called 'best'.
    It ends by saying how it was worked out (``HINT_METHODS``)."""
    if not ranked:
        none = _("No move to rank.")
        return f"<i>{html.escape(none)}</i>"
    if objective == "expected" and ranked[0].samples == 0 and ranked[0].ci is None:
        objective = "exact"  # near the end ``expected`` answers exactly
    head = _hint_headline(ranked, objective, state, robust, opponents)
    if note:
        head = f"{note} {head}"
    words = (
        apart_words(state, [r.move for r in ranked])
        if state is not None
        else [str(r.move) for r in ranked]
    )

    def item(r, text: str) -> str:
        why = ""
        if state is not None:
            try:
                why = sentence(*move_effects(state, state.apply(r.move), r.move))
            except CorinthError:
                why = ""
        return (
            f"<li value='{r.rank}'><b>{html.escape(text)}</b> {html.escape(_expectation(r, objective))}"
            f" <small>{html.escape(why)}</small></li>"
        )

    shown = "".join(item(r, t) for r, t in zip(ranked[:HINT_ROWS], words))
    rest = "".join(item(r, t) for r, t in zip(ranked[HINT_ROWS:], words[HINT_ROWS:]))
    every = _("show all {n} moves").format(n=len(ranked))
    more = (
        f"<details><summary>{html.escape(every)}</summary>"
        f"<ol class='corinth-hint'>{rest}</ol></details>"
        if rest
        else ""
    )
    hint = _("Hint.")
    return (
        f"<div role='status' aria-live='polite' class='corinth-hint-box'>"
        f"<b>{html.escape(hint)}</b> "
        f"{html.escape(head)}<ol class='corinth-hint'>{shown}</ol>{more}"
        f"<small>{_(HINT_METHODS[objective]) if objective in HINT_METHODS else ''}</small></div>"
    )


def strip_html(text: str) -> str:
    """The text of a status line, for a widget's plain-text ``repr``.

    >>> strip_html("<b>Round 2</b><br>Player 1: 3 points")
    'Round 2\\nPlayer 1: 3 points'
    """
    return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", text)))
