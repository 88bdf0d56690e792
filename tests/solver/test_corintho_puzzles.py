"""Corintho's puzzles (corinth/corintho/puzzles.py): the stored set, its answers checked by the engine
alone (not only by the search that made them), its words, and every malformed file refused."""

from __future__ import annotations

import json
import re
import time

import pytest

from corinth.corintho import CorinthoError, Game
from corinth.corintho.puzzles import (
    KINDS,
    MAX_BYTES,
    CorinthoPuzzle,
    PuzzleError,
    answers_for,
    build_set,
    load_puzzles,
    make_puzzle,
    puzzles_from_bytes,
    set_path,
)

PUZZLES = load_puzzles()
STORED = json.loads(set_path().read_text(encoding="utf-8"))


def test_the_set_holds_at_least_24_puzzles_5_of_each_kind():
    assert len(PUZZLES) >= 24
    for kind in KINDS:
        assert sum(p.kind == kind for p in PUZZLES) >= 5, kind
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    # a threat already claimed (answer the line) and one still to come (stop the next move)
    threats = [p for p in PUZZLES if p.kind == "stop the threat"]
    assert {p.game.claim is None for p in threats} == {True, False}


def test_a_puzzle_is_the_interface_others_code_against():
    p = PUZZLES[0]
    assert isinstance(p, CorinthoPuzzle) and isinstance(p.game, Game)
    assert isinstance(p.answers, frozenset) and all(isinstance(a, str) for a in p.answers)
    with pytest.raises(AttributeError):
        p.id = "changed"  # frozen
    assert p.check(sorted(p.answers)[0]).startswith("Correct!")
    assert p.check("base e9").startswith("Not a legal move here")


def test_the_whole_set_loads_in_well_under_a_second():
    start = time.process_time()
    load_puzzles()
    assert time.process_time() - start < 0.5


def _outcome(game: Game, mover: int) -> str | None:
    if game.is_over:
        return "won" if game.winner == mover else "lost"
    if not game.legal_moves():
        return "won" if game.current_player != mover else "lost"  # E1
    return None


def _wins_within(game: Game, plies: int) -> bool:
    """The engine alone, no search module: can the player to move force a win within ``plies``?"""
    me = game.current_player
    if plies <= 0:
        return False
    for move in game.legal_moves():
        after = game.apply(move)
        done = _outcome(after, me)
        if done == "won":
            return True
        if done is None and plies >= 2 and _loses_within(after, plies - 1):
            return True
    return False


def _loses_within(game: Game, plies: int) -> bool:
    me = game.current_player
    if not game.legal_moves():
        return True
    for move in game.legal_moves():
        after = game.apply(move)
        done = _outcome(after, me)
        if done == "won" or (done is None and not _wins_within(after, plies - 1)):
            return False
    return True


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind != "win in 2"], ids=lambda p: p.id)
def test_every_answer_and_no_other_move_does_it_by_the_engine_alone(puzzle):
    game = puzzle.game
    me = game.current_player
    for move in game.legal_moves():
        after = game.apply(move)
        done = _outcome(after, me)
        if puzzle.kind == "extend to 4":
            correct = done == "won"
        elif puzzle.kind == "win in 1":
            correct = done == "won" or (done is None and _loses_within(after, 1))
        else:  # stop the threat: not lost within the other's next move
            correct = done != "lost" and (done == "won" or not _wins_within(after, 2))
        assert correct == (str(move) in puzzle.answers), str(move)
    if puzzle.kind == "win in 1":
        assert not _wins_within(game, 1)  # none quicker: no line of three to extend


def test_win_in_2_answers_win_whatever_the_other_answers():
    for puzzle in (p for p in PUZZLES if p.kind == "win in 2"):
        game = puzzle.game
        assert not _wins_within(game, 2)
        for answer in puzzle.answers:  # every reply of the other leaves a win in 1 (2 moves)
            after = game.apply(answer)
            assert after.legal_moves() and not after.is_over
            for reply in after.legal_moves():
                again = after.apply(reply)
                assert again.winner == game.current_player or _wins_within(again, 2), (
                    puzzle.id,
                    answer,
                    str(reply),
                )


def test_the_words_follow_the_conventions():
    for p in PUZZLES:
        assert len(p.hints) >= 3
        texts = [p.question, *p.hints, p.explanation]
        assert not any(re.search(r"player 0\b", t, re.I) for t in texts)  # players from 1
        assert re.search(r"\((W\d|E\d|K\d)(, W\d)*\)\.?$", p.explanation), p.explanation
        assert p.question.startswith(f"Player {p.game.current_player + 1} to play.")
        cell = re.compile(r"\b[a-d][1-4]\b")
        assert cell.search(p.hints[1]) and cell.search(p.hints[2])  # which line, then the move
        assert sorted(p.answers)[0].split()[-1].split("-")[0] in p.hints[2]
        assert p.hints[0] != p.hints[1] != p.hints[2]


def test_each_stored_puzzle_is_made_again_the_same_from_its_position():
    for item, puzzle in zip(STORED["puzzles"], PUZZLES, strict=True):
        again = make_puzzle(puzzle.kind, puzzle.game, item["id"], item["source"])
        assert again == item


@pytest.mark.slow
def test_the_generator_writes_the_same_set_again():
    assert build_set() == STORED["puzzles"]


# --- refusing malformed sets ------------------------------------------------------------------


def _set(**changes) -> dict:
    data = json.loads(json.dumps(STORED))
    data["puzzles"] = data["puzzles"][:2]
    data.update(changes)
    return data


def _refused(data, words: str) -> None:
    raw = data if isinstance(data, (bytes, str)) else json.dumps(data)
    with pytest.raises(PuzzleError, match=words):
        puzzles_from_bytes(raw, "test.json")


def test_a_tampered_answer_is_refused():
    data = _set()
    first = data["puzzles"][0]
    wrong = next(str(m) for m in PUZZLES[0].game.legal_moves() if str(m) not in PUZZLES[0].answers)
    first["answers"] = [wrong]
    _refused(
        data, r"puzzles\[0\]\.answers: the search disagrees \(not correct: .*correct but not listed"
    )
    data = _set()
    data["puzzles"][0]["answers"] = data["puzzles"][0]["answers"] + ["a1-a9"]
    _refused(data, r"answers\[\d\]: 'a1-a9' is not a legal move here")


def test_a_puzzle_of_the_wrong_kind_is_refused():
    data = _set()
    data["puzzles"][0]["kind"] = "extend to 4"  # a win-in-1 position has no claim to extend
    _refused(data, r"kind: the search finds no 'extend to 4' puzzle")
    data["puzzles"][0]["kind"] = "mate in 3"
    _refused(data, r"kind: expected one of win in 1, win in 2")


def test_malformed_sets_are_refused_naming_the_problem():
    twice = _set()
    twice["puzzles"][1]["id"] = twice["puzzles"][0]["id"]
    _refused(twice, r"id 'w1-01': given to 2 puzzles")
    control = _set()
    control["puzzles"][0]["hints"][1] = "look at \x1b[31mthis\x1b[0m"
    _refused(control, r"hints\[1\]: holds the control character U\+001B")
    rtl = _set()
    rtl["puzzles"][0]["question"] += "\u202e"
    _refused(rtl, r"question: holds the control character U\+202E")
    few = _set()
    few["puzzles"][0]["hints"] = few["puzzles"][0]["hints"][:2]
    _refused(few, r"hints: expected a list of at least 3 hints")
    extra = _set()
    extra["puzzles"][0]["rating"] = 3
    _refused(extra, r"'rating': unknown field")
    missing = _set()
    del missing["puzzles"][0]["explanation"]
    _refused(missing, r"explanation: missing")
    illegal = _set()
    illegal["puzzles"][0]["moves"][1] = "capital z9"
    _refused(illegal, r"moves\[1\] \('capital z9'\): no cell")
    _refused(_set(format="corinth-puzzles"), r"format: expected 'corintho-puzzles'")
    _refused(_set(version=2), r"version: this corinth reads version 1")
    _refused(_set(puzzles={}), r"puzzles: expected a list")
    _refused(_set(extra=1), r"'extra': unknown key")
    _refused(b"[1, 2]", r"the top level must be a JSON object")
    _refused(b"{", r"not valid JSON")
    _refused(b'{"format": 1, "format": 2}', r"not valid JSON: key 'format' given twice")
    _refused(b"\xff\xfe", r"not UTF-8")
    _refused(b" " * (MAX_BYTES + 1), rf"larger than {MAX_BYTES} bytes")
    assert issubclass(PuzzleError, CorinthoError)


def test_load_puzzles_reads_a_file_and_names_it(tmp_path):
    path = tmp_path / "set.json"
    path.write_text(json.dumps(_set()), encoding="utf-8")
    assert [p.id for p in load_puzzles(path)] == [p["id"] for p in STORED["puzzles"][:2]]
    with pytest.raises(PuzzleError, match=r"(?s)missing\.json.*cannot read the file"):
        load_puzzles(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 10))
    with pytest.raises(PuzzleError, match="larger than"):
        load_puzzles(big)


def test_answers_for_refuses_an_unknown_kind_and_finds_none_where_there_is_none():
    with pytest.raises(ValueError, match="a puzzle's kind is one of"):
        answers_for("checkmate", PUZZLES[0].game)
    extend = next(p for p in PUZZLES if p.kind == "extend to 4")
    assert answers_for("win in 1", extend.game) is None  # a claim to answer first
