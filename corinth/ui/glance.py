"""A round at a glance: one picture of a round, when the game ends and how a final score adds up.

Drawn here as SVG (no image file to keep in step with the rules): the steps of a round in order, an arrow
back to the start for the next round, and two bands underneath for the end of the game and the score.
A lesson's page shows it as drawn here, or in projector mode (``RoundAtAGlance``) drawn again for a
narrower page: the steps in a ring of two rows and the notes cut into lines, so that, drawn as large
as the page allows, its smallest words are 18 px or more at 1280×720.

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


def _description() -> str:
    """The picture's words for a screen reader (its text alternative)."""
    return _(
        "One round of Corinth: 1 buy yellow dice, 2 roll, 3 sort onto the harbor, 4 each player takes "
        "one group and does one action, then may build, 5 the next player becomes first player. "
        "The game ends after the round in which every player's roll track is full."
    )


def round_at_a_glance(width: int = 900) -> str:
    """The round as a standalone SVG picture (with a text alternative for screen readers)."""
    box_w, box_h, gap, top = 160, 124, 18, 46
    heading = _("A round at a glance")
    height = 420
    label = _description()
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


def _lines(text: str, width: float, size: float, first: float = 0.0) -> list[str]:
    """``text`` cut at its spaces into lines of at most ``width`` units in a ``size``-unit font (a
    letter taken as 0.55 of the size: a line of words in DejaVu Sans, the widest common sans-serif,
    still fits); the first line ``first`` units shorter (a bold head before it)."""
    lines: list[str] = []
    room = width - first
    for word in text.split():
        if lines and len(lines[-1] + " " + word) * 0.55 * size <= room:
            lines[-1] += " " + word
        else:
            if lines:
                room = width
            lines.append(word)
    return lines or [""]


def _actions_and_notes(body: list[str], left: float, y: float, width: float) -> float:
    """The actions two by two and the notes cut into lines ``width`` units wide, from ``y`` down,
    added to ``body`` (projector mode's drawing); where they end."""
    body.append(f'<text x="{left}" y="{y}" font-weight="bold">{esc(_(ONE_ACTION))}</text>')
    action_w = (width - 10) / 2
    for k, (colour, words) in enumerate(ACTIONS):
        x, ay = left + (k % 2) * (action_w + 10), y + 10 + (k // 2) * 38
        body.append(
            f'<rect x="{x}" y="{ay}" width="{action_w}" height="30" rx="6" '
            f'fill="{COLOURS[colour]}" fill-opacity="0.3" stroke="{COLOURS[colour]}"/>'
            f'<text x="{x + 10}" y="{ay + 20}">{esc(_(words))}</text>'
        )
    y += 10 + 2 * 38 + 22
    for head, words in NOTES:
        head, words = _(head), _(words)
        lines = _lines(words, width, 13, first=(len(head) + 1) * 0.62 * 13)
        body.append(
            f'<text x="{left}" y="{y}"><tspan font-weight="bold">{esc(head)}</tspan> '
            f"{esc(lines[0])}</text>"
        )
        for line in lines[1:]:
            y += 18
            body.append(f'<text x="{left}" y="{y}">{esc(line)}</text>')
        y += 24
    return y


def round_at_a_glance_projector(scale: float = 1.15) -> str:
    """The round drawn for projector mode: the same steps, words and marks, laid out for a narrower
    page and drawn ``scale`` times larger: the five steps in a ring (1 to 3 left to right, 4 under 3,
    5 under 2, and back to 1), the actions two by two, the notes cut into lines. Projector mode draws
    a lesson's picture 1.64 times larger (widgets/progress.js): at 1280×720 this one is then about
    1,100 px wide, its smallest words (12 units) 22 px high."""
    box_w, box_h, gap, vgap, top, left = 160, 124, 36, 44, 46, 14
    width = left + 3 * box_w + 2 * gap + 24  # room on the right for a long step title
    row2 = top + box_h + vgap
    spot = {0: (0, top), 1: (1, top), 2: (2, top), 3: (2, row2), 4: (1, row2)}

    def col(c: int) -> float:
        return left + c * (box_w + gap)

    heading = _("A round at a glance")
    label = _description()
    body: list[str] = [
        f'<text x="{left}" y="28" font-size="19" font-weight="bold">{esc(heading)}</text>'
    ]
    for k, (title, words) in enumerate(STEPS):
        title, lines = _(title), _(words).split("\n")
        c, y = spot[k]
        x = col(c)
        body.append(
            f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="10" fill="#fff" '
            'stroke="#b08a5a" stroke-width="2"/>'
            f'<text x="{x + 10}" y="{y + 22}" font-weight="bold">{esc(title)}</text>'
        )
        for j, line in enumerate(lines):
            body.append(
                f'<text x="{x + 10}" y="{y + 44 + j * 17}" font-size="12">{esc(line)}</text>'
            )
    arrow = 'stroke="#555" stroke-width="2" marker-end="url(#glance-arrow-projector)"'
    mid1, mid2 = top + box_h / 2, row2 + box_h / 2
    for c in (0, 1):  # 1 to 2, 2 to 3
        ax = col(c) + box_w
        body.append(f'<line x1="{ax + 2}" y1="{mid1}" x2="{ax + gap - 2}" y2="{mid1}" {arrow}/>')
    down = col(2) + box_w / 2  # 3 down to 4
    body.append(f'<line x1="{down}" y1="{top + box_h + 2}" x2="{down}" y2="{row2 - 2}" {arrow}/>')
    body.append(  # 4 left to 5
        f'<line x1="{col(2) - 2}" y1="{mid2}" x2="{col(1) + box_w + 2}" y2="{mid2}" {arrow}/>'
    )
    # Back from 5 to 1: the next round, its words under the way back.
    back = col(0) + box_w / 2
    body.append(
        f'<path d="M{col(1) - 2},{mid2} H{back} V{top + box_h + 4}" fill="none" stroke="#555" '
        'stroke-width="2" stroke-dasharray="5 4" marker-end="url(#glance-arrow-projector)"/>'
    )
    for j, line in enumerate(_lines(_(NEXT_ROUND), box_w + gap - 8, 13)):
        body.append(
            f'<text x="{back}" y="{mid2 + 22 + j * 17}" text-anchor="middle" fill="#444">'
            f"{esc(line)}</text>"
        )
    for j, face in enumerate((6, 6, 4, 2, 1)):  # dice on the roll step
        body.append(svg_die(col(1) + 10 + j * 24, top + box_h - 30, 18, face, j == 3))
    y = row2 + box_h + 36
    y = _actions_and_notes(body, left, y, 3 * box_w + 2 * gap)
    height = y - 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" '
        f'height="{height * scale:g}" viewBox="0 0 {width * scale:g} {height * scale:g}" '
        f'font-family="sans-serif" font-size="13" role="img" aria-label="{esc(label)}">'
        f"<title>{esc(label)}</title>"
        '<defs><marker id="glance-arrow-projector" viewBox="0 0 10 10" refX="9" refY="5" '
        'markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#555"/></marker></defs>'
        f'<rect width="{width * scale:g}" height="{height * scale:g}" fill="#fbf7ee"/>'
        f'<g transform="scale({scale:g})">{"".join(body)}</g></svg>'
    )


# The page shows one drawing of the two: projector mode (widgets/progress.js, a class on the body)
# the one for a narrower page. Without this style (a page that strips it), the page's drawing only.
GLANCE_STYLE = (
    "<style>body.corinth-projector .corinth-glance-page { display: none; } "
    "body.corinth-projector .corinth-glance-projector { display: inline; }</style>"
)


class RoundAtAGlance:
    """The picture for a notebook cell: inline SVG in HTML, so screen readers read its description
    (an ``image/svg+xml`` output is shown as an image without one); its text form is the description.

    >>> print(RoundAtAGlance())  # doctest: +ELLIPSIS
    One round of Corinth: 1 buy yellow dice, 2 roll, ...
    """

    def _repr_html_(self) -> str:
        page = round_at_a_glance().replace("<svg ", '<svg class="corinth-glance-page" ', 1)
        projector = round_at_a_glance_projector().replace(
            "<svg ", '<svg class="corinth-glance-projector" display="none" ', 1
        )
        return f'<div class="corinth-glance">{GLANCE_STYLE}{page}{projector}</div>'

    def __repr__(self) -> str:
        svg = round_at_a_glance()
        start = svg.index("<title>") + len("<title>")
        return svg[start : svg.index("</title>")].replace("&#x27;", "'")
