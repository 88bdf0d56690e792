"""Corintho's board in JupyterLab and headless Chromium: a move by clicks and one by keys reach Python,
axe-core finds nothing serious, and the board fits a 1280×720 projector.

Screenshots go to /tmp/corinth-boards/corintho-*.png (look at them after a change of the front end).
"""

from __future__ import annotations

import pytest

from .lab import wait_for_events, write_notebook
from .test_boards_a11y import PROJECTOR, serious_violations, shot

pytestmark = pytest.mark.browser

# Player 1 to play: a base (a1), a column on a base (b2), a capital (c2), a full column (d1, frozen
# until player 1 has played again), a base (a4, frozen for player 2).
MIDGAME = [
    "base a1",
    "base b2",
    "column b2",
    "capital c2",
    "base d1",
    "column d1",
    "capital d1",
    "base a4",
]
# Player 2 extends player 1's claimed line of columns to four and wins (W4).
WON = ["column a1", "base d4", "column b1", "base d3", "column c1", "column d1"]

SETUP = f"""\
# Every change of the Python side lands in .events.json, which the browser test reads.
import json
import pathlib
from types import SimpleNamespace

from corinth.corintho import new_game
from corinth.ui import CorinthoApp, CorinthoBoard, CorinthoPuzzleBoard


def play(moves):
    game = new_game(2)
    for m in moves:
        game = game.apply(m)
    return game


board = CorinthoBoard(new_game(2))
app = CorinthoApp(seats=("human", "greedy"), seed=1, game=play({MIDGAME!r}))
won = CorinthoBoard(play({WON!r}), interactive=False)
puzzle = CorinthoPuzzleBoard(
    SimpleNamespace(
        id="b1",
        kind="win in 1",
        question="Player 2 to play: win now.",
        game=play({WON[:-1]!r}),
        answers=frozenset({{"column d1"}}),
        hints=["Look at player 1's line.", "Three can become four.", "A column on d1."],
        explanation="A claimed line extended to four wins at once (W4).",
    ),
    depth=2,
)
EVENTS = pathlib.Path(".events.json")


def dump(*_):
    EVENTS.write_text(
        json.dumps(
            {{
                "moves": list(board.game.history),
                "message": board.message,
                "selected": board.selected,
                "app": list(app.game.history),
                "puzzle": puzzle.result.value,
            }}
        )
    )


board.observe(dump, ["message", "selected", "cells"])
app.board.observe(dump, ["message", "cells"])
puzzle.result.observe(dump, "value")
dump()
"""


def notebook(path) -> None:
    """The test notebook: the setup, then a board, the app, a won board and a puzzle, a cell each."""
    write_notebook(path, SETUP, "board", "app", "won", "puzzle")


def output(page, k: int):
    return page.locator(".jp-Notebook .jp-Cell").nth(k).locator(".jp-OutputArea-output").first


def start(opened, lab, viewport: dict | None = None):
    """The test notebook's page, its cells just run; returns the page and its first board."""
    name = "corintho.ipynb"
    if not (lab.root / name).exists():
        notebook(lab.root / name)
    page = opened(name, viewport=viewport)
    board = output(page, 1)
    board.locator(".corinth-stack-cell[data-cell='b2']").wait_for(timeout=60_000)
    wait_for_events(lab.root, lambda e: e["moves"] == [])
    return page, board


def test_a_move_by_clicks_reaches_python(lab, opened):
    page, board = start(opened, lab)
    board.locator(".corinth-hand-piece[data-player='0'][data-piece='column']").click()
    wait_for_events(lab.root, lambda e: e["selected"] == "column")
    page.wait_for_selector(".corinth-stack-cell.target[data-cell='b2']")
    board.locator(".corinth-stack-cell[data-cell='b2']").click()
    wait_for_events(lab.root, lambda e: e["moves"] == ["column b2"])
    cell = board.locator(".corinth-stack-cell[data-cell='b2']")
    page.wait_for_function(
        "() => document.querySelector(\".corinth-stack-cell[data-cell='b2']\")"
        ".getAttribute('aria-label').startsWith('b2: column, frozen')"
    )
    assert cell.locator(".corinth-piece-column").count() == 1
    # Player 2 moves the frozen column: refused by the engine (K4), nothing changes.
    cell.click()
    events = wait_for_events(lab.root, lambda e: "(K4)" in e["message"])
    assert events["moves"] == ["column b2"] and events["selected"] == ""
    # The page says why, its rule on hover (a small "rule" mark), not "(K4)" in the sentence.
    page.wait_for_function(
        "() => document.querySelector('.corinth-corintho .corinth-status .corinth-rule')"
        "?.getAttribute('title') === 'Rule K4'"
    )
    status = page.locator(".corinth-corintho .corinth-status").first.text_content()
    assert "(K4)" not in status and "nobody may move it" in status


def test_a_move_by_keys_only(lab, opened):
    page, board = start(opened, lab)
    hand = board.locator(".corinth-hand-piece[data-player='0'][data-piece='base']")
    hand.focus()
    page.keyboard.press("ArrowRight")  # the column
    page.keyboard.press("Enter")
    wait_for_events(lab.root, lambda e: e["selected"] == "column")
    # The focus goes to the board, on the first cell the column may go to (a4, top left).
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.dataset.cell === 'a4'"
    )
    for key in ("ArrowDown", "ArrowDown", "ArrowRight"):
        page.keyboard.press(key)
    assert page.evaluate("() => document.activeElement.dataset.cell") == "b2"
    page.keyboard.press("Space")
    wait_for_events(lab.root, lambda e: e["moves"] == ["column b2"])
    # Shift+Tab from the hands comes back to the board: one tab stop each, and focus is visible.
    hand.focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.cell") == "b2"
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"


def test_axe_and_a_projector(lab, opened):
    """axe-core finds nothing serious on the board, the app, a won board and a puzzle; at 1280×720
    the app's board and hands are on screen together, with cells of at least 80 px."""
    page, _ = start(opened, lab, viewport=PROJECTOR)
    app, won, puzzle = output(page, 2), output(page, 3), output(page, 4)
    app.locator(".corinth-stack-cell[data-cell='d1']").wait_for(timeout=60_000)
    puzzle.locator(".corinth-stack-cell[data-cell='d1']").wait_for(timeout=60_000)
    # A stack chosen in the app: the cells it may go to are marked.
    app.locator(".corinth-stack-cell[data-cell='c2']").click()
    page.wait_for_selector(".corinth-stack-cell.selected[data-cell='c2']")
    page.wait_for_selector(".corinth-stack-cell.target[data-cell='b2']")
    app.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot(page, "corintho-app-1280x720")
    grid = app.locator(".corinth-corintho-gridwrap").bounding_box()
    hands = app.locator(".corinth-corintho-hands").bounding_box()
    undo = app.get_by_role("button", name="Undo").bounding_box()
    cell = app.locator(".corinth-stack-cell[data-cell='a1']").bounding_box()
    assert cell["width"] >= 80 and cell["height"] >= 80, cell
    for name, box in {"board": grid, "hands": hands, "undo": undo}.items():
        assert box["x"] >= 0 and box["x"] + box["width"] <= PROJECTOR["width"], (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"], (name, box)
    assert hands["x"] >= grid["x"] + grid["width"]  # side by side

    app.locator(".corinth-legend summary").click()  # the legend opens (axe reads it too)
    # The learner's move, then the bot's answer.
    app.locator(".corinth-stack-cell[data-cell='c2']").click()  # chosen again: cleared
    app.locator(".corinth-hand-piece[data-player='0'][data-piece='capital']").click()
    page.wait_for_selector(".corinth-hand-piece.selected[data-piece='capital']")
    app.locator(".corinth-stack-cell[data-cell='b2']").click()
    wait_for_events(lab.root, lambda e: len(e["app"]) == len(MIDGAME) + 2)

    won.scroll_into_view_if_needed()
    page.wait_for_selector(".corinth-corintho-line.won polyline", state="attached")
    shot(won, "corintho-won")
    # A wrong answer to the puzzle, by clicks: the reason shows.
    puzzle.locator(".corinth-hand-piece[data-player='1'][data-piece='base']").click()
    puzzle.locator(".corinth-stack-cell[data-cell='d1']").click()
    wait_for_events(lab.root, lambda e: "Not this one" in e["puzzle"])
    puzzle.get_by_role("button", name="Hint").click()
    puzzle.get_by_text("Look at player 1's line.").wait_for()
    puzzle.scroll_into_view_if_needed()
    shot(puzzle, "corintho-puzzle")
    for k, node in enumerate((output(page, 1), app, won, puzzle)):
        node.evaluate(f"node => {{ node.id = 'corintho-{k}'; }}")
    found = []
    for k in range(4):
        found += serious_violations(page, f"#corintho-{k}")
    assert found == []
