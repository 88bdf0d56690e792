"""Every board's page messages go through one check (``_base.read_message``) with exact types:
whatever a page sends (well-formed ipywidgets messages of every JSON type, with binary buffers),
nothing escapes the handler, and a bad message is refused like a bad click."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corinth.corintho import new_game as corintho_game
from corinth.corintho.puzzles import load_puzzles as corintho_puzzles
from corinth.rules import new_game
from corinth.ui import (
    CorinthoApp,
    CorinthoBoard,
    CorinthoPuzzleBoard,
    GameApp,
    HarborWidget,
    PuzzleWidget,
    SheetWidget,
)
from corinth.ui._base import Board
from corinth.ui.progress import Progress


def take_state():
    return new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")


def game_app(part: str) -> Callable:
    def make():
        app = GameApp(players=2, seed=3, bots="greedy")
        return getattr(app, part), lambda: app.state

    return make


def puzzle(part: str) -> Callable:
    def make():
        widget = PuzzleWidget(take_state())
        return getattr(widget, part), lambda: widget.position

    return make


def corintho_app():
    app = CorinthoApp(seats=("human", "random"), seed=2)
    return app.board, lambda: app.board.game


def corintho_puzzle():
    widget = CorinthoPuzzleBoard(corintho_puzzles()[0], depth=1)
    return widget.board, lambda: widget.board.game


def courts_app():
    from corinth.ui.courts import CourtsApp

    app = CourtsApp(seed=2)
    return app.board, lambda: app.board.table.position


def alone(cls, make_state):
    def make():
        board = cls(make_state())
        return board, lambda: board.state

    return make


def progress():
    widget = Progress(lesson="09", items=["09-a", "09-b"])
    return widget, lambda: tuple(widget.solved)


# Each board: (the widget, what its game holds now); alone, in the game app, in a puzzle.
BOARDS = {
    "sheet": alone(SheetWidget, take_state),
    "harbor": alone(HarborWidget, take_state),
    "sheet in the game app": game_app("sheet"),
    "harbor in the game app": game_app("harbor"),
    "sheet in a puzzle": puzzle("sheet"),
    "harbor in a puzzle": puzzle("harbor"),
    "Corintho board": alone(CorinthoBoard, lambda: corintho_game(2)),
    "Corintho board in its app": corintho_app,
    "Corintho board in a puzzle": corintho_puzzle,
    "Four Courts board in its app": courts_app,
    "progress": progress,
}
EVENTS = ["cell", "select", "hand", "clear", "reset", "restore", "focus", "card", "court", "token"]
FIELDS = ["index", "district", "piece", "player", "solved", "word", "court", "colour"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40)
    | st.sampled_from(["blue", "goats", "base", "column", "capital", "09-a", "", "\u202e"])
    | st.sampled_from(["mill", "ace-moons", "Wyrms", "moons"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
messages = json_values | st.fixed_dictionaries(
    {"event": st.sampled_from(EVENTS) | json_values},
    optional={name: json_values for name in FIELDS},
)
buffers = st.lists(st.binary(max_size=16).map(memoryview), max_size=3)


def custom(content, buffers) -> dict:
    """What ipywidgets hands a widget for a custom message of the page."""
    return {"content": {"data": {"method": "custom", "content": content}}, "buffers": buffers}


def update(state: dict, buffers) -> dict:
    return {"content": {"data": {"method": "update", "state": state}}, "buffers": buffers}


@functools.cache
def one_board(name: str):
    return BOARDS[name]()[0]


@pytest.mark.parametrize("name", BOARDS)
@settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(content=messages, data=buffers)
def test_no_page_message_escapes_any_board(name, content, data):
    widget = one_board(name)  # one per board: the messages that pass play on, as clicks would
    widget._handle_msg(custom(content, data))
    if isinstance(widget, Board):
        names = ["selected", "path", "player", "group", "interactive", "message"]
        widget._handle_msg(update({n: content for n in names if n in widget.keys}, data))


@pytest.mark.parametrize("name", [n for n in BOARDS if n != "progress"])
@pytest.mark.parametrize(
    "content",
    [
        {"event": "cell", "index": True},
        {"event": "cell", "index": False},
        {"event": "cell", "index": 1.0},
        {"event": "cell", "index": "3"},
        {"event": "cell", "index": 2**80},
        {"event": "cell"},
        {"event": "select", "district": ["blue"]},
        {"event": "hand", "piece": "base", "player": True},
        {"event": "hand", "piece": 3},
        {"event": 1},
        ["cell", 3],
        "cell",
        None,
        5,
        [],
        {"event": "card", "word": 5},
        {"event": "court", "court": True},
        {"event": "token", "court": 1, "colour": ["Wyrms"]},
    ],
    ids=repr,
)
def test_a_bad_message_is_refused_like_a_bad_click(name, content):
    widget, game = BOARDS[name]()
    before = game()
    widget._handle_msg(custom(content, [memoryview(b"\x00\x01")]))
    assert game() == before
    assert widget.message.startswith(("the page's", "a click")), widget.message


def test_a_boolean_is_not_a_cell_number():
    sheet = SheetWidget(take_state(), player=0, group="blue")
    sheet.handle({"event": "cell", "index": True})
    assert sheet.path == [] and "needs index" in sheet.message
    sheet.click(True)
    assert sheet.path == [] and "cell by its number" in sheet.message
    sheet.handle({"event": "cell", "index": 7})  # a real click still draws
    assert sheet.path == [7] and sheet.message == ""


def test_progress_reads_only_its_two_messages():
    widget = Progress(lesson="09", items=["09-a", "09-b"])
    widget._handle_msg(custom({"event": "restore", "solved": ["09-a", True]}, []))
    assert widget.solved == []  # a list with a non-name in it is left unread
    widget._handle_msg(custom({"event": "restore", "solved": ["09-a", "zz"]}, []))
    assert widget.solved == ["09-a"]
    widget._handle_msg(custom({"event": "reset", "solved": 3}, []))
    assert widget.solved == []
