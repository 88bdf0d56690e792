"""The engine, the solver and the drawing layer import no Jupyter package, and not the command line
(DESIGN.md: the house's layers)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

BLOCKED = ("ipywidgets", "anywidget", "jupyterlab", "IPython", "ipykernel", "notebook", "jupyter")

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


def test_engine_and_solver_import_without_jupyter():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
