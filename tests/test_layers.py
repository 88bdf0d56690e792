"""The layers of docs/architecture.md ("The layers, and why"), arrows pointing down:

    notebooks → corinth.ui → corinth.solver → corinth.rules → seeds/
                                    (each game: its folder)   ↘ corinth.shared (any game)

``corinth.render`` draws for the boards, handouts and notebooks: it reads the rules alone (the
market's graph is the rules' model, ``corinth.rules.market``). ``corinth.cli`` is a front end like
``corinth.ui``: nothing imports it but its own entry point, and no lesson or helper of the notebooks
does. The engine (rules, solver, render) imports no Jupyter package. The classroom
(``corinth.classroom``) imports no game: it asks each game for its live puzzles by name, through
``corinth.shared.registry``. The handouts (``corinth.handouts``) are a front end too: they read the
lessons and draw their boards, and nothing of corinth imports them, the classroom neither (it serves
their files, not their code).

Each layer is checked twice: every module of it is imported in a fresh interpreter that refuses
every layer it may not import (and Jupyter), and every import statement of its files is read,
those inside functions too (a drawing function's lazy import is an import all the same). The
notebooks' helper modules are imported with the command line refused, and every import statement
of the helpers and of the lessons' code cells is read.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

BLOCKED = ("ipywidgets", "anywidget", "jupyterlab", "IPython", "ipykernel", "notebook", "jupyter")
CORINTH = Path(__file__).resolve().parents[1] / "corinth"
NOTEBOOKS = CORINTH.parent / "notebooks"

# The packages of corinth each layer of the engine may import (``corinth`` itself re-exports the rules).
MAY_IMPORT = {
    # The shared parts (the game protocol, the table, the puzzle machinery): no game, no front end.
    # A game follows the protocol and is found by name (``corinth.shared.registry``).
    "corinth.shared": {"corinth.shared"},
    "corinth.rules": {"corinth.rules", "corinth.shared"},
    "corinth.solver": {"corinth.rules", "corinth.solver", "corinth.shared"},
    "corinth.render": {"corinth.rules", "corinth.render", "corinth.shared"},
    # Corintho, the second game: an engine of its own that imports nothing of Corinth's.
    "corinth.corintho": {"corinth.corintho", "corinth.shared"},
    # The Four Courts, the third game: its own engine, bots and puzzles, importing no other game.
    "corinth.courts": {"corinth.courts", "corinth.shared"},
}

SCRIPT = textwrap.dedent(
    """
    import importlib.abc, sys

    BLOCKED = {blocked!r}

    class NoJupyter(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            top = name.split(".")[0]
            if top in BLOCKED or top.startswith("jupyter"):
                raise ImportError(f"{{name}} is blocked: the engine must not import Jupyter")
            return None

    sys.meta_path.insert(0, NoJupyter())
    for name in list(sys.modules):
        if name.split(".")[0] in BLOCKED or name.startswith("jupyter"):
            del sys.modules[name]

    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the import hook does not block")

    import corinth, corinth.rules, corinth.solver, corinth.render
    import pkgutil, importlib
    for pkg in (corinth.rules, corinth.solver, corinth.render):
        for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)
    from corinth.solver.bots import RandomBot, play_game
    final = play_game(corinth.new_game(players=2, seed=1), [RandomBot(1), RandomBot(2)])
    assert final.is_over
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED or m.startswith("jupyter"))
    assert not leaked, leaked
    assert not any(m.startswith("corinth.ui") for m in sys.modules), "the engine imports the ui"
    assert not any(m.startswith("corinth.cli") for m in sys.modules), "the solver reaches into the CLI"
    svg = corinth.render.harbor_svg(final) + corinth.render.sheet_svg(final, 0)
    assert svg.count("<svg") == 2
    print("ok")
    """
).format(blocked=BLOCKED)

# One layer alone: its modules imported while every package of corinth it may not import is refused.
LAYER_SCRIPT = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys

    LAYER, ALLOWED, BLOCKED = {layer!r}, {allowed!r}, {blocked!r}
    OPTIONAL = {{"pyspiel", "open_spiel"}}

    def refused(name):
        top = name.split(".")[0]
        if top in BLOCKED or top.startswith("jupyter"):
            return True
        return top == "corinth" and name != "corinth" and ".".join(name.split(".")[:2]) not in ALLOWED

    class Layers(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if refused(name):
                raise ImportError(f"{{LAYER}} imports {{name}}, a layer it may not import")
            return None

    for name in [m for m in sys.modules if refused(m)]:
        del sys.modules[name]
    sys.meta_path.insert(0, Layers())
    try:
        import corinth.cli  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the import hook does not block")

    layer = importlib.import_module(LAYER)
    for info in pkgutil.iter_modules(layer.__path__, LAYER + "."):
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError as exc:  # an optional extra (OpenSpiel) not installed here
            if exc.name not in OPTIONAL:
                raise
    leaked = sorted(m for m in sys.modules if refused(m))
    assert not leaked, leaked
    print("ok")
    """
)


def test_engine_and_solver_import_without_jupyter():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_each_layer_imports_without_the_layers_above_it(layer):
    script = LAYER_SCRIPT.format(layer=layer, allowed=MAY_IMPORT[layer], blocked=BLOCKED)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def imported(path: Path, source: str | None = None) -> Iterator[tuple[int, str]]:
    """Every module an import statement of ``path`` (or of ``source``, read as if it were that
    file) names, with its line: those inside functions too, relative ones made absolute, and
    ``from a import b`` as both ``a`` and ``a.b``."""
    package = path.relative_to(CORINTH.parent).parts[:-1]  # what a relative import starts from
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


PARTS = {p.stem for p in CORINTH.iterdir() if (p / "__init__.py").exists() or p.suffix == ".py"}


def corinth_package(module: str) -> str | None:
    """``corinth.solver.market`` → ``corinth.solver``; None for ``corinth`` itself and its names
    (``corinth.new_game``), and for other packages."""
    parts = module.split(".")
    if parts[0] == "corinth" and len(parts) > 1 and parts[1] in PARTS - {"__init__"}:
        return f"corinth.{parts[1]}"
    return None


def files(package: str) -> list[Path]:
    return sorted((CORINTH.parent / package.replace(".", "/")).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_no_import_statement_of_a_layer_reaches_up(layer):
    wrong = []
    for path in files(layer):
        for line, module in imported(path):
            package = corinth_package(module)
            jupyter = module.split(".")[0] in BLOCKED or module.startswith("jupyter")
            if jupyter or package not in MAY_IMPORT[layer] | {None}:
                wrong.append(f"{path.relative_to(CORINTH.parent)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_nothing_imports_the_command_line_but_its_entry_point():
    wrong = [
        f"{path.relative_to(CORINTH.parent)}:{line} imports {module}"
        for path in sorted(CORINTH.rglob("*.py"))
        if "cli" not in path.relative_to(CORINTH).parts and path.name != "_start.py"
        for line, module in imported(path)
        if corinth_package(module) == "corinth.cli"
    ]
    assert not wrong, "\n".join(wrong)


def test_nothing_imports_the_handouts_and_they_import_no_classroom():
    """``corinth.handouts`` prints the lessons on paper: no other part of corinth imports it, and it
    imports neither the classroom nor the command line (``python -m corinth.handouts`` is its own
    entry point)."""
    wrong = []
    for path in sorted(CORINTH.rglob("*.py")):
        own = "handouts" in path.relative_to(CORINTH).parts
        for line, module in imported(path):
            package = corinth_package(module)
            if (package == "corinth.handouts" and not own) or (
                own and package in ("corinth.classroom", "corinth.cli")
            ):
                wrong.append(f"{path.relative_to(CORINTH.parent)}:{line} imports {module}")
    assert files("corinth.handouts"), "the handouts' package has moved"
    assert not wrong, "\n".join(wrong)


def test_the_import_reader_sees_lazy_and_relative_imports():
    source = textwrap.dedent(
        """
        from corinth.rules.geometry import SIZE
        from . import palette

        def draw():
            from ..solver import market
            import corinth.cli.games
        """
    )
    found = {module for _, module in imported(CORINTH / "render" / "example.py", source)}
    assert "corinth.rules.geometry" in found  # at the top
    assert "corinth.render.palette" in found  # relative
    assert {"corinth.solver", "corinth.solver.market", "corinth.cli.games"} <= found  # lazy
    assert corinth_package("corinth.solver.market") == "corinth.solver"
    assert corinth_package("corinth.new_game") is None


def test_the_drawing_and_the_solver_read_one_market_model():
    """The market's graph is the rules' model: the drawing imports it at the top, and the solver's
    old name for it is the same object."""
    from corinth.render import market as drawing
    from corinth.rules import market
    from corinth.solver import market as old_name

    assert drawing.market_graph is market.market_graph is old_name.market_graph
    assert drawing.steward_route is market.steward_route is old_name.steward_route


def function_local_imports(path: Path) -> Iterator[tuple[int, str]]:
    """Imports of corinth's own modules made inside a function of ``path``."""
    package = path.relative_to(CORINTH.parent).parts[:-1]
    for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").startswith("corinth")
            ):
                base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
                yield node.lineno, f"{base}.{node.module}" if node.level else node.module
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("corinth"):
                        yield node.lineno, alias.name


@pytest.mark.parametrize(
    "layer",
    ["corinth.rules", "corinth.solver", "corinth.render", "corinth.corintho", "corinth.courts"],
)
def test_the_engine_has_no_import_circle_hidden_in_a_function(layer):
    """The rules, the solver and the drawing import corinth's modules at the top, so an import
    circle fails at once instead of hiding in a function; drawing (``corinth.render``) imports
    matplotlib late on purpose (not corinth), and the front ends import late to start fast."""
    hidden = [
        f"{path.relative_to(CORINTH.parent)}:{line} imports {module}"
        for path in files(layer)
        for line, module in function_local_imports(path)
    ]
    assert not hidden, "\n".join(hidden)


def test_no_games_package_imports_another_games():
    """Corinth (its engine ``corinth.rules``, its solver) and Corintho share only ``corinth.shared``;
    the shared parts import no game, and nothing but tests imports the OpenSpiel adapter."""
    games = {
        "corinth.rules": "corinth",
        "corinth.solver": "corinth",
        "corinth.corintho": "corintho",
        "corinth.courts": "four-courts",
    }
    wrong = []
    for layer, game in games.items():
        for path in files(layer):
            for line, module in imported(path):
                other = games.get(corinth_package(module) or "")
                if other is not None and other != game:
                    wrong.append(f"{path.relative_to(CORINTH.parent)}:{line} imports {module}")
    for path in files("corinth.shared"):
        for line, module in imported(path):
            if corinth_package(module) not in (None, "corinth.shared"):
                wrong.append(f"{path.relative_to(CORINTH.parent)}:{line} imports {module}")
    for path in sorted(CORINTH.rglob("*.py")):
        if path.name != "openspiel.py":
            for line, module in imported(path):
                if module.split(".")[0] in ("pyspiel", "open_spiel") or module.endswith(
                    "openspiel"
                ):
                    wrong.append(f"{path.relative_to(CORINTH.parent)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


# What the classroom may not import: any game. It asks each game for its live puzzles by name
# (``corinth.shared.registry.live``), so a new game is served to a class without editing it.
GAMES = ("corinth.rules", "corinth.solver", "corinth.render", "corinth.corintho", "corinth.courts")


def game_imports(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` imports a game: ``PATH:LINE imports MODULE``. A name ``corinth`` re-exports
    from its rules (``from corinth import new_game``) is an import of the rules too."""
    import corinth.rules

    rules_names = {f"corinth.{name}" for name in corinth.rules.__all__}
    return [
        f"{path.relative_to(CORINTH.parent)}:{line} imports {module}"
        for line, module in imported(path, source)
        if corinth_package(module) in GAMES or module in rules_names
    ]


def test_the_classroom_imports_no_game():
    """Every import statement of ``corinth/classroom``, those inside functions too."""
    paths = files("corinth.classroom")
    assert CORINTH / "classroom" / "live.py" in paths
    wrong = [hit for path in paths for hit in game_imports(path)]
    assert not wrong, "\n".join(wrong)


def test_the_classroom_check_sees_every_way_to_import_a_game():
    source = textwrap.dedent(
        """
        from corinth.shared import registry
        from corinth import new_game

        def lazy():
            from corinth.corintho.live import picture
            import corinth.render.svg
            from ..courts import cards
        """
    )
    found = game_imports(CORINTH / "classroom" / "example.py", source)
    assert [hit.split(" imports ")[0] for hit in found] == [
        "corinth/classroom/example.py:3",
        "corinth/classroom/example.py:6",
        "corinth/classroom/example.py:6",
        "corinth/classroom/example.py:7",
        "corinth/classroom/example.py:8",
        "corinth/classroom/example.py:8",
    ]


def helper_files() -> list[Path]:
    """The notebooks' helper modules: ``notebooks/*.py`` and those of its packages (the lessons'
    answers, ``notebooks/answers/``)."""
    return sorted(
        path
        for path in NOTEBOOKS.rglob("*.py")
        if not {"__pycache__", ".ipynb_checkpoints"} & set(path.relative_to(NOTEBOOKS).parts)
    )


def helper_module(path: Path) -> str:
    """``notebooks/answers/start.py`` → ``answers.start``; a package's ``__init__.py`` → its name."""
    parts = path.relative_to(NOTEBOOKS).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def notebook_sources() -> Iterator[tuple[str, str]]:
    """The notebooks' Python: each helper module (``helper_files``) and each code cell of each
    lesson, named for a message; IPython's ``%`` and ``!`` lines are left out (they are not Python)."""
    for path in helper_files():
        yield path.relative_to(CORINTH.parent).as_posix(), path.read_text(encoding="utf-8")
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] == "code":
                lines = "".join(cell["source"]).splitlines()
                python = ["" if line.lstrip().startswith(("%", "!")) else line for line in lines]
                yield f"notebooks/{path.name}, cell {cell.get('id', '?')}", "\n".join(python)


def command_line_imports(name: str, source: str) -> list[str]:
    """Where ``source`` imports the command line: ``NAME:LINE imports MODULE``."""
    here = CORINTH / "notebook.py"  # the notebooks use absolute imports only
    return [
        f"{name}:{line} imports {module}"
        for line, module in imported(here, source)
        if corinth_package(module) == "corinth.cli"
    ]


def test_no_lesson_or_helper_of_the_notebooks_imports_the_command_line():
    sources = list(notebook_sources())
    assert any(name == "notebooks/exercises.py" for name, _ in sources)
    assert any(name == "notebooks/answers/corintho.py" for name, _ in sources)
    assert any("07_strategy_lab.ipynb" in name for name, _ in sources)
    wrong = [hit for name, source in sources for hit in command_line_imports(name, source)]
    assert not wrong, "\n".join(wrong)


def test_the_notebooks_check_sees_every_way_to_import_the_command_line():
    source = "import corinth.cli\nfrom corinth.cli.games import simulate\nfrom corinth import cli\n"
    assert [hit.split(" imports ")[0] for hit in command_line_imports("x", source)] == [
        "x:1",
        "x:2",
        "x:2",
        "x:3",
    ]


HELPERS_SCRIPT = textwrap.dedent(
    """
    import importlib, importlib.abc, sys

    class NoCommandLine(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "corinth.cli" or name.startswith("corinth.cli."):
                raise ImportError(f"{{name}}: the notebooks' helpers import no command line")
            return None

    sys.meta_path.insert(0, NoCommandLine())
    sys.path.insert(0, {notebooks!r})
    for name in {helpers!r}:
        importlib.import_module(name)
    assert not any(m == "corinth.cli" or m.startswith("corinth.cli.") for m in sys.modules)
    print("ok")
    """
)


def test_the_notebooks_helpers_import_without_the_command_line():
    """Every helper module of the lessons, the answers' modules too, imported with the command
    line refused."""
    helpers = sorted(helper_module(path) for path in helper_files())
    assert {"exercises", "answers", "answers.start", "answers.courts"} <= set(helpers)
    script = HELPERS_SCRIPT.format(notebooks=str(NOTEBOOKS), helpers=helpers)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=NOTEBOOKS
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
