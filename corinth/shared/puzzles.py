"""The puzzle machinery every game shares: one set loader and one verdict.

A puzzle set is a JSON file ``{"format", "version", "title", "puzzles": [...]}``. ``read_set`` checks
what every set must be, whatever its game: its size, its format and version, its keys, how many
puzzles it holds, and that no id is given twice (a learner's progress is kept by id); each puzzle is
read by its game's own reader (``SetRules.read``), which checks every field against the position and
verifies the answers (by a digest or by solving again). Every problem is named, with the puzzle's
place and field; a set with any problem is refused whole.

``Verdict`` is the judgement of a reply, made once by the puzzle (``verdict(reply)``) and read by
every board, trainer and command.

>>> rules = SetRules("toy-puzzles", 1, "Toy", read=lambda data, where: data["id"])
>>> read_set(b'{"format": "toy-puzzles", "version": 1, "puzzles": [{"id": "a"}]}', rules)
['a']
>>> read_set(b'{"format": "toy", "version": 1, "puzzles": []}', rules)
Traceback (most recent call last):
...
corinth.shared.puzzles.SetProblems: the puzzle set is not a valid Toy puzzle set:
  - format: expected 'toy-puzzles', got 'toy'
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .language import _

SET_KEYS = ("format", "version", "title", "puzzles")
MAX_PROBLEMS = 20  # problems named before the rest of a hostile file is left unread


class SetProblems(ValueError):
    """A puzzle set (or one puzzle) that cannot be loaded; ``problems`` names each problem."""

    def __init__(self, origin: str, problems: list[str], game: str = ""):
        self.origin, self.problems = origin, problems
        lines = "\n".join(f"  - {p}" for p in problems)
        if game:
            message = _("{origin} is not a valid {game} puzzle set:\n{problems}")
        else:
            message = _("{origin} is not a valid puzzle:\n{problems}")
        super().__init__(message.format(origin=origin, game=game, problems=lines))


@dataclass(frozen=True)
class SetRules:
    """What one game's puzzle sets are: the ``format`` name and ``version`` they carry, the game's
    title (for the messages), the caps, and ``read(data, where)`` turning one stored puzzle into a
    puzzle, raising an error with ``problems`` (a list of sentences) for a bad one. ``error`` makes
    the game's own exception from (origin, problems); ``before`` names set-wide problems of the raw
    puzzle list (e.g. too many puzzles that would each be solved at load); ``parse`` reads the
    file's JSON in the game's own stricter way (a ``ValueError`` naming the problem)."""

    format: str
    version: int
    game: str
    read: Callable[[Any, str], Any]
    max_bytes: int = 1_000_000
    max_puzzles: int = 200
    error: Callable[[str, list[str]], Exception] | None = None
    before: Callable[[list], list[str]] | None = None
    parse: Callable[[bytes | str], Any] | None = None  # the game's own strict JSON reader

    def fail(self, origin: str, problems: list[str]) -> Exception:
        if self.error is not None:
            return self.error(origin, problems)
        return SetProblems(origin, problems, self.game)


def shown(value: Any) -> str:
    """A stored value quoted for a message, cut to 60 characters.

    >>> shown("x" * 100)[-6:]
    'xxx...'
    """
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def control(text: str) -> str:
    """The first control or format character of ``text`` (an ANSI escape, a direction override,
    a zero-width joiner), or ''.

    >>> control("fine"), control("bad\\u202etext")
    ('', '\\u202e')
    """
    return next((ch for ch in text if unicodedata.category(ch)[0] == "C"), "")


def text_problems(where: str, value: Any, longest: int, empty: bool = False) -> list[str]:
    """The problems of one stored text: not text, empty (unless ``empty``), longer than
    ``longest`` characters, or holding a control character.

    >>> text_problems("hints[12]", "look \\x1b[31mhere", 600)[0][:47]
    'hints[12]: holds the control character U+001B; '

    """
    if not isinstance(value, str) or (not empty and not value.strip()):
        return [f"{where}: expected text, got {shown(value)}"]
    if len(value) > longest:
        return [f"{where}: longer than {longest} characters"]
    if bad := control(value):
        return [
            f"{where}: holds the control character U+{ord(bad):04X}; a puzzle's text is plain "
            "printable text (no terminal escapes or direction overrides)"
        ]
    return []


def texts_within(where: str, value: Any, longest: int, depth: int = 0) -> list[str]:
    """The problems of every text inside stored data (an object's keys and values, a list's
    items, at any depth): each checked as ``text_problems`` does.

    >>> texts_within("source", {"bots": ["greedy", "x\\x07"], "seed": 4}, 40)[0][:52]
    'source.bots[1]: holds the control character U+0007; '

    """
    if depth > 8:
        return [f"{where}: nested too deep"]
    if isinstance(value, str):
        return text_problems(where, value, longest, empty=True)
    if isinstance(value, dict):
        out = []
        for key, item in value.items():
            out += text_problems(f"{where} key", key, longest)
            out += texts_within(f"{where}.{key}", item, longest, depth + 1)
        return out
    if isinstance(value, list):
        return [
            p
            for i, item in enumerate(value)
            for p in texts_within(f"{where}[{i}]", item, longest, depth + 1)
        ]
    return []


def duplicate_ids(puzzles: Iterable[Any]) -> list[str]:
    """A problem for each id given to more than one puzzle (a learner's progress is kept by id).

    >>> from types import SimpleNamespace as P
    >>> duplicate_ids([P(id="a"), P(id="b"), P(id="a")])
    ["id 'a': given to 2 puzzles"]
    """
    seen = Counter(getattr(p, "id", p) for p in puzzles)
    return [f"id {shown(i)}: given to {n} puzzles" for i, n in seen.items() if n > 1]


def _no_duplicate_keys(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"key {k[:40]!r} given twice")
        out[k] = v
    return out


def read_json(raw: bytes | str, rules: SetRules, origin: str) -> Any:
    """A set file's JSON: at most ``rules.max_bytes``, UTF-8, no key given twice."""
    if rules.parse is not None:
        try:
            return rules.parse(raw)
        except ValueError as exc:
            raise rules.fail(origin, [str(exc)]) from None
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if not isinstance(raw, bytes):
        raise rules.fail(origin, [f"expected JSON text, got {type(raw).__name__}"])
    if len(raw) > rules.max_bytes:
        raise rules.fail(
            origin,
            [_("larger than {limit} bytes (a puzzle set's limit)").format(limit=rules.max_bytes)],
        )
    try:
        return json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicate_keys)
    except UnicodeDecodeError:
        raise rules.fail(origin, [_("not UTF-8 text")]) from None
    except (ValueError, RecursionError) as exc:
        raise rules.fail(
            origin, [_("not valid JSON: {reason}").format(reason=str(exc)[:80])]
        ) from None


def read_set(raw: bytes | str, rules: SetRules, origin: str = "the puzzle set") -> list[Any]:
    """The puzzles of a set file's text, every puzzle read by ``rules.read``; any problem, whatever
    the bytes, raises ``rules.fail`` naming each (with the puzzle's place and its field)."""
    data = read_json(raw, rules, origin)
    if not isinstance(data, dict):
        raise rules.fail(origin, [_("the top level must be a JSON object")])
    problems = [
        f"{shown(key)}: unknown key (a puzzle set has {', '.join(SET_KEYS)})"
        for key in sorted(set(data) - set(SET_KEYS), key=str)
    ]
    if data.get("format") != rules.format:
        problems.append(f"format: expected {rules.format!r}, got {shown(data.get('format'))}")
    version = data.get("version")
    if version != rules.version or isinstance(version, bool):
        problems.append(
            f"version: this corinth reads version {rules.version}, got {shown(version)}"
        )
    problems += text_problems("title", data.get("title", ""), 200, empty=True)
    items = data.get("puzzles")
    if not isinstance(items, list):
        problems.append(_("puzzles: expected a list of puzzles"))
        items = []
    if len(items) > rules.max_puzzles:
        raise rules.fail(
            origin,
            [
                _("puzzles: {n} puzzles, more than a set holds ({most})").format(
                    n=len(items), most=rules.max_puzzles
                )
            ],
        )
    if rules.before is not None and (first := rules.before(items)):
        raise rules.fail(origin, first)
    out = []
    for i, item in enumerate(items):
        try:
            out.append(rules.read(item, f"puzzles[{i}]"))
        except Exception as exc:  # the game's own error, with its problems
            if not isinstance(getattr(exc, "problems", None), list):
                raise
            problems.extend(f"puzzles[{i}].{p}" for p in exc.problems)
        if len(problems) > MAX_PROBLEMS:  # enough to see what is wrong
            problems.append(_("… further puzzles not checked"))
            break
    problems += duplicate_ids(out)
    if problems:
        raise rules.fail(origin, problems)
    return out


def load_sets(files: Sequence[Path], rules: SetRules, origin: str | None = None) -> list[Any]:
    """Every puzzle of the set ``files`` (at most ``rules.max_bytes`` of each read; a named pipe or
    a device refused); an id given in two sets is refused too."""
    out = []
    for path in files:
        try:
            raw = read_bounded(path, rules.max_bytes)
        except OSError as exc:
            raise rules.fail(
                str(path), [_("cannot read the file: {reason}").format(reason=exc.strerror or exc)]
            ) from None
        out.extend(read_set(raw, rules, str(path)))
    if twice := duplicate_ids(out):
        where = origin or (str(files[0].parent) if files else "the puzzle sets")
        raise rules.fail(
            where, [_("{problem}, in two sets").format(problem=problem) for problem in twice]
        )
    return out


def set_ids(path: Path) -> list[str]:
    """The ids of a stored set's puzzles in the file's order, read without making or checking any:
    for a page that only counts them (the lesson list). The set is the project's own file, trusted.
    """
    return [item["id"] for item in json.loads(path.read_text(encoding="utf-8"))["puzzles"]]


def read_bounded(path: str | Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a regular file; a named pipe (opened without waiting for a
    writer) or a device is refused with ``OSError`` "not a regular file"."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(limit + 1)
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Verdict:
    """A puzzle's judgement of a reply, made once (by the puzzle) and shown by every board.

    ``legal``: the reply is a legal move of the position; ``right``: it is an answer; ``move``: its
    notation (None when it could not be read); ``words``: the feedback in plain words ("Correct! …",
    "Not a legal move here: … (K3)", "Legal, but not the best: …"); ``details``: what the game adds
    for a board (a place in a ranking, a value)."""

    legal: bool
    right: bool
    words: str
    move: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.words
