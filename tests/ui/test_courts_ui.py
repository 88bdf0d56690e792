"""The Four Courts' board, its Python side: the page is sent one seat's view only, a whole game is
played by its clicks, refusals name their rule."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("anywidget")

from corinth.courts.cards import CARDS  # noqa: E402
from corinth.ui.courts import CourtsBoard  # noqa: E402

TRAITS = ("courts", "seats", "hand", "revealed", "bonus", "reserve", "caption", "announce")


def page_text(board: CourtsBoard) -> str:
    return json.dumps({name: getattr(board, name) for name in TRAITS})


def other_hands(board: CourtsBoard) -> set[str]:
    game = board._game
    return {CARDS[c].word for s in range(game.players) if s != board.seat for c in game.hands[s]}


def play_to_the_end(board: CourtsBoard) -> int:
    clicks = 0
    while not board._game.is_over:
        if board.view.phase == "choose":
            board.choose(board.hand[-1]["word"])
        else:
            court = next(c for c in board.courts if c["legal"])
            board.place(court["index"], court["takes"][0] if court["takes"] else None)
        assert board.message == ""
        clicks += 1
        assert clicks < 500
    return clicks


def test_the_page_is_sent_only_the_learners_view():
    board = CourtsBoard(seed=4)
    hidden = other_hands(board)
    assert hidden and len(board.hand) == 10
    words = {card["word"] for card in board.hand}
    assert not words & hidden
    text = page_text(board)
    assert not any(f'"{word}"' in text for word in hidden)
    assert "9 cards" not in repr(board) and "10 cards" in repr(board)


def test_a_whole_game_by_clicks_on_the_board():
    board = CourtsBoard(seed=5, players=3, bots=["greedy", "ismcts"])
    assert play_to_the_end(board) > 10
    assert "The game is over" in board.caption
    assert sum(s["points"] for s in board.seats) == sum(board._game.scores())


def test_refusals_name_their_rule_and_change_nothing():
    board = CourtsBoard(seed=6)
    before = board._game
    board.place(0)
    assert "(R1, R2)" in board.message and board._game is before
    board.choose("joker")
    assert "no card" in board.message
    held = other_hands(board)
    board.choose(sorted(held)[0])  # a card of another hand
    assert "(R1)" in board.message and board._game is before
    board.handle({"event": "card", "word": board.hand[0]["word"]})
    assert board.message == "" and board._game is not before
    if board.view.phase == "place":
        wrong = next((c["index"] for c in board.courts if not c["legal"]), None)
        if wrong is not None:
            board.place(wrong)
            assert "(R3)" in board.message


def test_a_board_for_viewing_takes_no_click():
    from corinth.courts.puzzles import load_puzzles

    puzzle = load_puzzles()[0]
    board = CourtsBoard(game=puzzle.game, seat=puzzle.seat, interactive=False)
    board.choose(board.hand[0]["word"])
    assert "for viewing" in board.message
    # the game as given, no bot moving on it: the other seats named by their side only, none of
    # them has laid a card, and the caption asks for no move
    assert board.view == puzzle.game.observe(puzzle.seat)
    names = [seat["name"] for seat in board.seats]
    assert names[puzzle.seat].endswith(", you") and not any("bot" in name for name in names)
    assert not any(seat["chosen"] for seat in board.seats)
    assert "takes no move" in board.caption
    with pytest.raises(ValueError, match="a bot for each"):
        CourtsBoard(bots=["greedy"])


def test_a_kept_game_is_replayed_where_it_was_and_new_game_goes_back_to_the_start():
    """What a reload does (``CourtsApp`` with ``keep``): the learner's moves, and only theirs, kept;
    replayed at the same seeded table they give the same game, past new deals and tokens taken."""
    from corinth.ui.courts import CourtsApp

    app = CourtsApp(seed=5, keep="lesson")
    board = app.board
    for _ in range(30):  # some rounds: tokens taken, a Court reloaded or a new deal on the way
        if board.view.phase == "choose":
            board.choose(board.hand[-1]["word"])
        else:
            court = next(c for c in board.courts if c["legal"])
            board.place(court["index"], court["takes"][0] if court["takes"] else None)
    kept = list(app.keeper.moves)
    # only the learner's own choices and placements: no card of a hand the page may not see
    assert kept == board.mine and all(m.startswith(("choose 1 ", "place ")) for m in kept)

    again = CourtsApp(seed=5, keep="lesson")
    again.keeper._on_page(again.keeper, {"event": "restore", "moves": kept}, [])
    assert again.board.view == board.view and again.board._game == board._game
    assert page_text(again.board) != page_text(CourtsApp(seed=5).board)
    assert again.keeper.moves == kept

    refused = CourtsApp(seed=5, keep="lesson")
    start = page_text(refused.board)
    refused.keeper._on_page(
        refused.keeper, {"event": "restore", "moves": kept[:1] + ["place x"]}, []
    )
    refused.board.restore(["choose 2 mill"])  # another seat's choice: never the learner's to replay
    assert page_text(refused.board) == start and refused.board.mine == []

    again.new_game()
    assert again.keeper.moves == [] and again.board.view == CourtsApp(seed=5).board.view


def test_undo_takes_back_the_learners_last_move_as_a_reload_would_find_the_game():
    """Undo replays the game from its start without the learner's last move, ``undo N`` kept in
    its place: the same game as a fresh board restored with those moves (what a reload does)."""
    from corinth.ui.courts import CourtsApp

    app = CourtsApp(seed=4, keep="lesson")
    board = app.board
    for _ in range(6):  # a card, its Court, the next card...: a round or more
        if board.view.phase == "choose":
            board.choose(board.hand[0]["word"])
        else:
            court = next(c for c in board.courts if c["legal"])
            board.place(court["index"], court["takes"][0] if court["takes"] else None)
    kept = list(app.keeper.moves)
    assert len(kept) == 6 and not app.undo_button.disabled
    before = board.table.position
    app.undo()
    assert app.keeper.moves == board.mine == kept[:-1] + ["undo 1"]
    again = CourtsBoard(seed=4)
    assert again.restore(board.mine) and again.view == board.view
    assert again._game == board._game and again.table.position == board.table.position
    assert board.table.position.seed != before.seed  # the deals and bots to come: fresh seeds
    app.undo()  # an undo again: the move before, and a later undo's number
    assert board.mine == kept[:-2] + ["undo 2"]
    while board.can_undo:
        app.undo()
    assert board.mine == ["undo 6"] and app.undo_button.disabled
    assert board.view == CourtsBoard(seed=4).view  # the first deal, as the learner sees it
    assert board.restore(["undo 6", "undo x"]) is False and board.mine == ["undo 6"]


def test_h1_undo_after_the_reveal_deals_the_unseen_cards_again():
    """A card laid and the others' cards revealed, then Undo: the others' hands are dealt again at
    random from what the learner sees (their view is the same), so the cards seen are not what the
    bots lay again; a reload finds the very same game."""
    from corinth.ui.courts import CourtsApp

    app = CourtsApp(seed=3, keep="lesson")
    board = app.board
    start, view = board._game, board.view
    word = board.hand[0]["word"]
    board.choose(word)
    seen = [r["label"] for r in board.revealed if r["seat"] != board.seat]
    app.undo()
    assert board.view == view and board.revealed == [] and app.keeper.moves == ["undo 1"]
    assert board._game.hands[0] == start.hands[0] and board._game.hands[1:] != start.hands[1:]
    assert "taken back" in board.announce
    board.choose(word)
    laid = [r["label"] for r in board.revealed if r["seat"] != board.seat]
    assert laid != seen and len(laid) == 3
    kept = list(app.keeper.moves)
    assert kept == ["undo 1", f"choose 1 {word}"]
    again = CourtsApp(seed=3, keep="lesson")
    again.keeper._on_page(again.keeper, {"event": "restore", "moves": kept}, [])
    assert again.board._game == board._game and again.board.revealed == board.revealed


def test_g1_at_the_end_the_cards_not_placed_are_back_in_hand_not_placed():
    """The game ends at once (G1): the revealed cards still to place went back to their players'
    hands, and the round's list says so, not "placed"."""
    from corinth.courts.bots import GreedyBot, play_game

    final = play_game([GreedyBot(s) for s in range(4)], seed=2)  # ends with a card to place
    board = CourtsBoard(game=final, seat=2)
    assert board._game.is_over and len(board.revealed) == 4
    notes = {r["name"]: r["note"] for r in board.revealed}
    assert notes == {
        "North": "placed",
        "East": "placed",
        "West": "placed",
        "South": "back to the hand",
    }
    back = next(r for r in board.revealed if r["name"] == "South")
    assert not back["placed"] and back["label"] in [
        f"{CARDS[c].describe()}" for c in board.view.hand
    ]
    playing = CourtsBoard(seed=4)
    playing.choose(playing.hand[0]["word"])  # a round under way: placed so far, else nothing yet
    assert {r["note"] for r in playing.revealed} <= {"placed", ""}
    assert [r["note"] == "placed" for r in playing.revealed] == [
        r["placed"] for r in playing.revealed
    ]


@pytest.mark.parametrize(
    "content",
    [
        None,
        5,
        "card",
        [],
        ["card", "mill"],
        {"event": "card", "word": 5},
        {"event": "card"},
        {"event": "court", "court": True},
        {"event": "court", "court": 4},
        {"event": "court", "court": "1"},
        {"event": "token", "court": 1, "colour": None},
        {"event": "cell", "index": 3},
    ],
    ids=repr,
)
def test_a_page_message_that_is_not_one_the_board_reads_is_refused_like_a_bad_click(content):
    """Whatever the page sends through the widget's message handler, nothing escapes it: a bad
    message is refused with the sentence every board says, and the game is as it was."""
    board = CourtsBoard(seed=1)
    before, text = board._game, page_text(board)
    board._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )
    assert board.message.startswith("the page's"), board.message
    assert board._game is before and page_text(board) == text
    board._handle_msg(
        {
            "content": {
                "data": {
                    "method": "custom",
                    "content": {"event": "card", "word": board.hand[0]["word"]},
                }
            },
            "buffers": [],
        }
    )
    assert board.message == "" and board._game is not before  # a good message still plays


def test_the_hint_ranks_the_learners_moves_from_their_own_view_and_goes_with_the_next_move():
    from corinth.ui.courts import CourtsApp

    app = CourtsApp(seed=4)
    app.hint()
    choices = re.findall(r"<li>(.*?)</li>", app.hints.value)
    assert len(choices) == 3 and all(c.startswith("Lay the ") for c in choices)
    app.board.choose(app.board.hand[0]["word"])
    assert app.hints.value == ""
    app.hint()  # the learner's revealed card is next: its Courts, ranked
    assert "Beside the " in app.hints.value


def test_at_the_end_hint_is_off_and_undo_takes_the_last_move_back():
    """The buttons follow the game once the bots have answered: at the end Hint is off (nothing
    to rank) and Undo on; Undo opens the game again, and Hint with it."""
    from corinth.ui.courts import CourtsApp

    app = CourtsApp(seed=4)
    board = app.board
    while not board.table.position.is_over():
        if board.view.phase == "choose":
            board.choose(board.hand[0]["word"])
        else:
            court = next(c for c in board.courts if c["legal"])
            board.place(court["index"], court["takes"][0] if court["takes"] else None)
    assert app.hint_button.disabled and not app.undo_button.disabled
    app.undo()
    assert not board.table.position.is_over() and not app.hint_button.disabled


def test_g6_at_the_end_the_board_says_how_the_game_ended_and_why_the_winner_won():
    """The end of the game on the board (issue 43, item 4): the engine's sentences (why it ended,
    each seat's tokens by colour, the bonus colours, the points, the tie-break), their rules' words
    for the marks to open, the same words in the text form, and a caption that points at them."""
    from corinth.courts.bots import GreedyBot, play_game
    from corinth.courts.catalogue import rule_words
    from corinth.courts.ending import end_words

    final = play_game([GreedyBot(s) for s in range(4)], seed=1)  # East, South, West tie on 6
    board = CourtsBoard(game=final, seat=2)
    assert board.ending == end_words(final) and len(board.ending) > 10
    assert any("(G6)" in line for line in board.ending)
    assert board.rules == {r: rule_words(r) for r in ("G1", "G2", "G3", "G6")}
    assert board.caption.startswith("The game is over.") and "You won" in board.caption
    assert repr(board).endswith(board.ending[-1])
    playing = CourtsBoard(seed=4)
    assert playing.ending == [] and playing.rules == {}
    playing.place(0)  # refused: its rules' words come with it
    assert set(playing.rules) == {"R1", "R2"} and playing.rules["R1"] == rule_words("R1")
