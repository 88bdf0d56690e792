"""Lesson 01, The harbor: its positions and the answers the engine works out.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from dataclasses import replace

from corinth import GameState, Move, new_game
from corinth.shared.language import N_, _, ngettext
from corinth.ui.course import AnswerBook, play

ANSWERS = AnswerBook()


@ANSWERS.add
def blue_value() -> int:
    state = play(new_game(players=2, seed=0, first_player=0), "buy 0", "roll 223555116")
    return dict(state.groups())["blue"].face


@ANSWERS.add
def last_player() -> str:
    return f"Player {new_game(players=3, seed=0, first_player=1).turn_order()[-1] + 1}"


def earned_two_yellow() -> GameState:
    """Player 1, first player, with both yellow-die cells of the market circled and 4 gold."""
    state = new_game(players=2, seed=1, first_player=0)
    yellow = [i for i, cell in enumerate(state.sheet.market.cells) if cell.kind == "yellow"]
    p = state.players[0]
    circled = sum(1 << i for i in yellow)
    p = replace(p, circled=circled, used=p.used | circled, gold_circled=4)
    return replace(state, players=(p, *state.players[1:]))


@ANSWERS.add
def yellow_with_two_gold() -> int:
    """How many yellow dice a first player with 2 gold and no earned yellow die may buy (R2)."""
    state = new_game(players=2, seed=1, first_player=0)
    p = replace(state.players[0], gold_circled=2)
    return replace(state, players=(p, *state.players[1:])).max_purchase()


@ANSWERS.add
def blue_after_yellow() -> int:
    """A yellow 4 joined two white 4s on Blue; after the first player's turn, the Blue group's size (R6)."""
    state = play(new_game(players=3, seed=4, first_player=0), "buy 1", "roll 112344666/4", "gold")
    if state.phase == "build":
        state = state.apply("build none")
    return dict(state.groups())["blue"].size


@ANSWERS.add
def yellow_to_buy() -> str:
    return str(earned_two_yellow().max_purchase())


def yellow_purchases() -> list[str]:
    return [str(m) for m in earned_two_yellow().legal_moves()]


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


def yellow_purchase_check() -> str:
    """What the rules let Player 1 buy in ``earned_two_yellow``, in words (01's prediction)."""
    state = earned_two_yellow()
    # a move's sentence in the middle of another: its first letter small, where the language does
    # that (German keeps a noun's capital: "Kaufe keinen gelben Würfel" → "kaufe keinen gelben Würfel")
    words = [_lower_first(m.describe(state).rstrip(".")) for m in state.legal_moves()]
    count = _(COUNTS[len(words)]) if len(words) < len(COUNTS) else str(len(words))
    choices = words[0] if words else ""
    for word in words[1:]:
        choices = _("{choices}, or {choice}").format(choices=choices, choice=word)
    return ngettext(
        "the rules give Player 1 {count} choice here: {choices}.",
        "the rules give Player 1 {count} choices here: {choices}.",
        len(words),
    ).format(count=count, choices=choices)


# A few choices counted in words (01's prediction).
COUNTS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"))


@ANSWERS.add
def sorted_roll() -> GameState:
    return play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 112344666")


@ANSWERS.add
def no_group_left() -> GameState:
    """3 players; the roll made two groups; Players 1 and 2 took them: Player 3 has none (R8)."""
    return play(
        new_game(players=3, seed=1, first_player=0),
        "buy 0",
        "roll 111111116",
        "gold",
        "goats",
        "build none",
    )


@ANSWERS.add
def one_step(move: Move) -> bool:
    return len(move.path) == 1
