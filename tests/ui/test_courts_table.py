"""The Four Courts at the shared table (``corinth.shared.table.Table``): the human's seat chooses at
a simultaneous node, the bots choose from their own observations, the reveal completes the round;
undo, the log (no hidden card before its reveal) and the hint (from the human's view only)."""

from __future__ import annotations

import random

import pytest

from corinth.courts import CARDS
from corinth.courts.game import Choose, CourtsError, IllegalMove
from corinth.courts.protocol import FOUR_COURTS, CourtsState, rank
from corinth.shared.protocol import SIMULTANEOUS
from corinth.shared.table import NotYourTurn, Table, to_choose


def table(seed: int = 1, players: int = 4, bots: str = "greedy") -> Table:
    t = Table(FOUR_COURTS, players=players, seed=seed, human=0, bots=bots)
    for _ in t.bots_play():
        pass
    return t


def log_text(lines) -> str:
    return " ".join(f"{line.words} {line.notation}" for line in lines)


def test_the_bots_choose_first_and_the_human_completes_the_round():
    t = table()
    position = t.position
    assert position.current_player() == SIMULTANEOUS and t.humans_turn
    assert to_choose(position) == [0]  # the three bots have laid their cards
    assert t.headline() == "Your turn: every player chooses at once."
    card = position.native.hands[0][0]
    t.play(f"choose 1 {CARDS[card].word}")
    last = t.log[-1]
    assert last.player == 0 and last.revealed.startswith("Revealed, highest first: ")
    assert CARDS[card].describe() in last.revealed
    assert t.state.phase == "place"


def test_no_hidden_card_is_in_the_log_before_its_reveal():
    t = table(seed=4, players=3)
    rng = random.Random(4)
    rounds = 0
    while not t.position.is_over() and rounds < 40:
        position = t.position
        native = position.native
        if position.current_player() == SIMULTANEOUS:
            rounds += 1
            start = len(t.log) - sum(c is not None for c in native.chosen)
            text = log_text(t.log[start:])
            for s, c in enumerate(native.chosen):
                if c is not None:  # a bot's face-down card: "a card" in the log
                    assert CARDS[c].describe() not in text and CARDS[c].word not in text
                    assert f"choose {s + 1} a-card" in text
            for s in range(1, 3):  # nor any card of another hand, anywhere in the log so far
                for c in native.hands[s]:
                    assert f"deal {CARDS[c].word}" not in log_text(t.log)
        t.play(
            rng.choice(
                position.legal_moves(0)
                if position.current_player() == SIMULTANEOUS
                else position.legal_moves()
            )
        )
        for _ in t.bots_play():
            pass
    assert len(t.log) == len(t.position.history())
    assert all(line.words.endswith(".") for line in t.log)


def test_undo_takes_the_whole_round_back_and_the_bots_choose_again():
    t = table(seed=2)
    node = len(t.position.history()) - 3  # the three bots' choices
    card = t.position.native.hands[0][-1]
    t.play(Choose(0, card))
    for _ in t.bots_play():
        pass
    assert t.undo()
    assert t.position.native.phase == "choose" and to_choose(t.position) == [0, 1, 2, 3]
    assert len(t.log) == node == len(t.position.history())
    for _ in t.bots_play():
        pass
    assert to_choose(t.position) == [0]
    assert not t.undo() or t.position.native.phase == "choose"


def test_a_refused_choice_names_its_rule_and_leaves_the_table_as_it_was():
    t = table(seed=3)
    saved, lines = t.position.to_json(), list(t.log)
    not_mine = next(c for c in range(40) if c not in t.position.native.hands[0])
    with pytest.raises(IllegalMove, match=r"\(R1\)"):
        t.play(Choose(0, not_mine))
    with pytest.raises(CourtsError, match="cannot read"):
        t.play("lay the mill")
    dealt = FOUR_COURTS.new(players=4, seed=3)
    while dealt.is_chance():
        dealt = dealt.apply(dealt.sample())
    fresh = Table(FOUR_COURTS, seed=3, human=0, state=dealt)
    with pytest.raises(NotYourTurn):  # a bot's card, played for it
        fresh.play(dealt.legal_moves(1)[0])
    assert fresh.position == dealt
    assert t.position.to_json() == saved and t.log == lines


def test_the_hint_ranks_the_humans_cards_from_its_own_view_only():
    t = table(seed=5)
    hint = t.hint(top=3)
    assert len(hint.moves) == 3 and hint.words[0].startswith("Lay ")
    assert all(isinstance(r.move, Choose) and r.move.seat == 0 for r in hint.moves)
    # another deal of the cards the human has not seen: the same ranking
    view = t.position.native.observe(0)
    other = CourtsState(view.determinize(random.Random(9)))
    assert [r.words() for r in rank(other, player=0)] == [
        r.words() for r in rank(t.position, player=0)
    ]


def test_the_hint_to_the_end_of_the_deal_keeps_to_the_callers_budget():
    """At a game's first round no card can win a token (a token takes a third card), so the hint
    ranks to the end of the deal: with at most ``DEAL_SAMPLES`` deals, never more than asked."""
    from corinth.courts.protocol import DEAL_SAMPLES, HINT_SAMPLES

    position = table(seed=5).position
    asked = rank(position, player=0, samples=10)[0].words()
    assert "the end of this deal" in asked and "over 10 ways" in asked
    usual = rank(position, player=0)[0].words()
    assert f"over {min(HINT_SAMPLES, DEAL_SAMPLES)} ways" in usual


def test_the_hint_at_a_placing_ranks_the_courts_the_card_fits():
    t = table(seed=6)
    t.play(t.position.legal_moves(0)[0])
    for _ in t.bots_play():
        pass
    if t.position.is_over() or t.position.current_player() != 0:
        pytest.skip("the human's card is not next in this seeded game")
    hint = t.hint()
    assert hint.words and all(w.startswith("Beside the ") for w in hint.words)
