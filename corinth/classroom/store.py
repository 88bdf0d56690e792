"""The class's shared state, kept in SQLite in the class's folder: who joined (a first name or
nickname, or nothing), where each student is in the lessons, the live puzzle and its answers.

Every write is one transaction, so a server stopped at any moment restarts with everything that was
answered; each student's writes are bounded (``RATE_BYTES`` a minute, refused beyond with
``TooMuch``), and so is the class (``MAX_STUDENTS``). A student is known by a random key their page
keeps: a page can write only its own student's rows. Nothing else about a student is stored.

>>> store = Store(":memory:")
>>> ada = store.join("Ada")
>>> store.progress(ada.key, lesson="03_the_steward", step="Step 2 of 5", finished=["01_the_harbor"])
>>> [(s.name, s.lesson, s.step) for s in store.students()]
[('Ada', '03_the_steward', 'Step 2 of 5')]
"""

from __future__ import annotations

import json
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
RATE_BYTES = 4096  # what one student's page may send in a minute (a mark is about 200 bytes)
CLASS_RATE_BYTES = 256 * 1024  # what the whole class may send in a minute

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
CREATE TABLE IF NOT EXISTS traffic (who INTEGER NOT NULL, minute INTEGER NOT NULL,
    bytes INTEGER NOT NULL, PRIMARY KEY (who, minute));
"""


class StoreError(ValueError):
    """Something a page sent that the class does not take; the message says what."""


class TooMuch(StoreError):
    """A page (or the class) sent more than it may in a minute: HTTP 429."""


class UnknownStudent(StoreError):
    """A key that belongs to no student of this class (the class was ended, or a forged key)."""


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


class Store:
    """The class's SQLite file (``":memory:"`` for a test). Thread-safe: one connection, one lock."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time):
        self.path = str(path)
        self.clock = clock
        self._lock = threading.Lock()
        self._decoded: tuple[tuple | None, dict] = (None, {})  # the live puzzle's data, decoded
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            # readers never wait for a writer; each transaction reaches the disk before it returns
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    # --- transactions ----------------------------------------------------------------------

    class _Tx:
        def __init__(self, store: Store):
            self.store = store

        def __enter__(self) -> sqlite3.Connection:
            self.store._lock.acquire()
            self.store._db.execute("BEGIN IMMEDIATE")
            return self.store._db

        def __exit__(self, kind, value, tb) -> None:
            try:
                self.store._db.execute("COMMIT" if kind is None else "ROLLBACK")
            finally:
                self.store._lock.release()

    def _tx(self) -> Store._Tx:
        return Store._Tx(self)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- settings: the class code and the teacher's secret, kept across restarts -------------

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """The stored value of ``name``, made once by ``make`` and kept."""
        with self._tx() as db:
            row = db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
            if row is not None:
                return row[0]
            value = make()
            db.execute("INSERT INTO settings (name, value) VALUES (?, ?)", (name, value))
            return value

    # --- students ---------------------------------------------------------------------------

    def _charge(self, db: sqlite3.Connection, who: int, size: int) -> None:
        """Count ``size`` bytes against the student ``who`` (0: the class's joins) and the class."""
        minute = int(self.clock() // 60)
        db.execute("DELETE FROM traffic WHERE minute < ?", (minute - 1,))
        owners = ((who, RATE_BYTES),) if who else ()
        for owner, limit in (*owners, (-1, CLASS_RATE_BYTES)):
            row = db.execute(
                "SELECT bytes FROM traffic WHERE who = ? AND minute = ?", (owner, minute)
            ).fetchone()
            used = (row[0] if row else 0) + size
            if used > limit:
                raise TooMuch(
                    "too many messages in a minute from this page: wait a moment"
                    if owner >= 0
                    else "the class is sending too much at once: wait a moment"
                )
            db.execute(
                "INSERT INTO traffic (who, minute, bytes) VALUES (?, ?, ?) "
                "ON CONFLICT (who, minute) DO UPDATE SET bytes = excluded.bytes",
                (owner, minute, used),
            )

    def join(self, name: object = "", size: int = 0, owner: str | None = None) -> Student:
        """A new student (``name``: a first name or nickname, or '' to be counted, not named).
        ``owner``: who the server's login says this is (the school hub's user name): joining again
        gives that student back, renamed."""
        name = plain_text(name or "", "name", MAX_NAME)
        now = self.clock()
        with self._tx() as db:
            self._charge(db, 0, max(size, 64))
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
            raise UnknownStudent("this page has not joined the class (or the class was ended)")
        row = db.execute("SELECT id FROM students WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise UnknownStudent("this page has not joined the class (or the class was ended)")
        return row[0]

    def check_owner(self, key: object, owner: str | None) -> None:
        """Where the server's login names the student, a key must be that student's own."""
        if owner is None:
            return
        with self._tx() as db:
            who = self._student_id(db, key)
            row = db.execute("SELECT owner FROM students WHERE id = ?", (who,)).fetchone()
        if row[0] != owner:
            raise UnknownStudent("this key is another student's")

    def rename(self, key: str, name: object, size: int = 0) -> None:
        """A student's new name ('' to be counted, not named)."""
        name = plain_text(name or "", "name", MAX_NAME)
        with self._tx() as db:
            who = self._student_id(db, key)
            self._charge(db, who, max(size, 32))
            db.execute(
                "UPDATE students SET name = ?, seen = ? WHERE id = ?", (name, self.clock(), who)
            )

    def progress(
        self, key: str, lesson: object, step: object, finished: object = (), size: int = 0
    ) -> None:
        """Where a student is: the lesson and step they are on, and what they finished."""
        lesson = plain_text(lesson, "lesson", MAX_FIELD)
        step = plain_text(step or "", "step", MAX_FIELD)
        if not isinstance(finished, list | tuple) or len(finished) > MAX_FINISHED:
            raise StoreError(f"finished: a list of at most {MAX_FINISHED} names")
        done = [plain_text(x, "finished", MAX_FIELD) for x in finished]
        with self._tx() as db:
            who = self._student_id(db, key)
            self._charge(db, who, max(size, 32))
            db.execute(
                "UPDATE students SET lesson = ?, step = ?, finished = ?, seen = ? WHERE id = ?",
                (lesson, step, json.dumps(done), self.clock(), who),
            )

    def students(self) -> list[Student]:
        """Every student, in the order they joined."""
        with self._lock:
            rows = self._db.execute(
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
        with self._lock:
            row = self._db.execute(
                "SELECT id, ref, sent, revealed FROM puzzles ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            if self._decoded[0] != (row[0], row[2]):  # a number and the time it was sent
                (text,) = self._db.execute(
                    "SELECT data FROM puzzles WHERE id = ?", (row[0],)
                ).fetchone()
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

    def answer(
        self, key: str, puzzle: object, move: object, choices: set[str], size: int = 0
    ) -> None:
        """A student's one answer to the live puzzle (``choices``: the moves it offers). A second
        answer replaces the first until the teacher reveals."""
        move = plain_text(move, "move", MAX_FIELD)
        with self._tx() as db:
            who = self._student_id(db, key)
            self._charge(db, who, max(size, 32))
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
        with self._lock:
            rows = self._db.execute(
                "SELECT student, move FROM answers WHERE puzzle = ?", (puzzle,)
            ).fetchall()
        return dict(rows)

    def my_answer(self, key: str, puzzle: int) -> str:
        with self._tx() as db:
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
            for table in ("answers", "puzzles", "students", "traffic"):
                db.execute(f"DELETE FROM {table}")  # noqa: S608 - the table names are ours
