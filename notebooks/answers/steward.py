"""Lesson 03, The steward: its positions and the answers the engine works out.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from dataclasses import replace

from corinth import GameState, Move, new_game
from corinth.rules import steward_paths, steward_steps
from corinth.shared.language import ngettext
from corinth.ui.course import AnswerBook, play

ANSWERS = AnswerBook()


def boxed_in() -> GameState:
    """Player 1's steward in the top-left corner, both neighbours used up; a group of 3s to take."""
    state = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456")
    p = state.players[0]
    used = p.used | 1 | 1 << 1 | 1 << 5  # r0c0 (the steward), r0c1 and r1c0
    p = replace(p, steward=0, circled=p.circled | 1, used=used, gold_circled=3)
    return replace(state, players=(p, *state.players[1:]))


@ANSWERS.add
def no_walk_answer() -> str:
    walks = [
        m for m in boxed_in().legal_moves() if getattr(m, "district", "") == "purple" and m.path
    ]
    if walks:
        return "Yes, 3 steps"
    return "No: no walk of any length is possible, so they must use the group's own action"


def no_walk_check() -> str:
    """What the rules allow with the Purple group in ``boxed_in``, in words (03's prediction)."""
    moves = [m for m in boxed_in().legal_moves() if getattr(m, "district", "") == "purple"]
    walks = [m for m in moves if m.path]
    if walks:
        return ngettext(
            "the rules allow {n} steward walk with the Purple group.",
            "the rules allow {n} steward walks with the Purple group.",
            len(walks),
        ).format(n=len(walks))
    return ngettext(
        "the rules allow {n} move with the Purple group, and not one steward walk: it uses the "
        "group's own action, checking Purple goods in the shop of your choice.",
        "the rules allow {n} moves with the Purple group, and not one steward walk: each uses the "
        "group's own action, checking Purple goods in the shop of your choice.",
        len(moves),
    ).format(n=len(moves))


@ANSWERS.add
def steward_game() -> GameState:
    return play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 112223334")


@ANSWERS.add
def two_step_walks() -> int:
    state = new_game(players=2, seed=1, first_player=0)
    p = state.players[0]
    return len(steward_paths(p.steward, p.used, 2)[2])


@ANSWERS.add
def gold_for_seven_steps() -> int:
    """The fewest gold a walk of 7 steps costs with a face of 4 and the Stables (A4a, B4)."""
    return min(g for g in range(10) if steward_steps(4, g, True)[1] >= 7)


def tour() -> GameState:
    rounds = [
        ["buy 0", "roll 112223334", "green steward r2c1,r2c0", "gold", "goats"],
        ["buy 0", "roll 112223334", "goats", "green steward r1c0,r0c0", "gold"],
        ["buy 0", "roll 112223334", "green steward r0c1,r0c2", "goats", "gold"],
        ["buy 0", "roll 112223334", "goats", "green steward r0c3,r0c4"],
    ]
    return play(new_game(players=2, seed=1, first_player=0), *sum(rounds, []))


@ANSWERS.add
def running_total() -> int:
    return tour().players[0].scores[-1] + 2


@ANSWERS.add
def ends_in_corner(move: Move) -> bool:
    return move.path[-1] == 0
