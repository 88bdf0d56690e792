"""``corinth play|show|solve --game four-courts``: a whole game played through stdin, the human seeing
only their own hand, short notation, a saved game shown from one seat, "which card now?" ranked for a
saved game and for a stored puzzle; every refusal a sentence naming its rule, never a traceback."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from corinth.cli import main
from corinth.cli.playing import run_play
from corinth.courts import CARDS
from corinth.courts.protocol import FOUR_COURTS
from corinth.courts.puzzles import load_puzzles


def play_args(**changes) -> argparse.Namespace:
    args = dict(
        which="four-courts",
        players=3,
        seed=5,
        seat=1,
        bots="greedy",
        variant=[],
        load=None,
        save=None,
    )
    return argparse.Namespace(**{**args, **changes})


def test_a_whole_game_played_through_stdin(tmp_path):
    save = tmp_path / "game.json"
    typed = "\n".join(["1"] * 600 + ["quit"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "corinth.cli", "play", "--game", "four-courts", "--players", "3"]
        + ["--seed", "5", "--save", str(save)],
        input=typed,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = done.stdout
    assert done.returncode == 0 and "Traceback" not in out + done.stderr
    assert "You are Player 1." in out and "The game is over" in out
    assert "Revealed, highest first: " in out and "lays a card face down" in out
    assert out.rstrip().endswith(f"Saved to {save}.")
    game = FOUR_COURTS.load(save.read_text(encoding="utf-8"))
    assert game.is_over() and game.verdict() in out
    # the other hands were never printed: no "hand:" line lists another seat's cards
    for line in out.splitlines():
        if line.startswith(("Player 2 (East)", "Player 3 (South)")) and "hand:" in line:
            hand = line.split("hand:")[1]
            assert hand.strip().endswith(("cards", "card", "no cards")), line


def test_cards_and_courts_by_their_short_notation_and_refusals_in_sentences():
    said: list[str] = []
    lines = iter(["joker", "choose 2 mill", "\x1b[2J", "99", "board", "hint"])

    def ask(_prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    assert run_play(play_args(), ask, said.append) == 0
    text = "\n".join(said)
    assert "Traceback" not in text
    assert "Not allowed: no card 'joker'" in text
    assert "Not allowed: it is not your turn (T1)" in text or "(R1)" in text
    assert "control character" in text and "there is no move 99" in text
    assert "Lay the " in text  # the hint

    said.clear()
    game = FOUR_COURTS.new(players=3, seed=5)
    while game.is_chance():
        game = game.apply(game.sample())
    card = CARDS[game.native.hands[0][0]].word
    lines = iter([card.replace("-", " ")])
    run_play(play_args(), ask, said.append)
    text = "\n".join(said)
    assert "Revealed, highest first: " in text and "Player 1 (North) lays" in text


def test_a_court_by_its_name_and_a_token_by_its_colour(tmp_path):
    said: list[str] = []
    typed: list[str] = []

    def ask(_prompt: str) -> str:
        trailing = []
        for line in reversed(said):
            if not line.startswith("  ["):
                break
            trailing.insert(0, line)
        listed = trailing
        if len(typed) > 80:
            raise EOFError
        if listed and "(place " in listed[0]:
            notation = listed[0].rsplit("(place ", 1)[1].rstrip(")")
            words = notation.split()  # "island" or "island take wyrms"
            line = words[0] if len(words) == 1 else f"{words[0]} {words[2]}"
        else:
            line = "1"
        typed.append(line)
        return line

    run_play(play_args(seed=7, save=str(tmp_path / "g.json")), ask, said.append)
    text = "\n".join(said)
    assert "Not allowed" not in text and "Traceback" not in text
    assert any(" " in t for t in typed) or any(t.isalpha() for t in typed)
    history = FOUR_COURTS.load((tmp_path / "g.json").read_text()).history()
    assert sum(m.startswith("place") for m in history) > 10


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--players", "2"], "The Four Courts is for 3 or 4 players (S1, S6), not 2"),
        (["--players", "3", "--seat", "4"], "--seat must be 1 to 3"),
        (["--bots", "clever"], "no bot 'clever'"),
        (["--variant", "x"], "unknown rule variant 'x': The Four Courts has early-end"),
    ],
)
def test_bad_options_are_refused_in_one_sentence(argv, words, capsys):
    assert main(["play", "--game", "four-courts", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_g1_a_new_game_is_played_with_the_rule_variant_asked_and_its_save_keeps_it(tmp_path):
    save = tmp_path / "early.json"
    said: list[str] = []
    args = play_args(variant=["early-end"], save=str(save))
    assert run_play(args, lambda _prompt: "quit", said.append) == 0
    assert FOUR_COURTS.load(save.read_text(encoding="utf-8")).native.variants == ("early-end",)


def saved_game(tmp_path, moves_after_deal: int = 0):
    state = FOUR_COURTS.new(players=4, seed=3)
    while state.is_chance():
        state = state.apply(state.sample())
    for _ in range(moves_after_deal):
        seat = next(s for s in range(4) if state.legal_moves(s))
        state = state.apply(state.legal_moves(seat)[0])
    path = tmp_path / "saved.json"
    path.write_text(state.to_json(), encoding="utf-8")
    return state, path


def test_show_prints_a_saved_game_from_one_seat(tmp_path, capsys):
    state, path = saved_game(tmp_path, moves_after_deal=1)  # player 1 has laid a card
    assert main(["show", str(path), "--game", "four-courts", "--player", "2", "--moves"]) == 0
    out = capsys.readouterr().out
    native = state.native
    assert "Player 2 (East): 0 points (tokens none); hand: " + CARDS[native.hands[1][0]].word in out
    for seat in (0, 2, 3):
        for card in native.hands[seat]:
            assert f" {CARDS[card].word}," not in out and not out.count(f"deal {CARDS[card].word}")
    assert "choose 1 a-card" in out and "deal a-card" in out
    assert main(["show", str(path), "--game", "four-courts", "--player", "7"]) == 2
    assert "--player must be 1 to 4" in capsys.readouterr().err


@pytest.mark.parametrize("players, player", [(4, 0), (4, -1), (4, 5), (3, 4), (3, 0)])
def test_s1_show_refuses_a_player_outside_the_game_as_corinth_does(
    tmp_path, capsys, players, player
):
    """Seat 0 is no player (it was read as player 1, and showed North's hand): refused with the
    sentence Corinth's own ``show --player`` says, naming ``--player``, and nothing shown."""
    state = FOUR_COURTS.new(players=players, seed=3)
    while state.is_chance():
        state = state.apply(state.sample())
    path = tmp_path / "saved.json"
    path.write_text(state.to_json(), encoding="utf-8")
    argv = ["show", str(path), "--game", "four-courts", "--player", str(player)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err == f"corinth show: --player must be 1 to {players}\n" and out == ""
    for seat in range(players):  # no hand is shown
        assert not any(f" {CARDS[c].word}," in out for c in state.native.hands[seat])


def test_show_without_player_shows_no_hand(tmp_path, capsys):
    state, path = saved_game(tmp_path, moves_after_deal=1)  # player 1 has laid a card
    assert main(["show", str(path), "--game", "four-courts", "--moves"]) == 0
    out = capsys.readouterr().out
    hands = [line.split("hand: ")[1] for line in out.splitlines() if "hand: " in line]
    assert hands == ["10 cards"] * 4  # counts only, player 1's card laid face down among them
    moves = out.split("Moves: ")[1]
    assert not any(f" {CARDS[c].word}" in moves for hand in state.native.hands for c in hand)
    assert "choose 1 a-card" in out  # nobody's choice is shown in the moves either
    assert "no hand is shown" in main_help("show")


def main_help(command: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "corinth.cli", command, "--help"], capture_output=True, text=True
    )
    return " ".join(done.stdout.split())


@pytest.mark.parametrize(
    "change, words",
    [
        (
            lambda data: {**data, "players": 4.0},
            "is not a valid Four Courts game: The Four Courts is for 3 or 4 players (S1), not 4.0",
        ),
        (
            lambda data: json.dumps(data)[:-1] + ', "players": 4}',
            "is not a valid Four Courts game: not valid JSON: the key 'players' is written twice",
        ),
    ],
    ids=["players 4.0", "players twice"],
)
@pytest.mark.parametrize("command", ["show", "play", "solve"])
def test_s1_a_save_with_a_bad_players_is_refused_by_every_command(
    tmp_path, capsys, change, words, command
):
    """A save of a dealt game with ``"players": 4.0`` (it ended the commands with a traceback)
    or ``"players"`` written twice (it loaded, the later one winning): one sentence, exit 2."""
    _, path = saved_game(tmp_path)
    bad = change(json.loads(path.read_text(encoding="utf-8")))
    path.write_text(bad if isinstance(bad, str) else json.dumps(bad), encoding="utf-8")
    argv = {
        "show": ["show", str(path)],
        "play": ["play", "--load", str(path)],
        "solve": ["solve", str(path)],
    }[command]
    assert main([*argv, "--game", "four-courts"]) == 2
    out, err = capsys.readouterr()
    assert words in err and "Traceback" not in err and err.count("\n") == 1
    assert out == ""


def test_h1_an_undo_at_the_terminal_deals_the_unseen_cards_again(tmp_path):
    """``corinth play``: a card laid, its reveal seen, taken back; the bots do not lay again what
    was seen, their hands dealt again at random from what the human sees; the save after it loads
    to the same game (its fresh seed in it)."""

    def play(typed: list[str], save):
        said: list[str] = []
        lines = iter(typed)

        def ask(_prompt: str) -> str:
            try:
                return next(lines)
            except StopIteration:
                raise EOFError from None

        assert run_play(play_args(players=4, seed=3, save=str(save)), ask, said.append) == 0
        return said, FOUR_COURTS.load(save.read_text(encoding="utf-8"))

    said, before = play(["quit"], tmp_path / "before.json")
    said, after = play(["1", "undo", "quit"], tmp_path / "after.json")
    revealed = [line for line in said if "Revealed, highest first: " in line]
    assert len(revealed) == 1 and "dealt again at random" in "\n".join(said)
    assert after.observation(0) == before.observation(0)  # the same game, as the human sees it
    assert after.native.hands[0] == before.native.hands[0]
    assert after.native.hands[1:] != before.native.hands[1:] and after.seed != before.seed
    said, again = play(["1", "undo", "1", "quit"], tmp_path / "again.json")
    first, second = [
        line.split("Revealed, highest first: ")[1] for line in said if "Revealed" in line
    ]
    assert (
        first.split("; ")[0] == second.split("; ")[0]
    )  # the human's Ace of Moons, first both times
    assert first != second  # the bots chose afresh, from hands dealt again
    assert FOUR_COURTS.load((tmp_path / "again.json").read_text()).native == again.native


def test_solve_ranks_the_cards_of_a_saved_game_from_the_seats_view(tmp_path, capsys):
    state, path = saved_game(tmp_path)
    argv = ["solve", str(path), "--game", "four-courts", "--player", "2", "--json", "--seed", "1"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    hand = {CARDS[c].word for c in state.native.hands[1]}
    assert data["player"] == 2 and {row["card"] for row in data["choices"]} == hand
    assert not data["exact"] and all(len(row["interval"]) == 2 for row in data["choices"])


def test_solve_ranks_a_stored_puzzle_and_its_answer_comes_first(capsys):
    puzzle = load_puzzles()[0]
    assert main(["solve", puzzle.id, "--game", "four-courts", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert puzzle.question in out and "over every deal" in out
    first = out.splitlines()[2].split()[1:3]
    assert " ".join(first) in puzzle.answers


def test_solve_counts_the_points_at_the_end_of_the_round_or_of_the_deal(capsys):
    """A stored puzzle is ranked to its own end (here the deal's) unless ``--until`` says another:
    the same cards and Courts, each at that end's value."""
    puzzle = next(p for p in load_puzzles() if p.kind == "deal")
    base = ["solve", puzzle.id, "--game", "four-courts", "--json"]
    rankings = {}
    for until in ("round", "deal"):
        assert main([*base, "--until", until]) == 0
        out = capsys.readouterr().out
        rankings[until] = json.loads(out[out.index("{") :])  # after the puzzle's question
    assert rankings["round"]["kind"] == "round" and rankings["deal"]["kind"] == "deal"
    assert main(base) == 0
    out = capsys.readouterr().out
    assert json.loads(out[out.index("{") :]) == rankings["deal"]  # the puzzle's own end
    pairs = {k: {(r["card"], r["court"]) for r in v["choices"]} for k, v in rankings.items()}
    assert pairs["round"] == pairs["deal"]
    assert rankings["round"]["choices"] != rankings["deal"]["choices"]


@pytest.mark.parametrize(
    "moves, words",
    [(4, "'which card now?' is asked before the players lay their cards (R1)")],
)
def test_solve_refuses_a_position_that_is_not_a_choice(tmp_path, capsys, moves, words):
    _, path = saved_game(tmp_path, moves_after_deal=moves)  # every card laid: placing now
    assert main(["solve", str(path), "--game", "four-courts"]) == 2
    err = capsys.readouterr().err
    assert words in err and "(R2)" in err and "Traceback" not in err
    assert main(["solve", "no-such-puzzle", "--game", "four-courts"]) == 2
    assert "no such file, nor a stored puzzle" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "four-courts-game", "version": 1, "players": 2, "moves": []}')
    assert main(["solve", str(bad), "--game", "four-courts"]) == 2
    assert "is not a valid Four Courts game" in capsys.readouterr().err
