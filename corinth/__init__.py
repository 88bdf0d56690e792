"""corinth: learn, teach and study the dice game Corinth.

Layers (arrows point down): ``corinth.ui`` (widgets) → ``corinth.solver`` → ``corinth.rules``.
The top-level names are the engine's public API.

>>> import corinth
>>> state = corinth.new_game(players=3, seed=1)
>>> state.phase
'purvey'
"""

from .rules import *  # noqa: F403
from .rules import __all__ as _rules_all

__version__ = "0.1.0"
__all__ = list(_rules_all)
