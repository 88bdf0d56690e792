"""A class opening a lesson together, measured: ``python -m benchmarks.classroom_load``.

Starts the classroom command (the lesson named, a kernel ready for each student), then N browser
contexts of one headless Chromium open the lesson at once, each does one thing by clicks (half of them
a different thing, so one student's click showing on another's page would be seen), and close their
pages. Prints a table: first board p50/p95/max, the click's answer time, the kernels alive and their
memory, the CPU of the server and its kernels and, apart, of the browsers (which share the machine's
cores here, unlike in a real classroom, so they run at a lower priority), and how long the kernels took to end after the pages closed.

    python -m benchmarks.classroom_load --students 1 10 25 --lessons 01 05 07

Not a timed test: the CI runs ``run(...)`` at 3 students as a correctness check (test_classroom.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from tests.browser.classroom import Room, start_classroom
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS

FULL = "The class is full"
LOST = "could not be shown"  # the classroom's message when a cell's output timed out


@dataclass(frozen=True)
class Lesson:
    file: str
    first: str  # what the student sees first: the board, the exercise, the plot
    pool_count: int = 1  # kernels each student's visit leaves waiting (the lesson's steady pool)


LESSONS = {
    "01": Lesson("01_the_harbor.ipynb", ".corinth-exercise >> text=Who takes the last group"),
    "05": Lesson("05_play_a_game.ipynb", ".corinth-harbor"),
    "07": Lesson("07_strategy_lab.ipynb", ".jp-RenderedImage img"),
}


@dataclass
class Student:
    number: int
    served: float | None = None
    first_board: float | None = None
    answer: float | None = None
    starved: int = 0  # boards whose front end started late (see STARVED)
    problems: list[str] = field(default_factory=list)


async def _act(page, lesson: str, student: Student) -> None:
    """One thing by clicks; odd and even students do different things, checked on their own page."""
    odd = student.number % 2 == 1
    if lesson == "01":
        exercise = page.locator(".corinth-exercise").filter(has_text="Who takes the last group")
        await exercise.scroll_into_view_if_needed()
        start = time.monotonic()
        await exercise.get_by_role(
            "button", name="Player 2" if odd else "Player 1", exact=True
        ).click()
        feedback = exercise.locator(".corinth-feedback")
        expected, other = ("Not quite", "Right!") if odd else ("Right!", "Not quite")
        await feedback.filter(has_text=expected).wait_for(timeout=120_000)
        student.answer = time.monotonic() - start
        await asyncio.sleep(2)  # time for anyone else's click to show here, if it ever could
        if other in await feedback.inner_text():
            student.problems.append("another student's answer shows on this page")
    elif lesson == "05":
        game = page.locator(".corinth-game")
        status = page.get_by_role("status").filter(has_text="Round 1").first
        await status.filter(has_text="your turn: take a group").wait_for(timeout=120_000)
        log = page.locator(".corinth-log").first
        if odd:  # takes the Green group (the lesson opens on the student's first take)
            green = game.locator(".corinth-district.legal[data-district='green']")
            await green.wait_for(timeout=120_000)
            await green.click()
            start = time.monotonic()
            await game.get_by_role("button", name="Take and act").click()
            await log.filter(has_text="You took the Green group").wait_for(timeout=120_000)
            student.answer = time.monotonic() - start
        else:  # reads and waits: no move of anyone else's may appear in this game
            before = await log.inner_text()
            await asyncio.sleep(8)
            if await log.inner_text() != before:
                student.problems.append("another student's move shows in this game")
    elif lesson == "07":
        bar = page.locator(".widget-progress").first
        with contextlib.suppress(Exception):
            await bar.wait_for(timeout=5_000)


# anywidget gives a board's front end 2 s to start; a browser starved of CPU by 25 tabs on the server's
# cores misses that, reports it, and draws the board anyway. Counted apart from real problems.
STARVED = "[anywidget] Failed to initialize model."


def _page_error(student: Student, message: str) -> None:
    if STARVED in message:
        student.starved += 1
    else:
        student.problems.append(f"page error: {message}")


async def _student(browser, room: Room, lesson: str, student: Student, pages: list) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda exc: _page_error(student, str(exc)))
    pages.append(context)
    start = time.monotonic()
    await page.goto(
        room.address(LESSONS[lesson].file), timeout=600_000, wait_until="domcontentloaded"
    )
    student.served = time.monotonic() - start
    if FULL in await page.content():
        student.problems.append("the class was full")
        return
    try:
        await page.locator(LESSONS[lesson].first).first.wait_for(state="visible", timeout=300_000)
    except Exception as exc:
        student.problems.append(f"no first board: {exc.__class__.__name__}")
        return
    student.first_board = time.monotonic() - start
    if LOST in await page.content():
        student.problems.append("part of the lesson's output was lost")
    try:
        await _act(page, lesson, student)
    except Exception as exc:
        student.problems.append(f"the click was not answered: {exc.__class__.__name__}")


def _browsers() -> list[psutil.Process]:
    found = []
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "chrom" in child.name():
                found.append(child)
    return found


def _lower_priority() -> None:
    """The browsers run at a lower priority than the server: in a class they run on the students'
    own computers, so here they take only the CPU the server leaves (new tabs inherit it)."""
    for process in _browsers():
        with contextlib.suppress(psutil.Error):
            process.nice(10)


def _browser_cpu() -> float:
    total = 0.0
    for process in _browsers():
        with contextlib.suppress(psutil.Error):
            total += sum(process.cpu_times()[:2])
    return total


@dataclass
class Result:
    lesson: str
    students: int
    served: list[float]
    first: list[float]
    answers: list[float]
    problems: list[str]
    kernels: int
    memory_mb: float
    server_cpu: float
    kernels_cpu: float
    browser_cpu: float
    wall: float
    ended_after: float | None
    left: int
    timeouts: int = 0  # cells whose output did not come in time (the server's log)
    starved: int = 0


async def _class(room: Room, lesson: str, count: int) -> Result:
    from playwright.async_api import async_playwright

    students = [Student(i + 1) for i in range(count)]
    contexts: list = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _lower_priority()
        try:
            server0, cpu0 = room.server_cpu_seconds(), room.cpu_seconds()
            browser0, t0 = _browser_cpu(), time.monotonic()
            await asyncio.gather(*(_student(browser, room, lesson, s, contexts) for s in students))
            wall = time.monotonic() - t0
            kernels, memory = len(room.kernels()), room.kernel_memory_mb()
            server_cpu = room.server_cpu_seconds() - server0
            kernels_cpu = room.cpu_seconds() - cpu0 - server_cpu
            browser_cpu = _browser_cpu() - browser0
            for context in contexts:  # the students close their pages
                for page in context.pages:
                    await page.close(run_before_unload=True)
                await context.close()
        finally:
            await browser.close()
    # What stays: the kernels waiting in pools (one per lesson), each class's kernel ended.
    waiting = kernels - count
    start = time.monotonic()
    left = await asyncio.to_thread(room.wait_for_kernels, max(waiting, 0), 150)
    ended = time.monotonic() - start if left <= max(waiting, 0) else None
    return Result(
        lesson,
        count,
        [s.served for s in students if s.served is not None],
        [s.first_board for s in students if s.first_board is not None],
        [s.answer for s in students if s.answer is not None],
        [f"student {s.number}: {p}" for s in students for p in s.problems],
        kernels,
        memory,
        server_cpu,
        kernels_cpu,
        browser_cpu,
        wall,
        ended,
        left,
        starved=sum(s.starved for s in students),
    )


def run(lesson: str, students: int, folder: Path, pool: int = 1) -> Result:
    """One class of ``students`` opening ``lesson`` (``"01"``, ``"05"``, ``"07"``) together."""
    options = [f"--lesson={lesson}", f"--students={students}", f"--pool={pool}"]
    with start_classroom(folder, *options) as room:
        waiting = 8 * pool + max(
            students, pool
        )  # index and 00-07 wait; the class's lesson has more
        room.wait_for_pools(waiting, timeout=900)
        result = asyncio.run(_class(room, lesson, students))
        log = room.log.read_text(errors="replace")
        result.timeouts = log.count("Timeout waiting for IOPub") + log.count("timed out")
        return result


def _pct(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]:.1f}"


HEADER = (
    "| lesson | students | page served p50 / max (s) | first board p50 / p95 / max (s) | click answered p50 / max (s) "
    "| kernels | their memory (MB) | CPU: server / kernels (s) | browsers' CPU (s) "
    "| kernels ended after close (s) | output timeouts | boards started late | problems |"
)


def row(r: Result) -> str:
    ends = f"{r.ended_after:.0f}" if r.ended_after is not None else f"{r.left} left"
    answers = f"{_pct(r.answers, 0.5)} / {max(r.answers):.1f}" if r.answers else "-"
    median = f"{statistics.median(r.first):.1f}" if r.first else "-"
    return (
        f"| {r.lesson} | {r.students} | {_pct(r.served, 0.5)} / {max(r.served, default=0):.1f} "
        f"| {median} / {_pct(r.first, 0.95)} / "
        f"{max(r.first, default=float('nan')):.1f} | {answers} | {r.kernels} | {r.memory_mb:,.0f} "
        f"| {r.server_cpu:.0f} / {r.kernels_cpu:.0f} | {r.browser_cpu:.0f} | {ends} | {r.timeouts} | {r.starved} "
        f"| {len(r.problems) or 'none'} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.classroom_load")
    parser.add_argument("--students", type=int, nargs="+", default=[1, 10, 25])
    parser.add_argument("--lessons", nargs="+", default=["01", "05", "07"], choices=sorted(LESSONS))
    args = parser.parse_args()
    print(HEADER)
    print("| --- " * 13 + "|")
    for lesson in args.lessons:
        for count in args.students:
            with tempfile.TemporaryDirectory() as folder:
                result = run(lesson, count, Path(folder))
            print(row(result), flush=True)
            for problem in result.problems[:5]:
                print(f"    {problem}", flush=True)


if __name__ == "__main__":
    main()
