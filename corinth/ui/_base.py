"""Shared pieces of the boards: where the front-end files live, and the widget base class.

Colours, cell pictures and SVG drawing live in ``corinth.render`` (no Jupyter there).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import html
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from corinth.render.palette import css_variables
from corinth.rules import GameState, IllegalMove
from corinth.rules.describe import plain_words
from corinth.rules.sheet import package_folder
from corinth.shared.front_ends import FRONT_ENDS, FRONT_ENDS_PATH, served_file
from corinth.shared.language import N_, _, js_words, ngettext

REFUSAL_CHARS = 300


def clip(text: str, limit: int = REFUSAL_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut.

    >>> clip("x" * 400)[-5:], len(clip("x" * 400))
    ('xxxx…', 300)
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def move_html(move: Any, state: GameState | None) -> str:
    """A move for a learner: a sentence when the position is known, its notation on hover.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> move_html(s.legal_moves()[0], s)
    "<span title='goats'>Take the Goats group (two 1s) and gain two goats.</span>"
    """
    text = move.describe(state) if state is not None else str(move)
    return f"<span title='{html.escape(str(move))}'>{html.escape(text)}</span>"


def sentence_html(move: Any, state: GameState | None) -> str:
    """A Corinth move as the classroom shows it: a sentence only, the notation kept for code, its
    rule IDs on hover.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> sentence_html(s.legal_moves()[0], s)
    '<span>Take the Goats group (two 1s) and gain two goats.</span>'
    """
    text = move.describe(state) if state is not None else plain_words(move.describe())
    return f"<span>{words_html(text)}</span>"


# --- fewer widget models --------------------------------------------------------------------------
# ipywidgets gives every widget a Layout, and most a Style, of its own: of lesson 05's 605 widget
# models 231 were layouts and 143 styles, 145 and 102 of them all defaults, and each is a model the
# kernel sends a page and the page builds (the layouts alone were 260 KB of the 500 KB of widget state
# a page of 05 receives). The widgets corinth's own code makes and leaves at the defaults share one of
# each, sealed against change: ``set_visible`` gives a widget a layout of its own the first time it is
# hidden or shown, and a change to a shared one is refused with a sentence saying so. Widgets made by
# anyone else (a lesson's own cell, tqdm's progress bar, which changes its layout and colour) keep
# ipywidgets' own.


def _sealed(klass: type) -> type:
    """``klass`` (a Layout or a Style) whose instances refuse changes to their page's traits once
    ``_sealed`` is set; its name stays ``klass``'s (a widget's repr shows it)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_sealed", False) and name in self.keys and not name.startswith("_"):
            raise AttributeError(
                f"this {klass.__name__} is shared by every widget that keeps the default, so its "
                f"{name!r} cannot change: give the widget its own (set_visible does for display)"
            )
        super(shared, self).__setattr__(name, value)

    shared = type(klass.__name__, (klass,), {"__setattr__": __setattr__})
    return shared


_MACHINERY = ("traitlets", "ipywidgets", "anywidget", "comm")


def _made_by_corinth() -> bool:
    """Whether the widget being made is made by corinth's own code: the first caller outside the
    widget machinery is a module of corinth."""
    frame = sys._getframe(2)
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module.partition(".")[0] not in _MACHINERY:
            return module.partition(".")[0] == "corinth"
        frame = frame.f_back
    return False


def share_default_models() -> None:
    """Every widget corinth makes without a layout (or a style) of its own gets the shared default.

    >>> share_default_models()
    >>> from corinth.ui.exercise import ChoiceExercise
    >>> asked = ChoiceExercise("Who wins a tie on points?", ["more gold", "more goats"], "more gold")
    >>> asked.buttons[0].style is asked.buttons[1].style
    True
    """
    owners = [ipywidgets.DOMWidget, *_widget_classes()]
    for owner in owners:
        for name in ("layout", "style"):
            trait = owner.class_traits().get(name)
            if trait is None or hasattr(trait, "_corinth_shared"):
                continue
            trait._corinth_shared = None  # made at its first use: a lesson page is sent every
            # widget its kernel holds, and most kinds (a slider's style, a checkbox's) no lesson uses
            trait.make_dynamic_default = functools.partial(_default_of, trait)


def _default_of(trait: traitlets.Instance) -> ipywidgets.Widget:
    """The default layout or style of a widget being made: the shared one for corinth's own code,
    made at its first use, and a new one of ipywidgets' own for anyone else's."""
    if not _made_by_corinth():
        return trait.klass()
    if trait._corinth_shared is None:
        default = _sealed(trait.klass)()
        default._sealed = True
        trait._corinth_shared = default
    return trait._corinth_shared


def _widget_classes() -> list[type]:
    return [
        cls
        for cls in vars(ipywidgets).values()
        if isinstance(cls, type) and issubclass(cls, ipywidgets.DOMWidget)
    ]


def set_visible(widget: ipywidgets.DOMWidget, visible: bool) -> None:
    """Show or hide ``widget``, giving it a layout of its own first if it shares the default.

    >>> share_default_models()
    >>> button = ipywidgets.Button()
    >>> set_visible(button, False)
    >>> button.layout.display, ipywidgets.Button().layout.display
    ('none', None)
    """
    if getattr(widget.layout, "_sealed", False):
        widget.layout = ipywidgets.Layout()
    widget.layout.display = "" if visible else "none"


share_default_models()


@contextlib.contextmanager
def closing_new_widgets() -> Iterator[None]:
    """Close, on leaving, every widget made inside: for an app used only to compute something (an
    exercise's position), which no page shows. A lesson page is sent the state of every widget
    still open in its kernel, shown or not (lesson 05: two such games were 128 of its 317 widgets).
    The shared default layouts and styles stay open, even one first used inside.

    >>> from ipywidgets.widgets.widget import _instances
    >>> from corinth.ui import GameApp
    >>> def own():
    ...     return {k for k, x in _instances.items() if not getattr(x, "_sealed", False)}
    >>> open_before = own()
    >>> with closing_new_widgets():
    ...     state = GameApp(players=2, seed=3).state
    >>> own() == open_before, state.num_players
    (True, 2)
    """
    instances = ipywidgets.widgets.widget._instances
    before = set(instances)
    try:
        yield
    finally:
        for model_id in set(instances) - before:
            widget = instances.get(model_id)
            if widget is not None and not getattr(widget, "_sealed", False):
                widget.close()


_RULE_IDS = re.compile(r" ?\(((?:[A-Z]\d+[a-z]?)(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*)\)")


def words_html(text: str, rules: Callable[[str], str] | None = None) -> str:
    """Text for the page, its rule IDs ("(A3c)") shown on hover only, behind a small "rule" mark.

    >>> words_html("The bonus race (A3c) & more.")
    'The bonus race<sup class="corinth-rule" title="Rule A3c">rule</sup> &amp; more.'

    With ``rules`` (a rule's ID → its words for a learner, "" for none), the mark opens the rule's
    own words (``rule_mark``): a keyboard reaches it, and the page shows the words in a small card
    on focus or hover.
    """
    return _RULE_IDS.sub(lambda m: rule_mark(m.group(1), rules), html.escape(text))


def rule_mark(ids: str, rules: Callable[[str], str] | None = None) -> str:
    """The "rule" mark of ``ids`` ("C2, R2"): its ID on hover; with ``rules``, the rules' own words,
    a line each ("Rule C2: …"), in ``data-words`` (the page's card, ``widgets/dice.js``) and in its
    name for a screen reader, reached by the keyboard (its keys are the mark's, not JupyterLab's).
    A rule without words keeps its ID on hover.

    >>> print(rule_mark("G2", {"G2": "Every token is one point."}.get))
    <sup class="corinth-rule" title="Rule G2" tabindex="0" role="button" aria-label="Rule G2: Every token is one point." data-words="Rule G2: Every token is one point." data-lm-suppress-shortcuts="true">rule</sup>
    """
    title = html.escape(_("Rule {ids}").format(ids=ids))
    mark = html.escape(_("rule"))
    plain = f'<sup class="corinth-rule" title="{title}">{mark}</sup>'
    said = [(i, rules(i)) for i in re.findall(r"[A-Z]\d+[a-z]?", ids)] if rules else []
    lines = [_("Rule {id}: {words}").format(id=i, words=words) for i, words in said if words]
    if not lines:
        return plain
    words = html.escape("\n".join(lines))
    return (
        f'<sup class="corinth-rule" title="{title}" tabindex="0" role="button" '
        f'aria-label="{words}" data-words="{words}" data-lm-suppress-shortcuts="true">{mark}</sup>'
    )


def working() -> str:
    """Shown while a game's hint is worked out (read out to screen readers)."""
    return (
        "<div role='status' aria-live='polite' class='corinth-busy'><i>"
        + html.escape(_("Working out the hint…"))
        + "</i></div>"
    )


WORKING = working()  # the English form (kept for code that imports it)

NO_MORE_HINTS = N_("No more hints")  # the hint button's words once its ladder is all shown


def hint_ladder_html(
    ladder: list[str],
    shown: int,
    button: ipywidgets.Button,
    rules: Callable[[str], str] | None = None,
) -> str:
    """The first ``shown`` hints of a ladder as a list (every one so far stays in view, the newest
    last), and the "Hint" button saying how many are left: the exercises' and the puzzles' ladder.
    ``rules``: the game's rules' words, for the "rule" marks to open (``words_html``)."""
    left = len(ladder) - shown
    button.description = (
        ngettext("Another hint ({left} left)", "Another hint ({left} left)", left).format(left=left)
        if left
        else _(NO_MORE_HINTS)
    )
    button.disabled = not left
    items = "".join(f"<li>{words_html(_(text), rules)}</li>" for text in ladder[:shown])
    head = html.escape(_("Hints"))
    return f'<div role="status"><b>{head}</b><ol class="corinth-hints">{items}</ol></div>'


def again_soon(callback: Callable[[], Any], delay: float = 0.5) -> None:
    """Run ``callback`` once more ``delay`` seconds from now, on the kernel's event loop (nothing
    outside a kernel). A control shown by the same update that focuses it may not be on the page yet
    when the focus arrives (the browser applies the layout later): the second call lands.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    loop.call_later(delay, callback)


def widgets_dir() -> Path:
    """The ``widgets`` folder of front-end files: inside the installed package, or at the repo's top."""
    return package_folder("widgets")


def asset(name: str) -> Path:
    """One front-end file (``harbor.js``, ``boards.css``) by name."""
    return widgets_dir() / name


@functools.cache  # read once for every board class
def stylesheet() -> str:
    """``boards.css`` with the palette's colours in front, as CSS variables (one source of colours)."""
    return css_variables() + asset("boards.css").read_text(encoding="utf-8")


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


# --- the front ends as files a server serves ------------------------------------------------------
# In the classroom a board's ``_esm`` imports its front end from the files the classroom serves
# (``corinth.shared.front_ends`` says why); anywhere else it is the text itself.
_IMPORTER = """// This board's front end, served by the classroom as a file (corinth/ui/_base.py).
const config = document.getElementById("jupyter-config-data");
const base = (config && JSON.parse(config.textContent).baseUrl) || "/";
const at = (name) => new URL(`${base}PATH${name}`, window.location.href).href;
const loading = (window.corinthFrontEnds = window.corinthFrontEnds || {});
// the page's head links the stylesheet already (corinth/classroom/server.py): nothing to wait for
const linked = document.querySelector(`link[rel="stylesheet"][href$="/${CSS}"]`);
if (CSS && !loading[CSS]) {
  loading[CSS] = linked ? Promise.resolve() : new Promise((done) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: at(CSS) });
    link.onload = link.onerror = done;
    document.head.append(link);
  });
}
await loading[CSS];
export default (await import(at(ESM))).default;
"""


class FrontEnd(anywidget.AnyWidget):
    """An anywidget whose front end the classroom serves as files (see ``FRONT_ENDS``).

    A subclass sets ``_esm`` and ``_css`` to their texts as anywidget's do; in the classroom they
    become the importer of the served files and "", and ``front_end_source`` keeps the module's
    text (the words the page shows are read from it, ``js_words``).
    """

    front_end_source: str = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.__dict__.get("_esm"), str):
            return  # no front end of its own, or anywidget's own subclass holding it as a trait
        cls.front_end_source = str(cls._esm)
        if not os.environ.get(FRONT_ENDS):
            return
        css = str(getattr(cls, "_css", ""))
        cls._esm = (
            _IMPORTER.replace("PATH", FRONT_ENDS_PATH)
            .replace("CSS", repr(served_file(css, ".css")) if css else "''")
            .replace("ESM", repr(served_file(cls.front_end_source, ".js")))
        )
        cls._css = ""


# --- what the page may say ---------------------------------------------------------------------
# Every custom message of a board's page is ``{"event": NAME, field: value, ...}``; a board lists
# its events and the fields each carries (``page_events``), and one check (``read_message``) reads
# them with their exact types: ``True`` is not a cell number (booleans are integers in Python).


@dataclasses.dataclass(frozen=True)
class Whole:
    """A field that is a whole number from ``low`` to ``high`` (a bool is not one)."""

    low: int
    high: int
    words: str = ""  # what the refusal calls it (default: "a whole number from low to high")

    def check(self, value: Any) -> str:
        if type(value) is not int or not self.low <= value <= self.high:
            return self.words or f"a whole number from {self.low} to {self.high}"
        return ""


@dataclasses.dataclass(frozen=True)
class Text:
    """A field that is text of at most ``limit`` characters (one of ``choices`` if given)."""

    limit: int
    choices: tuple[str, ...] = ()
    words: str = "a name"

    def check(self, value: Any) -> str:
        if type(value) is not str or len(value) > self.limit:
            return f"{self.words} of at most {self.limit} characters"
        if self.choices and value not in self.choices:
            return f"{self.words}: one of {', '.join(self.choices)}"
        return ""


@dataclasses.dataclass(frozen=True)
class Texts:
    """A field that is a list of at most ``items`` texts of at most ``limit`` characters each."""

    items: int
    limit: int
    words: str = "a list of names"

    def check(self, value: Any) -> str:
        if (
            type(value) is not list
            or len(value) > self.items
            or any(type(x) is not str or len(x) > self.limit for x in value)
        ):
            return f"{self.words}, at most {self.items} of at most {self.limit} characters each"
        return ""


@dataclasses.dataclass(frozen=True)
class Optional:
    """A field that may be left out (or null), else checked by ``field``."""

    field: Whole | Text | Texts

    def check(self, value: Any) -> str:
        return "" if value is None else self.field.check(value)


Field = Whole | Text | Texts | Optional


def read_message(content: Any, events: dict[str, dict[str, Field]]) -> tuple[str, dict] | str:
    """A page's message checked against ``events`` (event name → its fields and their checks):
    ``(event, fields)``, the fields of the event only (missing optional ones as None), or why it
    is refused, a sentence. Unknown fields are left out; an unknown event is refused.

    >>> events = {"cell": {"index": Whole(0, 15, "a cell number from 0 to 15")}}
    >>> read_message({"event": "cell", "index": 3}, events)
    ('cell', {'index': 3})
    >>> read_message({"event": "cell", "index": True}, events)
    "the page's 'cell' message needs index: a cell number from 0 to 15"
    >>> read_message(["cell"], events)
    "the page's message is not one this board reads"
    """
    if type(content) is not dict or type(content.get("event")) is not str:
        return "the page's message is not one this board reads"
    event = content["event"]
    if event not in events:
        return f"the page's message {clip(event, 40)!r} is not one this board reads"
    fields = {}
    for name, field in events[event].items():
        value = content.get(name)
        why = field.check(value)
        if why:
            return f"the page's {event!r} message needs {name}: {why}"
        fields[name] = value
    return event, fields


class Board(FrontEnd):
    """Base of the boards: a front end that sends clicks as messages, and an ``Output`` for callbacks.

    ``message`` holds the last refusal (an illegal click and the rule that forbids it), or "".
    The page may only write the traits named in ``from_page`` (each through its own checked setter);
    any other write, or a bad value, is refused and the page is sent the last good state back.
    """

    message = traitlets.Unicode("").tag(sync=True)
    # The words the page shows, in the language spoken when the board was made (``js_words``).
    words = traitlets.Dict().tag(sync=True)
    _state: GameState | None = None
    from_page: tuple[str, ...] = ()

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

    def focus(self) -> None:
        """Move the keyboard focus to the board: the harbor's selected or first takeable group, the
        market's tab stop (the steward's cell at first)."""
        self.send({"focus": True})

    def focus_when_shown(self, css_class: str) -> None:
        """Ask the board's front end to focus the control of class ``css_class`` in the same game
        (``corinth-game``) once the page shows it, unless the learner has moved the focus meanwhile."""
        self.send({"focus_shown": css_class})

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.words = js_words(self.front_end_source)
        self.output = ipywidgets.Output()
        self._callbacks: dict[str, list[Callable]] = {}
        self.on_msg(self._on_front_end)

    def set_state(self, sync_data: dict) -> None:
        """A trait write from the page: checked like a click, never taken on trust."""
        names = [n for n in sync_data if n in self.keys]
        with self.output:
            for name in names:
                if name not in self.from_page:
                    self.refuse(f"the page cannot change {name!r} of this board")
                    continue
                try:
                    self.page_sets(name, sync_data[name])
                except (traitlets.TraitError, TypeError, ValueError) as exc:
                    self.refuse(str(exc))
        if names:
            self.send_state(names + ["message"])  # the page redraws the last good state

    def page_sets(self, name: str, value: Any) -> None:
        """Apply one checked write from the page (subclasses; only names in ``from_page``)."""
        setattr(self, name, value)

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with self.output:
            self.handle(content)

    # The messages the page sends: event name → its fields and their checks (``read_message``).
    page_events: dict[str, dict[str, Field]] = {}

    def handle(self, content: Any) -> None:
        """One message of the page: checked (``read_message``; a bad one is refused like a bad
        click, with a sentence), then acted on (``react``)."""
        checked = read_message(content, self.page_events)
        if isinstance(checked, str):
            self.refuse(checked)
            return
        self.react(*checked)

    def react(self, event: str, fields: dict) -> None:
        """Act on one checked message of the page (subclasses)."""

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
        """Show why a click was refused (the engine's message carries the rule ID).

        Only the last refusal is kept, cut to ``REFUSAL_CHARS``: a page sending huge or endless bad
        values never grows the kernel.
        """
        text, sheet = str(reason), getattr(self._state, "sheet", None)
        if sheet is not None:  # a Corinth game: its cells and shops in a learner's words
            text = plain_words(text, sheet)
        self.message = clip(text)
        self.output.outputs = ()
        with self.output:
            print(_("Refused: {reason}").format(reason=self.message))

    def __repr__(self) -> str:
        return self.text()

    def text(self) -> str:
        raise NotImplementedError

    def to_svg(self) -> str:
        raise NotImplementedError


class GamePuzzle:
    """What the other games' puzzle boards share (Corintho's and The Four Courts'): their state, the
    trainer's callbacks, the Hint / Show the answer / Try again row, the mark of an earlier visit
    and the text form. A board sets ``again`` (the words after "Solved on an earlier visit.") and
    calls ``_start`` then ``_controls`` in its ``__init__``; it writes ``show_hint``, ``reveal`` and
    ``try_again``."""

    again = N_("Solve it again if you like.")

    def _start(self, puzzle: Any) -> None:
        self.puzzle = puzzle
        self.solved = False
        self.revealed = False
        self.wrong_tries = 0
        self.hints_shown = 0
        self.last: str | None = None  # the last reply tried, in notation
        self._on_solved: list[Callable[[], Any]] = []
        self._on_wrong: list[Callable[[], Any]] = []

    def _controls(self) -> ipywidgets.HBox:
        """The verdict, the hints and the row of buttons (returned, for the board to place)."""
        self.result = ipywidgets.HTML()
        self.hint_list = ipywidgets.HTML()
        auto = ipywidgets.Layout(width="auto")
        self.hint_button = ipywidgets.Button(description=_("Hint"), icon="lightbulb-o", layout=auto)
        self.reveal_button = ipywidgets.Button(description=_("Show the answer"), layout=auto)
        self.again_button = ipywidgets.Button(description=_("Try again"), icon="undo", layout=auto)
        self.hint_button.on_click(lambda _b: self._run(self.show_hint))
        self.reveal_button.on_click(lambda _b: self._run(self.reveal))
        self.again_button.on_click(lambda _b: self._run(self.try_again))
        return ipywidgets.HBox([self.hint_button, self.reveal_button, self.again_button])

    def _settled(self, solved: bool) -> None:
        """Solved, Hint and Show the answer have nothing left to give: off until "Try again" (then
        Hint on again while its ladder has hints left)."""
        self.reveal_button.disabled = solved
        self.hint_button.disabled = solved or self.hint_button.description == _(NO_MORE_HINTS)

    def on_solved(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` when the learner gives a right answer (a progress mark, say)."""
        self._on_solved.append(callback)

    def on_wrong(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` at each legal answer that is not a right one."""
        self._on_wrong.append(callback)

    def solved_before(self, _name: str = "") -> None:
        """Show that this browser remembers the puzzle solved (on another visit), unless the
        learner has already answered it on this one."""
        if not self.solved and not self.result.value:
            said = _("✓ Solved on an earlier visit. {again}").format(again=_(self.again))
            self.result.value = f'<p role="status" class="corinth-solved-before">{said}</p>'

    def forget(self) -> None:
        """The learner reset their progress: the mark of an earlier visit goes."""
        if "corinth-solved-before" in self.result.value:
            self.result.value = ""

    def _run(self, action: Callable[[], Any]) -> None:
        with self.output:
            action()

    def __repr__(self) -> str:
        return "\n".join(
            [
                _("Puzzle {id} ({kind}): {question}").format(
                    id=self.puzzle.id, kind=self.puzzle.kind, question=_(self.puzzle.question)
                ),
                repr(self.board),
            ]
        )
