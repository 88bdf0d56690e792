"""Corintho's rules (corinth/corintho/RULES.md): one test per rule ID, then invariants over seeded
random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corinth.corintho import LINES, CorinthoError, IllegalMove, new_game, parse
from corinth.corintho.game import Game


def play(game: Game, *moves: str) -> Game:
    for move in moves:
        game = game.apply(move)
    return game


def test_p1_pieces_keep_their_natural_order():
    game = play(new_game(), "capital a1", "base a2", "column c3", "base d4")
    with pytest.raises(IllegalMove, match=r"a base cannot go on a capital.*\(P1\)"):
        game.apply("a2-a1")  # a base onto a capital, by a move


def test_p2_two_players_hold_four_of_each_three_or_four_players_two():
    assert new_game(2).hands == ((4, 4, 4),) * 2
    assert new_game(3).hands == ((2, 2, 2),) * 3 and new_game(4).hands == ((2, 2, 2),) * 4
    with pytest.raises(CorinthoError, match="2, 3 or 4 players"):
        new_game(5)
    # three players: player 1 places both its bases; then it has none left
    game = play(new_game(3), "base a1", "column d1", "capital d2", "base b3")
    game = play(game, "column d3", "capital d4")
    with pytest.raises(IllegalMove, match=r"player 1 has no base left in hand \(P2\)"):
        game.apply("base c1")


def test_p3_the_board_has_sixteen_cells_a1_to_d4():
    game = new_game()
    assert len(game.board) == 16
    assert len({m.cell for m in game.legal_moves()}) == 16
    with pytest.raises(CorinthoError, match="cells are a1 to d4"):
        game.apply("base e5")


def test_p4_a_piece_placed_by_one_player_is_used_by_another():
    game = play(new_game(), "base a1")  # player 1's base
    game = game.apply("column a1")  # player 2 builds on it
    assert game.stack("a1") == ("base", "column") and game.hands[1] == (4, 3, 4)


def test_p5_assembled_pieces_never_separate():
    game = play(new_game(), "column a1", "capital a1", "base a2", "base d4", "base d3")
    moves = [str(m) for m in game.legal_moves() if str(m).startswith("a1-")]
    assert moves == ["a1-a2"]  # the stack moves whole, and only onto a base
    after = game.apply("a1-a2")
    assert after.stack("a1") == () and after.stack("a2") == ("base", "column", "capital")


def test_t1_players_play_in_turn_one_move_each():
    game = play(new_game(3), "base a1", "base b1", "base c1")
    assert [game.hands[i][0] for i in range(3)] == [1, 1, 1] and game.current_player == 0


def test_k1_any_piece_goes_on_an_empty_cell():
    for piece in ("base", "column", "capital"):
        assert new_game().apply(f"{piece} b2").stack("b2") == (piece,)


def test_k2_a_column_goes_directly_on_a_base_and_a_capital_on_a_column():
    game = play(new_game(), "base a1", "column a1", "capital a1")
    assert game.stack("a1") == ("base", "column", "capital")
    game = play(new_game(), "base a1")
    with pytest.raises(
        IllegalMove,
        match=r"a capital goes on an empty cell or directly on a column, not on a base \(K2\)",
    ):
        game.apply("capital a1")
    with pytest.raises(IllegalMove, match=r"\(K2\)"):
        game.apply("base a1")


def test_k3_a_stack_moves_one_cell_orthogonally_onto_a_stack():
    game = play(new_game(), "base a1", "column b1", "capital d4", "base d1")
    with pytest.raises(IllegalMove, match=r"never diagonally \(K3\)"):
        game.apply("b1-a2")
    with pytest.raises(IllegalMove, match=r"not onto an empty cell \(K3\)"):
        game.apply("b1-c1")
    assert game.apply("b1-a1").stack("a1") == ("base", "column")


def test_k4_a_placed_or_moved_stack_waits_a_full_round_even_for_its_mover():
    game = play(new_game(), "column a1", "capital b1")
    with pytest.raises(IllegalMove, match=r"\(K4\)"):
        game.apply("b1-a1")  # player 1: b1 was placed by player 2 one move ago
    game = play(game, "base d4")  # player 1 plays elsewhere
    with pytest.raises(IllegalMove, match=r"\(K4\)"):
        game.apply("b1-a1")  # player 2, its own stack: still within the full round
    game = play(game, "base d3", "b1-a1")  # a full round has passed: player 1 moves it
    assert game.stack("a1") == ("column", "capital")
    game = game.apply("base a2")  # player 2
    with pytest.raises(IllegalMove, match=r"\(K4\)"):
        game.apply("a1-a2")  # player 1 moved a1 a move ago: frozen again, for its mover too
    game = play(game, "base c4", "column d2")
    assert game.apply("a1-a2").stack("a2") == ("base", "column", "capital")


def test_w1_lines_are_3_or_4_cells_in_a_row_a_column_or_a_diagonal():
    assert (0, 5, 10) in LINES and (0, 5, 10, 15) in LINES  # a diagonal, 3 and 4 long
    assert (2, 5, 8) in LINES  # the other direction
    assert all(len(line) in (3, 4) for line in LINES)
    # each row and column: two lines of 3 and one of 4; diagonals: two of 4 and eight of 3
    assert len(LINES) == 2 * 4 * 3 + 2 + 8


def test_w2_an_alignment_has_one_kind_of_top_bases_included():
    game = play(new_game(), "base a1", "column d4", "base b2")
    assert game.alignments() == [] and game.claim is None
    game = game.apply("column d3")
    game = game.apply("base c3")  # a1, b2, c3: three bases on a diagonal
    assert (0, 5, 10) in game.alignments() and game.claim == (0, (0, 5, 10))


def test_w3_an_alignment_that_survives_the_next_move_wins():
    game = play(new_game(), "column a1", "base d4", "column b1", "base d3", "column c1")
    assert game.claim == (0, (0, 1, 2)) and not game.is_over
    after = game.apply("base a3")  # player 2 plays elsewhere: the alignment stands
    assert after.winner == 0
    with pytest.raises(IllegalMove, match=r"the game is over: player 1 won \(W3\)"):
        after.apply("base b3")


def test_w4_the_next_player_extending_to_four_wins_at_once():
    game = play(new_game(), "column a1", "base d4", "column b1", "base d3", "column c1")
    assert game.apply("column d1").winner == 1  # player 2 makes it four columns


def test_w5_the_next_player_may_undo_the_alignment_and_play_goes_on():
    game = play(new_game(), "column a1", "base d4", "column b1", "base d3", "column c1")
    undone = game.apply("capital b1")  # a capital on a column of the line of columns
    assert undone.winner is None and undone.claim is None and not undone.alignments()
    assert undone.apply("base a4").winner is None


def test_notation_reads_back_and_refuses_clearly():
    game = new_game()
    for move in game.legal_moves()[:20]:
        assert parse(str(move)) == move
    with pytest.raises(CorinthoError, match="cannot read the move"):
        game.apply("put a base somewhere")
    with pytest.raises(CorinthoError, match="a move is text"):
        parse(7)


def _pieces(game: Game) -> int:
    on_board = sum(len(stack) for stack in game.board)
    return on_board + sum(sum(hand) for hand in game.hands)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_piece_and_the_natural_order(players, seed):
    rng = random.Random(seed)
    game = new_game(players)
    total = _pieces(game)
    for _ in range(120):
        moves = game.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        after = game.apply(move)
        assert _pieces(after) == total  # nothing appears or vanishes
        for stack in after.board:
            assert list(stack) == sorted(stack, key=("base", "column", "capital").index)
            assert len(set(stack)) == len(stack)
        assert game.apply(str(move)) == after  # the notation names the same move
        game = after
        if game.is_over:
            assert game.legal_moves() == []
            break


# --- the exact search (corinth/corintho/solve.py) ---------------------------------------------

from corinth.corintho.solve import SYMMETRIES, key, rank_moves  # noqa: E402


def _mirror(move: str) -> str:
    """The move on the board mirrored left to right (a1 <-> d1)."""
    flip = str.maketrans("abcd", "dcba")
    return (
        move.translate(flip)
        if "-" in move
        else f"{move.split()[0]} {move.split()[1].translate(flip)}"
    )


def test_the_search_knows_the_8_symmetries_of_the_square():
    assert len(set(SYMMETRIES)) == 8 and all(sorted(p) == list(range(16)) for p in SYMMETRIES)
    moves = ["column a1", "base d4", "column b1", "capital c3"]
    game, mirrored = new_game(), new_game()
    for move in moves:
        game, mirrored = game.apply(move), mirrored.apply(_mirror(move))
    assert game.board != mirrored.board and key(game) == key(mirrored)


def _naive(game: Game, depth: int) -> int | None:
    """Plain negamax without memo or symmetry: WIN 1 / LOSS -1 for the player to move, None unproven."""
    if game.is_over:
        return 1 if game.winner == game.current_player else -1
    if depth == 0:
        return None
    values = [_naive(game.apply(m), depth - 1) for m in game.legal_moves()]
    if any(v == -1 for v in values):
        return 1
    if values and all(v == 1 for v in values):
        return -1
    return None


def test_the_search_agrees_with_a_plain_search_and_finds_the_quickest_win():
    game = play(new_game(), "column a1", "base d4", "column b1", "base d3")
    ranked = rank_moves(game, depth=2)
    for r in ranked:
        plain = _naive(game.apply(r.move), 1)
        assert {1: "loss", -1: "win", None: "unknown"}[plain] == r.outcome or r.outcome == "draw"
    claimed = game.apply(
        "column c1"
    )  # player 1 claims three columns; player 2 takes it with a fourth
    best = rank_moves(claimed, depth=1)[0]
    assert str(best.move) == "column d1" and best.outcome == "win" and best.plies == 1


def test_a_saved_game_reloads_and_a_bad_save_is_refused_with_its_problem():
    from corinth.corintho import from_json, to_json

    game = play(new_game(), "column a1", "base d4", "column b1", "base d3", "column c1")
    again = from_json(to_json(game))
    assert again == game and again.claim == game.claim
    bad = to_json(game).replace('"base d3"', '"base a1"')  # a base on a column: illegal
    with pytest.raises(CorinthoError, match=r"move 4 \('base a1'\): .*\(K2\)"):
        from_json(bad)
    for text, words in (
        ("{", "not valid JSON"),
        ('{"format": "corinth-game"}', "not a saved Corintho game"),
        ('{"format": "corintho-game", "version": 9}', "reads version 1"),
        (b"\xff", "UTF-8"),
        (
            '{"format": "corintho-game", "version": 1, "players": 5, "moves": []}',
            "2, 3 or 4 players",
        ),
    ):
        with pytest.raises(CorinthoError, match=words):
            from_json(text)


def test_corinth_corintho_shows_and_solves_a_saved_game(tmp_path, capsys):
    from corinth.cli import main
    from corinth.corintho import to_json

    game = play(new_game(), "column a1", "base d4", "column b1", "base d3", "column c1")
    path = tmp_path / "game.json"
    path.write_text(to_json(game), encoding="utf-8")
    assert main(["corintho", "show", str(path)]) == 0
    assert "1  c    c    c" in capsys.readouterr().out
    assert main(["corintho", "solve", str(path), "--depth", "1"]) == 0
    assert "1. column d1    wins in 1 move" in capsys.readouterr().out
    assert main(["corintho", "solve", str(path), "--depth", "9"]) == 2
    assert "--depth must be from 1 to 6" in capsys.readouterr().err
    path.write_text('{"format": "corintho-game"}', encoding="utf-8")
    assert main(["corintho", "show", str(path)]) == 2
    assert "is not a valid Corintho game" in capsys.readouterr().err


def test_the_bots_greedy_takes_a_win_and_search_avoids_a_loss_in_two():
    from corinth.corintho.bots import GreedyBot, RandomBot, SearchBot, play_game

    game = play(new_game(), "column a1", "base d4", "column b1", "base d3", "column c1")
    assert str(GreedyBot(0).choose(game)) == "column d1"  # takes the line by a fourth column
    before = play(new_game(), "column a1", "base d4", "column b1", "base d3")
    for seed in range(5):  # 'column c1' or 'base d2' lose in 2: the search never plays them
        assert str(SearchBot(seed).choose(before)) not in ("column c1", "base d2")
    final = play_game([SearchBot(1), RandomBot(2)], seed=1)
    assert final.winner == 0  # the search bot beats a random one
