"""The Four Courts' bots and "which card now?" puzzles: games end, bots read only their view, the
rankings are exact over every consistent deal or sampled with an interval, the stored set is
verified when it loads."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from corinth.courts import puzzles as pz
from corinth.courts.bots import (
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    make_bot,
    match,
    play_game,
)
from corinth.courts.cards import CARDS, COURTS, FITS
from corinth.courts.game import Choose, CourtsError, deal_all, new_game
from corinth.shared.stats import wilson


@pytest.fixture(scope="module")
def stored():
    return pz.load_puzzles()


def started(players=4, seed=1):
    return deal_all(new_game(players).apply("bonus moons suns waves knots"), random.Random(seed))


def near_the_end_of_a_deal(seed=3, players=4):
    """A position before a choice with 2 cards in every hand, from a seeded greedy game."""
    for game in pz._candidates(seed, players):
        if len(game.hands[0]) == 2:
            return game
    raise AssertionError("no such position")


# --- bots ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_every_bot_finishes_its_games(players):
    bots = [RandomBot(1), GreedyBot(2), ISMCTSBot(3, iterations=4), GreedyBot(4)][:players]
    final = play_game(bots, seed=players)
    assert final.is_over and final.winners()
    assert sorted(final.card_places()) == list(range(40))


def test_make_bot_refuses_an_unknown_name():
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(ValueError, match="no bot 'clever'"):
        make_bot("clever")


def two_beside(game, court: int, seat: int):
    """``seat`` with two cards on its side of ``court``, taken from the other hands (every card
    still counted once)."""
    taken, hands = [], [list(h) for h in game.hands]
    for s in range(game.players):
        if s == seat:
            continue
        for c in list(hands[s]):
            if len(taken) < 2 and court in FITS[c]:
                hands[s].remove(c)
                taken.append(c)
    sides = [list(k) for k in game.sides]
    sides[court][seat] = tuple(taken)
    return replace(game, hands=tuple(tuple(h) for h in hands), sides=tuple(tuple(k) for k in sides))


def test_greedy_takes_a_token_when_a_card_makes_three():
    game = two_beside(started(4), 0, 0)  # two beside the Island
    island = [c for c in game.hands[0] if 0 in FITS[c]]
    assert island
    assert GreedyBot(1).choose(game.observe(0)).card in island


def test_the_strong_bot_sees_a_token_in_reach():
    game = two_beside(started(4, seed=2), 2, 0)  # two beside the Rite
    rite = {c for c in game.hands[0] if 2 in FITS[c]}
    assert rite  # the seed deals player 1 a card for the Rite
    assert sorted(game.card_places()) == list(range(40))
    # searched to the end of this round only, the token now is its one way to gain
    assert ISMCTSBot(5, iterations=48, horizon=0).choose(game.observe(0)).card in rite
    # one round further, a token now and a token next round are worth the same to it
    stats = ISMCTSBot(5, iterations=48).search(game.observe(0))
    assert max(mean for _, mean in stats.values()) == min(mean for _, mean in stats.values())


def test_win_rates_carry_a_95_percent_interval():
    low, high = wilson(30, 100)
    assert low < 0.3 < high and 0 <= low and high <= 1
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == pytest.approx(1)
    result = match("greedy", "random", games=8)
    assert 0 <= result["low"] <= result["rate"] <= result["high"] <= 1
    assert result["games"] == 8


# --- rankings --------------------------------------------------------------------------------------


def test_a_ranking_is_exact_over_every_consistent_deal_when_they_are_few():
    game = near_the_end_of_a_deal()
    view = game.observe(0)
    ranking = pz.rank_choices(view, "round")
    assert ranking.exact and ranking.deals == pz.consistent_deals(view)
    assert {(ch.card, ch.court) for ch in ranking.choices} == {
        (c, k) for c in view.hand for k in FITS[c]
    }
    assert all(ch.low == ch.mean == ch.high for ch in ranking.choices)
    means = [ch.mean for ch in ranking.choices]
    assert means == sorted(means, reverse=True)


def test_a_sampled_ranking_brackets_the_exact_one(monkeypatch):
    game = near_the_end_of_a_deal(seed=5)
    view = game.observe(1)
    exact = {ch.answer: ch.mean for ch in pz.rank_choices(view, "deal").choices}
    monkeypatch.setattr(pz, "EXACT_LIMIT", 0)
    sampled = pz.rank_choices(view, "deal", samples=300, seed=7)
    assert not sampled.exact and sampled.deals == 300
    inside = [ch.low - 1e-9 <= exact[ch.answer] <= ch.high + 1e-9 for ch in sampled.choices]
    assert sum(inside) >= len(inside) - 1  # 95% intervals: at most one may miss


def test_a_ranking_reads_only_the_seat_view():
    game = near_the_end_of_a_deal(seed=6)
    hands = list(game.hands)
    hands[1], hands[2] = hands[2], hands[1]
    other = replace(game, hands=tuple(hands))
    assert other.observe(0) == game.observe(0)
    one, two = pz.rank_choices(game.observe(0)), pz.rank_choices(other.observe(0))
    assert one == two


def test_a_ranking_is_asked_before_the_seat_lays_its_card():
    game = started(4)
    chosen = game.apply(Choose(0, game.hands[0][0]))
    with pytest.raises(CourtsError, match="before the seat lays its card"):
        pz.rank_choices(chosen.observe(0))
    with pytest.raises(CourtsError, match="no puzzle kind"):
        pz.rank_choices(game.observe(0), "game")


def test_the_explanation_is_sentences_about_the_best_choice():
    game = near_the_end_of_a_deal()
    view = game.observe(0)
    ranking = pz.rank_choices(view, "round")
    text = pz.explain(view, ranking)
    best = ranking.choices[0]
    assert CARDS[best.card].name in text
    assert COURTS[best.court].capitalize() in text
    assert "every deal of the cards you have not seen" in text
    assert "_" not in text and "(" in text


# --- the stored set --------------------------------------------------------------------------------


def test_the_stored_set_has_20_puzzles_of_two_kinds(stored):
    assert len(stored) >= 20
    assert {p.kind for p in stored} == set(pz.KINDS)
    assert len({p.id for p in stored}) == len(stored)
    for p in stored:
        assert p.game.phase == "choose" and 1 <= len(p.answers) <= 3
        assert len(p.view.hand) == (3 if p.kind == "round" else 2)


def _choices(p) -> list[str]:
    return [f"{CARDS[c].word} {COURTS[k]}" for c in p.view.hand for k in FITS[c]]


def test_a_right_reply_is_correct_with_the_explanation_in_any_wording(stored):
    p = stored[0]
    answer = p.ranking().choices[0].answer  # the choice the explanation names
    v = p.verdict(answer)
    assert (v.legal, v.right, v.move) == (True, True, answer)
    assert v.words == "Correct! " + p.explanation
    card, court = answer.split()
    assert p.verdict(f"the {card.upper()} beside the {court}, ").right
    assert v.details["place"] == 1 and v.details["mean"] == p.ranking().choices[0].mean


def test_an_answer_as_good_as_the_explained_one_is_named_before_the_explanation(stored):
    """Where two choices tie for best, the one not explained is right too, and the words say so
    with its own Court before explaining the other (not "Correct!" then another Court alone)."""
    tied = [p for p in stored if len(p.answers) > 1]
    assert tied
    for p in tied:
        best = p.ranking().choices[0].answer
        for answer in sorted(p.answers - {best}):
            v = p.verdict(answer)
            card, court = answer.split()
            assert v.right and v.words.endswith(p.explanation)
            assert v.words.startswith(f"Correct! Beside the {court.capitalize()}, ")
            assert "scores as well as the choice explained here" in v.words


@pytest.mark.parametrize("index", [0, 12])  # a "round" puzzle and a "deal" one
def test_a_legal_wrong_reply_is_placed_in_the_ranking_with_its_points(stored, index):
    p = stored[index]
    ranking = pz.rank_choices(p.view, p.kind)
    assert [c.answer for c in p.ranking().choices] == [c.answer for c in ranking.choices]
    best = ranking.choices[0]
    end = "the end of the round" if p.kind == "round" else "the end of the deal"
    for reply in _choices(p):
        v = p.verdict(reply)
        assert v.legal and v.move == reply
        if reply in p.answers:
            assert v.right
            continue
        mine = next(c for c in ranking.choices if c.answer == reply)
        above = sum(c.mean > mine.mean + pz.TIE for c in ranking.choices)
        assert not v.right and v.words.startswith("Legal, but not the best choice: ")
        assert v.details == {
            "place": above + 1,
            "of": len(ranking.choices),
            "mean": mine.mean,
            "best": best.mean,
        }
        assert f"comes {pz._ordinal(above + 1)} of {len(ranking.choices)} choices" in v.words
        assert f"{mine.mean:.2f} points at {end}" in v.words
        assert f"the best choice gives {best.mean:.2f}" in v.words
        assert CARDS[mine.card].name in v.words and COURTS[mine.court].capitalize() in v.words
        assert p.check(reply) == v.words  # one computation


def test_a_tie_says_so(stored):
    p = stored[0]
    means = [c.mean for c in p.ranking().choices]
    tied = next(c for c in p.ranking().choices[1:] if means.count(c.mean) > 1)
    assert "(tied with others)" in p.verdict(tied.answer).words


def test_an_unreadable_reply_or_a_card_not_in_hand_is_not_legal(stored):
    p = stored[0]
    for reply, words in [
        ("mill", "Not a choice here: an answer is a card and a Court, such as 'mill island'."),
        ("", "Not a choice here: an answer is a card and a Court, such as 'mill island'."),
        ("joker island", "Not a choice here: no card 'joker' in the deck"),
        ("the sailor beside the moon", "Not a choice here: no Court 'moon'"),
    ]:
        v = p.verdict(reply)
        assert (v.legal, v.right, v.move) == (False, False, None), reply
        assert v.words.startswith(words), (reply, v.words)
    absent = next(c for c in range(len(CARDS) - 4) if c not in p.view.hand)
    court = COURTS[FITS[absent][0]]
    v = p.verdict(f"{CARDS[absent].word} {court}")
    assert not v.legal
    assert v.words == f"Not a choice here: {CARDS[absent].name} is not in your hand (R1)."
    card = next(c for c in p.view.hand if len(FITS[c]) < 4)
    unfit = next(k for k in range(4) if k not in FITS[card])
    v = p.verdict(f"{CARDS[card].word} {COURTS[unfit]}")
    assert not v.legal and v.words.endswith("(R3).")
    assert p.verdict(None).words.startswith("Not a choice here: an answer is")


def test_the_hints_climb_from_the_ranking_without_giving_the_answer_first(stored):
    for p in (stored[0], stored[12]):
        choices = p.ranking().choices
        hints = p.hints()
        assert len(hints) == 4
        assert f"You have {len(choices)} choices" in hints[0]
        assert f"{choices[0].mean:.2f}" in hints[0] and f"{choices[-1].mean:.2f}" in hints[0]
        assert "(R5)" in hints[1]
        assert f"the {COURTS[choices[0].court].capitalize()}" in hints[2]
        assert CARDS[choices[0].card].describe() in hints[3]
        answer = sorted(p.answers)[0]
        court = answer.rsplit(" ", 1)[1].capitalize()
        assert not any(
            CARDS[choices[0].card].name in h and court in h for h in hints[:3] + hints[3:]
        )


def small_set() -> dict:
    """The stored set cut to its first two puzzles (each load ranks every puzzle again)."""
    data = json.loads(pz.set_path().read_text(encoding="utf-8"))
    data["puzzles"] = data["puzzles"][:2]
    return data


def test_a_tampered_answer_is_refused_at_load(tmp_path, stored):
    data = small_set()
    first = data["puzzles"][0]
    hand = stored[0].view.hand
    first["answers"] = [f"{CARDS[hand[0]].word} nowhere"]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(pz.PuzzleError, match=r"puzzles\[0\]\.answers: .* are not the best choices"):
        pz.load_puzzles(path)


@pytest.mark.parametrize(
    "change, problem",
    [
        (lambda d: d.update(format="x"), "format: expected 'four-courts-puzzles'"),
        (lambda d: d.update(puzzles=[]), "at least one puzzle"),
        (lambda d: d["puzzles"][0].update(kind="game"), r"puzzles\[0\]\.kind: must be one of"),
        (lambda d: d["puzzles"][1].update(id=d["puzzles"][0]["id"]), "given to 2 puzzles"),
        (lambda d: d["puzzles"][0].update(moves=d["puzzles"][0]["moves"][:-1]), r"puzzles\[0\]"),
        (lambda d: d["puzzles"][0].update(seat=9), r"puzzles\[0\]\.seat: must be"),
        (lambda d: d["puzzles"][0].pop("question"), "fields: a puzzle has exactly the fields"),
    ],
)
def test_a_malformed_set_is_refused_naming_its_problem(tmp_path, change, problem):
    data = small_set()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(pz.PuzzleError, match=problem):
        pz.load_puzzles(path)
    with pytest.raises(pz.PuzzleError, match="not valid JSON"):
        path.write_text("{", encoding="utf-8")
        pz.load_puzzles(path)
