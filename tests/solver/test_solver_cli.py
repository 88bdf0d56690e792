"""``corinth solve``, ``corinth route`` and ``corinth bench`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from corinth.cli import main
from corinth.rules import new_game
from corinth.solver import rank_moves
from tests.conftest import LAYOUT_SHEET


@pytest.fixture
def saved(tmp_path):
    # the expected explanations read the first reconstruction's market (LAYOUT_SHEET)
    state = (
        new_game(players=2, seed=5, first_player=0, sheet=LAYOUT_SHEET)
        .apply("buy 0")
        .apply("roll 111223466")
    )
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    return state, str(path)


def test_solve_prints_the_ranking_with_explanations(saved, capsys):
    state, path = saved
    assert main(["solve", path, "--top", "3"]) == 0
    out = capsys.readouterr().out
    best = rank_moves(state, "immediate")[0]
    assert "objective: immediate" in out and str(best.move) in out
    assert "rank" in out.splitlines()[1] and "loss" in out.splitlines()[1]
    assert "Scores +4 points now (0 → 4)" in out


def test_solve_json_lists_every_move(saved, capsys):
    state, path = saved
    assert main(["solve", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["moves"]) == len(state.legal_moves())
    assert data["moves"][0]["rank"] == 1 and data["moves"][0]["loss"] == 0


def test_solve_expected_is_seeded(saved, capsys):
    _, path = saved
    args = ["solve", path, "--objective", "expected", "--top", "2", "--budget", "0.3", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["objective"] == "expected" and data["moves"][0]["samples"] >= 1


def test_route_prints_the_best_route(saved, capsys):
    _, path = saved
    assert main(["route", path, "--faces", "2,2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["paths"] == [["r1c2", "r0c2"], ["r0c1", "r0c0"]] and data["points"] == 3
    assert main(["route", path, "--faces", "2,2"]) == 0
    assert "Market points gained: 3" in capsys.readouterr().out


@pytest.mark.parametrize(
    "content",
    ["{not json", '{"format": "corinth-game", "version": 1}', "[]", ""],
)
def test_malformed_saved_game_gets_a_clear_message_and_exit_2(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    for args in (["solve", str(path)], ["route", str(path), "--faces", "3"]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"corinth {args[0]}: ") and "Traceback" not in err
        assert "not a valid Corinth game" in err


def test_bad_faces_and_missing_file(saved, capsys, tmp_path):
    _, path = saved
    assert main(["route", path, "--faces", "3,9"]) == 2
    assert "face values 1 to 6" in capsys.readouterr().err
    assert main(["solve", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_solve_at_a_roll_says_there_is_nothing_to_decide(tmp_path, capsys):
    path = tmp_path / "roll.json"
    path.write_text(new_game(players=2, seed=1).apply("buy 0").to_json())
    assert main(["solve", str(path)]) == 2
    assert "before a roll" in capsys.readouterr().err


def test_command_line_process_rejects_a_malformed_game(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "corinth-game", "version": 1, "players": 9}')
    proc = subprocess.run(
        [sys.executable, "-m", "corinth.cli", "solve", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "players" in proc.stderr and "Traceback" not in proc.stderr


def test_bench_runs_and_reports_every_measure():
    from corinth.solver.bench import format_bench, run

    report = run(
        quick=True, sizes={"games": 1, "enum": 5, "expected": 1, "budget": 0.1, "exact": 1}
    )
    table = format_bench(report)
    for word in (
        "steward paths",
        "legal_moves()",
        "greedy-bot",
        "immediate ranking",
        "rollouts",
        "exact",
        "against cautious opponents",
        "against random opponents",
        "ranking for the win, the last turn",
        "hint by immediate",
        "hint by win, cautious opponents",
    ):
        assert word in table
    assert report["machine"]["cores"] >= 1


@pytest.mark.parametrize(
    "budget, words",
    [
        ("nan", "not nan"),
        ("inf", "not inf"),
        ("-1", "not -1.0"),
        ("0", "not 0.0"),
        ("1e9", "at most 3600"),
    ],
)
def test_solve_refuses_a_budget_that_is_no_number_of_seconds(saved, capsys, budget, words):
    _, path = saved
    assert main(["solve", path, "--objective", "expected", "--budget", budget]) == 2
    err = capsys.readouterr().err
    assert err.startswith("corinth solve: --budget must be") and words in err
    assert err.count("\n") == 1


def test_route_too_large_is_one_clear_line(monkeypatch, tmp_path, capsys):
    import functools

    from corinth.solver import route
    from tests.solver.test_huge_positions import rich_position

    path = tmp_path / "rich.json"
    path.write_text(rich_position().to_json())
    small = functools.partial(route.best_route, max_explored=200_000)
    monkeypatch.setattr(route, "best_route", small)
    assert main(["route", str(path), "--faces", "1,1,1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("corinth route: ") and "too many routes to search" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_solve_on_a_huge_position_ranks_a_bounded_number_of_moves(monkeypatch, tmp_path, capsys):
    from corinth.cli import solving
    from tests.solver.test_huge_positions import rich_position

    monkeypatch.setattr(solving, "MAX_SHOWN", 40)  # the same bound, reached with less to explain
    path = tmp_path / "rich.json"
    path.write_text(rich_position().to_json())
    assert main(["solve", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["moves"]) == 40
    assert err == "corinth solve: 860,512 legal moves; the best 40 are shown (--top K for more)\n"


@pytest.fixture
def late(tmp_path):
    from tests.solver.test_solver_opponents import same_round_states

    state = same_round_states()[1]
    path = tmp_path / "late.json"
    path.write_text(state.to_json())
    return state, str(path)


@pytest.mark.parametrize("model", ["greedy", "cautious", "random"])
def test_solve_exact_names_the_opponents_model(late, capsys, model):
    state, path = late
    assert main(["solve", path, "--objective", "exact", "--opponents", model]) == 0
    out = capsys.readouterr().out
    assert f"objective: exact (value = exact expected final score); opponents: {model};" in out
    assert main(["solve", path, "--objective", "exact", "--opponents", model, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["opponents"] == model and data["exact"] is True
    ranked = rank_moves(state, "exact", opponents=model)
    assert [m["move"] for m in data["moves"]] == [str(r.move) for r in ranked]
    assert [m["value"] for m in data["moves"]] == [r.value for r in ranked]


def test_solve_refuses_an_unknown_model_naming_the_models(late, saved, capsys):
    _, path = late
    assert main(["solve", path, "--objective", "exact", "--opponents", "kind"]) == 2
    err = capsys.readouterr().err
    assert "unknown model for --objective exact" in err and "greedy, cautious, random" in err
    _, far = saved  # the first roll of a game: out of exact's reach
    args = ["solve", far, "--objective", "expected", "--opponents", "cautious", "--budget", "0.2"]
    assert main(args) == 2
    assert "model of the exact ranking only" in capsys.readouterr().err


def test_solve_for_the_win_prints_chances_and_refuses_far_positions(late, saved, capsys):
    state, path = late
    assert main(["solve", path, "--objective", "exact", "--goal", "win"]) == 0
    out = capsys.readouterr().out
    assert "objective: win (value = chance to win); opponents: greedy;" in out
    ranked = rank_moves(state, "exact", goal="win")
    assert f"{100 * ranked[0].value:.1f}%" in out and "Exact chance to win" in out
    assert main(["solve", path, "--objective", "exact", "--goal", "win", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["goal"] == "win" and [m["value"] for m in data["moves"]] == [
        r.value for r in ranked
    ]
    _, far = saved
    assert main(["solve", far, "--goal", "win"]) == 2
    assert "--goal win: the chance to win is worked out exactly" in capsys.readouterr().err
