"""The figures every game's bots and benchmarks report: a win rate's 95% interval."""

from __future__ import annotations

import math


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate of ``wins`` in ``games`` (a shared win counts its
    share).

    >>> lo, hi = wilson(500, 1000)
    >>> round(lo, 3), round(hi, 3)
    (0.469, 0.531)
    >>> [round(x, 3) for x in wilson(10, 20)]
    [0.299, 0.701]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)
