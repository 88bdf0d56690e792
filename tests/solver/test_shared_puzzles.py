"""One puzzle machinery (``corinth.shared.puzzles``): one set loader for every game's sets, checking
every text field of every puzzle and what the texts say against the position, and one verdict read
by every board."""

from __future__ import annotations

import copy
import json

import pytest

from corinth.corintho import cell_name
from corinth.corintho import puzzles as corintho_puzzles
from corinth.rules import InvalidPuzzle
from corinth.shared.puzzles import Verdict
from corinth.solver import puzzles as corinth_puzzles

CORINTHO_SET = json.loads(corintho_puzzles.set_path().read_text(encoding="utf-8"))
CORINTH_FILE = sorted(corinth_puzzles.puzzles_dir().glob("tier1*.json"))[0]
CORINTH_SET = json.loads(CORINTH_FILE.read_text(encoding="utf-8"))


OCCUPIED = next(  # a cell with a stack in the second puzzle: no base goes there (K2)
    cell_name(c) for c, stack in enumerate(corintho_puzzles.load_puzzles()[1].game.board) if stack
)


def corintho_with(change) -> bytes:
    data = copy.deepcopy(CORINTHO_SET)
    data["puzzles"] = data["puzzles"][:2]
    change(data["puzzles"][1])
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    "change, words",
    [
        (
            lambda p: p["hints"].__setitem__(2, p["hints"][2] + "\x1b[2J"),
            "puzzles[1].hints[2]: holds the control character U+001B",
        ),
        (
            lambda p: p["hints"].extend(["More."] * 8),
            "puzzles[1].hints: 11 hints, more than a ladder has",
        ),
        (
            lambda p: p.__setitem__("question", p["question"].replace("Player 2", "Player 1", 1)),
            "puzzles[1].question: names player 1 to play; player 2 is",
        ),
        (
            lambda p: p["hints"].__setitem__(1, "Player 7 should look here."),
            "puzzles[1].hints[1]: names player 7; the game has 2",
        ),
        (
            lambda p: p["hints"].__setitem__(2, f"Put a base on {OCCUPIED}."),
            "puzzles[1].hints[2]: names the move",
        ),
        (
            lambda p: p["source"].__setitem__("bots", ["random", "se\u202earch"]),
            "puzzles[1].source.bots[1]: holds the control character U+202E",
        ),
        (
            lambda p: p["explanation"].__len__() and p.__setitem__("explanation", "x" * 601),
            "puzzles[1].explanation: longer than 600 characters",
        ),
    ],
)
def test_corintho_sets_refuse_a_tampered_text_naming_the_puzzle_and_the_field(change, words):
    with pytest.raises(corintho_puzzles.PuzzleError) as caught:
        corintho_puzzles.puzzles_from_bytes(corintho_with(change), "test.json")
    assert words in str(caught.value), str(caught.value)


def test_a_hint_that_names_a_legal_move_is_kept():
    raw = corintho_with(lambda p: None)
    assert len(corintho_puzzles.puzzles_from_bytes(raw)) == 2


def test_corinth_sets_check_the_source_texts_too():
    data = copy.deepcopy(CORINTH_SET)
    data["puzzles"] = data["puzzles"][:1]
    data["puzzles"][0]["source"]["bots"] = ["greedy", "gr\x07eedy"]
    with pytest.raises(InvalidPuzzle, match=r"puzzles\[0\]\.source\.bots\[1\]: holds the control"):
        corinth_puzzles.puzzles_from_bytes(json.dumps(data))


@pytest.mark.parametrize("game", ["corinth", "corintho"])
def test_both_games_sets_share_the_caps_the_format_and_the_duplicate_ids(game):
    module, data = (
        (corinth_puzzles, copy.deepcopy(CORINTH_SET))
        if game == "corinth"
        else (corintho_puzzles, copy.deepcopy(CORINTHO_SET))
    )
    rules = module.SET_RULES
    data["puzzles"] = data["puzzles"][:1] * 2
    with pytest.raises(ValueError, match="given to 2 puzzles"):
        module.puzzles_from_bytes(json.dumps(data))
    data["puzzles"] = [{}] * (rules.max_puzzles + 1)
    with pytest.raises(ValueError, match=rf"more than a set holds \({rules.max_puzzles}\)"):
        module.puzzles_from_bytes(json.dumps(data))
    data.update(format="other", puzzles=[])
    with pytest.raises(ValueError, match=f"format: expected '{rules.format}'"):
        module.puzzles_from_bytes(json.dumps(data))
    with pytest.raises(ValueError, match=f"larger than {rules.max_bytes} bytes"):
        module.puzzles_from_bytes(b" " * (rules.max_bytes + 1))


def test_one_verdict_for_both_games():
    corintho = corintho_puzzles.load_puzzles()[0]
    corinth = corinth_puzzles.load_puzzles()[0]
    for puzzle, right, wrong in (
        (corintho, sorted(corintho.answers)[0], "a1-b2"),
        (corinth, corinth.answer, "pass"),
    ):
        good, bad = puzzle.verdict(right), puzzle.verdict(wrong)
        assert isinstance(good, Verdict) and good.right and good.legal
        assert good.words == puzzle.check(right) and good.words.startswith("Correct!")
        assert not bad.legal and not bad.right and bad.words.startswith("Not a legal move here")
