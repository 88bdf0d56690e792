"""Move notation: every legal move of 1,000 random games reads back to itself; garbage never crashes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corinth.rules import InvalidNotation, Move, new_game


def _moves_of_random_games(games: int, offset: int) -> dict[str, object]:
    """Every roll and every listed move of ``games`` random games, by its notation."""
    seen: dict[str, object] = {}
    moves_seen: set = set()  # each distinct move written once (most recur from turn to turn)
    for g in range(games):
        players = 2 + g % 3
        state = new_game(players=players, seed=offset + g)
        rng = np.random.default_rng(offset + g)  # a random player, reusing the listed moves
        while not state.is_over:
            if state.is_chance:
                roll = state.sample_roll()
                seen.setdefault(str(roll), roll)
                state = state.apply(roll)
                continue
            moves = state.legal_moves()
            moves_seen.update(moves)
            state = state.apply(moves[int(rng.integers(len(moves)))])
    texts = {str(m): m for m in moves_seen}
    assert len(texts) == len(moves_seen), "two different moves are written the same way"
    return seen | texts


@pytest.mark.parametrize(
    "offset", [0] + [pytest.param(o, marks=pytest.mark.long) for o in (250, 500, 750)]
)
def test_every_generated_move_parses_back(offset):
    seen = _moves_of_random_games(250, 10_000 + offset)
    assert len(seen) > 1000
    for text, move in seen.items():
        parsed = Move.parse(text)
        assert parsed == move, text
        assert str(parsed) == text
        assert Move.parse(text.upper()) == move  # notation is case-blind
        assert move.describe()


@pytest.mark.parametrize(
    "text",
    ["", "   ", "fly", "buy", "buy two", "buy 1 2", "roll", "roll 1234567", "roll 11/x",
     "green 0", "green a", "gold 1", "steward", "steward r5c0", "steward r1c2 shops",
     "blue steward r1c2 shop 1", "build", "build castle", "build temple,temple", "pass now",
     "buy ²", "buy " + "9" * 5000, "green ²", "steward r١c2"],
)  # fmt: skip
def test_garbage_raises_invalid_notation_with_a_message(text):
    with pytest.raises(InvalidNotation) as info:
        Move.parse(text)
    assert str(info.value)


def test_non_text_is_invalid_notation():
    for value in (None, 3, b"gold", ["gold"]):
        with pytest.raises(InvalidNotation):
            Move.parse(value)


words = st.sampled_from(
    ["buy", "roll", "gold", "goats", "green", "blue", "steward", "shops", "build", "pass",
     "none", "temple", "r1c2", "r2c3,r1c3", "1", "1,2", "0", "112344666/5", "/", ","]
)  # fmt: skip


@settings(max_examples=1500)
@given(
    st.one_of(st.text(), st.lists(st.one_of(words, st.text(max_size=4)), max_size=5).map(" ".join))
)
def test_any_text_parses_or_raises_invalid_notation(text):
    try:
        move = Move.parse(text)
    except InvalidNotation as exc:
        assert str(exc)
    else:
        assert Move.parse(str(move)) == move
