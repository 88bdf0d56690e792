"""Shared pieces of the boards: where the front-end files live, colours, and the widget base class."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from corinth.rules import HARBOR, GameState, IllegalMove
from corinth.rules.sheet import package_folder

TITLES = {d: d.capitalize() for d in HARBOR}
COLOURS = {
    "goats": "#b08a5a",
    "green": "#7f9a2d",
    "purple": "#7c4a96",
    "blue": "#2f67b1",
    "orange": "#e0801f",
    "gold": "#d8a514",
}


def widgets_dir() -> Path:
    """The ``widgets`` folder of front-end files: inside the installed package, or at the repo's top."""
    return package_folder("widgets")


def asset(name: str) -> Path:
    """One front-end file (``harbor.js``, ``boards.css``) by name."""
    return widgets_dir() / name


_IMPORT = re.compile(r'^import \{[^}]*\} from "\./([\w.]+)";\n', re.M)


def module(name: str) -> str:
    """A front-end ES module with the shared helper files it imports (``./dice.js``) put in front.

    anywidget loads a module from text, where relative imports cannot resolve; joining the files keeps
    them plain ES modules without a bundler.
    """
    text = asset(name).read_text(encoding="utf-8")
    helpers = []
    for helper in _IMPORT.findall(text):
        helpers.append(asset(helper).read_text(encoding="utf-8"))
    return "\n".join(helpers + [_IMPORT.sub("", text)])


class Board(anywidget.AnyWidget):
    """Base of the boards: a front end that sends clicks as messages, and an ``Output`` for callbacks.

    ``message`` holds the last refusal (an illegal click and the rule that forbids it), or "".
    """

    message = traitlets.Unicode("").tag(sync=True)
    _state: GameState | None = None

    @property
    def state(self) -> GameState | None:
        """The moment of the game shown; setting it updates the traits in place (``show``)."""
        return self._state

    @state.setter
    def state(self, state: GameState | None) -> None:
        self._state = state
        self.show(state)

    def show(self, state: GameState | None) -> None:
        """Draw ``state`` by updating traits (subclasses); the widget itself stays."""
        raise NotImplementedError

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.output = ipywidgets.Output()
        self._callbacks: dict[str, list[Callable]] = {}
        self.on_msg(self._on_front_end)

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        with self.output:
            self.handle(content)

    def handle(self, content: dict) -> None:
        """React to one front-end event (subclasses)."""

    def _fire(self, event: str, *args: Any) -> None:
        for callback in self._callbacks.get(event, []):
            callback(*args)

    def _on(self, event: str, callback: Callable, remove: bool = False) -> None:
        callbacks = self._callbacks.setdefault(event, [])
        if remove:
            callbacks.remove(callback)
        else:
            callbacks.append(callback)

    def refuse(self, reason: str | IllegalMove) -> None:
        """Show why a click was refused (the engine's message carries the rule ID)."""
        self.message = str(reason)
        with self.output:
            print(f"Refused: {reason}")

    def __repr__(self) -> str:
        return self.text()

    def text(self) -> str:
        raise NotImplementedError

    def to_svg(self) -> str:
        raise NotImplementedError


def esc(text: object) -> str:
    """Escape text for SVG/XML."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def pips(face: int) -> list[tuple[float, float]]:
    """Pip centres of a die face on a unit square."""
    a, m, b = 0.25, 0.5, 0.75
    return {
        1: [(m, m)],
        2: [(a, a), (b, b)],
        3: [(a, a), (m, m), (b, b)],
        4: [(a, a), (b, a), (a, b), (b, b)],
        5: [(a, a), (b, a), (m, m), (a, b), (b, b)],
        6: [(a, a), (b, a), (a, m), (b, m), (a, b), (b, b)],
    }.get(face, [])


def svg_die(x: float, y: float, size: float, face: int, yellow: bool) -> str:
    fill = "#f5cf3a" if yellow else "#ffffff"
    parts = [
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size * 0.18:g}" '
        f'fill="{fill}" stroke="#333" stroke-width="1"/>'
    ]
    r = size * 0.09
    for px, py in pips(face):
        parts.append(
            f'<circle cx="{x + px * size:g}" cy="{y + py * size:g}" r="{r:g}" fill="#222"/>'
        )
    return "".join(parts)
