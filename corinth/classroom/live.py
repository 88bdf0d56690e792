"""Puzzles put in front of a whole class: any stored puzzle of any game, or a position from a saved
game, made into what the pages need — a question, a picture, every move a student may click (as a
sentence), and the solver's ranking with each move's reason for the reveal.

The classroom knows no game: each game's folder gives its live puzzles
(``corinth.shared.protocol.LivePuzzles``) and the picture of their positions, and the classroom
asks for them by the game's name through ``corinth.shared.registry``. A puzzle's ref is
``<game>/<id>`` (``corintho/x4-01``); a position from a saved game is ``<game>/saved``.

>>> refs = [ref for ref, *rest in catalogue()]
>>> "corintho/x4-01" in refs and any(r.startswith("corinth/") for r in refs)
True
>>> live = live_puzzle("corintho/x4-01")
>>> live.game, len(live.choices) > 3, live.ranking[0]["best"]
('Corintho', True, True)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from corinth.shared import registry
from corinth.shared.language import _
from corinth.shared.protocol import LivePosition, NotLive

MAX_SAVED = 200_000  # bytes of a saved game pasted by the teacher


class LiveError(ValueError):
    """A puzzle or a saved game that cannot be put in front of the class; the message says why."""


@dataclass(frozen=True)
class LivePuzzle:
    """What every page shows of the live puzzle. ``choices``: each move a student may pick, as
    ``{"move": notation, "words": sentence}``; ``ranking``: every move best first, as ``{"move",
    "words", "verdict", "best"}`` (shown only once the teacher reveals)."""

    ref: str
    game: str
    title: str
    question: str
    picture: str
    choices: list[dict] = field(default_factory=list)
    ranking: list[dict] = field(default_factory=list)
    explanation: str = ""

    def for_students(self) -> dict:
        """What a student's page gets before the reveal: no ranking."""
        data = asdict(self)
        data.pop("ranking")
        data.pop("explanation")
        return data

    def to_dict(self) -> dict:
        return asdict(self)


def catalogue() -> list[tuple[str, str, str]]:
    """Every stored puzzle of every game as (ref, game, title), for the teacher's list."""
    return [
        (f"{name}/{puzzle_id}", registry.get(name).title, title)
        for name in registry.live_names()
        for puzzle_id, title in registry.live(name).catalogue()
    ]


def live_puzzle(ref: object) -> LivePuzzle:
    """The live form of a stored puzzle, by its ref (``<game>/<id>``, as ``catalogue`` gives it).

    >>> live_puzzle("four-courts/round-01").game
    'The Four Courts'
    >>> live_puzzle("chess/e4")
    Traceback (most recent call last):
    ...
    corinth.classroom.live.LiveError: no stored puzzle 'chess/e4'
    """
    if not isinstance(ref, str) or "/" not in ref:
        raise LiveError(_("choose a puzzle from the list"))
    name, __, puzzle_id = ref.partition("/")
    position = registry.live(name).puzzle(puzzle_id) if name in registry.live_names() else None
    if position is None:
        raise LiveError(_("no stored puzzle {name}").format(name=repr(ref[:60])))
    return _shown(ref, name, position)


def from_saved_game(text: object) -> LivePuzzle:
    """A position from the teacher's own board, as a saved game (the JSON of any game that reads
    its saves for a class, by the ``"format"`` it carries; Corinth's, the default game, otherwise):
    "what is the best move here?" with every legal move ranked by that game's solver.

    >>> from_saved_game("{")
    Traceback (most recent call last):
    ...
    corinth.classroom.live.LiveError: this is not a saved game: it is not JSON
    """
    if not isinstance(text, str) or not text.strip():
        raise LiveError(_("paste a saved game (the JSON the Save button or 'save' writes)"))
    if len(text.encode()) > MAX_SAVED:
        raise LiveError(_("a saved game is at most {n} bytes").format(n=MAX_SAVED))
    try:
        data = json.loads(text)
    except ValueError:
        raise LiveError(_("this is not a saved game: it is not JSON")) from None
    saved = data.get("format") if isinstance(data, dict) else None
    name = next(
        (n for n in registry.live_names() if saved and registry.live(n).saves == saved),
        registry.DEFAULT,
    )
    try:
        position = registry.live(name).from_saved(text)
    except NotLive as exc:
        raise LiveError(str(exc)) from None
    return _shown(f"{name}/saved", name, position)


def _shown(ref: str, name: str, position: LivePosition) -> LivePuzzle:
    """A game's live position as every page shows it, drawn by the game's own picture."""
    return LivePuzzle(
        ref,
        registry.get(name).title,
        position.title,
        position.question,
        registry.live_picture(name)(position.position),
        list(position.choices),
        list(position.ranking),
        position.explanation,
    )
