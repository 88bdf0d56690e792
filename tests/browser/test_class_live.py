"""The class as a whole in Chromium (corinth/classroom/teacher.py and its pages): one teacher's page
and three students' pages on a real classroom server. The students join with a code and a name (or
none), the teacher sees them and where they are, sends a puzzle, sees the three answers charted,
the server restarts in the middle and loses none, the teacher reveals the solver's ranking, and a
student who arrives late gets the puzzle too. Screenshots go to /tmp/corinth-class/."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .classroom import start_classroom
from .lab import free_port
from .test_boards_a11y import serious_violations

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

pytestmark = pytest.mark.browser

SCREEN = {"width": 1280, "height": 720}


@pytest.fixture(autouse=True)
def patient_expect():
    """A busy 2-core machine (kernels, the solver, Chromium) answers a page's poll late: each check
    waits up to 30 s for what the page shows (the 2 s a class sees is measured by class_load)."""
    expect.set_options(timeout=30_000)
    yield
    expect.set_options(timeout=5_000)


SHOTS = Path("/tmp/corinth-class")
PUZZLE = "corintho/x4-01"  # extend to 4: the answer is base d4


def addresses(room) -> tuple[str, str]:
    """The join link (the QR code's) and the teacher's page, as the command printed them."""
    log = room.log.read_text()
    join = re.search(r"or open (http://\S+/join/[A-Z]+-\d+)", log).group(1)
    teacher = re.search(r"teacher's page \(keep it to yourself\): (http://\S+)", log).group(1)
    return join, teacher


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def new_student(browser, join: str, name: str):
    page = browser.new_context(viewport=SCREEN).new_page()
    page.set_default_timeout(30_000)
    page.goto(join)
    page.wait_for_selector("#name-form")
    if name:
        page.fill("#name", name)
        page.click("#name-form button[type=submit]")
    else:
        page.click("#no-name")
    expect(page.locator("#joined")).to_contain_text("You are in the class")
    return page


@pytest.mark.long  # two classroom servers, one after the other
def test_a_class_answers_a_puzzle_together_and_a_restart_loses_nothing(tmp_path, browser):
    port = free_port()
    with start_classroom(tmp_path, "--pool=0", port=port) as room:
        token = room.token
        join, teacher_url = addresses(room)
        teacher = browser.new_context(viewport=SCREEN).new_page()
        teacher.set_default_timeout(30_000)
        teacher.goto(teacher_url)
        expect(teacher.locator("#code")).to_have_text(re.compile(r"^[A-Z]+-\d{4}$"))
        assert join.endswith(teacher.locator("#code").inner_text())
        expect(teacher.locator("#qr svg")).to_have_count(1)
        ada, ben, anonymous = (new_student(browser, join, n) for n in ("Ada", "Ben", ""))
        expect(teacher.locator("#count")).to_have_text("3 students joined (1 without a name).")
        expect(teacher.locator("#students")).to_contain_text("Ben")
        # Ada opens a lesson: the teacher's page says which lesson and step she is on.
        lesson = ada.context.new_page()
        lesson.set_default_timeout(180_000)
        lesson.goto(f"{room.url}/voila/render/01_the_harbor.ipynb")
        ada_row = teacher.locator("#students tr").filter(has_text="Ada")
        expect(ada_row).to_contain_text("The harbor", timeout=180_000)
        expect(ada_row).to_contain_text(re.compile(r"Step 1 of|Start of the lesson"))
        lesson.close()

        teacher.select_option("#pick", PUZZLE)
        teacher.click("#send")
        expect(teacher.locator("#send-status")).to_contain_text("Sent")
        for student, move in ((ada, "base d4"), (ben, "column d1"), (anonymous, "base d4")):
            button = student.locator(f"#choices button[data-move='{move}']")
            button.click()
            expect(button).to_have_attribute("aria-pressed", "true")
        expect(teacher.locator("#answered")).to_have_text("3 answers from 3 students.")
        expect(teacher.locator("#bars li")).to_have_count(2)
        expect(teacher.locator("#bars li").first).to_contain_text("2 students")
        shot(teacher, "teacher-answers")
        shot(ada, "student-puzzle")

    # The server stops and starts again on the same folder and port: every answer is still there.
    with start_classroom(tmp_path, "--pool=0", port=port, token=token):
        expect(teacher.locator("#answered")).to_have_text(
            "3 answers from 3 students.", timeout=60_000
        )
        late = new_student(
            browser, join, "Cleo"
        )  # arrives late: gets the puzzle in front of the class
        expect(late.locator("#choices button")).not_to_have_count(0)
        teacher.check("#reveal-names")  # the teacher chooses to name who answered what
        teacher.click("#reveal")
        expect(teacher.locator("#ranking")).to_contain_text(
            "Found the best move: Ada, 1 student without a name."
        )
        expect(teacher.locator("#ranking tbody tr").first).to_contain_text("(best)")
        expect(ada.locator("#live-status")).to_have_text("You found the best move!")
        expect(ben.locator("#live-status")).to_contain_text("Not the best move")
        expect(ben.locator("#reveal")).to_contain_text("wins in 1 move")
        teacher.click("#projector")
        assert float(teacher.evaluate("getComputedStyle(document.body).fontSize")[:-2]) >= 18
        shot(teacher, "teacher-reveal-projector")
        shot(ben, "student-reveal")
        assert serious_violations(teacher, "main") == []
        assert serious_violations(ben, "main") == []
        # The CSV export names every student (the one without a name as such). The fetch's text()
        # drops the byte-order mark: tests/browser/test_class_teacher.py reads the file itself.
        csv = teacher.evaluate(
            "async () => (await fetch(location.pathname.replace(/teacher\\/.*/, 'teacher/api/class.csv'),"
            " {headers: {'X-Teacher': location.pathname.split('/').filter(Boolean).pop()}})).text()"
        )
        assert csv.splitlines()[0].startswith("row,student,lesson,step") and "(no name)" in csv


def test_the_teachers_side_is_closed_to_students_and_a_flood_is_refused(tmp_path):
    with start_classroom(tmp_path, "--pool=0") as room:
        join, teacher_url = addresses(room)
        secret = teacher_url.rstrip("/").split("/")[-1]
        base = room.url
        jar = urllib.request.HTTPCookieProcessor()
        opener = urllib.request.build_opener(jar)
        opener.open(join, timeout=60).read()  # a student, logged in by the class code
        xsrf = next(c.value for c in jar.cookiejar if c.name == "_xsrf")

        def call(path, body=None, headers=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(
                f"{base}{path}", data=data, headers={"X-XSRFToken": xsrf, **(headers or {})}
            )
            try:
                with opener.open(request, timeout=60) as reply:
                    return reply.status, reply.read().decode()
            except urllib.error.HTTPError as refused:
                return refused.code, refused.read().decode()

        # The class's token (the student's cookie, or in the address) opens nothing of the teacher's.
        for path in ("state", "catalogue", "class.csv", "qr.svg"):
            assert call(f"/teacher/api/{path}?token={room.token}")[0] == 403
        for path in ("send", "reveal", "stop", "end"):
            assert call(f"/teacher/api/{path}", {}, {"X-Teacher": "guess" * 4})[0] == 403
        assert call(f"/teacher/{'x' * 32}")[0] == 404
        status, body = call("/class/api/join", {"name": "<img src=x onerror=alert(1)>"})
        key = json.loads(body)["key"]
        assert status == 200
        # A flood from one page is refused with 429; the class's state stays readable.
        codes = [
            call("/class/api/progress", {"key": key, "lesson": "01", "step": "x" * 100})[0]
            for _ in range(40)
        ]
        assert codes[0] == 200 and 429 in codes
        assert call("/class/api/progress", {"key": "forged-key-123456", "lesson": "01"})[0] == 403
        status, body = call("/teacher/api/state", headers={"X-Teacher": secret})
        assert status == 200 and json.loads(body)["students"][0]["name"].startswith("<img")


def test_a_class_of_25_answers_at_once_and_every_answer_is_recorded(tmp_path):
    """The load check (``python -m benchmarks.class_load`` prints its figures): 25 students polling
    as their pages do answer at the same moment; the teacher's chart counts all 25."""
    from benchmarks.class_load import run

    result = run(25, tmp_path)
    assert not result.problems, result.problems[:5]
    assert result.recorded == 25 and len(result.answer_seconds) == 25
    assert result.chart_seconds is not None
