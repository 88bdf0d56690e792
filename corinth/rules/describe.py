"""Plain-words descriptions of moves in the state where they are played.

A learner meets one name for a cell, by what it is and where it is, counted from 1 as a person counts
("the orange ×1 cell, row 1, column 2"), and one name for a shop, as the sheet prints it ("the Purple
shop worth 3"). Move notation (``r0c1``, ``purple 2``) stays for code, files and the command line.

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> s.legal_moves()[0].describe(s)
'Take the Goats group (two 1s) and gain two goats.'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import IllegalMove
from .geometry import cell_index, cell_place
from .moves import Build, Compensate, Move, Pass, Purvey, Roll, Take
from .sheet import BUILDING_TITLES, GOODS, HARBOR, Sheet, default_sheet

if TYPE_CHECKING:
    from .state import GameState

_CELL = re.compile(r"\br([0-4])c([0-4])\b")
_SHOP = re.compile(r"\bshop (\d+) of (green|purple|blue|orange)\b", re.I)

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


def cell_words(index: int, sheet: Sheet | None = None) -> str:
    """A market cell by what it is and where it is, rows and columns counted from 1.

    >>> cell_words(1)
    'the orange ×1 cell, row 1, column 2'
    >>> cell_words(0)
    'the scoring spot, row 1, column 1'
    """
    cell = (sheet or default_sheet()).market.cells[index]
    label = cell.label()
    what = f"the {label}" if label in ("scoring spot", "steward start") else f"the {label} cell"
    return f"{what}, {cell_place(index)}"


def shop_words(district: str, index: int, sheet: Sheet | None = None) -> str:
    """A shop as the sheet prints it: by its district and its points (``index`` counts from 0).

    >>> shop_words("purple", 1)
    'the Purple shop worth 3'
    """
    sheet = sheet or default_sheet()
    shops = sheet.districts[GOODS.index(district)].shops
    points = shops[index].points
    text = f"the {district.capitalize()} shop worth {points}"
    if sum(s.points == points for s in shops) > 1:  # a sheet with two shops of equal points
        text += f" ({_ORDINALS[index]} from the left)"
    return text


_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]


def plain_words(text: str, sheet: Sheet | None = None) -> str:
    """A message with move notation's names put in a learner's words: cells (``r0c1``) by what and
    where they are, shops (``shop 2 of purple``) by their points.

    >>> plain_words("r0c0 is not orthogonally next to r1c2 (A4b)")
    'the scoring spot, row 1, column 1 is not next to the purple ×2 cell, row 2, column 3 (A4b)'
    >>> plain_words("shop 1 of purple would stay partly filled")
    'the Purple shop worth 2 would stay partly filled'
    """
    sheet = sheet or default_sheet()
    text = text.replace("orthogonally next", "next")
    text = _CELL.sub(lambda m: cell_words(cell_index(m.group(0)), sheet), text)
    return _SHOP.sub(
        lambda m: (
            shop_words(m.group(2).lower(), int(m.group(1)) - 1, sheet)
            if int(m.group(1)) - 1 < len(sheet.districts[GOODS.index(m.group(2).lower())].shops)
            else m.group(0)
        ),
        text,
    )


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
            done, begun = [], []
            for i, s in enumerate(district.shops):
                if now[i] == s.goods and before[i] < s.goods:
                    done.append(f"the shop worth {s.points}")
                elif now[i] > before[i]:
                    begun.append(f"the shop worth {s.points} ({now[i]} of {s.goods})")
            if done:
                text += ", completing " + " and ".join(done)
            if begun:
                text += (" and filling " if done else ", filling ") + " and ".join(begun)
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
        return plain_words(f"{move.describe()} Not legal here: {exc}.", state.sheet)
    player = state.current_player
    effects = gains(state, after, player)
    if isinstance(move, Take):
        head = f"Take the {move.district.capitalize()} group ({group_words(state, move.district)})"
        if move.path:
            head += (
                f" and move the steward {_count(len(move.path), 'step')} to"
                f" {cell_words(move.path[-1], state.sheet)}"
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
        steps = _count(len(move.path), "step")
        text = f"No group is left: move the steward {steps} to {cell_words(move.path[-1], state.sheet)}"
        return text + (": " + ", ".join(effects) if effects else "") + "."
    if isinstance(move, (Build, Purvey, Roll, Pass)):
        return move.describe()
    return move.describe()
