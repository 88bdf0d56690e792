"""Every rule ID can be followed from the catalogue to the code that enforces it and a test named after it."""

from __future__ import annotations

import pytest

from corinth.cli import main
from corinth.rules.catalogue import citations, rules


def test_catalogue_lists_every_rule_family():
    ids = list(rules())
    assert len(ids) == len(set(ids)) >= 45
    assert {i[0] for i in ids} == set("CSRAMBTE")


@pytest.mark.parametrize("rule_id", list(rules()))
def test_every_rule_is_cited_in_code_and_tested(rule_id):
    found = citations(rule_id)
    assert found["code"], f"no code cites {rule_id}"
    assert found["tests"], f"no test is named test_{rule_id.lower()}_..."


def test_rules_command_prints_text_code_and_tests(capsys):
    assert main(["rules", "a3a"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("**A3a**")
    assert "corinth/rules/state.py" in out
    assert "test_a3a_" in out


def test_rules_command_rejects_an_unknown_rule(capsys):
    assert main(["rules", "Z9"]) == 2
    assert "no rule 'Z9'" in capsys.readouterr().err
