"""Corintho in words for a learner: a stack, a line, a move as a sentence (the engine's own
descriptions, read by the board, the command line and the lessons).

>>> from corinth.corintho import new_game
>>> move_words(new_game(2), "base b2")
'Player 1 places a base at b2'
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game, Place, Shift, cell_name, line_text, parse


def stack_words(stack: Sequence[str]) -> str:
    """A stack for a learner, its top first.

    >>> stack_words(("base", "column")), stack_words(("base", "column", "capital")), stack_words(())
    ('column on a base', 'capital on a column on a base', 'empty')
    """
    if not stack:
        return "empty"
    top, *below = reversed(stack)
    return " on ".join([top] + [f"a {piece}" for piece in below])


def line_words(game: Game, line: Sequence[int]) -> str:
    """A line of cells and what it aligns: 'three columns on a1, b1, c1'.

    >>> from corinth.corintho import new_game
    >>> g = new_game(2)
    >>> for m in ["column a1", "base d4", "column b1", "base d3", "column c1"]:
    ...     g = g.apply(m)
    >>> line_words(g, g.claim[1][0])
    'three columns on a1, b1, c1'
    """
    return line_text(game, tuple(line))


def move_words(game: Game, move: Place | Shift | str) -> str:
    """A legal move of ``game``'s player to move as a sentence (the position before the move).

    >>> from corinth.corintho import new_game
    >>> g = new_game(2).apply("base b2").apply("base c3")
    >>> move_words(g, "column b2"), move_words(g, "capital a1")
    ('Player 1 places a column on the base at b2', 'Player 1 places a capital at a1')
    >>> g = g.apply("column a2").apply("base d4").apply("base d1")
    >>> move_words(g, "a2-b2")
    'Player 2 moves the column from a2 onto the base at b2'
    """
    if isinstance(move, str):
        move = parse(move)
    who = f"Player {game.current_player + 1}"
    if isinstance(move, Place):
        at = cell_name(move.cell)
        under = game.top(move.cell)
        if under is None:
            return f"{who} places a {move.piece} at {at}"
        return f"{who} places a {move.piece} on the {under} at {at}"
    moving, onto = game.stack(move.source), game.top(move.target)
    return (
        f"{who} moves the {stack_words(moving)} from {cell_name(move.source)} "
        f"onto the {onto} at {cell_name(move.target)}"
    )
