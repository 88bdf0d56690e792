"""``corinth play|show|solve --game NAME`` and ``corinth games``: one command line for every game.

Every game's prompt is fed a corpus of hostile lines: each is answered with a sentence and the prompt
comes again, the game goes on, and it is saved on every way out (quit, end of input, Ctrl-C, a
failure)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corinth.cli import main
from corinth.cli.playing import run_play
from corinth.corintho import new_game, to_json
from corinth.shared import registry

HOSTILE = [
    "²",
    "①",
    "٣",
    "１",
    "5" * 5000,
    "\x00",
    "\x1b[2J",
    "base\x07a1",
    "x" * 1_000_000,
    "-1",
    "0",
    "1e3",
    "0x10",
    "1.5",
    "+3",
    "999999",
    "\ud800",
    "   ",
    "base z9",
    "a1-a9",
    "build nothing",
    "save",
    "save /no/such/folder/game.json",
    "undo",
    "board",
    "help",
]


def play_args(game: str, **changes) -> argparse.Namespace:
    args = dict(
        which=game, players=2, seed=3, seat=1, bots="greedy", variant=[], load=None, save=None
    )
    return argparse.Namespace(**{**args, **changes})


@pytest.mark.parametrize("name", ["corinth", "corintho"])
def test_every_hostile_line_gets_a_sentence_and_the_game_goes_on_and_is_saved(name, tmp_path):
    save = tmp_path / "game.json"
    typed = iter(HOSTILE + ["1", "quit"])
    asked: list[str] = []
    said: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(typed)

    assert run_play(play_args(name, save=str(save)), ask, said.append) == 0
    text = "\n".join(said)
    assert len(asked) == len(HOSTILE) + 2  # every line was answered and the prompt came again
    assert "Traceback" not in text
    assert "Could not save the game to /no/such/folder/game.json" in text
    assert text.count("control character") >= 3 and "is not a move" in text
    assert "9 digits" not in text and "4 digits is not" not in text
    assert "5000 digits" in text or "is not a move" in text
    game = registry.get(name).load(save.read_text(encoding="utf-8"))
    assert game.history(), "the move typed after the corpus was played and saved"
    assert text.endswith(f"Saved to {save}.")


@pytest.mark.parametrize("name", ["corinth", "corintho"])
def test_end_of_input_saves_the_game(name, tmp_path):
    save = tmp_path / "game.json"
    typed = iter(["1"])

    def ask(_prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    said: list[str] = []
    assert run_play(play_args(name, save=str(save)), ask, said.append) == 0
    assert registry.get(name).load(save.read_text()).history()


def test_a_failure_is_said_in_one_line_and_the_game_is_saved(tmp_path, monkeypatch):
    from corinth.corintho import bots

    def broken(self, game):
        raise RuntimeError("the bot broke")

    monkeypatch.setattr(bots.GreedyBot, "choose", broken)
    save = tmp_path / "game.json"
    said: list[str] = []
    code = run_play(play_args("corintho", save=str(save)), lambda _: "base a1", said.append)
    assert code == 1
    assert "The game stopped on a problem: the bot broke." in said
    assert registry.get("corintho").load(save.read_text()).history() == ["base a1"]


@pytest.mark.parametrize(
    "where, words",
    [
        ("folder", "that is a folder"),
        ("missing/game.json", "does not exist"),
        ("/proc/version", "cannot write there"),
    ],
)
def test_save_is_checked_before_the_first_move(where, words, tmp_path, capsys):
    path = where if where.startswith("/") else str(tmp_path / where)
    (tmp_path / "folder").mkdir()
    assert main(["play", "--game", "corintho", "--save", path]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_help_lists_the_commands_and_the_notation():
    said: list[str] = []
    typed = iter(["help", "quit"])
    run_play(play_args("corintho"), lambda _: next(typed), said.append)
    text = "\n".join(said)
    for command in ("'hint'", "'undo'", "'board'", "'save FILE'", "'quit'"):
        assert command in text
    assert "'base a1'" in text and "'a1-a2'" in text


def test_corinthos_moves_are_listed_as_place_stack_and_move_and_frozen_stacks_are_marked():
    said: list[str] = []
    typed = iter(["base a1", "board", "quit"])
    run_play(play_args("corintho", bots="random", seed=1), lambda _: next(typed), said.append)
    text = "\n".join(said)
    assert "Place a piece from your hand on an empty cell (K1):" in text
    assert "Stack a piece from your hand on a stack (K2):" in text
    assert "Player 1 places a column on the base at a1  (column a1)" in text
    assert "frozen (K4, may not move yet): a1" in text


def test_search_bot_in_three_players_is_refused_with_a_sentence(capsys):
    assert main(["play", "--game", "corintho", "--players", "3", "--bots", "search"]) == 2
    assert "the exact search is for 2 players" in capsys.readouterr().err


def test_a_finished_game_says_who_won_and_why_in_play_show_and_solve(tmp_path, capsys):
    game = new_game(2)
    for move in ["column a1", "base d4", "column b1", "base d3", "column c1", "base a4"]:
        game = game.apply(move)
    assert game.is_over
    path = tmp_path / "won.json"
    path.write_text(to_json(game))
    verdict = registry.get("corintho").wrap(game).verdict()
    assert verdict and "Player 1" in verdict
    for argv in (["show", str(path)], ["solve", str(path)], ["corintho", "show", str(path)]):
        assert main([*argv, "--game", "corintho"] if argv[0] != "corintho" else argv) == 0
        assert verdict in capsys.readouterr().out
    said: list[str] = []
    run_play(play_args("corintho", load=str(path)), lambda _: "quit", said.append)
    assert verdict in said


def test_corinth_games_lists_every_game(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("corinth (the default): Corinth") and "\ncorintho: Corintho" in out
    assert [line.split(":")[0] for line in out.splitlines()][1:] == list(registry.names()[1:])
    assert main(["play", "--game", "chess"]) == 2
    assert "no game 'chess': the games are corinth, corintho" in capsys.readouterr().err
    assert main(["play", "--game", "four-courts", "--players", "2"]) == 2
    assert "The Four Courts is for 3 or 4 players (S1, S6)" in capsys.readouterr().err


def test_ctrl_c_at_the_prompt_saves_the_game(tmp_path):
    save = tmp_path / "game.json"
    child = subprocess.Popen(
        [sys.executable, "-m", "corinth.cli", "play", "--game", "corintho", "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    child.stdin.write("base a1\n")
    child.stdin.flush()
    seen = ""
    deadline = time.monotonic() + 120
    while seen.count("Your move:") < 2 and time.monotonic() < deadline:
        seen += child.stdout.read(1)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert "Traceback" not in err and f"Saved to {save}." in out
    assert json.loads(save.read_text())["moves"][0] == "base a1"


def test_the_old_corintho_command_is_an_alias(tmp_path, capsys):
    path = tmp_path / "g.json"
    path.write_text(to_json(new_game(2).apply("base a1")))
    assert main(["corintho", "show", str(path)]) == 0
    alias = capsys.readouterr().out
    assert main(["show", str(path), "--game", "corintho"]) == 0
    assert capsys.readouterr().out == alias
    assert Path(path).exists()
