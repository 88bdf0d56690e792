"""The one palette and the one set of cell pictures of every drawing: widgets, SVG export, matplotlib.

Each kind of thing drawn (a district, a market cell kind) has a ``base`` colour (stripes, borders), a
light ``fill`` behind text, and an ``ink`` for text on that fill or on white, at least 4.5:1 against both
(WCAG AA). Each market cell kind has a picture: one polygon in a unit square, so a kind is recognisable
without reading, drawn the same by the browser, the SVG export and matplotlib.

>>> contrast(INK["gold"], "#ffffff") >= 4.5
True
>>> picture_points("gold", 0, 0, 10)[:2]
(10.0, 5.0)
"""

from __future__ import annotations

import math

# district / cell kind -> colours
BASE = {
    "goats": "#b08a5a",
    "green": "#7f9a2d",
    "purple": "#7c4a96",
    "blue": "#2f67b1",
    "orange": "#e0801f",
    "gold": "#d8a514",
    "score": "#c0392b",
    "+1": "#5f6b7a",
    "yellow": "#f5cf3a",
    "steward": "#555555",
}
FILL = {
    "goats": "#f1e8dc",
    "green": "#eef3de",
    "purple": "#f1e9f5",
    "blue": "#e6eef9",
    "orange": "#fcecdc",
    "gold": "#fbf1d0",
    "score": "#f9e3e0",
    "+1": "#eceff2",
    "yellow": "#fdf5cf",
    "steward": "#f2f2f2",
}
INK = {
    "goats": "#5e4423",
    "green": "#3f4f10",
    "purple": "#5b2f73",
    "blue": "#1d4a87",
    "orange": "#8a4200",
    "gold": "#6e5200",
    "score": "#8f1d12",
    "+1": "#39424d",
    "yellow": "#5f5000",
    "steward": "#333333",
}

PAPER = "#fbf7ee"  # the boards' background
TEXT = "#222222"
MUTED = "#595959"  # secondary text: 7:1 on white, 6.4:1 on PAPER
USED = "#e6e1d6"  # a used-up market cell
REFUSAL = "#a4000f"
PATH = "#c0001a"  # the drawn steward path
PATH_READY = "#1e7a34"  # a drawn path that is a complete legal move
HIGHLIGHT = "#1e7a34"  # cells a move can end on, legal groups
SELECTED = "#c0001a"
DIE_WHITE = "#ffffff"
DIE_YELLOW = "#f5cf3a"
PIP = "#222222"


def _regular(n: int, start: float = 0.0, radius: float = 0.5) -> list[tuple[float, float]]:
    return [
        (
            0.5 + radius * math.cos(start + 2 * math.pi * k / n),
            0.5 + radius * math.sin(start + 2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def _star() -> list[tuple[float, float]]:
    out = []
    for k in range(10):
        r = 0.5 if k % 2 == 0 else 0.2
        a = -math.pi / 2 + math.pi * k / 5
        out.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    return out


# Cell pictures: polygons in a unit square (y down), one per cell kind. Goods share the crate.
_CRATE = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]
PICTURES: dict[str, list[tuple[float, float]]] = {
    "gold": _regular(12),  # a coin
    "goats": [(0.5, 0.05), (0.95, 0.9), (0.05, 0.9)],  # a mountain pasture
    "green": _CRATE,
    "purple": _CRATE,
    "blue": _CRATE,
    "orange": _CRATE,
    "score": _star(),  # a scoring spot
    "+1": [
        (0.35, 0.05),
        (0.65, 0.05),
        (0.65, 0.35),
        (0.95, 0.35),
        (0.95, 0.65),
        (0.65, 0.65),
        (0.65, 0.95),
        (0.35, 0.95),
        (0.35, 0.65),
        (0.05, 0.65),
        (0.05, 0.35),
        (0.35, 0.35),
    ],
    "yellow": [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)],  # a die on its corner
    "steward": _regular(6, math.pi / 6),
}


def base(kind: str) -> str:
    """The base colour of a district or cell kind (grey for an unknown kind)."""
    return BASE.get(kind, "#777777")


def fill(kind: str) -> str:
    return FILL.get(kind, "#ffffff")


def ink(kind: str) -> str:
    return INK.get(kind, TEXT)


def picture_points(kind: str, x: float, y: float, size: float) -> tuple[float, ...]:
    """The kind's picture scaled into the square at (x, y) of side ``size``: x0, y0, x1, y1, …"""
    out: list[float] = []
    for px, py in PICTURES.get(kind, _CRATE):
        out += [round(x + px * size, 2), round(y + py * size, 2)]
    return tuple(out)


def picture_svg_points(kind: str, size: float = 1.0) -> str:
    """The picture as an SVG ``points`` attribute in a square of side ``size`` at the origin."""
    pts = picture_points(kind, 0, 0, size)
    return " ".join(f"{pts[i]:g},{pts[i + 1]:g}" for i in range(0, len(pts), 2))


def _luminance(colour: str) -> float:
    rgb = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def kind_style(kind: str) -> dict[str, object]:
    """Everything a front end needs to draw a kind: colours and its picture's points (unit square)."""
    return {
        "colour": base(kind),
        "fill": fill(kind),
        "ink": ink(kind),
        "picture": picture_svg_points(kind, 1.0),
    }


# The names the front end's stylesheet uses (``var(--corinth-paper)``): generated from the constants
# above, so ``widgets/boards.css`` holds no colour of its own.
CSS_COLOURS = {
    "paper": PAPER,
    "text": TEXT,
    "muted": MUTED,
    "used": USED,
    "refusal": REFUSAL,
    "path": PATH,
    "path-ready": PATH_READY,
    "highlight": HIGHLIGHT,
    "selected": SELECTED,
    "die-white": DIE_WHITE,
    "die-yellow": DIE_YELLOW,
    "pip": PIP,
}


def css_variables(selector: str = ".corinth-board") -> str:
    """The palette as CSS custom properties, put in front of the boards' stylesheet.

    >>> css_variables().splitlines()[1]
    '  --corinth-paper: #fbf7ee;'
    """
    lines = [f"  --corinth-{name}: {colour};" for name, colour in CSS_COLOURS.items()]
    return selector + " {\n" + "\n".join(lines) + "\n}\n"
