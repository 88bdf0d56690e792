"""A learner's progress: solved exercises and puzzles marked, and kept in the learner's own browser.

Nothing is stored on the server or needs an account: the page keeps the marks in the browser's
``localStorage`` (the same in JupyterLab and in the classroom app, per address). On a lesson,
``Progress`` restores the marks of the page's exercises when the page opens and writes each new one,
and its line names the next step whose exercise is not solved yet, or, once all are, the next lesson.
On the lesson list it shows every lesson's count with a link, "✓ finished" on the finished ones and
"Continue here →" on the first one not finished. "Reset my progress" forgets them all.

The page draws these lines (``widgets/progress.js``) from the marks the browser keeps; ``line`` and
``course`` say the same words from a given set of marks, for the text ``repr`` and for tests.

>>> progress = Progress(lesson="01")
>>> progress.track("01-blue-value")
>>> progress.mark("01-blue-value"), progress
(True, This lesson: 1 of 1 exercises solved)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import traitlets

from corinth.shared.language import _, current_language, js_words, ngettext, speaking

from ._base import FrontEnd, Texts, asset, clip, module, read_message, stylesheet

_NAME = re.compile(r"^[\w.-]{1,80}$")  # an exercise's or puzzle's name, as the page sends it back

Event = Callable[[str, str, bool | None], Any]  # (kind, the answer in words, right or not)


class Reports:
    """What a learner does on an exercise or a puzzle board, told to who listens (``on_event``):
    each check of an answer ("check", the answer in words, right or not), each hint ("hint") and
    each answer shown ("shown"). The lessons (``Course``) and the trainers pass it to
    ``Progress.tell``, which reports it to a class's teacher: every exercise and every puzzle
    board of the three games says it the same way.

    >>> class Board(Reports):
    ...     pass
    >>> board, seen = Board(), []
    >>> board.on_event(lambda *event: seen.append(event))
    >>> board._tell("check", "blue", False); board._tell("hint"); seen
    [('check', 'blue', False), ('hint', '', None)]
    """

    _on_event: tuple[Event, ...] = ()

    def on_event(self, callback: Event) -> None:
        """Call ``callback(kind, answer, right)`` at each check ("check", the answer in words,
        right or not), hint ("hint") and answer shown ("shown"): what a class's teacher sees."""
        self._on_event = (*self._on_event, callback)

    def _tell(self, kind: str, answer: str = "", right: bool | None = None) -> None:
        for callback in self._on_event:
            callback(kind, answer, right)


class Progress(FrontEnd):
    """The solved marks of one lesson (``items``: its exercise names; ``steps``: each step's
    ``{"title", "anchor", "items", "labels"}``; ``next_lesson``: ``{"file", "title"}``) or, with
    ``lessons``, the map of every lesson (each ``{"file", "title", "items", "extra"}``: the items its
    steps ask, which finish it, and the puzzles of its trainer, counted apart). ``on_restore``
    callbacks get the names the browser remembered as solved when the page opened.

    ``language`` (the language spoken now by default) is the one the page speaks: its ``words``
    (``js_words`` of ``widgets/progress.js``) and the lesson list's language switch."""

    _esm = module("progress.js")
    _css = stylesheet()
    lesson = traitlets.Unicode("").tag(sync=True)
    items = traitlets.List(traitlets.Unicode()).tag(sync=True)
    solved = traitlets.List(traitlets.Unicode()).tag(sync=True)
    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)
    steps = traitlets.List(traitlets.Dict()).tag(sync=True)
    next_lesson = traitlets.Dict().tag(sync=True)
    words = traitlets.Dict().tag(sync=True)  # the page's words in its language (js_words)
    # The lesson list's language switch: each language's list, {"code", "name", "file"}.
    languages = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(self, language: str | None = None, **kwargs: Any):
        with speaking(language or current_language()):
            kwargs.setdefault("words", js_words(asset("progress.js").read_text(encoding="utf-8")))
        super().__init__(**kwargs)
        self._restore: dict[str, list[Callable[[str], None]]] = {}  # name -> its callbacks
        self._reset: list[Callable[[], None]] = []
        self.on_msg(self._on_page)

    def set_state(self, sync_data: dict) -> None:
        """The page never writes a trait: its only words are checked messages (``_on_page``)."""
        self.send_state(list(self.keys))  # the page redraws what Python holds

    def on_reset(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the learner presses "Reset my progress"."""
        self._reset.append(callback)

    def track(self, name: str, on_restore: Callable[[str], None] | None = None) -> None:
        """Count exercise ``name`` on this page; ``on_restore(name)`` runs if the browser remembers it
        solved."""
        if name not in self.items:
            self.items = [*self.items, name]
        if on_restore is not None:
            if name in self.solved:  # the page already said so (it opened before this exercise)
                on_restore(name)
            self._restore.setdefault(name, []).append(on_restore)

    def mark(self, name: str) -> bool:
        """Mark ``name`` solved (the page writes it to the browser); False if it is not tracked."""
        if name not in self.items:
            return False
        if name not in self.solved:
            self.solved = [*self.solved, name]
        return True

    def tell(self, name: str, kind: str, answer: str = "", right: bool | None = None) -> None:
        """Tell the page what the learner just did on exercise ``name``: a check ("check", the
        answer in words, right or not), a hint ("hint") or the answer shown ("shown"). In a
        classroom whose class the learner joined, the page reports it to the teacher's page;
        elsewhere it keeps nothing of it.

        >>> progress = Progress(lesson="01", items=["01-a"])
        >>> progress.tell("01-a", "check", "12", False)  # sent to the page, nothing kept here
        >>> progress.tell("01-zz", "hint")  # not this lesson's: nothing sent
        """
        if name in self.items and kind in ("check", "hint", "shown"):
            self.send(
                {
                    "event": "tried",
                    "item": name,
                    "kind": kind,
                    "answer": clip(answer, 80),
                    "right": right,
                }
            )

    # What the page says (``read_message``): the browser's storage may hold anything, so a
    # message that is not one of these is left unread.
    page_events = {
        "reset": {},
        "restore": {"solved": Texts(1000, 200, "the exercises solved, by name")},
    }

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        checked = read_message(content, self.page_events)
        if isinstance(checked, str):
            return
        event, fields = checked
        if event == "reset":
            self.solved = []
            for callback in self._reset:
                callback()
        else:
            for name in fields["solved"][: len(self.items)]:
                if _NAME.match(name) and name in self.items:
                    if name not in self.solved:
                        self.solved = [*self.solved, name]
                    for callback in self._restore.get(name, ()):
                        callback(name)

    def line(self, solved: Iterable[str] | None = None) -> str:
        """The lesson's line as the page shows it, for the marks ``solved`` (default: ``self.solved``).

        >>> progress = Progress(lesson="01", items=["01-a", "01-b"], steps=[
        ...     {"title": "Step 1 of 2: A", "anchor": "Step-1-of-2:-A", "items": ["01-a"], "labels": ["“A?”"]},
        ...     {"title": "Step 2 of 2: B", "anchor": "Step-2-of-2:-B", "items": ["01-b"], "labels": ["“B?”"]}],
        ...     next_lesson={"file": "02_x.ipynb", "title": "02 X"})
        >>> progress.line({"01-a"})
        'This lesson: 1 of 2 exercises solved (kept in this browser). Next: Step 2 of 2: B — “B?”'
        >>> progress.line({"01-a", "01-b"})
        'This lesson: 2 of 2 exercises solved (kept in this browser). ✓ Lesson finished — next: 02 X'
        """
        done = set(self.solved if solved is None else solved)
        needed = [n for step in self.steps for n in step.get("items", ())] or list(self.items)
        extra = [n for n in self.items if n not in needed]
        count = sum(n in done for n in needed)
        if extra:
            text = ngettext(
                "This lesson: {done} of {total} exercises solved, and {puzzles_done} of {puzzles} "
                "puzzles of the trainer (kept in this browser).",
                "This lesson: {done} of {total} exercises solved, and {puzzles_done} of {puzzles} "
                "puzzles of the trainer (kept in this browser).",
                count,
            ).format(
                done=count,
                total=len(needed),
                puzzles_done=sum(n in done for n in extra),
                puzzles=len(extra),
            )
        else:
            text = ngettext(
                "This lesson: {done} of {total} exercises solved (kept in this browser).",
                "This lesson: {done} of {total} exercises solved (kept in this browser).",
                count,
            ).format(done=count, total=len(needed))
        for step in self.steps:
            for name, label in zip(step.get("items", ()), step.get("labels", ())):
                if name not in done:
                    following = _("Next: {step} — {exercise}")
                    return f"{text} {following.format(step=step['title'], exercise=label)}"
        if self.steps and all(n in done for n in needed):
            following = self.next_lesson.get("title")
            if following:
                finished = _("✓ Lesson finished — next: {lesson}").format(lesson=following)
            else:
                finished = _("✓ Lesson finished.")
            return f"{text} {finished}"
        return text

    def course(self, solved: Iterable[str] | None = None, trainers: bool = True) -> list[str]:
        """The lesson list's lines as the page shows them, for the marks ``solved``: the summary, then
        one line per lesson ("✓ finished", or "Continue here →" on the first one not finished; "Start
        here →" while nothing is solved). ``trainers=False`` leaves out the count of each trainer's
        puzzles (the text ``repr``, which then does not change with the puzzle sets).

        >>> course = Progress(lessons=[{"file": "00_a.ipynb", "title": "00 A", "items": ["00-a"]},
        ...                            {"file": "01_b.ipynb", "title": "01 B", "items": ["01-a", "01-b"]}])
        >>> course.course({"00-a", "01-a"})[1:]
        ['00 A — 1 of 1 solved ✓ finished', '01 B — 1 of 2 solved · Continue here →']
        """
        done = set(self.solved if solved is None else solved)
        lines, here, finished, total, count = [], False, 0, 0, 0
        anything = any(n in done for lesson in self.lessons for n in lesson.get("items", ()))
        for lesson in self.lessons:
            items, extra = lesson.get("items", []), lesson.get("extra", [])
            n = sum(name in done for name in items)
            total, count = total + len(items), count + n
            text = ngettext(
                "{lesson} — {done} of {total} solved", "{lesson} — {done} of {total} solved", n
            ).format(lesson=lesson["title"], done=n, total=len(items))
            if extra and trainers:
                solved_extra = sum(name in done for name in extra)
                puzzles = ngettext(
                    "{done} of {total} puzzles", "{done} of {total} puzzles", solved_extra
                ).format(done=solved_extra, total=len(extra))
                text += f" · {puzzles}"
            if n == len(items):
                finished += 1
                text += " " + _("✓ finished")
            elif not here:
                here = True
                text += " · " + (_("Continue here →") if anything else _("Start here →"))
            lines.append(text)
        summary = ngettext(
            "Your progress: {finished} of {lessons} lessons finished, {done} of {total} exercises "
            "solved (kept in this browser).",
            "Your progress: {finished} of {lessons} lessons finished, {done} of {total} exercises "
            "solved (kept in this browser).",
            finished,
        ).format(finished=finished, lessons=len(self.lessons), done=count, total=total)
        if self.lessons and finished == len(self.lessons):
            summary += " " + _("Every lesson finished ✓")
        return [summary, *lines]

    def __repr__(self) -> str:
        if self.lessons:
            return "\n".join(self.course(trainers=False))
        return clip(
            ngettext(
                "This lesson: {done} of {total} exercises solved",
                "This lesson: {done} of {total} exercises solved",
                len(self.solved),
            ).format(done=len(self.solved), total=len(self.items))
        )
