"""Lesson 02, Gold, goats and goods: its positions and the answers the engine works out.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from dataclasses import replace

from corinth import GameState, new_game
from corinth.ui.course import AnswerBook, play

ANSWERS = AnswerBook()


@ANSWERS.add
def gold_after_three_sixes() -> int:
    """Player 1 holds 1 gold and takes a Gold group of three 6s (A1): the gold they hold then."""
    state = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 111122666")
    return state.apply("gold").player(0).gold


@ANSWERS.add
def green_checks() -> int:
    """How many Green goods a Green group of three 2s checks (A3)."""
    state = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 112223334")
    return sum(state.apply("green 2").player(0).shops[0]) - sum(state.player(0).shops[0])


def blue_race() -> GameState:
    rounds = [
        ["buy 0", "roll 123444456", "blue 3", "gold", "goats"],  # Player 1 fills shop 3
        ["buy 0", "roll 112344456", "blue 2", "purple 1", "gold"],  # Player 2 fills shop 2
        ["buy 0", "roll 112233445", "blue 1", "gold", "goats"],  # Player 1 fills shop 1
        ["buy 0", "roll 111234445", "gold", "blue 2"],  # Player 1 completes Blue
    ]
    return play(new_game(players=2, seed=1, first_player=0), *sum(rounds, []))


@ANSWERS.add
def blue_bonus_for_player_2() -> int:
    """What Player 2's bonus for Blue is worth once Blue is claimed: the engine's own score."""
    race = blue_race()
    p = race.players[1]
    full = replace(
        p,
        shops=tuple(
            tuple(shop.goods for shop in district.shops) if district.name == "blue" else fills
            for district, fills in zip(race.sheet.districts, p.shops)
        ),
    )
    done = replace(race, players=(race.players[0], full))
    return done.score_breakdown(1).bonuses - race.score_breakdown(1).bonuses


@ANSWERS.add
def checks_into_full_blue() -> int:
    """How many goods a Blue group of three checks once Player 1's Blue is full (A3d)."""
    full = play(blue_race(), "build none", "goats", "buy 0", "roll 112344456")
    blue = [d.name for d in full.sheet.districts].index("blue")
    return sum(full.apply("blue").player(0).shops[blue]) - sum(full.player(0).shops[blue])


@ANSWERS.add
def purple_best() -> int:
    later = play(sorted_roll_for_purple(), "gold")
    return max(
        later.apply(m).score_breakdown(0).shops - later.score_breakdown(0).shops
        for m in later.legal_moves()
        if m.district == "purple" and not m.path
    )


def sorted_roll_for_purple() -> GameState:
    start = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456")
    return play(start, "blue 3", "gold", "purple 1", "buy 0", "roll 112333456")
