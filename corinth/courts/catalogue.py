"""The Four Courts' rule catalogue (``RULES.md`` in this folder) read for learners: a rule's own
words by its ID, as a board's "rule" mark opens them (``rule_words``).

The words are the catalogue's, with its marks for readers of the code made plain: the bold and the
code quotes dropped, "[interp]" said as "Our reading", the other rules' IDs left out (a learner
cannot look them up from a card), and the sentences about the program (its moves' notation, the
engine, the boards and bots) left out.

>>> rule_words("G2")
'Every token in front of a player is one point ("Chaque jeton rapporte un point").'
>>> rule_words("C2").startswith("Our reading: the rank order, lowest first.")
True
>>> rule_words("Z9")
''
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from corinth.shared.language import _, current_language

CATALOGUE = Path(__file__).with_name("RULES.md")
_ITEM = re.compile(r"^- \*\*([A-Z]\d+)\*\*(.*(?:\n(?!- \*\*|\s*$|#).*)*)", re.M)
_IDS = re.compile(r" ?\((?:[A-Z]\d+[a-z]?)(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*\)")
# Sentences about the program, not the game: left out of a learner's card.
_PROGRAM = re.compile(
    r"engine|notation|the move |a move |\bbot|board|observation|puzzle|saved|refuse|`|"
    r"seat's view|test",
    re.I,
)
# The same, in French and German too, for a translated rule whose sentences do not match the English.
_PROGRAM_ANY = re.compile(
    _PROGRAM.pattern + r"|moteur|notation|le coup |un coup |plateau|problème|sauvegard|refus|"
    r"Programm|Notation|der Zug |ein Zug |Brett|Rätsel|gespeichert|abgelehnt",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*\"(])")
# Another rule's ID inside a translated sentence's brackets: "(rang, puis couleur : C2, C3)",
# "(ils restent de côté, toujours comptés par C5)", "(utilisée par G6)".
_NAMED_IDS = (
    re.compile(r"\s*:\s*[A-Z]\d+[a-z]?(?:(?:,\s*| et | und |–|-)[A-Z]\d+[a-z]?)*(?=\))"),
    re.compile(r"(?:,| und| et)[^,()]*?\b[A-Z]\d+[a-z]?\b[^,()]*(?=\))"),
    re.compile(r"\s*\([^()]*?\b[A-Z]\d+[a-z]?\)"),
)
_SENTENCE_ANY = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ*\"(«„])")
# Another rule named inside a sentence, in words a learner can follow without the catalogue.
_NAMED = {
    " (used by G6)": " (it breaks a tie of points)",
    "where G6 counts them": "where they count in a tie of points",
    ", still counted by C5": "",
    " (rank, then suit: C2, C3)": " (rank, then suit)",
}


@cache
def rules() -> dict[str, str]:
    """Rule ID → its text in the catalogue (one line, the markdown as written)."""
    text = CATALOGUE.read_text(encoding="utf-8")
    return {
        m.group(1): " ".join(line.strip() for line in m.group(2).splitlines()).strip()
        for m in _ITEM.finditer(text)
    }


def rule_words(rule_id: str) -> str:
    """The words of rule ``rule_id`` for a learner ("" for no such rule), in the language spoken
    now: the ``rules`` catalogue's translation of the rule where it has one, else the English."""
    return _rule_words(rule_id, current_language())


@cache
def _rule_words(rule_id: str, language: str) -> str:
    text = rules().get(rule_id, "")
    message = f"**{rule_id}** {text}"
    translated = _(message) if text and language != "en" else message
    english = [(s, not _PROGRAM.search(s)) for s in _sentences(text, "Our reading:")]
    if translated == message:  # English, or not translated yet: the English words
        return _joined([s for s, keep in english if keep], "Our reading:")
    reading = _("Our reading:")
    said = _sentences(translated.strip().removeprefix(f"**{rule_id}**").strip(), reading, False)
    # The sentences about the program are left out as in English: the same sentences by their
    # places where the translation has as many, else by a few words of each language.
    if len(said) == len(english):
        kept = [s for s, (_english, keep) in zip(said, english) if keep]
    else:
        kept = [s for s in said if not _PROGRAM_ANY.search(s)]
    return _joined(kept, reading, lower=language != "de")


def _sentences(text: str, reading: str, english: bool = True) -> list[str]:
    """A rule's sentences, its marks made plain: the bold dropped, "[interp]" said as ``reading``,
    the other rules named in words (English) and their IDs left out."""
    text = text.replace("**[interp]**", reading).replace("**", "")
    if english:
        for said, plain in _NAMED.items():
            text = text.replace(said, plain)
    text = _IDS.sub("", text)
    if not english:  # a translation names other rules in its own words: their IDs left out
        for named in _NAMED_IDS:
            text = named.sub("", text)
    return [s for s in (_SENTENCE if english else _SENTENCE_ANY).split(text) if s]


def _joined(sentences: list[str], reading: str, lower: bool = True) -> str:
    words = " ".join(sentences).strip()
    if not lower:
        return words
    # "Our reading: the rank order…", "Our reading: still tied…"
    return re.sub(
        re.escape(reading) + r" (\w)", lambda m: reading + " " + m.group(1).lower(), words
    )


def rules_cited(text: str) -> dict[str, str]:
    """Every rule ID the text cites in brackets ("(C2, R2)"), with its words.

    >>> list(rules_cited("a card goes beside a Court with a suit in common (R3)"))
    ['R3']
    """
    out = {}
    for group in _IDS.findall(text):
        for rule_id in re.findall(r"[A-Z]\d+[a-z]?", group):
            words = rule_words(rule_id)
            if words:
                out[rule_id] = words
    return out


__all__ = ["rule_words", "rules", "rules_cited"]
