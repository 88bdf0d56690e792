"""Corintho's boards, Python side: clicks make moves through the engine, illegal ones are refused with
their rule and leave the game alone, the text form, the bots' answer, undo, and the puzzle's ladder."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from corinth.corintho import Game, Place, new_game
from corinth.ui import CorinthoApp, CorinthoBoard, CorinthoPuzzleBoard, widgets_dir
from corinth.ui.corintho import move_words, stack_words, winning_line


def play(*moves: str, game: Game | None = None) -> Game:
    game = game or new_game(2)
    for m in moves:
        game = game.apply(m)
    return game


# Player 1 has three columns on a1, b1, c1 (a claimed line); player 2 to answer it.
CLAIM = ("column a1", "base d4", "column b1", "base d3", "column c1")


def test_front_end_file_is_one_module_without_colours():
    assert "import {" not in CorinthoBoard._esm and "export default" in CorinthoBoard._esm
    text = (widgets_dir() / "corintho.js").read_text()
    assert not re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|rgb\(|hsl\(", text)
    css = (widgets_dir() / "boards.css").read_text()
    assert ".corinth-stack-cell" in css and ".corinth-stack-cell" in CorinthoBoard._css


def test_cells_carry_stacks_and_words_for_screen_readers():
    board = CorinthoBoard(play("base b2", "base c3", "column b2"))
    assert len(board.cells) == 16
    b2 = board.cells[5]
    assert (b2["name"], b2["stack"], b2["frozen"]) == ("b2", ["base", "column"], True)
    assert b2["label"] == "b2: column on a base, frozen until player 1 has played again"
    assert board.cells[0]["label"] == "a1: empty"
    assert stack_words(("base", "column", "capital")) == "capital on a column on a base"
    p1, p2 = board.hands
    assert p1["current"] is False and p2["current"] is True
    assert [pc["count"] for pc in p1["pieces"]] == [3, 3, 4]
    assert p1["pieces"][0]["label"] == "Player 1: 3 bases in hand"


def test_a_piece_then_a_cell_places_it():
    board = CorinthoBoard(new_game(2))
    seen = []
    board.on_move(lambda move, before, after: seen.append((move, len(after.history))))
    board.handle({"event": "hand", "player": 0, "piece": "column"})
    assert board.selected == "column"
    assert all(c["target"] for c in board.cells)  # any empty cell
    board.handle({"event": "cell", "index": 5})
    assert board.game.stack("b2") == ("column",)
    assert seen == [("column b2", 1)]
    assert board.selected == "" and board.message == ""
    assert board.announce == "Player 1 places a column at b2. Player 2 to play."


def test_a_stack_then_a_neighbour_moves_it():
    game = play("base a1", "column b1", "base d4", "base d3")  # b1 free again: player 1 has played
    board = CorinthoBoard(game)
    board.click("b1")
    assert board.selected == "b1"
    assert [c["name"] for c in board.cells if c["target"]] == ["a1"]
    board.click("a1")
    assert board.game.stack("a1") == ("base", "column") and board.game.stack("b1") == ()
    assert board.game.history[-1] == "b1-a1"
    assert move_words(game, "b1-a1") == "Player 1 moves the column from b1 onto the base at a1"


def test_choosing_again_clears_the_choice():
    board = CorinthoBoard(new_game(2))
    board.choose_piece("base")
    board.choose_piece("base")
    assert board.selected == ""
    board.handle({"event": "hand", "piece": "capital"})
    board.handle({"event": "clear"})
    assert board.selected == ""


@pytest.mark.parametrize(
    "moves, clicks, rule",
    [
        (("base b2",), [("hand", "base"), ("cell", "b2")], "(K2)"),  # a base on a stack
        (("base b2",), [("hand", "capital"), ("cell", "b2")], "(K2)"),  # a capital on a base
        # a stack moves one cell, never diagonally
        (
            ("base a1", "base b2", "column a2", "base d4", "base d3", "base c4"),
            [("cell", "a2"), ("cell", "b1")],
            "never diagonally (K3)",
        ),
        (("column a1", "base b2", "base d4", "base d3"), [("cell", "a1")], "empty cell (K3)"),
        (("capital a1", "column b1", "base d4", "base d3"), [("cell", "b1")], "(P1)"),  # order
        (("base a1", "column b1"), [("cell", "b1")], "(K4)"),  # frozen for a full round
        ((), [("cell", "c3")], "(K1, K2)"),  # an empty cell, nothing chosen
    ],
)
def test_illegal_clicks_are_refused_with_their_rule_and_change_nothing(moves, clicks, rule):
    game = play(*moves)
    board = CorinthoBoard(game)
    for kind, what in clicks:
        board.choose_piece(what) if kind == "hand" else board.click(what)
    assert board.message.endswith(rule) or rule in board.message, board.message
    assert board.game is game


def test_no_piece_left_in_hand_is_refused_by_the_engine():
    game = play("capital a1", "base d4", "capital b1", "base d3", "capital c3", "base c4")
    game = play("capital a3", "base b4", game=game)
    assert game.hands[0][2] == 0
    board = CorinthoBoard(game)
    board.choose_piece("capital")
    assert board.message == "player 1 has no capital left in hand (P2)"
    assert board.selected == ""


def test_only_the_player_to_move_plays_their_pieces():
    board = CorinthoBoard(new_game(2))
    board.handle({"event": "hand", "player": 1, "piece": "base"})
    assert "(T1, P4)" in board.message and board.selected == ""


def test_the_page_writes_nothing_and_bad_messages_are_refused():
    board = CorinthoBoard(new_game(2))
    board.set_state({"selected": "b2"})
    assert board.selected == "" and "cannot change 'selected'" in board.message
    board.handle({"event": "cell", "index": "b2"})
    assert "0 to 15" in board.message
    board.handle({"event": "cell", "index": 99})
    assert "no cell 99" in board.message
    board.handle({"event": "hand", "piece": "x" * 500})
    assert len(board.message) < 120
    assert board.game == new_game(2)


def test_a_viewing_board_takes_no_click():
    board = CorinthoBoard(new_game(2), interactive=False)
    board.choose_piece("base")
    assert "for viewing" in board.message and board.selected == ""


def test_claimed_and_winning_lines_are_drawn():
    claimed = play(*CLAIM)
    board = CorinthoBoard(claimed)
    assert (board.line, board.line_kind) == ([0, 1, 2], "claimed")
    assert "in the line claimed (W3)" in board.cells[0]["label"]
    assert "Player 1 claims a line, three columns on a1, b1, c1" in board.caption
    board.choose_piece("column")
    board.click("d1")  # player 2 extends the line to four: won at once (W4)
    assert board.game.winner == 1
    assert (board.line, board.line_kind) == ([0, 1, 2, 3], "won")
    assert board.caption == (
        "Player 2 won: they extended player 1's line to four columns on a1, b1, c1, d1 (W4)"
    )
    assert "in the winning line" in board.cells[3]["label"]
    board.click("a2")
    assert board.message == (
        "the game is over. Player 2 won: they extended player 1's line to four columns on a1, b1, "
        "c1, d1 (W4)"
    )
    # The claim that stood (W3): player 2 answered elsewhere.
    stood = claimed.apply("base a4")
    assert winning_line(stood) == (0, 1, 2)
    assert stood.verdict() == (
        "Player 1 won: their line of three columns on a1, b1, c1 still stood after player 2's "
        "move (W3)."
    )


def test_repr_is_the_text_board_with_the_marks():
    board = CorinthoBoard(play("base b2", "column c3"))
    board.choose_piece("column")
    text = repr(board)
    assert text == repr(board)
    assert text.splitlines()[0] == "Corintho - Player 1 to play"
    assert "2  .    b    .    ." in text
    assert (
        "frozen: b2 (until player 1 has played again), c3 (until player 2 has played again)" in text
    )
    assert text.splitlines()[-1] == "chosen: a column in hand"


def test_setting_the_game_redraws_in_place():
    board = CorinthoBoard(new_game(2))
    board.choose_piece("base")
    board.game = play("base a1")
    assert board.selected == "" and board.cells[0]["stack"] == ["base"]
    with pytest.raises(TypeError):
        board.game = "base a1"


# --- the app -----------------------------------------------------------------------------------


def test_app_bot_answers_the_learners_move():
    app = CorinthoApp(seats=("human", "greedy"), seed=1)
    assert "Player 1 to play" in app.status.value
    app.board.choose_piece("base")
    app.board.click("b2")
    assert len(app.game.history) == 2 and app.game.current_player == 0
    assert app.game.history[0] == "base b2"
    assert "Player 1 places a base at b2." in app.last.value
    assert "Player 2 places" in app.last.value or "Player 2 moves" in app.last.value
    assert app.board.interactive
    assert repr(app).splitlines()[0] == "Corintho - Player 1 to play"
    assert repr(app).splitlines()[-1].startswith("Moves: base b2 | ")


def test_app_undo_takes_back_the_learner_and_the_bot():
    app = CorinthoApp(seats=("human", "random"), seed=2)
    assert app.undo_button.disabled
    app.play("base b2")
    app.play("column b2") if app.game.top("b2") == "base" else app.play("base a1")
    assert len(app.game.history) == 4
    app.undo_button.click()
    assert len(app.game.history) == 2 and app.game.history[0] == "base b2"
    app.undo()
    assert app.game == new_game(2)
    app.undo()
    assert "no move of yours" in app.board.message


def test_app_bot_plays_first_and_new_game_starts_again():
    app = CorinthoApp(seats=("greedy", "human"), seed=3)
    assert len(app.game.history) == 1 and app.game.current_player == 1
    assert "Player 2 to play" in app.status.value
    assert app.board.names[0] == "Player 1 (greedy bot)"
    app.new_game_button.click()
    assert len(app.game.history) == 1


def test_app_refuses_bad_seats_and_a_finished_game_shows_its_line():
    with pytest.raises(ValueError, match="no seat 'genius'"):
        CorinthoApp(seats=("human", "genius"))
    with pytest.raises(ValueError, match="2, 3 or 4"):
        CorinthoApp(seats=("human",))
    app = CorinthoApp(seats=("human", "human"), game=play(*CLAIM))
    assert app.play("column d1")
    assert app.game.winner == 1 and app.board.line == [0, 1, 2, 3]
    assert "Player 2 won: they extended player 1&#x27;s line to four columns" in app.status.value
    assert not app.board.interactive
    assert not app.play("base a2")


def test_app_between_two_bots_plays_to_the_end():
    app = CorinthoApp(seats=("greedy", "random"), seed=4)
    assert app.game.is_over or not app.game.legal_moves()
    assert not app.board.interactive and app.undo_button.disabled
    if app.game.is_over:
        assert app.board.line_kind == "won" and len(app.board.line) >= 3
        assert f"Player {app.game.winner + 1} (" in app.status.value


# --- the puzzle --------------------------------------------------------------------------------


@dataclass
class HandMadePuzzle:
    """The interface of corinth.corintho.puzzles.CorinthoPuzzle, by hand."""

    id: str = "t1"
    kind: str = "win in 1"
    question: str = "Player 2 to play: win now."
    game: Game = field(default_factory=lambda: play(*CLAIM))
    answers: frozenset = frozenset({"column d1"})
    hints: list = field(
        default_factory=lambda: [
            "Look at the line player 1 claims.",
            "A line of three can become a line of four.",
            "Put a column at the free end of the line.",
        ]
    )
    explanation: str = "Extending a claimed line to four wins at once (W4)."


def test_puzzle_right_move_by_clicks_is_solved():
    puzzle = CorinthoPuzzleBoard(HandMadePuzzle(), depth=2)
    solved = []
    puzzle.on_solved(lambda: solved.append(True))
    puzzle.board.choose_piece("column")
    puzzle.board.click("d1")
    assert puzzle.solved and solved == [True]
    # The rule behind the explanation is on hover, not in the sentence.
    assert "Solved!" in puzzle.result.value and 'title="Rule W4"' in puzzle.result.value
    assert "(W4)" not in puzzle.result.value
    assert "Player 2 places a column at d1." in puzzle.result.value
    assert not puzzle.board.interactive and puzzle.board.line == [0, 1, 2, 3]


def test_puzzle_wrong_move_says_why_and_goes_back():
    puzzle = CorinthoPuzzleBoard(HandMadePuzzle(), depth=2)
    wrong = []
    puzzle.on_wrong(lambda: wrong.append(True))
    assert puzzle.answer("base d1") is False
    assert "Not this one." in puzzle.result.value
    assert "It loses at once: player 1 wins." in puzzle.result.value
    assert puzzle.board.game == puzzle.position and wrong == [True]
    assert puzzle.answer("capital a1") is False
    assert (
        "It undoes player 1&#x27;s claimed line"
        '<sup class="corinth-rule" title="Rule W5">rule</sup>, but it does not win'
    ) in puzzle.result.value
    assert puzzle.answer("base a1") is None  # K2: a base goes on an empty cell only
    assert 'title="Rule K2"' in puzzle.result.value  # the refusal names its rule, on hover
    assert puzzle.answer("column d1") is True


def test_puzzle_why_wrong_names_the_others_reply():
    game = play("column a1", "base d4", "column b1", "base d3")
    puzzle = CorinthoPuzzleBoard(
        HandMadePuzzle(kind="stop the threat", game=game, answers=frozenset({"base c1"})), depth=2
    )
    why = puzzle.why_wrong(game, Place("column", 2))  # column c1
    assert why.startswith("This move loses in 2 moves: player 2 answers, for instance: ")
    assert "Player 2 places a column at d1" in why


def test_puzzle_hint_ladder_then_the_answer():
    puzzle = CorinthoPuzzleBoard(HandMadePuzzle(), depth=2)
    assert puzzle.show_hint() == "Look at the line player 1 claims."
    assert puzzle.hint_button.description == "Another hint (2 left)"
    puzzle.hint_button.click()
    puzzle.hint_button.click()
    assert puzzle.hint_button.disabled and puzzle.hint_button.description == "No more hints"
    assert puzzle.hint_list.value.count("<li>") == 3
    assert puzzle.reveal() == "column d1"
    assert (
        "Answer:" in puzzle.result.value
        and "Player 2 places a column at d1." in puzzle.result.value
    )
    assert "title='column d1'" in puzzle.result.value
    text = repr(puzzle)
    assert text.splitlines()[0] == "Puzzle t1 (win in 1): Player 2 to play: win now."
    assert text == repr(puzzle)
