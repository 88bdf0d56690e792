"""corinth: learn, teach and study the dice game Corinth.

Layers (arrows point down): ``corinth.ui`` (widgets) → ``corinth.solver`` → ``corinth.rules``.
The top-level names are the engine's public API: those of ``corinth.rules``, imported the first time
one is used, so that the ``corinth`` command starts (and answers Ctrl-C) before numpy is loaded.

>>> import corinth
>>> state = corinth.new_game(players=3, seed=1)
>>> state.phase
'purvey'
>>> "new_game" in corinth.__all__ and "new_game" in dir(corinth)
True
"""

import importlib

__version__ = "0.1.0"


def __getattr__(name: str):
    rules = importlib.import_module(".rules", __name__)
    if name == "__all__":
        return list(rules.__all__)
    if name in rules.__all__:
        return getattr(rules, name)
    try:  # a subpackage used as an attribute after a plain ``import corinth``
        return importlib.import_module(f".{name}", __name__)
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise  # the subpackage exists but needs a package that is not installed: say so
        raise AttributeError(f"module 'corinth' has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted({*globals(), *__getattr__("__all__")})
