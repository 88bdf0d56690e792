"""The classroom command (``python -m corinth.classroom``) run for a test or the load test, and what
its kernels hold: how many, their memory, the server's CPU.

The kernels are the server's child processes (``ipykernel_launcher``), counted with psutil. The load
test may run the command of another commit (``tree``: a copy of it, whose ``corinth`` the server and
its kernels import) and keep the server and its kernels on some of the machine's cores (``cpus``).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

from .lab import LabError, free_port, serve

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Room:
    """A running classroom: its address, token, server process and log."""

    url: str
    token: str
    process: psutil.Process
    log: Path

    def address(self, lesson: str) -> str:
        return f"{self.url}/voila/render/{lesson}?token={self.token}"

    def kernels(self) -> list[psutil.Process]:
        """The server's kernels: its own children. Not their children: a kernel that runs a command
        (``uname -p``, at its start) forks first, and until the command starts the fork bears the
        kernel's command line; counted, it was a kernel over the bound."""
        found = []
        for child in self.process.children():
            with contextlib.suppress(psutil.Error):
                if "ipykernel_launcher" in " ".join(child.cmdline()):
                    found.append(child)
        return found

    def kernel_processes(self) -> list[psutil.Process]:
        """The kernels and every process they started: what they cost in memory and CPU."""
        found = self.kernels()
        for kernel in list(found):
            with contextlib.suppress(psutil.Error):
                found += kernel.children(recursive=True)
        return found

    def kernel_memory_mb(self) -> float:
        total = 0
        for process in self.kernel_processes():
            with contextlib.suppress(psutil.Error):
                total += process.memory_info().rss
        return total / 2**20

    def server_cpu_seconds(self) -> float:
        """CPU time of the server process alone (pages, static files, relaying kernel messages)."""
        return sum(self.process.cpu_times()[:2])

    def cpu_seconds(self) -> float:
        """CPU time of the server and its live kernels (and their processes) so far."""
        total = self.server_cpu_seconds()
        for process in self.kernel_processes():
            with contextlib.suppress(psutil.Error):
                total += sum(process.cpu_times()[:2])
        return total

    def kernel_of(self, kernel_id: str) -> list[psutil.Process]:
        """The kernel of that id (from a page's ``kernelId``) and its processes; empty if gone."""
        for kernel in self.kernels():
            with contextlib.suppress(psutil.Error):
                if f"kernel-{kernel_id}.json" in " ".join(kernel.cmdline()):
                    return [kernel, *kernel.children(recursive=True)]
        return []

    def server_unique_memory_mb(self) -> float:
        """The server's own memory (USS): what the machine gets back when it ends."""
        with contextlib.suppress(psutil.Error):
            return self.process.memory_full_info().uss / 2**20
        return 0.0

    def starting(self) -> int:
        """How many kernels the command said it starts before the students come (its first line:
        "… N kernels start now …", in the class's language); 0 if it did not say."""
        # in the class's language: English, French ("noyaux démarrent") or German ("Kernel starten")
        found = re.search(
            r"(\d+) (?:kernels start now|noyaux démarrent|Kernel starten)",
            self.log.read_text(errors="replace"),
        )
        return int(found.group(1)) if found else 0

    def wait_until_ready(self, timeout: float = 900, quiet: float = 0.15) -> float:
        """Wait until every kernel the command starts is alive and has run its lesson: the server and
        its kernels together used under ``quiet`` s of CPU over the last 3 s (the server's CPU
        counts too: a kernel waits for the server to send it the lesson's cells). Returns the
        seconds waited."""
        start = time.monotonic()
        deadline = start + timeout
        before = -1.0
        while time.monotonic() < deadline:
            if "restart failed" in self.log.read_text(errors="replace"):
                # A kernel that could not start (its port taken by another process) never joins
                # its pool: the class cannot be as the command said.
                raise LabError(f"a kernel of the classroom could not start; see {self.log}")
            count = self.starting()
            used = self.cpu_seconds()
            if count and len(self.kernels()) >= count and 0 <= used - before < quiet:
                return time.monotonic() - start
            before = used if count and len(self.kernels()) >= count else -1.0
            time.sleep(3)
        raise LabError(f"the classroom's kernels did not get ready; see {self.log}")

    def wait_for_kernels(self, count: int, timeout: float) -> int:
        """Wait until at most ``count`` kernels are alive; returns how many are."""
        deadline = time.monotonic() + timeout
        alive = len(self.kernels())
        while alive > count and time.monotonic() < deadline:
            time.sleep(0.5)
            alive = len(self.kernels())
        return alive

    def wait_for_pools(self, count: int, timeout: float = 180) -> None:
        """Wait until ``count`` kernels have started and run their lessons: together they used less
        than 0.2 s of CPU over 2 s (a pool's kernel is announced before its lesson has run)."""
        deadline = time.monotonic() + timeout
        before = -1.0
        while time.monotonic() < deadline:
            kernels = self.kernels()
            used = 0.0
            for kernel in kernels:
                with contextlib.suppress(psutil.Error):
                    used += sum(kernel.cpu_times()[:2])
            if len(kernels) >= count and 0 <= used - before < 0.2:
                return
            before = used if len(kernels) >= count else -1.0
            time.sleep(2)
        raise LabError(f"the classroom's {count} pre-heated kernels did not start; see {self.log}")


def pinned(cmd: list[str], cpus: set[int] | None) -> list[str]:
    """``cmd`` kept on the cores ``cpus`` (its children too), or as it is with ``None``."""
    if not cpus:
        return cmd
    if shutil.which("taskset") is None:
        raise LabError("keeping a process on some cores needs taskset (util-linux)")
    return ["taskset", "-c", ",".join(str(c) for c in sorted(cpus)), *cmd]


@contextlib.contextmanager
def start_classroom(
    folder: Path,
    *options: str,
    token: str | None = None,
    port: int | None = None,
    tree: Path = ROOT,
    cpus: set[int] | None = None,
) -> Iterator[Room]:
    """Run ``python -m corinth.classroom`` on 127.0.0.1 and a free port (or ``port``) until the block
    ends; the lessons are copied into ``folder``, the class's store is ``folder/class`` unless
    ``options`` name another. ``options`` are the command's own (``--max-students 4``).

    ``tree``: another copy of the project (a commit's files) whose command, lessons and ``corinth``
    the server and its kernels run instead of this checkout's. ``cpus``: the cores the server and its
    kernels are kept on (``taskset``)."""
    port = port or free_port()
    token = token or secrets.token_hex(8)
    has_class = "--class-dir" in (tree / "corinth/classroom/__main__.py").read_text()
    if has_class and not any(o.startswith("--class-dir") for o in options):
        options = (*options, f"--class-dir={folder / 'class'}")
    env = None
    if tree != ROOT:  # the kernels inherit it: they import that copy's corinth, not this one
        paths = [str(tree), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    cmd = [
        sys.executable,
        "-m",
        "corinth.classroom",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--token={token}",
        f"--lessons-dir={folder / 'lessons'}",
        *options,
    ]
    cmd = pinned(cmd, cpus)
    url = f"http://127.0.0.1:{port}"
    started: list[psutil.Process] = []
    try:
        with serve(
            cmd,
            tree,
            folder / f"classroom-{port}.log",
            f"{url}/?token={token}",
            "The classroom",
            env,
        ) as proc:
            room = Room(url, token, psutil.Process(proc.pid), folder / f"classroom-{port}.log")
            try:
                yield room
            finally:
                started = room.process.children(recursive=True)
    finally:
        # Voilà ends its kernels on the way out; one left behind (or a process of one) is ended
        # here, not leaked.
        for kernel in started:
            with contextlib.suppress(psutil.Error):
                kernel.kill()
