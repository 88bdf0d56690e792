"""The Four Courts' rankings keep to their budget of deals on every path, counted (never timed:
``benchmarks/answers_in_time.py`` measures the seconds).

The issue's scenario: at a 4-player round start where few deals fit the seat's view (1,680) and no
card can win a token this round, the hint falls back to the end of the deal and asked for 20 deals,
but every one of the 1,680 was listed and played out (2.6-3.6 s).
"""

from __future__ import annotations

import pytest

import corinth.courts.puzzles as pz
from corinth.courts.bench import mid_game, round_starts
from corinth.courts.game import CourtsError
from corinth.courts.protocol import DEAL_SAMPLES, HINT_SAMPLES, CourtsState, rank


@pytest.fixture
def played(monkeypatch) -> list[int]:
    """The deals each ranking plays, counted: ``_others_choose`` lays the others' cards once a
    deal. A list of counts, one per ranking (``rank_choices`` call)."""
    counts: list[int] = []
    choose, ranking = pz._others_choose, pz.rank_choices

    def counted_choose(*args, **kwargs):
        counts[-1] += 1
        return choose(*args, **kwargs)

    def counted_ranking(*args, **kwargs):
        counts.append(0)
        return ranking(*args, **kwargs)

    monkeypatch.setattr(pz, "_others_choose", counted_choose)
    monkeypatch.setattr(pz, "rank_choices", counted_ranking)
    monkeypatch.setattr("corinth.courts.protocol.rank_choices", counted_ranking)
    return counts


@pytest.mark.parametrize("players, seed, deals", [(4, 12, 1680), (3, 6, 630)])
def test_the_hint_at_a_round_with_few_deals_plays_no_more_than_asked(players, seed, deals, played):
    game, seat = mid_game(players, seed)
    view = game.observe(seat)
    assert pz.consistent_deals(view) == deals  # few: under EXACT_LIMIT, all listed before
    ranked = rank(CourtsState(game, seed), seat)
    # no card can win a token this round: the round is flat, the deal's end is ranked instead
    assert played == [HINT_SAMPLES, DEAL_SAMPLES]
    assert "by the end of this deal" in ranked[0].words()
    assert f"over {DEAL_SAMPLES} ways the cards you have not seen could lie" in ranked[0].words()
    ranking = pz.rank_choices(view, "deal", samples=20)
    assert (ranking.deals, ranking.exact, played[-1]) == (20, False, 20)


def test_every_deal_is_played_only_when_they_all_fit_the_budget(played):
    game, seat = mid_game(4, 12)
    view = game.observe(seat)
    total = pz.consistent_deals(view)
    for samples in (1, 20, total - 1, total, total + 5):
        for kind in pz.KINDS:
            ranking = pz.rank_choices(view, kind, samples=samples)
            assert played[-1] == ranking.deals <= samples
            assert ranking.exact == (total <= samples)
            assert ranking.deals == (total if ranking.exact else samples)


@pytest.mark.parametrize("players", [3, 4])
def test_every_hint_of_a_game_keeps_to_its_budget(players, played):
    """Every round start of a seeded game, for the seat first to choose: the round's ranking plays
    at most the hint's samples, the deal's at most ``DEAL_SAMPLES`` of them."""
    paths = set()
    for game in round_starts(players, 2):
        seat = game.to_choose()[0]
        played.clear()
        ranked = rank(CourtsState(game, 2), seat, samples=12)
        assert 1 <= len(played) <= 2 and played[0] <= 12
        if len(played) == 2:
            assert played[1] <= min(12, DEAL_SAMPLES)
        paths.add(("deal" if len(played) == 2 else "round", "about" in ranked[0].words()))
    assert {("round", True), ("deal", True), ("deal", False)} <= paths  # sampled, and exact


def test_a_ranking_asks_for_a_whole_number_of_deals():
    game, seat = mid_game(4, 12)
    for samples in (0, -3, 2.5, True, "20"):
        with pytest.raises(CourtsError, match="samples: the deals a ranking may play"):
            pz.rank_choices(game.observe(seat), samples=samples)
