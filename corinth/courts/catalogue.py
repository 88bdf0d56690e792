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

CATALOGUE = Path(__file__).with_name("RULES.md")
_ITEM = re.compile(r"^- \*\*([A-Z]\d+)\*\*(.*(?:\n(?!- \*\*|\s*$|#).*)*)", re.M)
_IDS = re.compile(r" ?\((?:[A-Z]\d+[a-z]?)(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*\)")
# Sentences about the program, not the game: left out of a learner's card.
_PROGRAM = re.compile(
    r"engine|notation|the move |a move |\bbot|board|observation|puzzle|saved|refuse|`|"
    r"seat's view|test",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*\"(])")
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


@cache
def rule_words(rule_id: str) -> str:
    """The words of rule ``rule_id`` for a learner ("" for no such rule)."""
    text = rules().get(rule_id, "")
    text = text.replace("**[interp]**", "Our reading:").replace("**", "")
    for said, plain in _NAMED.items():
        text = text.replace(said, plain)
    text = _IDS.sub("", text)
    kept = [s for s in _SENTENCE.split(text) if s and not _PROGRAM.search(s)]
    words = " ".join(kept).strip()
    # "Our reading: the rank order…", "Our reading: still tied…"
    return re.sub(r"Our reading: (\w)", lambda m: "Our reading: " + m.group(1).lower(), words)


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
