"""Corinth's position drawn for a class's pages: the harbor beside the sheet of the player to move.

The classroom finds it by the game's name (``corinth.shared.registry.live_picture``) beside the
question and the ranking of ``corinth.solver.live``: the ranking needs the solver and the picture
the drawing, and neither layer may import the other, so each gives its part.

>>> from corinth.rules import new_game
>>> svg = picture(new_game(players=2, seed=1))
>>> svg.startswith("<svg") and svg.count("<svg") == 3
True
"""

from __future__ import annotations

from corinth.rules import GameState

from .svg import harbor_svg, sheet_svg, side_by_side


def picture(state: GameState) -> str:
    """The harbor and the sheet of the player to move, side by side in one SVG."""
    return side_by_side(harbor_svg(state), sheet_svg(state, state.current_player))
