"""The end of a game of The Four Courts explained (``corinth.courts.ending``, issue 43, item 4): why
it ended (G1), each player's tokens by colour (G2), each bonus colour's two tokens and who took them,
or why nobody did (G3, G4), and where the most points tie, the hands with each card's value and the
total (G6), then the highest card (G7); the words always name the winners the engine names."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from corinth.courts.bots import GreedyBot, RandomBot, play_game
from corinth.courts.cards import SEATS
from corinth.courts.ending import end_words, result_words
from tests.rules.test_courts import _ended


def test_g1_the_words_say_which_court_could_not_be_reloaded_and_the_cards_back_in_hand():
    game = play_game([GreedyBot(s) for s in range(4)], seed=2)  # ends with cards still to place
    first = end_words(game)[0]
    court = game.ended.split()[1]  # "the Consul could not be reloaded"
    assert first.startswith(f"The game ended when the last token of the {court} was taken")
    assert "(G1)" in first and "went back to their players' hands" in first
    back = [s for s, card in game.revealed if card in game.hands[s]]
    assert back and all(SEATS[s] in first.split("went back")[1] for s in back)
    assert end_words(replace(game, phase="place")) == []  # nothing said before the end


def test_g2_each_players_tokens_by_colour_and_the_points():
    game = _ended([(3, 2, 1, 0, 0, 0), (2, 2, 0, 0, 0, 0), (0, 0, 1, 0, 0, 1)])
    words = end_words(game)
    assert words[1] == "North won 6 tokens: 3 Moons, 2 Suns and 1 Waves."
    assert words[3] == "South won 2 tokens: 1 Waves and 1 Knots."
    assert "Points, one for every token (G2): North 6 + 3 bonus = 9, East 4 + 1 bonus = 5, " in (
        " ".join(words)
    )
    empty = _ended([(1, 0, 0, 0, 0, 0), (0,) * 6, (0,) * 6])
    assert "East won no token." in end_words(empty)


def test_g3_each_bonus_colours_two_tokens_and_who_took_them_or_why_nobody():
    # bonus colours Moons, Suns, Waves, Knots
    game = _ended([(3, 2, 1, 0, 0, 0), (2, 2, 0, 0, 0, 0), (0, 0, 1, 0, 0, 1)])
    said = {line.split(" (")[0]: line for line in end_words(game) if line.startswith("Bonus")}
    assert said["Bonus colour Moons"] == (
        "Bonus colour Moons (North 3, East 2, South 0): North has the most, 3 (two at least are "
        "needed), and takes both bonus Moons tokens (G3)."
    )
    assert said["Bonus colour Suns"].endswith(
        "North and East tie with 2 each and take one bonus Suns token each (G3)."
    )
    for colour in ("Waves", "Knots"):  # one token at most: fewer than two
        assert said[f"Bonus colour {colour}"].endswith(
            f"nobody has two {colour} tokens, so its two bonus tokens stay aside (G3)."
        )
    assert list(said) == [f"Bonus colour {s}" for s in ("Moons", "Suns", "Waves", "Knots")]


def test_g4_three_tied_for_a_bonus_colour_the_words_say_why_nobody_takes_it():
    game = _ended([(2, 0, 0, 0, 0, 0)] * 3 + [(1, 0, 0, 0, 0, 0)])
    moons = next(line for line in end_words(game) if line.startswith("Bonus colour Moons"))
    assert moons == (
        "Bonus colour Moons (North 2, East 2, South 2, West 1): North, East and South tie with 2 "
        "each; two tokens cannot be shared among 3 players, so nobody takes them (G4)."
    )
    assert all(b == (0,) * 6 for b in game.bonus_won)


def test_g5_no_tie_the_most_points_win():
    game = _ended([(1, 0, 0, 0, 0, 0), (0, 0, 0, 1, 1, 0), (0,) * 6])
    assert result_words(game, SEATS) == ["East has the most points, 2, and wins (G5)."]


def test_g6_the_tied_players_hands_with_each_cards_value_and_the_total():
    game = _ended(
        [(0, 0, 0, 1, 0, 0)] * 3, hands=[["mill"], ["author", "origin", "borderland"], ["huntress"]]
    )
    assert result_words(game, SEATS) == [
        "North, East and South tie on 1 point, so the cards left in their hands decide: the "
        "higher total of their values wins, each card counting its number, a Pawn 10, a Crown "
        "11, an Ace 12 (G6).",
        "North holds the Mill (8): a total of 8.",
        "East holds the Borderland (Pawn, 10), the Author (2) and the Origin (2): a total of 14.",
        "South holds the Huntress (Crown, 11): a total of 11.",
        "East has the highest total, 14, and wins (G6).",
    ]
    assert game.winners() == (1,)


def test_g7_the_totals_tie_too_the_highest_card_by_rank_then_by_suit():
    by_rank = _ended([(0,) * 6] * 3, hands=[["mill"], ["market", "origin"], []])
    last = result_words(by_rank, SEATS)[-1]
    assert last.startswith("North and East tie on that total too, 8, so the highest card decides")
    assert "The Mill is the highest: an 8 is higher than a 6 (C2). North wins." in last
    # two Pawns of the same total: their suits, strongest first (C3)
    by_suit = _ended([(0,) * 6] * 3, hands=[["borderland"], ["watchman"], ["origin"]])
    last = result_words(by_suit, SEATS)[-1]
    assert "both are Pawns, and Moons is stronger than Waves (C3). East wins." in last
    assert by_suit.winners() == (1,)
    shared = _ended([(0,) * 6] * 3, hands=[[], [], []])
    assert result_words(shared, SEATS)[-1] == (
        "North, East and South have no card left in hand: they share the win (G7)."
    )


@pytest.mark.parametrize("players", [3, 4])
def test_the_words_name_the_winners_the_engine_names_and_the_bonus_it_gave(players):
    for seed in range(60):
        bots = [GreedyBot(seed * 10 + s) if s % 2 else RandomBot(s) for s in range(players)]
        game = play_game(bots, seed=seed, players=players)
        words = end_words(game)
        said = re.findall(
            r"(\w+) (?:has the most points, \d+, and |has the highest total, \d+, and )?wins",
            words[-1],
        )
        if len(game.winners()) == 1:
            assert said == [SEATS[game.winners()[0]]], words[-1]
        else:
            assert words[-1].endswith("they share the win (G7)."), words[-1]
        for colour_line, colour in zip(
            [w for w in words if w.startswith("Bonus colour")], game.bonus, strict=True
        ):
            takers = [SEATS[s] for s in range(players) if game.bonus_won[s][colour]]
            for name in takers:
                assert name in colour_line.split(": ", 1)[1]
            if not takers:
                assert "nobody" in colour_line
