"""A lesson read for paper: its steps' words, its pictures and its exercises, in the lesson's order.

The notebook is read as saved (JSON, no kernel): cells tagged ``lab-only`` are left out, as the
classroom app leaves them out, and so is every code cell's code. What stays:

- a markdown cell's words, without the links between steps, the links' addresses, comments and
  anything written as code;
- a code cell's saved outputs: printed lines, pictures (SVG, HTML, plots), rule cards, and the
  boards its widgets showed, drawn again by the project's own SVG: a Corinth harbor or sheet from
  the board data saved with the lesson (``corinth.render.draw_harbor``, ``draw_sheet``); a Corintho
  board or a Four Courts table from the lesson's position, the cell's own call made again, by each
  game's picture (``corinth.corintho.live.picture``, ``corinth.courts.live.picture``);
- each exercise and puzzle board a step asks, by name, where it stands (``paper.py`` draws it).

>>> from corinth.handouts.lesson import clean_markdown
>>> clean_markdown("Text (see `lab.py` here).\\n\\n**[Next step →](#Step-2)** More.")
'Text.'
"""

from __future__ import annotations

import ast
import base64
import html
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mistune

from corinth.corintho.game import Game as CorinthoGame
from corinth.corintho.game import cell_name
from corinth.corintho.live import picture as corintho_picture
from corinth.courts.game import Observation
from corinth.courts.live import picture as courts_picture
from corinth.render import draw_harbor, draw_sheet
from corinth.shared.language import current_language

# The calls that put an exercise or a puzzle board in a step, and the names their marks are kept
# under: the course's own reading, so that paper asks what the course counts.
from corinth.ui.course import _MARK as MARKS
from corinth.ui.course import _TRACKED

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# Cells for JupyterLab only: the classroom app leaves them out, and so does paper.
LAB_ONLY = "lab-only"
WIDGET = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_LESSON_FILE = re.compile(r"^(\d\d[a-z]?)_[\w.-]+\.ipynb$")
_TRANSLATION = re.compile(r"\.(fr|de)\.ipynb$")  # a lesson's translation, beside it
_TRAINER = re.compile(r"^\w*trainer\(", re.M)
_STEP_LINK = re.compile(r"^\*\*\[Next step →\]\([^)]*\)\*\*.*$", re.M)
_LESSON_LIST = re.compile(r"^All the lessons: .*$", re.M)
_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\([^)]*\)")
_CODE_ASIDE = re.compile(r" ?\([^()]*`[^`]*`[^()]*\)")  # "(see `strategy_lab.py` here)"
_COMMENT = re.compile(r"<!--.*?-->", re.S)
# A rule's ID in the words of a card or an explanation: the lessons show it on hover only
# (corinth.ui._base.words_html), and paper has no hover.
RULE_IDS = re.compile(r" ?\(((?:[A-Z]\d+[a-z]?)(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*)\)")
_RULE_TAG = re.compile(
    r'\s*<small[^>]*>\(rule [^)<]*\)</small>|<sup class="corinth-rule"[^>]*>rule</sup>'
)


class NoHandout(ValueError):
    """A lesson asked for has no handout, or there are no lessons where they were looked for; the
    message says why."""


@dataclass
class Part:
    """One piece of a handout, in the lesson's order: ``text`` (HTML of the lesson's words),
    ``picture`` (an SVG or HTML picture, with its ``caption``), ``printed`` (lines a cell printed),
    ``note`` (a line for paper) or ``exercise`` (``name``: an exercise of exercises.toml, or a
    puzzle board's mark, ``puzzle-t4-01``); ``step`` is the step's title it belongs to."""

    kind: str
    html: str = ""
    name: str = ""
    caption: str = ""
    step: str = ""


@dataclass
class Lesson:
    """A lesson's notebook as saved: its number (``05``), file, title and cells (``lab-only`` ones
    left out), and the state of the widgets its outputs showed, by model id."""

    number: str
    path: Path
    title: str
    cells: list[dict]
    widgets: dict[str, dict] = field(default_factory=dict)


def lesson_files(folder: Path = NOTEBOOKS, language: str | None = None) -> dict[str, Path]:
    """Every lesson notebook of ``folder`` by its number, in order (``00``, ``01``, …, ``06b``), in
    ``language`` (the one spoken now by default): a lesson's translation where the folder has it
    (``05_play_a_game.fr.ipynb``), the English lesson otherwise.

    >>> list(lesson_files(language="en"))[:3]
    ['00', '01', '02']
    """
    language = language or current_language()
    found = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        match = _LESSON_FILE.match(path.name)
        if match and not _TRANSLATION.search(path.name):
            there = path.with_name(f"{path.stem}.{language}.ipynb")
            found[match.group(1)] = there if language != "en" and there.is_file() else path
    return found


def read_lesson(path: Path) -> Lesson:
    """The lesson in ``path``; its title is its first heading (``# 05 — Play a game``).

    >>> read_lesson(lesson_files()["04"]).title.startswith("04 — ")
    True
    """
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    cells = [
        cell
        for cell in notebook["cells"]
        if LAB_ONLY not in cell.get("metadata", {}).get("tags", [])
    ]
    title = Path(path).stem
    for cell in cells:
        if cell["cell_type"] == "markdown":
            heading = re.search(r"^# (.+)$", "".join(cell["source"]), re.M)
            if heading:
                title = heading.group(1).strip()
                break
    state = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {})
    match = _LESSON_FILE.match(Path(path).name)
    number = match.group(1) if match else Path(path).stem
    return Lesson(number, Path(path), title, cells, state.get("state", {}))


def clean_markdown(text: str) -> str:
    """A lesson's markdown for paper: without the links to the next step and to the lesson list,
    comments, the addresses of links (their words stay), asides naming code, and code marks.

    >>> clean_markdown("Next lesson: **[01 The harbor](01_the_harbor.ipynb)**.")
    'Next lesson: **01 The harbor**.'
    """
    text = _COMMENT.sub("", text)
    text = _STEP_LINK.sub("", text)
    text = _LESSON_LIST.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _CODE_ASIDE.sub("", text)
    text = text.replace("`", "")
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def without_rule_ids(text: str) -> str:
    """Words for paper without the rules' IDs, which the lessons show on hover only.

    >>> without_rule_ids('The bonus race (A3c) is won.<sup class="corinth-rule" title="Rule W4">rule</sup>')
    'The bonus race is won.'
    """
    return RULE_IDS.sub("", _RULE_TAG.sub("", text))


def markdown_html(text: str) -> str:
    """Markdown as HTML (tables too), folded parts opened: paper cannot unfold them.

    >>> markdown_html("<details><summary>More</summary>\\n\\nText\\n\\n</details>").startswith("<details open>")
    True
    """
    return opened(mistune.html(text))


def opened(shown: str) -> str:
    """HTML with its folded parts opened (``<details open>``).

    >>> opened("<details class='x'><summary>More</summary>Text</details>")
    "<details open class='x'><summary>More</summary>Text</details>"
    """
    return re.sub(r"<details(?=[\s>])(?![^>]*\sopen\b)", "<details open", shown)


def lesson_parts(lesson: Lesson, position: Callable[[dict], Any] | None = None) -> list[Part]:
    """The lesson's parts for paper, in its order, each tagged with its step's title.
    ``position(cell)`` makes a cell's widget again, for a board drawn from its position (Corintho's,
    The Four Courts'): ``positions(lesson)`` by default.

    >>> parts = lesson_parts(read_lesson(lesson_files()["00"]))
    >>> [p.name for p in parts if p.kind == "exercise"][:2]
    ['00-round-order', '00-turns-in-a-round']
    """
    position = position or positions(lesson)
    parts: list[Part] = []
    step = ""
    for index, cell in enumerate(lesson.cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            text = source
            if index == 0 or not parts:  # the title: the handout's own heading shows it
                text = re.sub(r"^# .+$", "", text, count=1, flags=re.M)
            heading = re.search(r"^## (.+)$", text, re.M)
            step = heading.group(1).strip() if heading else step
            cleaned = clean_markdown(text)
            if cleaned:
                parts.append(Part("text", markdown_html(cleaned), step=step))
        elif cell["cell_type"] == "code":
            for part in _code_parts(lesson, cell, source, position):
                part.step = step
                parts.append(part)
    return parts


def _code_parts(lesson: Lesson, cell: dict, source: str, position) -> Iterator[Part]:
    """A code cell on paper: its exercises by name, or what its saved outputs show."""
    tracked = _TRACKED.findall(source)
    if tracked:
        for call, name in tracked:
            yield Part("exercise", name=MARKS[call] + name)
        return
    if _TRAINER.search(source):
        yield Part(
            "note", "On the screen, more puzzles of this kind follow here, one after another."
        )
        return
    for output in cell.get("outputs", []):
        yield from _output_parts(lesson, cell, output, position)


def _output_parts(lesson: Lesson, cell: dict, output: dict, position) -> Iterator[Part]:
    """One saved output on paper: printed lines, a picture, a rule card or a board."""
    if output.get("output_type") == "stream":
        if output.get("name") == "stdout" and "".join(output["text"]).strip():
            text = without_rule_ids("".join(output["text"]).rstrip())
            yield Part("printed", html.escape(text))
        return
    data = output.get("data", {})
    if WIDGET in data:
        yield from _widget_parts(lesson, cell, data[WIDGET]["model_id"], position)
    elif "image/svg+xml" in data:
        yield Part("picture", "".join(data["image/svg+xml"]))
    elif "text/html" in data:
        shown = "".join(data["text/html"])
        if "corinth-words" not in shown:  # the folded list of the game's words: on the screen only
            kind = "picture" if re.search(r"<(svg|img)\b", shown) else "text"
            yield Part(kind, opened(without_rule_ids(shown)))
    elif "image/png" in data:
        png = "".join(data["image/png"]).replace("\n", "")
        base64.b64decode(png, validate=True)  # a broken picture fails here, not on paper
        yield Part("picture", f'<img alt="A plot of the lesson" src="data:image/png;base64,{png}">')
    elif "text/markdown" in data:
        yield Part("text", markdown_html(clean_markdown("".join(data["text/markdown"]))))


def _widget_models(state: dict[str, dict], model_id: str) -> Iterator[dict]:
    """The widget ``model_id`` and every widget inside it, in the order the page shows them."""
    model = state.get(model_id)
    if model is None:
        return
    yield model
    for child in model.get("state", {}).get("children", []) or []:
        yield from _widget_models(state, str(child).removeprefix("IPY_MODEL_"))


def _widget_parts(lesson: Lesson, cell: dict, model_id: str, position) -> Iterator[Part]:
    """What a widget output shows on paper: a rule card (an HTML widget on its own), or its boards,
    each drawn by the project's own SVG."""
    top = lesson.widgets.get(model_id)
    if top is None:
        return
    if top.get("model_name") == "HTMLModel":
        yield Part("text", opened(without_rule_ids(top["state"].get("value", ""))))
        return
    made = None
    for model in _widget_models(lesson.widgets, model_id):
        kind = model.get("state", {}).get("_anywidget_id", "").rsplit(".", 1)[-1]
        traits = model.get("state", {})
        if kind == "SheetWidget":
            yield Part("picture", draw_sheet(traits["board"]))
        elif kind == "HarborWidget":
            yield Part(
                "picture", draw_harbor(traits["groups"], traits["caption"], traits["selected"])
            )
        elif kind in ("CorinthoBoard", "CourtsBoard") and made is None:
            made = position(cell)
            yield from _game_pictures(made, traits.get("caption", ""))


def _game_pictures(made: Any, caption: str) -> Iterator[Part]:
    """The Corintho board or Four Courts table of a widget made again, by the game's own picture:
    a Corintho board with its stacks in words too (its pieces differ by shape and shade, which a
    grey print blurs, and the picture leaves out which stacks are frozen)."""
    caption = caption_words(caption)
    for holder in (made, getattr(made, "board", None)):
        game, view = getattr(holder, "game", None), getattr(holder, "view", None)
        if isinstance(game, CorinthoGame):
            yield Part(
                "picture",
                small(corintho_picture(game)),
                caption=joined_words(caption, stack_words(game)),
            )
            return
        if isinstance(view, Observation):
            yield Part("picture", courts_picture(view), caption=caption)
            return


def small(picture: str) -> str:
    """A small board (Corintho's 4 × 4) at a size of its own, not the page's width.

    >>> small("<svg></svg>")
    '<div class="small-board"><svg></svg></div>'
    """
    return f'<div class="small-board">{picture}</div>'


def caption_words(caption: str) -> str:
    """A board's caption for paper: without the rules' IDs and the sentences that say what to
    click or choose on the screen.

    >>> caption_words("Player 1 to play. Choose a piece in hand, then a cell. Player 2 claims a line (W3).")
    'Player 1 to play. Player 2 claims a line.'
    """
    sentences = re.split(r"(?<=[.?!])\s+", without_rule_ids(caption).strip())
    return " ".join(s for s in sentences if not s.startswith(("Choose ", "Click ")))


def stack_words(game: CorinthoGame) -> str:
    """Each stack of a Corintho board in words, its top first, and whether it is frozen.

    >>> from corinth.corintho import new_game
    >>> stack_words(new_game(2).apply("base b2").apply("column b2"))
    'The stacks: b2: a column on a base (frozen).'
    """
    frozen = {cell for cell, until in game.frozen if game.turn < until}
    stacks = [
        f"{cell_name(i)}: "
        + " on ".join(f"a {piece}" for piece in reversed(stack))
        + (" (frozen)" if i in frozen else "")
        for i, stack in enumerate(game.board)
        if stack
    ]
    return ("The stacks: " + "; ".join(stacks) + ".") if stacks else "The board is empty."


def joined_words(*texts: str) -> str:
    """Sentences joined, each ending with one full stop, the empty ones left out.

    >>> joined_words("Player 1 to play", "", "The board is empty.")
    'Player 1 to play. The board is empty.'
    """
    return " ".join(t.strip().rstrip(".") + "." for t in texts if t.strip())


def positions(lesson: Lesson) -> Callable[[dict], Any]:
    """``made(cell)``: the widget of ``cell`` made again, as the lesson makes it: the lesson's cells
    of imports run first (once), then the cell's own code, its last line's value returned; the
    lesson's folder is on ``sys.path``, as in its kernel, for its helpers.

    >>> lesson = read_lesson(lesson_files()["11"])
    >>> cell = next(c for c in lesson.cells if "".join(c["source"]) == 'corintho_board("pieces")')
    >>> type(positions(lesson)(cell)).__name__
    'CorinthoBoard'
    """
    namespace: dict[str, Any] = {"display": lambda *args, **kwargs: None}
    ready = []

    def made(cell: dict) -> Any:
        if not ready:
            folder = str(lesson.path.parent.resolve())
            if folder not in sys.path:
                sys.path.insert(0, folder)
            for other in lesson.cells:
                tree = _code(other)
                if tree and all(
                    isinstance(node, ast.Import | ast.ImportFrom) for node in tree.body
                ):
                    _run(tree, lesson, namespace)
            ready.append(True)
        tree = _code(cell)
        if not tree or not isinstance(tree.body[-1], ast.Expr):
            return None
        last = tree.body.pop()
        _run(tree, lesson, namespace)
        return _run(ast.Expression(last.value), lesson, namespace)

    return made


def _run(tree: ast.Module | ast.Expression, lesson: Lesson, namespace: dict) -> Any:
    """The lesson's own code run as its kernel runs it (an expression's value returned)."""
    if isinstance(tree, ast.Expression):
        return eval(compile(tree, str(lesson.path), "eval"), namespace)
    exec(compile(tree, str(lesson.path), "exec"), namespace)
    return None


def _code(cell: dict) -> ast.Module | None:
    """A code cell's Python (IPython's ``%`` and ``!`` lines left out), or None for a markdown
    cell or an empty one."""
    if cell.get("cell_type") != "code":
        return None
    lines = "".join(cell["source"]).splitlines()
    tree = ast.parse("\n".join("" if ln.lstrip().startswith(("%", "!")) else ln for ln in lines))
    return tree if tree.body else None
