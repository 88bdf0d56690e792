"""The command line: every command listed, simulate seeded and summed right, show, and clear input errors."""

from __future__ import annotations

import json

import pytest

from corinth import new_game
from corinth.cli import COMMANDS, main, simulate
from corinth.rules.scoring import TERMS


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
        (["--jobs", "0"], "--jobs must be at least 1"),
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
    assert "Traceback" not in err


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
