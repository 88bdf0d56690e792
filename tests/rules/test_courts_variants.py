"""The Four Courts' open readings (RULES.md, "Rule variants"): G1's end, the default and the
variant ``early-end``, each pinned on a seeded game; R5's token, taken whether the player wishes
it or not; the variants kept by a save and by the protocol."""

from __future__ import annotations

import json

import pytest

from corinth.courts.bots import GreedyBot, play_game
from corinth.courts.cards import COURT_SUITS, COURTS
from corinth.courts.ending import end_words
from corinth.courts.game import (
    VARIANTS,
    CourtsError,
    IllegalMove,
    Place,
    check_variants,
    from_json,
    new_game,
    replay,
    to_json,
)
from corinth.courts.protocol import FOUR_COURTS

SEED = (
    0  # a greedy game of 4 whose reserve runs out of a colour 26 moves before a Court must reload
)


def _short_before_the_end():
    """The seeded game played to its end under the default, and the number of its moves after which
    the reserve first lacks a colour (every Court still holding a token)."""
    final = play_game([GreedyBot(s) for s in range(4)], seed=SEED)
    for n in range(1, len(final.history) + 1):
        game = replay(4, final.history[:n])
        if 0 in game.reserve:
            return final, n
    raise AssertionError("the reserve never ran out of a colour")


def test_g1_default_the_game_goes_on_while_the_reserve_lacks_a_colour_but_no_court_is_empty():
    final, n = _short_before_the_end()
    game = replay(4, final.history[:n])
    lacking = game.reserve.index(0)
    courts = [k for k in range(4) if lacking in COURT_SUITS[k]]
    assert all(game.court_tokens[k] for k in courts)  # neither Court of that colour is empty yet
    assert not game.is_over and game.legal_moves()  # the default: the game goes on
    assert len(final.history) > n  # ... and ends later, when a Court must be reloaded
    assert final.ended.endswith("could not be reloaded")
    emptied = COURTS.index(final.ended.split()[1].lower())
    assert any(final.reserve[s] == 0 for s in COURT_SUITS[emptied])


def test_g1_variant_early_end_ends_the_game_as_soon_as_the_reserve_lacks_a_colour():
    final, n = _short_before_the_end()
    game = replay(4, final.history[:n], ["early-end"])
    assert game.is_over and game.variants == ("early-end",)
    assert "reserve has no" in game.ended and "can no longer be reloaded" in game.ended
    assert game.winners() and sum(map(sum, game.bonus_won)) >= 0  # scored as at G1's end
    assert "reserve has no" in end_words(game)[0] and "(G1)" in end_words(game)[0]
    with pytest.raises(IllegalMove) as err:  # the default's next move is refused: it is over
        replay(4, final.history[: n + 1], ["early-end"])
    assert err.value.rule == "G1"
    # the move before, the reserve still had every colour: the variant goes on as the default
    before = replay(4, final.history[: n - 1], ["early-end"])
    assert not before.is_over and 0 not in before.reserve


def test_g1_variant_early_end_returns_the_unplaced_cards_to_their_hands():
    final, n = _short_before_the_end()
    game = replay(4, final.history[:n], ["early-end"])
    before = replay(4, final.history[: n - 1], ["early-end"])
    unplaced = before.queue[1:]  # the card placed was the first of the queue
    assert game.queue == ()
    assert all(card in game.hands[seat] for seat, card in unplaced)
    assert sorted(game.card_places()) == list(range(40))
    assert all(sum(c) == 7 for c in zip(*game.token_places().values()))  # C5


def test_g1_the_variant_is_kept_by_the_save_and_replays_with_it():
    final, n = _short_before_the_end()
    game = replay(4, final.history[:n], ["early-end"])
    text = to_json(game)
    assert json.loads(text)["variants"] == ["early-end"]
    assert from_json(text) == game and from_json(text.encode()) == game
    # a save of the default holds no variants key: saves from before the variants load the same
    plain = replay(4, final.history[:n])
    assert "variants" not in json.loads(to_json(plain)) and from_json(to_json(plain)) == plain
    # the same moves without the variant are another game
    data = json.loads(text)
    del data["variants"]
    assert not from_json(json.dumps(data)).is_over


@pytest.mark.parametrize(
    "variants, words",
    [
        (["sudden-death"], "unknown rule variant 'sudden-death'"),
        ([3], "unknown rule variant '3'"),
        ("xyz", "unknown rule variant 'xyz'"),
        ({"early-end": True}, "a list of rule variant names"),
        (7, "a list of rule variant names"),
    ],
)
def test_g1_a_bad_variant_in_a_save_or_a_new_game_is_a_sentence(variants, words):
    with pytest.raises(CourtsError, match=words):
        new_game(4, variants)
    text = json.dumps(
        {
            "format": "four-courts-game",
            "version": 1,
            "players": 4,
            "variants": variants,
            "moves": [],
        }
    )
    with pytest.raises(CourtsError, match=words):
        from_json(text)


def test_g1_the_protocol_offers_the_variant_and_its_save_keeps_it():
    assert list(VARIANTS) == ["early-end"] and check_variants(None) == ()
    state = FOUR_COURTS.new(players=4, seed=5, variants=["early-end"])
    while state.is_chance():
        state = state.apply(state.sample())
    assert state.native.variants == ("early-end",)
    again = FOUR_COURTS.load(state.to_json())
    assert again == state and again.start().native.variants == ("early-end",)
    view = state.native.observe(0)
    assert view.variants == ("early-end",)  # a rule every seat knows: the bots play by it
    assert view.complete(state.native.hands, state.native.discard_hidden).variants == view.variants


def test_r5_the_token_is_compulsory_a_third_card_cannot_be_placed_without_taking_one():
    """R5 [interp]: "il peut s'emparer d'un jeton" read as must: the third card on one's side of a
    Court always takes a token; no legal move leaves it there without one."""
    final = play_game([GreedyBot(s) for s in range(4)], seed=SEED)
    checked = 0
    for n, move in enumerate(final.history):
        if not move.startswith("place "):
            continue
        game = replay(4, final.history[:n])
        seat, _card = game.queue[0]
        for m in game.legal_moves():
            third = len(game.sides[m.court][seat]) == 2
            assert (m.take is not None) == third  # a third card always takes; never another
            if third:
                checked += 1
                with pytest.raises(IllegalMove) as err:
                    game.apply(Place(m.court))
                assert err.value.rule == "R5"
        if checked > 20:
            break
    assert checked > 0
