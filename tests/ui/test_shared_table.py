"""One table for every game (``corinth.shared.table``): seats, the bots' turns, undo, the move log and
the hint, the same on Corinth and Corintho."""

from __future__ import annotations

import pytest

from corinth.shared import registry
from corinth.shared.table import HUMAN, NotYourTurn, Table, seats_of

GAMES = [registry.get(name) for name in ("corinth", "corintho")]  # the turn-by-turn games


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_bots_play_to_the_humans_turn_and_undo_takes_their_answers_back(game):
    table = Table(game, players=2, seed=5, seats=("greedy", HUMAN))
    for _ in table.bots_play():
        pass
    assert table.humans_turn and not table.position.is_over()
    assert len(table.log) == len(table.position.history())
    start = table.position
    move = table.position.legal_moves()[0]
    table.play(move)
    while table.humans_turn:  # Corinth: the build after the take is the human's too
        table.play(table.position.legal_moves()[0])
    if not table.position.is_over():
        with pytest.raises(NotYourTurn, match=r"not your turn \(T1\)"):
            table.play(move)
    for _ in table.bots_play():
        pass
    assert table.log[len(start.history())].notation == start.notation(move)
    while table.undo():
        if table.position == start:
            break
    assert table.position == start
    assert [line.notation for line in table.log] == start.history()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_refused_move_leaves_the_table_as_it_was(game):
    table = Table(game, players=2, seed=2, seats=(HUMAN, "random"))
    for _ in table.bots_play():
        pass
    before, log = table.position, list(table.log)
    with pytest.raises(game.errors):
        table.play("a1-a2" if game.name == "corintho" else "build shrine")
    assert table.position == before and table.log == log and not table.can_undo


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_bots_alone_play_to_the_end_and_the_headline_says_who_won(game):
    table = Table(game, players=2, seed=3, seats=("greedy", "random"))
    for _ in table.bots_play():
        if len(table.log) > 600:
            break
    if table.position.is_over():
        assert table.headline() == table.position.verdict()
        assert "won" in table.headline() or "share" in table.headline()


def test_a_loaded_position_replays_into_the_log_and_restart_goes_back_to_it():
    game = registry.get("corintho")
    start = game.new(2).apply("base a1").apply("base d4")
    table = Table(game, seed=1, state=start.native, seats=(HUMAN, "greedy"))
    assert [line.words for line in table.log] == [
        "Player 1 places a base at a1.",
        "Player 2 places a base at d4.",
    ]
    table.play("column a2")
    for _ in table.bots_play():
        pass
    table.restart()
    assert table.position == start and not table.can_undo


def test_corinthos_hint_ranks_the_humans_moves_with_the_exact_search():
    game = registry.get("corintho")
    state = game.new(2)
    for move in ["column a1", "base d4", "column b1", "base d3"]:
        state = state.apply(move)
    table = Table(game, state=state, seats=(HUMAN, "greedy"))
    hint = table.hint(top=3, depth=3)
    ranked = game.rank(state, depth=3)
    assert [str(r.move) for r in hint.moves] == [str(r.move) for r in ranked[:3]]
    assert hint.words == [r.words() for r in ranked[:3]]
    three = Table(game, players=3, seats=(HUMAN, "greedy", "greedy")).hint()
    assert three.moves == [] and "2-player" in three.why_none


def test_the_search_bot_is_refused_for_more_than_two_players_with_a_sentence():
    with pytest.raises(ValueError, match="the exact search is for 2 players"):
        Table(registry.get("corintho"), players=3, seats=(HUMAN, "search", "greedy"))


def test_seats_put_the_bots_round_the_human():
    assert seats_of(4, 2, ["random", "greedy"]) == ["random", "greedy", HUMAN, "random"]
    with pytest.raises(ValueError, match="human is a player number"):
        Table(registry.get("corintho"), human=5)
