"""Errors that name the rule they enforce: every game's illegal move (``RuleRefusal``) and the
table's "not your turn" (``RuleNamed``, not a ``ValueError``), so a board or a command shows any
game's refusal the same way."""

from __future__ import annotations


class RuleNamed(Exception):
    """An error whose message ends with the rule it enforces: ``rule`` is the rule's ID (may be
    empty), ``reason`` the words without it.

    >>> e = RuleNamed("R6", "it is not your turn")
    >>> str(e), e.rule, e.reason
    ('it is not your turn (R6)', 'R6', 'it is not your turn')
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} ({rule})" if rule else message)


class RuleRefusal(RuleNamed, ValueError):
    """Something the rules refuse (every game's illegal move), a ``ValueError``.

    >>> e = RuleRefusal("K3", "that stack is frozen")
    >>> str(e), e.rule, e.reason, isinstance(e, ValueError)
    ('that stack is frozen (K3)', 'K3', 'that stack is frozen', True)
    """
