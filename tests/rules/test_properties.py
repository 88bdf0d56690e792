"""Properties over thousands of seeded random games: after every move the sheets stay within the
rules, every turn is accounted for, and the final score is the sum of its terms."""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corinth.rules import (
    HARBOR,
    Build,
    Compensate,
    GameState,
    Pass,
    Roll,
    Take,
    Variants,
    game_from_json,
    new_game,
)
from corinth.rules.dice import roll_outcomes
from corinth.rules.variants import HELP as VARIANT_HELP
from corinth.solver.bots import GreedyBot, RandomBot

TURNS = {2: 18, 3: 18, 4: 16}  # R11
seeds = st.integers(min_value=0, max_value=2**63 - 1)
player_counts = st.sampled_from([2, 3, 4])


def check_sheet(state: GameState, before: GameState | None) -> None:
    sheet = state.sheet
    for i, p in enumerate(state.players):
        if before is not None and p is before.players[i]:
            continue  # the same sheet as before the move, checked then (most moves change one)
        # T1: tracks never below zero nor over capacity
        assert 0 <= p.gold_crossed <= p.gold_circled <= sheet.gold_track
        assert 0 <= p.goats_crossed <= p.goats_circled <= sheet.goat_track
        assert p.circled & ~p.used == 0 and p.used >> sheet.market.centre & 1  # A4c
        assert p.circled >> sheet.market.centre & 1 == 0
        assert 0 <= p.turns <= sheet.turn_track
        q = before.players[i] if before is not None else None
        for d, (fills, goods) in enumerate(zip(p.shops, _goods(sheet))):
            if q is not None and fills is q.shops[d]:
                continue  # the district's fills before the move, checked then
            assert all(0 <= f <= g for f, g in zip(fills, goods))
            assert sum(0 < f < g for f, g in zip(fills, goods)) <= 1  # A3a: one partly filled shop
            if q is not None:
                assert all(a >= b for a, b in zip(fills, q.shops[d]))  # goods are never taken back
        if q is not None:
            assert q.used & ~p.used == 0 and q.circled & ~p.circled == 0  # nothing is un-used
            assert p.gold_circled >= q.gold_circled and p.goats_circled >= q.goats_circled
    for d, owner in enumerate(state.bonus_owner):  # A3c: at most one owner, and it stays
        district = sheet.districts[d]
        if owner >= 0:
            assert district.bonus > 0
            fills = state.players[owner].shops[d]
            assert all(f == s.goods for f, s in zip(fills, district.shops))
        if before is not None and before.bonus_owner[d] >= 0:
            assert owner == before.bonus_owner[d]


@functools.lru_cache(maxsize=8)
def _goods(sheet) -> tuple[tuple[int, ...], ...]:
    """Per district, the goods each shop holds (read at every move of every game)."""
    return tuple(tuple(s.goods for s in d.shops) for d in sheet.districts)


def check_steward(before: GameState, move, after: GameState) -> None:
    """A4b/A4c: a path steps orthogonally onto cells never used before, then stops on its end."""
    who = before.current_player
    p, q = before.players[who], after.players[who]
    path = move.path
    assert len(set(path)) == len(path)
    here = p.steward
    for c in path:
        assert not p.used >> c & 1
        assert abs(c // 5 - here // 5) + abs(c % 5 - here % 5) == 1
        here = c
    assert q.steward == path[-1] and q.circled == p.circled | 1 << path[-1]
    assert q.used == p.used | sum(1 << c for c in path)


def check_final_score(state: GameState) -> None:
    """E1 recomputed by hand from the sheets, term by term."""
    sheet = state.sheet
    totals = []
    for i, p in enumerate(state.players):
        b = state.score_breakdown(i)
        shops = sum(
            s.points
            for d, fills in zip(sheet.districts, p.shops)
            for s, f in zip(d.shops, fills)
            if f == s.goods
        )
        bonuses = sum(d.bonus for k, d in enumerate(sheet.districts) if state.bonus_owner[k] == i)
        temple = 3 * len(p.built()) if p.has("temple") else 0
        terms = (shops, bonuses, p.gold // 2, p.goats // 2, sum(p.scores), temple)
        assert (b.shops, b.bonuses, b.gold, b.goats, b.market, b.temple) == terms
        assert b.total == sum(terms) == state.score(i)
        totals.append((b.total, p.gold))
    assert state.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))  # E2


def play_checked(
    players: int,
    seed: int,
    bots,
    apply_all: bool = False,
    round_trip: bool = False,
    variants: Variants | None = None,
    listed: bool = True,
) -> GameState:
    """Play a whole game, checking every invariant after every move; count every player's turns.
    With ``round_trip`` every position is also saved and loaded back, and must be the same game.
    Without ``listed`` (random players only, not with ``apply_all``) the moves are not listed: a
    random player picks by count and index, as its ``choose`` (and ``corinth simulate``) does."""
    assert listed or not apply_all, "apply_all applies the listed moves"
    state = new_game(players=players, seed=seed, variants=variants)
    check_sheet(state, None)  # the blank sheets (later checks skip a sheet a move left alone)
    turns = [0] * players
    acted = (0, 0)  # the (round, turn) whose first move was counted last
    while not state.is_over:
        if state.is_chance:
            assert state.yellow_dice() <= 3  # R2
            roll = state.sample_roll()
            assert sum(roll.white) == 9 and sum(roll.yellow) == state.yellow_dice() <= 3
            after = state.apply(roll)
            check_sheet(after, state)
            state = after
            continue
        bot = bots[state.current_player]
        if not listed:
            move = bot.choose(state)  # RandomBot's pick: an index below the count of legal moves
        else:
            moves = state.legal_moves()
            assert moves, f"no legal move at {state!r}"
            move = _listed_choice(bot, moves, state)
        if apply_all:
            for m in moves:
                state.apply(m)
            # the count and the indexing that pick a random move without listing the moves
            n = len(moves)
            assert state.legal_move_count() == n
            for i in {0, n // 3, n // 2, 2 * n // 3, n - 1}:
                assert state.legal_move(i) == moves[i], (state, i)
        after = state.apply(move)
        if round_trip:
            assert game_from_json(after.to_json(indent=None)) == after
        check_sheet(after, state)
        if isinstance(move, (Take, Compensate)) and move.path:
            check_steward(state, move, after)
        if isinstance(move, (Take, Compensate, Pass, Build)) and (state.round, state.turn) != acted:
            # a turn's first move; a Build opens the turn when no step was possible (R8, B1)
            acted = (state.round, state.turn)
            turns[state.current_player] += 1
        if after.is_over or (after.round, after.turn) != (state.round, state.turn):
            # the turn ended: count the turns skipped silently after it (R8: no step, no building)
            order = state.turn_order()
            if isinstance(move, Take):
                left = [
                    g
                    for slot, g in enumerate(state.harbor)
                    if g is not None and slot != HARBOR.index(move.district)
                ]
            else:
                left = [g for g in state.harbor if g is not None]
            if state.turn == 0:
                left = [g for g in left if g.without_yellow() is not None]
            end = after.turn if after.round == state.round and not after.is_over else len(order)
            for k in range(state.turn + 1, end):
                assert not left, "a turn was skipped while groups were left"
                p = after.players[order[k]]
                assert all(p.used >> c & 1 for c in _neighbours(p.steward))
                turns[order[k]] += 1
        state = after
    if not isinstance(state.history[-1], Roll):  # R5 ends a game early
        assert turns == [TURNS[players]] * players, turns  # R11
        assert all(p.turns == state.sheet.turn_track for p in state.players)  # R1, S2
    check_final_score(state)
    assert game_from_json(state.to_json(indent=None)) == state  # every game: the save replays to it
    return state


def _listed_choice(bot, moves: list, state: GameState):
    """The bot's move; a random player's from the moves just listed, not listed again."""
    if type(bot) is RandomBot:
        return moves[int(bot.rng.integers(len(moves)))]
    return bot.choose(state)


def _neighbours(c: int) -> list[int]:
    r, k = divmod(c, 5)
    return [rr * 5 + kk for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
            if 0 <= rr < 5 and 0 <= kk < 5]  # fmt: skip


# CI plays GAMES seeded random games, checked after every move; one in ROUND_TRIP_EVERY is also saved
# and loaded back after every move (every game is at its end). In CHUNKS so that pytest -n 2 shares them,
# of a few seconds each: the campaign's last chunks run last, and the other worker waits at most one.
# The random players pick by count and index (RandomBot.choose, without listing the moves: a third
# less time); one game in LISTED_EVERY lists every position's moves, and the same games follow (the
# pick is the same move: test_the_campaigns_pick_is_the_listed_move_of_its_index).
# ROUND_TRIP_EVERY and LISTED_EVERY share no factor with the cycle of variants (10) nor with each
# other: the games saved at every move and the listed games fall under every variant, and some games
# are both.
GAMES, CHUNKS, ROUND_TRIP_EVERY, LISTED_EVERY = 10_000, 40, 41, 11
# Of every 10 games, 6 play the default readings and one each non-default reading (rules/variants.py).
VARIANT_CYCLE = [Variants()] * 6 + [Variants.of(name) for name in VARIANT_HELP]


# make test plays the first QUICK_CHUNKS chunks (500 games); make check plays them all.
QUICK_CHUNKS = 2


@pytest.mark.parametrize(
    "chunk",
    [c if c < QUICK_CHUNKS else pytest.param(c, marks=pytest.mark.long) for c in range(CHUNKS)],
)
def test_ten_thousand_seeded_random_games_keep_every_invariant(chunk):
    size = GAMES // CHUNKS
    for k in range(chunk * size, (chunk + 1) * size):
        players = 2 + k % 3
        bots = [RandomBot(k * 4 + i) for i in range(players)]
        variants = VARIANT_CYCLE[k % len(VARIANT_CYCLE)]
        final = play_checked(
            players,
            k,
            bots,
            round_trip=k % ROUND_TRIP_EVERY == 0,
            variants=variants,
            listed=k % LISTED_EVERY == 0,
        )
        assert final.variants == variants


def test_the_campaigns_pick_is_the_listed_move_of_its_index():
    """The campaign's two ways to play a random player (its own pick by count and index, or an index
    into the listed moves) play the same seeded games, move for move, under every variant."""
    for k in range(len(VARIANT_CYCLE) * 3):
        players = 2 + k % 3
        variants = VARIANT_CYCLE[k % len(VARIANT_CYCLE)]
        games = [
            play_checked(
                players,
                k,
                [RandomBot(k * 4 + i) for i in range(players)],
                variants=variants,
                listed=listed,
            )
            for listed in (True, False)
        ]
        assert games[0].history == games[1].history


@settings(max_examples=150)
@given(players=player_counts, seed=seeds)
def test_random_games_keep_every_invariant(players, seed):
    play_checked(players, seed, [RandomBot(seed + i) for i in range(players)])


@pytest.mark.long  # make check: 500 games
@settings(max_examples=500)
@given(players=player_counts, seed=seeds)
def test_random_games_keep_every_invariant_over_500_games(players, seed):
    play_checked(players, seed, [RandomBot(seed + i) for i in range(players)])


@settings(max_examples=40)
@given(players=player_counts, seed=seeds, greedy=st.lists(st.booleans(), min_size=4, max_size=4))
def test_greedy_and_random_mixes_keep_every_invariant(players, seed, greedy):
    bots = [GreedyBot(seed) if g else RandomBot(seed + i) for i, g in enumerate(greedy[:players])]
    play_checked(players, seed, bots)


@settings(max_examples=25)
@given(players=player_counts, seed=seeds)
def test_every_legal_move_applies(players, seed):
    play_checked(players, seed, [RandomBot(seed + i) for i in range(players)], apply_all=True)


def test_legal_move_is_the_listed_move_of_that_index():
    """Every index of every take of a few seeded games, and a clear error past the end."""
    checked = 0
    for seed in range(3):
        state = new_game(players=2 + seed, seed=seed)
        bots = [RandomBot(seed + i) for i in range(state.num_players)]
        while not state.is_over:
            if state.is_chance:
                state = state.roll()
                continue
            moves = state.legal_moves()
            if state.phase == "take" and checked < 40:
                assert [state.legal_move(i) for i in range(len(moves))] == moves
                with pytest.raises(IndexError, match=f"legal move {len(moves)} of {len(moves)}"):
                    state.legal_move(len(moves))
                checked += 1
            state = state.apply(bots[state.current_player].choose(state))
    assert checked == 40


def test_chance_outcome_probabilities_sum_to_one():
    for yellow in range(4):
        outcomes = list(roll_outcomes(yellow))
        assert all(isinstance(o.probability, Fraction) and o.probability > 0 for o in outcomes)
        assert sum(o.probability for o in outcomes) == 1
        assert len({(o.white, o.yellow) for o in outcomes}) == len(outcomes)
        assert all(sum(o.white) == 9 and sum(o.yellow) == yellow for o in outcomes)


def test_chance_outcomes_at_a_roll_match_the_yellow_dice():
    state = new_game(players=2, seed=3, first_player=0)
    p = dataclasses.replace(state.players[0], gold_circled=5)
    state = dataclasses.replace(state, players=(p, state.players[1]))
    for buy in range(4):
        node = state.apply(f"buy {buy}")
        total = Fraction(0)
        for roll, prob in node.chance_outcomes():
            assert sum(roll.yellow) == buy
            total += prob
        assert total == 1


def test_sampled_rolls_follow_the_seed():
    state = new_game(players=3, seed=99, first_player=0).apply("buy 1")
    assert state.sample_roll() == state.sample_roll()  # the game's own seed decides
    a = state.sample_roll(np.random.default_rng(5))
    assert a == state.sample_roll(np.random.default_rng(5))


def test_a_notation_read_again_is_the_same_move_and_a_refusal_is_raised_again():
    from corinth.rules import InvalidNotation, Move

    state = new_game(players=3, seed=11).apply("buy 0").apply("roll 112344666")
    for move in state.legal_moves():
        text = str(move)
        assert Move.parse(text) == Move.parse(text) == Move.parse(f"  {text.upper()}  ") == move
        assert Move.parse(text + " " * 300) == move  # a padded text is read without being kept
    for bad in ("blue steward r9c9", "buy", "build temple,temple", "x" * 300):
        messages = []
        for _ in range(2):
            with pytest.raises(InvalidNotation) as info:
                Move.parse(bad)
            messages.append(str(info.value))
        assert messages[0] == messages[1]
