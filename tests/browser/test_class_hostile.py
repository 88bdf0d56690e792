"""The class's server tried as a hostile user and as a teacher on a bad day would (issue 42's
reproducers in ../shared/repro, as tests of the project's own): guessing the class code, one page
flooding the class with joins and padding, bodies of 95 MB, errors that must be JSON, another
program holding the class's file, the file deleted while the class runs, a student's page looking
for which stored puzzle it is shown.

One classroom (the real command, no kernels waiting) serves the module. Requests that must count
apart per client address come from their own loopback addresses (127.0.0.x), as a room's computers
would. No browser is needed: these are the server's answers.
"""

from __future__ import annotations

import http.client
import json
import re
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest

from .classroom import start_classroom

pytestmark = pytest.mark.browser


class Client:
    """One computer of the room: its own loopback address, its cookies, the page's XSRF cookie."""

    def __init__(self, port: int, address: str = "127.0.0.1"):
        self.port, self.address = port, address
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes | str | None = None, headers=None):
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=60, source_address=(self.address, 0)
        )
        sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if "_xsrf" in self.cookies:
            sent["X-XSRFToken"] = self.cookies["_xsrf"]
        if body is not None:
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        try:
            connection.request(method, path, body=body, headers=sent)
            reply = connection.getresponse()
            data = reply.read()
        finally:
            connection.close()
        for header, value in reply.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0].strip('"')
        reply.body = data
        return reply

    def json(self, method: str, path: str, body: object = None, headers=None):
        raw = None if body is None else json.dumps(body)
        reply = self.request(method, path, raw, headers)
        return reply.status, json.loads(reply.body or b"null"), reply

    def join_class(self, code: str, name: str = "") -> str:
        """Open join/<CODE>, then the class page, then join: the student's key."""
        reply = self.request("GET", f"/join/{code}")
        assert reply.status == 302, reply.status
        assert self.request("GET", "/class").status == 200
        status, data, _ = self.json("POST", "/class/api/join", {"name": name})
        assert status == 200, data
        return data["key"]


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    with start_classroom(folder, "--pool=0") as room:
        log = room.log.read_text()
        room.code = re.search(r"type the class code (\S+)", log).group(1)
        room.secret = re.search(r"/teacher/(\S+)", log).group(1)
        room.port = int(room.url.rsplit(":", 1)[1])
        room.db = folder / "class" / "class.sqlite3"
        yield room


def teacher(room, action: str, body: object = None):
    headers = {"X-Teacher": room.secret}
    if body is None:
        return Client(room.port).json("GET", f"/teacher/api/{action}", headers=headers)
    return Client(room.port).json("POST", f"/teacher/api/{action}", body, headers=headers)


def test_a_class_code_is_not_found_by_trying_them_and_joining_carries_no_token(room):
    guesser = Client(room.port, "127.0.0.2")
    word = room.code.split("-")[0]
    answers = [guesser.request("GET", f"/join/{word}-{n}").status for n in range(1000, 1012)]
    assert answers[:10] == [404] * 10 and answers[10:] == [429, 429]
    refused = guesser.request("GET", f"/join/{room.code}")  # even the right code, now
    assert refused.status == 429 and 1 <= int(refused.getheader("Retry-After")) <= 60
    assert b"try again in" in refused.body

    student = Client(room.port, "127.0.0.3")
    reply = student.request(
        "GET", f"/join/{room.code.lower().replace('-', ' ')}".replace(" ", "%20")
    )
    assert reply.status == 302 and reply.getheader("Location").endswith("/class")
    assert room.token not in reply.getheader("Location")
    assert student.request("GET", "/class").status == 200  # logged in by the cookie alone
    assert student.request("GET", "/voila/render/index.ipynb").status == 200

    status, state, _ = teacher(room, "state")
    assert status == 200 and state["refused_codes"] >= 10 and state["blocked_codes"] >= 2
    # A refused request with the token in its address: the log names no token, code or secret.
    Client(room.port, "127.0.0.4").request("POST", f"/class/api/progress?token={room.token}", "{")
    Client(room.port, "127.0.0.4").request("GET", f"/voila/render/nothing.ipynb?token={room.token}")
    deadline = time.monotonic() + 90  # the three lines come again once the classroom is ready
    while "The classroom is ready." not in room.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.5)
    log = room.log.read_text()
    # every line but the three for the teacher (printed at start, and again once it is ready)
    told = ("Students open ", "  (or open ", "Your teacher's page (keep it to yourself)")
    shown = "\n".join(line for line in log.splitlines() if not line.startswith(told))
    assert log.count("Your teacher's page") == 2 and log.index("The classroom is ready.") > 0
    assert room.token not in log
    assert room.code not in shown and room.secret not in shown


def test_one_page_can_neither_fill_the_class_nor_starve_the_others(room):
    mallory = Client(room.port, "127.0.0.10")
    mallory.join_class(room.code, "M")
    counts: dict[int, int] = {}
    for _ in range(300):  # one page joining again and again: the same student, then refused
        status, _, _ = mallory.json("POST", "/class/api/join", {"name": ""})
        counts[status] = counts.get(status, 0) + 1
    assert set(counts) <= {200, 429} and counts.get(429, 0) > 0
    padded = mallory.request("POST", "/class/api/join", json.dumps({"name": "", "pad": "p" * 8000}))
    assert padded.status == 413
    status, state, _ = teacher(room, "state")
    assert sum(1 for s in state["students"] if s["name"] in ("M", "")) <= 2

    others = [Client(room.port, "127.0.0.10") for _ in range(5)]  # the same computer, even
    keys = [c.join_class(room.code, f"S{i}") for i, c in enumerate(others)]
    for client, key in zip(others, keys, strict=True):
        status, data, _ = client.json("POST", "/class/api/progress", {"key": key, "lesson": "01"})
        assert status == 200, data


def test_bodies_too_large_are_refused_before_they_are_read(room):
    student = Client(room.port, "127.0.0.20")
    student.join_class(room.code)
    process = psutil.Process(room.process.pid)
    before = process.memory_info().rss

    def big(path: str) -> object:
        connection = http.client.HTTPConnection("127.0.0.1", room.port, timeout=60)
        try:
            connection.putrequest("POST", path)
            connection.putheader("Content-Length", str(95 * 2**20))
            connection.putheader("Content-Type", "application/json")
            connection.endheaders()
            for _ in range(95):
                connection.send(b" " * 2**20)
            return connection.getresponse().status
        except OSError:
            return "closed"  # refused and closed before the body was sent
        finally:
            connection.close()

    with ThreadPoolExecutor(6) as pool:
        got = list(pool.map(big, ["/class/api/progress"] * 3 + ["/join"] * 3))
    assert set(got) <= {413, 400, "closed"}, got
    grown = (process.memory_info().rss - before) / 2**20
    assert grown < 20, f"the server grew by {grown:.0f} MB"
    reply = student.request("POST", "/class/api/progress", b"{" + b" " * 5000 + b"}")
    assert reply.status == 413 and "too large" in json.loads(reply.body)["error"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/class/api/nothing", 404),
        ("GET", "/class/api/live", 403),
        ("POST", "/class/api/progress", 403),
        ("GET", "/teacher/api/state", 403),
        ("POST", "/teacher/api/end", 403),
        ("GET", "/teacher/api/nothing", 404),
    ],
)
def test_every_error_of_the_class_apis_is_json_with_a_sentence(room, method, path, status):
    reply = Client(room.port, "127.0.0.30").request(
        method, path, "{}" if method == "POST" else None
    )
    assert reply.status == status
    assert reply.getheader("Content-Type").startswith("application/json")
    error = json.loads(reply.body)["error"]
    assert error[0].isupper() and error.endswith(".") and "<" not in error


def test_a_class_file_held_by_another_program_delays_that_request_only(room):
    student = Client(room.port, "127.0.0.40")
    key = student.join_class(room.code, "Ada")
    other = sqlite3.connect(room.db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        status, data, reply = student.json(
            "POST", "/class/api/progress", {"key": key, "lesson": "01"}
        )
        assert status == 503 and "cannot be saved right now" in data["error"]
        assert reply.getheader("Retry-After") and time.monotonic() - started < 5
        for path in ("/join", "/class/api/live", "/voila/render/index.ipynb"):
            assert student.request("GET", path).status == 200, path
        status, state, _ = teacher(room, "state")
        assert status == 200 and any("another program" in p for p in state["problems"])
    finally:
        other.execute("COMMIT")
        other.close()
    status, _, _ = student.json("POST", "/class/api/progress", {"key": key, "lesson": "02"})
    assert status == 200  # recovered by itself
    assert not teacher(room, "state")[1]["problems"]


def test_a_class_file_deleted_while_running_loses_nothing_acknowledged(room):
    student = Client(room.port, "127.0.0.50")
    key = student.join_class(room.code, "Del")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{room.db}{suffix}").unlink(missing_ok=True)
    status, _, _ = student.json("POST", "/class/api/progress", {"key": key, "lesson": "after"})
    assert status == 200 and room.db.exists()
    with sqlite3.connect(room.db) as copy:
        rows = dict(copy.execute("SELECT name, lesson FROM students").fetchall())
    assert rows["Del"] == "after"
    problems = teacher(room, "state")[1]["problems"]
    assert any("deleted while the class ran" in p for p in problems)


def test_a_students_page_is_not_told_which_stored_puzzle_it_shows_and_hears_the_class_end(room):
    student = Client(room.port, "127.0.0.60")
    key = student.join_class(room.code, "Hana")
    status, _, _ = teacher(room, "send", {"ref": "corintho/x4-01"})
    assert status == 200
    status, live, _ = student.json("GET", f"/class/api/live?key={key}")
    assert status == 200 and live["member"] is True
    assert "x4-01" not in json.dumps(live) and "ref" not in live["puzzle"]
    assert teacher(room, "state")[1]["live"]["ref"] == "corintho/x4-01"  # the teacher sees it
    teacher(room, "end", {})
    status, live, _ = student.json("GET", f"/class/api/live?key={key}")
    assert status == 200 and live["member"] is False
    move = live["puzzle"]["choices"][0]["move"] if live.get("puzzle") else "base a1"
    status, refused, _ = student.json(
        "POST", "/class/api/answer", {"key": key, "puzzle": live.get("number"), "move": move}
    )
    assert status == 403 and refused["member"] is False and "join" in refused["error"]


def test_the_class_keeps_answering_quickly_while_one_page_floods(room):
    """The load figure of docs/measurements.md in small: 10 students answer while one page floods."""
    students = [Client(room.port, f"127.0.1.{i + 1}") for i in range(10)]
    keys = [s.join_class(room.code, f"A{i}") for i, s in enumerate(students)]
    teacher(room, "send", {"ref": "corintho/x4-01"})
    live = students[0].json("GET", f"/class/api/live?key={keys[0]}")[1]
    move = live["puzzle"]["choices"][0]["move"]
    flooder = Client(room.port, "127.0.1.200")
    flood_key = flooder.join_class(room.code, "F")
    stop = threading.Event()

    def flood():
        while not stop.is_set():
            flooder.json("POST", "/class/api/progress", {"key": flood_key, "lesson": "x" * 100})

    threads = [threading.Thread(target=flood) for _ in range(2)]
    for thread in threads:
        thread.start()
    try:
        answers = [
            s.json("POST", "/class/api/answer", {"key": k, "puzzle": live["number"], "move": move})
            for s, k in zip(students, keys, strict=True)
        ]
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert [status for status, _, _ in answers] == [200] * 10
    assert teacher(room, "state")[1]["live"]["answered"] == 10
