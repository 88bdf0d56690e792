"""Reading untrusted files: a bounded read and a strict JSON parser, shared by every loader.

Every loader (sheets, saved games, puzzle sets) reads through these, so a hostile file is refused with
the loader's own error and never exhausts memory or the stack.

>>> strict_json('{"a": 1}')
{'a': 1}
>>> strict_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
ValueError: key 'a' given twice
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from corinth.shared.language import N_, _

from .errors import shown

MAX_FILE_BYTES = 5_000_000  # every file corinth reads; a saved 4-player game is about 10 kB


class FileTooLarge(OSError):
    """A file longer than the limit its reader sets; nothing past the limit was read."""


class NotARegularFile(OSError):
    """A path that is not a file on disk: a named pipe (which would wait forever for a writer), a
    device such as ``/dev/zero``, a socket or a folder. Nothing was read."""


# What a path that is not a regular file is, in words (``stat.S_IFMT`` of its mode).
_KINDS = {
    stat.S_IFIFO: N_("a named pipe"),
    stat.S_IFCHR: N_("a device"),
    stat.S_IFBLK: N_("a device"),
    stat.S_IFSOCK: N_("a socket"),
    stat.S_IFDIR: N_("a folder"),
}
# A file's size limit, by the kind of file (``what``), as its refusal says it.
_TOO_LARGE = {
    "sheet": N_("larger than {limit} bytes (a sheet's limit)"),
    "saved game": N_("larger than {limit} bytes (a saved game's limit)"),
    "puzzle set": N_("larger than {limit} bytes (a puzzle set's limit)"),
}


def read_bounded(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, reading at most ``limit + 1`` of them: a longer file raises
    ``FileTooLarge``, anything but a regular file ``NotARegularFile``, both ``OSError`` like any other
    read failure. A named pipe is opened without waiting for a writer, then refused.

    >>> read_bounded("/dev/zero", limit=10)
    Traceback (most recent call last):
    ...
    corinth.rules.files.NotARegularFile: not a regular file (a device)
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), N_("not data"))
            raise NotARegularFile(_("not a regular file ({kind})").format(kind=_(kind)))
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(_("larger than {limit} bytes").format(limit=limit))
    return data


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(_("key {key} given twice").format(key=shown(key)))
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number a Corinth file holds").format(name=name))


def strict_json(text: str) -> Any:
    """JSON text as plain data, refusing what ``json.loads`` lets through: a key given twice in one
    object (the last would silently win) and ``NaN``/``Infinity``. Any problem, including nesting too
    deep for the parser, is a ``ValueError``."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(_("nested too deeply")) from None


def decode_text(data: bytes | str) -> str:
    """Bytes read from a file as UTF-8 text (a leading byte-order mark is dropped); ``ValueError`` if not.

    >>> decode_text("Café".encode("utf-8")), decode_text(b"\\xef\\xbb\\xbfgold")
    ('Café', 'gold')
    >>> decode_text("Café".encode("latin-1"))
    Traceback (most recent call last):
    ...
    ValueError: not UTF-8 text (byte 3)
    """
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(_("not UTF-8 text (byte {n})").format(n=exc.start)) from None


def text_from_bytes(raw: bytes | str, limit: int, what: str) -> str:
    """A file's text: at most ``limit`` bytes, UTF-8; else a ``ValueError`` whose words a loader puts
    in its own error (``what`` names the file's kind in the size message).

    >>> text_from_bytes(b"format = 1", 3, "sheet")
    Traceback (most recent call last):
    ...
    ValueError: larger than 3 bytes (a sheet's limit)
    """
    if len(raw) > limit:
        message = _TOO_LARGE.get(what, "larger than {limit} bytes (a " + what + "'s limit)")
        raise ValueError(_(message).format(limit=limit))
    return decode_text(raw)


def json_from_bytes(raw: bytes | str, limit: int, what: str) -> Any:
    """A file's JSON as plain data: at most ``limit`` bytes, UTF-8, strict JSON; else a ``ValueError``
    whose words a loader puts in its own error (``what`` names the file's kind in the size message).

    >>> json_from_bytes(b'[1, 2]', 100, "puzzle set")
    [1, 2]
    >>> json_from_bytes(b'[1, 2]', 3, "puzzle set")
    Traceback (most recent call last):
    ...
    ValueError: larger than 3 bytes (a puzzle set's limit)
    """
    text = text_from_bytes(raw, limit, what)
    try:
        return strict_json(text)
    except ValueError as exc:
        raise ValueError(_("not valid JSON: {reason}").format(reason=exc)) from None
