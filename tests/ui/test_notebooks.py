"""Static checks of the tutorial notebooks (nbval runs them: ``pytest --nbval notebooks``).

Every notebook carries the python3 kernelspec, has its outputs committed without errors, names the rule
IDs it teaches, has at least two exercises, and uses only the public API of corinth.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
import sys
from pathlib import Path

import pytest

from corinth.shared.catalogues import is_translated_lesson, translated_path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
TEACHES = {
    "00_start_here": ["C3", "S1", "S2", "S3"],
    "01_the_harbor": [
        "C1",
        "C2",
        "R1",
        "R2",
        "R3",
        "R4",
        "R5",
        "R6",
        "R7",
        "R8",
        "R9",
        "R10",
        "R11",
    ],
    "02_gold_goats_goods": ["A1", "A2", "A3", "A3a", "A3b", "A3c", "A3d", "T1"],
    "03_the_steward": [
        "A4",
        "A4a",
        "A4b",
        "A4c",
        "A4d",
        "A4e",
        "M1",
        "M2",
        "M3",
        "M4",
        "M5",
        "M6",
        "M7",
    ],
    "04_buildings_and_score": ["B1", "B2", "B3", "B4", "B5", "E1", "E2"],
    "05_play_a_game": ["R2", "R3", "B1"],
    "06_puzzles": ["E1", "A4"],
    "06b_more_puzzles": ["E1", "A4a"],
    "07_strategy_lab": ["E1", "E2"],
    "08_going_deeper_the_sheet_and_the_dice": ["C3", "R5"],
    "09_going_deeper_the_solver": ["A4b"],
    "10_how_the_market_was_reconstructed": ["M1", "M2", "M3", "M4", "M5", "M6", "M7"],
    # Corintho, the second game: its own rule IDs (corinth/corintho/RULES.md)
    "11_corintho": ["P1", "P2", "P4", "P5", "K1", "K2", "K3", "K4", "W1", "W2", "W3", "E1", "E3"],
    "11b_corintho_puzzles_and_game": ["W3", "W4", "W5"],
    # The Four Courts, the card game: its own rule IDs (corinth/courts/RULES.md)
    "12_the_four_courts": [
        "C1",
        "C2",
        "C3",
        "C4",
        "S1",
        "S2",
        "S6",
        "R1",
        "R2",
        "R3",
        "R5",
        "R6",
        "R7",
        "R9",
        "G1",
    ],  # fmt: skip
    "12b_four_courts_score_and_game": ["S3", "G2", "G3", "G4", "G5"],
    "index": [],  # the lesson list the classroom app opens first: it teaches no rule itself
}
# The English lessons are the sources; their French and German translations (``NAME.fr.ipynb``,
# ``NAME.de.ipynb``, made by ``python -m corinth.shared.catalogues lessons``) are run and committed too.
EVERY = sorted(NOTEBOOKS.glob("*.ipynb"))
PATHS = [path for path in EVERY if not is_translated_lesson(path)]


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def test_every_planned_notebook_exists():
    assert [p.stem for p in PATHS] == sorted(TEACHES)
    assert (NOTEBOOKS / "00_start_here.ipynb").is_file()  # `make lab` opens it


def test_every_lesson_is_in_french_and_german():
    assert sorted(EVERY) == sorted(
        [*PATHS, *(translated_path(path, language) for path in PATHS for language in ("fr", "de"))]
    )


@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.name.removesuffix(".ipynb"))
def test_notebook_metadata_and_outputs(path: Path):
    nb = _load(path)
    assert nb["metadata"]["kernelspec"] == KERNELSPEC
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    counts = [c["execution_count"] for c in code]
    assert all(counts), "every code cell is executed and its output committed"
    assert counts == sorted(counts), "cells were run in order"
    for cell in code:
        for out in cell["outputs"]:
            assert out["output_type"] != "error", _source(cell)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_notebook_names_the_rules_it_teaches(path: Path):
    text = "\n".join(_source(c) for c in _load(path)["cells"] if c["cell_type"] == "markdown")
    missing = [rule for rule in TEACHES[path.stem] if not re.search(rf"\b{rule}\b", text)]
    assert not missing


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_notebook_has_exercises_with_feedback(path: Path):
    cells = [_source(c) for c in _load(path)["cells"] if c["cell_type"] == "code"]
    # An exercise is a widget (``ask("name")`` or an ``…Exercise(`` widget) or an ``answer = None`` cell.
    widget = [s for s in cells if re.search(r'^ask\("|^(\w+ = )?\w*Exercise\(', s, re.M)]
    exercises = [s for s in cells if re.search(r"^answer = None", s, re.M)]
    # The index only lists the lessons (a student picks one there), so it asks nothing.
    least = 0 if path.stem == "index" else 1 if "going_deeper" in path.stem else 2
    assert len(exercises) + len(widget) >= least
    outputs = [
        "".join(o.get("text", ""))
        for c in _load(path)["cells"]
        if c["cell_type"] == "code" and re.search(r"^answer = None", _source(c), re.M)
        for o in c["outputs"]
    ]
    assert all("Hint" in text or "Paste your answer" in text for text in outputs), outputs


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_notebook_uses_only_the_public_api(path: Path):
    for cell in _load(path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = _source(cell)
        assert not re.search(r"corinth[\w.]*\._(?!_)\w", src), src
        assert not re.search(r"from corinth[\w.]* import [^\n]*\b_\w", src), src
        assert not re.search(r"\.\_(?!_)\w+", src), src


def test_sanitize_file_only_touches_random_parts():
    text = (NOTEBOOKS / "nbval_sanitize.cfg").read_text(encoding="utf-8")
    sections = re.findall(r"^\[(.+)\]$", text, re.M)
    assert sections == ["widget model ids", "memory addresses", "progress bar timings"]


def test_exercise_helpers_doctests():
    """The examples of the course's wiring and of every lesson's answers module."""
    sys.path.insert(0, str(NOTEBOOKS))
    try:
        names = ["exercises", "answers"]
        names += [f"answers.{p.stem}" for p in sorted((NOTEBOOKS / "answers").glob("[!_]*.py"))]
        for name in names:
            module = importlib.import_module(name)
            assert doctest.testmod(module).failed == 0, name
    finally:
        sys.path.remove(str(NOTEBOOKS))


def test_index_links_every_lesson():
    """The classroom app opens the index first: every lesson is one click away, and no link is dead.

    The links are relative, so they open a lesson in JupyterLab and as an app under Voilà
    (``/voila/render/index.ipynb`` links to ``/voila/render/05_play_a_game.ipynb``).
    """
    cells = _load(NOTEBOOKS / "index.ipynb")["cells"]
    text = "\n".join(_source(c) for c in cells if c["cell_type"] == "markdown")
    links = re.findall(r"\]\(([^)]+)\)", text)
    assert sorted(links) == sorted(p.name for p in PATHS if p.stem != "index")
