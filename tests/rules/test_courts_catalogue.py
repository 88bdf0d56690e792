"""The Four Courts' rules in a learner's words (``corinth.courts.catalogue``), as a board's "rule"
mark opens them (issue 43, item 6): every rule of RULES.md but the program's own has words, with
no code, no notation and no other rule's ID in them."""

from __future__ import annotations

import re

from corinth.courts.bots import GreedyBot, play_game
from corinth.courts.catalogue import rule_words, rules, rules_cited
from corinth.courts.ending import end_words


def test_c2_g3_the_rule_marks_open_the_rules_own_words_with_no_code_in_them():
    for rule_id in rules():
        words = rule_words(rule_id)
        if rule_id == "H1":  # a rule of the program (what a seat's view holds): no words
            assert words == ""
            continue
        assert words and len(words) > 30, rule_id
        assert not re.search(r"\b[A-Z]\d+\b", words), (rule_id, words)  # no other rule's code
        assert "`" not in words and "**" not in words and "[interp]" not in words
        assert not re.search(r"engine|notation|bot\b|observation", words), (rule_id, words)
    assert rule_words("G3").startswith("The bonus tokens: for each bonus colour, the player")
    assert "place island" not in rule_words("R5")  # R5's notation is the program's, not the game's
    assert list(rules_cited("too far (C2, R2), then (G6).")) == ["C2", "R2", "G6"]
    ending = " ".join(end_words(play_game([GreedyBot(s) for s in range(4)], seed=1)))
    assert set(rules_cited(ending)) == set(re.findall(r"\(([A-Z]\d+)\)", ending))
