"""Every bot a seat can be given by name: the rollout bots of ``bots`` and the ``lookahead`` bot.

Kept apart from ``bots`` because the lookahead bot ranks moves with ``rank``, whose rollouts are
played by the bots of ``bots``: the arrows go seats → lookahead → rank → bots, never back.

>>> make_bot("lookahead", seed=3).name
'lookahead'
>>> sorted(BOTS)
['greedy', 'lookahead', 'random']
"""

from __future__ import annotations

from collections.abc import Callable

from corinth.shared.language import _

from .bots import ROLLOUT_BOTS, Bot
from .lookahead import LookaheadBot

BOTS: dict[str, Callable[[int], Bot]] = {
    **ROLLOUT_BOTS,
    "lookahead": lambda seed: LookaheadBot(seed),
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``corinth simulate --bot NAME``).

    >>> make_bot("cheater")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'cheater'; bots: greedy, lookahead, random
    """
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(
            _("unknown bot {name}; bots: {bots}").format(
                name=repr(name), bots=", ".join(sorted(BOTS))
            )
        ) from None
