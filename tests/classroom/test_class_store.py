"""The class's store under faults (corinth/classroom/store.py) and the class's limits (limits.py):
a file another program holds, a damaged file, a write that fails, a file deleted while the class
runs, a folder that cannot be written; one page flooding, wrong class codes, new students. The
same scenarios against a running server are in tests/browser/test_class_hostile.py."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from corinth.classroom import store as store_module
from corinth.classroom.limits import (
    ADDRESS_BYTES,
    NEW_STUDENTS,
    PAGE_BYTES,
    WRONG_CODES,
    Limits,
)
from corinth.classroom.store import (
    ClassFileError,
    Store,
    StoreError,
    StoreUnavailable,
    TooMuch,
    UnknownStudent,
    check_folder,
)

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self, now: float = 1_000_020.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def hold(path: Path, seconds: float) -> threading.Thread:
    """Another program holds the class's file (``BEGIN EXCLUSIVE``) for ``seconds``."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")

    def release():
        time.sleep(seconds)
        other.execute("COMMIT")
        other.close()

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    return thread


def returns_within(call, seconds: float):
    """Run ``call`` in a thread; fail if it has not returned (or raised) within ``seconds``."""
    out: dict = {}

    def run():
        try:
            out["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"the store call still hangs after {seconds} s"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def test_a_file_held_by_another_program_refuses_the_write_releases_the_lock_and_recovers(tmp_path):
    path = tmp_path / "class.sqlite3"
    store = Store(path)
    ada = store.join("Ada")
    released = hold(path, store_module.BUSY_SECONDS + 2)
    with pytest.raises(StoreUnavailable, match="cannot be saved right now.*another program"):
        returns_within(lambda: store.progress(ada.key, "01_x", "Step 1"), 10)
    assert not store._lock.locked()
    assert "another program" in " ".join(store.report())  # the teacher reads it meanwhile
    assert [s.name for s in returns_within(store.students, 2)] == ["Ada"]  # reads go on
    released.join()
    store.progress(ada.key, "01_x", "Step 2")  # free again: the class recovers by itself
    assert store.students()[0].step == "Step 2" and store.report() == []


def test_a_damaged_file_refuses_each_write_in_a_sentence_and_never_holds_the_lock(tmp_path):
    path = tmp_path / "class.sqlite3"
    store = Store(path)
    ada = store.join("Ada")
    for name in ("", "-wal", "-shm"):
        if Path(f"{path}{name}").exists():
            with open(f"{path}{name}", "r+b") as file:
                file.write(b"\xde\xad\xbe\xef" * 1024)
    for _ in range(3):
        with pytest.raises(StoreUnavailable, match="cannot be saved right now"):
            returns_within(lambda: store.progress(ada.key, "01_x", "Step 1"), 10)
        assert not store._lock.locked()
    store.close()


def test_a_damaged_file_at_start_is_one_sentence_naming_it(tmp_path):
    path = tmp_path / "class.sqlite3"
    path.write_bytes(b"not a database" * 100)
    with pytest.raises(ClassFileError) as refused:
        Store(path)
    message = str(refused.value)
    assert str(path) in message and "Move it away" in message and "\n" not in message


class FailingWrites:
    """The store's connection, with every write failing as a full disk fails (``OSError``)."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def execute(self, sql: str, *args):
        if sql.split()[0] in ("INSERT", "UPDATE", "DELETE"):
            raise OSError(28, "No space left on device")
        return self.db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.db, name)


def test_a_write_that_raises_oserror_keeps_nothing_and_the_next_write_works(tmp_path):
    store = Store(tmp_path / "class.sqlite3")
    ada = store.join("Ada")
    real = store._db
    store._db = FailingWrites(real)
    with pytest.raises(StoreUnavailable, match="the disk is full"):
        store.progress(ada.key, "01_x", "Step 1")
    assert not store._lock.locked() and not real.in_transaction
    store._db = real
    store.progress(ada.key, "01_x", "Step 3")
    assert store.students()[0].step == "Step 3"


def test_a_refused_message_rolls_back_and_releases_the_lock():
    store = Store(":memory:")
    for bad in ("x" * 41, 42):
        with pytest.raises(StoreError):
            store.join(bad)
        assert not store._lock.locked() and not store._db.in_transaction
    with pytest.raises(UnknownStudent):
        store.progress("no-such-student-key", "01", "")
    assert not store._lock.locked()


def test_a_class_file_deleted_while_running_is_written_again_before_a_write_is_acknowledged(
    tmp_path,
):
    path = tmp_path / "class.sqlite3"
    store = Store(path)
    ada = store.join("Ada")
    for name in ("", "-wal", "-shm"):
        Path(f"{path}{name}").unlink(missing_ok=True)
    store.progress(ada.key, "02_after", "Step 1")  # acknowledged: it must be on disk
    ben = store.join("Ben")
    assert path.exists()
    assert any("deleted while the class ran" in p for p in store.report())
    store.close()
    again = Store(path)  # what a restart finds
    assert [(s.name, s.lesson) for s in again.students()] == [("Ada", "02_after"), ("Ben", "")]
    assert again.knows(ben.key)


def test_a_folder_that_cannot_be_written_is_refused_in_one_sentence(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):  # root: permissions bind nobody; a folder of /proc then
            folder = Path("/proc/1/corinth-class")
        with pytest.raises(ClassFileError, match="cannot be written to") as refused:
            check_folder(folder)
        assert str(folder) in str(refused.value) and "--class-dir" in str(refused.value)
    finally:
        (tmp_path / "class").chmod(0o755)


@pytest.mark.parametrize("fault", ["damaged", "read-only"])
def test_the_classroom_command_refuses_a_bad_class_folder_in_one_line(tmp_path, fault):
    folder = tmp_path / "class"
    folder.mkdir()
    if fault == "damaged":
        (folder / "class.sqlite3").write_bytes(b"not a database" * 100)
    else:
        folder.chmod(0o555)
        if os.access(folder, os.W_OK):
            folder = Path("/proc/1/corinth-class")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "corinth.classroom", "--pool=0", f"--class-dir={folder}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        (tmp_path / "class").chmod(0o755)
    assert done.returncode != 0
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and str(folder) in said[0], done.stderr
    assert "Traceback" not in done.stderr and "Voil" not in done.stdout


# --- the class's limits ---------------------------------------------------------------------------


def test_a_flooding_page_is_refused_and_the_others_on_its_computer_go_on():
    clock = Clock()
    limits = Limits(clock)
    sent = 0
    with pytest.raises(TooMuch) as refused:
        while True:
            limits.message("flood", "10.0.0.7", 400)
            sent += 400
    assert sent <= PAGE_BYTES and 1 <= refused.value.retry_after <= 60
    for _ in range(100):  # refusals count nowhere: the flood's computer is not held up
        with pytest.raises(TooMuch):
            limits.message("flood", "10.0.0.7", 400)
    assert limits.addresses.used("10.0.0.7") == sent
    limits.message("calm", "10.0.0.7", 400)  # another page on the same computer
    clock.now += 60  # a minute later the page may send again
    limits.message("flood", "10.0.0.7", 400)


def test_a_computer_and_the_class_are_bounded_far_above_a_class():
    limits = Limits(Clock())
    for page in range(40):  # a class of 40 behind one router, each page sending its whole minute
        for _ in range(PAGE_BYTES // 200):
            limits.message(f"page {page}", "10.0.0.1", 200)
    assert limits.addresses.used("10.0.0.1") == 40 * (PAGE_BYTES // 200) * 200 < ADDRESS_BYTES


def test_wrong_class_codes_are_limited_per_computer_the_right_one_too():
    clock = Clock()
    limits = Limits(clock)
    for _ in range(WRONG_CODES):
        limits.code_allowed("10.0.0.9")
        limits.wrong_code("10.0.0.9")
    with pytest.raises(TooMuch, match="wrong class codes") as refused:
        limits.code_allowed("10.0.0.9")
    assert refused.value.retry_after <= 60
    limits.code_allowed("10.0.0.10")  # another computer is not held up
    clock.now += 60
    limits.code_allowed("10.0.0.9")


def test_one_computer_adds_at_most_so_many_new_students_an_hour():
    clock = Clock()
    limits = Limits(clock)
    for _ in range(NEW_STUDENTS):
        limits.joins.check("10.0.0.5")
        limits.new_student("10.0.0.5")
    with pytest.raises(TooMuch, match="new students"):
        limits.joins.check("10.0.0.5")
    clock.now += 3600
    limits.joins.check("10.0.0.5")


def test_a_page_that_joins_again_with_its_key_is_the_same_student():
    store = Store(":memory:")
    ada = store.join("Ada")
    again = store.join("Ada L.", key=ada.key)
    assert again.id == ada.id and [s.name for s in store.students()] == ["Ada L."]
    other = store.join("Ben", key="not-a-key-of-this-class")
    assert other.id != ada.id and len(store.students()) == 2
