"""The solver and the command line in French and German: a ranking's explanation, a hint, a
puzzle's verdict, numbers with a decimal comma, the table's headline and log, and ``corinth show``
and ``corinth solve`` speaking the language the environment asks for (LANGUAGE); English unchanged."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from corinth.rules import new_game
from corinth.shared.language import speaking
from corinth.solver import rank_moves
from corinth.solver.explain import decimals, share_words
from corinth.solver.puzzles import load_puzzles
from corinth.solver.table import Table
from corinth.solver.win import percent


@pytest.fixture(scope="module")
def rolled():
    return new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Scores +2 points now (0 → 2) and gains 3 goats. Best move."),
        ("fr", "Marque +2 points maintenant (0 → 2) et rapporte 3 chèvres. Meilleur coup."),
        ("de", "Bringt jetzt +2 Punkte (0 → 2) und erhält 3 Ziegen. Bester Zug."),
    ],
)
def test_a_rankings_explanation_speaks_the_language(rolled, language, words):
    with speaking(language):
        assert rank_moves(rolled, "immediate", top=1)[0].explanation == words


@pytest.mark.parametrize(
    ("language", "loss"),
    [("en", "1.00 points less"), ("fr", "1,00 points de moins"), ("de", "1,00 Punkte weniger")],
)
def test_a_loss_is_written_with_the_languages_decimal_mark(language, loss):
    state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    with speaking(language):
        second = rank_moves(state, "immediate", top=2)[1].explanation
    assert loss in second


@pytest.mark.parametrize(
    ("language", "number", "share", "chance"),
    [
        ("en", "2.50", "about 4 games in 5", "5.5%"),
        ("fr", "2,50", "environ 4 parties sur 5", "5,5\u00a0%"),
        ("de", "2,50", "etwa 4 Partien von 5", "5,5\u00a0%"),
    ],
)
def test_numbers_shares_and_chances_as_each_language_writes_them(language, number, share, chance):
    with speaking(language):
        assert decimals(2.5, 2) == number
        assert share_words(0.81) == share
        assert percent(0.0551376) == chance


@pytest.mark.parametrize(
    ("language", "hint", "right"),
    [
        ("en", "Hint: ", "Correct! "),
        ("fr", "Indice\u00a0: ", "Exact\u00a0! "),
        ("de", "Tipp: ", "Richtig! "),
    ],
)
def test_a_puzzles_hint_and_verdict_speak_the_language(language, hint, right):
    puzzle = load_puzzles()[0]
    with speaking(language):
        assert puzzle.check(None).startswith(hint)
        verdict = puzzle.verdict(puzzle.answer)
        wrong = puzzle.verdict("pass")
    assert verdict.right and verdict.words.startswith(right)
    assert not wrong.legal and wrong.words.endswith("(R7)")


@pytest.mark.parametrize(
    ("language", "headline", "name"),
    [
        ("en", "Round 1 — your turn: buy yellow dice", "Player 1 (you)"),
        ("fr", "Manche 1 — à vous\u00a0: acheter des dés jaunes", "Joueur 1 (vous)"),
        ("de", "Runde 1 — du bist am Zug: gelbe Würfel kaufen", "Spieler 1 (du)"),
    ],
)
def test_the_tables_headline_and_names_speak_the_language(language, headline, name):
    with speaking(language):
        table = Table(players=2, seed=3, human=0, first_player=0)
        assert table.headline() == headline
        assert table.player_name(0) == name


def _corinth(tmp_path, language: str, *args: str) -> subprocess.CompletedProcess:
    """``corinth ARGS`` in a process whose environment asks for ``language`` (as a user's would)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CORINTH_LANGUAGE", "LC_ALL", "LANG")}
    env["LANGUAGE"] = language
    return subprocess.run(
        [sys.executable, "-m", "corinth.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    game = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    (folder / "game.json").write_text(game.to_json(), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("language", "head", "harbor"),
    [
        ("fr", "Manche 1, prendre un groupe, au Joueur 1 de jouer", "Port\u00a0: "),
        ("de", "Runde 1, eine Gruppe nehmen, Spieler 1 ist am Zug", "Hafen: "),
    ],
)
def test_corinth_show_speaks_the_language_of_the_environment(saved, language, head, harbor):
    shown = _corinth(saved, language, "show", "game.json", "--moves")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0] == head
    assert lines[1].startswith(harbor)
    assert "buy 0 ; roll 111223466" in shown.stdout  # the notation stays as it is


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "Meilleur coup."),
        ("de", "Bester Zug."),
    ],
)
def test_corinth_solve_explains_in_the_language_of_the_environment(saved, language, words):
    solved = _corinth(saved, language, "solve", "game.json", "--top", "2")
    assert solved.returncode == 0, solved.stderr
    assert words in solved.stdout
    assert " goats " in solved.stdout  # the move's notation column


def test_corinth_refuses_a_bad_option_in_the_language_of_the_environment(saved):
    refused = _corinth(saved, "de", "show", "game.json", "--player", "7")
    assert refused.returncode == 2
    assert "--player muss zwischen 1 und 2 liegen" in refused.stderr


@pytest.mark.parametrize(
    ("language", "welcome", "prompt", "nothing"),
    [
        ("fr", "Vous êtes Joueur 1.", "Votre coup\u00a0: ", "Rien à annuler."),
        ("de", "Du bist Spieler 1.", "Dein Zug: ", "Nichts rückgängig zu machen."),
    ],
)
def test_corinth_play_prompts_and_answers_in_the_language_of_the_environment(
    tmp_path, language, welcome, prompt, nothing
):
    env = {k: v for k, v in os.environ.items() if k not in ("CORINTH_LANGUAGE", "LC_ALL", "LANG")}
    env["LANGUAGE"] = language
    played = subprocess.run(
        [sys.executable, "-m", "corinth.cli", "play", "--seed", "3"],
        input="undo\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith(welcome)
    assert prompt in played.stdout and nothing in played.stdout
    assert "(goats)" in played.stdout  # each listed move keeps its notation
