"""The game's text for the page, as functions of a ``corinth.table.Table``: the status line, the move
log, the moves since the human's last one, and the hint table. ``GameApp`` puts them in its HTML
widgets; they hold no state of their own.

>>> from corinth.table import Table
>>> table = Table(players=2, seed=3, bots="greedy")
>>> "Player 1 (you)" in status_html(table)
True
"""

from __future__ import annotations

import html
import re
from typing import Any

from corinth.rules import GameState
from corinth.solver.rank import VALUE_UNITS
from corinth.table import Table

from ._base import move_html

HINT_ROWS = 3  # rows of the hint table shown before "show all"
WORKING = (  # shown while the hint is worked out (read out to screen readers)
    "<div role='status' aria-live='polite' class='corinth-busy'><i>Working out the hint…</i></div>"
)


def status_html(table: Table) -> str:
    """The headline (whose turn, or who won) and every player's score."""
    state = table.state
    scores = " · ".join(
        f"{html.escape(table.player_name(i))}: {state.score(i)} points"
        for i in range(state.num_players)
    )
    # The harbor's live region reads the headline out; this copy is for the eye.
    return (
        f"<b>{html.escape(table.headline())}</b><br>"
        f"{scores} <small>· game seed {table.seed}</small>"
    )


def log_html(table: Table, newest: int = 60) -> str:
    """The last ``newest`` moves in words, newest first, each with its notation on hover."""
    items = "".join(
        f"<li value='{line.number}' title='{html.escape(line.notation)}'>"
        f"{html.escape(line.words)}</li>"
        for line in reversed(table.log[-newest:])
    )
    return (
        "<b>Moves, newest first</b> <small>(hover for the notation)</small>"
        f"<ol reversed class='corinth-log' style='overflow-wrap:break-word;margin:2px 0;"
        f"padding-left:2.2em'>{items}</ol>"
    )


def since_html(table: Table, mark: int) -> str:
    """The other players' moves after move number ``mark`` (read out to screen readers)."""
    lines = [line for line in table.log[mark:] if not line.words.startswith("You")]
    if not lines:
        return ""
    items = "".join(
        f"<li title='{html.escape(line.notation)}'>{html.escape(line.words)}</li>" for line in lines
    )
    return (
        "<div role='status' aria-live='polite'><b>Since your last move:</b>"
        f"<ul style='margin:2px 0;padding-left:1.4em'>{items}</ul></div>"
    )


# How each hint was worked out, in plain words (shown above the table).
HINT_METHODS = {
    "exact": "Worked out exactly: every roll still to come is counted with its chance, you play "
    "your best later moves, and the other players play as chosen under 'Near the end, others "
    "take' (each reason says how).",
    "expected": "Estimated, as the exact count covers your last 2 turns only: the rest of the "
    "game played many times with simulated players (the range shows how sure the estimate is).",
    "immediate": "Points now: what each move secures if the game ended right after it.",
    "win": "Worked out exactly: your chance to win (a shared victory counts as its share), "
    "every roll still to come counted with its chance, you playing for the win and the other "
    "players as chosen under 'Near the end, others take'.",
}


def hint_html(
    ranked: list,
    objective: str,
    state: GameState | None = None,
    robust: Any = None,
    note: str = "",
) -> str:
    """The hint table, worded honestly: moves that tie, or whose ranges overlap, are not 'best'.
    It first says how it was worked out (``HINT_METHODS``)."""
    if not ranked:
        return "<i>No move to rank.</i>"
    if objective == "expected" and ranked[0].samples == 0 and ranked[0].ci is None:
        objective = "exact"  # near the end ``expected`` answers exactly
    unit = VALUE_UNITS.get(objective, VALUE_UNITS["expected"])

    def value(x: float) -> str:  # a chance as a percentage, points with two decimals
        return f"{100 * x:.1f}%" if objective == "win" else f"{x:.2f}"

    best = ranked[0]
    tied = [r for r in ranked if abs(r.value - best.value) <= 1e-9]
    overlapping = [
        r
        for r in ranked[1:]
        if r.ci and best.ci and r.ci[1] >= best.ci[0] and r.ci[0] <= best.ci[1]
    ]

    if len(tied) > 1:
        head = f"{len(tied)} moves tie for the best ({value(best.value)} {unit})."
    elif overlapping:
        head = (
            f"Likely best: {move_html(best.move, state)} But the "
            f"ranges of {len(overlapping)} other move{'s' if len(overlapping) > 1 else ''} overlap "
            "its range, so the order among them is not certain."
        )
    else:
        head = f"Best move ({value(best.value)} {unit}): {move_html(best.move, state)}"
    if robust is not None and str(robust) == str(best.move):
        head += " It is the best whatever the others do (greedy, cautious or random)."
    elif objective == "exact" and robust is None and state is not None:
        head += " No move is the best against every kind of opponent: ask with another model."

    def row(r) -> str:
        return (
            f"<tr><td>{r.rank}</td><td>{move_html(r.move, state)}</td><td>{value(r.value)}"
            + (f" <small>({r.ci[0]:.1f}–{r.ci[1]:.1f})</small>" if r.ci else "")
            + f"</td><td>{html.escape(r.explanation)}</td></tr>"
        )

    header = f"<tr><th>rank</th><th>move</th><th>{unit}</th><th>why</th></tr>"
    # Compact for a projector: the top few rows, the rest behind "show all".
    shown, rest = ranked[:HINT_ROWS], ranked[HINT_ROWS:]
    more = (
        f"<details><summary>show all {len(ranked)} moves</summary>"
        f"<table class='corinth-hint'>{header}{''.join(row(r) for r in rest)}</table></details>"
        if rest
        else ""
    )
    if note:
        head = f"{html.escape(note)} {head}"
    return (
        f"<div role='status' aria-live='polite'><b>{head}</b> "
        f"<small>{HINT_METHODS.get(objective, '')}</small></div>"
        f"<table class='corinth-hint'>{header}{''.join(row(r) for r in shown)}</table>{more}"
    )


def strip_html(text: str) -> str:
    """The text of a status line, for a widget's plain-text ``repr``.

    >>> strip_html("<b>Round 2</b><br>Player 1: 3 points")
    'Round 2\\nPlayer 1: 3 points'
    """
    return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", text)))
