"""A class of simulated students on a real classroom server: each joins with the class code and a
name, polls the live puzzle once a second as its page does, and answers when the teacher sends one;
a teacher's page polls the class's state once a second. Measures how long each answer takes to be
taken and how long until the teacher's chart counts every answer.

With ``--flood SECONDS``, one abusive page floods the class for that long (joins padded to the most
a join may carry, progress marks, answers, as fast as two connections go), and the students answer
half-way through the flood; the same class is measured without the flood first, in the same run.

    python -m benchmarks.class_load --students 25               # prints the figures (docs/classroom.md)
    python -m benchmarks.class_load --students 25 --flood 60    # one abusive page for a minute
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from tests.browser.classroom import start_classroom

PUZZLE = "corintho/w1-01"


@dataclass
class Result:
    students: int
    recorded: int = 0  # answers the teacher's state counts at the end
    answer_seconds: list[float] = field(default_factory=list)  # each POST, sent to answered
    chart_seconds: float | None = None  # last answer sent to the teacher's chart counting them all
    problems: list[str] = field(default_factory=list)
    statuses: collections.Counter = field(default_factory=collections.Counter)  # students' answers
    flood: collections.Counter = field(default_factory=collections.Counter)  # the abusive page's


class Student:
    def __init__(self, base: str, join: str, name: str):
        self.base = base
        self.jar = urllib.request.HTTPCookieProcessor()
        self.opener = urllib.request.build_opener(self.jar)
        self.opener.open(join, timeout=60).read()
        self.xsrf = next(c.value for c in self.jar.cookiejar if c.name == "_xsrf")
        self.key = self.post("/class/api/join", {"name": name})["key"]

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            f"{self.base}{path}", json.dumps(body).encode(), {"X-XSRFToken": self.xsrf}
        )
        with self.opener.open(request, timeout=60) as reply:
            return json.loads(reply.read())

    def status(self, path: str, body: dict) -> int:
        """POST ``body``; the HTTP status, whatever it is."""
        try:
            self.post(path, body)
        except urllib.error.HTTPError as refused:
            refused.read()
            return refused.code
        return 200

    def live(self) -> dict:
        with self.opener.open(f"{self.base}/class/api/live?key={self.key}", timeout=60) as reply:
            return json.loads(reply.read())


def teacher_call(base: str, secret: str, what: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}/teacher/api/{what}", data, {"X-Teacher": secret})
    with urllib.request.urlopen(request, timeout=120) as reply:
        return json.loads(reply.read())


def flood_class(page: Student, number: int, move: str, stop: threading.Event, seen) -> None:
    """One abusive page: joins with padding, progress marks, answers, until ``stop``."""
    bodies = (
        ("/class/api/join", {"name": "", "pad": "p" * 1800}),
        ("/class/api/progress", {"key": page.key, "lesson": "x" * 100, "step": "y" * 100}),
        ("/class/api/answer", {"key": page.key, "puzzle": number, "move": move}),
    )
    while not stop.is_set():
        for path, body in bodies:
            try:
                seen[page.status(path, body)] += 1
            except OSError:
                seen["closed"] += 1


def run(students: int, folder: Path, flood: float = 0) -> Result:
    """``students`` join, the teacher sends a puzzle, every student answers at once (half-way
    through ``flood`` seconds of one abusive page, if given)."""
    result = Result(students)
    with start_classroom(folder, "--pool=0") as room:
        log = room.log.read_text()
        join = re.search(r"or open (http://\S+/join/[A-Z]+-\d+)", log).group(1)
        secret = re.search(r"teacher's page \(keep it to yourself\): \S+/teacher/(\S+)", log).group(
            1
        )
        class_ = [Student(room.url, join, f"Student {i + 1}") for i in range(students)]
        stop = threading.Event()

        def poll(student: Student) -> None:  # the page's own polling, while the class goes on
            while not stop.is_set():
                try:
                    student.live()
                except OSError as exc:
                    result.problems.append(f"poll: {exc}")
                stop.wait(1.0)

        pollers = [threading.Thread(target=poll, args=(s,), daemon=True) for s in class_]
        for t in pollers:
            t.start()
        number = teacher_call(room.url, secret, "send", {"ref": PUZZLE})["number"]
        moves = [c["move"] for c in class_[0].live()["puzzle"]["choices"]]
        flooding = threading.Event()
        abusive = Student(room.url, join, "") if flood else None
        flooders = [
            threading.Thread(
                target=flood_class, args=(abusive, number, moves[0], flooding, result.flood)
            )
            for _ in range(2 if flood else 0)
        ]
        for t in flooders:
            t.start()
        flood_started = time.perf_counter()
        time.sleep(flood / 2)
        barrier = threading.Barrier(students)
        sent_at: list[float] = []

        def answer(i: int, student: Student) -> None:
            barrier.wait()  # every student answers at the same moment
            start = time.perf_counter()
            sent_at.append(start)
            try:
                status = student.status(
                    "/class/api/answer",
                    {"key": student.key, "puzzle": number, "move": moves[i % len(moves)]},
                )
                result.answer_seconds.append(time.perf_counter() - start)
                result.statuses[status] += 1
            except OSError as exc:
                result.problems.append(f"answer: {exc}")

        threads = [threading.Thread(target=answer, args=(i, s)) for i, s in enumerate(class_)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:  # the teacher's page, once a second
            state = teacher_call(room.url, secret, "state")
            result.recorded = state["live"]["answered"]
            if result.recorded >= students:  # the abusive page may have answered too
                result.chart_seconds = time.perf_counter() - max(sent_at)
                break
            time.sleep(1.0)
        time.sleep(max(0.0, flood - (time.perf_counter() - flood_started)))
        flooding.set()
        for t in flooders:
            t.join(60)
        stop.set()
        for t in pollers:
            t.join(10)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=25)
    parser.add_argument(
        "--flood", type=float, default=0, help="seconds of one abusive page (0: none)"
    )
    args = parser.parse_args(argv)
    rows = []
    for flood in sorted({0.0, args.flood}):
        with tempfile.TemporaryDirectory() as folder:
            rows.append((flood, run(args.students, Path(folder), flood)))
    print(
        "| abusive page | students | answers taken (HTTP status) | answers recorded "
        "| answer taken, median / max | teacher's chart complete | the abusive page's requests |"
    )
    print("| --- | ---: | --- | ---: | --- | --- | --- |")
    for flood, result in rows:
        times = sorted(result.answer_seconds)
        statuses = ", ".join(f"{n} × {code}" for code, n in sorted(result.statuses.items()))
        abuse = ", ".join(f"{n} × {code}" for code, n in sorted(result.flood.items(), key=str))
        chart = (
            f"{result.chart_seconds:.2f} s after the last answer"
            if result.chart_seconds is not None
            else "not within 60 s"
        )
        print(
            f"| {f'{flood:.0f} s' if flood else 'none'} | {result.students} | {statuses} "
            f"| {result.recorded} | {statistics.median(times) * 1000:.0f} ms / "
            f"{times[-1] * 1000:.0f} ms | {chart} | {abuse or '-'} |"
        )
        if result.problems:
            print("problems:", *result.problems[:5], sep="\n  ")


if __name__ == "__main__":
    main()
