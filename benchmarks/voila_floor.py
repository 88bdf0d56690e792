"""Voilà's own floor: ``python -m benchmarks.voila_floor``.

What a page of Voilà costs the student's device before any lesson is in it: Voilà's own server (not
the classroom), serving a notebook whose one cell shows one ipywidgets button with the classroom's
page template, kernels pre-heated for every student and refilled as the classroom does, the same
widget extensions as the classroom's pages and the same browser as ``benchmarks.classroom_load``. N pages open it at once and each times, from its own side
(the same probe), when it asked its kernel for the widgets' states, when they arrived, and when the
button was drawn; the browser's CPU is read as in the class benchmark.

A lesson cannot open faster than this on the same cores: the rows are the floor under the class
benchmark's "board state delivered" and "board drawn".

    python -m benchmarks.voila_floor --students 1 25 --server-cpus 0 --browser-cpus 1

Not a timed test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from benchmarks.classroom_load import (
    CHROMIUMS,
    PROBE,
    READ,
    _browser_cpu,
    _on_cores,
    cores,
    describe_machine,
    pct,
    spread,
)
from corinth.classroom import TEMPLATES, WIDGET_EXTENSIONS
from tests.browser.classroom import pinned
from tests.browser.lab import CHROMIUM, free_port

BUTTON = ".widget-button"
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": "import ipywidgets\nipywidgets.Button(description='Go')",
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
# The page is the classroom's own template (corinth.classroom.TEMPLATES): Voilà's "lab" page with
# its spinner standing still and its wait for the widgets' states raised, as the lessons are served.
# Its connection words are the classroom server's, which Voilà alone does not serve: the page goes
# without them (a 404 it ignores).


def _tree_cpu(process: psutil.Process) -> float:
    total = 0.0
    for p in [process, *process.children(recursive=True)]:
        try:
            total += sum(p.cpu_times()[:2])
        except psutil.Error:
            pass
    return total


def _ready(server: psutil.Process, kernels: int, limit: float = 120.0) -> None:
    """Until the pre-heated kernels have started and the server and they are quiet."""
    deadline = time.monotonic() + limit
    before = _tree_cpu(server)
    while time.monotonic() < deadline:
        time.sleep(2.0)
        now = _tree_cpu(server)
        started = len(server.children()) >= kernels
        if started and now - before < 0.05:
            return
        before = now
    raise SystemExit("Voilà's kernels did not start in time")


async def _page(browser, url: str, marks: list[dict]) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    await context.add_init_script(PROBE.replace("SELECTOR", repr(BUTTON)))
    page = await context.new_page()
    try:
        await page.goto(url, timeout=600_000, wait_until="domcontentloaded")
        await asyncio.wait_for(page.evaluate("() => window.__classroomBoard"), timeout=300)
        marks.append(await page.evaluate(READ))
    except Exception as exc:  # counted in the row ("pages without a mark"), said here
        print(f"a page drew no button: {exc.__class__.__name__} {exc}"[:200], file=sys.stderr)
        marks.append({"problem": str(exc)})


async def _class(url: str, count: int, browser_cpus: set[int] | None) -> tuple[list[dict], float]:
    from playwright.async_api import async_playwright

    marks: list[dict] = []
    with _on_cores(browser_cpus):
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUMS["lean"])
            try:
                before = _browser_cpu()
                await asyncio.gather(*(_page(browser, url, marks) for _ in range(count)))
                await asyncio.sleep(1.0)
                cpu = (_browser_cpu() - before) / count
            finally:
                await browser.close()
    return marks, cpu


def run(count: int, server_cpus: set[int] | None, browser_cpus: set[int] | None) -> dict:
    """One row: ``count`` pages opening the one-button notebook at once, on a new Voilà server."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "button.ipynb").write_text(json.dumps(NOTEBOOK))
        paths = [str(TEMPLATES), os.environ.get("JUPYTER_PATH", "")]
        port, token = free_port(), secrets.token_hex(8)
        command = [
            sys.executable,
            "-m",
            "voila",
            "button.ipynb",
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={port}",
            f"--token={token}",
            "--template=corinth-classroom",
            "--VoilaConfiguration.preheat_kernel=True",
            # a kernel for each page and one more, refilled 10 s after one is taken: the classroom's
            f"--VoilaConfiguration.default_pool_size={count + 1}",
            "--VoilaKernelManager.fill_delay=10",
            f"--VoilaConfiguration.extension_allowlist={json.dumps(list(WIDGET_EXTENSIONS))}",
        ]
        server = subprocess.Popen(
            pinned(command, server_cpus),
            cwd=folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "JUPYTER_PATH": os.pathsep.join(filter(None, paths))},
        )
        try:
            process = psutil.Process(server.pid)  # taskset runs Voilà in its own process (exec)
            address = f"http://127.0.0.1:{port}/?token={token}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(
                        f"http://127.0.0.1:{port}/api/status?token={token}", timeout=5
                    ):
                        break
                except urllib.error.HTTPError:  # it answers
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("Voilà did not start") from None
                    time.sleep(0.5)
            _ready(process, count + 1)
            marks, cpu = asyncio.run(_class(address, count, browser_cpus))
        finally:
            server.terminate()  # Voilà ends its kernels, one after another
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                print("Voilà did not end within 60 s: stopped", file=sys.stderr)
                server.kill()
    missing = sum(1 for m in marks if m.get("state") is None or m.get("board") is None)
    seconds = {k: [m[k] / 1000 for m in marks if m.get(k) is not None] for k in ("state", "board")}
    return {"students": count, "browser": cpu, "pages": marks, "missing": missing, **seconds}


def row(runs: list[dict]) -> str:
    """One table row: the medians of the runs (p50 / p95 of the pages), the spread in brackets."""

    def both(key: str) -> str:
        p50 = statistics.median(pct(r[key], 0.5) for r in runs)
        p95 = [pct(r[key], 0.95) for r in runs]
        return f"{p50:.1f} / {spread(p95)}"

    cpu = spread([r["browser"] for r in runs], 2)
    missing = " ".join(str(r["missing"]) for r in runs)
    return f"| {runs[0]['students']} | {both('state')} | {both('board')} | {cpu} | {missing} |"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.voila_floor")
    parser.add_argument("--students", type=int, nargs="+", default=[1, 25])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--server-cpus", type=cores, default=None)
    parser.add_argument("--browser-cpus", type=cores, default=None)
    args = parser.parse_args()
    print(describe_machine(args.server_cpus, args.browser_cpus))
    print("Voilà's own page, one ipywidgets button, no lesson:")
    print()
    lines = [
        "| students | widget state delivered p50 / p95 (s) | button drawn p50 / p95 (s) "
        "| browser CPU a student (s) | pages without a mark |",
        "| ---: | --- | --- | --- | --- |",
    ]
    for count in args.students:
        runs = [run(count, args.server_cpus, args.browser_cpus) for _ in range(args.repeats)]
        lines.append(row(runs))
        print(lines[-1], flush=True)
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    os.environ.setdefault("CORINTH_LANGUAGE", "en")
    main()
