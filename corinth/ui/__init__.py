"""Interactive boards for JupyterLab: the harbor, a player's sheet, a whole game against bots, and puzzles.

Each board is one persistent widget whose traits change as the game goes on; each has a text form
(``repr``) and an SVG form (``to_svg()``).

>>> from corinth.rules import new_game
>>> from corinth.ui import HarborWidget
>>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> HarborWidget(state).groups[-1]["face"]
6
"""

from ._base import closing_new_widgets, widgets_dir
from .corintho import CorinthoApp, CorinthoBoard, CorinthoPuzzleBoard
from .game import GameApp
from .harbor import HarborWidget
from .picker import MovePicker
from .puzzle import PuzzleWidget, puzzle_question
from .sheet import SheetWidget

__all__ = [
    "CorinthoApp",
    "CorinthoBoard",
    "CorinthoPuzzleBoard",
    "GameApp",
    "HarborWidget",
    "MovePicker",
    "PuzzleWidget",
    "SheetWidget",
    "closing_new_widgets",
    "puzzle_question",
    "widgets_dir",
]
