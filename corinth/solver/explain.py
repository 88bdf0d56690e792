"""Plain-English reasons for a move: what it gains and what it gives up, in real quantities.

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
>>> gains, costs = move_effects(s, s.apply("gold"), Move.parse("gold"))
>>> gains
['scores +1 point now (0 → 1)', 'gains 2 gold']
"""

from __future__ import annotations

from corinth.rules import (
    GOODS,
    HARBOR,
    Compensate,
    GameState,
    Move,
    Purvey,
    Take,
    steward_cost,
)
from corinth.rules.describe import shop_words
from corinth.rules.geometry import cell_place, cells_of
from corinth.rules.sheet import _THE_BUILDING, BUILDINGS, district_word
from corinth.shared.language import _, current_language, ngettext, number

from .market import reachable_mask


def decimals(value: float, places: int) -> str:
    """``value`` with ``places`` decimals as the language spoken writes it ("6.83", "6,83").

    >>> decimals(6.834, 2)
    '6.83'
    """
    if current_language() == "en":
        return f"{value:.{places}f}"
    return number(value, decimals=places)


def general(value: float) -> str:
    """A number as ``f"{value:g}"`` writes it, in the language spoken ("0.5", "0,5")."""
    if current_language() == "en":
        return f"{value:g}"
    return number(float(f"{value:g}"))


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", abs(n)).format(n=n)


_cells = cells_of


def adjustment_gold(state: GameState, move: Move) -> int:
    """Gold a steward move spends to change its step count (A4a, B4); 0 for anything else."""
    if not isinstance(move, Take) or not move.path:
        return 0
    group = state.harbor[HARBOR.index(move.district)]
    return steward_cost(group.face, len(move.path), state.player().has("stables"))


def used_after(state: GameState, move: Move) -> int:
    """The used-cells mask of the mover after ``move`` (computed from the path, without applying)."""
    p = state.player()
    path = getattr(move, "path", ()) or ()
    used = p.used
    for c in path:
        used |= 1 << c
    return used


def cut_off_cells(state: GameState, move: Move) -> tuple[list[int], list[int]]:
    """(cells the move's path uses up, other cells it makes unreachable for every later move)."""
    p = state.player()
    path = tuple(getattr(move, "path", ()) or ())
    if not path:
        return [], []
    before = reachable_mask(p.steward, p.used)
    used = used_after(state, move)
    after = reachable_mask(path[-1], used)
    path_mask = sum(1 << c for c in path)
    return list(path), _cells(before & ~after & ~path_mask)


def move_effects(
    before: GameState, after: GameState, move: Move, claimable: dict[int, int] | None = None
) -> tuple[list[str], list[str]]:
    """Two lists of phrases: what ``move`` gains and what it gives up, for the player to move.

    ``claimable`` maps a goods district index to its bonus points when some other legal move claims
    that bonus now (so a move that does not is said to concede it).
    """
    who = before.current_player
    p0, p1 = before.players[who], after.players[who]
    gains: list[str] = []
    costs: list[str] = []
    _score_effects(before.score(who), after.score(who), gains, costs)
    gold_delta = p1.gold - p0.gold
    goat_delta = p1.goats - p0.goats
    if gold_delta > 0:
        gains.append(ngettext("gains {n} gold", "gains {n} gold", gold_delta).format(n=gold_delta))
    if goat_delta > 0:
        gains.append(ngettext("gains {n} goat", "gains {n} goats", goat_delta).format(n=goat_delta))
    _district_effects(before, after, claimable, gains, costs)
    _market_effects(before.sheet, p0, p1, gains)
    built = _building_effects(before.sheet, p0, p1, gains, costs)
    if isinstance(move, Purvey) and move.buy:
        gains.append(
            ngettext("rolls {n} more yellow die", "rolls {n} more yellow dice", move.buy).format(
                n=move.buy
            )
        )
        costs.append(
            ngettext("pays {n} gold for them", "pays {n} gold for them", move.buy).format(
                n=move.buy
            )
        )
    spent_adjust = adjustment_gold(before, move)
    if spent_adjust:
        costs.append(
            ngettext(
                "spends {n} gold to change the steward's step count",
                "spends {n} gold to change the steward's step count",
                spent_adjust,
            ).format(n=spent_adjust)
        )
    elif gold_delta < 0 and not built and not isinstance(move, Purvey):
        costs.append(
            ngettext("spends {n} gold", "spends {n} gold", -gold_delta).format(n=-gold_delta)
        )
    if isinstance(move, Take | Compensate) and move.path:
        path, cut = cut_off_cells(before, move)
        costs.append(
            ngettext(
                "uses up {n} market cell ({cells})", "uses up {n} market cells ({cells})", len(path)
            ).format(n=len(path), cells=_names(before.sheet, path))
        )
        if cut:
            costs.append(
                ngettext(
                    "cuts off {n} more cell no later steward move can reach ({cells})",
                    "cuts off {n} more cells no later steward move can reach ({cells})",
                    len(cut),
                ).format(n=len(cut), cells=_names(before.sheet, cut))
            )
    return gains, costs


def _score_effects(s0: int, s1: int, gains: list[str], costs: list[str]) -> None:
    """The score now, before → after: a gain, a loss or no change."""
    d = s1 - s0
    if d > 0:
        gains.append(
            ngettext(
                "scores +{n} point now ({before} → {after})",
                "scores +{n} points now ({before} → {after})",
                d,
            ).format(n=d, before=s0, after=s1)
        )
    elif d < 0:
        costs.append(
            ngettext(
                "loses {n} point now ({before} → {after})",
                "loses {n} points now ({before} → {after})",
                -d,
            ).format(n=-d, before=s0, after=s1)
        )
    else:
        gains.append(_("scores no points now (stays at {score})").format(score=s0))


def _district_effects(
    before: GameState,
    after: GameState,
    claimable: dict[int, int] | None,
    gains: list[str],
    costs: list[str],
) -> None:
    """District by district: the goods checked, the shops started, added to or completed, the
    bonus claimed or left to the race."""
    who = before.current_player
    sheet = before.sheet
    p0, p1 = before.players[who], after.players[who]
    for i, district in enumerate(sheet.districts):
        f0, f1 = p0.shops[i], p1.shops[i]
        checks = sum(f1) - sum(f0)
        name = district_word(district.name)
        if checks:
            gains.append(
                ngettext(
                    "checks {n} {district} good", "checks {n} {district} goods", abs(checks)
                ).format(n=checks, district=name)
            )
        for j, shop in enumerate(district.shops):
            if f1[j] == shop.goods and f0[j] != shop.goods:
                gains.append(_("completes {shop}").format(shop=shop_words(district.name, j, sheet)))
            elif f1[j] != f0[j]:
                message = (
                    _("starts {shop} ({filled} of {goods} goods)")
                    if f0[j] == 0
                    else _("adds to {shop} ({filled} of {goods} goods)")
                )
                gains.append(
                    message.format(
                        shop=shop_words(district.name, j, sheet), filled=f1[j], goods=shop.goods
                    )
                )
        if after.bonus_owner[i] == who and before.bonus_owner[i] != who:
            gains.append(
                _("claims the {district} bonus ({points})").format(
                    district=name, points=_points(district.bonus)
                )
            )
        elif claimable and i in claimable and after.bonus_owner[i] != who:
            costs.append(
                _(
                    "leaves the {district} bonus ({points}) to the race although another move"
                    " claims it now"
                ).format(district=district_word(GOODS[i]), points=_points(claimable[i]))
            )


def _market_effects(sheet, p0, p1, gains: list[str]) -> None:
    """The market cells newly circled, each by what it does, and the market count after them."""
    new_circled = p1.circled & ~p0.circled
    for c in _cells(new_circled):
        cell = sheet.market.cells[c]
        where = cell_place(c)
        if cell.kind == "score":
            gains.append(
                _("circles the scoring spot ({place}) and writes {score} on it").format(
                    place=where, score=p1.scores[-1]
                )
            )
        elif cell.kind == "yellow":
            gains.append(
                _(
                    "circles the yellow die ({place}): one free yellow die in every later roll"
                ).format(place=where)
            )
        elif cell.kind == "+1":
            gains.append(
                _("circles the +1 ({place}): worth 1 more on every later scoring spot").format(
                    place=where
                )
            )
        else:
            gains.append(
                _("circles the {label} cell ({place})").format(label=cell.label(), place=where)
            )
    if new_circled:
        gains.append(
            _("raises the market count to {n} for the next scoring spot").format(
                n=bin(p1.circled).count("1")
            )
        )


def _building_effects(sheet, p0, p1, gains: list[str], costs: list[str]) -> int:
    """The buildings built and what they cost; returns the mask of those built."""
    built = p1.buildings & ~p0.buildings
    for i, name in enumerate(BUILDINGS):
        if built >> i & 1:
            b = sheet.building(name)
            gains.append(_("builds {building}").format(building=_(_THE_BUILDING[name])))
            costs.append(
                ngettext(
                    "pays {gold} gold and {goats} goat for {building}",
                    "pays {gold} gold and {goats} goats for {building}",
                    abs(b.goats),
                ).format(gold=b.gold, goats=b.goats, building=_(_THE_BUILDING[name]))
            )
    return built


def _names(sheet, cells: list[int]) -> str:
    """The cells by what is printed on them: 'purple ×2, +1, scoring spot'."""
    return ", ".join(sheet.market.cells[c].label() for c in cells)


def sentence(gains: list[str], costs: list[str]) -> str:
    """Join the phrases into one or two sentences."""
    text = _("{gains}.").format(gains=_upper_first(_join(gains))) if gains else ""
    if costs:
        text += (" " if text else "") + _("It {costs}.").format(costs=_join(costs))
    return text


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return _("{list} and {last}").format(list=", ".join(parts[:-1]), last=parts[-1])


def share_words(share: float) -> str:
    """A share of games in words, as a person says it: "about 4 games in 5".

    >>> share_words(0.81), share_words(0.5), share_words(0.0), share_words(1.0), share_words(0.34)
    ('about 4 games in 5', 'about 1 game in 2', 'no game', 'every game', 'about 1 game in 3')
    """
    if share <= 0:
        return _("no game")
    if share >= 1:
        return _("every game")
    if share < 0.05:
        return _("almost no game")
    if share > 0.95:
        return _("almost every game")
    # The simplest fraction near the share: the smallest "in N" within 3 points of it.
    for whole in range(2, 11):
        part = round(share * whole)
        if 0 < part < whole and abs(share - part / whole) <= 0.03:
            break
    else:
        whole = 10
        part = round(share * whole)
    return ngettext("about {part} game in {whole}", "about {part} games in {whole}", part).format(
        part=part, whole=whole
    )


def points_words(value: float) -> str:
    """Points as a learner reads them: whole when the fraction does not matter, else one decimal.

    >>> points_words(59.38), points_words(12.0), points_words(12.04)
    ('about 59 points', '12 points', '12 points')
    """
    n = round(value)
    if abs(value - n) < 0.05:
        return ngettext("{n} points", "{n} points", n).format(n=n)
    return ngettext("about {n} points", "about {n} points", n).format(n=n)


def apart_words(state: GameState, moves: list[Move]) -> list[str]:
    """Each move's sentence, and for moves whose sentences are the same, what tells them apart: the
    cells a walk passes through.

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> a, b = Move.parse("goats steward r1c2,r1c1"), Move.parse("goats steward r2c1,r1c1")
    >>> [w.split(", by way of ")[1] for w in apart_words(s, [a, b])]
    ['the purple ×2 cell (row 2, column 3).', 'the green ×2 cell (row 3, column 2).']
    """
    plain = [m.describe(state) for m in moves]
    words = list(plain)
    for k, move in enumerate(moves):
        same = [j for j, w in enumerate(plain) if w == plain[k] and j != k]
        if not same or not isinstance(move, Take | Compensate) or not move.path:
            continue
        via = [
            _("the {label} cell ({place})").format(
                label=state.sheet.market.cells[c].label(), place=cell_place(c)
            )
            for c in move.path[:-1]
        ]
        if via:
            words[k] = _("{move}, by way of {cells}.").format(
                move=words[k].rstrip("."), cells=_join(via)
            )
    return words
