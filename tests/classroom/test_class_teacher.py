"""What the teacher's page reads and does (corinth/classroom/teacher.py and store.py, issue 45): the
step in view and the time on it, wrong tries and hints there, students flagged "may need help"
and listed first; each exercise's figures and the hardest; each student's answers over time;
renaming, taking out and telling apart students of the same name; keeping the class to one lesson;
a live puzzle previewed with its moves picked, a timer the server enforces and a reveal anonymous
unless the teacher names; the record (CSV with a byte-order mark, a row per answer) and the report
after class. The same in Chromium: tests/browser/test_class_teacher.py."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
import tornado.testing
import tornado.web

from corinth.classroom.live import LiveError, from_saved_game, live_puzzle
from corinth.classroom.store import KEPT_EVENTS, MOST_CHOICES, Store, StoreError, UnknownStudent
from corinth.classroom.teacher import (
    Class,
    class_rows,
    default_choices,
    exercise_rows,
    handlers,
    history,
    lesson_list,
    offer,
    puzzle_chart,
    record_csv,
    record_name,
    report_html,
    state,
)


class Clock:
    def __init__(self, now: float = 1_790_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def a_class(tmp_path=None, clock=None) -> Class:
    store = Store(":memory:", clock=clock or Clock())
    return Class(store, code="GOLD-2742", secret="s" * 32, address="http://127.0.0.1:8866")


def check(item, answer, right, **more) -> dict:
    return {"kind": "check", "item": item, "answer": answer, "right": right, **more}


STEP1, STEP2 = "Step 1 of 3: Dice", "Step 2 of 3: Groups"
LESSON = "01 The harbor"


# --- who needs help ------------------------------------------------------------------------------


def test_the_step_in_view_its_time_wrong_tries_and_hints_are_the_students():
    clock = Clock()
    the_class = a_class(clock=clock)
    store = the_class.store
    ada = store.join("Ada")
    store.progress(ada.key, LESSON, STEP1, [], done=False)
    clock.now += 30
    store.progress(ada.key, LESSON, STEP1, events=[check("01-a", "12", False)])
    wrong = [check("01-b", str(n), False) for n in range(4)]
    store.progress(ada.key, LESSON, STEP2, events=[*wrong, {"kind": "hint", "item": "01-b"}])
    (row,) = store.students()
    # a new step in view: the time starts again there, its own tries and hints are counted
    assert (row.step, row.step_since, row.wrong_here, row.hints_here) == (STEP2, clock.now, 4, 1)
    clock.now += 10
    store.progress(ada.key, LESSON, STEP2, events=[check("01-b", "9", True)], done=True)
    row = store.students()[0]
    assert (row.step_since, row.wrong_here, row.step_done) == (clock.now - 10, 4, True)
    # an event names its own step where it is not the one in view (an exercise further up)
    store.progress(ada.key, LESSON, STEP2, events=[check("01-a", "3", False, step=STEP1)])
    assert store.students()[0].wrong_here == 4
    assert [e.step for e in store.events(ada.id)][-1] == STEP1


def test_a_report_that_is_not_a_check_or_hint_is_refused_whole():
    store = Store(":memory:")
    ada = store.join("Ada")
    for bad in (
        [{"kind": "shell", "item": "01-a"}],
        [{"kind": "check", "item": "../../etc"}],
        ["check"],
        [check("01-a", "1", False)] * 21,
        "check",
    ):
        with pytest.raises(StoreError):
            store.progress(ada.key, LESSON, STEP1, events=bad)
    assert store.events() == []
    # an answer is kept as plain, short text; an odd "ago" is now
    store.progress(
        ada.key, LESSON, STEP1, events=[check("01-a", "x\x1b" * 100, 1, ago=float("nan"))]
    )
    (event,) = store.events()
    assert len(event.answer) == 80 and "\x1b" not in event.answer and event.right is True


def test_a_students_oldest_events_go_first_beyond_the_bound():
    store = Store(":memory:")
    ada = store.join("Ada")
    for i in range(KEPT_EVENTS // 20 + 1):
        store.progress(ada.key, LESSON, STEP1, events=[check(f"01-{i}", "1", False)] * 20)
    events = store.events(ada.id)
    assert len(events) == KEPT_EVENTS and events[0].item == "01-1"


def test_students_who_may_need_help_are_flagged_and_listed_first():
    clock = Clock()
    the_class = a_class(clock=clock)
    store = the_class.store
    ada, ben, cleo, dan = (store.join(n) for n in ("Ada", "Ben", "Cleo", "Dan"))
    for s in (ada, ben, cleo, dan):
        store.progress(s.key, LESSON, STEP1, [])
    store.progress(ben.key, LESSON, STEP1, events=[check("01-a", "1", False)] * 4)  # 4 > 3
    store.progress(cleo.key, LESSON, STEP1, events=[check("01-a", "1", False)] * 3)  # 3: not yet
    store.progress(dan.key, LESSON, STEP1, done=True, events=[check("01-a", "1", False)] * 9)
    now = clock.now
    rows = class_rows(the_class, now=now)
    assert [(r["label"], r["help"]) for r in rows] == [
        ("Ben", True),
        ("Ada", False),
        ("Cleo", False),
        ("Dan", False),  # solved the step in the end: not flagged
    ]
    assert rows[0]["why"] == "4 wrong tries on this step"
    # five minutes on one step: Ada and Cleo (their pages still ask: here); Ben's page is closed
    later = now + 5 * 60 + 1
    for s in (ada, cleo):
        the_class.present[s.key] = later
    rows = class_rows(the_class, now=later)
    assert [r["label"] for r in rows if r["help"]] == ["Ada", "Cleo"]
    assert rows[0]["why"] == "5 min on this step"
    assert [r for r in rows if r["label"] == "Ben"][0]["active"] is False  # away: never flagged
    # the teacher's thresholds
    the_class.help_wrong, the_class.help_minutes = 2, 30
    assert [r["label"] for r in class_rows(the_class, now=later) if r["help"]] == ["Cleo"]


def test_each_exercises_tries_solvers_and_the_hardest():
    the_class = a_class()
    store = the_class.store
    ada, ben, cleo = (store.join(n) for n in ("Ada", "Ben", "Cleo"))
    store.progress(ada.key, LESSON, STEP1, events=[check("01-last-player", "P2", False)] * 3)
    store.progress(ada.key, LESSON, STEP1, events=[check("01-last-player", "P1", True)])
    store.progress(ben.key, LESSON, STEP1, events=[check("01-last-player", "P1", True)])
    store.progress(cleo.key, LESSON, STEP1, events=[{"kind": "hint", "item": "01-last-player"}])
    store.progress(cleo.key, LESSON, STEP1, events=[check("00-rounds-with-four", "3", True)])
    hard, easy = exercise_rows(the_class)
    assert (hard["item"], hard["tried"], hard["solved"], hard["tries"]) == (
        "01-last-player",
        2,
        2,
        2.5,  # Ada's 4th try, Ben's first
    )
    assert (hard["wrong"], hard["hints"], hard["hardest"]) == (3, 1, True)
    assert hard["words"].startswith("“In a 3-player game")
    assert (easy["tries"], easy["hardest"]) == (1, False)
    assert exercise_rows(the_class) is exercise_rows(the_class)  # worked out again after a write


def test_a_student_stuck_on_a_puzzle_board_of_any_game_is_counted_and_flagged():
    """Issue 45: the puzzle boards and trainers of the three games report their wrong tries and
    hints as an exercise does (``Progress.tell``, under the puzzle's mark): the teacher sees them
    on the student's row, in the flag, and in each puzzle's figures."""
    clock = Clock()
    the_class = a_class(clock=clock)
    store = the_class.store
    ada, ben = store.join("Ada"), store.join("Ben")
    step = "Step 1 of 3: Puzzles"
    for s in (ada, ben):
        store.progress(s.key, "11b_corintho_puzzles_and_game", step, [], done=False)
    wrong = [check("corintho-x4-01", "Player 2 places a base at d1", False)] * 2
    wrong += [
        check("courts-round-01", "sailor island", False),
        check("puzzle-t1-02", "gold", False),
    ]
    hints = [{"kind": "hint", "item": "corintho-x4-01"}, {"kind": "shown", "item": "puzzle-t1-02"}]
    store.progress(ada.key, "11b_corintho_puzzles_and_game", step, events=[*wrong, *hints])
    store.progress(ben.key, "11b_corintho_puzzles_and_game", step, events=[wrong[0]])
    right = check("corintho-x4-01", "Player 2 places a base at d4", True)
    store.progress(ben.key, "11b_corintho_puzzles_and_game", step, events=[right])
    rows = class_rows(the_class, now=clock.now)
    assert [(r["label"], r["wrong"], r["hints"], r["help"]) for r in rows] == [
        ("Ada", 4, 2, True),
        ("Ben", 1, 0, False),
    ]
    assert rows[0]["why"] == "4 wrong tries on this step"
    figures = {r["item"]: r for r in exercise_rows(the_class)}
    corintho = figures["corintho-x4-01"]
    assert (corintho["tried"], corintho["solved"], corintho["wrong"], corintho["hints"]) == (
        2,
        1,
        3,
        1,
    )
    assert corintho["tries"] == 2 and corintho["words"] == "the puzzle x4-01"
    assert figures["puzzle-t1-02"]["hints"] == 1 and figures["courts-round-01"]["wrong"] == 1


# --- each student's answers over time --------------------------------------------------------------


def test_a_students_answers_over_time_exercises_and_live_puzzles_in_order():
    clock = Clock()
    the_class = a_class(clock=clock)
    store = the_class.store
    ada = store.join("Ada")
    store.progress(ada.key, LESSON, STEP1, events=[check("00-rounds-with-four", "3", False)])
    clock.now += 5
    live = live_puzzle("corintho/x4-01")
    sent = store.send(live.ref, offer(live))
    store.answer(ada.key, sent.id, "column d1", {c["move"] for c in offer(live)["choices"]})
    clock.now += 5
    store.answer(ada.key, sent.id, "base d4", {"base d4"})
    clock.now += 5
    store.progress(ada.key, LESSON, STEP1, events=[{"kind": "hint", "item": "00-rounds-with-four"}])
    store.progress(ada.key, LESSON, STEP1, events=[check("00-rounds-with-four", "4", True)])
    rows = history(the_class, ada.id)["rows"]
    assert [(r["kind"], r["answer"], r["right"], r["tries"]) for r in rows] == [
        ("exercise", "3", False, 1),
        ("puzzle", "Put a column on the base on d1.", False, 1),
        ("puzzle", "Put a base on d4.", True, 2),
        ("hint", "", None, None),
        ("exercise", "4", True, 2),
    ]
    assert rows[1]["what"] == "Class puzzle 1 (extend to 4)" and rows[0]["time"] < rows[-1]["time"]
    with pytest.raises(StoreError):
        history(the_class, 999)


# --- managing students -------------------------------------------------------------------------------


def test_three_students_named_alex_are_told_apart_renamed_and_one_taken_out():
    the_class = a_class()
    store = the_class.store
    first, second, third = (store.join("Alex") for _ in range(3))
    assert [s.name for s in (first, second, third)] == ["Alex", "Alex (2)", "Alex (3)"]
    assert store.join("Alex (2)", key=second.key).name == "Alex (2)"  # joining again: the same
    assert store.rename_student(third.id, "Sam") == "Sam"
    assert store.rename_student(first.id, "Sam") == "Sam (2)"
    store.remove(second.id)
    assert [s.name for s in store.students()] == ["Sam (2)", "Sam"]
    with pytest.raises(UnknownStudent) as refused:
        store.progress(second.key, LESSON, STEP1)
    assert refused.value.removed and "took you out" in str(refused.value)
    assert store.removed(second.key) and not store.knows(second.key)
    assert store.join("Alex").name == "Alex"  # the name is free again
    for bad in (second.id, "1", True, None):
        with pytest.raises(StoreError):
            store.remove(bad)
    store.end_class()
    assert not store.removed(second.key)


def test_the_class_is_kept_to_one_lesson_and_its_thresholds_across_a_restart(tmp_path):
    the_class = Class.open(tmp_path)
    assert the_class.locked() is None and (the_class.help_wrong, the_class.help_minutes) == (3, 5)
    the_class.store.put("lock", "05_play_a_game.ipynb")
    the_class.store.put("help_minutes", "8")
    the_class.store.close()
    again = Class.open(tmp_path)
    assert again.locked() == {"file": "05_play_a_game.ipynb", "title": "05 Play a game"}
    assert again.help_minutes == 8
    assert "05_play_a_game.ipynb" in dict(lesson_list())


# --- the live puzzle ------------------------------------------------------------------------------


def a_saved_corinth_game() -> str:
    """An ordinary turn of Corinth, as a teacher's board saves it: 2,630 moves."""
    from corinth.ui import GameApp

    return GameApp(players=2, seed=3, bots="greedy").to_json()


def test_a_pasted_game_with_thousands_of_moves_offers_six_picked_by_the_solver():
    live = from_saved_game(a_saved_corinth_game())
    assert len(live.choices) > 1000
    picked = default_choices(live)
    ranked = {r["move"]: r for r in live.ranking}
    assert len(picked) == 6 and any(ranked[m]["best"] for m in picked)
    assert sum(not ranked[m]["best"] for m in picked) >= 3  # the tempting wrong ones
    assert len({ranked[m]["words"] for m in picked}) == 6
    data = offer(live)
    assert [c["move"] for c in data["choices"]] == picked and data["moves"] == len(live.choices)
    assert {r["move"] for r in data["ranking"]} == set(picked)
    # the teacher's own picks, checked
    mine = [live.choices[0]["move"], live.choices[1]["move"]]
    data = offer(live, mine)
    assert [c["move"] for c in data["choices"]] == mine
    assert data["ranking"][0]["best"] and data["ranking"][0].get("offered") is False
    for bad in ([mine[0]], ["shell"], [c["move"] for c in live.choices[: MOST_CHOICES + 1]], "x"):
        with pytest.raises(LiveError):
            offer(live, bad)
    small = live_puzzle("corinth/t1-06")
    assert default_choices(small) == [c["move"] for c in small.choices]  # a few: all of them


def test_the_timer_closes_answers_at_zero_on_the_server():
    clock = Clock()
    store = Store(":memory:", clock=clock)
    ada, ben = store.join("Ada"), store.join("Ben")
    sent = store.send("p", {"choices": []}, seconds=30)
    assert sent.closes == clock.now + 30
    clock.now += 29.9
    store.answer(ada.key, sent.id, "gold", {"gold"})
    clock.now += 0.2
    with pytest.raises(StoreError, match="time is up"):
        store.answer(ben.key, sent.id, "gold", {"gold"})
    assert store.answers(sent.id) == {ada.id: "gold"}


def test_the_reveal_names_who_answered_what_only_if_the_teacher_chooses():
    clock = Clock()
    the_class = a_class(clock=clock)
    store = the_class.store
    ada, ben, anon = store.join("Ada"), store.join("Ben"), store.join("")
    live = live_puzzle("corintho/x4-01")
    sent = store.send(live.ref, offer(live))
    for s, move in ((ada, "base d4"), (ben, "column d1"), (anon, "base d4")):
        store.answer(s.key, sent.id, move, {"base d4", "column d1"})
    store.reveal(sent.id)
    chart = state(the_class, "/")["live"]
    assert chart["found"] == 2 and chart["found_names"] == [] and not chart["named"]
    assert "names" not in json.dumps(chart["ranking"])
    assert "Ada" not in json.dumps(chart) and "Ben" not in json.dumps(chart)
    store.reveal(sent.id, named=True)
    chart = puzzle_chart(
        store.live(), store.answers(sent.id), {ada.id: "Ada", ben.id: "Ben", anon.id: ""}
    )
    assert (chart["found_names"], chart["found_unnamed"]) == (["Ada"], 1)
    by_move = {r["move"]: (r["names"], r["unnamed"]) for r in chart["ranking"]}
    assert by_move["base d4"] == (["Ada"], 1) and by_move["column d1"] == (["Ben"], 0)


def test_back_to_the_lessons_keeps_the_puzzles_for_the_record():
    store = Store(":memory:")
    ada = store.join("Ada")
    first = store.send("p1", {})
    store.answer(ada.key, first.id, "gold", {"gold"})
    second = store.send("p2", {})  # the first is closed, kept
    store.stop()
    assert store.live() is None
    assert [(p.id, p.closed) for p in store.puzzles()] == [(first.id, True), (second.id, True)]
    assert store.answers(first.id) == {ada.id: "gold"}
    with pytest.raises(StoreError, match="no longer the one"):
        store.answer(ada.key, second.id, "gold", {"gold"})


def test_an_old_class_file_gains_the_new_columns(tmp_path):
    import sqlite3

    path = tmp_path / "class.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE students (id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, name TEXT NOT "
        "NULL DEFAULT '', owner TEXT UNIQUE, joined REAL NOT NULL, seen REAL NOT NULL, lesson TEXT "
        "NOT NULL DEFAULT '', step TEXT NOT NULL DEFAULT '', finished TEXT NOT NULL DEFAULT '[]');"
        "CREATE TABLE puzzles (id INTEGER PRIMARY KEY, ref TEXT NOT NULL, data TEXT NOT NULL, "
        "sent REAL NOT NULL, revealed INTEGER NOT NULL DEFAULT 0);"
        "INSERT INTO students (key, name, joined, seen) VALUES ('k-0123456789', 'Ada', 1, 1);"
        "INSERT INTO puzzles (ref, data, sent) VALUES ('p', '{}', 1);"
    )
    old.commit()
    old.close()
    store = Store(path)
    assert store.students()[0].name == "Ada" and store.live().id == 1
    store.progress("k-0123456789", LESSON, STEP1, events=[check("01-a", "1", False)])
    assert store.students()[0].wrong_here == 1


# --- the record and the report -------------------------------------------------------------------------


def test_the_record_has_a_byte_order_mark_a_row_per_student_and_per_answer():
    clock = Clock()
    the_class = a_class(clock=clock)
    store = the_class.store
    zoe, anon = store.join("Zoë — 2"), store.join("")
    store.progress(zoe.key, LESSON, STEP1, ["00 Start here"], events=[check("01-a", "=1+1", False)])
    store.progress(
        zoe.key, LESSON, STEP1, events=[check("01-a", "2", True), {"kind": "hint", "item": "01-a"}]
    )
    live = live_puzzle("corintho/x4-01")
    sent = store.send(live.ref, offer(live))
    store.answer(anon.key, sent.id, "base d4", {"base d4"})
    text = record_csv(the_class)
    assert text.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text[1:])))
    students = [r for r in rows if r["row"] == "student"]
    answers = [r for r in rows if r["row"] == "answer"]
    assert [(r["student"], r["lessons finished"], r["tries"], r["hints"]) for r in students] == [
        ("Zoë — 2", "00 Start here", "2", "1"),
        ("Student 2 (no name)", "", "0", "0"),
    ]
    assert [(r["student"], r["answer"], r["right"], r["tries"]) for r in answers] == [
        ("Zoë — 2", "'=1+1", "no", "1"),  # a formula is kept as text
        ("Zoë — 2", "2", "yes", "2"),
        ("Student 2 (no name)", "Put a base on d4.", "yes", "1"),
    ]
    assert answers[-1]["exercise or puzzle"] == "Class puzzle 1 (extend to 4)"
    assert {r["date"] for r in rows} == {"2026-09-21"} and answers[0]["time"]
    assert record_name(the_class) == "class-2026-09-21.csv"
    assert text.encode("utf-8")[:3] == b"\xef\xbb\xbf"


def test_the_report_says_who_finished_what_the_hardest_and_each_puzzle():
    the_class = a_class()
    store = the_class.store
    ada = store.join("<b>Ada</b>")
    store.progress(
        ada.key, LESSON, STEP1, ["00 Start here"], events=[check("01-last-player", "P2", False)]
    )
    live = live_puzzle("corintho/x4-01")
    sent = store.send(live.ref, offer(live))
    store.answer(ada.key, sent.id, "base d4", {"base d4"})
    page = report_html(the_class, "/")
    assert "&lt;b&gt;Ada&lt;/b&gt;" in page and "<b>Ada</b>" not in page
    for words in (
        "Who finished what",
        "00 Start here",
        "The exercises the class found hardest",
        "hardest",
        "Puzzle 1: extend to 4",
        "The solver’s answer: Put a base on d4. (wins in 1 move)",
        "Put a base on d4. — 1 student",
        "Save as PDF",
    ):
        assert words in page, words
    assert page.count("<svg") == 1


# --- the teacher's calls over HTTP ----------------------------------------------------------------


class TeacherCalls(tornado.testing.AsyncHTTPTestCase):
    """The teacher's API and the join page on a tornado server of their own."""

    def get_app(self):
        self.the_class = a_class()
        return tornado.web.Application(handlers("/", self.the_class), base_url="/")

    def call(self, action, body=None, method="POST"):
        response = self.fetch(
            f"/teacher/api/{action}",
            method=method,
            body=None if method == "GET" else json.dumps(body or {}),
            headers={"X-Teacher": self.the_class.secret},
        )
        return response.code, json.loads(response.body) if response.body[:1] == b"{" else response

    def test_previewed_sent_with_picked_moves_and_a_timer(self):
        code, data = self.call("preview", {"saved": a_saved_corinth_game()})
        assert code == 200 and data["count"] > 1000 and len(data["picked"]) == 6
        assert len(data["moves"]) == data["count"] and data["most"] == MOST_CHOICES
        picked = data["picked"][:3]
        code, sent = self.call(
            "send", {"preview": data["preview"], "choices": picked, "seconds": 60}
        )
        assert code == 200
        live = self.the_class.store.live()
        assert [c["move"] for c in live.data["choices"]] == picked
        assert live.closes - live.sent == 60
        code, refused = self.call("send", {"preview": data["preview"], "seconds": 45})
        assert code == 400 and "timer" in refused["error"]
        code, refused = self.call("send", {"preview": data["preview"], "choices": ["shell"]})
        assert code == 400 and "not a move of this position" in refused["error"]
        code, state_ = self.call("state", method="GET")
        assert state_["live"]["seconds"] == 60 and state_["live"]["offered"] == 3

    def test_rename_remove_lock_and_thresholds(self):
        store = self.the_class.store
        ada, _ = store.join("Ada"), store.join("Ada")
        code, data = self.call("rename", {"student": ada.id, "name": "Ada L."})
        assert (code, data["name"]) == (200, "Ada L.")
        code, data = self.call("remove", {"student": ada.id})
        assert code == 200 and [s.name for s in store.students()] == ["Ada (2)"]
        code, data = self.call("remove", {"student": ada.id})
        assert code == 400 and data["error"] == "This student is no longer in the class."
        code, data = self.call("lock", {"lesson": "05_play_a_game.ipynb"})
        assert data["lock"]["title"] == "05 Play a game" and self.the_class.lock
        code, data = self.call("lock", {"lesson": "../secret.ipynb"})
        assert code == 400
        code, data = self.call("lock", {"lesson": ""})
        assert data["lock"] is None
        code, data = self.call("help", {"wrong": 5, "minutes": 10})
        assert data["help"] == {"wrong": 5, "minutes": 10} and store.value("help_wrong") == "5"
        code, data = self.call(f"student?id={store.students()[0].id}", method="GET")
        assert data["label"] == "Ada (2)" and data["rows"] == []

    def test_the_record_is_a_dated_download_and_the_report_a_page(self):
        self.the_class.store.join("Zoë")
        code, response = self.call("class.csv", method="GET")
        assert response.body.startswith(b"\xef\xbb\xbf")
        assert 'filename="class-' in response.headers["Content-Disposition"]
        page = self.fetch(f"/teacher/{self.the_class.secret}/report")
        assert page.code == 200 and b"Who finished what" in page.body
        assert self.fetch(f"/teacher/{'x' * 32}/report").code == 404

    def test_the_handouts_are_the_teachers_read_only_and_say_how_to_make_them(self):
        from corinth.classroom import teacher

        secret = self.the_class.secret
        assert self.fetch(f"/teacher/{'x' * 32}/handouts/").code == 404
        moved = self.fetch(f"/teacher/{secret}/handouts", follow_redirects=False)
        assert moved.code == 302 and moved.headers["Location"].endswith("/handouts/")
        real = teacher.HANDOUTS
        try:
            teacher.HANDOUTS = self.made / "not-made-yet"
            missing = self.fetch(f"/teacher/{secret}/handouts/")
            assert missing.code == 404 and b"make handouts" in missing.body
            teacher.HANDOUTS = self.made
            index = self.fetch(f"/teacher/{secret}/handouts/")
            assert index.code == 200 and b"05_play_a_game.pdf" in index.body
            pdf = self.fetch(f"/teacher/{secret}/handouts/05_play_a_game.pdf")
            assert pdf.code == 200 and pdf.headers["Content-Type"] == "application/pdf"
            assert self.fetch(f"/teacher/{secret}/handouts/../class.sqlite3").code == 404
        finally:
            teacher.HANDOUTS = real

    def setUp(self):
        super().setUp()
        import tempfile

        self.made = Path(tempfile.mkdtemp(prefix="handouts-"))
        (self.made / "index.html").write_text("<a href='05_play_a_game.pdf'>05</a>")
        (self.made / "05_play_a_game.pdf").write_bytes(b"%PDF-1.4 a handout")

    def test_a_refused_class_code_is_left_in_the_box(self):
        page = self.fetch("/join/gold%202743")
        assert page.code == 404 and b'value="gold 2743"' in page.body
        page = self.fetch("/join/%22%3E%3Cscript%3E")
        assert b"<script>" not in page.body.split(b"</main>")[0]
        assert b"&quot;&gt;&lt;script&gt;" in page.body
        ok = self.fetch("/join/gold%202742", follow_redirects=False)
        assert ok.code == 302
        ok = self.fetch("/join/GOLD2742", follow_redirects=False)
        assert ok.code == 302 and ok.headers["Location"] == "/class"
        shown = self.fetch("/join/GOLD2742?projector=1&token=x", follow_redirects=False)
        assert shown.headers["Location"] == "/class?projector=1"  # and no token, ever


# --- the command: the three lines a teacher needs, printed last --------------------------------------


def test_the_three_lines_are_printed_again_once_the_server_listens(capsys):
    import argparse
    import socket

    from corinth.classroom.__main__ import announce_when_ready

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    try:
        args = argparse.Namespace(ip="0.0.0.0", port=server.getsockname()[1])
        announce_when_ready("Students open …\nYour teacher's page …", args, timeout=2).join(10)
    finally:
        server.close()
    assert (
        capsys.readouterr().out
        == "\nThe classroom is ready.\nStudents open …\nYour teacher's page …\n"
    )
