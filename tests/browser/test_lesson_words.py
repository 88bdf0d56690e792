"""What a learner reads in the classroom app (Voilà, the code hidden): plain words, no code.

Each lesson from the lesson list to 06b, 11, 11b, 12 and 12b, is opened as a student opens it; once its
boards are drawn, its visible text is read and searched for what code looks like (a call, brackets, a
snake_case name, a cell in move notation, a number with two decimals or more), for developer words,
for a statistician's abbreviation ("95% CI") and for one thing counted in the plural ("1 points");
its prose (the lesson's text, outside the boards) for a rule's ID shown inline. The game's hint is
asked for by a click, and its suggestion must be drawn on the boards, beside them. Lesson 11b's game
is where the learner left it after a reload. ``tests/ui/test_lesson_plain_words.py`` reads the same
words from the lessons' files, every lesson of the course with the strategy lab (07), without a
browser.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from corinth.classroom.lessons import course_names

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# The course a learner follows, index first; the strategy lab (07) is not read here.
LESSONS = [name for name in course_names() if not name.startswith("07_")]

# What code and developer talk look like on a learner's screen, each with what it catches; the words
# of developer talk and the things counted, in each language (``code_like(text, "fr")``).
DEVELOPER_WORDS = {
    "en": r"\b(?:engines?|rollouts?|notebooks?|solver|seed(?:ed)?)\b",
    "fr": r"\b(?:moteurs?|rollouts?|notebooks?|solveur|solver|seed|graines?)\b",
    "de": r"\b(?:Engines?|Rollouts?|Notebooks?|Solver|Seeds?|Startwert)\b",
}
ONE_IN_THE_PLURAL = {
    "en": r"1 (?:points|tokens|cards|goods|goats|groups|steps|rounds|turns|players|games|moves|cells|dice"
    r"|spots|pieces)",
    "fr": r"1 (?:points|jetons|cartes|marchandises|chèvres|groupes|manches|tours|joueurs|parties|coups"
    r"|cases|dés|pièces)",
    # (not "Würfel" or "Spieler": one and many are the same word in German)
    "de": r"1 (?:Punkte|Karten|Waren|Ziegen|Gruppen|Schritte|Runden|Züge|Partien|Felder|Figuren|Steine)",
}


def code_patterns(language: str = "en") -> dict[str, re.Pattern]:
    return {
        "a call": re.compile(r"\b[A-Za-z_]\w*\((?:[^()\s]|\)|$)"),
        "brackets": re.compile(r"[\[\]{}]"),
        "a snake_case name": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
        "a cell in move notation": re.compile(r"\br\dc\d\b"),
        # English writes 2.50, French and German 2,50 (a decimal comma); German writes a thousand
        # 3.000 (a dot and three digits: not decimals).
        "a number with two decimals or more": re.compile(
            {
                "en": r"\d\.\d{2,}",
                "fr": r"\d[.,]\d{2,}",
                "de": r"\d,\d{2,}|\d\.(?:\d{2}|\d{4,})(?!\d)",
            }[language]
        ),
        "a developer word": re.compile(DEVELOPER_WORDS[language], re.I),
        "a statistician's abbreviation": re.compile(r"\b(?:CI|SD|SE|std|IC|KI)\b"),
        "one thing in the plural": re.compile(
            r"(?<![\d.,+-])\b" + ONE_IN_THE_PLURAL[language] + r"\b"
        ),
    }


CODE_LIKE = code_patterns("en")


def code_like(text: str, language: str = "en") -> list[str]:
    """Every line of ``text`` that looks like code, with what it looks like.

    >>> code_like("Take the Gold group.\\nplay(state, 'buy 0')\\nthe orange ×1 cell, row 1, column 2")
    ["a call: play(state, 'buy 0')"]
    >>> [found.split(":")[0] for found in code_like("goats steward r4c0: 59.38 over 16 rollouts")]
    ['a cell in move notation', 'a number with two decimals or more', 'a developer word']
    >>> [found.split(":")[0] for found in code_like("greedy 53.3% (95% CI 51.0% to 55.6%)")]
    ["a statistician's abbreviation"]
    >>> [[f.split(":")[0] for f in code_like(t)] for t in ("Player 1: 1 points", "21 points")]
    [['one thing in the plural'], []]
    >>> [[f.split(":")[0] for f in code_like(t, "fr")] for t in ("Joueur 1 : 1 points", "le solveur")]
    [['one thing in the plural'], ['a developer word']]
    >>> [[f.split(":")[0] for f in code_like(t, "de")] for t in ("Spieler 1: 1 Punkte", "1 Punkt")]
    [['one thing in the plural'], []]
    >>> [[f.split(":")[0] for f in code_like(t, "de")] for t in ("3.000 Partien", "im Schnitt 12,35")]
    [[], ['a number with two decimals or more']]
    """
    patterns = CODE_LIKE if language == "en" else code_patterns(language)
    found = []
    for line in text.splitlines():
        for what, pattern in patterns.items():
            m = pattern.search(line)
            if m:
                start = max(0, m.start() - 20)
                found.append(f"{what}: {line[start : m.end() + 40].strip()}")
    return found


# A rule's ID in the lesson's own prose ("(K1)", "(W1, W2)", "turn track, R1)"): the prose says the rule
# in words; the ID is for teachers (a cell of JupyterLab only), the rule cards and a board's refusal.
RULE_ID_INLINE = re.compile(r"\b[A-Z]\d{1,2}[a-e]?\)")
PROSE = """() => Array.from(document.querySelectorAll('.jp-RenderedMarkdown'))
  .filter((e) => !e.closest('.jupyter-widgets, .widget-output, .jupyter-widget'))
  .map((e) => e.innerText).join('\\n')"""


def rule_ids_inline(prose: str) -> list[str]:
    """Every line of a lesson's prose that shows a rule's ID.

    >>> rule_ids_inline("Place a piece on an empty cell (K1).\\nA line (W1, W2) of three.\\nNo group left.")
    ['Place a piece on an empty cell (K1).', 'A line (W1, W2) of three.']
    """
    return [line.strip() for line in prose.splitlines() if RULE_ID_INLINE.search(line)]


def read_lesson(page, url: str, token: str, lesson: str) -> str:
    """The lesson's visible text once the page has stopped changing (its widgets drawn)."""
    page.goto(f"{url}/voila/render/{lesson}?token={token}", timeout=180_000)
    page.get_by_role("link", name="the lesson list").or_(
        page.get_by_role("link", name="05 Play a game")
    ).first.wait_for(timeout=180_000)
    before, deadline = "", time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(2)
        text = page.evaluate("document.body.innerText")
        if text == before:
            return text
        before = text
    return before


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lessons_visible_text_has_no_code(classroom, page, lesson):
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    text = read_lesson(page, url, token, lesson)
    ARTIFACTS.mkdir(exist_ok=True)  # what was read, to look at when this fails
    (ARTIFACTS / f"words-{lesson.removesuffix('.ipynb')}.txt").write_text(text, encoding="utf-8")
    assert len(text) > 500, f"{lesson} showed almost nothing: {text[:200]!r}"
    assert not code_like(text), f"{lesson} shows code-like text:\n" + "\n".join(code_like(text))
    inline = rule_ids_inline(page.evaluate(PROSE))
    assert not inline, f"{lesson} shows rule IDs in its prose:\n" + "\n".join(inline)


def test_the_hint_is_drawn_on_the_boards_beside_them(classroom, page):
    """Lesson 05: a click on "Hint" outlines the suggested group on the harbor (and its walk on the
    market, for a steward move), and the hint's words sit beside the boards, above the move log."""
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{url}/voila/render/05_play_a_game.ipynb?token={token}", timeout=180_000)
    game = page.locator(".corinth-game")
    status = page.get_by_role("status").filter(has_text="Round 1").first
    expect(status).to_contain_text("your turn: take a group", timeout=180_000)
    expect(game.locator(".corinth-district.hinted")).to_have_count(0)
    game.get_by_role("button", name="Hint").click()
    box = game.locator(".corinth-hint-box")
    expect(box).to_contain_text("drawn on the boards", timeout=60_000)
    hinted = game.locator(".corinth-district.hinted")
    expect(hinted).to_have_count(1)
    district = hinted.get_attribute("data-district")
    first = box.locator("li").first
    expect(first).to_contain_text(f"Take the {district.capitalize()} group")
    if " move the steward " in first.inner_text():
        expect(game.locator(".corinth-cell.hinted").first).to_be_visible()
        expect(game.locator(".corinth-cell.hinted[data-hint='1']")).to_have_count(1)
    assert not code_like(box.inner_text()), code_like(box.inner_text())
    # Beside the boards: in the harbor's column, above the move log.
    harbor = game.locator(".corinth-harbor").bounding_box()
    hint = box.bounding_box()
    log = game.locator(".corinth-log").bounding_box()
    assert abs(hint["x"] - harbor["x"]) < 40 and hint["y"] < log["y"]
    # Playing a move takes the hint off the boards.
    hinted.click()
    take = game.get_by_role("button", name="Take and act")
    if take.is_enabled():
        take.click()
        expect(game.locator(".corinth-district.hinted")).to_have_count(0, timeout=30_000)


def test_lesson_11b_game_is_where_it_was_after_a_reload(classroom, page):
    """Lesson 11b's game against the bot is kept in this browser, as lesson 05's is: a move played,
    the page reloaded (a new kernel, so only the browser remembers), and the game is where it was,
    the learner's move and the bot's answer on the board, the learner to play."""
    from .test_corintho_lesson import click_move

    lesson = "11b_corintho_puzzles_and_game.ipynb"
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{url}/voila/render/{lesson}?token={token}", timeout=180_000)
    app = page.locator(".corinth-corintho-app").first
    expect(app.locator(".corinth-stack-cell[data-cell='b2']")).to_be_visible(timeout=180_000)
    app.scroll_into_view_if_needed()
    click_move(app, "base b2", 0)
    expect(app).to_contain_text("Player 2 places", timeout=30_000)
    cells = app.locator(".corinth-stack-cell[data-cell]")
    expect(cells).to_have_count(16)
    before = [cells.nth(i).get_attribute("aria-label") for i in range(16)]
    b2_label = app.locator(".corinth-stack-cell[data-cell='b2']").get_attribute("aria-label")
    assert "base" in b2_label

    page.reload(timeout=180_000)  # a new kernel: only the browser remembers
    app = page.locator(".corinth-corintho-app").first
    b2 = app.locator(".corinth-stack-cell[data-cell='b2']")
    expect(b2).to_have_attribute("aria-label", b2_label, timeout=180_000)
    cells = app.locator(".corinth-stack-cell[data-cell]")
    assert [cells.nth(i).get_attribute("aria-label") for i in range(16)] == before
    expect(app.get_by_role("status").first).to_contain_text("Player 1 to play")
    # "New game" starts the lesson's game again, and the browser forgets the old one.
    app.get_by_role("button", name="New game").click()
    expect(b2).not_to_have_attribute("aria-label", b2_label, timeout=30_000)


def test_a_cell_the_text_names_is_outlined_on_the_board_beside_it(classroom, page):
    """Lesson 00 names "the orange ×1 cell, row 1, column 2" under the sheet it shows: that cell of
    the drawn sheet is marked and outlined. Lesson 03 names the top-left scoring spot (row 1,
    column 1) beside its live sheet and in its walk's question: outlined on both sheets."""
    url, token = classroom
    page.set_viewport_size({"width": 1280, "height": 720})
    read_lesson(page, url, token, "00_start_here.ipynb")
    named = page.locator("svg g.corinth-named[data-named='true']")
    expect(named).to_have_count(1)
    assert named.get_attribute("aria-label").startswith("orange ×1, row 1, column 2")
    assert named.locator("rect[stroke-width='4']").count() == 1  # the outline is drawn

    read_lesson(page, url, token, "03_the_steward.ipynb")
    corner = page.locator(".corinth-cell.highlighted[data-highlight='true']")
    expect(corner).to_have_count(2)  # step 3's live sheet and its walk's sheet
    for i in range(2):
        assert "row 1, column 1" in corner.nth(i).get_attribute("aria-label")
        assert corner.nth(i).evaluate("(e) => getComputedStyle(e).boxShadow") != "none"
