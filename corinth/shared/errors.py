"""A refusal that names the rule it enforces: every game's illegal move, and the table's "not your
turn", are one of these, so a board or a command shows any game's refusal the same way."""

from __future__ import annotations


class RuleRefusal(ValueError):
    """Something the rules refuse; ``rule`` is the rule's ID (may be empty), ``reason`` the words
    without it, and the message ends with the ID in brackets.

    >>> e = RuleRefusal("K3", "that stack is frozen")
    >>> str(e), e.rule, e.reason
    ('that stack is frozen (K3)', 'K3', 'that stack is frozen')
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} ({rule})" if rule else message)
