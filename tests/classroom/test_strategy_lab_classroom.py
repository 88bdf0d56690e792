"""Lesson 07 (the strategy lab) as a classroom app, where a whole class shares the server.

Voilà sets ``VOILA_BASE_URL`` in every kernel it starts. There the lesson draws its plots from the
saved run at once and plays a few seconds' worth of its games again on one process, in a thread that
waits for the page to show the progress bar; without it (JupyterLab, nbval) the first 1,000 are
played on every processor (all 3,000 when asked). The games are seeded: a game played again ends exactly as saved.
"""

from __future__ import annotations

import copy
import doctest
import multiprocessing
import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))
import strategy_lab  # noqa: E402
from strategy_lab import BackgroundCheck, live_count, load_results, play_and_check  # noqa: E402

SAME = "each one ended exactly as in the saved run."


@pytest.fixture(scope="module")
def saved() -> list[dict]:
    return load_results()


@pytest.fixture
def played(monkeypatch) -> list[tuple[int, int, threading.Thread]]:
    """Every game played, with the process and the thread that played it; no pool may be started."""
    calls = []
    play_one = strategy_lab.play_one

    def recording(k: int) -> dict:
        calls.append((k, os.getpid(), threading.current_thread()))
        return play_one(k)

    def no_pool(*args, **kwargs):
        raise AssertionError("the classroom app plays on one process: no pool")

    monkeypatch.setattr(strategy_lab, "play_one", recording)
    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    monkeypatch.setattr(multiprocessing, "Pool", no_pool)
    return calls


def test_the_app_is_told_by_voilas_base_url(monkeypatch):
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    assert strategy_lab.in_classroom_app()
    monkeypatch.delenv("VOILA_BASE_URL")
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # set by Voilà too, but never alone
    assert not strategy_lab.in_classroom_app()


def test_without_voila_the_first_thousand_games_are_played_on_every_processor(
    monkeypatch, saved, capsys
):
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    asked = []

    def play_many(games, jobs=1, progress=None):
        asked.append((games, jobs))
        return copy.deepcopy([saved[k] for k in games])

    monkeypatch.setattr(strategy_lab, "play_many", play_many)
    assert play_and_check(saved) is None
    assert asked == [(range(1000), os.cpu_count() or 1)]
    assert capsys.readouterr().out == (
        f"1,000 of the 3,000 games were played again live on this computer: {SAME}\n"
    )
    assert play_and_check(saved, None) is None  # all of them, when asked
    assert asked[1] == (range(3000), os.cpu_count() or 1)
    assert capsys.readouterr().out == (
        f"All 3,000 games were played again live on this computer: {SAME}\n"
    )


def test_in_the_app_the_games_wait_for_the_page_then_play_in_the_background(
    monkeypatch, saved, played
):
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.setattr(strategy_lab, "play_many", None)  # the full run is not chosen
    start = time.monotonic()
    check = play_and_check(saved)
    assert isinstance(check, BackgroundCheck)
    # The cells that follow run at once: it returned with nothing played (a bound far above a busy
    # machine's delay, far below a wait for the page), and nothing is played before the page shows
    # the bar.
    assert time.monotonic() - start < 30
    assert not check.join(0.3) and played == []

    check.bar._view_count = 1  # what the page does when it shows the bar
    assert check.join(60)
    count = len(check.live)
    assert strategy_lab.PROBE <= count <= strategy_lab.LIVE_CAP
    assert [k for k, *_ in played] == list(range(count))
    assert {pid for _, pid, _ in played} == {os.getpid()}
    threads = {thread for *_, thread in played}
    assert len(threads) == 1 and threading.main_thread() not in threads
    assert (
        check.summary
        == f"{count} of the 3,000 games were played again live on this computer: {SAME}"
    )
    assert check.label.value == check.summary
    assert (check.bar.value, check.bar.max, check.bar.bar_style) == (count, count, "success")
    print(f"the app played {count} games again live")


def test_the_games_played_never_exceed_the_cap(saved, played):
    check = BackgroundCheck(saved, seconds=3600, cap=25, probe=5).start()
    check.shown()
    assert check.join(60)
    assert len(played) == len(check.live) == 25
    assert check.summary == f"25 of the 3,000 games were played again live on this computer: {SAME}"


def test_the_first_games_are_timed_to_choose_how_many_fit(saved, played):
    check = BackgroundCheck(saved, seconds=0, cap=25, probe=5).start()
    check.shown()
    assert check.join(60)
    assert len(check.live) == 5  # no time left after the timed games
    assert live_count(0.01, seconds=3, cap=500, least=10) == 300
    assert live_count(2.0, seconds=3, cap=500, least=10) == 10
    assert live_count(1e-6, seconds=3, cap=500, least=10) == 500


def test_a_saved_game_that_differs_is_reported(saved):
    tampered = copy.deepcopy(saved)
    tampered[3]["scores"][0][-1] += 1
    tampered[7]["winners"] = [0, 1, 2]
    check = BackgroundCheck(tampered, seconds=3600, cap=12, probe=5).start()
    check.shown()
    assert check.join(60)
    assert check.summary == (
        "12 of the 3,000 games were played again live on this computer, and 2 of them ended"
        " differently from the saved run (games 4 and 8). The game engine or the strategies"
        " have changed since that run was saved; the plots show the saved run."
    )
    assert check.bar.bar_style == "danger"


def test_an_error_while_playing_is_shown_on_the_page(monkeypatch, saved):
    def broken(k):
        raise ValueError("no dice")

    monkeypatch.setattr(strategy_lab, "play_one", broken)
    check = BackgroundCheck(saved, cap=5).start()
    check.shown()
    assert check.join(60)
    assert check.label.value == "The games could not be played again on this computer: no dice"
    assert check.bar.bar_style == "danger"


def test_strategy_lab_doctests(monkeypatch):
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    assert doctest.testmod(strategy_lab).failed == 0


@pytest.mark.long  # a lesson run as an app, as the classroom's browser tests (make check)
def test_the_notebook_as_an_app(record_property):
    """Run lesson 07 in a kernel started as Voilà starts them: no error, the first plot at once;
    then a view of the bar plays the games, once no cell has run for a moment."""
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOKS / "07_strategy_lab.ipynb", as_version=4)
    client = NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    env = {**os.environ, "VOILA_BASE_URL": "/", "VOILA_PREHEAT": "False"}

    def run(source: str) -> str:
        cell = nbformat.v4.new_code_cell(source)
        nb.cells.append(cell)
        client.execute_cell(cell, len(nb.cells) - 1)
        return "".join(o.get("text", "") for o in cell.outputs)

    start = time.monotonic()
    reached = drawn = None
    with client.setup_kernel(env=env):
        for index, cell in enumerate(list(nb.cells)):
            if cell.cell_type != "code":
                continue
            began = time.monotonic() - start
            client.execute_cell(cell, index)  # raises on an error
            assert all(o["output_type"] != "error" for o in cell.outputs)
            if drawn is None and any("image/png" in o.get("data", {}) for o in cell.outputs):
                reached, drawn = began, time.monotonic() - start
            if "check = play_and_check(" in cell.source:
                # The bar, and no full run: no printed check yet.
                kinds = [o["output_type"] for o in cell.outputs]
                assert kinds == ["display_data"], kinds
                assert "application/vnd.jupyter.widget-view+json" in cell.outputs[0]["data"]
        executed = time.monotonic() - start

        # No page in this kernel: the games wait for a view of the bar, and for the cells to end.
        assert run("import time\ncheck.shown()\ntime.sleep(1)\nprint(len(check.live))") == "0\n"
        summary = ""
        while not summary and time.monotonic() - start < 120:
            time.sleep(1)
            summary = run("print(check.summary)").strip()

    record_property("first_plot_cell_reached_seconds", round(reached, 2))
    record_property("first_plot_drawn_seconds", round(drawn, 2))
    record_property("all_cells_seconds", round(executed, 2))
    print(
        f"kernel start to the first plot's cell: {reached:.2f} s, plot drawn {drawn:.2f} s,"
        f" all cells {executed:.2f} s; then: {summary}"
    )
    # The plots do not wait for the games: the first is drawn, every cell ran while no game was
    # played (checked after the cells), within a bound far above a busy machine's delay.
    assert drawn is not None and drawn < 120
    played = re.fullmatch(
        rf"(\d+) of the 3,000 games were played again live on this computer: {SAME}", summary
    )
    assert played, summary
    assert strategy_lab.PROBE <= int(played.group(1)) <= strategy_lab.LIVE_CAP
