"""The lessons' handouts (``corinth.handouts``) as the HTML that is printed: every lesson that asks
exercises has one, with its steps' headings and its exercises in the lesson's order, no code and no
name from the code, pictures drawn from the lesson's boards, and an answer key of its own that
answers every exercise as the course does. The PDFs themselves: ``tests/browser/test_handouts.py``.
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import json
import re
from fractions import Fraction

import pytest

from corinth.corintho.live import picture as corintho_picture
from corinth.handouts import lessons_with_handouts, make_handout, write_index
from corinth.handouts.__main__ import main
from corinth.handouts.lesson import LAB_ONLY, RULE_IDS, WIDGET, lesson_files, read_lesson
from corinth.handouts.paper import notebook_course, on_paper
from corinth.rules import Move
from corinth.solver.puzzles import load_puzzles


@pytest.fixture(scope="module")
def course():
    return notebook_course()


@pytest.fixture(scope="module")
def handouts(course):
    with contextlib.redirect_stdout(io.StringIO()):  # the boards' "clear output" outside a kernel
        return {n: make_handout(n, course=course) for n in lessons_with_handouts(course=course)}


def text_of(page: str) -> str:
    """What a page prints: its body's words (the pictures' words too), without tags or style."""
    body = page.split("<body>", 1)[1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def code_names(path) -> set[str]:
    """The names a lesson's code cells use that are no word of English: those with an underscore
    and those in CamelCase (``lesson_progress``, ``SheetWidget``), and every cell's own call."""
    names = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        lines = "".join(cell["source"]).splitlines()
        source = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)
        for node in ast.walk(ast.parse(source)):
            for name in (
                getattr(node, "id", None),
                getattr(node, "attr", None),
                getattr(node, "name", None),
                getattr(node, "module", None),
            ):
                if isinstance(name, str) and ("_" in name or re.search(r"[a-z][A-Z]", name)):
                    names.add(name)
    return names


def test_every_lesson_that_asks_exercises_has_a_handout(course):
    numbers = lessons_with_handouts(course=course)
    asked = {name.rsplit("-", 1)[0].split("-")[0] for name in course.questions()}
    assert numbers == [n for n in lesson_files() if n in asked]
    # the lesson list's own reading: the lessons with exercises or puzzle boards to solve
    listed = [lesson["file"].split("_")[0] for lesson in course.course_map().lessons]
    assert numbers == listed
    assert {"00", "05", "11b", "12b"} <= set(numbers)
    assert not {"08", "09", "10"} & set(numbers)  # the optional lessons ask none


def test_a_handout_has_its_steps_headings_in_order(handouts, course):
    for number, handout in handouts.items():
        steps, _ = course.lesson_steps(number)
        page = handout.html()
        headings = [html.unescape(h) for h in re.findall(r"<h2[^>]*>(.*?)</h2>", page)]
        assert headings == [step["title"] for step in steps], number
        assert f"<h1>{html.escape(handout.lesson.title)}</h1>" in page


def test_a_handout_asks_every_exercise_of_its_steps_in_order(handouts, course):
    for number, handout in handouts.items():
        steps, _ = course.lesson_steps(number)
        names = [ex.name for ex in handout.exercises]
        assert names == [item for step in steps for item in step["items"]], number
        assert {n for n in course.questions() if n.split("-")[0] == number} <= set(names)
        text = text_of(handout.html())
        for i, ex in enumerate(handout.exercises, 1):
            assert ex.number == i
            assert f"Exercise {i} {text_of('<body>' + ex.question)}" in text, (number, ex.name)
            if ex.options:
                assert all(text_of("<body>" + option) in text for option in ex.options)
            assert ex.options or ex.lines or ex.pictures, f"{ex.name}: no room to answer"


def test_no_code_and_no_name_of_the_code_on_paper(handouts):
    for number, handout in handouts.items():
        names = code_names(handout.lesson.path)
        assert "lesson_progress" in names
        cells = json.loads(handout.lesson.path.read_text(encoding="utf-8"))["cells"]
        lab_only = [
            " ".join("".join(c["source"]).split())[:60]
            for c in cells
            if LAB_ONLY in c.get("metadata", {}).get("tags", [])
        ]
        for page in (handout.html(), handout.key_html()):
            text = text_of(page)
            assert "<code" not in page and "`" not in text, number
            for code in ("()", ".py", "ipynb", "corinth.", "import ", "lab-only"):
                assert code not in text, (number, code)
            words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
            assert not words & names, (number, sorted(words & names))
            assert not RULE_IDS.search(text), (number, RULE_IDS.search(text))
            for cell in lab_only:
                assert cell not in text, (number, cell)


def test_the_answer_key_is_a_page_of_its_own_and_holds_every_answer(handouts):
    for handout in handouts.values():
        page, key = handout.html(), handout.key_html()
        shown, answers = text_of(page), text_of(key)
        assert "Answer:" not in shown and "Why:" not in shown
        assert "answer key" in answers
        for ex in handout.exercises:
            answer, why = text_of("<body>" + ex.answer), text_of("<body>" + ex.why)
            assert answer, f"{ex.name}: no answer"
            assert f"Exercise {ex.number} " in answers
            assert f"Answer: {answer}" in answers, ex.name
            if why:
                assert f"Why: {why}" in answers, ex.name
            for words in (answer, why):
                if len(words) > 30 and not any(words in o for o in ex.options):
                    assert words not in shown, f"{ex.name}: its answer is on the handout"


def test_the_key_gives_the_courses_own_answers(handouts, course):
    """Each answer checked against what exercises.toml says or its engine works out, and each
    stored puzzle's against its verified answer."""
    stored = {p.id: p for p in load_puzzles()}
    for handout in handouts.values():
        for ex in handout.exercises:
            answer = html.unescape(ex.answer).rstrip(".")
            if ex.name.startswith("puzzle-"):
                puzzle = stored[ex.name.removeprefix("puzzle-")]
                assert Move.parse(puzzle.answer).describe(puzzle.state) in answer, ex.name
                continue
            if ex.name.startswith(("corintho-", "courts-")):
                continue  # the boards' own reveal, tested with their boards
            d = course.question(ex.name)
            engine = course.answers.find(d["engine"]) if "engine" in d else None
            if d["kind"] == "walk":
                expected = engine
            else:
                expected = engine() if engine else d.get("answer")
            if d["kind"] == "choice":
                assert answer == expected, ex.name
            elif d["kind"] == "number":
                assert Fraction(answer) == Fraction(str(expected)), ex.name
            elif d["kind"] == "group":
                assert answer == " or the ".join(
                    f"the {g.capitalize()} group" for g in sorted(expected)
                )
            elif d["kind"] == "walk":  # a walk the exercise's own test accepts, drawn
                state = course.answers.find(d["position"])()
                right = {
                    m.describe(state).rstrip(".")
                    for m in state.legal_moves()
                    if getattr(m, "path", None) and expected(m)
                }
                assert answer in right and ex.key_pictures, ex.name
            elif d["kind"] == "puzzle" and "puzzle" in d:
                puzzle = stored[d["puzzle"]]
                assert Move.parse(puzzle.answer).describe(puzzle.state) in answer, ex.name


def test_the_boards_are_drawn_from_the_lessons_positions(handouts):
    from answers.corintho import corintho_position

    from corinth import new_game
    from corinth.ui import SheetWidget

    # lesson 00's sheet, a live board saved with the lesson: drawn from its saved data as the board
    # draws itself from the lesson's position
    page = handouts["00"].html()
    assert SheetWidget(new_game(players=2, seed=1), player=0).to_svg() in page
    # lesson 11's boards, made again from the lesson's positions, drawn by Corintho's picture
    page = handouts["11"].html()
    for name in ("pieces", "place", "move", "diagonal"):
        assert corintho_picture(corintho_position(name)) in page
    assert "(frozen)" in text_of(page)
    # The Four Courts' tables, one for each table the lesson shows
    lesson = handouts["12"].lesson
    tables = sum(
        lesson.widgets[output["data"][WIDGET]["model_id"]]["state"]
        .get("_anywidget_id", "")
        .endswith("CourtsBoard")
        for cell in lesson.cells
        for output in cell.get("outputs", [])
        if WIDGET in output.get("data", {})
    )
    assert tables and handouts["12"].html().count("class='courts-view'") == tables
    # every Corinth puzzle asked on paper shows its harbor and its sheet
    course = notebook_course()
    for handout in handouts.values():
        for ex in handout.exercises:
            if ex.name.startswith("puzzle-") or (
                not ex.name.startswith(("corintho-", "courts-"))
                and course.question(ex.name)["kind"] == "puzzle"
            ):
                assert len(ex.pictures) == 2 and all("<svg" in p for p in ex.pictures), ex.name


def test_a_lessons_title_and_its_folded_rules_are_on_paper(handouts):
    first = read_lesson(lesson_files()["01"])
    assert first.title.startswith("01 — The harbor")
    # lesson 01's rule card of the compensation step is folded on the screen: open on paper
    page = handouts["01"].html()
    assert "No group left: the compensation step" in text_of(page)
    assert "<details open" in page and "<details class" not in page


def test_the_questions_words_for_paper():
    assert on_paper("Click the group on Goats.") == "Mark the group on Goats."
    assert on_paper("Walk there: click the cells, then Check. Any walk is right.") == (
        "Walk there: mark the cells. Any walk is right."
    )
    assert on_paper("A intermediate puzzle. Which move? Click a group.") == (
        "An intermediate puzzle. Which move?"
    )


def test_the_index_lists_every_handout_in_its_folder(tmp_path):
    page = b"%PDF-1.4\n<</Type /Pages /Count 2>> <</Type /Page>> <</Type /Page>>\n"
    (tmp_path / "05_play_a_game.pdf").write_bytes(page)
    (tmp_path / "05_play_a_game_answers.pdf").write_bytes(page.replace(b"<</Type /Page>> ", b"", 1))
    (tmp_path / "11_corintho.pdf").write_bytes(page)
    index = write_index(tmp_path).read_text(encoding="utf-8")
    assert '<a href="05_play_a_game.pdf">05_play_a_game.pdf</a> (2 pages)' in index
    assert '<a href="05_play_a_game_answers.pdf">05_play_a_game_answers.pdf</a> (1 page)' in index
    assert '<a href="11_corintho.pdf">' in index and "11_corintho_answers" not in index
    assert "01_the_harbor" not in index  # not made: not listed
    assert "08 — " in index.split("No handout")[1]  # the lessons without one are named


def test_the_command_refuses_a_lesson_without_a_handout(tmp_path, capsys):
    assert main(["--out", str(tmp_path), "08"]) == 2
    said = capsys.readouterr().err
    assert "lesson 08 asks no exercise" in said and "00, 01" in said
    assert main(["--out", str(tmp_path), "99"]) == 2
    assert "no lesson '99'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # refused before anything is written
    assert main(["--out", str(tmp_path), "--notebooks", str(tmp_path)]) == 2
    assert "no lessons in" in capsys.readouterr().err
