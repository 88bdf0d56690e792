"""The lessons' questions (``exercises.toml``, beside the lessons), for an answer that reads the
options its question offers.

>>> question("04-leftovers")["kind"]
'number'
"""

from __future__ import annotations

from pathlib import Path

from corinth.ui.course import Course

LESSONS = Path(__file__).resolve().parents[1]


def question(name: str) -> dict:
    """The exercise ``name`` as exercises.toml writes it."""
    return Course(LESSONS).question(name)
