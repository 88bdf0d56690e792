"""Code in its room: no function of corinth/ is over 80 lines (its docstring counted) unless a
comment says why, ``# long: …`` on the line before its ``def`` (or its first decorator) or between
the ``def`` and its first statement after the docstring."""

import ast
from pathlib import Path

import corinth

PACKAGE = Path(corinth.__file__).parent
MAX_LINES = 80


def _says_why(lines: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a ``# long:`` comment stands before the function or at the top of its body."""
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    body = node.body
    if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring: the comment may follow it
    around = [lines[first - 2]] if first > 1 else []
    around += lines[node.lineno - 1 : body[0].lineno - 1]
    return any(line.strip().startswith("# long:") for line in around)


def long_functions() -> list[str]:
    """Every function of corinth/ over the limit without a reason, as "path:line name (n lines)"."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            length = node.end_lineno - node.lineno + 1
            if length <= MAX_LINES:
                continue
            if not _says_why(lines, node):
                out.append(f"corinth/{where}:{node.lineno} {node.name} ({length} lines)")
    return out


def test_no_function_over_80_lines_without_a_reason():
    long = long_functions()
    assert not long, (
        f"over {MAX_LINES} lines: split into well-named helpers, or say why on the line before the "
        "def with a comment '# long: …':\n" + "\n".join(long)
    )


def test_a_reason_is_read_before_the_def_or_at_the_top_of_the_body():
    body = "\n".join(f"    x = {i}" for i in range(MAX_LINES))
    for source, expected in (
        (f"def f():\n{body}\n", False),
        (f"# long: one straight drawing\ndef f():\n{body}\n", True),
        (f"def f():\n    '''Doc.'''\n    # long: one straight drawing\n{body}\n", True),
        (f"# long: one straight drawing\n@staticmethod\ndef f():\n{body}\n", True),
    ):
        lines = source.splitlines()
        node = ast.parse(source).body[0]
        assert _says_why(lines, node) is expected, source[:60]
