"""The harbor and a sheet as standalone SVG, drawn from a game state (for handouts and static viewers).

Pure functions of the board data of ``corinth.render.board``, like ``chess.svg`` beside the chess model:
the widgets' ``to_svg`` call them, and so can any script.

>>> from corinth.rules import new_game
>>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> harbor_svg(state).startswith("<svg")
True
>>> 'aria-label="purple ×2, row 2, column 3' in sheet_svg(state, player=0)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from corinth.rules import HARBOR, GameState
from corinth.rules.errors import shown
from corinth.rules.geometry import CELLS, NEIGHBOURS, SIZE
from corinth.rules.scoring import TERMS, term_word
from corinth.shared.language import _, ngettext

from . import palette as pal
from .board import caption, harbor_groups, sheet_board

MAX_SPOTS = 60  # track spots drawn one by one; a longer track shows the rest as a number
MAX_DICE = 10  # dice a harbor group has room for; a larger group shows 8 and "+N more dice"
MAX_GOODS = 12  # goods circles drawn in a shop; more are shown as "+N" in the shop
SHOPS_RIGHT = 670  # a district's shops are drawn up to here (its bonus after them)
MAX_BUILDINGS = 4
MAX_TURNS = 14  # roll-track boxes drawn
MAX_SCORES = 20  # scoring spots listed


def more(x: float, y: float, count: int, what: str) -> str:
    """The marker of what a drawing leaves out: "+3 more shops"."""
    words = {
        "dice": lambda: ngettext("+{n} more dice", "+{n} more dice", count),
        "shops": lambda: ngettext("+{n} more shops", "+{n} more shops", count),
        "buildings": lambda: ngettext("+{n} more buildings", "+{n} more buildings", count),
        "rolls on the track": lambda: ngettext(
            "+{n} more rolls on the track", "+{n} more rolls on the track", count
        ),
    }.get(what, lambda: "+{n} more " + what)()
    return (
        f'<text x="{x:g}" y="{y:g}" fill="{pal.MUTED}" font-style="italic">'
        f"{esc(words.format(n=count))}</text>"
    )


def esc(text: object) -> str:
    """Escape text for SVG/XML."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def pips(face: int) -> list[tuple[float, float]]:
    """Pip centres of a die face on a unit square."""
    a, m, b = 0.25, 0.5, 0.75
    return {
        1: [(m, m)],
        2: [(a, a), (b, b)],
        3: [(a, a), (m, m), (b, b)],
        4: [(a, a), (b, a), (a, b), (b, b)],
        5: [(a, a), (b, a), (m, m), (a, b), (b, b)],
        6: [(a, a), (b, a), (a, m), (b, m), (a, b), (b, b)],
    }.get(face, [])


def svg_die(x: float, y: float, size: float, face: int, yellow: bool) -> str:
    """One die with its pips, white or yellow."""
    colour = pal.DIE_YELLOW if yellow else pal.DIE_WHITE
    parts = [
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size * 0.18:g}" '
        f'fill="{colour}" stroke="#333" stroke-width="1"/>'
    ]
    r = size * 0.09
    for px, py in pips(face):
        parts.append(
            f'<circle cx="{x + px * size:g}" cy="{y + py * size:g}" r="{r:g}" fill="{pal.PIP}"/>'
        )
    return "".join(parts)


def picture(kind: str, x: float, y: float, size: float, colour: str | None = None) -> str:
    """A cell kind's picture (``palette.PICTURES``) in the square at (x, y)."""
    pts = pal.picture_points(kind, x, y, size)
    points = " ".join(f"{pts[i]:g},{pts[i + 1]:g}" for i in range(0, len(pts), 2))
    return (
        f'<polygon points="{points}" fill="{colour or pal.base(kind)}" stroke="{pal.ink(kind)}" '
        f'stroke-width="1" aria-hidden="true"/>'
    )


# --- harbor ----------------------------------------------------------------------------------


def draw_harbor(groups: list[dict], title: str = "", selected: str = "") -> str:
    """The harbor from its board data (``harbor_groups``): Gold on top, each group's dice drawn."""
    row, die, width = 46, 30, 560
    height = row * len(groups) + 40
    head = _("Harbor - {caption}").format(caption=title) if title else _("Harbor")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14" '
        f'role="img" aria-label="{esc(head)}">',
        f'<rect width="{width}" height="{height}" fill="{pal.PAPER}"/>',
        f'<text x="10" y="22" font-weight="bold" fill="{pal.TEXT}">{esc(head)}</text>',
    ]
    for k, g in enumerate(reversed(groups)):
        y = 34 + k * row
        chosen = g["district"] == selected
        stroke = pal.SELECTED if chosen else (pal.HIGHLIGHT if g["legal"] else "#999")
        parts.append(
            f'<g aria-label="{esc(g["label"])}"><rect x="8" y="{y}" width="{width - 16}" '
            f'height="{row - 6}" rx="6" fill="{pal.fill(g["district"])}" stroke="{stroke}" '
            f'stroke-width="{3 if chosen else 1}"/>'
            f'<rect x="8" y="{y}" width="8" height="{row - 6}" fill="{pal.base(g["district"])}"/>'
            f'<text x="24" y="{y + 26}" font-weight="bold" fill="{pal.ink(g["district"])}">'
            f"{esc(g['title'])}</text>"
        )
        if g["size"]:
            parts.append(
                f'<text x="118" y="{y + 26}" fill="{pal.TEXT}">{g["face"]}×{g["size"]}</text>'
            )
            faces = [False] * g["white"] + [True] * g["yellow"]
            shown_dice = faces if len(faces) <= MAX_DICE else faces[: MAX_DICE - 2]
            for j, yellow in enumerate(shown_dice):
                parts.append(svg_die(170 + j * (die + 6), y + 4, die, g["face"], yellow))
            if len(shown_dice) < len(faces):
                parts.append(
                    more(
                        170 + len(shown_dice) * (die + 6),
                        y + 26,
                        len(faces) - len(shown_dice),
                        "dice",
                    )
                )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def harbor_svg(state: GameState | None, selected: str = "") -> str:
    """The harbor of ``state`` as SVG; ``selected`` rings one district.

    >>> harbor_svg("game")
    Traceback (most recent call last):
    ...
    TypeError: state: expected a GameState (or None for an empty harbor), got 'game'
    """
    if state is not None and not isinstance(state, GameState):
        raise TypeError(
            f"state: expected a GameState (or None for an empty harbor), got {shown(state)}"
        )
    if not isinstance(selected, str):
        raise TypeError(f"selected: expected a district's name, got {shown(selected)}")
    if selected and selected not in HARBOR:
        raise ValueError(f"there is no district {selected!r}: choose one of {', '.join(HARBOR)}")
    return draw_harbor(harbor_groups(state), caption(state), selected)


# --- sheet -----------------------------------------------------------------------------------


def _track(out: list[str], x: float, y: float, name: str, kind: str, t: dict) -> None:
    held = t["circled"] - t["crossed"]
    out.append(
        f'<text x="{x}" y="{y}" font-weight="bold" fill="{pal.ink(kind)}">{name} {held}</text>'
    )
    for j in range(min(t["track"], MAX_SPOTS)):
        cx, cy = x + 8 + (j % 24) * 18, y + 14 + (j // 24) * 18
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="6" fill="{pal.fill(kind)}" stroke="{pal.ink(kind)}"/>'
        )
        if j < t["circled"]:
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="{pal.TEXT}" stroke-width="1.5"/>'
            )
        if j < t["crossed"]:
            out.append(
                f'<path d="M{cx - 6} {cy - 6} L{cx + 6} {cy + 6}" stroke="{pal.REFUSAL}" stroke-width="2"/>'
            )
    if t["track"] > MAX_SPOTS:
        out.append(
            f'<text x="{x + 120}" y="{y}" fill="{pal.MUTED}">'
            + esc(_("(+{n} spots)").format(n=t["track"] - MAX_SPOTS))
            + "</text>"
        )


def _sheet_title(player: str) -> str:
    return _("{player}'s sheet").format(player=player)


def draw_sheet(b: dict) -> str:
    """A sheet from its board data (``sheet_board``): shops, bonuses, market, tracks, buildings, score."""
    w, h = 760, 580
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        f'font-family="sans-serif" font-size="13" role="img" '
        f'aria-label="{esc(_sheet_title(b.get("title", _("Player"))))}">',
        f'<rect width="{w}" height="{h}" fill="{pal.PAPER}"/>',
    ]
    if not b:
        out.append("</svg>")
        return "".join(out)
    out.append(
        f'<text x="12" y="24" font-size="17" font-weight="bold" fill="{pal.TEXT}">'
        f"{esc(_sheet_title(b['title']))}</text>"
    )
    for k, d in enumerate(b["districts"]):
        y = 44 + k * 44
        out.append(
            f'<text x="12" y="{y + 22}" font-weight="bold" fill="{pal.ink(d["name"])}">{esc(d["title"])}</text>'
        )
        x = _shops(out, d, y)
        if d["bonus"]:
            _bonus(out, d, x, y)
    _market(out, b)
    rx = 310  # the right-hand column: tracks, buildings, the roll track, the score
    _track(out, rx, 272, _("Gold"), "gold", b["gold"])
    _track(out, rx, 322, _("Goats"), "goats", b["goats"])
    _buildings(out, b["buildings"], rx)
    _turns(out, b["turns"], rx)
    _score(out, b, rx)
    out.append("</svg>")
    return "".join(out)


def _shops(out: list[str], d: dict, y: float) -> float:
    """One district's shops, left to right from x = 80, as many as fit; returns where they end."""
    x = 80
    for n, sh in enumerate(d["shops"]):
        goods = min(sh["goods"], MAX_GOODS)
        width = goods * 16 + 30 + (26 if sh["goods"] > goods else 0)
        if x + width > SHOPS_RIGHT - (90 if n + 1 < len(d["shops"]) else 0):
            out.append(more(x, y + 22, len(d["shops"]) - n, "shops"))
            x += 100
            break
        out.append(
            f'<rect x="{x}" y="{y}" width="{width}" height="34" rx="5" '
            f'fill="{pal.base(d["name"]) if sh["complete"] else pal.fill(d["name"])}" '
            f'stroke="{pal.ink(d["name"])}"/>'
        )
        for j in range(goods):
            cx = x + 10 + j * 16
            out.append(f'<circle cx="{cx}" cy="{y + 17}" r="6" fill="#fff" stroke="#555"/>')
            if j < sh["filled"]:
                out.append(
                    f'<path d="M{cx - 4} {y + 13} L{cx + 4} {y + 21} M{cx + 4} {y + 13} '
                    f'L{cx - 4} {y + 21}" stroke="#111" stroke-width="2"/>'
                )
        if sh["goods"] > goods:  # the goods not drawn, with how many of them are delivered
            left = sh["goods"] - goods
            out.append(
                f'<text x="{x + 8 + goods * 16}" y="{y + 22}" font-size="11" fill="{pal.TEXT}">'
                f"+{left}</text>"
            )
        out.append(
            f'<text x="{x + width - 14}" y="{y + 22}" font-weight="bold" fill="{pal.TEXT}">{sh["points"]}</text>'
        )
        x += width + 8
    return x


def _bonus(out: list[str], d: dict, x: float, y: float) -> None:
    """A district's bonus after its shops: open, claimed (ringed) or lost (struck through)."""
    status = d["bonus_status"]
    colour = {"claimed": "#b7e4b7", "lost": "#dddddd", "open": "#ffffff"}[status]
    out.append(
        f'<rect x="{x + 4}" y="{y}" width="76" height="34" rx="5" fill="{colour}" stroke="#555"/>'
        f'<text x="{x + 12}" y="{y + 22}" fill="{pal.TEXT}">'
        + esc(_("bonus {points}").format(points=d["bonus"]))
        + "</text>"
    )
    if status == "lost":
        out.append(
            f'<path d="M{x + 4} {y + 34} L{x + 80} {y}" stroke="{pal.REFUSAL}" stroke-width="2"/>'
        )
    elif status == "claimed":
        out.append(
            f'<circle cx="{x + 42}" cy="{y + 17}" r="20" fill="none" stroke="{pal.HIGHLIGHT}" stroke-width="2"/>'
        )


def _market(out: list[str], b: dict) -> None:
    """The market: a picture of each cell's kind in its corner, its words below, the path on top."""
    mx, my, cs = 12, 262, 56
    centres = {
        i: (mx + (i % SIZE) * cs + cs / 2 - 2, my + (i // SIZE) * cs + cs / 2 - 2)
        for i in range(CELLS)
    }
    named = set(b.get("named", ()))
    for c in b["market"]:
        i = c["index"]
        x, y = mx + (i % SIZE) * cs, my + (i // SIZE) * cs
        used = c["used"] and not c["circled"]
        stroke = pal.HIGHLIGHT if c["reachable"] else "#777"
        # a cell the text beside the board names: outlined, and marked for the page and its tests
        mark = ' class="corinth-named" data-named="true"' if i in named else ""
        outline = (
            f'<rect x="{x - 2}" y="{y - 2}" width="{cs}" height="{cs}" rx="6" fill="none" '
            f'stroke="{pal.SELECTED}" stroke-width="4"/>'
            if i in named
            else ""
        )
        out.append(
            f'<g aria-label="{esc(c["label"])}"{mark}><rect x="{x}" y="{y}" width="{cs - 4}" '
            f'height="{cs - 4}" rx="4" fill="{pal.USED if used else c["fill"]}" stroke="{stroke}" '
            f'stroke-width="{3 if c["reachable"] else 1}"/>'
            + picture(c["kind"], x + 4, y + 4, 14)
            + _cell_text(c, x + (cs - 4) / 2, y)
            + outline
        )
        if c["circled"]:
            out.append(
                f'<circle cx="{x + (cs - 4) / 2}" cy="{y + (cs - 4) / 2}" r="22" fill="none" '
                f'stroke="{pal.SELECTED}" stroke-width="2"/>'
            )
        out.append("</g>")
    steward = b.get("steward", next(c["index"] for c in b["market"] if c["steward"]))
    if b["path"]:
        pts = " ".join(f"{centres[i][0]:g},{centres[i][1]:g}" for i in [steward, *b["path"]])
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{pal.PATH}" stroke-width="4" '
            'stroke-opacity="0.7" stroke-linejoin="round"/>'
        )
    sx, sy = centres[steward]
    out.append(  # the steward pawn, in the cell's top right corner so the words stay readable
        f'<circle cx="{sx + 17}" cy="{sy - 17}" r="7" fill="#333" role="img" aria-label="{esc(_("steward"))}"/>'
    )


def _buildings(out: list[str], buildings: list[dict], rx: float) -> None:
    """The buildings with their costs, built ones filled."""
    for k, bd in enumerate(buildings[:MAX_BUILDINGS]):
        x, y = rx + k * 112, 372
        out.append(
            f'<rect x="{x}" y="{y}" width="104" height="44" rx="5" '
            f'fill="{"#b7e4b7" if bd["built"] else "#fff"}" stroke="#555"/>'
            f'<text x="{x + 6}" y="{y + 18}" font-weight="bold" fill="{pal.TEXT}">{esc(bd["title"])}</text>'
            f'<text x="{x + 6}" y="{y + 36}" fill="{pal.TEXT}">'
            + esc(_("{gold} gold + {goats} goats").format(gold=bd["gold"], goats=bd["goats"]))
            + "</text>"
        )
    if len(buildings) > MAX_BUILDINGS:
        out.append(more(rx, 430, len(buildings) - MAX_BUILDINGS, "buildings"))


def _turns(out: list[str], tr: dict, rx: float) -> None:
    """The roll track, its spots crossed as the rolls are used."""
    out.append(
        f'<text x="{rx}" y="452" font-weight="bold" fill="{pal.TEXT}">{esc(_("Roll track"))}</text>'
    )
    for j in range(min(tr["track"], MAX_TURNS)):
        x = rx + 80 + j * 26
        out.append(f'<rect x="{x}" y="438" width="20" height="20" fill="#fff" stroke="#555"/>')
        if j < tr["crossed"]:
            out.append(
                f'<path d="M{x} 438 L{x + 20} 458 M{x + 20} 438 L{x} 458" stroke="#222" stroke-width="2"/>'
            )
    if tr["track"] > MAX_TURNS:
        out.append(
            more(rx + 80 + MAX_TURNS * 26 - 300, 476, tr["track"] - MAX_TURNS, "rolls on the track")
        )


def _score(out: list[str], b: dict, rx: float) -> None:
    """The score's terms and total, the scoring spots written and the yellow dice earned."""
    s = b["score"]
    terms = "  ".join(f"{term_word(t)} {s[t]}" for t in TERMS)
    out.append(f'<text x="{rx}" y="492" fill="{pal.TEXT}">{esc(terms)}</text>')
    out.append(
        f'<text x="{rx}" y="516" font-size="16" font-weight="bold" fill="{pal.TEXT}">'
        + esc(_("Score {total}").format(total=s["total"]))
        + "</text>"
    )
    if b["scores"]:
        written = ", ".join(map(str, b["scores"][:MAX_SCORES]))
        if len(b["scores"]) > MAX_SCORES:
            written = _("{scores} (+{n} more)").format(
                scores=written, n=len(b["scores"]) - MAX_SCORES
            )
        out.append(
            f'<text x="{rx}" y="540" fill="{pal.TEXT}">'
            + esc(_("Scoring spots written: {scores}").format(scores=written))
            + "</text>"
        )
    if b["yellow"]:
        out.append(
            f'<text x="{rx}" y="562" fill="{pal.TEXT}">'
            + esc(_("Yellow dice earned: {n}").format(n=b["yellow"]))
            + "</text>"
        )


def sheet_svg(
    state: GameState,
    player: int,
    group: str = "",
    path: tuple[int, ...] = (),
    named: Sequence[int] = (),
) -> str:
    """``player``'s sheet (numbered from 0 here, shown from 1) as SVG, with a drawn ``path``: a walk
    from the player's steward, one orthogonal step at a time, no cell twice (cells numbered 0-24).
    ``named``: the market cells the text beside the sheet names, outlined (class ``corinth-named``).

    >>> from corinth.rules import new_game
    >>> svg = sheet_svg(new_game(players=2, seed=1), 0, named=[1])
    >>> svg.count('class="corinth-named"'), 'row 1, column 2' in svg.split("corinth-named")[0][-200:]
    (1, True)
    >>> sheet_svg(new_game(players=2, seed=1), 0, path=(7, 7))
    Traceback (most recent call last):
    ...
    ValueError: path: step 2 (cell 7) is not next to cell 7 where the walk stands
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state: expected a GameState, got {shown(state)}")
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"player: expected a whole number from 0, got {shown(player)}")
    if not 0 <= player < state.num_players:
        raise ValueError(
            f"there is no player {player + 1}: this game has players 1 to {state.num_players}"
        )
    if not isinstance(group, str):
        raise TypeError(f"group: expected a district's name or '', got {shown(group)}")
    if group and group not in HARBOR:
        raise ValueError(f"group: expected '' or one of {', '.join(HARBOR)}, got {shown(group)}")
    path = _checked_path(path, state.players[player].steward)
    if isinstance(named, (str, bytes)) or not hasattr(named, "__iter__"):
        raise TypeError(f"named: expected a sequence of cell numbers, got {shown(named)}")
    named = tuple(itertools.islice(named, CELLS + 1))
    for cell in named:
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
            raise ValueError(f"named: {shown(cell)} is not a cell number 0 to {CELLS - 1}")
    board = sheet_board(state, player, group, path)
    return draw_sheet({**board, "named": named} if named else board)


def _checked_path(path: object, steward: int) -> tuple[int, ...]:
    """``path`` as a tuple of cells, if it is a walk from ``steward``; else a clear error."""
    if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
        raise TypeError(f"path: expected a sequence of cell numbers, got {shown(path)}")
    cells = tuple(itertools.islice(path, CELLS + 1))  # an endless iterable is cut, not read forever
    if len(cells) > CELLS:
        raise ValueError(f"path: {len(cells)} steps, more than the market's {CELLS} cells")
    at = steward
    for step, cell in enumerate(cells, 1):
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
            raise ValueError(
                f"path: step {step} is {shown(cell)}, not a cell number 0 to {CELLS - 1}"
            )
        if cell not in NEIGHBOURS[at]:
            raise ValueError(
                f"path: step {step} (cell {cell}) is not next to cell {at} where the walk stands"
            )
        if cell in cells[: step - 1] or cell == steward:
            raise ValueError(f"path: step {step} goes back to cell {cell}, already on the walk")
        at = cell
    return cells


def _cell_text(c: dict, x: float, y: float) -> str:
    """A market cell's words, as the live board prints them ("purple" over "×2"), not text codes."""
    lines = c.get("words", c["short"]).split("\n")
    top = y + (42 if len(lines) == 1 else 33)
    spans = "".join(
        f'<tspan x="{x:g}" y="{top + 12 * k:g}">{esc(line)}</tspan>' for k, line in enumerate(lines)
    )
    return f'<text text-anchor="middle" fill="{c["ink"]}" font-size="11" font-weight="bold">{spans}</text>'


def side_by_side(left: str, right: str, shift: int = 580) -> str:
    """Two drawings in one SVG (the harbor beside a sheet, for a handout)."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="1340" height="580" viewBox="0 0 1340 580">'
        f'<g>{left}</g><g transform="translate({shift},0)">{right}</g></svg>'
    )
