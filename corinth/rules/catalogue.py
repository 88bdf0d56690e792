"""The rule catalogue (RULES.md, shipped with the package) and where each rule is enforced and tested.

>>> rule_text("R4").startswith("**R4** Sorting")
True
>>> any(path.endswith("dice.py") for path, _, _ in citations("R4")["code"])
True
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

CATALOGUE = Path(__file__).with_name("RULES.md")
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
        raise KeyError(f"no rule {rule_id!r}; rules are {', '.join(rules())}") from None


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
