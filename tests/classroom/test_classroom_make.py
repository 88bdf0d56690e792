"""`make classroom`: Voilà on this machine only by default, and never on a network without a token.

Checked with ``make -n`` (print the commands, run nothing), so no server starts and nothing is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _make(*args: str) -> subprocess.CompletedProcess:
    # The Makefile's variables may come from the environment, and `make test` passes its own flags
    # down: keep both out of the test.
    skip = ("IP", "TOKEN", "CLASSROOM_PORT", "MAX_STUDENTS", "LESSON", "STUDENTS", "POOL")
    skip += ("CLASS_DIR",)
    skip += ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")
    env = {k: v for k, v in os.environ.items() if k not in skip}
    return subprocess.run(
        ["make", "-n", "classroom", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _voila_line(out: str) -> str:
    """The classroom command, its continuation lines joined."""
    text = out.replace("\\\n", " ")
    return next(line for line in text.splitlines() if "-m corinth.classroom" in line)


def test_classroom_listens_on_this_machine_only_by_default():
    done = _make()
    assert done.returncode == 0, done.stderr
    voila = _voila_line(done.stdout)
    assert "--ip='127.0.0.1'" in voila
    assert "--token" not in voila


@pytest.mark.parametrize("ip", ["0.0.0.0", "", "::", "0", "192.168.1.20", "127.0.0.1 0.0.0.0"])
def test_classroom_refuses_a_network_address_without_a_token(ip):
    done = _make(f"IP={ip}")
    if ip == "127.0.0.1 0.0.0.0":  # passes make's check; the command itself refuses it
        assert "--ip='127.0.0.1 0.0.0.0'" in _voila_line(done.stdout)
        return
    assert done.returncode != 0
    assert "give a token" in done.stderr
    assert "corinth.classroom" not in done.stdout  # refused before anything is installed or started


def test_classroom_on_a_network_uses_the_given_token():
    done = _make("IP=0.0.0.0", "TOKEN=blue-harbor-42")
    assert done.returncode == 0, done.stderr
    voila = _voila_line(done.stdout)
    assert "--ip='0.0.0.0'" in voila
    assert "--token='blue-harbor-42'" in voila


def test_classroom_passes_the_teachers_class_on():
    done = _make("MAX_STUDENTS=30", "LESSON=05", "STUDENTS=25", "POOL=0")
    assert done.returncode == 0, done.stderr
    voila = _voila_line(done.stdout)
    for option in ("--max-students=30", "--lesson=05", "--students=25", "--pool=0"):
        assert option in voila


def test_classroom_keeps_the_class_in_the_teachers_folder():
    done = _make("CLASS_DIR=/home/teacher/class 5b")
    assert done.returncode == 0, done.stderr
    assert "--class-dir='/home/teacher/class 5b'" in _voila_line(done.stdout)
    assert "--class-dir" not in _voila_line(_make().stdout)
