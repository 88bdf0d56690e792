"""Plain-words descriptions of moves in the state where they are played.

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> s.legal_moves()[0].describe(s)
'Take the Goats group (two 1s) and gain two goats.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalMove
from .geometry import cell_place
from .moves import Build, Compensate, Move, Pass, Purvey, Roll, Take
from .sheet import BUILDING_TITLES, GOODS, HARBOR

if TYPE_CHECKING:
    from .state import GameState

_NUMBERS = [
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]


def _count(n: int, word: str) -> str:
    name = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{name} {word}{'' if n == 1 else 's'}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def group_words(state: GameState, district: str) -> str:
    """'two 4s' for the group on ``district``."""
    g = state.harbor[HARBOR.index(district)]
    if g is None:
        return "empty"
    word = f"{g.face}s" if g.size != 1 else str(g.face)
    text = f"{_NUMBERS[g.size] if g.size < len(_NUMBERS) else g.size} {word}"
    if g.yellow:
        text += f", {g.yellow} yellow"
    return text


def gains(state: GameState, after: GameState, player: int) -> list[str]:
    """What changed on ``player``'s sheet between two states, as short phrases."""
    a, b = state.players[player], after.players[player]
    out = []
    if b.gold_circled > a.gold_circled:
        out.append(f"gain {b.gold_circled - a.gold_circled} gold")
    if b.goats_circled > a.goats_circled:
        out.append(f"gain {_count(b.goats_circled - a.goats_circled, 'goat')}")
    if b.gold_crossed > a.gold_crossed:
        out.append(f"spend {b.gold_crossed - a.gold_crossed} gold")
    if b.goats_crossed > a.goats_crossed:
        out.append(f"spend {_count(b.goats_crossed - a.goats_crossed, 'goat')}")
    for d, district in enumerate(state.sheet.districts):
        before, now = a.shops[d], b.shops[d]
        placed = sum(now) - sum(before)
        if placed:
            text = f"check {_count(placed, 'good')} in {district.name.capitalize()}"
            done = [
                i for i, s in enumerate(district.shops) if now[i] == s.goods and before[i] < s.goods
            ]
            if done:
                pts = sum(district.shops[i].points for i in done)
                names = ", ".join(str(i + 1) for i in done)
                text += f", completing shop{'s' if len(done) > 1 else ''} {names} ({_points(pts)})"
            out.append(text)
        if after.bonus_owner[d] == player and state.bonus_owner[d] != player:
            out.append(f"claim the {district.name.capitalize()} bonus ({_points(district.bonus)})")
    if b.scores != a.scores:
        out.append(f"write {b.scores[-1]} on a scoring spot")
    new = b.buildings & ~a.buildings
    if new:
        names = [t for i, t in enumerate(BUILDING_TITLES.values()) if new >> i & 1]
        out.append("build the " + " and the ".join(names))
    return out


def describe_move(state: GameState, move: Move) -> str:
    """Describe ``move`` as played in ``state``: what it takes, where it goes and what it gains."""
    try:
        after = state.apply(move)
    except IllegalMove as exc:
        return f"{move.describe()} Not legal here: {exc}."
    player = state.current_player
    effects = gains(state, after, player)
    if isinstance(move, Take):
        head = f"Take the {move.district.capitalize()} group ({group_words(state, move.district)})"
        if move.path:
            end = state.sheet.market.cells[move.path[-1]]
            head += (
                f" and move the steward {_count(len(move.path), 'step')} to the {end.label()} cell"
                f" ({cell_place(move.path[-1])})"
            )
            return head + (": " + ", ".join(effects) if effects else "") + "."
        if not effects:
            if move.district in GOODS:
                return (
                    head
                    + f" and deliver: {move.district.capitalize()} is full, the goods are lost (A3d)."
                )
            return head + ": the track is full, the gain is lost (T1)."
        return head + " and " + ", ".join(effects) + "."
    if isinstance(move, Compensate):
        end = state.sheet.market.cells[move.path[-1]]
        steps = _count(len(move.path), "step")
        text = (
            f"No group is left: move the steward {steps} to the {end.label()} cell "
            f"({cell_place(move.path[-1])})"
        )
        return text + (": " + ", ".join(effects) if effects else "") + "."
    if isinstance(move, (Build, Purvey, Roll, Pass)):
        return move.describe()
    return move.describe()
