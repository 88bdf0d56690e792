"""The command line: every command listed, simulate seeded and summed right, show, and clear input errors."""

from __future__ import annotations

import functools
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corinth import new_game
from corinth.cli import COMMANDS, main, simulate
from corinth.rules import Variants
from corinth.rules.scoring import TERMS
from corinth.solver import runner
from corinth.solver.runner import game_seed

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100  # /proc's CPU unit


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert name in out
    assert {"simulate", "show", "rules", "solve", "route", "bench"} <= set(COMMANDS)


def test_simulate_is_seeded_and_the_same_with_one_or_two_workers():
    one = simulate(3, 4, ("greedy", "random", "greedy"), seed=11, jobs=1)
    again = simulate(3, 4, ("greedy", "random", "greedy"), seed=11, jobs=2)
    other = simulate(3, 4, ("greedy", "random", "greedy"), seed=12, jobs=1)
    assert one == again
    assert one != other


def test_simulate_terms_add_up_to_the_mean_score_and_win_rates_to_one():
    report = simulate(4, 6, ("greedy",), seed=3)
    for seat in report["seats"]:
        assert sum(seat["terms"][t] for t in TERMS) == pytest.approx(seat["mean_score"])
    assert sum(seat["win_rate"] for seat in report["seats"]) == pytest.approx(1.0)


def test_simulate_json_report(capsys):
    assert (
        main(["simulate", "--players", "2", "--games", "2", "--bot", "greedy,random", "--json"])
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert [s["bot"] for s in report["seats"]] == ["greedy", "random"]
    assert report["games"] == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seed", "-5"], "--seed must be a whole number ≥ 0"),
        (["--jobs", "0"], "--jobs must be from 1 to 64"),
        (["--jobs", "65"], "--jobs must be from 1 to 64, not 65"),
        (["--games", "many"], "argument --games: invalid int value: 'many'"),
        (["--games", "0"], "--games must be at least 1"),
        (["--bot", "clever"], "unknown bot 'clever'"),
        (["--players", "2", "--bot", "greedy,greedy,greedy"], "names 3 bots for 2 players"),
        (["--variant", "dice-of-doom"], "unknown rule variant 'dice-of-doom'"),
    ],
)
def test_simulate_rejects_bad_input_with_one_line_and_exit_2(args, message, capsys):
    assert (
        main(["simulate", "--games", "1", *args] if "--games" not in args else ["simulate", *args])
        == 2
    )
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err and err.count("\n") == 1  # one line


def test_show_prints_the_saved_game(tmp_path, capsys):
    game = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 112344666")
    game = game.apply("blue 1")
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert main(["show", str(path), "--moves"]) == 0
    out = capsys.readouterr().out
    assert "Harbor: goats 1×2 | green 2×1 | purple 3×1 | blue - |" in out
    assert "Player 1 (first player)" in out and "Player 2" in out
    assert "blue   [xx]3" in out  # A3b: Blue shop 1 complete
    assert "Moves: buy 0 ; roll 112344666 ; blue 1" in out


def test_show_rejects_a_corrupt_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "corinth-game", "version": 1, "players": 9}')
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert "players: expected a whole number from 2 to 4, got 9" in err
    assert "Traceback" not in err


def test_simulate_plays_under_the_chosen_variants(capsys):
    args = ["simulate", "--players", "4", "--games", "2", "--jobs", "1", "--no-progress"]
    assert main([*args, "--variant", "nine-dice-sort", "--variant", "exact-compensation"]) == 0
    out = capsys.readouterr().out
    assert "variants: no-stables-compensation, no-gold-compensation, nine-dice-sort" in out
    plain = simulate(4, 3, ("greedy",), seed=4)
    strict = simulate(4, 3, ("greedy",), seed=4, variants=("exact-compensation",))
    assert plain["variants"] == [] and strict["variants"] == [
        "no-stables-compensation",
        "no-gold-compensation",
    ]


def test_rules_variants_lists_the_defaults_and_every_name(capsys):
    from corinth.rules.variants import NAMES

    assert main(["rules", "--variants"]) == 0
    out = capsys.readouterr().out
    assert "Nine identical dice win the game" in out and "Stables may change" in out
    for name in NAMES:
        assert name in out


def test_show_reads_a_long_file_only_up_to_the_limit(capsys, tmp_path):
    long = tmp_path / "long.json"
    long.write_bytes(b" " * 5_000_001)
    assert main(["show", str(long)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"corinth show: {long} is not a valid Corinth game: cannot read the file: "
        "larger than 5000000 bytes\n"
    )


def test_show_refuses_a_named_pipe_and_a_device_at_once(capsys, tmp_path):
    """A named pipe nobody writes to would block the command forever; a device is no saved game."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path, kind in ((pipe, "a named pipe"), ("/dev/zero", "a device")):
        assert main(["show", str(path)]) == 2
        err = capsys.readouterr().err
        assert err == (
            f"corinth show: {path} is not a valid Corinth game: cannot read the file: "
            f"not a regular file ({kind})\n"
        )


def test_simulate_hands_its_games_out_lazily(monkeypatch):
    # A billion games: the game numbers are a range, never a list of a billion jobs.
    seen = {}

    def fake_play_games(play, numbers, jobs=1, progress=None):
        seen["numbers"], seen["jobs"] = numbers, jobs
        for k in itertools.islice(numbers, 3):
            yield {"winners": [0], "scores": [dict.fromkeys(("total", *TERMS), k)] * 2}

    monkeypatch.setattr(runner, "play_games", fake_play_games)
    report = simulate(2, 10**9, ("random",), seed=1, jobs=2)
    assert isinstance(seen["numbers"], range) and len(seen["numbers"]) == 10**9
    assert seen["jobs"] == 2 and report["games"] == 10**9
    assert report["seats"][0]["mean_score"] == 1.0  # the mean of games 0, 1, 2


def test_simulate_seeds_game_k_from_the_run_seed():
    play = functools.partial(runner._play_one, 1, 2, ("random", "random"), Variants())
    assert [play(k)["seed"] for k in range(3)] == [game_seed(1, k) for k in range(3)]


def test_ctrl_c_during_simulate_prints_one_line_and_exits_130():
    # -X faulthandler: if it ever hangs, SIGABRT below prints where, for the failure's message
    proc = subprocess.Popen(
        [sys.executable, "-X", "faulthandler", "-m", "corinth.cli", "simulate", "--games",
         "100000", "--jobs", "2", "--bot", "random", "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as from a terminal: a shell's background job (a CI script's '&') starts with Ctrl-C ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(children.read_text().split()) < 2:
        time.sleep(0.1)  # both workers forked (no timing is asserted)
    time.sleep(1)  # and playing
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        out, err = proc.communicate(timeout=30)
        pytest.fail(f"no exit within 60 s of Ctrl-C; where it was:\n{err[-4000:]}")
    assert proc.returncode == 130
    assert err == "corinth simulate: interrupted\n" and out == ""


def test_rules_refuses_an_empty_rule_query(capsys):
    for query in ("", "   "):
        assert main(["rules", query]) == 2
        assert capsys.readouterr().err == (
            "corinth rules: give a rule ID such as A3a, or no argument for the list of every rule\n"
        )


def test_a_long_bad_argument_is_echoed_cut_like_other_messages(capsys):
    """A 100,000-character argument is repeated in its error as its first 80 characters."""
    assert main(["route", "game.json", "--faces", "9" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("corinth route: --faces '999") and "…" in err and len(err) < 200
    assert main(["rules", "Z" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("corinth rules: no rule 'Zzz") and len(err) < 1000


def _wait_until_past_python_start(pid: int, limit: float = 30.0) -> None:
    """On a busy machine (the unit tests run beside the browser tests, at a lower priority) the
    interpreter may still be starting after 0.1 s, before any line of corinth runs: Python's own
    start-up, which no program can answer, and whose SIGINT handler is already in place (so the
    SigCgt mask in /proc cannot tell the two apart). Wait until the process has used 80 ms of CPU:
    Python's start and ``corinth._start`` take about 25, importing the command about 350, so the
    signal lands in corinth's start-up, as the test means, however slow the machine."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return  # ended, or no /proc: send at once
        if fields[0] == "Z" or (int(fields[11]) + int(fields[12])) / CLOCK_TICKS >= 0.08:
            return  # utime + stime (fields 14 and 15 of proc(5), counted from the state)
        time.sleep(0.005)


@pytest.mark.parametrize("delay", [0.1, 0.4])
@pytest.mark.parametrize("command", [["rules", "A3a"], ["simulate", "--games", "200"]])
def test_ctrl_c_at_any_moment_of_start_up_is_one_line_and_exit_130(command, delay):
    """Ctrl-C while the command is still importing (0.1 s) or starting its work (0.4 s). A Ctrl-C
    that lands while Python is tearing itself down after the command ended stops the process by the
    signal itself (``-2`` here), which a shell reports as 130 as well; never a traceback."""
    script = Path(sys.executable).with_name("corinth")
    proc = subprocess.Popen(
        [str(script), *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # a hang below shows where it waits
        start_new_session=True,  # its workers too can be named and ended if it hangs
    )
    time.sleep(delay)
    _wait_until_past_python_start(proc.pid)
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        # Which processes are left (the command, or workers holding its pipes open), then every
        # thread's stack (faulthandler, on SIGABRT) of each, and the test fails with them all.
        left = subprocess.run(
            ["ps", "-o", "pid,ppid,stat,etime,args", "--sid", str(proc.pid)],
            capture_output=True,
            text=True,
        ).stdout
        os.killpg(proc.pid, signal.SIGABRT)
        try:
            _out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            _out, err = proc.communicate()
        pytest.fail(
            f"'corinth {command[0]}' did not end after Ctrl-C; processes left:\n{left}\n"
            f"their threads:\n{err[-8000:]}"
        )
    if proc.returncode == 0:
        # It ended before the signal came (an idle machine, a quick command): its work was done
        # and said, and the signal after it changed nothing. The 0.1 s case meets the start-up.
        assert _out.strip() and "Traceback" not in err and "interrupted" not in err
        return
    assert "Traceback" not in err
    if proc.returncode == -signal.SIGINT:  # after the command's end, while Python exits
        return
    assert proc.returncode == 130
    last = err.rstrip("\n").splitlines()[-1]
    assert last in ("corinth: interrupted", f"corinth {command[0]}: interrupted")


def test_show_a_finished_game_says_who_won(tmp_path, capsys):
    from corinth.solver.bots import GreedyBot, play_game

    final = play_game(new_game(players=2, seed=4), [GreedyBot(), GreedyBot()])
    path = tmp_path / "final.json"
    path.write_text(final.to_json(), encoding="utf-8")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Round {final.round}: game over, winner player" in out
