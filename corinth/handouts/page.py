"""The handouts as HTML pages for print: a lesson's handout, its answer key, and the folder's index.

One page size fits both papers a school has: 210 × 279 mm, A4's width and US Letter's height, so a
page prints at actual size on either with the margins kept. Text is 12 pt (11 pt at least, the
page's footer too), black on white; the boards are the project's SVG, scaled to the page's width at
most, and their words and shapes, not their colours alone, tell them apart in a grey print.

>>> "size: 210mm 279mm" in CSS and "font-size: 12pt" in CSS
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from corinth.shared.language import _, current_language, ngettext

from .lesson import Part
from .paper import PaperExercise

CSS = """
@page {
  size: 210mm 279mm;
  margin: 12mm 12mm 15mm;
  @bottom-center { content: var(--footer) " · page " counter(page) " of " counter(pages);
    font: 11pt "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000; }
}
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 12pt;
  line-height: 1.4; color: #000; background: #fff; }
body { margin: 0; }
h1 { font-size: 19pt; margin: 0 0 4pt; }
h2 { font-size: 15pt; margin: 14pt 0 4pt; break-after: avoid; }
h3 { font-size: 13pt; margin: 0 0 4pt; break-after: avoid; }
p, li { margin: 4pt 0; }
p:has(+ ul), p:has(+ ol), p:has(+ table) { break-after: avoid; }
small, sup, sub, figcaption, td, th, pre, code, summary { font-size: 11pt; }
table { border-collapse: collapse; margin: 6pt 0; break-inside: avoid; }
th, td { border: 0.75pt solid #000; padding: 2pt 5pt; text-align: left; vertical-align: top; }
a { color: #000; text-decoration: none; }
.name { font-size: 12pt; margin: 6pt 0 8pt; }
.blank { display: inline-block; border-bottom: 1pt solid #000; width: 40mm; height: 1.1em; }
.blank.wide { width: 80mm; }
.about { border: 0.75pt solid #000; padding: 4pt 8pt; }
figure { margin: 6pt 0; break-inside: avoid; }
figure svg, figure img { display: block; max-width: 100%; height: auto; }
figure svg { max-height: 150mm; }
figure .courts-view caption { font-weight: bold; text-align: left; }
figcaption { margin-top: 2pt; }
details > summary { list-style: none; }
details.corinth-rule-folded > summary, details > summary::-webkit-details-marker { display: none; }
.corinth-rule-card { border: 0.75pt solid #000 !important; border-left: 4pt solid #000 !important;
  background: #fff !important; color: #000 !important; max-width: none !important; break-inside: avoid; }
.corinth-rule-card blockquote, .corinth-rule-card small { color: #000 !important; }
.printed { font: 11pt/1.35 "DejaVu Sans Mono", "Liberation Mono", monospace; white-space: pre-wrap;
  border-left: 2pt solid #000; padding: 2pt 0 2pt 8pt; margin: 6pt 0; break-inside: avoid; }
.note { font-style: italic; }
.exercise { border: 1.5pt solid #000; padding: 6pt 10pt 8pt; margin: 10pt 0; break-inside: avoid; }
.exercise .question { font-weight: bold; }
.exercise figure svg { max-height: 120mm; }
.exercise .puzzle-harbor svg { max-height: 58mm; }
.small-board svg { width: 95mm; max-width: 100%; }
.options { list-style: none; padding: 0; }
.options li { margin: 5pt 0; }
.box { display: inline-block; width: 4mm; height: 4mm; border: 1pt solid #000; margin-right: 6pt;
  vertical-align: -0.5mm; }
.line { border-bottom: 1pt solid #000; height: 9mm; }
.key .item { border-top: 1pt solid #000; padding: 4pt 0 6pt; break-inside: avoid; }
.key .item.drawn { break-inside: auto; }
.key figure svg { max-height: 100mm; }
.key .step { font-size: 11pt; margin: 0; }
"""


def document(title: str, footer: str, body: str) -> str:
    """A whole page: its title, the footer's words beside the page number, and its body."""
    words = " ".join(footer.split()).replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
    css = CSS.replace("var(--footer)", f'"{words}"')
    return (
        f'<!doctype html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{css}</style></head>\n"
        f"<body>\n{body}\n</body></html>\n"
    )


def part_html(part: Part, exercises: dict[str, PaperExercise]) -> str:
    """One part of a lesson on the handout."""
    if part.kind == "text":
        return f'<div class="words">{part.html}</div>'
    if part.kind == "printed":
        return f'<pre class="printed">{part.html}</pre>'
    if part.kind == "note":
        return f'<p class="note">{html.escape(part.html)}</p>'
    if part.kind == "picture":
        return figure(part.html, part.caption)
    if part.kind == "exercise":
        return exercise_html(exercises[part.name])
    raise ValueError(f"a part of kind {part.kind!r} has no place on paper")


def figure(picture: str, caption: str = "") -> str:
    words = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return f'<figure class="picture">{picture}{words}</figure>'


def exercise_title(number: int) -> str:
    return _("Exercise {n}").format(n=number)


def exercise_html(ex: PaperExercise) -> str:
    """An exercise in its box: the question, its boards, its options to tick or lines to write on."""
    out = [
        f'<section class="exercise" id="exercise-{ex.number}">',
        f"<h3>{html.escape(exercise_title(ex.number))}</h3>",
        f'<p class="question">{ex.question}</p>',
    ]
    captions = ex.captions + [""] * len(ex.pictures)
    out += [figure(picture, caption) for picture, caption in zip(ex.pictures, captions)]
    if ex.options:
        out.append('<ul class="options">')
        out += [f'<li><span class="box"></span>{option}</li>' for option in ex.options]
        out.append("</ul>")
    out.append(f'<p class="how">{html.escape(ex.how)}</p>')
    out += ['<div class="line"></div>'] * ex.lines
    out.append("</section>")
    return "\n".join(out)


def handout_html(title: str, parts: Iterable[Part], exercises: Iterable[PaperExercise]) -> str:
    """A lesson's handout for students: its title, a line for the name, the steps' words and
    pictures, and each exercise where the lesson asks it, with room to answer."""
    by_name = {ex.name: ex for ex in exercises}
    body = [
        f"<h1>{html.escape(title)}</h1>",
        _(
            '<p class="name">Name: <span class="blank wide"></span> Date: '
            '<span class="blank"></span></p>'
        ),
        '<p class="about">{}</p>'.format(
            html.escape(
                _(
                    "This is the lesson on paper. Where it says click, mark the picture with a "
                    "pencil. Answer each exercise in its box; your teacher has the answers."
                )
            )
        ),
    ]
    body += [part_html(part, by_name) for part in parts]
    return document(_("{title}: handout").format(title=title), title, "\n".join(body))


def key_html(title: str, exercises: Iterable[PaperExercise]) -> str:
    """A lesson's answer key, for the teacher: every exercise's question, answer and explanation,
    the step it belongs to, and a right walk drawn where one is asked."""
    heading = _("{title}: answer key").format(title=title)
    about = _(
        "For the teacher: the answers of the handout’s exercises, numbered as on the handout, "
        "with the explanation the lesson gives."
    )
    body = [
        f"<h1>{html.escape(heading)}</h1>",
        f'<p class="about">{html.escape(about)}</p>',
        '<div class="key">',
    ]
    for ex in exercises:
        drawn = " drawn" if ex.key_pictures else ""
        body.append(f'<div class="item{drawn}" id="answer-{ex.number}">')
        body.append(f"<h3>{html.escape(exercise_title(ex.number))}</h3>")
        if ex.step:
            body.append(f'<p class="step">{html.escape(ex.step)}</p>')
        body.append(f'<p class="question">{ex.question}</p>')
        body.append(_('<p class="answer"><b>Answer:</b> {answer}</p>').format(answer=ex.answer))
        if ex.why:
            body.append(_('<p class="why"><b>Why:</b> {why}</p>').format(why=ex.why))
        body += [figure(picture, _("A right walk, drawn.")) for picture in ex.key_pictures]
        body.append("</div>")
    body.append("</div>")
    return document(heading, heading, "\n".join(body))


def index_html(rows: Iterable[tuple[str, str, int, str, int]], without: Iterable[str] = ()) -> str:
    """The folder's index: each lesson's handout and answer key, as (title, handout file, its
    pages, key file, its pages), a file missing an empty name; ``without``: the titles of the
    lessons that have no handout.

    >>> page = index_html([("05 — Play a game", "05_play_a_game.pdf", 6, "05_play_a_game_answers.pdf", 2)])
    >>> '<a href="05_play_a_game.pdf">' in page and "(6 pages)" in page
    True
    """

    def link(name: str, pages: int) -> str:
        if not name:
            return "—"
        many = ngettext("({n} page)", "({n} pages)", pages).format(n=pages)
        return f'<a href="{html.escape(name)}">{html.escape(name)}</a> {many}'

    lines = [
        f"<tr><td>{html.escape(title)}</td><td>{link(handout, hp)}</td><td>{link(key, kp)}</td></tr>"
        for title, handout, hp, key, kp in rows
    ]
    heading = html.escape(_("Handouts of the lessons"))
    about = _(
        "For each lesson, a handout for the students (the lesson's steps, its boards and its "
        "exercises, with room to answer) and its answer key for the teacher, in a file of its own. "
        "Print at actual size (100 %): the pages fit A4 and US Letter."
    )
    columns = "".join(
        f"<th>{html.escape(words)}</th>" for words in (_("Lesson"), _("Handout"), _("Answer key"))
    )
    body = (
        f"<h1>{heading}</h1>\n"
        f"<p>{html.escape(about, quote=False)}</p>\n"
        f"<table><thead><tr>{columns}</tr></thead>"
        f"<tbody>\n{chr(10).join(lines)}\n</tbody></table>"
    )
    without = [html.escape(title) for title in without]
    if without:
        none = _("No handout, for these lessons ask no exercise to answer on paper: {lessons}.")
        body += f"\n<p>{none.format(lessons='; '.join(without))}</p>"
    return document(_("Handouts of the lessons"), _("Handouts of the lessons"), body)
