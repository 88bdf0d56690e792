"""A class opening a lesson together, measured: ``python -m benchmarks.classroom_load``.

``--lessons 05 05.fr 05.de``: the same lesson in English, French and German (the class's language).

Starts the classroom command (the lesson named, a kernel ready for each student) and waits until it
is ready: every kernel it starts has run its lesson, the server and the kernels quiet. Then N browser
contexts of one headless Chromium open the lesson at once, and each page times, from its own side,

- **page served**: the lesson's page received (its navigation's ``responseEnd``);
- **board state delivered**: the kernel's widget states arriving on the page's websocket (the
  ``update_states`` message of ipywidgets, which carries every board and exercise of the lesson);
- **states answered**: from the page asking its kernel for those states to their arrival: the
  server's and the kernel's part of the wait, the page's own work before it asks left out;
- **board drawn**: the lesson's first board in the page (the harbor in 05, the first exercise in 01,
  the Four Courts game in 12b).

Once every board is drawn and the server is quiet, the CPU used since the pages were asked for is read:
the server's process, its kernels (each kernel's processes too, read every half second so a kernel
that ends keeps its share) and, apart, Chromium's, each divided by the students; and the memory a
student holds beyond the kernels waiting for the class: the student's kernel's own memory (USS) and
what the server grew by. Then each student does one thing by clicks (half of them a different thing,
so one student's click showing on another's page would be seen), the pages close, and the kernels
must end. ``--joined``: each student joins the class first, so the lesson also reports to the
class's store and asks it for the live puzzle, as in a class.

Each row is run ``--repeats`` times (3 by default) and shows the median and, in brackets, the spread.
``--trees`` runs the same rows with another commit's classroom, side by side in one run (a copy of
that commit's files; its server and kernels import its own ``corinth``): ``--trees d619c26 .``
compares commit d619c26 with this checkout, row by row, the runs alternating.
``--server-cpus`` and ``--browser-cpus`` keep the classroom with its kernels on some cores and
Chromium on others (``--server-cpus 0 --browser-cpus 1``: a teacher's one-core machine, and the
students' devices apart), so the server's times are its own, not the browsers'.
``--chromium full lean`` compares the browser as Chromium starts by default (its address bar's
pop-ups loaded as pages in every new profile, 0.5 s of CPU a student) with the tests' own flags.

    python -m benchmarks.classroom_load --lessons 05 01 12b --students 1 25 \\
        --server-cpus 0 --browser-cpus 1 --trees d619c26 .

What Voilà itself costs the students' devices, with no lesson in the page, is measured by
``python -m benchmarks.voila_floor`` on the same cores: a floor under these times.

Not a timed test: the test suite runs ``run(...)`` at 3 students as a correctness check and a bound
on the CPU a student costs the server (tests/browser/test_classroom_server.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from tests.browser.classroom import ROOT, Room, start_classroom
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS, LabError

# ``--chromium``: the browser the tests launch ("lean": Chromium's address-bar pop-ups off, see
# corinth/handouts/printing.py), or with them loaded in every profile as Chromium does by default
# ("full": 0.5 s of CPU a student that is the browser's own and not the lesson's).
CHROMIUMS = {
    "lean": CHROMIUM_ARGS,
    "full": [a for a in CHROMIUM_ARGS if not a.startswith("--disable-features=")],
}

FULL = "The class is full"
LOST = "could not be shown"  # the classroom's message when a cell's output timed out


@dataclass(frozen=True)
class Lesson:
    file: str
    first: str  # the first board: what the student sees drawn (a CSS selector)


LESSONS = {
    "01": Lesson("01_the_harbor.ipynb", ".corinth-exercise"),
    "05": Lesson("05_play_a_game.ipynb", ".corinth-harbor"),
    "07": Lesson("07_strategy_lab.ipynb", ".jp-RenderedImage img"),
    "12b": Lesson("12b_four_courts_score_and_game.ipynb", ".corinth-courts-app .corinth-courts"),
}
# The same lessons in French and German ("05.fr": 05_play_a_game.fr.ipynb, the class's language
# French), so a translated lesson's first board is timed beside the English one.
LESSONS |= {
    f"{key}.{language}": Lesson(lesson.file.replace(".ipynb", f".{language}.ipynb"), lesson.first)
    for key, lesson in list(LESSONS.items())
    for language in ("fr", "de")
}

# Run in each page before its own scripts: times, from the page's side, the widget states arriving on
# the kernel's websocket and the first board appearing, and counts the websocket's bytes.
PROBE = """
(() => {
  const marks = (window.__classroomLoad = { asked: null, state: null, board: null, wsBytes: 0 });
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  // a websocket message's first 4 KB as text, sent or received, text or binary
  const headOf = (data) => {
    if (typeof data === "string") return data.slice(0, 4096);
    if (data instanceof ArrayBuffer) return decoder.decode(new Uint8Array(data, 0, Math.min(4096, data.byteLength)));
    if (ArrayBuffer.isView(data)) return decoder.decode(new Uint8Array(data.buffer, data.byteOffset, Math.min(4096, data.byteLength)));
    return "";
  };
  class Timed extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!/\\/channels/.test(String(url))) return;
      this.addEventListener("message", (event) => {
        const data = event.data;
        marks.wsBytes += typeof data === "string" ? data.length : data.byteLength || 0;
        if (marks.state === null && headOf(data).includes("update_states")) marks.state = performance.now();
      });
    }
    send(data) {
      // When the page asks its kernel for the widgets' states: what the page did before is the
      // device's time, what follows until they arrive is the server's and the kernel's.
      if (marks.asked === null && headOf(data).includes("request_states")) marks.asked = performance.now();
      return super.send(data);
    }
  }
  window.WebSocket = Timed;
  // The benchmark waits on this promise rather than asking every page twice a second whether its
  // board is there (Playwright's own wait polls, and 25 pages polled share the students' core).
  let drawn;
  window.__classroomBoard = new Promise((resolve) => { drawn = resolve; });
  const look = () => {
    if (marks.board === null && document.querySelector(SELECTOR)) {
      marks.board = performance.now();
      seen.disconnect();
      drawn(true);
    }
  };
  const seen = new MutationObserver(look);
  seen.observe(document, { childList: true, subtree: true });
})();
"""

# What the page's own clock says once the board is drawn: the marks above, the navigation's times and
# the bytes the page fetched (its front-end code).
READ = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const config = document.getElementById("jupyter-config-data");
  const fetched = performance.getEntriesByType("resource").reduce((n, r) => n + (r.encodedBodySize || 0), 0);
  return { ...window.__classroomLoad, served: nav ? nav.responseEnd : null,
           fetched: fetched + (nav ? nav.encodedBodySize : 0),
           kernel: config ? JSON.parse(config.textContent).kernelId : null };
}"""


@dataclass
class Student:
    number: int
    served: float | None = None
    asked: float | None = None  # the page asked its kernel for the widgets' states
    state: float | None = None
    board: float | None = None
    answer: float | None = None
    ws_kb: float = 0.0
    fetched_kb: float = 0.0
    kernel: str = ""  # the id of the student's kernel
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


# anywidget gives a board's front end 2 s to start; a browser starved of CPU misses that, reports it,
# and draws the board anyway. Counted apart from real problems.
STARVED = "[anywidget] Failed to initialize model."


def _page_error(student: Student, message: str) -> None:
    if STARVED in message:
        student.starved += 1
    else:
        student.problems.append(f"page error: {message}")


async def _join(context, room: Room) -> None:
    """The student joins the class (the class's own API, no name), and the page keeps its key as
    the class's page would: the lesson then reports its step to the teacher and asks for the live
    puzzle every few seconds, as a class's lessons do."""
    reply = await context.request.post(
        f"{room.url}/class/api/join?token={room.token}",
        data=json.dumps({"name": ""}),
        headers={"Content-Type": "application/json"},
    )
    key = (await reply.json())["key"]
    member = json.dumps(json.dumps({"key": key}))
    await context.add_init_script(f"window.localStorage.setItem('{CLASS_KEY}', {member});")


CLASS_KEY = "corinth-class-v1"  # where a lesson page finds its student's key (widgets/progress.js)


async def _open(
    browser, room: Room, lesson: str, student: Student, contexts: list, joined: bool = False
):
    """The student's page, opened until its first board is drawn (or the reason it is not)."""
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    contexts.append(context)
    if joined:
        await _join(context, room)
    await context.add_init_script(PROBE.replace("SELECTOR", repr(LESSONS[lesson].first)))
    page = await context.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda exc: _page_error(student, str(exc)))
    await page.goto(
        room.address(LESSONS[lesson].file), timeout=600_000, wait_until="domcontentloaded"
    )
    if FULL in await page.content():
        student.problems.append("the class was full")
        return None
    try:
        await asyncio.wait_for(page.evaluate("() => window.__classroomBoard"), timeout=300)
    except Exception as exc:
        # a timeout, or the page gone (reloaded by the classroom's connection script): say which
        student.problems.append(f"no first board: {exc.__class__.__name__} {exc}"[:200])
        return None
    marks = await page.evaluate(READ)
    student.served = marks["served"] / 1000 if marks["served"] else None
    student.state = marks["state"] / 1000 if marks["state"] is not None else None
    student.asked = marks["asked"] / 1000 if marks["asked"] is not None else None
    student.board = marks["board"] / 1000 if marks["board"] is not None else None
    student.ws_kb = marks["wsBytes"] / 1024
    student.fetched_kb = marks["fetched"] / 1024
    student.kernel = marks["kernel"] or ""
    if LOST in await page.content():
        student.problems.append("part of the lesson's output was lost")
    return page


def _students_memory(room: Room, students: list[Student]) -> float:
    """The students' kernels' own memory (USS, with their processes) and what the server grew by,
    in MB: the memory the class holds beyond the kernels waiting for it."""
    total = 0
    for student in students:
        for process in room.kernel_of(student.kernel) if student.kernel else []:
            with contextlib.suppress(psutil.Error):
                total += process.memory_full_info().uss
    return total / 2**20 + room.server_unique_memory_mb()


def _browsers() -> list[psutil.Process]:
    found = []
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "chrom" in child.name():
                found.append(child)
    return found


def _browser_cpu() -> float:
    total = 0.0
    for process in _browsers():
        with contextlib.suppress(psutil.Error):
            total += sum(process.cpu_times()[:2])
    return total


@contextlib.contextmanager
def _on_cores(cpus: set[int] | None) -> Iterator[None]:
    """This process (and what it starts: Playwright's driver, Chromium) kept on ``cpus``."""
    if not cpus:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cpus)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


class Meter:
    """CPU seconds of the server and of its kernels, read every half second in a thread of its own,
    so a kernel that ends (a page closed, a kernel culled) keeps what it used: ``mark()`` starts the
    count, ``read()`` gives (server, kernels) since."""

    def __init__(self, room: Room):
        self.room = room
        self.seen: dict[tuple[int, float], float] = {}  # (pid, start time) -> CPU seconds
        self.start: dict[tuple[int, float], float] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        for process in (self.room.process, *self.room.kernel_processes()):
            with contextlib.suppress(psutil.Error):
                key = (process.pid, process.create_time())
                used = sum(process.cpu_times()[:2])
                with self.lock:
                    self.seen[key] = max(used, self.seen.get(key, 0.0))

    def _run(self) -> None:
        while not self.stopped.wait(0.5):
            self._sample()

    def __enter__(self) -> Meter:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        self.thread.join()

    def mark(self) -> None:
        self._sample()
        with self.lock:
            self.start = dict(self.seen)

    def read(self) -> tuple[float, float]:
        self._sample()
        server_key = (self.room.process.pid, self.room.process.create_time())
        with self.lock:
            used = {k: v - self.start.get(k, 0.0) for k, v in self.seen.items()}
        server = used.pop(server_key, 0.0)
        return server, sum(used.values())


async def _quiet(meter: Meter, limit: float = 20.0) -> None:
    """Wait until the server and its kernels used under 0.1 s of CPU in a second (or ``limit`` s)."""
    deadline = time.monotonic() + limit
    before = sum(meter.read())
    while time.monotonic() < deadline:
        await asyncio.sleep(1)
        now = sum(meter.read())
        if now - before < 0.1:
            return
        before = now


@dataclass
class Result:
    lesson: str
    students: int
    tree: str
    served: list[float]
    state: list[float]
    answered: list[float]  # from the page asking for the widgets' states to their arrival
    board: list[float]
    answers: list[float]
    problems: list[str]
    kernels: int  # alive once the class has opened the lesson, the students' and the waiting
    memory_mb: float  # the students' kernels and the server, once the class has opened the lesson
    server_memory_mb: float  # the server alone before the class came
    server_cpu: float  # the server's process while the class opened the lesson
    kernels_cpu: float  # its kernels meanwhile
    browser_cpu: float  # Chromium's processes meanwhile
    ready_cpu: float  # the server and kernels before the class came: the pools run
    ready_wait: float
    ws_kb: float  # a page's websocket bytes received, the mean
    fetched_kb: float  # a page's fetched files, the mean
    ended_after: float | None
    left: int
    timeouts: int = 0  # cells whose output did not come in time (the server's log)
    starved: int = 0

    def per_student(self, value: float) -> float:
        return value / self.students

    @property
    def waiting(self) -> int:
        return self.kernels - self.students

    @property
    def memory_per_student(self) -> float:
        return (self.memory_mb - self.server_memory_mb) / self.students


async def _class(
    room: Room,
    meter: Meter,
    lesson: str,
    count: int,
    browser_cpus: set[int] | None,
    joined: bool = False,
    chromium: str = "lean",
):
    from playwright.async_api import async_playwright

    students = [Student(i + 1) for i in range(count)]
    contexts: list = []
    figures: dict[str, float] = {}
    with _on_cores(browser_cpus):
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUMS[chromium])
            try:
                meter.mark()
                browser0 = _browser_cpu()
                pages = await asyncio.gather(
                    *(_open(browser, room, lesson, s, contexts, joined) for s in students)
                )
                await _quiet(meter)
                figures["server"], figures["kernels"] = meter.read()
                figures["browser"] = _browser_cpu() - browser0
                figures["kernel_count"] = len(room.kernels())
                figures["memory"] = _students_memory(room, students)

                async def act(page, student):
                    if page is None:
                        return
                    try:
                        await _act(page, lesson, student)
                    except Exception as exc:
                        student.problems.append(
                            f"the click was not answered: {exc.__class__.__name__}"
                        )

                await asyncio.gather(*(act(page, s) for page, s in zip(pages, students)))
                for context in contexts:  # the students close their pages
                    for page in context.pages:
                        await page.close(run_before_unload=True)
                    await context.close()
            finally:
                await browser.close()
    return students, figures


def run(
    lesson: str,
    students: int,
    folder: Path,
    pool: int | None = None,
    tree: Path = ROOT,
    server_cpus: set[int] | None = None,
    browser_cpus: set[int] | None = None,
    label: str = ".",
    joined: bool = False,
    extra: tuple[str, ...] = (),
    chromium: str = "lean",
) -> Result:
    """One class of ``students`` opening ``lesson`` (``"01"``, ``"05"``, ``"07"``, ``"12b"``)
    together; ``pool``: the command's ``--pool`` (its default if None); ``joined``: each student
    joined the class first, so each lesson page also talks to the class's store; ``extra``: more
    of the command's options (a Voilà setting, ``--ClassroomKernelManager.cull_idle_timeout=600``);
    ``chromium``: the browser's flags, ``"lean"`` or ``"full"`` (see ``CHROMIUMS``)."""
    number, _, language = lesson.partition(".")
    options = [f"--lesson={number}", f"--students={students}", *extra]
    if language:
        options.append(f"--language={language}")
    if pool is not None:
        options.append(f"--pool={pool}")
    with start_classroom(folder, *options, tree=tree, cpus=server_cpus) as room:
        ready_wait = room.wait_until_ready()
        ready_cpu = room.cpu_seconds()
        server_memory = room.server_unique_memory_mb()
        with Meter(room) as meter:
            class_, figures = asyncio.run(
                _class(room, meter, lesson, students, browser_cpus, joined, chromium)
            )
        kernels = int(figures["kernel_count"])
        # What stays: the kernels waiting in pools; every student's kernel ended.
        waiting = max(kernels - students, 0)
        start = time.monotonic()
        left = room.wait_for_kernels(waiting, 150)
        ended = time.monotonic() - start if left <= waiting else None
        log = room.log.read_text(errors="replace")
    return Result(
        lesson,
        students,
        label,
        [s.served for s in class_ if s.served is not None],
        [s.state for s in class_ if s.state is not None],
        [s.state - s.asked for s in class_ if s.state is not None and s.asked is not None],
        [s.board for s in class_ if s.board is not None],
        [s.answer for s in class_ if s.answer is not None],
        [f"student {s.number}: {p}" for s in class_ for p in s.problems],
        kernels,
        figures["memory"],
        server_memory,
        figures["server"],
        figures["kernels"],
        figures["browser"],
        ready_cpu,
        ready_wait,
        statistics.fmean(s.ws_kb for s in class_),
        statistics.fmean(s.fetched_kb for s in class_),
        ended,
        left,
        timeouts=log.count("Timeout waiting for IOPub") + log.count("timed out"),
        starved=sum(s.starved for s in class_),
    )


# --- the table -----------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank), NaN when there are none.

    >>> pct([1.0, 2.0, 3.0, 4.0], 0.95), pct([2.0], 0.5)
    (4.0, 2.0)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread(values: list[float], digits: int = 1) -> str:
    """The median of one figure over the repeated runs, and its spread in brackets.

    >>> spread([1.24, 0.9, 3.0]), spread([0.5], 2)
    ('1.2 [0.9–3.0]', '0.50')
    """
    values = [v for v in values if v == v]  # NaN: the figure is missing in that run
    if not values:
        return "-"
    middle = f"{statistics.median(values):,.{digits}f}"
    if len(values) == 1:
        return middle
    return f"{middle} [{min(values):,.{digits}f}–{max(values):,.{digits}f}]"


COLUMNS = (
    "lesson",
    "students",
    "code",
    "page served p95 (s)",
    "board state delivered p50 / p95 (s)",
    "states answered p50 / p95 (s)",
    "board drawn p50 / p95 (s)",
    "CPU a student: server + kernels (s)",
    "server / kernels (s)",
    "browser CPU a student (s)",
    "memory a student (MB)",
    "kernels waiting",
    "pools' CPU before the class (s)",
    "websocket / files a page (KB)",
    "boards started late",
    "problems",
)


def header() -> str:
    return "| " + " | ".join(COLUMNS) + " |\n" + "| --- " * len(COLUMNS) + "|"


def row(runs: list[Result]) -> str:
    """One table row: the repeated runs of one lesson, class size and code."""
    r0 = runs[0]

    def each(f, digits=1):
        return spread([f(r) for r in runs], digits)

    def median(f, digits=1):
        return f"{statistics.median(f(r) for r in runs):,.{digits}f}"

    cells = [
        r0.lesson,
        str(r0.students),
        r0.tree,
        each(lambda r: pct(r.served, 0.95), 2),
        f"{median(lambda r: pct(r.state, 0.5))} / {each(lambda r: pct(r.state, 0.95))}",
        f"{median(lambda r: pct(r.answered, 0.5), 2)} / {each(lambda r: pct(r.answered, 0.95), 2)}",
        f"{median(lambda r: pct(r.board, 0.5))} / {each(lambda r: pct(r.board, 0.95))}",
        each(lambda r: r.per_student(r.server_cpu + r.kernels_cpu), 2),
        f"{median(lambda r: r.per_student(r.server_cpu), 2)} / "
        f"{median(lambda r: r.per_student(r.kernels_cpu), 2)}",
        each(lambda r: r.per_student(r.browser_cpu), 2),
        each(lambda r: r.memory_per_student, 0),
        median(lambda r: r.waiting, 0),
        median(lambda r: r.ready_cpu, 0),
        f"{median(lambda r: r.ws_kb, 0)} / {median(lambda r: r.fetched_kb, 0)}",
        " ".join(str(r.starved) for r in runs),
        " ".join(str(len(r.problems) + r.timeouts + (r.ended_after is None)) for r in runs),
    ]
    return "| " + " | ".join(cells) + " |"


@dataclass(frozen=True)
class Goal:
    words: str
    met: bool | None  # None: not measured in this run


def goals(rows: dict[tuple[str, int, str], list[Result]], tree: str) -> list[Goal]:
    """The issue's goals, read from one code's rows: medians of the repeated runs."""

    def med(values):
        values = [v for v in values if v == v]
        return statistics.median(values) if values else float("nan")

    found: list[Goal] = []
    mine = {(lesson, n): runs for (lesson, n, t), runs in rows.items() if t == tree}
    largest = max((n for _, n in mine), default=0)
    for (lesson, n), runs in sorted(mine.items()):
        cpu = med([r.per_student(r.server_cpu + r.kernels_cpu) for r in runs])
        found.append(
            Goal(
                f"{lesson}, {n}: server and kernels ≤ 0.5 s of CPU a student ({cpu:.2f})",
                cpu <= 0.5,
            )
        )
        memory = med([r.memory_per_student for r in runs])
        found.append(
            Goal(
                f"{lesson}, {n}: memory ≤ 100 MB a student beyond the pool ({memory:.0f})",
                memory <= 100,
            )
        )
        lost = sum(len(r.problems) + r.timeouts for r in runs)
        found.append(
            Goal(
                f"{lesson}, {n}: every student's lesson opened ({lost} problems in {len(runs)} runs)",
                lost == 0,
            )
        )
        late = sum(r.starved for r in runs)
        found.append(
            Goal(f"{lesson}, {n}: no board started late ({late} in {len(runs)} runs)", late == 0)
        )
        if n == 1:
            board = med([pct(r.board, 0.5) for r in runs])
            found.append(
                Goal(f"{lesson}, 1: one student's first board ≤ 1.0 s ({board:.2f})", board <= 1.0)
            )
            if lesson == "05":
                browser = med([r.browser_cpu for r in runs])
                found.append(
                    Goal(
                        f"05, 1: the student's browser ≤ 1.5 s of CPU ({browser:.2f})",
                        browser <= 1.5,
                    )
                )
        if n == largest and n >= 25:
            served = med([pct(r.served, 0.95) for r in runs])
            state = med([pct(r.state, 0.95) for r in runs])
            found.append(Goal(f"{lesson}, {n}: page served p95 ≤ 3 s ({served:.1f})", served <= 3))
            found.append(
                Goal(f"{lesson}, {n}: board state delivered p95 ≤ 10 s ({state:.1f})", state <= 10)
            )
            # The same goal read from the server's side: the page's own work before it asks (its
            # scripts, on the students' shared browser core here) left out.
            answered = med([pct(r.answered, 0.95) for r in runs])
            found.append(
                Goal(
                    f"{lesson}, {n}: board state answered p95 ≤ 10 s, from the page's asking "
                    f"({answered:.1f})",
                    answered <= 10,
                )
            )
    return found


# --- the code compared ---------------------------------------------------------------------------


def checkout(rev: str, folder: Path) -> tuple[Path, str]:
    """The tree of ``rev`` (``.``: this checkout as it is) and its short name for the table."""
    if rev == ".":
        return ROOT, "this checkout"
    short = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    target = folder / short
    if not target.exists():
        target.mkdir(parents=True)
        archive = subprocess.Popen(["git", "archive", rev], cwd=ROOT, stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(target)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit(f"git archive {rev} failed")
    return target, short


def cores(text: str | None) -> set[int] | None:
    """``"0"`` or ``"0,1"`` or ``"2-3"`` as a set of cores.

    >>> sorted(cores("0,2-3")), cores(None)
    ([0, 2, 3], None)
    """
    if not text:
        return None
    found: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        found.update(range(int(low), int(high or low) + 1))
    return found


def describe_machine(server_cpus, browser_cpus) -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{time.strftime('%Y-%m-%d %H:%M')}, HEAD {head}, {os.cpu_count()} cores ({model}), "
        f"{psutil.virtual_memory().total / 2**30:.0f} GB, Python {platform.python_version()}; "
        f"server and kernels on cores {sorted(server_cpus) if server_cpus else 'any'}, "
        f"Chromium on {sorted(browser_cpus) if browser_cpus else 'any'}; load average {load}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.classroom_load")
    parser.add_argument("--students", type=int, nargs="+", default=[1, 25])
    parser.add_argument(
        "--lessons", nargs="+", default=["05", "01", "12b"], choices=sorted(LESSONS)
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs of each row (median, spread)")
    parser.add_argument(
        "--trees",
        nargs="+",
        default=["."],
        help="the code compared: commits, and '.' for this checkout as it is (default: '.')",
    )
    parser.add_argument(
        "--pool", type=int, default=None, help="the classroom's --pool (its default)"
    )
    parser.add_argument(
        "--server-cpus", type=cores, default=None, help="e.g. 0: the classroom's cores"
    )
    parser.add_argument("--browser-cpus", type=cores, default=None, help="e.g. 1: Chromium's cores")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        help="one more option of the classroom command, for every code compared "
        "(e.g. --option=--ClassroomKernelManager.cull_idle_timeout=600)",
    )
    parser.add_argument(
        "--joined",
        action="store_true",
        help="each student joins the class first (its lesson then reports to the class's store)",
    )
    parser.add_argument(
        "--chromium",
        nargs="+",
        default=["lean"],
        choices=sorted(CHROMIUMS),
        help="the browser's flags compared: lean (the tests' own) and full (Chromium's "
        "address-bar pop-ups loaded in every student's profile, Chromium's default)",
    )
    args = parser.parse_args()
    print(describe_machine(args.server_cpus, args.browser_cpus), flush=True)
    rows: dict[tuple[str, int, str], list[Result]] = {}
    failed: list[tuple[str, int, str]] = []
    with tempfile.TemporaryDirectory() as trees_folder:
        trees = [checkout(rev, Path(trees_folder)) for rev in args.trees]
        variants = [
            (tree, f"{name}, joined" if args.joined else name, chromium)
            for tree, name in trees
            for chromium in args.chromium
        ]
        if len(args.chromium) > 1:
            variants = [(t, f"{name}, chromium {c}", c) for t, name, c in variants]
        labels = [label for _, label, _ in variants]
        for repeat in range(args.repeats):
            for lesson in args.lessons:
                for count in args.students:
                    for tree, label, chromium in variants:
                        if not (tree / "notebooks" / LESSONS[lesson].file).exists():
                            continue  # a lesson that commit did not have
                        with tempfile.TemporaryDirectory() as folder:
                            try:
                                result = run(
                                    lesson,
                                    count,
                                    Path(folder),
                                    args.pool,
                                    tree,
                                    args.server_cpus,
                                    args.browser_cpus,
                                    label,
                                    args.joined,
                                    tuple(args.option),
                                    chromium,
                                )
                            except LabError as exc:  # a run that did not start is said, not fatal
                                log = next(Path(folder).glob("classroom-*.log"), None)
                                tail = log.read_text(errors="replace")[-600:] if log else ""
                                print(
                                    f"run {repeat + 1}: {lesson}, {count}, {label}: {exc}\n{tail}"
                                )
                                failed.append((lesson, count, label))
                                continue
                        rows.setdefault((lesson, count, label), []).append(result)
                        print(f"run {repeat + 1}: {row([result])}", flush=True)
                        for problem in result.problems[:5]:
                            print(f"    {problem}", flush=True)
    print()
    print(header())
    order = {
        (lesson, n, label): i
        for i, (lesson, n, label) in enumerate(
            (lesson, n, label) for lesson in args.lessons for n in args.students for label in labels
        )
    }
    for key in sorted(rows, key=order.__getitem__):
        print(row(rows[key]))
    for lesson, count, label in failed:
        print(f"A run of {lesson}, {count} students, {label} did not start: not in the table.")
    for label in labels:
        print(f"\nGoals, {label} (medians of {args.repeats} runs):")
        for goal in goals(rows, label):
            print(f"  {'met    ' if goal.met else 'NOT MET'}  {goal.words}")


if __name__ == "__main__":
    main()
