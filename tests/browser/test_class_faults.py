"""What the class's pages say when something goes wrong, in Chromium (corinth/classroom/pages and the
lessons' page of the classroom, corinth/classroom/jupyter): nobody is left in a class that ended
without a word, every refusal of the class's server is said on the page, and a lesson page that lost
its server says so and comes back by itself once the server is back.

Screenshots go to /tmp/corinth-class/ (the End dialog, in projector mode too, a student's page after
the end, a lesson page while its server is away)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from .classroom import start_classroom
from .lab import free_port
from .test_boards_a11y import serious_violations
from .test_class_live import SCREEN, addresses, new_student, patient_expect, shot  # noqa: F401

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

pytestmark = pytest.mark.browser

PAGES = Path(__file__).resolve().parents[2] / "corinth" / "classroom" / "pages"
PUZZLE = "corinth/t1-06"  # a Corinth puzzle of the first tier: moves named "Take …"


def choices(page):
    return page.locator("#choices button")


def test_the_end_of_the_class_is_said_on_every_open_page(tmp_path, browser):
    """The teacher's End dialog offers the record first, says what is erased, works by keys, and
    ends the class; a student's open page then says the class has ended (no puzzle to answer) and
    joins again; an answer sent after the end, before the page heard of it, is refused in words.
    The scenario of /work/shared/repro/repro_end.py, where the page went on as if in the class."""
    with start_classroom(tmp_path, "--pool=0") as room:
        join, teacher_url = addresses(room)
        teacher = browser.new_context(viewport=SCREEN, accept_downloads=True).new_page()
        teacher.set_default_timeout(30_000)
        teacher.goto(teacher_url)
        hana, ben = new_student(browser, join, "Hana"), new_student(browser, join, "Ben")
        expect(teacher.locator("#count")).to_have_text("2 students joined.")
        teacher.locator("#pick option").first.wait_for(state="attached")
        teacher.select_option("#pick", PUZZLE)
        teacher.click("#send")
        expect(teacher.locator("#send-status")).to_contain_text("Sent")
        expect(choices(hana)).not_to_have_count(0)
        expect(choices(ben)).not_to_have_count(0)
        # Ben's page hears nothing from the class for a while (its polls are held back): his answer
        # after the end is the first the page learns of it.
        ben.route("**/class/api/live*", lambda route: route.abort())

        # The dialog: the record first, what is erased, by keys only; Escape keeps the class.
        teacher.locator("#end").focus()
        teacher.keyboard.press("Enter")
        dialog = teacher.get_by_role("dialog", name="End the class?")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("every student's name, mark and answer")
        buttons = dialog.get_by_role("button")
        expect(buttons).to_have_text(["Download the record", "End the class", "Keep the class"])
        expect(dialog.get_by_role("button", name="Download the record")).to_be_focused()
        assert serious_violations(teacher, "#end-dialog") == []
        shot(teacher, "end-dialog")
        teacher.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(teacher.locator("#end")).to_be_focused()
        expect(teacher.locator("#count")).to_have_text("2 students joined.")

        # In projector mode, by keys again: the record is downloaded, then the class ended.
        teacher.click("#projector")
        teacher.locator("#end").focus()
        teacher.keyboard.press("Enter")
        expect(dialog).to_be_visible()
        box = dialog.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], box
        assert float(dialog.evaluate("d => getComputedStyle(d).fontSize")[:-2]) >= 18
        assert serious_violations(teacher, "#end-dialog") == []
        shot(teacher, "end-dialog-projector")
        with teacher.expect_download() as downloading:
            teacher.keyboard.press("Enter")  # on "Download the record", focused
        record = Path(downloading.value.path()).read_text(encoding="utf-8-sig")
        assert record.splitlines()[0].startswith("row,student,lesson,step,lessons finished")
        assert downloading.value.suggested_filename.startswith("class-")
        assert "Hana" in record and "Ben" in record
        expect(teacher.locator("#end-dialog-status")).to_contain_text("The record is downloaded")
        teacher.keyboard.press("Tab")
        expect(dialog.get_by_role("button", name="End the class")).to_be_focused()
        teacher.keyboard.press("Enter")
        expect(dialog).to_be_hidden()
        expect(teacher.locator("#end-note")).to_have_text(
            "The class was ended: every name, mark and answer is erased."
        )
        expect(teacher.locator("#count")).to_have_text("0 students joined.")
        expect(teacher.locator("#end")).to_be_focused()

        # Hana's open page says so in place of "You are in the class as Hana", without the puzzle.
        expect(hana.locator("#joined")).to_contain_text("The class has ended.")
        expect(hana.locator("#joined")).not_to_contain_text("You are in the class")
        expect(choices(hana)).to_have_count(0)
        expect(hana.locator("#live-status")).to_have_text("No puzzle: the class has ended.")
        expect(hana.get_by_role("button", name="Join again")).to_be_visible()
        shot(hana, "class-ended")
        assert serious_violations(hana, "main") == []

        # Ben answers before his page heard of the end: refused, and said.
        choices(ben).first.click()
        expect(ben.locator("#joined")).to_contain_text("The class has ended.")
        expect(choices(ben)).to_have_count(0)
        ben.unroute("**/class/api/live*")

        # The teacher sends the next puzzle: the ended pages show none until they join again.
        teacher.click("#send")
        expect(teacher.locator("#send-status")).to_contain_text("Sent")
        expect(teacher.locator("#answered")).to_have_text("0 answers from 0 students.")
        hana.wait_for_timeout(2500)  # two polls of her page
        expect(choices(hana)).to_have_count(0)
        expect(hana.locator("#name")).to_have_value("Hana")
        hana.get_by_role("button", name="Join again").click()
        expect(hana.locator("#joined")).to_have_text("You are in the class as Hana.")
        expect(choices(hana)).not_to_have_count(0)
        expect(teacher.locator("#count")).to_have_text("1 student joined.")
        choices(hana).first.click()
        expect(teacher.locator("#answered")).to_have_text("1 answer from 1 student.")
        # Ben joins again as the same name, a new row; the record of the old class is gone.
        ben.get_by_role("button", name="Join again").click()
        expect(ben.locator("#joined")).to_have_text("You are in the class as Ben.")
        expect(teacher.locator("#count")).to_have_text("2 students joined.")


def test_a_page_that_joins_again_stays_the_same_student(tmp_path, browser):
    """A new name typed on an open page renames its student: no second row on the teacher's page."""
    with start_classroom(tmp_path, "--pool=0") as room:
        join, teacher_url = addresses(room)
        teacher = browser.new_context(viewport=SCREEN).new_page()
        teacher.goto(teacher_url)
        hana = new_student(browser, join, "Hana")
        expect(teacher.locator("#students")).to_contain_text("Hana")
        hana.fill("#name", "Hana B")
        hana.click("#join-button")
        expect(hana.locator("#joined")).to_have_text("You are in the class as Hana B.")
        expect(teacher.locator("#count")).to_have_text("1 student joined.")
        expect(teacher.locator("#students")).to_contain_text("Hana B")
        assert hana.locator("#name").get_attribute("maxlength") == "40"


@pytest.mark.long  # waits for the page's own try again, 30 s after the refusal
def test_a_class_file_held_elsewhere_is_said_and_the_answer_saved_after(tmp_path, browser):
    """Another program holds the class's file: a student's answer is refused (503) and the page says
    so, the teacher's page lists the fault at its top; once the file is free, the page sends the
    answer again by itself and the teacher's chart counts it."""
    with start_classroom(tmp_path, "--pool=0") as room:
        join, teacher_url = addresses(room)
        teacher = browser.new_context(viewport=SCREEN).new_page()
        teacher.goto(teacher_url)
        hana = new_student(browser, join, "Hana")
        teacher.locator("#pick option").first.wait_for(state="attached")
        teacher.select_option("#pick", PUZZLE)
        teacher.click("#send")
        expect(choices(hana)).not_to_have_count(0)
        holder = sqlite3.connect(tmp_path / "class" / "class.sqlite3", isolation_level=None)
        try:
            holder.execute("BEGIN EXCLUSIVE")  # a backup or sync tool holding the file
            choices(hana).first.click()
            problem = hana.locator("#live-problem")
            expect(problem).to_contain_text("The class's notes cannot be saved right now")
            expect(problem).to_contain_text("Try again in 30 seconds")
            expect(problem).to_contain_text("Your answer is not saved yet")
            faults = teacher.locator("#faults")
            expect(faults).to_be_visible()
            expect(faults).to_contain_text("another program is using the class's file")
            shot(hana, "student-answer-not-saved")
            shot(teacher, "teacher-file-fault")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        expect(teacher.locator("#answered")).to_have_text(
            "1 answer from 1 student.", timeout=60_000
        )
        expect(problem).to_have_text("")
        expect(faults).to_be_hidden()


# --- every refusal said: the pages against the server's answers, played by the test -------------


def _page_text(name: str, base: str) -> str:
    return (PAGES / name).read_text("utf-8").replace("{{base}}", base).replace("{{lessons}}", "#")


class Scripted:
    """A class's server played by the test: the pages from corinth/classroom/pages, and each API
    answer as the test sets it (``answers[path] = (status, body, headers)``)."""

    ORIGIN = "http://class.test"

    def __init__(self, page):
        self.answers: dict[str, tuple[int, dict, dict]] = {}
        self.calls: list[tuple[str, dict | None]] = []
        page.route(f"{self.ORIGIN}/**", self.handle)

    def handle(self, route):
        request = route.request
        path = request.url[len(self.ORIGIN) :].split("?")[0]
        pages = {
            "/class": ("student.html", "text/html"),
            "/teacher/secret-secret-1234": ("teacher.html", "text/html"),
            "/class/class.js": ("class.js", "text/javascript"),
            "/class/class.css": ("class.css", "text/css"),
        }
        if path in pages:
            name, kind = pages[path]
            route.fulfill(status=200, content_type=kind, body=_page_text(name, "/"))
            return
        self.calls.append((path, json.loads(request.post_data) if request.post_data else None))
        status, body, headers = self.answers.get(path, (404, {"error": "No such call."}, {}))
        if path == "/teacher/api/qr.svg" and status == 200:
            route.fulfill(status=200, content_type="image/svg+xml", body="<svg></svg>")
            return
        route.fulfill(
            status=status, content_type="application/json", body=json.dumps(body), headers=headers
        )


# The server's sentences (teacher.py, store.py); the pages put the Retry-After's seconds in them.
NOT_SAVED = (
    "The class's notes cannot be saved right now (another program is using the class's file). "
    "Try again in a moment."
)


def not_saved(seconds: str) -> str:
    return NOT_SAVED.replace("in a moment", f"in {seconds}")


TOO_MANY = "Too many messages at once: wait a moment."


def test_every_refusal_is_said_on_the_students_page(browser):
    page = browser.new_context(viewport=SCREEN).new_page()
    server = Scripted(page)
    live = {
        "number": 3,
        "puzzle": {
            "game": "Corinth",
            "question": "Which group do you take?",
            "picture": "<svg role='img' aria-label='The harbor'></svg>",
            "choices": [
                {"move": "a", "words": "Take the 3s"},
                {"move": "b", "words": "Take the 5s"},
            ],
        },
        "mine": "",
        "revealed": False,
        "member": True,
    }
    server.answers["/class/api/live"] = (200, {"puzzle": None, "member": False}, {})
    server.answers["/class/api/join"] = (503, {"error": NOT_SAVED}, {"Retry-After": "30"})
    page.goto(f"{Scripted.ORIGIN}/class")
    page.fill("#name", "Hana")
    page.click("#join-button")
    expect(page.locator("#join-problem")).to_have_text(not_saved("30 seconds"))
    server.answers["/class/api/join"] = (200, {"key": "k" * 24, "name": "Hana"}, {})
    server.answers["/class/api/live"] = (200, live, {})
    page.click("#join-button")
    expect(page.locator("#joined")).to_have_text("You are in the class as Hana.")
    expect(page.locator("#join-problem")).to_have_text("")
    expect(choices(page)).to_have_count(2)

    # Too many messages: said with the wait, and the answer sent again by itself after it.
    server.answers["/class/api/answer"] = (429, {"error": TOO_MANY}, {"Retry-After": "2"})
    page.get_by_role("button", name="Take the 5s").click()
    problem = page.locator("#live-problem")
    expect(problem).to_contain_text(f"{TOO_MANY} Try again in 2 seconds.")
    expect(problem).to_contain_text("Your answer is not saved yet")
    server.answers["/class/api/answer"] = (200, {"ok": True}, {})
    server.answers["/class/api/live"] = (200, {**live, "mine": "b"}, {})
    expect(problem).to_have_text("", timeout=10_000)
    answers = [body for path, body in server.calls if path == "/class/api/answer"]
    assert answers[-1] == {"key": "k" * 24, "puzzle": 3, "move": "b"} and len(answers) == 2
    expect(page.locator("#live-status")).to_contain_text("Your answer: Take the 5s")

    # The class's notes cannot be saved: the poll's sentence, and the page goes on asking.
    server.answers["/class/api/live"] = (503, {"error": NOT_SAVED}, {"Retry-After": "1"})
    expect(problem).to_have_text(not_saved("1 second"))
    server.answers["/class/api/live"] = (200, {**live, "mine": "b"}, {})
    expect(problem).to_have_text("", timeout=10_000)

    # Any other refusal: its sentence. A server gone: said too.
    server.answers["/class/api/answer"] = (
        400,
        {"error": "That move is not one of the puzzle's."},
        {},
    )
    page.get_by_role("button", name="Take the 3s").click()
    expect(problem).to_have_text("That move is not one of the puzzle's.")
    page.route(f"{Scripted.ORIGIN}/class/api/live*", lambda route: route.abort())
    expect(problem).to_contain_text("Waiting for the class's server")
    assert serious_violations(page, "main") == []


def test_every_refusal_and_fault_is_said_on_the_teachers_page(browser):
    page = browser.new_context(viewport=SCREEN).new_page()
    server = Scripted(page)
    state = {
        "code": "GOLD-2742",
        "join": "http://class.test/join/GOLD-2742",
        "students": [],
        "live": None,
        "problems": [],
        "refused_codes": 0,
    }
    server.answers["/teacher/api/state"] = (200, state, {})
    server.answers["/teacher/api/qr.svg"] = (200, {}, {})
    server.answers["/teacher/api/catalogue"] = (
        200,
        {"puzzles": [{"ref": PUZZLE, "game": "Corinth", "title": "A first puzzle"}]},
        {},
    )
    page.goto(f"{Scripted.ORIGIN}/teacher/secret-secret-1234")
    expect(page.locator("#code")).to_have_text("GOLD-2742")
    expect(page.locator("#faults")).to_be_hidden()
    expect(page.locator("#refused")).to_have_text("")

    # The class's file was deleted: the teacher reads it at the top; brute-force tries are counted.
    deleted = "The class's file was deleted while the class ran: it was written again from memory."
    server.answers["/teacher/api/state"] = (
        200,
        {**state, "problems": [deleted], "refused_codes": 12},
        {},
    )
    expect(page.locator("#faults")).to_be_visible()
    expect(page.locator("#faults")).to_contain_text(deleted)
    expect(page.locator("#refused")).to_have_text(
        "12 wrong class codes refused since the class's server started."
    )
    assert page.evaluate(
        "document.getElementById('faults').compareDocumentPosition("
        "document.getElementById('live')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )

    # Each action's refusal is said: sending, showing the answer, the record, ending the class.
    server.answers["/teacher/api/send"] = (503, {"error": NOT_SAVED}, {"Retry-After": "30"})
    page.click("#send")
    expect(page.locator("#send-status")).to_have_text(not_saved("30 seconds"))
    server.answers["/teacher/api/class.csv"] = (429, {"error": TOO_MANY}, {"Retry-After": "5"})
    page.click("#csv")
    expect(page.locator("#teacher-problem")).to_contain_text(f"{TOO_MANY} Try again in 5 seconds.")
    server.answers["/teacher/api/end"] = (503, {"error": NOT_SAVED}, {"Retry-After": "30"})
    page.click("#end")
    page.get_by_role("button", name="End the class").last.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("#end-dialog-status")).to_have_text(not_saved("30 seconds"))
    expect(dialog).to_be_visible()  # not ended: the dialog stays, to try again
    page.get_by_role("button", name="Keep the class").click()
    server.answers["/teacher/api/state"] = (503, {"error": NOT_SAVED}, {"Retry-After": "1"})
    expect(page.locator("#teacher-problem")).to_contain_text(not_saved("1 second"))
    server.answers["/teacher/api/state"] = (200, state, {})
    expect(page.locator("#faults")).to_be_hidden()
    assert serious_violations(page, "main") == []


# --- a lesson page that lost its server -----------------------------------------------------------

LOST = "The connection to the class's computer was lost: this page will reload when it is back."


@pytest.mark.long  # the classroom started twice, a lesson run three times
def test_a_lesson_page_that_lost_its_server_says_so_and_comes_back(
    tmp_path, browser, record_property
):
    """A lesson open while the classroom's server restarts: the page says in one sentence that the
    connection was lost, reloads by itself within 5 s of the server answering again, and shows the
    learner's progress (kept in the browser) as before. A server that is only slow (stopped for 8 s
    without closing the page's connection) is left alone: no sentence, no reload."""
    port = free_port()
    page = browser.new_context(viewport=SCREEN).new_page()
    page.set_default_timeout(30_000)
    loads: list[float] = []
    page.on(
        "request",
        lambda r: (
            loads.append(time.monotonic())
            if r.is_navigation_request() and "01_the_harbor" in r.url
            else None
        ),
    )
    lost = page.locator("#corinth-connection-lost")
    with start_classroom(tmp_path, "--pool=0", port=port) as room:
        token = room.token
        page.goto(room.address("01_the_harbor.ipynb"))
        line = page.locator(".corinth-progress-line").first
        expect(line).to_contain_text("This lesson: 0 of 8", timeout=180_000)
        exercise = page.locator(".corinth-exercise").filter(
            has_text="Who takes the last group of the round?"
        )
        exercise.scroll_into_view_if_needed()
        exercise.get_by_role("button", name="Player 1", exact=True).click()
        expect(line).to_contain_text("This lesson: 1 of 8", timeout=60_000)

        # Slow, not gone: the server frozen for 8 s keeps the page's connection open.
        room.process.suspend()
        try:
            page.wait_for_timeout(8000)
            expect(lost).to_have_count(0)
        finally:
            room.process.resume()
        assert len(loads) == 1

    # The server stopped: the page says so.
    expect(lost).to_have_text(LOST, timeout=30_000)
    expect(lost).to_have_attribute("role", "alert")
    shot(page, "lesson-connection-lost")
    page.wait_for_timeout(3000)  # away a while: the page waits, it does not reload
    assert len(loads) == 1

    with start_classroom(tmp_path, "--pool=0", port=port, token=token):
        back = time.monotonic()
        page.wait_for_function(
            "() => !document.getElementById('corinth-connection-lost')", timeout=60_000
        )
        assert len(loads) == 2, loads
        reloaded = loads[1] - back
        record_property("reload_after_server_back_seconds", reloaded)
        assert reloaded < 5, f"the page reloaded {reloaded:.1f} s after the server was back"
        expect(page.locator(".corinth-progress-line").first).to_contain_text(
            "This lesson: 1 of 8", timeout=180_000
        )
        record_property("progress_after_server_back_seconds", time.monotonic() - back)
        again = page.locator(".corinth-exercise").filter(
            has_text="Who takes the last group of the round?"
        )
        expect(again.locator(".corinth-feedback")).to_contain_text(
            "Solved on an earlier visit", timeout=180_000
        )
