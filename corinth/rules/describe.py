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

from corinth.shared.language import N_, _, current_language, ngettext

from .errors import IllegalMove
from .geometry import cell_index, cell_place
from .moves import Build, Compensate, Move, Pass, Purvey, Roll, Take
from .sheet import (
    BUILDINGS,
    GOODS,
    HARBOR,
    Sheet,
    building_titles,
    default_sheet,
    district_word,
    group_name,
)

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


def number_word(n: int) -> str:
    """A small count as a sentence says it: "two" in English; French and German lessons write counts
    in digits ("2 chèvres", "2 Ziegen"), as their glossaries say."""
    if current_language() == "en" and 0 <= n < len(_NUMBERS):
        return _NUMBERS[n]
    return str(n)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


# A shop as the sheet prints it, by its district and points (the number decides the form).
_SHOPS = {
    "green": lambda n: ngettext(
        "the Green shop worth {points}", "the Green shop worth {points}", n
    ),
    "purple": lambda n: ngettext(
        "the Purple shop worth {points}", "the Purple shop worth {points}", n
    ),
    "blue": lambda n: ngettext("the Blue shop worth {points}", "the Blue shop worth {points}", n),
    "orange": lambda n: ngettext(
        "the Orange shop worth {points}", "the Orange shop worth {points}", n
    ),
}


def cell_words(index: int, sheet: Sheet | None = None) -> str:
    """A market cell by what it is and where it is, rows and columns counted from 1.

    >>> cell_words(1)
    'the orange ×1 cell, row 1, column 2'
    >>> cell_words(0)
    'the scoring spot, row 1, column 1'
    """
    cell = (sheet or default_sheet()).market.cells[index]
    label = cell.label()
    if cell.kind in ("score", "steward"):
        return _("the {label}, {place}").format(label=label, place=cell_place(index))
    return _("the {label} cell, {place}").format(label=label, place=cell_place(index))


def shop_words(district: str, index: int, sheet: Sheet | None = None) -> str:
    """A shop as the sheet prints it: by its district and its points (``index`` counts from 0).

    >>> shop_words("purple", 1)
    'the Purple shop worth 3'
    """
    sheet = sheet or default_sheet()
    shops = sheet.districts[GOODS.index(district)].shops
    points = shops[index].points
    text = _SHOPS[district](points).format(points=points)
    if sum(s.points == points for s in shops) > 1:  # a sheet with two shops of equal points
        text = _("{shop} ({which})").format(shop=text, which=_(_ORDINALS[index]))
    return text


_ORDINALS = [
    N_("first from the left"),
    N_("second from the left"),
    N_("third from the left"),
    N_("fourth from the left"),
    N_("fifth from the left"),
    N_("sixth from the left"),
    N_("seventh from the left"),
    N_("eighth from the left"),
    N_("ninth from the left"),
]


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
        return _("empty")
    text = ngettext("{count} {face}", "{count} {face}s", g.size).format(
        count=number_word(g.size) if g.size < len(_NUMBERS) else g.size, face=g.face
    )
    if g.yellow:
        text = ngettext("{dice}, {yellow} yellow", "{dice}, {yellow} yellow", g.yellow).format(
            dice=text, yellow=g.yellow
        )
    return text


def _and(words: list[str]) -> str:
    """Words joined as a sentence lists them: "A and B and C"."""
    text = words[0]
    for word in words[1:]:
        text = _("{first} and {second}").format(first=text, second=word)
    return text


def gains(state: GameState, after: GameState, player: int) -> list[str]:
    """What changed on ``player``'s sheet between two states, as short phrases."""
    a, b = state.players[player], after.players[player]
    out = []
    if b.gold_circled > a.gold_circled:
        n = b.gold_circled - a.gold_circled
        out.append(ngettext("gain {n} gold", "gain {n} gold", n).format(n=n))
    if b.goats_circled > a.goats_circled:
        n = b.goats_circled - a.goats_circled
        out.append(
            ngettext("gain {count} goat", "gain {count} goats", n).format(count=number_word(n))
        )
    if b.gold_crossed > a.gold_crossed:
        n = b.gold_crossed - a.gold_crossed
        out.append(ngettext("spend {n} gold", "spend {n} gold", n).format(n=n))
    if b.goats_crossed > a.goats_crossed:
        n = b.goats_crossed - a.goats_crossed
        out.append(
            ngettext("spend {count} goat", "spend {count} goats", n).format(count=number_word(n))
        )
    for d, district in enumerate(state.sheet.districts):
        before, now = a.shops[d], b.shops[d]
        placed = sum(now) - sum(before)
        if placed:
            text = ngettext(
                "check {count} good in {district}", "check {count} goods in {district}", placed
            ).format(count=number_word(placed), district=district_word(district.name))
            done, begun = [], []
            for i, s in enumerate(district.shops):
                if now[i] == s.goods and before[i] < s.goods:
                    done.append(
                        ngettext(
                            "the shop worth {points}", "the shop worth {points}", s.points
                        ).format(points=s.points)
                    )
                elif now[i] > before[i]:
                    begun.append(
                        ngettext(
                            "the shop worth {points} ({filled} of {goods})",
                            "the shop worth {points} ({filled} of {goods})",
                            s.points,
                        ).format(points=s.points, filled=now[i], goods=s.goods)
                    )
            if done:
                text = _("{check}, completing {shops}").format(check=text, shops=_and(done))
            if begun:
                if done:
                    text = _("{check} and filling {shops}").format(check=text, shops=_and(begun))
                else:
                    text = _("{check}, filling {shops}").format(check=text, shops=_and(begun))
            out.append(text)
        if after.bonus_owner[d] == player and state.bonus_owner[d] != player:
            out.append(
                _("claim the {district} bonus ({points})").format(
                    district=district_word(district.name), points=_points(district.bonus)
                )
            )
    if b.scores != a.scores:
        out.append(_("write {score} on a scoring spot").format(score=b.scores[-1]))
    if after.earned_yellow(player) > state.earned_yellow(player):
        out.append(_("earn a free yellow die for every later roll"))
    plus = state.sheet.market.count(b.circled, "+1") - state.sheet.market.count(a.circled, "+1")
    if plus > 0:
        out.append(_("circle a +1 for the later scoring spots"))
    new = b.buildings & ~a.buildings
    if new:
        names = [name for i, name in enumerate(BUILDINGS) if new >> i & 1]
        out.append(_("build {buildings}").format(buildings=building_titles(names)))
    return out


def describe_move(state: GameState, move: Move) -> str:
    """Describe ``move`` as played in ``state``: what it takes, where it goes and what it gains."""
    try:
        after = state.apply(move)
    except IllegalMove as exc:
        return plain_words(
            _("{move} Not legal here: {reason}.").format(move=move.describe(), reason=exc),
            state.sheet,
        )
    player = state.current_player
    effects = ", ".join(gains(state, after, player))
    if isinstance(move, Take):
        group = group_name(move.district)
        dice = group_words(state, move.district)
        if move.path:
            n = len(move.path)
            values = dict(
                group=group,
                dice=dice,
                count=number_word(n),
                cell=cell_words(move.path[-1], state.sheet),
                effects=effects,
            )
            if effects:
                return ngettext(
                    "Take {group} ({dice}) and move the steward {count} step to {cell}: {effects}.",
                    "Take {group} ({dice}) and move the steward {count} steps to {cell}: {effects}.",
                    n,
                ).format(**values)
            return ngettext(
                "Take {group} ({dice}) and move the steward {count} step to {cell}.",
                "Take {group} ({dice}) and move the steward {count} steps to {cell}.",
                n,
            ).format(**values)
        if not effects:
            if move.district in GOODS:
                return _(
                    "Take {group} ({dice}) and deliver: {district} is full, the goods are lost (A3d)."
                ).format(group=group, dice=dice, district=district_word(move.district))
            return _("Take {group} ({dice}): the track is full, the gain is lost (T1).").format(
                group=group, dice=dice
            )
        return _("Take {group} ({dice}) and {effects}.").format(
            group=group, dice=dice, effects=effects
        )
    if isinstance(move, Compensate):
        n = len(move.path)
        values = dict(
            count=number_word(n), cell=cell_words(move.path[-1], state.sheet), effects=effects
        )
        if effects:
            return ngettext(
                "No group is left: move the steward {count} step to {cell}: {effects}.",
                "No group is left: move the steward {count} steps to {cell}: {effects}.",
                n,
            ).format(**values)
        return ngettext(
            "No group is left: move the steward {count} step to {cell}.",
            "No group is left: move the steward {count} steps to {cell}.",
            n,
        ).format(**values)
    if isinstance(move, (Build, Purvey, Roll, Pass)):
        return move.describe()
    return move.describe()
