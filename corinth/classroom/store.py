"""The class's shared state, kept in SQLite in the class's folder: who joined (a first name or
nickname, or nothing), where each student is in the lessons (the step in view and since when),
each check and each hint a lesson page reported (of an exercise, or of a puzzle board or trainer of
any of the three games, by its mark: ``puzzle-t1-02``, ``corintho-x4-01``, ``courts-round-01``),
the live puzzles and their answers.

Every write is one transaction, acknowledged only once it is on disk, so a server stopped at any
moment restarts with everything that was answered. The store never hangs the class: when SQLite
cannot write (another program holds the file, the file is damaged, the disk is full) the call
releases what it took and raises ``StoreUnavailable`` (HTTP 503 with a sentence for the page); the
next call tries again, so the class recovers by itself once the file is free. A class file deleted
while the class runs is noticed and written again from the open database before any write is
acknowledged, and the teacher is told (``problems``). A student is known by a random key their page
keeps: a page can write only its own student's rows. Nothing else about a student is stored. How
much a page may send is counted in memory (``limits.py``), not here.

>>> store = Store(":memory:")
>>> ada = store.join("Ada")
>>> store.progress(ada.key, lesson="03_the_steward", step="Step 2 of 5", finished=["01_the_harbor"])
>>> [(s.name, s.lesson, s.step) for s in store.students()]
[('Ada', '03_the_steward', 'Step 2 of 5')]
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from corinth.shared.language import N_, _

MAX_STUDENTS = 500  # rows of students per class: far above a class, a bound on a flood of joins
MAX_NAME = 40  # characters of a first name or nickname
MAX_FIELD = 120  # characters of a lesson's or a step's name
MAX_FINISHED = 60  # lessons and exercises listed as finished
MAX_EVENTS = 20  # checks and hints one progress message carries
MAX_ANSWER = 80  # characters of an answer kept (a typed number, a choice, a walk in words)
KEPT_EVENTS = 3000  # checks, hints and answers kept per student: the oldest go first beyond it
MOST_CHOICES = 40  # moves a live puzzle offers the class at most
EVENT_KINDS = (
    "check",
    "hint",
    "shown",
)  # what a lesson page reports: a check, a hint, the answer shown
BUSY_SECONDS = 2.0  # how long a write waits for a file another program holds, then gives up
WAIT_SECONDS = 4.0  # how long a call waits for another call of this server's to end

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, name TEXT NOT NULL DEFAULT '', owner TEXT UNIQUE,
    joined REAL NOT NULL, seen REAL NOT NULL,
    lesson TEXT NOT NULL DEFAULT '', step TEXT NOT NULL DEFAULT '', finished TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY, ref TEXT NOT NULL, data TEXT NOT NULL, sent REAL NOT NULL,
    revealed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS answers (
    puzzle INTEGER NOT NULL, student INTEGER NOT NULL, move TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (puzzle, student)
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY, student INTEGER NOT NULL, at REAL NOT NULL, kind TEXT NOT NULL,
    lesson TEXT NOT NULL DEFAULT '', step TEXT NOT NULL DEFAULT '', item TEXT NOT NULL DEFAULT '',
    answer TEXT NOT NULL DEFAULT '', right INTEGER
);
CREATE INDEX IF NOT EXISTS events_by_step ON events (student, lesson, step);
CREATE INDEX IF NOT EXISTS events_by_item ON events (item, student);
CREATE TABLE IF NOT EXISTS removed (key TEXT PRIMARY KEY, at REAL NOT NULL);
DROP TABLE IF EXISTS traffic;
"""
# Columns added since the first class files: added to a file that lacks them, at start.
COLUMNS = {
    "students": {
        "step_since": "REAL NOT NULL DEFAULT 0",
        "step_done": "INTEGER NOT NULL DEFAULT 0",
    },
    "puzzles": {
        "closed": "INTEGER NOT NULL DEFAULT 0",
        "closes": "REAL",
        "named": "INTEGER NOT NULL DEFAULT 0",
    },
}

LOG = logging.getLogger("corinth.classroom")
NOT_IN_CLASS = N_("This page is not in the class (or the class has ended): join the class again")
REMOVED = N_("Your teacher took you out of the class: join it again to take part")
# The fields of what a page sends, as a refusal names them ("Name: at most 40 characters.").
FIELDS = {
    "name": N_("name"),
    "lesson": N_("lesson"),
    "step": N_("step"),
    "finished": N_("finished"),
    "move": N_("move"),
}


class StoreError(ValueError):
    """Something a page sent that the class does not take; the message says what."""


class TooMuch(StoreError):
    """A page (or the class) sent more than it may: HTTP 429, to try again after ``retry_after``
    seconds."""

    def __init__(self, message: str, retry_after: int = 60):
        super().__init__(message)
        self.retry_after = retry_after


class UnknownStudent(StoreError):
    """A key that belongs to no student of this class (the class was ended, the teacher took the
    student out: ``removed``, or a forged key)."""

    def __init__(self, message: str, removed: bool = False):
        super().__init__(message)
        self.removed = removed


class StoreUnavailable(Exception):
    """The class's file cannot be read or written right now (held by another program, damaged, the
    disk full): HTTP 503. Nothing of the request was kept; the message says so in a sentence."""


class ClassFileError(Exception):
    """The class cannot start on this folder or file; the message is the one sentence to show."""


@dataclass(frozen=True)
class Student:
    """One student as the teacher sees them: ``name`` is '' for a student who gave none (and is
    unique in the class otherwise: a second "Alex" is "Alex (2)"). ``step`` is the step in view on
    their lesson page, since ``step_since``; ``step_done``: its exercises are all solved;
    ``wrong_here`` and ``hints_here``: their wrong tries and hints on that step."""

    id: int
    key: str
    name: str
    lesson: str
    step: str
    finished: tuple[str, ...]
    seen: float
    joined: float = 0.0
    step_since: float = 0.0
    step_done: bool = False
    wrong_here: int = 0
    hints_here: int = 0


@dataclass(frozen=True)
class Sent:
    """A live puzzle: its number in this class, which stored puzzle (``ref``), its data for the
    pages, when it was sent, whether the teacher revealed the answer (and with the names of who
    answered what: ``named``), when answers close (``closes``, None without a timer) and whether
    the teacher took it away (``closed``: kept for the record)."""

    id: int
    ref: str
    data: dict
    sent: float
    revealed: bool
    closes: float | None = None
    named: bool = False
    closed: bool = False


@dataclass(frozen=True)
class Event:
    """One thing a student did, in order: a check of an exercise (``right`` True or False), a hint
    or the answer shown (``right`` None), or an answer to a live puzzle (``kind`` "live", ``item``
    the puzzle's number, ``answer`` the move)."""

    id: int
    student: int
    at: float
    kind: str
    lesson: str
    step: str
    item: str
    answer: str
    right: bool | None


def plain_text(value: object, field: str, limit: int) -> str:
    """Text a page sent, checked: a string, at most ``limit`` characters, no control characters.

    >>> plain_text("  Zoë ", "name", 40)
    'Zoë'
    >>> plain_text("a\\x1b[31m", "name", 40)
    Traceback (most recent call last):
    ...
    corinth.classroom.store.StoreError: name: only printable characters, please
    """
    said = _(FIELDS[field]) if field in FIELDS else field
    if not isinstance(value, str):
        raise StoreError(_("{field}: expected text").format(field=said))
    value = " ".join(value.split())
    if len(value) > limit:
        raise StoreError(_("{field}: at most {n} characters").format(field=said, n=limit))
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        raise StoreError(_("{field}: only printable characters, please").format(field=said))
    return value


def clipped(value: object, limit: int) -> str:
    """Text a page reported, made plain and short: no control characters, one space between
    words, cut at ``limit``.

    >>> clipped("  12\t\x1b[0m ", 80), clipped("x" * 100, 5), clipped(None, 5)
    ('12 [0m', 'xxxxx', '')
    """
    if value is None or isinstance(value, bool):
        return ""
    text = "".join(ch for ch in str(value) if unicodedata.category(ch)[0] != "C" or ch in "\t\n")
    return " ".join(text.split())[:limit]


_ITEM = re.compile(r"[\w.-]{1,80}")


def check_folder(folder: Path) -> None:
    """Refuse, in one sentence, a class folder this server cannot write (SQLite writes its journal
    beside the file, so the folder itself must take new files), before anything is started.

    >>> check_folder(Path("/proc"))
    Traceback (most recent call last):
    ...
    corinth.classroom.store.ClassFileError: The class's folder /proc cannot be written to (...): give a folder you may write to, e.g. --class-dir ~/my-class
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".write-check-{secrets.token_hex(4)}"
        probe.write_bytes(b"")
        probe.unlink()
        file = folder / "class.sqlite3"
        if file.exists():
            with open(file, "r+b"):
                pass
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise ClassFileError(
            _(
                "The class's folder {folder} cannot be written to ({why}): give a folder you may "
                "write to, e.g. --class-dir ~/my-class"
            ).format(folder=folder, why=why)
        ) from None


class Store:
    """The class's SQLite file (``":memory:"`` for a test). Thread-safe: one connection, one lock,
    and no call waits longer than a few seconds for either."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time):
        self.path = str(path)
        self.clock = clock
        self.problems: list[str] = []  # what the teacher must read about the file, oldest first
        self.fault = ""  # why the last write failed, until a write succeeds again
        self.version = 0  # writes acknowledged since the store opened: what a reader may cache by
        self._lock = threading.Lock()
        self._decoded: tuple[tuple | None, dict] = (None, {})  # the live puzzle's data, decoded
        try:
            self._db, self._identity = self._open()
        except sqlite3.DatabaseError as exc:
            raise ClassFileError(
                _(
                    "The class's file {file} cannot be read ({why}): it is damaged or is not a "
                    "class's file. Move it away (the class then starts afresh) or give another "
                    "--class-dir."
                ).format(file=self.path, why=exc)
            ) from None

    def _open(self) -> tuple[sqlite3.Connection, tuple[int, int] | None]:
        db = sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS
        )
        try:
            if self.path != ":memory:":
                # readers never wait for a writer; each transaction reaches the disk before it returns
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
            for table, columns in COLUMNS.items():
                have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                for name, kind in columns.items():
                    if name not in have:  # a class file from before this column
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
        except BaseException:
            db.close()
            raise
        return db, self._file_identity()

    def _file_identity(self) -> tuple[int, int] | None:
        if self.path == ":memory:":
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return (-1, -1)
        return (found.st_dev, found.st_ino)

    def _still_on_disk(self) -> None:
        """The class's file may have been deleted (or replaced) while the class ran: the open
        database is written back to its place before anything more is acknowledged."""
        if self._identity is None or self._file_identity() == self._identity:
            return
        try:
            copy = sqlite3.connect(self.path)
            try:
                self._db.backup(copy)
            finally:
                copy.close()
            db, identity = self._open()
        except (sqlite3.Error, OSError) as exc:
            self._note(
                _(
                    "The class's file {file} was deleted while the class ran and cannot be "
                    "written again ({why}): nothing new is kept until it can. Check the class's "
                    "folder."
                ).format(file=self.path, why=exc)
            )
            raise StoreUnavailable(
                _(
                    "The class's notes cannot be saved right now: its file is gone. Try again in "
                    "a minute."
                )
            ) from None
        self._db.close()
        self._db, self._identity = db, identity
        self._note(
            _(
                "The class's file {file} was deleted while the class ran; it was written again "
                "from what the server held, and nothing was lost."
            ).format(file=self.path)
        )

    def _note(self, problem: str) -> None:
        if not self.problems or self.problems[-1] != problem:
            LOG.warning("%s", problem)
            self.problems.append(problem)
            del self.problems[:-10]

    # --- transactions ----------------------------------------------------------------------

    def _failed(self, exc: BaseException) -> BaseException:
        """A failure of the file as ``StoreUnavailable``, with a sentence (kept for the teacher);
        anything else as it is."""
        if isinstance(exc, StoreUnavailable):
            return exc
        if not isinstance(exc, sqlite3.Error | OSError):
            return exc
        text = str(exc).lower()
        if "locked" in text or "busy" in text:
            why = _("another program is using the class's file")
        elif "full" in text or getattr(exc, "errno", None) == 28:
            why = _("the disk is full")
        elif isinstance(exc, sqlite3.DatabaseError) and (
            "malformed" in text or "not a database" in text
        ):
            why = _("the class's file is damaged")
        else:
            why = _("the class's file cannot be written ({why})").format(why=exc)
        fault = _(
            "The class's notes cannot be saved right now: {why}. The class goes on; notes are "
            "saved again once it is fixed."
        ).format(why=why)
        if fault != self.fault:
            LOG.warning("%s (%s)", fault, exc)
        self.fault = fault
        return StoreUnavailable(
            _("The class's notes cannot be saved right now ({why}). Try again in a moment.").format(
                why=why
            )
        )

    def _take(self) -> None:
        if not self._lock.acquire(timeout=WAIT_SECONDS):
            raise StoreUnavailable(
                _(
                    "The class's notes cannot be saved right now: the server is busy. Try again in "
                    "a moment."
                )
            )

    class _Tx:
        """One write: the lock, then ``BEGIN IMMEDIATE``; every way out releases both."""

        def __init__(self, store: Store):
            self.store = store

        def __enter__(self) -> sqlite3.Connection:
            store = self.store
            store._take()
            try:
                store._still_on_disk()
                store._db.execute("BEGIN IMMEDIATE")
            except BaseException as exc:
                store._lock.release()
                raise store._failed(exc) from None
            return store._db

        def __exit__(self, kind, value, tb) -> None:
            store = self.store
            try:
                if kind is None:
                    store._db.execute("COMMIT")
                    store._still_on_disk()
                    store.fault = ""
                    store.version += 1
                else:
                    store._db.execute("ROLLBACK")
            except BaseException as exc:
                if store._db.in_transaction:
                    try:
                        store._db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise store._failed(exc) from None
            finally:
                store._lock.release()
            failed = store._failed(value) if value is not None else None
            if failed is not value:
                raise failed from None

    def _tx(self) -> Store._Tx:
        return Store._Tx(self)

    class _Read:
        """One read: the lock, and a failure of the file as ``StoreUnavailable``."""

        def __init__(self, store: Store):
            self.store = store

        def __enter__(self) -> sqlite3.Connection:
            self.store._take()
            return self.store._db

        def __exit__(self, kind, value, tb) -> None:
            self.store._lock.release()
            failed = self.store._failed(value) if value is not None else None
            if failed is not value:
                raise failed from None

    def _read(self) -> Store._Read:
        return Store._Read(self)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def report(self) -> list[str]:
        """What the teacher must read about the class's file: faults met, and the current one."""
        return [*self.problems, *([self.fault] if self.fault else [])]

    # --- settings: the class code and the teacher's secret, kept across restarts -------------

    def setting(
        self, name: str, make: Callable[[], str], valid: Callable[[str], object] = bool
    ) -> str:
        """The stored value of ``name``, made once by ``make`` and kept (made anew where the stored
        one is not ``valid``)."""
        with self._tx() as db:
            row = db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
            if row is not None and valid(row[0]):
                return row[0]
            value = make()
            db.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )
            return value

    def value(self, name: str, default: str = "") -> str:
        """A setting the teacher chose (the lesson the class is kept to, when to flag a student),
        or ``default``."""
        with self._read() as db:
            row = db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return default if row is None else row[0]

    def put(self, name: str, value: str) -> None:
        """Keep the teacher's choice ``value`` under ``name``."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )

    # --- students ---------------------------------------------------------------------------

    @staticmethod
    def _unique(db: sqlite3.Connection, name: str, student: int | None) -> str:
        """``name``, or where another student of the class has it, ``name (2)``, ``name (3)``…:
        three students named Alex can be told apart (and one of them removed).

        >>> store = Store(":memory:")
        >>> [store.join(n).name for n in ("Alex", "Alex", "Ben", "Alex", "")]
        ['Alex', 'Alex (2)', 'Ben', 'Alex (3)', '']
        """
        if not name:
            return ""
        taken = {
            row[0]
            for row in db.execute(
                "SELECT name FROM students WHERE id IS NOT ? AND (name = ? OR name LIKE ?)",
                (student, name, f"{name} (%)"),
            )
        }
        if name not in taken:
            return name
        number = 2
        while f"{name} ({number})" in taken:
            number += 1
        return f"{name} ({number})"

    def join(self, name: object = "", owner: str | None = None, key: object = None) -> Student:
        """A new student (``name``: a first name or nickname, or '' to be counted, not named).
        ``owner``: who the server's login says this is (the school hub's user name); ``key``: the
        key the page was given when it joined before. Either gives that student back, renamed,
        instead of a new row. A name another student has gets a number: "Alex (2)"."""
        name = plain_text(name or "", "name", MAX_NAME)
        now = self.clock()
        with self._tx() as db:
            if isinstance(key, str) and 10 <= len(key) <= 64:
                row = db.execute("SELECT id, owner FROM students WHERE key = ?", (key,)).fetchone()
                if row is not None and (owner is None or row[1] == owner):
                    name = self._unique(db, name, row[0])
                    db.execute(
                        "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, now, row[0])
                    )
                    return Student(row[0], key, name, "", "", (), now)
            if owner is not None:
                row = db.execute(
                    "SELECT id, key FROM students WHERE owner = ?", (owner,)
                ).fetchone()
                if row is not None:
                    name = self._unique(db, name, row[0])
                    db.execute(
                        "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, now, row[0])
                    )
                    return Student(row[0], row[1], name, "", "", (), now)
            (count,) = db.execute("SELECT COUNT(*) FROM students").fetchone()
            if count >= MAX_STUDENTS:
                raise TooMuch(_("this class has {n} students already").format(n=MAX_STUDENTS))
            name = self._unique(db, name, None)
            key = secrets.token_urlsafe(18)
            cur = db.execute(
                "INSERT INTO students (key, name, owner, joined, seen) VALUES (?, ?, ?, ?, ?)",
                (key, name, owner, now, now),
            )
            return Student(cur.lastrowid, key, name, "", "", (), now, now)

    def _student_id(self, db: sqlite3.Connection, key: object) -> int:
        if not isinstance(key, str) or not 10 <= len(key) <= 64:
            raise UnknownStudent(_(NOT_IN_CLASS))
        row = db.execute("SELECT id FROM students WHERE key = ?", (key,)).fetchone()
        if row is None:
            gone = db.execute("SELECT 1 FROM removed WHERE key = ?", (key,)).fetchone()
            raise UnknownStudent(_(REMOVED if gone else NOT_IN_CLASS), removed=gone is not None)
        return row[0]

    def check_owner(self, key: object, owner: str | None) -> None:
        """Where the server's login names the student, a key must be that student's own."""
        if owner is None:
            return
        with self._read() as db:
            who = self._student_id(db, key)
            row = db.execute("SELECT owner FROM students WHERE id = ?", (who,)).fetchone()
        if row[0] != owner:
            raise UnknownStudent(_("this key is another student's"))

    def rename(self, key: str, name: object) -> str:
        """A student's new name ('' to be counted, not named); returns it as the class shows it."""
        name = plain_text(name or "", "name", MAX_NAME)
        with self._tx() as db:
            who = self._student_id(db, key)
            name = self._unique(db, name, who)
            db.execute(
                "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, self.clock(), who)
            )
        return name

    def rename_student(self, student: object, name: object) -> str:
        """The teacher renames a student (by number); returns the name as the class shows it."""
        name = plain_text(name or "", "name", MAX_NAME)
        with self._tx() as db:
            who = self._number(db, student)
            name = self._unique(db, name, who)
            db.execute("UPDATE students SET name = ? WHERE id = ?", (name, who))
        return name

    def remove(self, student: object) -> None:
        """The teacher takes a student out of the class: their name, marks and answers are erased,
        and their page hears it (``UnknownStudent`` with ``removed``) and may join again."""
        with self._tx() as db:
            who = self._number(db, student)
            (key,) = db.execute("SELECT key FROM students WHERE id = ?", (who,)).fetchone()
            for table in ("answers", "events"):
                db.execute(f"DELETE FROM {table} WHERE student = ?", (who,))  # noqa: S608 - ours
            db.execute("DELETE FROM students WHERE id = ?", (who,))
            db.execute(
                "INSERT OR REPLACE INTO removed (key, at) VALUES (?, ?)", (key, self.clock())
            )

    @staticmethod
    def _number(db: sqlite3.Connection, student: object) -> int:
        if isinstance(student, bool) or not isinstance(student, int):
            raise StoreError("student: expected a student's number")
        if db.execute("SELECT 1 FROM students WHERE id = ?", (student,)).fetchone() is None:
            raise StoreError(_("this student is no longer in the class"))
        return student

    def progress(
        self,
        key: str,
        lesson: object,
        step: object,
        finished: object = None,
        done: object = False,
        events: object = (),
    ) -> None:
        """Where a student is: the lesson and the step in view (and whether its exercises are all
        solved: ``done``), the lessons they finished (None: as before), and what they did since
        the last report: ``events``, each ``{"kind": "check"|"hint"|"shown", "item": exercise or
        puzzle, "answer", "right", "step", "ago": seconds}``."""
        lesson = plain_text(lesson, "lesson", MAX_FIELD)
        step = plain_text(step or "", "step", MAX_FIELD)
        if finished is not None:
            if not isinstance(finished, list | tuple) or len(finished) > MAX_FINISHED:
                raise StoreError(f"finished: a list of at most {MAX_FINISHED} names")
            finished = json.dumps([plain_text(x, "finished", MAX_FIELD) for x in finished])
        if not isinstance(events, list | tuple) or len(events) > MAX_EVENTS:
            raise StoreError(f"events: a list of at most {MAX_EVENTS}")
        now = self.clock()
        rows = [self._event(e, lesson, step, now) for e in events]
        with self._tx() as db:
            who = self._student_id(db, key)
            before = db.execute("SELECT lesson, step FROM students WHERE id = ?", (who,)).fetchone()
            moved = tuple(before) != (lesson, step)
            db.execute(
                "UPDATE students SET lesson = ?, step = ?, step_done = ?, seen = ?, "
                "finished = COALESCE(?, finished), step_since = CASE WHEN ? THEN ? "
                "ELSE step_since END WHERE id = ?",
                (lesson, step, bool(done), now, finished, moved, now, who),
            )
            if rows:
                db.executemany(
                    "INSERT INTO events (student, at, kind, lesson, step, item, answer, right) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(who, *row) for row in rows],
                )
                self._trim(db, who)

    @staticmethod
    def _event(event: object, lesson: str, step: str, now: float) -> tuple:
        """One reported check or hint, checked: (at, kind, lesson, step, item, answer, right)."""
        if not isinstance(event, dict):
            raise StoreError("events: each is an object")
        kind, item = event.get("kind"), event.get("item")
        if kind not in EVENT_KINDS:
            raise StoreError(f"events: a kind is one of {', '.join(EVENT_KINDS)}")
        if not isinstance(item, str) or not _ITEM.fullmatch(item):
            raise StoreError("events: an exercise's name, please")
        right = event.get("right")
        right = None if kind != "check" else bool(right)
        ago = event.get("ago", 0)
        finite = isinstance(ago, int | float) and not isinstance(ago, bool) and math.isfinite(ago)
        ago = min(max(float(ago), 0.0), 3600.0) if finite else 0.0
        at_step = clipped(event.get("step"), MAX_FIELD) if event.get("step") else step
        answer = clipped(event.get("answer"), MAX_ANSWER) if kind == "check" else ""
        return (now - ago, kind, lesson, at_step, item, answer, right)

    @staticmethod
    def _trim(db: sqlite3.Connection, who: int) -> None:
        """A student's oldest checks and hints go beyond ``KEPT_EVENTS``."""
        (count,) = db.execute("SELECT COUNT(*) FROM events WHERE student = ?", (who,)).fetchone()
        if count > KEPT_EVENTS:
            db.execute(
                "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE student = ? "
                "ORDER BY id LIMIT ?)",
                (who, count - KEPT_EVENTS),
            )

    def students(self) -> list[Student]:
        """Every student, in the order they joined, with their wrong tries and hints on the step
        in view."""
        with self._read() as db:
            rows = db.execute(
                "SELECT s.id, s.key, s.name, s.lesson, s.step, s.finished, s.seen, s.joined, "
                "s.step_since, s.step_done, "
                "(SELECT COUNT(*) FROM events e WHERE e.student = s.id AND e.lesson = s.lesson "
                " AND e.step = s.step AND e.kind = 'check' AND e.right = 0), "
                "(SELECT COUNT(*) FROM events e WHERE e.student = s.id AND e.lesson = s.lesson "
                " AND e.step = s.step AND e.kind IN ('hint', 'shown')) "
                "FROM students s ORDER BY s.id"
            ).fetchall()
        return [
            Student(i, k, n, lesson, step, tuple(json.loads(f)), seen, joined, since, bool(d), w, h)
            for i, k, n, lesson, step, f, seen, joined, since, d, w, h in rows
        ]

    def events(self, student: int | None = None) -> list[Event]:
        """What a student did (every student's, with None), in order: checks, hints, the answers
        shown and their answers to the live puzzles."""
        where, args = ("WHERE student = ?", (student,)) if student is not None else ("", ())
        with self._read() as db:
            rows = db.execute(
                "SELECT id, student, at, kind, lesson, step, item, answer, right FROM events "
                f"{where} ORDER BY id",  # noqa: S608 - the condition is ours
                args,
            ).fetchall()
        return [Event(*row[:8], None if row[8] is None else bool(row[8])) for row in rows]

    def exercises(self) -> list[dict]:
        """Each exercise the class checked, by name: how many students tried it and solved it,
        the tries a solver took (on average), the wrong tries and the hints, most tried first."""
        with self._read() as db:
            rows = db.execute(
                "SELECT item, MAX(lesson), COUNT(DISTINCT CASE WHEN kind = 'check' THEN student END),"
                " COUNT(DISTINCT CASE WHEN kind = 'check' AND right = 1 THEN student END),"
                " SUM(kind = 'check' AND right = 0), SUM(kind IN ('hint', 'shown'))"
                " FROM events WHERE kind IN ('check', 'hint', 'shown') GROUP BY item"
            ).fetchall()
            tries = dict(
                db.execute(
                    "WITH first AS (SELECT student, item, MIN(id) AS at FROM events "
                    " WHERE kind = 'check' AND right = 1 GROUP BY student, item) "
                    "SELECT f.item, AVG((SELECT COUNT(*) FROM events e WHERE e.student = f.student"
                    " AND e.item = f.item AND e.kind = 'check' AND e.id <= f.at)) "
                    "FROM first f GROUP BY f.item"
                ).fetchall()
            )
        out = [
            {
                "item": item,
                "lesson": lesson,
                "tried": tried,
                "solved": solved,
                "wrong": wrong or 0,
                "hints": hints or 0,
                "tries": round(tries[item], 1) if item in tries else None,
            }
            for item, lesson, tried, solved, wrong, hints in rows
        ]
        return sorted(out, key=lambda e: (-e["tried"], e["item"]))

    # --- the live puzzle --------------------------------------------------------------------

    def send(self, ref: str, data: dict, seconds: float = 0) -> Sent:
        """Put a puzzle in front of the class: it becomes the live one (answers start afresh);
        ``seconds``: answers close that long after (0: no timer)."""
        now = self.clock()
        closes = now + seconds if seconds else None
        with self._tx() as db:
            db.execute("UPDATE puzzles SET closed = 1 WHERE closed = 0")
            cur = db.execute(
                "INSERT INTO puzzles (ref, data, sent, closes) VALUES (?, ?, ?, ?)",
                (ref, json.dumps(data), now, closes),
            )
            return Sent(cur.lastrowid, ref, data, now, False, closes)

    def live(self) -> Sent | None:
        """The puzzle in front of the class, or None. Every page asks for it every second: its data
        (the picture, every move ranked) is read and decoded once per puzzle, not once per ask."""
        with self._read() as db:
            row = db.execute(
                "SELECT id, ref, sent, revealed, closes, named FROM puzzles WHERE closed = 0 "
                "ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            if self._decoded[0] != (row[0], row[2]):  # a number and the time it was sent
                (text,) = db.execute("SELECT data FROM puzzles WHERE id = ?", (row[0],)).fetchone()
                self._decoded = ((row[0], row[2]), json.loads(text))
        return Sent(row[0], row[1], self._decoded[1], row[2], bool(row[3]), row[4], bool(row[5]))

    def puzzles(self) -> list[Sent]:
        """Every puzzle sent to this class, the first first (for the record and the report)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id, ref, data, sent, revealed, closes, named, closed FROM puzzles "
                "ORDER BY id"
            ).fetchall()
        return [
            Sent(i, ref, json.loads(data), sent, bool(rev), closes, bool(named), bool(closed))
            for i, ref, data, sent, rev, closes, named, closed in rows
        ]

    def reveal(self, puzzle: int, named: bool = False) -> None:
        """Show the solver's answer (and, ``named``, who answered what to the teacher's page)."""
        with self._tx() as db:
            db.execute(
                "UPDATE puzzles SET revealed = 1, named = ? WHERE id = ?", (bool(named), puzzle)
            )

    def stop(self) -> None:
        """No live puzzle any more (the teacher's "Back to the lessons"); the puzzles sent and
        their answers stay for the record."""
        with self._tx() as db:
            db.execute("UPDATE puzzles SET closed = 1 WHERE closed = 0")

    def answer(self, key: str, puzzle: object, move: object, choices: set[str]) -> None:
        """A student's one answer to the live puzzle (``choices``: the moves it offers). A second
        answer replaces the first until the teacher reveals, or the timer ends."""
        move = plain_text(move, "move", MAX_FIELD)
        now = self.clock()
        with self._tx() as db:
            who = self._student_id(db, key)
            row = db.execute(
                "SELECT id, revealed, closes FROM puzzles WHERE closed = 0 ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None or row[0] != puzzle or isinstance(puzzle, bool):
                raise StoreError(_("this puzzle is no longer the one in front of the class"))
            if row[1]:
                raise StoreError(_("the answer has been shown: answers are closed"))
            if row[2] is not None and now > row[2]:
                raise StoreError(_("the time is up: answers are closed"))
            if move not in choices:
                raise StoreError(_("that is not one of this puzzle's moves"))
            db.execute(
                "INSERT INTO answers (puzzle, student, move, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (puzzle, student) DO UPDATE SET move = excluded.move, at = excluded.at",
                (puzzle, who, move, now),
            )
            db.execute(
                "INSERT INTO events (student, at, kind, item, answer) VALUES (?, ?, 'live', ?, ?)",
                (who, now, str(puzzle), move),
            )
            self._trim(db, who)
            db.execute("UPDATE students SET seen = ? WHERE id = ?", (now, who))

    def answers(self, puzzle: int) -> dict[int, str]:
        """Each student's answer to a puzzle: student id -> move."""
        with self._read() as db:
            rows = db.execute(
                "SELECT student, move FROM answers WHERE puzzle = ?", (puzzle,)
            ).fetchall()
        return dict(rows)

    def knows(self, key: object, owner: str | None = None) -> bool:
        """Whether ``key`` is a student's of this class (and, where the login names the student,
        that student's own)."""
        if not isinstance(key, str) or not 10 <= len(key) <= 64:
            return False
        with self._read() as db:
            row = db.execute("SELECT owner FROM students WHERE key = ?", (key,)).fetchone()
        return row is not None and (owner is None or row[0] == owner)

    def removed(self, key: object) -> bool:
        """Whether the teacher took the student of ``key`` out of this class."""
        if not isinstance(key, str) or not 10 <= len(key) <= 64:
            return False
        with self._read() as db:
            return db.execute("SELECT 1 FROM removed WHERE key = ?", (key,)).fetchone() is not None

    def me(self, key: str, puzzle: int | None) -> tuple[str, str]:
        """This student's name as the class shows it and answer to ``puzzle`` ('' for none);
        ``UnknownStudent`` for a key that is no student's of this class."""
        with self._read() as db:
            who = self._student_id(db, key)
            (name,) = db.execute("SELECT name FROM students WHERE id = ?", (who,)).fetchone()
            row = db.execute(
                "SELECT move FROM answers WHERE puzzle = ? AND student = ?", (puzzle, who)
            ).fetchone()
        return name, row[0] if row else ""

    def my_answer(self, key: str, puzzle: int) -> str:
        """This student's answer to ``puzzle`` ('' for none); ``UnknownStudent`` for a key that is
        no student's of this class (the class was ended)."""
        return self.me(key, puzzle)[1]

    # --- the end ----------------------------------------------------------------------------

    def end_class(self) -> None:
        """Forget every student, mark, check, hint and answer and every puzzle sent ("End the
        class"); the class code, the teacher's secret and choices stay."""
        with self._tx() as db:
            for table in ("answers", "events", "puzzles", "students", "removed"):
                db.execute(f"DELETE FROM {table}")  # noqa: S608 - the table names are ours
