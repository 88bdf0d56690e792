"""The market's geometry, in one place: its cells, their names, their neighbours and what a steward
can still reach (A4b, A4c).

Cells are numbered ``row * 5 + column`` from the top left; the notation names them ``r1c2`` (row 1,
column 2). Sets of cells are bitmasks (bit ``i`` for cell ``i``).

>>> cell_name(7), cell_index("r1c2"), neighbours(12)
('r1c2', 7, (7, 17, 11, 13))
>>> cell_name(CENTRE), [cell_name(c) for c in CORNERS]
('r2c2', ['r0c0', 'r0c4', 'r4c0', 'r4c4'])
>>> layers = distance_layers(12, 1 << 12)
>>> [bin(m).count("1") for m in layers]  # cells 1, 2, 3 and 4 steps away on an empty market
[4, 8, 8, 4]
"""

from __future__ import annotations

import functools
import re

from corinth.shared.language import _

from .errors import InvalidNotation

SIZE = 5  # rows and columns
CELLS = SIZE * SIZE
CENTRE = CELLS // 2
CORNERS = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)  # top left, top right, bottom left, bottom right
_NAME = re.compile(r"^r([0-4])c([0-4])$")


def cell_name(index: int) -> str:
    """The cell's name in move notation: ``7`` → ``r1c2``."""
    return f"r{index // SIZE}c{index % SIZE}"


def cell_place(index: int) -> str:
    """Where a cell is, in a learner's words (rows and columns counted from 1, top left):
    ``7`` → ``row 2, column 3``. Move notation keeps ``cell_name``.

    >>> cell_place(7)
    'row 2, column 3'
    """
    row, column = divmod(index, SIZE)
    return _("row {row}, column {column}").format(row=row + 1, column=column + 1)


def cell_index(name: str) -> int:
    """``r1c2`` → 7; a clear error for anything else."""
    m = _NAME.match(name)
    if not m:
        raise InvalidNotation(
            _("{name} is not a market cell (write rRcC, rows and columns 0 to {last})").format(
                name=repr(name), last=SIZE - 1
            )
        )
    return int(m.group(1)) * SIZE + int(m.group(2))


def row_col(index: int) -> tuple[int, int]:
    """(row, column) of a cell."""
    return divmod(index, SIZE)


def _neighbours(index: int) -> tuple[int, ...]:
    r, c = divmod(index, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            out.append(rr * SIZE + cc)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in range(CELLS))  # up, down, left, right (A4b)
NEIGHBOUR_MASKS = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)


def neighbours(index: int) -> tuple[int, ...]:
    """The orthogonally adjacent cells (A4b): up, down, left, right, as the grid allows."""
    return NEIGHBOURS[index]


def cells_of(mask: int) -> list[int]:
    """The cells of a bitmask, ascending.

    >>> cells_of(0b1010)
    [1, 3]
    """
    return [i for i in range(CELLS) if mask >> i & 1]


def distance_layers(start: int, used: int) -> list[int]:
    """The flood fill from ``start`` through cells not ``used`` (A4c): ``result[k]`` is the mask of
    the cells whose fewest steps from ``start`` is ``k + 1``. The one flood fill of the project:
    reach and distances both read it.
    """
    layers = []
    seen = 1 << start
    frontier = 1 << start
    while frontier:
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= NEIGHBOUR_MASKS[low.bit_length() - 1]
            f ^= low
        frontier = nxt & ~used & ~seen
        if frontier:
            layers.append(frontier)
            seen |= frontier
    return layers


@functools.lru_cache(maxsize=65536)  # asked again for every move explained from one position
def reachable_mask(start: int, used: int) -> int:
    """Cells some later steward path can still reach: the free cells connected to ``start`` (A4c).

    A simple path exists to every cell of the connected free region, so this is exact.

    >>> bin(reachable_mask(12, 1 << 12)).count("1")
    24
    """
    out = 0
    for layer in distance_layers(start, used):
        out |= layer
    return out


def distances(start: int, used: int) -> dict[int, int]:
    """Fewest steward steps from ``start`` to each cell it can reach (A4b, A4c).

    >>> distances(12, 1 << 12)[0]
    4
    """
    return {
        c: k for k, layer in enumerate(distance_layers(start, used), 1) for c in cells_of(layer)
    }
