"""The plain-language check of ``tests/browser/test_lesson_words.py``, on the lessons' files: what a
learner reads in each lesson of the course, the strategy lab (07) included, without a browser.

A lesson's words here are its text (the markdown cells the classroom app shows, rendered), what its
code prints, and every word of its exercises (question, answers, hints, explanations). The browser
test reads the same lessons once their boards are drawn; this one also reads lesson 07, which the
browser test leaves out, and the hints and feedback that only a click shows.
"""

from __future__ import annotations

import html
import json
import re
import tomllib
from pathlib import Path

import mistune
import pytest

from corinth.classroom.lessons import course_names
from corinth.shared.catalogues import translated_path
from corinth.shared.language import _, speaking
from tests.browser.test_lesson_words import code_like, rule_ids_inline

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
DATA = tomllib.loads((NOTEBOOKS / "exercises.toml").read_text(encoding="utf-8"))
LESSONS = course_names()


def _text(markup: str) -> str:
    """HTML as the words a browser shows (tags and comments left out)."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", "", markup, flags=re.S | re.I)  # never shown
    return html.unescape(re.sub(r"<!--.*?-->|<[^>]+>", "", markup, flags=re.S))


def lesson_words(name: str, language: str = "en") -> tuple[str, str]:
    """The lesson's prose (its markdown, rendered) and everything else it shows in words: what its
    code prints or shows as HTML, and its exercises' words, in ``language`` (the translated lesson,
    the exercises through the catalogue). Cells for JupyterLab only are left out, as the classroom
    app leaves them out."""
    path = NOTEBOOKS / name
    if language != "en":
        path = translated_path(path, language)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    prose, shown = [], []
    for cell in cells:
        if "lab-only" in cell.get("metadata", {}).get("tags", []):
            continue
        if cell["cell_type"] == "markdown":
            prose.append(_text(mistune.html("".join(cell["source"]))))
            continue
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream" and out["name"] == "stdout":
                shown.append("".join(out["text"]))
            data = out.get("data", {})
            if "text/html" in data and "application/vnd.jupyter.widget-view+json" not in data:
                shown.append(_text("".join(data["text/html"])))
    lesson = name.split("_")[0]
    with speaking(language):
        for key, d in DATA.items():
            if key.rsplit("-", 1)[0].split("-")[0] == lesson:
                texts = [d.get(k, "") for k in ("question", "hint", "explain")]
                texts += list(d.get("options", [])) + list(d.get("hints", []))
                texts += [str(words) for words in d.get("wrong", {}).values()]
                shown += [_(text) for text in texts]
    return "\n".join(prose), "\n".join(shown)


def test_the_course_has_the_strategy_lab_and_the_four_courts():
    assert "07_strategy_lab.ipynb" in LESSONS
    assert {"12_the_four_courts.ipynb", "12b_four_courts_score_and_game.ipynb"} <= set(LESSONS)


@pytest.mark.parametrize("language", ["en", "fr", "de"])
@pytest.mark.parametrize("name", LESSONS)
def test_a_lessons_words_are_plain(name, language):
    """In every language, with that language's words for developer talk and things counted."""
    prose, shown = lesson_words(name, language)
    assert len(prose) > 200, name
    found = code_like(prose, language) + code_like(shown, language)
    assert not found, f"{name} shows code-like words:\n" + "\n".join(found)
    inline = rule_ids_inline(prose)
    assert not inline, f"{name} shows rule IDs in its prose:\n" + "\n".join(inline)


# Words the lessons used to show (issue 43): each is caught, and by what it is.
OLD_WORDS = {
    "Player 3's sheet: 1 points": "one thing in the plural",  # 06b, a sheet's total
    "The five strategies (see strategy_lab.py next to this notebook):": "a snake_case name",  # 07
    "greedy 53.3% (95% CI 51.0% to 55.6%)": "a statistician's abbreviation",  # 07
    "The 95% confidence interval is mean ± 1.96 standard errors": "a number with two decimals",
    "read the notebook again": "a developer word",
}


@pytest.mark.parametrize("words", OLD_WORDS)
def test_the_check_catches_the_words_the_lessons_used_to_show(words):
    assert any(found.startswith(OLD_WORDS[words]) for found in code_like(words)), code_like(words)


def test_the_boards_count_one_point_in_the_singular():
    """The boards write their own words too: a total drawn by a board's script says "1 point"
    (lesson 06b's puzzle sheets said "1 points")."""
    for script in sorted((ROOT / "widgets").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        plural = re.findall(r"\$\{[^}]+\} points`", text)
        assert not plural, f"{script.name} writes N points whatever N is: {plural}"
