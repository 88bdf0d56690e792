"""The answers of the lessons' exercises, worked out by the engine so that no answer is written in a
notebook: one module per lesson, beside the lessons. ``exercises.toml`` names each function
(``engine``, ``position``); ``ANSWERS`` finds it by that name.

>>> ANSWERS.find("green_goods")() == start.green_goods()
True
"""

from __future__ import annotations

from corinth.ui.course import AnswerBook

from . import buildings, courts, game, goods, harbor, lab, puzzles, start, steward

ANSWERS = AnswerBook.joined(
    start.ANSWERS,
    harbor.ANSWERS,
    goods.ANSWERS,
    steward.ANSWERS,
    buildings.ANSWERS,
    game.ANSWERS,
    puzzles.ANSWERS,
    lab.ANSWERS,
    courts.ANSWERS,
)
