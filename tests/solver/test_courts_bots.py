"""The Four Courts' ``ismcts-far`` bot: it decides from its own seat's observation only (a game that
differs in cards it cannot see gets the same choice), its playout plays the engine's game, and it
is a bot of the protocol like the others."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from corinth.courts import bots
from corinth.courts.bots import FarISMCTSBot, GreedyBot, _Playout, _rollout, make_bot, play_game
from corinth.courts.game import Choose, deal_all, new_game
from corinth.courts.protocol import FOUR_COURTS


def started(players: int = 4, seed: int = 1):
    return deal_all(new_game(players).apply("bonus moons suns waves knots"), random.Random(seed))


def positions(seed: int, players: int = 4):
    """Every position where a seat decides in a seeded game of greedy bots, with that seat."""
    rng, game = random.Random(seed), new_game(players)
    greedy = [GreedyBot(s) for s in range(players)]
    while not game.is_over:
        if game.is_chance:
            game = deal_all(game, rng)
            continue
        seats = game.to_choose() if game.phase == "choose" else (game.current_player,)
        for s in seats:
            yield game, s
        for s in seats:
            game = game.apply(greedy[s].choose(game.observe(s)))


def test_the_far_search_is_a_bot_of_the_protocol():
    assert make_bot("ismcts-far", 1).name == "ismcts-far" == bots.BOTS["ismcts-far"].name
    assert "ismcts-far" in FOUR_COURTS.bots
    state = FOUR_COURTS.new(players=3, seed=2)
    while state.is_chance():
        state = state.apply(state.sample())  # the game's own seed
    seat = FOUR_COURTS.make_bot("ismcts-far", seed=1, players=3)
    assert seat.choose(state, 0) in state.legal_moves(0)


@pytest.mark.parametrize("seed", [5, 6])
def test_its_choice_comes_from_its_own_observation_only(seed):
    game = started(3, seed=seed)  # 13 cards each, 1 face down in the discard
    hands = list(game.hands)
    hands[1], hands[2] = hands[2], hands[1]  # East and South swap their hands
    swapped = replace(game, hands=tuple(hands))
    # and a card of South's hand traded for the one face down in the discard
    south, hidden = list(game.hands[2]), list(game.discard_hidden)
    south[0], hidden[0] = hidden[0], south[0]
    hands = list(game.hands)
    hands[2] = tuple(sorted(south))
    traded = replace(game, hands=tuple(hands), discard_hidden=tuple(hidden))
    for other in (swapped, traded):
        assert other != game and other.observe(0) == game.observe(0)
        assert FarISMCTSBot(9).choose(game.observe(0)) == FarISMCTSBot(9).choose(other.observe(0))


def test_its_choice_is_the_same_whatever_another_seat_has_laid_face_down():
    game = started(4, seed=7)
    laid = game.apply(Choose(2, game.hands[2][0]))
    other = game.apply(Choose(2, game.hands[2][-1]))
    assert laid != other and laid.observe(0) == other.observe(0)
    assert FarISMCTSBot(3).choose(laid.observe(0)) == FarISMCTSBot(3).choose(other.observe(0))


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2)])
def test_the_playout_on_lists_plays_the_engines_game(players, seed):
    """Before the end of a deal is in reach (where the new deal draws its cards in another order),
    the playout on lists and the engine's playout from the same random completion of the view,
    with the same generator, give the same reward."""
    checked = 0
    for game, seat in positions(seed, players):
        view = game.observe(seat)
        for rounds in (1, 2, 5):
            if len(view.hand) <= rounds:
                continue
            for move in view.legal_moves():
                k = 1000 * checked + rounds
                engine_rng = random.Random(k)
                world = view.determinize(engine_rng).apply(move)
                expected = _rollout(world, seat, rounds, engine_rng)
                assert _Playout(view, random.Random(k)).play(move, rounds) == expected
                checked += 1
    assert checked > 100


def test_a_game_of_far_searches_ends():
    final = play_game([FarISMCTSBot(s, iterations=8) for s in range(3)], seed=4)
    assert final.is_over and final.winners()
