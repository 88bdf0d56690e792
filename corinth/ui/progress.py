"""A learner's progress: solved exercises and puzzles marked, and kept in the learner's own browser.

Nothing is stored on the server or needs an account: the page keeps the marks in the browser's
``localStorage`` (the same in JupyterLab and in the classroom app, per address). On a lesson,
``Progress`` restores the marks of the page's exercises when the page opens and writes each new one;
on the lesson list it shows every lesson's count with a link. "Reset my progress" forgets them all.

>>> progress = Progress(lesson="01")
>>> progress.track("01-blue-value")
>>> progress.mark("01-blue-value"), progress
(True, This lesson: 1 of 1 exercises solved)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ._base import clip, module, stylesheet

_NAME = re.compile(r"^[\w.-]{1,80}$")  # an exercise's or puzzle's name, as the page sends it back


class Progress(anywidget.AnyWidget):
    """The solved marks of one lesson (``items``: its exercise names) or, with ``lessons``, the map of
    every lesson (each ``{"file", "title", "items"}``). ``on_restore`` callbacks get the names the
    browser remembered as solved when the page opened."""

    _esm = module("progress.js")
    _css = stylesheet()
    lesson = traitlets.Unicode("").tag(sync=True)
    items = traitlets.List(traitlets.Unicode()).tag(sync=True)
    solved = traitlets.List(traitlets.Unicode()).tag(sync=True)
    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(self, **kwargs: Any):
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

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # What the page sends is checked like any input: known names only, bounded.
        if not isinstance(content, dict):
            return
        if content.get("event") == "reset":
            self.solved = []
            for callback in self._reset:
                callback()
        elif content.get("event") == "restore" and isinstance(content.get("solved"), list):
            for name in content["solved"][: len(self.items)]:
                if isinstance(name, str) and _NAME.match(name) and name in self.items:
                    if name not in self.solved:
                        self.solved = [*self.solved, name]
                    for callback in self._restore.get(name, ()):
                        callback(name)

    def __repr__(self) -> str:
        if self.lessons:
            total = sum(len(lesson.get("items", ())) for lesson in self.lessons)
            return f"Your progress: {total} exercises and puzzles in {len(self.lessons)} lessons"
        return clip(f"This lesson: {len(self.solved)} of {len(self.items)} exercises solved")
