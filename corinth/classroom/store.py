"""The class's shared state, kept in SQLite in the class's folder: who joined (a first name or
nickname, or nothing), where each student is in the lessons, the live puzzle and its answers.

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
import os
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MAX_STUDENTS = 500  # rows of students per class: far above a class, a bound on a flood of joins
MAX_NAME = 40  # characters of a first name or nickname
MAX_FIELD = 120  # characters of a lesson's or a step's name
MAX_FINISHED = 60  # lessons and exercises listed as finished
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
DROP TABLE IF EXISTS traffic;
"""

LOG = logging.getLogger("corinth.classroom")
NOT_SAVED = "The class's notes cannot be saved right now"
NOT_IN_CLASS = "This page is not in the class (or the class has ended): join the class again"


class StoreError(ValueError):
    """Something a page sent that the class does not take; the message says what."""


class TooMuch(StoreError):
    """A page (or the class) sent more than it may: HTTP 429, to try again after ``retry_after``
    seconds."""

    def __init__(self, message: str, retry_after: int = 60):
        super().__init__(message)
        self.retry_after = retry_after


class UnknownStudent(StoreError):
    """A key that belongs to no student of this class (the class was ended, or a forged key)."""


class StoreUnavailable(Exception):
    """The class's file cannot be read or written right now (held by another program, damaged, the
    disk full): HTTP 503. Nothing of the request was kept; the message says so in a sentence."""


class ClassFileError(Exception):
    """The class cannot start on this folder or file; the message is the one sentence to show."""


@dataclass(frozen=True)
class Student:
    """One student as the teacher sees them: ``name`` is '' for a student who gave none."""

    id: int
    key: str
    name: str
    lesson: str
    step: str
    finished: tuple[str, ...]
    seen: float


@dataclass(frozen=True)
class Sent:
    """The live puzzle: its number in this class, which stored puzzle (``ref``), its data for the
    pages, when it was sent and whether the teacher revealed the answer."""

    id: int
    ref: str
    data: dict
    sent: float
    revealed: bool


def plain_text(value: object, field: str, limit: int) -> str:
    """Text a page sent, checked: a string, at most ``limit`` characters, no control characters.

    >>> plain_text("  Zoë ", "name", 40)
    'Zoë'
    >>> plain_text("a\\x1b[31m", "name", 40)
    Traceback (most recent call last):
    ...
    corinth.classroom.store.StoreError: name: only printable characters, please
    """
    if not isinstance(value, str):
        raise StoreError(f"{field}: expected text")
    value = " ".join(value.split())
    if len(value) > limit:
        raise StoreError(f"{field}: at most {limit} characters")
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        raise StoreError(f"{field}: only printable characters, please")
    return value


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
            f"The class's folder {folder} cannot be written to ({why}): give a folder you may "
            "write to, e.g. --class-dir ~/my-class"
        ) from None


class Store:
    """The class's SQLite file (``":memory:"`` for a test). Thread-safe: one connection, one lock,
    and no call waits longer than a few seconds for either."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time):
        self.path = str(path)
        self.clock = clock
        self.problems: list[str] = []  # what the teacher must read about the file, oldest first
        self.fault = ""  # why the last write failed, until a write succeeds again
        self._lock = threading.Lock()
        self._decoded: tuple[tuple | None, dict] = (None, {})  # the live puzzle's data, decoded
        try:
            self._db, self._identity = self._open()
        except sqlite3.DatabaseError as exc:
            raise ClassFileError(
                f"The class's file {self.path} cannot be read ({exc}): it is damaged or is not a "
                "class's file. Move it away (the class then starts afresh) or give another "
                "--class-dir."
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
                f"The class's file {self.path} was deleted while the class ran and cannot be "
                f"written again ({exc}): nothing new is kept until it can. Check the class's folder."
            )
            raise StoreUnavailable(
                f"{NOT_SAVED}: its file is gone. Try again in a minute."
            ) from None
        self._db.close()
        self._db, self._identity = db, identity
        self._note(
            f"The class's file {self.path} was deleted while the class ran; it was written again "
            "from what the server held, and nothing was lost."
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
            why = "another program is using the class's file"
        elif "full" in text or getattr(exc, "errno", None) == 28:
            why = "the disk is full"
        elif isinstance(exc, sqlite3.DatabaseError) and (
            "malformed" in text or "not a database" in text
        ):
            why = "the class's file is damaged"
        else:
            why = f"the class's file cannot be written ({exc})"
        fault = f"{NOT_SAVED}: {why}. The class goes on; notes are saved again once it is fixed."
        if fault != self.fault:
            LOG.warning("%s (%s)", fault, exc)
        self.fault = fault
        return StoreUnavailable(f"{NOT_SAVED} ({why}). Try again in a moment.")

    def _take(self) -> None:
        if not self._lock.acquire(timeout=WAIT_SECONDS):
            raise StoreUnavailable(f"{NOT_SAVED}: the server is busy. Try again in a moment.")

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
            if value is not None and store._failed(value) is not value:
                raise store._failed(value) from None

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
            if value is not None and self.store._failed(value) is not value:
                raise self.store._failed(value) from None

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

    # --- students ---------------------------------------------------------------------------

    def join(self, name: object = "", owner: str | None = None, key: object = None) -> Student:
        """A new student (``name``: a first name or nickname, or '' to be counted, not named).
        ``owner``: who the server's login says this is (the school hub's user name); ``key``: the
        key the page was given when it joined before. Either gives that student back, renamed,
        instead of a new row."""
        name = plain_text(name or "", "name", MAX_NAME)
        now = self.clock()
        with self._tx() as db:
            if isinstance(key, str) and 10 <= len(key) <= 64:
                row = db.execute("SELECT id, owner FROM students WHERE key = ?", (key,)).fetchone()
                if row is not None and (owner is None or row[1] == owner):
                    db.execute(
                        "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, now, row[0])
                    )
                    return Student(row[0], key, name, "", "", (), now)
            if owner is not None:
                row = db.execute(
                    "SELECT id, key FROM students WHERE owner = ?", (owner,)
                ).fetchone()
                if row is not None:
                    db.execute(
                        "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, now, row[0])
                    )
                    return Student(row[0], row[1], name, "", "", (), now)
            (count,) = db.execute("SELECT COUNT(*) FROM students").fetchone()
            if count >= MAX_STUDENTS:
                raise TooMuch(f"this class has {MAX_STUDENTS} students already")
            key = secrets.token_urlsafe(18)
            cur = db.execute(
                "INSERT INTO students (key, name, owner, joined, seen) VALUES (?, ?, ?, ?, ?)",
                (key, name, owner, now, now),
            )
            return Student(cur.lastrowid, key, name, "", "", (), now)

    def _student_id(self, db: sqlite3.Connection, key: object) -> int:
        if not isinstance(key, str) or not 10 <= len(key) <= 64:
            raise UnknownStudent(NOT_IN_CLASS)
        row = db.execute("SELECT id FROM students WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise UnknownStudent(NOT_IN_CLASS)
        return row[0]

    def check_owner(self, key: object, owner: str | None) -> None:
        """Where the server's login names the student, a key must be that student's own."""
        if owner is None:
            return
        with self._read() as db:
            who = self._student_id(db, key)
            row = db.execute("SELECT owner FROM students WHERE id = ?", (who,)).fetchone()
        if row[0] != owner:
            raise UnknownStudent("this key is another student's")

    def rename(self, key: str, name: object) -> None:
        """A student's new name ('' to be counted, not named)."""
        name = plain_text(name or "", "name", MAX_NAME)
        with self._tx() as db:
            who = self._student_id(db, key)
            db.execute(
                "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, self.clock(), who)
            )

    def progress(self, key: str, lesson: object, step: object, finished: object = ()) -> None:
        """Where a student is: the lesson and step they are on, and what they finished."""
        lesson = plain_text(lesson, "lesson", MAX_FIELD)
        step = plain_text(step or "", "step", MAX_FIELD)
        if not isinstance(finished, list | tuple) or len(finished) > MAX_FINISHED:
            raise StoreError(f"finished: a list of at most {MAX_FINISHED} names")
        done = [plain_text(x, "finished", MAX_FIELD) for x in finished]
        with self._tx() as db:
            who = self._student_id(db, key)
            db.execute(
                "UPDATE students SET lesson = ?, step = ?, finished = ?, seen = ? WHERE id = ?",
                (lesson, step, json.dumps(done), self.clock(), who),
            )

    def students(self) -> list[Student]:
        """Every student, in the order they joined."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id, key, name, lesson, step, finished, seen FROM students ORDER BY id"
            ).fetchall()
        return [
            Student(i, k, n, lesson, step, tuple(json.loads(f)), seen)
            for i, k, n, lesson, step, f, seen in rows
        ]

    # --- the live puzzle --------------------------------------------------------------------

    def send(self, ref: str, data: dict) -> Sent:
        """Put a puzzle in front of the class: it becomes the live one (answers start afresh)."""
        now = self.clock()
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO puzzles (ref, data, sent) VALUES (?, ?, ?)",
                (ref, json.dumps(data), now),
            )
            return Sent(cur.lastrowid, ref, data, now, False)

    def live(self) -> Sent | None:
        """The puzzle in front of the class, or None. Every page asks for it every second: its data
        (the picture, every move ranked) is read and decoded once per puzzle, not once per ask."""
        with self._read() as db:
            row = db.execute(
                "SELECT id, ref, sent, revealed FROM puzzles ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            if self._decoded[0] != (row[0], row[2]):  # a number and the time it was sent
                (text,) = db.execute("SELECT data FROM puzzles WHERE id = ?", (row[0],)).fetchone()
                self._decoded = ((row[0], row[2]), json.loads(text))
        return Sent(row[0], row[1], self._decoded[1], row[2], bool(row[3]))

    def reveal(self, puzzle: int) -> None:
        with self._tx() as db:
            db.execute("UPDATE puzzles SET revealed = 1 WHERE id = ?", (puzzle,))

    def stop(self) -> None:
        """No live puzzle any more (the teacher's "Back to the lessons")."""
        with self._tx() as db:
            db.execute("DELETE FROM answers")
            db.execute("DELETE FROM puzzles")

    def answer(self, key: str, puzzle: object, move: object, choices: set[str]) -> None:
        """A student's one answer to the live puzzle (``choices``: the moves it offers). A second
        answer replaces the first until the teacher reveals."""
        move = plain_text(move, "move", MAX_FIELD)
        with self._tx() as db:
            who = self._student_id(db, key)
            row = db.execute("SELECT id, revealed FROM puzzles ORDER BY id DESC LIMIT 1").fetchone()
            if row is None or row[0] != puzzle or isinstance(puzzle, bool):
                raise StoreError("this puzzle is no longer the one in front of the class")
            if row[1]:
                raise StoreError("the answer has been shown: answers are closed")
            if move not in choices:
                raise StoreError("that is not one of this puzzle's moves")
            db.execute(
                "INSERT INTO answers (puzzle, student, move, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (puzzle, student) DO UPDATE SET move = excluded.move, at = excluded.at",
                (puzzle, who, move, self.clock()),
            )
            db.execute("UPDATE students SET seen = ? WHERE id = ?", (self.clock(), who))

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

    def my_answer(self, key: str, puzzle: int) -> str:
        """This student's answer to ``puzzle`` ('' for none); ``UnknownStudent`` for a key that is
        no student's of this class (the class was ended)."""
        with self._read() as db:
            who = self._student_id(db, key)
            row = db.execute(
                "SELECT move FROM answers WHERE puzzle = ? AND student = ?", (puzzle, who)
            ).fetchone()
        return row[0] if row else ""

    # --- the end ----------------------------------------------------------------------------

    def end_class(self) -> None:
        """Forget every student, mark and answer ("End the class"); the class code and the
        teacher's secret stay."""
        with self._tx() as db:
            for table in ("answers", "puzzles", "students"):
                db.execute(f"DELETE FROM {table}")  # noqa: S608 - the table names are ours
