"""Drawing the game without Jupyter: board data, one palette, SVG for the harbor and the sheets, and
the market with matplotlib (``draw_market``).

The boards of ``corinth.ui`` send this data to the browser; handouts and scripts draw SVG directly.

>>> from corinth.rules import new_game
>>> from corinth.render import harbor_svg, sheet_svg
>>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> svg = harbor_svg(state, selected="blue") + sheet_svg(state, player=1)
>>> svg.count("<svg")
2
"""

from . import palette
from .board import caption, harbor_groups, sheet_board
from .market import draw_market
from .svg import draw_harbor, draw_sheet, harbor_svg, sheet_svg

__all__ = [
    "caption",
    "draw_harbor",
    "draw_market",
    "draw_sheet",
    "harbor_groups",
    "harbor_svg",
    "palette",
    "sheet_board",
    "sheet_svg",
]
