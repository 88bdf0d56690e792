"""The Four Courts' engine: one test (at least) per rule ID of ``corinth/courts/RULES.md``, playouts
with invariants, saving and loading, and hidden information."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corinth.courts import cards as deck
from corinth.courts.bots import GreedyBot, ISMCTSBot, RandomBot, play_game
from corinth.courts.cards import CARDS, COURT_SUITS, COURTS, FITS, STRENGTH, SUITS, card_index
from corinth.courts.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Choose,
    CourtsError,
    Deal,
    IllegalMove,
    Place,
    deal_all,
    from_json,
    new_game,
    parse,
    shuffle_unseen,
    to_json,
)

W = {name.lower(): i for i, name in enumerate(SUITS)}


def c(word: str) -> int:
    return card_index(word)


def started(players: int = 4, seed: int = 1, bonus: str = "moons suns waves knots"):
    return deal_all(new_game(players).apply(f"bonus {bonus}"), random.Random(seed))


def with_hands(game, *hands):
    """The game with these hands (card words), the other cards face down in the discard."""
    hands = tuple(tuple(sorted(c(w) for w in h)) for h in hands)
    used = {x for h in hands for x in h} | {x for k in game.sides for s in k for x in s}
    rest = tuple(x for x in range(40) if x not in used)
    return replace(game, hands=hands, discard_hidden=rest, discard_seen=())


def refused(game, move, rule):
    with pytest.raises(IllegalMove) as err:
        game.apply(move)
    assert err.value.rule == rule
    assert f"({rule})" in str(err.value)


def choose_all(game, *words):
    for seat, word in enumerate(words):
        game = game.apply(Choose(seat, c(word)))
    return game


# --- cards and tokens ----------------------------------------------------------------------------


def test_c1_the_deck_is_44_cards_the_courts_on_the_table_40_dealt():
    ranks = [card.rank for card in CARDS]
    assert len(CARDS) == 44 and ranks.count("ace") == 6 and ranks.count("crown") == 6
    assert sum(r.isdigit() for r in ranks) == 24 and ranks.count("pawn") == 4
    assert [card.word for card in CARDS[40:]] == list(COURTS)
    game = started(4)
    assert sorted(game.card_places()) == list(range(40))


def test_c1_a_malformed_card_list_is_refused(tmp_path: Path):
    text = deck.seeds_path().read_text(encoding="utf-8")
    short = tmp_path / "short.toml"
    short.write_text(text.replace('  { id = "mill"', '  # { id = "mill"'), encoding="utf-8")
    with pytest.raises(deck.DeckError, match="C1"):
        deck.load_deck(short)
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('"Waves", "Leaves"] }', '"Stars"] }', 1), encoding="utf-8")
    with pytest.raises(deck.DeckError, match="C3"):
        deck.load_deck(bad)


def test_c2_ranks_after_9_are_pawn_crown_ace_and_values_follow():
    def top(rank):
        return max(STRENGTH[i] for i in range(40) if CARDS[i].rank == rank)

    def bottom(rank):
        return min(STRENGTH[i] for i in range(40) if CARDS[i].rank == rank)

    assert top("9") < bottom("pawn") and top("pawn") < bottom("crown")
    assert top("crown") < bottom("ace")
    assert bottom("2") == 0  # the list starts at 2: the Ace is not the lowest card
    assert CARDS[c("ace-moons")].value == 12 and CARDS[c("huntress")].value == 11
    assert CARDS[c("watchman")].value == 10 and CARDS[c("mill")].value == 8


def test_c3_suits_break_a_tie_of_rank_moons_strongest():
    # the 2s: the Author (Moons), the Desert (Suns), the Origin (Waves)
    assert STRENGTH[c("author")] > STRENGTH[c("desert")] > STRENGTH[c("origin")]
    assert STRENGTH[c("ace-moons")] > STRENGTH[c("ace-suns")] > STRENGTH[c("ace-knots")]
    # the Harvest and the Watchman both have Moons: next, Suns beats Leaves
    assert STRENGTH[c("harvest")] > STRENGTH[c("watchman")]
    assert sorted(STRENGTH[:40]) == list(range(40))  # no two cards tie


def test_c4_courts_suits_each_suit_on_two_courts():
    named = {COURTS[k]: {SUITS[s] for s in COURT_SUITS[k]} for k in range(4)}
    assert named == {
        "island": {"Suns", "Waves", "Wyrms"},
        "consul": {"Moons", "Waves", "Knots"},
        "rite": {"Moons", "Leaves", "Wyrms"},
        "window": {"Suns", "Leaves", "Knots"},
    }
    for s in range(6):
        assert sum(s in COURT_SUITS[k] for k in range(4)) == 2


def test_c5_42_tokens_seven_of_each_colour_from_the_start():
    for game in (new_game(4), new_game(4).apply("bonus moons suns waves knots")):
        places = game.token_places()
        assert [sum(p[k] for p in places.values()) for k in range(6)] == [7] * 6


# --- set-up ----------------------------------------------------------------------------------------


def test_s1_three_or_four_players_at_the_cardinal_points():
    assert len(new_game(3).sides[0]) == 3 and len(new_game(4).sides[0]) == 4
    for players in (2, 5, True, "4", 4.0, 3.0, None):
        with pytest.raises(CourtsError, match=r"3 or 4 players \(S1\), not "):
            new_game(players)
    assert "East" in new_game(3).describe("choose 2 mill")
    refused(started(3), Choose(3, 0), "S1")


def test_s2_three_tokens_on_each_court_one_of_each_suit():
    game = new_game(4)
    assert game.court_tokens == COURT_SUITS
    assert all(len(set(t)) == 3 for t in game.court_tokens)


def test_s3_the_bonus_draw_is_a_chance_node_of_15_outcomes():
    game = new_game(4)
    assert game.current_player == CHANCE
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 15 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    after = game.apply("bonus knots moons waves suns")
    assert after.bonus == (0, 1, 2, 5)
    refused(after, "bonus moons suns waves knots", "S3")
    with pytest.raises(CourtsError, match="four different"):
        parse("bonus moons moons waves knots")


def test_s4_two_bonus_tokens_aside_two_others_out_of_the_game():
    places = new_game(4).apply("bonus moons suns leaves knots").token_places()
    assert places["bonus aside"] == (2, 2, 0, 2, 0, 2)
    assert places["out of the game"] == (0, 0, 2, 0, 2, 0)


def test_s5_the_reserve_is_three_of_each_colour():
    assert new_game(3).apply("bonus moons suns waves knots").reserve == (3,) * 6


def test_s6_ten_each_for_four_thirteen_each_and_one_face_down_for_three():
    four, three = started(4), started(3)
    assert [len(h) for h in four.hands] == [10] * 4 and not four.discard_hidden
    assert [len(h) for h in three.hands] == [13] * 3 and len(three.discard_hidden) == 1
    dealing = new_game(4).apply("bonus moons suns waves knots")
    outcomes = dealing.chance_outcomes()
    assert len(outcomes) == 40 and all(p == 1 / 40 for _, p in outcomes)
    once = dealing.apply(Deal(5))
    refused(once, Deal(5), "S6")
    assert once.hands[0] == (5,) and once.describe(Deal(6)) == "A card is dealt to player 2 (East)."


# --- a round ---------------------------------------------------------------------------------------


def test_r1_choices_are_made_at_once_face_down_and_once():
    game = started(4)
    assert game.current_player == SIMULTANEOUS and game.to_choose() == (0, 1, 2, 3)
    card = game.hands[1][0]
    after = game.apply(Choose(1, card))
    refused(after, Choose(1, game.hands[1][1]), "R1")
    refused(after, Choose(0, game.hands[1][1]), "R1")  # not in player 1's hand
    refused(game, Place(0), "R1")
    assert after.observe(0).chosen is None and after.observe(0).has_chosen[1]
    assert after.observe(1).chosen == card
    seen = after.observe(0, history=True).history
    assert seen[-1] == "choose 2 a-card" and f" {CARDS[card].word}" not in " ".join(seen)
    assert after.describe(Choose(1, card), seat=0) == "Player 2 (East) lays a card face down."


def test_r1_a_card_not_in_the_hand_is_refused_in_plain_words():
    game = with_hands(started(4), ["mill"], ["ace-moons"], ["author"], ["huntress"])
    with pytest.raises(IllegalMove) as err:
        game.apply("choose 1 ace-moons")
    assert str(err.value) == "the Ace of Moons is not in player 1 (North)'s hand (R1)"
    assert "has no the" not in str(err.value)
    with pytest.raises(IllegalMove, match=r"^the Mill is not in player 2 \(East\)'s hand \(R1\)$"):
        game.apply("choose 2 mill")


def test_r2_the_cards_are_played_highest_first():
    game = with_hands(started(4), ["mill"], ["ace-knots"], ["author"], ["huntress"])
    game = choose_all(game, "mill", "ace-knots", "author", "huntress")
    assert game.phase == "place"
    assert [CARDS[x].word for _, x in game.queue] == ["ace-knots", "huntress", "mill", "author"]
    assert game.current_player == 1


def test_r3_a_card_goes_beside_a_court_sharing_a_suit_on_its_own_side():
    game = with_hands(started(4), ["ace-knots"], ["mill"], ["author"], ["huntress"])
    game = choose_all(game, "ace-knots", "mill", "author", "huntress")
    refused(game, "place island", "R3")  # Knots: the Consul and the Window only
    assert {m.court for m in game.legal_moves()} == {1, 3}
    after = game.apply("place window")
    assert after.sides[3][0] == (c("ace-knots"),) and game.sides[3][0] == ()
    assert after.current_player == 3  # the Huntress next


def test_r4_every_card_fits_at_least_two_courts():
    assert all(len(FITS[x]) >= 2 for x in range(40))


def _two_beside(game, court: str, seat: int, words=("origin", "sailor")):
    k = COURTS.index(court)
    sides = [list(s) for s in game.sides]
    sides[k][seat] = tuple(c(w) for w in words)
    return replace(game, sides=tuple(tuple(s) for s in sides))


def test_r5_the_third_card_takes_a_token_of_choice_and_goes_to_the_discard():
    game = _two_beside(started(4), "island", 0)
    game = _two_beside(game, "island", 1, ("lunatic", "journey"))
    game = with_hands(game, ["mill"], ["cave"], ["author"], ["desert"])
    game = choose_all(game, "mill", "cave", "author", "desert")
    assert game.current_player == 0  # the Mill (8) before the Cave (7)
    refused(game, "place island", "R5")  # which token?
    refused(game, "place consul take waves", "R5")  # first card there
    assert {m.take for m in game.legal_moves() if m.court == 0} == {1, 2, 4}
    after = game.apply("place island take wyrms")
    assert after.won[0][W["wyrms"]] == 1 and after.court_tokens[0] == (1, 2)
    assert after.sides[0][0] == () and set(after.discard_seen) == {
        c("origin"),
        c("sailor"),
        c("mill"),
    }
    assert after.sides[0][1] == (c("lunatic"), c("journey"))  # the others' cards stay
    refused(after, "place island take wyrms", "R5")  # no Wyrms left: the second chooses of two
    second = after.apply("place island take waves")
    assert second.court_tokens[0] == (1,)


def test_r6_the_same_player_may_take_again_at_the_same_court():
    game = _two_beside(started(4), "island", 0)
    game = replace(game, court_tokens=((1, 2),) + game.court_tokens[1:])
    game = with_hands(
        game, ["mill", "cave", "discovery", "penitent"], ["ace-knots"] * 1, ["author"], ["huntress"]
    )
    game = choose_all(game, "mill", "ace-knots", "author", "huntress")
    game = game.apply("place consul").apply("place consul")  # Ace of Knots, the Huntress
    game = game.apply("place island take suns").apply("place consul")
    assert game.won[0][W["suns"]] == 1 and game.sides[0][0] == ()
    assert game.phase == "choose"


def test_r7_the_third_token_taken_reloads_the_court_from_the_reserve():
    game = _two_beside(started(4), "island", 0)
    game = replace(game, court_tokens=((4,),) + game.court_tokens[1:])
    game = with_hands(game, ["mill"], ["ace-knots"], ["author"], ["huntress"])
    game = choose_all(game, "mill", "ace-knots", "author", "huntress")
    game = game.apply("place consul").apply("place consul")
    refused(game, "place island", "R5")  # the last token too is named: one notation a move
    after = game.apply("place island take wyrms")
    assert after.history[-1] == "place island take wyrms"
    assert after.court_tokens[0] == COURT_SUITS[0]
    assert after.reserve == (3, 2, 2, 3, 2, 3)


def test_r8_the_tokens_won_are_seen_by_every_seat():
    game = replace(started(4), won=((0, 1, 0, 0, 0, 0),) + ((0,) * 6,) * 3)
    assert all(game.observe(s).won[0][1] == 1 for s in range(4))


def test_r9_when_the_hands_are_empty_the_discard_is_dealt_again():
    game = play_game([GreedyBot(s) for s in range(4)], seed=7)
    assert game.deals >= 2  # the game went on past the first deal
    rng = random.Random(3)
    game = started(4, seed=3)
    bots = [GreedyBot(s) for s in range(4)]
    while game.deals == 1 and not game.is_over:
        if game.phase == "choose":
            for s in game.to_choose():
                game = game.apply(bots[s].choose(game.observe(s)))
        else:
            before = game
            game = game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
            if game.phase == "deal":
                break
    assert game.phase == "deal" and not any(game.hands)
    discard = set(before.discard_seen) | set(before.discard_hidden)
    assert set(game.pool) >= discard and game.deal_size == len(game.pool) // 4
    assert game.deal_size <= 10
    game = deal_all(game, rng)
    assert [len(h) for h in game.hands] == [game.deal_size] * 4
    assert sorted(game.card_places()) == list(range(40))


def test_d1_the_discard_holds_seen_trios_and_unseen_leftovers():
    game = started(3)
    view = game.observe(0)
    assert view.discard_hidden == 1 and view.discard_seen == ()
    assert game.discard_hidden[0] in view.unseen()


# --- the end and the score -------------------------------------------------------------------------


def test_g1_the_game_ends_at_once_when_a_court_cannot_be_reloaded():
    game = _two_beside(started(4), "island", 0)
    game = replace(game, court_tokens=((4,),) + game.court_tokens[1:], reserve=(3, 3, 3, 3, 0, 3))
    game = with_hands(
        game, ["mill", "sea"], ["ace-knots", "end"], ["author", "bard"], ["huntress", "calamity"]
    )
    game = choose_all(game, "mill", "ace-knots", "author", "huntress")
    game = game.apply("place consul").apply("place consul").apply("place island take wyrms")
    assert game.is_over and game.current_player == TERMINAL
    assert "Island" in game.ended
    assert c("author") in game.hands[2]  # never played: back in hand
    refused(game, "place rite", "G1")


def _ended(won, hands=None, bonus=(0, 1, 2, 5)):
    players = len(won)
    game = replace(
        new_game(players).apply("bonus " + " ".join(SUITS[b] for b in bonus)),
        won=tuple(tuple(w) for w in won),
    )
    if hands:
        game = replace(game, hands=tuple(tuple(c(w) for w in h) for h in hands))
    return game._finish("a test")


def test_g2_a_token_is_a_point():
    game = _ended([(0, 0, 0, 1, 1, 0), (0, 0, 0, 1, 0, 0), (0,) * 6])
    assert game.scores() == (2, 1, 0)


def test_g3_the_bonus_goes_to_the_most_with_two_or_more_shared_by_two():
    game = _ended([(3, 2, 1, 0, 0, 0), (2, 2, 0, 0, 0, 0), (0, 0, 1, 0, 0, 1)])
    assert game.bonus_won[0] == (2, 1, 0, 0, 0, 0)  # Moons alone; Suns shared
    assert game.bonus_won[1] == (0, 1, 0, 0, 0, 0)
    assert game.bonus_won[2] == (0,) * 6  # one Waves, one Knots: fewer than two
    places = game.token_places()
    assert places["bonus aside"] == (0, 0, 2, 0, 0, 2)
    assert game.scores() == (6 + 3, 4 + 1, 2)


def test_g4_three_tied_for_a_bonus_colour_nobody_takes_it():
    game = _ended([(2, 0, 0, 0, 0, 0)] * 3)
    assert all(b == (0,) * 6 for b in game.bonus_won)
    assert game.token_places()["bonus aside"][0] == 2


def test_g5_the_most_points_wins():
    game = _ended([(1, 0, 0, 0, 0, 0), (0, 0, 0, 1, 1, 0), (0,) * 6])
    assert game.winners() == (1,) and game.returns() == (0.0, 1.0, 0.0)


def test_g6_tied_players_the_highest_hand_value_wins():
    game = _ended([(0, 0, 0, 1, 0, 0)] * 3, hands=[["mill"], ["author", "origin"], ["ace-moons"]])
    assert game.winners() == (2,)  # 12 against 8 and 4


def test_g7_still_tied_the_highest_card_wins_else_a_shared_win():
    game = _ended([(0,) * 6] * 3, hands=[["mill"], ["market", "origin"], []])
    assert game.winners() == (0,)  # 8 and 8: the Mill (8) beats the Market (6)
    shared = _ended([(0,) * 6] * 3, hands=[[], [], []])
    assert shared.winners() == (0, 1, 2) and shared.returns() == (1 / 3,) * 3


# --- hidden information ----------------------------------------------------------------------------


def test_h1_a_seat_sees_its_own_hand_only():
    game = started(4, seed=11)
    for seat in range(4):
        view = game.observe(seat, history=True)
        assert view.hand == game.hands[seat]
        shown = json.dumps(view.__dict__, default=str) + view.to_json()
        others = {x for s in range(4) if s != seat for x in game.hands[s]}
        assert not others & set(view.hand)
        assert "deal a-card" in view.history and not any(
            f'"{CARDS[x].word}"' in view.to_json() for x in others
        )
        assert len(shown) > 0 and others <= set(view.unseen())
    assert "hand: 10 cards" in game.text(seat=0)
    assert not any(f" {CARDS[x].word}," in game.text(0) for x in game.hands[1])


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot, ISMCTSBot])
def test_h1_a_bot_plays_the_same_whatever_another_hand_holds(bot):
    game = started(4, seed=5)
    swapped = list(game.hands)  # players 2 and 3 swap their hands: seat 1 sees no difference
    swapped[1], swapped[2] = swapped[2], swapped[1]
    other = replace(game, hands=tuple(swapped))
    assert other != game and other.observe(0) == game.observe(0)
    kwargs = {"iterations": 12} if bot is ISMCTSBot else {}
    assert bot(9, **kwargs).choose(game.observe(0)) == bot(9, **kwargs).choose(other.observe(0))


def test_h1_a_determinized_view_keeps_what_the_seat_sees():
    game = started(3, seed=2).apply(Choose(1, started(3, seed=2).hands[1][0]))
    view = game.observe(0)
    world = view.determinize(random.Random(1))
    assert world.hands[0] == game.hands[0] and world.observe(0).hand == view.hand
    assert [len(h) for h in world.hands] == [13, 13, 13]
    assert sorted(world.card_places()) == list(range(40))


def _round_played(game, seat: int = 0):
    """The game after one round of greedy choices and placings (a new deal may follow)."""
    for s in game.to_choose():
        game = game.apply(GreedyBot(s).choose(game.observe(s)))
    while game.phase == "place":
        game = game.apply(GreedyBot(1).choose(game.observe(game.current_player)))
    return deal_all(game, random.Random(seat))


@pytest.mark.parametrize("players", [3, 4])
def test_h1_an_undo_deals_again_the_cards_the_seat_has_not_seen(players):
    """What an undo comes back to (``shuffle_unseen``): the seat sees the same game, the other
    hands and the face-down discard are dealt again at random, and the history says so (the save
    replays to it)."""
    game = _round_played(started(players, seed=6))  # a round on: some cards beside the Courts
    assert game.phase == "choose" and game.rounds == 1
    worlds = [shuffle_unseen(game, 0, random.Random(k)) for k in range(8)]
    hidden = {x for s in range(1, players) for x in game.hands[s]} | set(game.discard_hidden)
    for world in worlds:
        assert world.observe(0) == game.observe(0)  # nothing the seat sees has changed
        assert world.hands[0] == game.hands[0] and world.sides == game.sides
        assert {x for s in range(1, players) for x in world.hands[s]} | set(
            world.discard_hidden
        ) == hidden
        assert from_json(to_json(world)) == world  # the rewritten deal replays
        assert [m.split()[0] for m in world.history] == [m.split()[0] for m in game.history]
    assert len({w.hands for w in worlds}) == 8  # dealt again, each time otherwise
    if players == 3:  # the face-down discard card is among the cards dealt again
        assert len({w.discard_hidden for w in worlds}) > 1
    assert shuffle_unseen(game, 0, random.Random(3)) == worlds[3]  # the same draw, the same game


def test_h1_an_undo_keeps_what_is_placed_and_what_the_seat_laid():
    game = started(4, seed=7)
    game = game.apply(Choose(0, game.hands[0][0]))  # the seat's own card, face down: kept
    world = shuffle_unseen(game, 0, random.Random(1))
    assert world.chosen[0] == game.chosen[0] and world.hands[0] == game.hands[0]
    placing = game
    for s in placing.to_choose():  # the reveal: the cards to place are seen by all, and kept
        placing = placing.apply(Choose(s, placing.hands[s][0]))
    assert placing.phase == "place"
    world = shuffle_unseen(placing, 0, random.Random(1))
    assert world.queue == placing.queue and world.observe(0) == placing.observe(0)
    assert world.hands != placing.hands and world.apply(placing.legal_moves()[0])
    placing = choose_all(
        with_hands(started(4), ["mill"], ["cave"], ["author"], ["huntress"]),
        "mill",
        "cave",
        "author",
        "huntress",
    )
    with pytest.raises(CourtsError, match="moves do not make it"):  # made by hand, not by moves
        shuffle_unseen(placing, 0, random.Random(1))
    with pytest.raises(CourtsError, match="face down"):
        shuffle_unseen(game, 1, random.Random(1))  # seat 1's own card lies face down for seat 2
    with pytest.raises(CourtsError, match="choose or place"):
        shuffle_unseen(new_game(4).apply("bonus moons suns waves knots"), 0, random.Random(1))
    with pytest.raises(CourtsError, match="no player 5"):
        shuffle_unseen(started(4), 4, random.Random(1))
    over = play_game([GreedyBot(1), RandomBot(2), GreedyBot(3)], seed=4)
    with pytest.raises(CourtsError, match="choose or place"):
        shuffle_unseen(over, 0, random.Random(1))


# --- playouts, saving and loading ------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]))
def test_playouts_keep_every_card_and_every_token(seed, players):
    rng = random.Random(seed)
    game = new_game(players)
    while not game.is_over:
        moves = game.legal_moves()
        assert moves
        game = game.apply(rng.choice(moves))
        places = game.token_places()
        assert [sum(p[k] for p in places.values()) for k in range(6)] == [7] * 6
        cards = game.card_places()
        assert len(cards) == len(set(cards)) and (game.phase == "bonus" or len(cards) == 40)
        assert all(len(game.sides[k][s]) <= 2 for k in range(4) for s in range(players))
    assert game.winners() and abs(sum(game.returns()) - 1) < 1e-9


def test_save_and_load_replay_the_same_game():
    game = play_game([GreedyBot(1), RandomBot(2), GreedyBot(3)], seed=4)
    assert from_json(to_json(game)) == game
    assert from_json(to_json(game).encode()) == game


@pytest.mark.parametrize(
    "text, problem",
    [
        ("{", "not valid JSON"),
        ('{"format": "x"}', "not a saved Four Courts game"),
        ('{"format": "four-courts-game", "version": 2}', "version 1"),
        ('{"format": "four-courts-game", "version": 1, "players": 4, "moves": [1]}', "moves"),
        ('{"format": "four-courts-game", "version": 1, "players": 4, "moves": [], "x": 1}', "'x'"),
        ('{"format": "four-courts-game", "version": 1, "players": 2, "moves": []}', "3 or 4"),
        (
            '{"format": "four-courts-game", "version": 1, "players": 4, '
            '"moves": ["bonus moons suns waves knots", "place island"]}',
            r"move 2 .* \(S6\)",
        ),
        ('{"format": "four-courts-view", "version": 1}', "one seat's view"),
        (
            '{"format": "four-courts-game", "version": 1, "players": 4.0, "moves": []}',
            r"3 or 4 players \(S1\), not 4\.0",
        ),
        (
            '{"format": "four-courts-game", "version": 1, "players": 4, "moves": [], "players": 3}',
            "the key 'players' is written twice",
        ),
    ],
)
def test_a_bad_save_is_refused_with_its_problem(text, problem):
    with pytest.raises(CourtsError, match=problem):
        from_json(text)


def test_a_seat_view_saved_shows_its_own_hand_and_masks_the_others():
    game = started(4, seed=8)
    game = game.apply(Choose(2, game.hands[2][0]))
    saved = json.loads(game.observe(0, history=True).to_json())
    assert saved["format"] == "four-courts-view" and saved["seat"] == 1
    assert saved["hand"] == [CARDS[x].word for x in game.hands[0]]
    assert "choose 3 a-card" in saved["moves"]
    assert not any(f'"{CARDS[x].word}"' in json.dumps(saved) for x in game.hands[2])


def test_moves_read_back_and_are_told_in_sentences():
    for text in (
        "bonus moons suns waves knots",
        "deal mill",
        "choose 2 mill",
        "place island",
        "place island take wyrms",
    ):
        assert str(parse(text)) == text
    with pytest.raises(CourtsError, match="cannot read"):
        parse("play the mill")
    with pytest.raises(CourtsError, match="no card"):
        parse("choose 1 joker")
    game = with_hands(started(4), ["mill"], ["cave"], ["author"], ["huntress"])
    game = choose_all(game, "mill", "cave", "author", "huntress")
    assert game.describe("place consul") == (
        "Player 4 (West) puts the Huntress (Crown, Moons) beside the Consul."
    )
