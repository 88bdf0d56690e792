"""Corintho in words for a learner: a stack, a line, a move as a sentence (the engine's own
descriptions, read by the board, the command line and the lessons), in the language spoken now
(``corinth.shared.language``).

>>> from corinth.corintho import new_game
>>> move_words(new_game(2), "base b2")
'Player 1 places a base at b2'
"""

from __future__ import annotations

from collections.abc import Sequence

from corinth.shared.language import _, pgettext

from .game import Game, Place, Shift, a_piece, cell_name, line_text, parse, the_piece


def stack_words(stack: Sequence[str]) -> str:
    """A stack for a learner, its top first.

    >>> stack_words(("base", "column")), stack_words(("base", "column", "capital")), stack_words(())
    ('column on a base', 'capital on a column on a base', 'empty')
    """
    if not stack:
        return pgettext("corintho", "empty")
    said = {
        ("base",): pgettext("corintho", "base"),
        ("column",): pgettext("corintho", "column"),
        ("capital",): pgettext("corintho", "capital"),
        ("base", "column"): pgettext("corintho", "column on a base"),
        ("column", "capital"): pgettext("corintho", "capital on a column"),
        ("base", "column", "capital"): pgettext("corintho", "capital on a column on a base"),
    }.get(tuple(stack))
    if said is not None:
        return said
    top, *below = reversed(stack)  # not a stack the rules make (P1): said as it is
    return " on ".join([top] + [f"a {piece}" for piece in below])


def the_stack(stack: Sequence[str]) -> str:
    """A stack with its article: ``the column``, ``the capital on a column on a base``."""
    if len(stack) == 1:
        return the_piece(stack[0])
    said = {
        ("base", "column"): pgettext("corintho", "the column on a base"),
        ("column", "capital"): pgettext("corintho", "the capital on a column"),
        ("base", "column", "capital"): pgettext("corintho", "the capital on a column on a base"),
    }.get(tuple(stack))
    return said if said is not None else f"the {stack_words(stack)}"


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
    who = _("Player {n}").format(n=game.current_player + 1)
    if isinstance(move, Place):
        at = cell_name(move.cell)
        under = game.top(move.cell)
        if under is None:
            return _("{player} places {piece} at {cell}").format(
                player=who, piece=a_piece(move.piece), cell=at
            )
        return _("{player} places {piece} on {under} at {cell}").format(
            player=who, piece=a_piece(move.piece), under=the_piece(under), cell=at
        )
    moving, onto = game.stack(move.source), game.top(move.target)
    return _("{player} moves {stack} from {source} onto {under} at {target}").format(
        player=who,
        stack=the_stack(moving),
        source=cell_name(move.source),
        under=the_piece(onto),
        target=cell_name(move.target),
    )
