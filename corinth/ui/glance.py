"""A round at a glance: one picture of a round, when the game ends and how a final score adds up.

Drawn here as SVG (no image file to keep in step with the rules): the steps of a round in order, an arrow
back to the start for the next round, and two bands underneath for the end of the game and the score.

>>> svg = round_at_a_glance()
>>> svg.startswith("<svg") and "Buy yellow dice" in svg and "End of the game" in svg
True
"""

from __future__ import annotations

from corinth.render.palette import BASE as COLOURS
from corinth.render.svg import esc, svg_die
from corinth.shared.language import N_, _

# (title, its words a line each) for each step of a round, in order (R1–R9, R6, B1). The lines are
# cut by hand to fit the step's box: a translation cuts its own with "\n".
STEPS = [
    (
        N_("1. Buy yellow dice"),
        N_(
            "The first player crosses\na spot of their roll track\nand may buy up to 3\nyellow dice, 1 gold each."
        ),
    ),
    (N_("2. Roll"), N_("The first player rolls\nthe 9 white dice and\nthe yellow dice together.")),
    (
        N_("3. Sort onto the harbor"),
        N_(
            "The highest value goes\nto Gold. The other values\nmake groups: lowest on\nGoats, then upwards."
        ),
    ),
    (
        N_("4. Turns"),
        N_("Each player in turn takes\none group and does one\naction with it, then\nmay build."),
    ),
    (
        N_("5. Next first player"),
        N_(
            "The harbor is cleared.\nThe next player (to the\nleft) is first player\nin the next round."
        ),
    ),
]

NEXT_ROUND = N_("next round (unless the game is over)")
ONE_ACTION = N_("One action with the group you take:")

ACTIONS = [
    ("gold", N_("Gold group: gain gold")),
    ("goats", N_("Goats group: gain goats")),
    ("blue", N_("Goods group: deliver goods")),
    ("purple", N_("Any group: move the steward")),
]

# The notes under the picture: a bold head, then its words.
NOTES = [
    (
        N_("With 2 players"),
        N_("the first player has two turns in a round: one first and one last."),
    ),
    (
        N_("No group left?"),
        N_("A player with no group left may move the steward one step instead (then may build)."),
    ),
    (
        N_("End of the game"),
        N_(
            "after the round in which every player's roll track is full: 6 rolls each "
            "(2 or 3 players), 4 rolls each (4 players)."
        ),
    ),
    (
        N_("Final score"),
        N_(
            "completed shops + district bonuses + 1 point per 2 gold + 1 point per 2 goats "
            "+ market scoring spots + Temple."
        ),
    ),
    (
        N_("Most points wins;"),
        N_("a tie goes to the player with more gold left, else it is shared."),
    ),
]


def round_at_a_glance(width: int = 900) -> str:
    """The round as a standalone SVG picture (with a text alternative for screen readers)."""
    box_w, box_h, gap, top = 160, 124, 18, 46
    heading = _("A round at a glance")
    height = 420
    label = _(
        "One round of Corinth: 1 buy yellow dice, 2 roll, 3 sort onto the harbor, 4 each player takes "
        "one group and does one action, then may build, 5 the next player becomes first player. "
        "The game ends after the round in which every player's roll track is full."
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13" role="img" '
        f'aria-label="{esc(label)}">',
        f"<title>{esc(label)}</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>',
        f'<rect width="{width}" height="{height}" fill="#fbf7ee"/>',
        f'<text x="14" y="28" font-size="19" font-weight="bold">{esc(heading)}</text>',
    ]
    for k, (title, words) in enumerate(STEPS):
        title, lines = _(title), _(words).split("\n")
        x = 14 + k * (box_w + gap)
        parts.append(
            f'<rect x="{x}" y="{top}" width="{box_w}" height="{box_h}" rx="10" fill="#fff" '
            'stroke="#b08a5a" stroke-width="2"/>'
            f'<text x="{x + 10}" y="{top + 22}" font-weight="bold">{esc(title)}</text>'
        )
        for j, line in enumerate(lines):
            parts.append(
                f'<text x="{x + 10}" y="{top + 44 + j * 17}" font-size="12">{esc(line)}</text>'
            )
        if k < len(STEPS) - 1:
            ax = x + box_w
            parts.append(
                f'<line x1="{ax + 2}" y1="{top + box_h / 2}" x2="{ax + gap - 2}" '
                f'y2="{top + box_h / 2}" stroke="#555" stroke-width="2" marker-end="url(#arrow)"/>'
            )
    # Back from the last step to the first: the next round.
    last_x = 14 + (len(STEPS) - 1) * (box_w + gap) + box_w / 2
    first_x = 14 + box_w / 2
    y0, y1 = top + box_h, top + box_h + 26
    parts.append(
        f'<path d="M{last_x},{y0} V{y1} H{first_x} V{y0 + 4}" fill="none" stroke="#555" '
        'stroke-width="2" stroke-dasharray="5 4" marker-end="url(#arrow)"/>'
        f'<text x="{(first_x + last_x) / 2}" y="{y1 + 16}" text-anchor="middle" fill="#444">'
        f"{esc(_(NEXT_ROUND))}</text>"
    )
    # Dice on the roll step and the four actions under the turn step.
    for j, face in enumerate((6, 6, 4, 2, 1)):
        parts.append(svg_die(14 + box_w + gap + 10 + j * 24, top + box_h - 30, 18, face, j == 3))
    y = top + box_h + 60
    parts.append(f'<text x="14" y="{y}" font-weight="bold">{esc(_(ONE_ACTION))}</text>')
    for k, (colour, words) in enumerate(ACTIONS):
        x = 14 + k * 215
        parts.append(
            f'<rect x="{x}" y="{y + 10}" width="205" height="30" rx="6" fill="{COLOURS[colour]}" '
            f'fill-opacity="0.3" stroke="{COLOURS[colour]}"/>'
            f'<text x="{x + 10}" y="{y + 30}">{esc(_(words))}</text>'
        )
    y += 66
    for k, (head, words) in enumerate(NOTES):
        parts.append(
            f'<text x="14" y="{y + k * 24}"><tspan font-weight="bold">{esc(_(head))}</tspan> '
            f"{esc(_(words))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


class RoundAtAGlance:
    """The picture for a notebook cell: inline SVG in HTML, so screen readers read its description
    (an ``image/svg+xml`` output is shown as an image without one); its text form is the description.

    >>> print(RoundAtAGlance())  # doctest: +ELLIPSIS
    One round of Corinth: 1 buy yellow dice, 2 roll, ...
    """

    def _repr_html_(self) -> str:
        return round_at_a_glance()

    def __repr__(self) -> str:
        svg = round_at_a_glance()
        start = svg.index("<title>") + len("<title>")
        return svg[start : svg.index("</title>")].replace("&#x27;", "'")
