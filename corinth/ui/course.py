"""A course of lessons: the exercises a lesson asks by name, their hints, the steps a lesson is cut
into, the progress line at its top and the lesson list, for any folder of lessons.

A folder of lessons holds its notebooks, ``exercises.toml`` (every exercise's question, hints and
explanations, by name) and ``WORDS.md``; where the engine can work an answer out, a function does it,
found by name in an ``AnswerBook`` (the toml's ``engine`` and ``position`` name it), so no answer is
written in a notebook. ``Course`` ties the two together and holds the lesson's progress, so that every
exercise it shows keeps its solved mark in the learner's browser.

>>> from pathlib import Path
>>> book = AnswerBook()
>>> @book.add
... def blue_shops() -> int:
...     return 4
>>> book["blue_shops"]()
4
>>> course = Course(Path(__file__).resolve().parents[2] / "notebooks", book)
>>> course.question("04-tie-break")["kind"]
'choice'

The older checkers (``Exercise``, ``MoveExercise``) are answered in code: the cell sets
``answer = None``; replace ``None`` with your answer and run the cell again.

>>> ex = Exercise(4, hint="Count the shops.", explain="Blue has four shops.")
>>> ex.check(None)
Hint: Count the shops.
>>> ex.check(4)
Correct! Blue has four shops.
"""

from __future__ import annotations

import functools
import html
import json
import re
import tomllib
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from corinth import GameState, IllegalMove, InvalidNotation, Move
from corinth.rules.catalogue import rule_card, rules
from corinth.shared.language import LANGUAGES, _, current_language, speaking

from .progress import Progress


def _same(reply: Any, answer: Any) -> bool:
    if isinstance(answer, (Fraction, float)) and not isinstance(reply, bool):
        try:
            value = Fraction(reply) if isinstance(reply, (str, int, Fraction)) else reply
            return abs(float(value) - float(answer)) < 1e-9
        except (TypeError, ValueError, ZeroDivisionError):
            return False
    if isinstance(answer, str) and isinstance(reply, str):
        return " ".join(reply.lower().split()) == answer.lower()
    if isinstance(answer, (set, frozenset)):
        try:
            return {str(x).lower() for x in reply} == {str(x).lower() for x in answer}
        except TypeError:
            return False
    return reply == answer


class Exercise:
    """A question with one right answer.

    ``wrong`` maps a tempting wrong answer to the reason it is wrong, or is a function that returns the
    reason (or None) for any reply.

    >>> Exercise(4, hint="Count.", wrong={3: "One shop is hidden."}).feedback(3)
    'Not quite: 3 is not it. One shop is hidden.'
    """

    def __init__(
        self,
        answer: Any,
        hint: str,
        explain: str = "",
        wrong: dict | Callable[[Any], str | None] | None = None,
    ):
        self.answer = answer
        self.hint = hint
        self.explain = explain
        self.wrong = wrong or {}

    def feedback(self, reply: Any) -> str:
        if reply is None:
            return _("Hint: {hint}").format(hint=_(self.hint))
        if _same(reply, self.answer):
            return _("Correct! {explain}").format(explain=_(self.explain)).rstrip()
        reason = None
        if callable(self.wrong):
            reason = self.wrong(reply)
        else:
            for key, text in self.wrong.items():
                if _same(reply, key):
                    reason = text
        return _("Not quite: {reply} is not it. {reason}").format(
            reply=repr(reply), reason=_(reason or self.hint)
        )

    def check(self, reply: Any) -> None:
        print(self.feedback(reply))


class MoveExercise:
    """Find a move in a position. Illegal moves are explained by the engine (with the rule's ID).

    ``accept`` (optional) tells which legal moves count as right when there is more than one.

    >>> from corinth import new_game
    >>> ex = MoveExercise(new_game(players=2, seed=1, first_player=0), "buy 0", hint="Buy none.")
    >>> ex.feedback("buy 0").startswith("Correct!")
    True
    """

    def __init__(
        self,
        state: GameState,
        answer: str,
        hint: str,
        explain: str = "",
        accept: Callable[[Move], bool] | None = None,
    ):
        self.state = state
        self.answer = str(Move.parse(answer))
        self.hint = hint
        self.explain = explain
        self.accept = accept or (lambda move: str(move) == self.answer)

    def feedback(self, reply: Any) -> str:
        if reply is None:
            return _("Hint: {hint}").format(hint=_(self.hint))
        try:
            move = Move.parse(reply) if isinstance(reply, str) else reply
            self.state.apply(move)
        except (IllegalMove, InvalidNotation) as exc:
            return _("Not a legal move here: {refusal}").format(refusal=exc)
        described = move.describe(self.state)
        if self.accept(move):
            return (
                _("Correct! {move} {explain}")
                .format(move=described, explain=_(self.explain))
                .rstrip()
            )
        return _("Legal, but not the one: {move} {hint}").format(move=described, hint=_(self.hint))

    def check(self, reply: Any) -> None:
        print(self.feedback(reply))


def play(state: GameState, *moves: str) -> GameState:
    """Apply moves in notation, one after another; a building offer (B1) in between is declined.

    >>> from corinth import new_game
    >>> play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456", "blue 3").phase
    'take'
    """
    for move in moves:
        if state.phase == "build" and not move.startswith("build"):
            state = state.apply("build none")
        if state.phase == "roll" and move == "buy 0":
            continue  # nothing to buy: the purvey step was skipped (R2)
        state = state.apply(move)
    return state


class AnswerBook(dict):
    """The functions that work out the lessons' answers and positions, by name: ``exercises.toml``
    names them (``engine``, ``position``) and the course finds them here, never among a module's
    global names. ``add`` is a decorator that records a function under its own name.

    >>> book = AnswerBook()
    >>> @book.add
    ... def green_goods() -> int:
    ...     return 5
    >>> sorted(book), book.find("green_goods")()
    (['green_goods'], 5)
    >>> AnswerBook.joined(book, AnswerBook()) == book
    True
    """

    def add(self, function: Callable) -> Callable:
        if function.__name__ in self:
            raise ValueError(f"two answers are named {function.__name__!r}")
        self[function.__name__] = function
        return function

    def find(self, name: str) -> Callable:
        try:
            return self[name]
        except KeyError:
            raise KeyError(f"no answer named {name!r}; there are: {', '.join(self)}") from None

    @classmethod
    def joined(cls, *books: AnswerBook) -> AnswerBook:
        """One book of the answers of several (each lesson's module keeps its own)."""
        whole = cls()
        for book in books:
            for function in book.values():
                whole.add(function)
        return whole


def clip_words(text: str, limit: int) -> str:
    """``text`` cut at a word before ``limit`` characters, with an ellipsis when cut.

    >>> clip_words("Which value lies on the Blue district?", 20)
    'Which value lies on…'
    """
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


_RULE_ID = re.compile(r"\b([CSRAMBTE]\d{1,2}[a-e]?)\b")


def hint_ladder(d: dict, answer, positions: dict | None = None) -> list[str]:
    """An exercise's hints from general to specific: ``hints`` in exercises.toml if it has them;
    otherwise the rule to use (named in its hint or explanation), its own hint, then a narrowing
    (for a choice, the wrong options ruled out but one; for a group, ``positions`` gives the
    position's function by name).

    >>> hint_ladder({"kind": "choice", "hint": "Gold breaks a tie (E2).", "options": ["A", "B"]}, "A")[0]
    'The rule to use: “Who wins” (E2).'

    The hints are in the language spoken now (exercises.toml's in English, the catalogue's keys).
    """
    if d.get("hints"):
        return [_(hint) for hint in d["hints"]]
    from .exercise import group_name

    ladder = []
    text = " ".join(d.get(k, "") for k in ("hint", "explain", "question"))
    ids = [i for i in dict.fromkeys(_RULE_ID.findall(text)) if i in rules()]
    if len(ids) > 1:
        ladder.append(
            _("The rule to use: “{title}” ({rule}) and “{other_title}” ({other_rule}).").format(
                title=rule_card(ids[0]).title,
                rule=ids[0],
                other_title=rule_card(ids[1]).title,
                other_rule=ids[1],
            )
        )
    elif ids:
        ladder.append(
            _("The rule to use: “{title}” ({rule}).").format(
                title=rule_card(ids[0]).title, rule=ids[0]
            )
        )
    else:
        ladder.append(_("Read the question again: what does it ask you to count or compare?"))
    if d.get("hint"):
        ladder.append(_(d["hint"]))
    if d["kind"] == "choice":
        wrong = [_(o) for o in d["options"] if o != answer]
        if len(wrong) == 2:
            ladder.append(_("It is not “{option}”.").format(option=wrong[0]))
        elif len(wrong) == 3:
            ladder.append(
                _("It is not “{option}” and not “{other}”.").format(option=wrong[0], other=wrong[1])
            )
        elif len(wrong) > 3:
            ladder.append(
                _("It is not “{options}” and not “{other}”.").format(
                    # the quotes between options as the language writes them
                    options=_("”, “").join(wrong[:-2]),
                    other=wrong[-2],
                )
            )
    elif d["kind"] == "number" and answer is not None:
        value = Fraction(str(answer))
        if value.denominator == 1 and value > 2:
            ladder.append(
                _("The answer is a whole number from {low} to {high}.").format(
                    low=int(value) // 2, high=int(value) * 2
                )
            )
        elif value.denominator == 1 and value >= 0:
            ladder.append(_("The answer is a small whole number: 0, 1 or 2."))
    elif d["kind"] == "group" and answer and positions:
        right = {answer} if isinstance(answer, str) else set(answer)
        taken = [district for district, _n in positions[d["position"]]().groups()]
        others = [group_name(district) for district in taken if district not in right]
        if len(others) == 2:
            ladder.append(_("It is not {group}.").format(group=others[0]))
        elif len(others) > 2:
            ladder.append(
                _("It is not {groups} nor {other}.").format(
                    groups=", ".join(others[:-2]), other=others[-2]
                )
            )
    return ladder


@functools.cache  # every puzzle question would load and check all the stored sets again
def stored_puzzles() -> tuple:
    """Corinth's stored puzzles, each checked as the sets load (once per kernel).

    >>> stored_puzzles()[0].id
    't1-01'
    """
    from corinth.solver.puzzles import load_puzzles

    return tuple(load_puzzles())


@functools.cache  # the lesson list, at every visit
def puzzle_marks() -> dict[str, list[str]]:
    """The names the marks of each trainer's stored puzzles are kept under, in the trainer's order,
    by the lesson that offers the trainer (06b: Corinth's, 11b: Corintho's, 12b: The Four Courts'),
    from the puzzles' ids alone: the loaders check every puzzle as they load (seconds), and the
    lesson list, which only counts them, is the page a class opens most.

    >>> marks = puzzle_marks()
    >>> marks["06b"][0], marks["11b"][0], marks["12b"][0]
    ('puzzle-t1-01', 'corintho-w1-01', 'courts-round-01')
    """
    from types import SimpleNamespace

    from corinth.corintho import puzzles as corintho
    from corinth.courts import puzzles as courts
    from corinth.solver.puzzles import stored_ids

    from .trainer import corintho_mark, courts_mark, progress_name

    def marks(mark: Callable[[Any], str], ids: list[str]) -> list[str]:
        return [mark(SimpleNamespace(id=i)) for i in ids]

    return {
        "06b": marks(progress_name, stored_ids()),
        "11b": marks(corintho_mark, corintho.stored_ids()),
        "12b": marks(courts_mark, courts.stored_ids()),
    }


_STEP = re.compile(r"^## (Step \d+ of \d+: .+)$", re.M)
# What a step teaches, by rule ID, in a comment under its heading (hidden from the learner):
# "<!-- rules taught: C1, C2 -->", or "<!-- rules taught: none -->".
_TAUGHT = re.compile(r"<!--\s*rules taught:\s*([^>]*?)\s*-->")
_STEP_OR_TAUGHT = re.compile(f"{_STEP.pattern}|{_TAUGHT.pattern}", re.M)
# What a step's practice is kept under in the browser: an exercise, or a puzzle on its own board.
_TRACKED = re.compile(
    r"""^(ask|puzzle_board|corintho_puzzle|courts_puzzle)\(["']([\w.-]+)["']""", re.M
)
_MARK = {
    "ask": "",
    "puzzle_board": "puzzle-",
    "corintho_puzzle": "corintho-",
    "courts_puzzle": "courts-",
}
_NEXT_LESSON = re.compile(r"Next lesson: \*\*\[([^\]]+)\]\((\d\d[a-z]?_[\w.-]+\.ipynb)\)")
# A link to a lesson (in English, or to its translation: "05_play_a_game.fr.ipynb").
_LESSON_LINK = re.compile(r"\[([^\]]+)\]\((\d\d[a-z]?_[\w-]+)(?:\.[a-z][a-z])?\.ipynb\)")
_HEADING = re.compile(r"^## (.+)$", re.M)


def _translation(path: Path, language: str) -> Path:
    """A lesson's notebook in ``language`` (``NAME.fr.ipynb``), or the English one when it has none."""
    if language == "en":
        return path
    translated = path.with_name(f"{path.stem}.{language}{path.suffix}")
    return translated if translated.is_file() else path


def _is_translation(path: Path) -> bool:
    """``01_the_harbor.fr.ipynb`` is a translation of ``01_the_harbor.ipynb``."""
    return len(path.suffixes) > 1


def _cell_text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _label(name: str, questions: dict) -> str:
    """A step's exercise named for the learner: its question, or the puzzle on its board."""
    if (
        name.startswith(("puzzle-", "corintho-", "courts-"))
        or questions.get(name, {}).get("kind") == "puzzle"
    ):
        return _("the puzzle on its board")
    question = questions.get(name, {}).get("question", "")
    words = re.sub(r"<[^>]+>|[*`]", "", _(question) if question else "").strip()
    return _("“{question}”").format(question=clip_words(words, 90)) if words else _("its exercise")


class Course:
    """The lessons of ``folder`` (their notebooks, ``exercises.toml``, ``WORDS.md``) with the
    functions of ``answers`` that work their answers out. ``progress`` is the shown lesson's
    progress line once ``lesson_progress`` made it: every exercise and puzzle board shown after it
    keeps its solved mark in the learner's browser.

    >>> from pathlib import Path
    >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
    >>> course.ask("04-tie-break").answer_with("Ana")
    'Not quite. Goats do not break ties: only gold does (E2).'
    >>> course.progress is None, course.lesson_progress("04") is course.progress
    (True, True)
    """

    def __init__(self, folder: Path, answers: AnswerBook | None = None):
        self.folder = Path(folder)
        self.data = self.folder / "exercises.toml"
        self.answers = answers if answers is not None else AnswerBook()
        self.progress: Progress | None = None
        self._read: dict[str, Any] = {}  # exercises.toml as last read, and when it was written
        # by shelf title: the page's trainers of that game, told of a puzzle solved on its own board
        self._listeners: dict[str, list[Callable[[str], None]]] = {}

    # --- the exercises ------------------------------------------------------------------------

    def questions(self) -> dict[str, dict]:
        """Every exercise of exercises.toml, by name: read again only when the file has changed
        (each exercise, lesson line and the lesson list asks for it)."""
        stamp = self.data.stat().st_mtime_ns
        if self._read.get("stamp") != stamp:
            with self.data.open("rb") as f:
                self._read.update(stamp=stamp, data=tomllib.load(f))
        return self._read["data"]

    def question(self, name: str) -> dict:
        """The exercise ``name`` as exercises.toml writes it."""
        data = self.questions()
        if name not in data:
            raise KeyError(
                f"no exercise {name!r} in {self.data.name}; there are: {', '.join(data)}"
            )
        return data[name]

    def exercise(self, name: str, position: GameState | None = None, then: str = ""):
        """The widget of exercise ``name`` (``ask`` without the progress mark)."""
        from .exercise import ChoiceExercise, GroupExercise, NumberExercise, PathExercise
        from .puzzle import PuzzleWidget

        d = self.question(name)
        engine = self.answers.find(d["engine"]) if "engine" in d else None
        kind = d["kind"]
        answer = engine() if engine and kind not in ("group", "walk", "puzzle") else d.get("answer")
        common = {"hint": d.get("hint", ""), "explain": d.get("explain", "")}
        if kind == "puzzle":
            if "puzzle" in d:
                position = next(p for p in stored_puzzles() if p.id == d["puzzle"])
            elif position is None:
                position = self.answers.find(d["position"])()
            return PuzzleWidget(position, **common)
        common["hints"] = hint_ladder(d, answer, self.answers)
        if kind == "walk":
            state = self.answers.find(d["position"])()
            group = d.get("group", "")
            widget = PathExercise(d["question"], state, group, accept=engine, **common)
            widget.sheet.highlight = list(d.get("highlight", []))  # the cells its question names
            return widget
        if kind == "choice":
            return ChoiceExercise(
                d["question"], d["options"], answer, wrong=d.get("wrong"), then=then, **common
            )
        if kind == "number":
            return NumberExercise(d["question"], answer, wrong=d.get("wrong"), **common)
        if kind == "group":
            state = self.answers.find(d["position"])()
            return GroupExercise(d["question"], state, set(answer), wrong=d.get("wrong"), **common)
        raise ValueError(f"exercise {name!r}: unknown kind {kind!r}")

    def ask(self, name: str, position: GameState | None = None, then: str = ""):
        """The exercise ``name`` of exercises.toml as a widget: answered by clicks, checked here,
        its solved mark kept in the learner's browser (``lesson_progress``).

        ``position`` replaces the position of a "puzzle" exercise (for one taken from a live game);
        ``then`` is a prediction's check, shown under the question once the learner has answered.
        """
        widget = self.exercise(name, position, then)
        self._track(name, widget)
        return widget

    def _track(self, name: str, widget) -> None:
        """Count exercise or puzzle board ``widget`` on the lesson's progress as ``name``: its mark
        restored, set when solved, forgotten at a reset, and each check, hint and answer shown
        (``on_event``, which every exercise and puzzle board has) told to a class's teacher
        (``Progress.tell``)."""
        progress = self.progress
        if progress is not None:
            progress.track(name, on_restore=widget.solved_before)
            widget.on_solved(lambda: progress.mark(name))
            progress.on_reset(widget.forget)
            widget.on_event(lambda kind, answer, right: progress.tell(name, kind, answer, right))

    # --- the lessons' steps, progress line and list -------------------------------------------

    def lesson_file(self, file: str, language: str | None = None) -> str:
        """A lesson's file name in ``language`` (the language spoken now by default): its
        translation's beside it (``05_play_a_game.fr.ipynb``), or the English one's when it has none.

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> course.lesson_file("05_play_a_game.ipynb", "en")
        '05_play_a_game.ipynb'
        """
        return _translation(self.folder / file, language or current_language()).name

    def lesson_steps(self, lesson: str, language: str | None = None) -> tuple[list[dict], dict]:
        """The steps of lesson ``lesson`` ("01") as the learner meets them, read from its notebook
        (cells tagged ``lab-only`` left out): each step's title, its heading's anchor, the exercises
        and puzzle boards it asks (by the names their marks are kept under) and how they read, and
        the rule IDs it teaches (``rules``, from the comment under its heading, None without one);
        and the next lesson its last step links to ({"file", "title"}, or {}).

        The titles, anchors and labels are the notebook's of ``language`` (the language spoken now
        by default: ``04_buildings_and_score.fr.ipynb`` in French, the English one where it has no
        translation), and the next lesson's file is its translation's; the steps' exercises and
        rules are the English notebook's (the same in every language).

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> steps, following = course.lesson_steps("04", "en")
        >>> steps[0]["title"], steps[0]["rules"], following["file"]
        ('Step 1 of 4: Building', ['B1'], '05_play_a_game.ipynb')
        """
        language = language or current_language()
        with speaking(language):  # the labels in that language too
            return self._lesson_steps(lesson, language)

    def _lesson_steps(self, lesson: str, language: str) -> tuple[list[dict], dict]:
        files = [
            path
            for path in sorted(self.folder.glob(f"{lesson}_*.ipynb"))
            if not _is_translation(path)
        ]
        if not files:
            return [], {}
        questions = self.questions()
        cells = json.loads(files[0].read_text(encoding="utf-8"))["cells"]
        shown = _translation(files[0], language)
        said = (
            cells if shown == files[0] else json.loads(shown.read_text(encoding="utf-8"))["cells"]
        )
        # A translation has one cell more, before its first code cell: the one saying its language.
        said = [cell for cell in said if not str(cell.get("id", "")).startswith("language-")]
        if len(said) != len(cells):  # a translation not made again since its lesson changed
            said = cells
        steps: list[dict] = []
        following: dict = {}
        for cell, words in zip(cells, said):
            if "lab-only" in cell.get("metadata", {}).get("tags", []):
                continue
            text = _cell_text(cell)
            if cell["cell_type"] == "markdown":
                english = _HEADING.findall(text)
                heard = _HEADING.findall(_cell_text(words))
                for found in _STEP_OR_TAUGHT.finditer(text):
                    title, taught = found.groups()
                    if title:
                        # the step's heading in the shown notebook: its heading of the same place;
                        # its anchor the English one, which a translated lesson keeps for it
                        # (JupyterLab finds no anchor with a letter outside ASCII from a link)
                        anchor = title.replace(" ", "-")
                        at = english.index(title)
                        if len(heard) == len(english):
                            title = heard[at].strip()
                        step = {"title": title, "anchor": anchor, "items": [], "labels": []}
                        steps.append({**step, "rules": None})
                    elif steps:
                        ids = [] if taught.strip() == "none" else re.split(r"[\s,]+", taught)
                        steps[-1]["rules"] = (steps[-1]["rules"] or []) + [i for i in ids if i]
                nxt = _NEXT_LESSON.search(text)
                if nxt and not following:
                    title = nxt.group(1)
                    stem = nxt.group(2).removesuffix(".ipynb")
                    for name, linked in _LESSON_LINK.findall(_cell_text(words)):
                        if linked == stem:
                            title = name
                            break
                    following = {"title": title, "file": self.lesson_file(nxt.group(2), language)}
            elif steps and cell["cell_type"] == "code":
                for function, name in _TRACKED.findall(text):
                    name = _MARK[function] + name
                    if name not in steps[-1]["items"]:
                        steps[-1]["items"].append(name)
                        steps[-1]["labels"].append(_label(name, questions))
        return steps, following

    def asked_before_taught(self, lessons: list[str]) -> list[str]:
        """Every exercise of ``lessons`` (one game's, in the order a learner takes them) that asks a
        rule before it is taught, in a sentence each: each rule an exercise asks (its ``rules`` in
        exercises.toml) must be taught by its own step or an earlier one, of its lesson or of an
        earlier lesson of ``lessons`` (the steps' ``rules``, ``lesson_steps``).

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> course.asked_before_taught(["12", "12b"])
        []
        >>> course.asked_before_taught(["12b"])[0]  # lesson 12 left out: its rules untaught
        '12b-tie-break (lesson 12b, Step 2 of 4: A tie of points) asks C2, taught in no step'
        """
        questions = self.questions()
        first: dict[str, tuple[int, str]] = {}  # rule → the first step teaching it: (number, where)
        asked: list[tuple[int, str, str]] = []  # (step number, where, exercise)
        number = 0
        for lesson in lessons:
            for step in self.lesson_steps(lesson, "en")[0]:
                number += 1
                where = f"lesson {lesson}, {step['title']}"
                for rule in step["rules"] or []:
                    first.setdefault(rule, (number, where))
                asked += [(number, where, name) for name in step["items"] if name in questions]
        problems = []
        for number, where, name in asked:
            for rule in questions[name].get("rules", []):
                taught = first.get(rule)
                if taught is None or taught[0] > number:
                    later = f"taught only in {taught[1]}" if taught else "taught in no step"
                    problems.append(f"{name} ({where}) asks {rule}, {later}")
        return problems

    def lesson_progress(self, lesson: str) -> Progress:
        """The progress line of a lesson ("This lesson: 2 of 6 exercises solved"), shown at its
        top: the lesson's exercises are marked when solved and the marks kept in this browser. The
        line names the next step whose exercise is not solved yet, or, once all are, the next
        lesson.

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> course.lesson_progress("04").items[:2]
        ['04-what-to-build', '04-temple']
        """
        names = [n for n in self.questions() if n.startswith(f"{lesson}-")]
        steps, following = self.lesson_steps(lesson)
        self.progress = Progress(
            lesson=lesson,
            items=names,
            steps=steps,
            next_lesson=following,
            language=current_language(),
        )
        return self.progress

    def words_panel(self):
        """The game's words (``WORDS.md``), folded under a small "Words" line at the top of a
        lesson: a learner who meets a word again opens it there.

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> "<details" in course.words_panel().data
        True
        """
        from IPython.display import HTML

        words = self.folder / f"WORDS.{current_language()}.md"  # a translation, where there is one
        if not words.is_file():
            words = self.folder / "WORDS.md"
        text = words.read_text(encoding="utf-8")
        body = text.split("\n", 1)[1] if text.startswith("# ") else text  # without its own title
        try:
            import mistune

            shown = mistune.html(body)
        except ImportError:  # pragma: no cover - the lessons' environments have it (nbconvert's)
            shown = f"<pre>{html.escape(body)}</pre>"
        summary = _("<b>Words</b>: the game's words, each in one meaning")
        return HTML(
            "<details class='corinth-words' style='margin:4px 0'>"
            f"<summary>{summary}</summary>{shown}</details>"
        )

    def course_map(self, language: str | None = None) -> Progress:
        """The lesson list with each lesson's solved count (from this browser), the first lesson
        not finished marked "Continue here →", finished ones "✓ finished", and a reset button.

        A lesson is finished when every exercise and puzzle board of its steps is solved; the
        puzzles of its trainer (06b, 11b, 12b) are counted apart, as extra practice.

        The list is the language's (``index.fr.ipynb`` in French, its titles, and links to the
        lessons' translations); the marks are the same in every language (kept by exercise name).

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> [lesson["file"] for lesson in course.course_map("en").lessons][:2]
        ['00_start_here.ipynb', '01_the_harbor.ipynb']
        """
        language = language or current_language()
        names = list(self.questions())
        index = _translation(self.folder / "index.ipynb", language)
        cells = json.loads(index.read_text(encoding="utf-8"))["cells"]
        text = "".join(_cell_text(c) for c in cells if c["cell_type"] == "markdown")
        lessons = []
        trainers = puzzle_marks()  # each trainer's puzzles, by the lesson that offers it
        for title, stem in _LESSON_LINK.findall(text):
            file = self.lesson_file(f"{stem}.ipynb", language)
            if any(lesson["file"] == file for lesson in lessons):
                continue
            lesson = stem.split("_", 1)[0]  # "06", or "06b" for the second part of a long lesson
            steps, _following = self.lesson_steps(lesson, language)
            items = [n for step in steps for n in step["items"]]
            items += [n for n in names if n.startswith(f"{lesson}-") and n not in items]
            extra = [n for n in trainers.get(lesson, []) if n not in items]
            if items:
                lessons.append({"file": file, "title": title, "items": items, "extra": extra})
        # the switch to the list in each language it is written in (English always)
        switch = [
            {
                "code": code,
                "name": name,
                "file": _translation(self.folder / "index.ipynb", code).name,
            }
            for code, name in LANGUAGES.items()
        ]
        switch = [s for s in switch if s["code"] == "en" or s["file"] != "index.ipynb"]
        return Progress(lessons=lessons, language=language, languages=switch)

    # --- puzzles on their own boards and in trainers ------------------------------------------

    def puzzle_trainer(self):
        """Lesson 06b's practice: the stored puzzles one after another, solved ones marked in this
        browser."""
        from .trainer import PuzzleTrainer

        return PuzzleTrainer(list(stored_puzzles()), progress=self.progress)

    def puzzle_board(self, puzzle_id: str):
        """One stored puzzle on its board, solved by clicks; its mark kept in this browser under
        the same name as in the trainer, so a puzzle solved here is solved there too.

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> course.puzzle_board("t1-02").puzzle.id
        't1-02'
        """
        from .puzzle import PuzzleWidget
        from .trainer import progress_name

        puzzle = next(p for p in stored_puzzles() if p.id == puzzle_id)
        board = PuzzleWidget(puzzle)
        self._track(progress_name(puzzle), board)
        return board

    def _shelf_puzzle(self, shelf, puzzles, puzzle_id: str):
        """One puzzle of a game's set on its shelf's board, solved by clicks; its mark kept in this
        browser, and the page's trainer of that shelf told of it."""
        puzzle = next(p for p in puzzles if p.id == puzzle_id)
        board = shelf.board(puzzle)
        listeners = self._listeners.setdefault(shelf.title, [])
        board.on_solved(lambda: [heard(puzzle.id) for heard in list(listeners)])
        self._track(shelf.mark(puzzle), board)
        return board

    def _shelf_trainer(self, shelf, puzzles, kind: str):
        """A game's puzzles on the shared trainer, told of a puzzle solved on another board."""
        from .trainer import PuzzleTrainer

        trainer = PuzzleTrainer(puzzles, self.progress, shelf=shelf, start=kind)
        self._listeners.setdefault(shelf.title, []).append(trainer.heard)
        return trainer

    def corintho_puzzle(self, puzzle_id: str):
        """One Corintho puzzle on its board, solved by clicks; its mark kept in this browser, and
        the page's Corintho trainer told of it."""
        from .corintho import corintho_puzzles
        from .trainer import CORINTHO_SHELF

        return self._shelf_puzzle(CORINTHO_SHELF, corintho_puzzles(), puzzle_id)

    def corintho_trainer(self, kind: str = "win in 1"):
        """Corintho's puzzles one after another, by kind, solved ones marked in this browser, on
        the trainer every game's sets share (``PuzzleTrainer`` with Corintho's shelf). A puzzle
        solved on another board of the page (``corintho_puzzle``) is marked here too.

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> trainer = course.corintho_trainer()
        >>> trainer.board.puzzle.id, trainer.board.answer(sorted(trainer.board.answers)[0])
        ('w1-01', True)
        >>> board = course.corintho_puzzle("x4-01")  # solved on its own board: the trainer hears it
        >>> board.answer(sorted(board.answers)[0]), "x4-01" in trainer.solved
        (True, True)
        """
        from .corintho import corintho_puzzles
        from .trainer import CORINTHO_SHELF

        return self._shelf_trainer(CORINTHO_SHELF, corintho_puzzles(), kind)

    def courts_puzzle(self, puzzle_id: str):
        """One Four Courts puzzle on its board, answered by clicks (a card, then a Court); its mark
        kept in this browser, and the page's Four Courts trainer told of it."""
        from .courts import courts_puzzles
        from .trainer import COURTS_SHELF

        return self._shelf_puzzle(COURTS_SHELF, courts_puzzles(), puzzle_id)

    def courts_trainer(self, kind: str = "round"):
        """The Four Courts' "which card now?" puzzles one after another, this round's first, solved
        ones marked in this browser, on the trainer every game's sets share (``PuzzleTrainer``
        with the Four Courts' shelf). A puzzle solved on another board of the page
        (``courts_puzzle``) is marked here too.

        >>> course = Course(Path(__file__).resolve().parents[2] / "notebooks")
        >>> trainer = course.courts_trainer()
        >>> trainer.board.puzzle.id, trainer.board.answer(sorted(trainer.board.answers)[0])
        ('round-01', True)
        >>> board = course.courts_puzzle("deal-01")  # solved on its own board: the trainer hears it
        >>> board.answer(sorted(board.answers)[0]), "deal-01" in trainer.solved
        (True, True)
        """
        from .courts import courts_puzzles
        from .trainer import COURTS_SHELF

        return self._shelf_trainer(COURTS_SHELF, courts_puzzles(), kind)
