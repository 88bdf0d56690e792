"""Printable handouts of the lessons, for a class without screens: for each lesson that asks
exercises, a PDF for the students (the rules it teaches, in its steps' words; its boards as
pictures; its exercises with room to answer) and its answer key for the teacher, in a file of its
own so that the students' copies never carry it.

The lessons are read as saved (no kernel): ``lesson.py`` takes their words, pictures and boards,
``paper.py`` asks the exercises through the lessons' own course, ``page.py`` lays them out for print
and ``printing.py`` prints them with Chromium. ``python -m corinth.handouts`` (``make handouts``)
writes them all into ``build/handouts/`` with an ``index.html`` listing them.

This is a front end, like ``corinth.ui``: it reads the lessons' widgets and imports Jupyter's
widget packages; nothing of the engine imports it (``tests/test_layers.py``).
"""

from .build import Handout, NoHandout, build, lessons_with_handouts, make_handout, write_index
from .printing import PrintError, page_count

__all__ = [
    "Handout",
    "NoHandout",
    "PrintError",
    "build",
    "lessons_with_handouts",
    "make_handout",
    "page_count",
    "write_index",
]
