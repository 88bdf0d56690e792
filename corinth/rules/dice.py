"""Dice, the harbor's sorting rule (R4) and the roll as an explicit chance node (R3).

A roll is kept as counts of dice per face, white and yellow apart (yellow dice leave the harbor after the
first player's turn, R6). Its probability is exact: a multinomial count over ``6 ** dice``.

>>> harbor = sort_harbor((2, 1, 1, 2, 0, 3), (0, 0, 0, 0, 0, 0))  # 1,1,3,4,4,6,6,6,2
>>> [str(g) if g else "-" for g in harbor]
['1×2', '2×1', '3×1', '4×2', '-', '6×3']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial

import numpy as np

from .sheet import HARBOR

WHITE_DICE = 9  # C1
MAX_YELLOW = 3  # C1, R2
FACES = 6


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """The dice of one harbor district: all show ``face``; some may be yellow (R4)."""

    face: int
    white: int
    yellow: int = 0

    @property
    def size(self) -> int:
        """Number of dice in the group (what A1–A3 count)."""
        return self.white + self.yellow

    def without_yellow(self) -> DiceGroup | None:
        """The group once yellow dice leave the harbor (R6); None if it was only yellow."""
        return DiceGroup(self.face, self.white, 0) if self.white else None

    def __str__(self) -> str:
        return f"{self.face}×{self.size}"


def counts_of(values: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Dice values (1–6) to counts per face."""
    out = [0] * FACES
    for v in values:
        out[v - 1] += 1
    return tuple(out)


def values_of(counts: tuple[int, ...]) -> list[int]:
    """Counts per face back to sorted dice values."""
    return [face + 1 for face, n in enumerate(counts) for _ in range(n)]


def sort_harbor(white: tuple[int, ...], yellow: tuple[int, ...]) -> tuple[DiceGroup | None, ...]:
    """Place a roll on the six districts (R4): the highest value on Gold, the rest ascending from Goats.

    Returns one entry per district of ``HARBOR`` (Goats … Gold), None where the district stays empty.
    """
    faces = [f for f in range(FACES) if white[f] + yellow[f]]
    harbor: list[DiceGroup | None] = [None] * len(HARBOR)
    if not faces:
        return tuple(harbor)
    top = faces[-1]
    harbor[-1] = _group(top + 1, white[top], yellow[top])
    for slot, f in enumerate(faces[:-1]):
        harbor[slot] = _group(f + 1, white[f], yellow[f])
    return tuple(harbor)


@cache
def _group(face: int, white: int, yellow: int) -> DiceGroup:
    """One shared group per face and dice (groups are immutable): solvers sort many rolls."""
    return DiceGroup(face, white, yellow)


def all_same(white: tuple[int, ...], yellow: tuple[int, ...]) -> bool:
    """True when every rolled die shows one value (R5).

    >>> all_same((0, 0, 9, 0, 0, 0), (0, 0, 2, 0, 0, 0)), all_same((0, 0, 9, 0, 0, 0), (1, 0, 0, 0, 0, 0))
    (True, False)
    """
    w, y = sum(white), sum(yellow)
    if w:  # one face holds every white die, and every yellow one too (asked of every roll a solver sums)
        return w in white and yellow[white.index(w)] == y
    return y > 0 and y in yellow


@cache
def compositions(n: int, parts: int = FACES) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``n`` dice over the faces, as counts per face."""
    if parts == 1:
        return ((n,),)
    return tuple((k,) + rest for k in range(n, -1, -1) for rest in compositions(n - k, parts - 1))


def multinomial(counts: tuple[int, ...]) -> int:
    """Number of ordered dice sequences that give these counts."""
    out = factorial(sum(counts))
    for k in counts:
        out //= factorial(k)
    return out


@dataclass(frozen=True, slots=True)
class ChanceOutcome:
    """One outcome of a roll with its exact probability."""

    white: tuple[int, ...]
    yellow: tuple[int, ...]
    probability: Fraction


def roll_outcomes(yellow_dice: int) -> Iterator[ChanceOutcome]:
    """Every distinct roll of 9 white and ``yellow_dice`` yellow dice, with exact probabilities.

    >>> outcomes = list(roll_outcomes(0))
    >>> len(outcomes), sum(o.probability for o in outcomes)
    (2002, Fraction(1, 1))
    """
    total = FACES ** (WHITE_DICE + yellow_dice)
    for w in compositions(WHITE_DICE):
        mw = multinomial(w)
        for y in compositions(yellow_dice):
            yield ChanceOutcome(w, y, Fraction(mw * multinomial(y), total))


def sample_roll(
    rng: np.random.Generator, yellow_dice: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Roll the dice with a seeded generator; returns (white counts, yellow counts)."""
    dice = rng.integers(1, FACES + 1, size=WHITE_DICE + yellow_dice).tolist()
    # Counted in Python: a dozen dice are counted faster so than by numpy's bincount and int().
    white, yellow = [0] * FACES, [0] * FACES
    for face in dice[:WHITE_DICE]:
        white[face - 1] += 1
    for face in dice[WHITE_DICE:]:
        yellow[face - 1] += 1
    return tuple(white), tuple(yellow)
