"""The class as a whole (corinth/classroom/store.py, live.py): the SQLite store a teacher's page
reads and students' pages write, and the puzzles put in front of a class. The pages and the server
are tested in Chromium (tests/browser/test_class_live.py)."""

from __future__ import annotations

import json
import re

import pytest

from corinth.classroom.live import LiveError, catalogue, from_saved_game, live_puzzle
from corinth.classroom.store import (
    MAX_STUDENTS,
    Store,
    StoreError,
    TooMuch,
    UnknownStudent,
)
from corinth.corintho import live as corintho_live
from corinth.corintho import new_game, to_json
from corinth.rules import new_game as corinth_new_game
from corinth.shared import registry
from corinth.shared.protocol import LivePosition, LivePuzzles


class Clock:
    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_class_survives_a_restart_with_every_name_mark_and_answer(tmp_path):
    path = tmp_path / "class.sqlite3"
    store = Store(path)
    ada, ben = store.join("Ada"), store.join("")
    store.progress(ada.key, "03 The steward", "Step 2 of 5", ["00 Start here"])
    sent = store.send("corintho/x4-01", {"choices": [{"move": "base d4"}]})
    store.answer(ada.key, sent.id, "base d4", {"base d4"})
    store.answer(ben.key, sent.id, "base d4", {"base d4"})
    store.close()
    again = Store(path)  # the server restarted
    assert [(s.name, s.lesson, s.step, s.finished) for s in again.students()] == [
        ("Ada", "03 The steward", "Step 2 of 5", ("00 Start here",)),
        ("", "", "", ()),
    ]
    assert again.live().id == sent.id and len(again.answers(sent.id)) == 2
    assert again.setting("code", lambda: "NEW") == again.setting("code", lambda: "OTHER")


def test_a_page_writes_only_its_own_students_rows():
    store = Store(":memory:")
    ada, ben = store.join("Ada"), store.join("Ben")
    sent = store.send("p", {})
    store.answer(ada.key, sent.id, "gold", {"gold", "goats"})
    store.answer(ben.key, sent.id, "goats", {"gold", "goats"})
    assert store.answers(sent.id) == {ada.id: "gold", ben.id: "goats"}
    assert store.my_answer(ada.key, sent.id) == "gold"
    for forged in ("", "x" * 20, ada.key[:-1] + "?", None, 7):
        with pytest.raises(UnknownStudent):
            store.answer(forged, sent.id, "goats", {"gold", "goats"})
    assert store.answers(sent.id) == {ada.id: "gold", ben.id: "goats"}


def test_an_answer_must_be_one_of_the_puzzles_moves_and_the_live_one():
    store = Store(":memory:")
    ada = store.join("Ada")
    first = store.send("p1", {})
    second = store.send("p2", {})
    with pytest.raises(StoreError, match="no longer the one"):
        store.answer(ada.key, first.id, "gold", {"gold"})
    with pytest.raises(StoreError, match="not one of this puzzle's moves"):
        store.answer(ada.key, second.id, "import os", {"gold"})
    with pytest.raises(StoreError, match="no longer the one"):
        store.answer(ada.key, True, "gold", {"gold"})  # a boolean is not a puzzle's number
    store.reveal(second.id)
    with pytest.raises(StoreError, match="answers are closed"):
        store.answer(ada.key, second.id, "gold", {"gold"})


def test_names_are_plain_short_text():
    store = Store(":memory:")
    assert store.join("  Zoë   Li ").name == "Zoë Li"
    for bad in ("a\x1b[31mred", "x" * 41, 42, ["Ada"], "right\u202eto left"):
        with pytest.raises(StoreError):
            store.join(bad)
    assert len(store.students()) == 1  # nothing half-written


def test_the_class_is_bounded():
    store = Store(":memory:", clock=Clock())
    store._db.executemany(
        "INSERT INTO students (key, name, joined, seen) VALUES (?, '', 0, 0)",
        [(f"key-{i:08d}",) for i in range(MAX_STUDENTS)],
    )
    with pytest.raises(TooMuch, match="students already"):
        store.join("One more")


def test_ending_the_class_forgets_students_marks_and_answers():
    store = Store(":memory:")
    ada = store.join("Ada")
    sent = store.send("p", {})
    store.answer(ada.key, sent.id, "gold", {"gold"})
    code = store.setting("code", lambda: "GOATS-12")
    store.end_class()
    assert store.students() == [] and store.live() is None and store.answers(sent.id) == {}
    assert store.setting("code", lambda: "OTHER") == code  # the code and secret stay
    with pytest.raises(UnknownStudent):
        store.progress(ada.key, "01", "", [])


# --- puzzles for the whole class ------------------------------------------------------------------


def test_every_game_has_its_stored_puzzles_in_the_teachers_list():
    refs = [ref for ref, _, _ in catalogue()]
    assert len(refs) == len(set(refs))
    assert {ref.split("/")[0] for ref in refs} == {"corinth", "corintho", "four-courts"}


@pytest.mark.parametrize(
    "ref",
    [
        "corintho/x4-01",
        "corintho/w1-01",
        "corintho/st-01",
        "corinth/t1-01",
        "corinth/t3-01",
        "four-courts/round-01",
    ],
)
def test_a_live_puzzle_offers_every_move_and_ranks_them_with_the_answer_first(ref):
    live = live_puzzle(ref)
    moves = {c["move"] for c in live.choices}
    assert moves == {r["move"] for r in live.ranking} and len(moves) >= 2
    assert live.ranking[0]["best"] and all(r["words"] and r["verdict"] for r in live.ranking)
    assert "ranking" not in live.for_students() and "explanation" not in live.for_students()
    json.dumps(live.to_dict())  # what the store keeps


def test_the_live_puzzle_answer_is_the_stored_puzzles():
    from corinth.corintho.puzzles import load_puzzles

    stored = {p.id: p for p in load_puzzles()}["x4-01"]
    live = live_puzzle("corintho/x4-01")
    assert {r["move"] for r in live.ranking if r["best"]} == set(stored.answers)


def test_a_teachers_saved_game_becomes_a_puzzle_and_a_bad_one_is_refused():
    game = new_game(2).apply("column a1").apply("base d4").apply("column b1").apply("base d3")
    live = from_saved_game(to_json(game))
    assert live.game == "Corintho" and "Player 1 to play" in live.question
    state = corinth_new_game(players=2, seed=3)
    while state.legal_moves() and state.legal_moves()[0].kind == "roll":
        state = state.apply(state.legal_moves()[0])
    corinth = from_saved_game(state.to_json())
    assert corinth.game == "Corinth" and corinth.ranking[0]["best"]
    for bad, why in (
        ("", "paste a saved game"),
        ("{", "not JSON"),
        (
            '{"format": "corintho-game", "version": 1, "players": 2, "moves": ["a9"]}',
            "cannot be loaded",
        ),
        ("[1, 2]", "cannot be loaded"),
    ):
        with pytest.raises(LiveError, match=why):
            from_saved_game(bad)
    with pytest.raises(LiveError, match="no stored puzzle"):
        live_puzzle("corintho/zz-99")


def test_every_game_gives_its_live_puzzles_and_their_picture_through_the_registry():
    assert set(registry.live_names()) <= set(registry.names())
    for name in registry.live_names():
        live = registry.live(name)
        assert isinstance(live, LivePuzzles)
        puzzle_id, _ = live.catalogue()[0]
        position = live.puzzle(puzzle_id)
        assert isinstance(position, LivePosition) and position.choices and position.ranking
        assert registry.live_picture(name)(position.position).startswith(("<svg", "<table"))
        assert live.puzzle("zz-99") is None


def test_the_corintho_picture_names_every_stack_for_a_screen_reader():
    svg = corintho_live.picture(new_game(2).apply("base b2").apply("column b2"))
    assert 'aria-label="Corintho board: b2 column on base"' in svg and svg.count("<rect") == 18


def test_the_command_prints_the_short_address_the_code_and_the_teachers_page(tmp_path, capsys):
    from traitlets.config import Config

    from corinth.classroom.__main__ import announce, parse

    args = parse(["--ip=0.0.0.0", "--token=blue-harbor-42", f"--class-dir={tmp_path}"])
    settings = Config()
    announce(args, settings)
    first = capsys.readouterr().out
    join = re.search(
        r"Students open (http://\S+)/join and type the class code ([A-Z]+-\d{4})", first
    )
    assert join and f"{join.group(1)}/join/{join.group(2)}" in first
    assert re.search(r"teacher's page \(keep it to yourself\): http://\S+/teacher/\S{20,}", first)
    assert settings.Voila.cookie_secret  # kept with the class: pages stay logged in after a restart
    announce(args, Config())  # the same class after a restart: the same code and teacher's page
    assert capsys.readouterr().out == first
