"""The rule catalogue (RULES.md, shipped with the package) and where each rule is enforced and tested.

>>> rule_text("R4").startswith("**R4** Sorting")
True
>>> any(path.endswith("dice.py") for path, _, _ in citations("R4")["code"])
True
>>> rule_card("R8").quote.lang
'fr'
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corinth.shared.language import N_, _, current_language

from .errors import shown

CATALOGUE = Path(__file__).with_name("RULES.md")
CARDS = Path(__file__).with_name("cards.toml")
# The folder that holds the corinth package: the repo root, or site-packages once installed.
PACKAGE = Path(__file__).resolve().parents[2]
_ITEM = re.compile(r"^\s*- (\*\*([A-Z]\d+[a-z]?)\*\*.*(?:\n(?!\s*- \*\*|\s*$|#).*)*)", re.M)


@cache
def rules() -> dict[str, str]:
    """Rule ID → its text, in catalogue order."""
    text = CATALOGUE.read_text(encoding="utf-8")
    return {
        m.group(2): " ".join(line.strip() for line in m.group(1).splitlines())
        for m in _ITEM.finditer(text)
    }


def rule_text(rule_id: str) -> str:
    try:
        return rules()[rule_id]
    except KeyError:
        raise KeyError(f"no rule {shown(rule_id)}; rules are {', '.join(rules())}") from None


@dataclass(frozen=True)
class Quote:
    """A brief quote of the printed rulebook: its words and the edition's language ("fr", "de")."""

    lang: str
    text: str


@dataclass(frozen=True)
class RuleCard:
    """What a learner reads about one rule: its ID, the catalogue's words and the rulebook's, if quoted.

    ``words`` is the catalogue text without the ID and the markdown marks; ``title`` a few plain words.
    """

    rule_id: str
    title: str
    words: str
    quote: Quote | None


@cache
def _cards() -> dict[str, dict]:
    return tomllib.loads(CARDS.read_text(encoding="utf-8"))


def quotes() -> dict[str, Quote]:
    """Rule ID → the rulebook's quote for it (``cards.toml``)."""
    return {k: Quote(v["lang"], v["quote"]) for k, v in _cards().items() if "quote" in v}


_MARKS = re.compile(r"\*\*|`")
_CONFIDENCE = {"likely": N_("likely"), "certain": N_("certain")}


def rule_card(rule_id: str) -> RuleCard:
    """The card of one rule, for learners: plain catalogue words, then the rulebook's quote.

    >>> card = rule_card("R8")
    >>> card.title
    'No group left: the compensation step'
    >>> "compensation" in card.words
    True
    """
    text = rule_text(rule_id)
    translated = _(text) if current_language() != "en" else text
    if translated != text:
        # The rules catalogue's translation, written for learners already: only the ID and the
        # markdown marks go, and the code's marks become words.
        words = _MARKS.sub("", translated.strip().removeprefix(f"**{rule_id}**")).strip()
        words = words.replace("[interp]", _("(our reading where the rulebook is silent)"))
        words = re.sub(
            r"\[recon(?:, (\w+))?\]",
            lambda m: (
                _("(reconstructed, {confidence})").format(
                    confidence=_(_CONFIDENCE.get(m.group(1), m.group(1)))
                )
                if m.group(1)
                else _("(reconstructed)")
            ),
            words,
        )
    else:
        words = _MARKS.sub("", text.removeprefix(f"**{rule_id}**")).strip()
        # The catalogue's marks for readers of the code, in words for learners.
        words = words.replace("[interp]", "(our reading where the rulebook is silent)")
        words = words.replace("turn track", "roll track (the rulebook's turn track)").replace(
            "purveys", "buys yellow dice"
        )
        words = re.sub(r"\[recon(?:, (\w+))?\]", r"(reconstructed, \1)", words).replace(", )", ")")
    title = _cards().get(rule_id, {}).get("title") or rule_id
    return RuleCard(rule_id, _(title), words, quotes().get(rule_id))


def _scan(files, pattern: re.Pattern) -> list[tuple[str, int, str]]:
    out = []
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                out.append((path.relative_to(PACKAGE).as_posix(), n, line.strip()))
    return out


def citations(rule_id: str) -> dict[str, list[tuple[str, int, str]]]:
    """Where ``rule_id`` is cited: code lines of the package, and (in a source checkout) the tests
    named after it (``test_<id>_...``)."""
    rule_text(rule_id)
    code_pattern = re.compile(rf"(?<![\w-]){re.escape(rule_id)}(?![\w-])")
    code = _scan(sorted((PACKAGE / "corinth").rglob("*.py")), code_pattern)
    tests_dir = PACKAGE / "tests"
    test_pattern = re.compile(rf"def (test_{rule_id.lower()}_\w+)")
    tests = _scan(sorted(tests_dir.rglob("test_*.py")), test_pattern) if tests_dir.is_dir() else []
    return {"code": [c for c in code if not c[0].endswith("catalogue.py")], "tests": tests}
