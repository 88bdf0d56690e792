"""The game in progress (``corinth.solver.table.Table``), without Jupyter, and ``corinth play``
through it."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap

import pytest

from corinth.rules import GameState, IllegalMove, game_from_json, new_game
from corinth.solver.bots import GreedyBot
from corinth.solver.table import NotYourTurn, Table


def _to_decision(table: Table) -> list[GameState]:
    return list(table.bots_play())


def test_the_table_imports_nothing_from_jupyter():
    code = textwrap.dedent(
        """
        import sys
        import corinth.solver.table
        table = corinth.solver.table.Table(players=3, seed=1, bots="random")
        list(table.bots_play())
        jupyter = [m for m in sys.modules if m.split(".")[0] in
                   ("ipywidgets", "anywidget", "IPython", "ipykernel", "traitlets", "jupyter_core")]
        assert not jupyter, jupyter
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_whole_game_through_the_table_keeps_one_log_line_per_move():
    table = Table(players=3, seed=4, bots=["greedy", "random"], first_player=1)
    seen = 0
    while not table.state.is_over:
        seen += len(_to_decision(table))  # each bot move shown on its own
        if table.state.is_over:
            break
        assert table.state.current_player == table.human and not table.state.is_chance
        table.play(GreedyBot().choose(table.state))
        assert len(table.log) == len(table.state.history)
    assert seen > 0
    assert [line.notation for line in table.log] == [str(m) for m in table.state.history]
    assert all(line.words.startswith("You ") for line in table.log if line.player == 0)
    assert any(line.player is None and "rolled" in line.words for line in table.log)
    # The log made move by move is the log of the game replayed once from its save.
    reloaded = Table(state=game_from_json(table.state.to_json()), bots=["greedy", "random"])
    assert reloaded.log == table.log


def test_the_human_cannot_play_for_a_bot_and_a_refused_move_changes_nothing():
    table = Table(players=2, seed=3, human=0, first_player=1)
    assert table.state.current_player == 1
    with pytest.raises(NotYourTurn, match=r"not your turn \(R6\)"):
        table.play("buy 0")
    _to_decision(table)
    before, log = table.state, list(table.log)
    with pytest.raises(IllegalMove):
        table.play("build temple")
    assert table.state is before and table.log == log and not table.can_undo


def test_undo_takes_back_the_bots_answers_and_their_log_lines():
    table = Table(players=2, seed=3)
    _to_decision(table)
    table.play(table.state.legal_moves()[0])  # take a group: the human builds next
    before, lines = table.state, len(table.log)
    table.play(table.state.legal_moves()[0])  # build: now the bot answers
    _to_decision(table)
    assert any(line.player == 1 for line in table.log[lines:])
    assert table.undo()
    assert table.state == before and len(table.log) == lines
    assert table.undo() and not table.undo()  # the take, then nothing left


def test_one_bot_turn_at_a_time():
    table = Table(players=4, seed=2, human=3, first_player=0)
    states = list(table.bots_play(one_turn=True))
    assert states and all(s.history[-1] for s in states)
    players = {line.player for line in table.log if line.player is not None}
    assert players == {0}  # only the first bot's turn (and the dice)


def test_restart_keeps_the_seed_and_takes_new_variants():
    table = Table(players=2, seed=9)
    _to_decision(table)
    table.play(table.state.legal_moves()[0])
    table.restart("nine-dice-sort")
    assert table.state == new_game(2, 9, table.state.start_player, variants="nine-dice-sort")
    assert table.log == [] and not table.can_undo


def test_corinth_play_in_a_terminal(tmp_path, capsys, monkeypatch):
    from corinth.cli import main

    save = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nnonsense\n1\nundo\nquit\n"))
    assert main(["play", "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "You are Player 1." in out and "[1] Take the" in out
    assert "You took the Goats group" in out
    assert "Not allowed: cannot read move 'nonsense'" in out
    assert "Taken back" in out
    saved = game_from_json(save.read_text())
    assert [str(m) for m in saved.history][-1] == "goats"  # the build was taken back
    assert main(["play", "--seat", "3"]) == 2


@pytest.mark.parametrize(
    "name",
    ["no-stables-compensation", "no-gold-compensation", "exact-compensation", "nine-dice-sort"],
)
def test_a_game_saved_under_any_variant_reopens_in_the_terminal(
    name, tmp_path, capsys, monkeypatch
):
    from corinth.cli import main

    state = new_game(players=2, seed=3, first_player=0, variants=name).apply("buy 0")
    state = state.apply("roll 111111111" if name == "nine-dice-sort" else "roll 112344666")
    saved = tmp_path / "game.json"
    saved.write_text(state.to_json())
    assert main(["show", str(saved), "--moves"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nquit\n"))
    assert main(["play", "--load", str(saved), "--save", str(saved)]) == 0
    again = game_from_json(saved.read_text())
    assert again.variants == state.variants and len(again.history) > len(state.history)
    assert "You " in capsys.readouterr().out  # the move typed was played and logged


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"bots": None}, "bots"),
        ({"bots": ["greedy", 3]}, "bots"),
        ({"state": "x"}, "state"),
        ({"human": True}, "human"),
        ({"human": 5}, "human"),
    ],
)
def test_a_table_refuses_what_is_not_a_seat_a_bot_or_a_game_with_a_sentence(kwargs, field):
    with pytest.raises(ValueError, match=field):
        Table(players=2, seed=1, **kwargs)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"top": "3"}, "top"),
        ({"top": 0}, "top"),
        ({"top": True}, "top"),
        ({"opponents": "bogus"}, "opponents"),
    ],
)
def test_a_hint_refuses_a_bad_option_with_a_sentence(kwargs, field):
    table = Table(players=2, seed=3, bots="greedy")
    for _ in table.bots_play():
        pass
    with pytest.raises(ValueError, match=field):
        table.hint("win", **kwargs)
