"""A class of simulated students on a real classroom server: each joins with the class code and a
name, polls the live puzzle once a second as its page does, and answers when the teacher sends one;
a teacher's page polls the class's state once a second. Measures how long each answer takes to be
taken and how long until the teacher's chart counts every answer.

    python -m benchmarks.class_load --students 25     # prints the figures (docs/classroom.md)
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import tempfile
import threading
import time
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

    def live(self) -> dict:
        with self.opener.open(f"{self.base}/class/api/live?key={self.key}", timeout=60) as reply:
            return json.loads(reply.read())


def teacher_call(base: str, secret: str, what: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}/teacher/api/{what}", data, {"X-Teacher": secret})
    with urllib.request.urlopen(request, timeout=120) as reply:
        return json.loads(reply.read())


def run(students: int, folder: Path) -> Result:
    """``students`` join, the teacher sends a puzzle, every student answers at once."""
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
        barrier = threading.Barrier(students)
        sent_at: list[float] = []

        def answer(i: int, student: Student) -> None:
            barrier.wait()  # every student answers at the same moment
            start = time.perf_counter()
            sent_at.append(start)
            try:
                student.post(
                    "/class/api/answer",
                    {"key": student.key, "puzzle": number, "move": moves[i % len(moves)]},
                )
                result.answer_seconds.append(time.perf_counter() - start)
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
            if result.recorded == students:
                result.chart_seconds = time.perf_counter() - max(sent_at)
                break
            time.sleep(1.0)
        stop.set()
        for t in pollers:
            t.join(10)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=25)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        result = run(args.students, Path(folder))
    times = sorted(result.answer_seconds)
    print("| students | answers recorded | answer taken, median / max | teacher's chart complete |")
    print("| ---: | ---: | --- | --- |")
    print(
        f"| {result.students} | {result.recorded} | {statistics.median(times) * 1000:.0f} ms / "
        f"{times[-1] * 1000:.0f} ms | {result.chart_seconds:.2f} s after the last answer |"
    )
    if result.problems:
        print("problems:", *result.problems[:5], sep="\n  ")


if __name__ == "__main__":
    main()
