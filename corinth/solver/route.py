"""The route planner: with the future face values known, the exact best steward route (A4, M1–M7).

The objective (the market's points, M6), the moves a face value allows, the bound on the search
and the tie-break between routes of equal points: see docs/solver.md.

>>> from corinth.rules import default_sheet, new_game
>>> p = new_game(players=2, seed=1).players[0]
>>> r = best_route(p, default_sheet(), gold=1, stables=False, faces=[2, 2])
>>> r.points, [str(c) for c in r.cells()]
(3, ['r1c2', 'r0c2', 'r0c1', 'r0c0'])
"""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral

from corinth.rules import (
    GameState,
    Market,
    PlayerState,
    Sheet,
    distinct_steward_paths,
    steward_cost,
    steward_steps,
)
from corinth.rules.geometry import CELLS
from corinth.shared.language import _, ngettext

MAX_EXPLORED = 1_000_000  # about 3 s and 150 MB; every real-game route needs far fewer


class RouteTooLarge(ValueError):
    """The route search would examine more than its limit of moves."""


@dataclass(frozen=True, slots=True)
class Route:
    """The best route: one path per face used, the values written on scoring spots, the market
    points they add, the gold left and how many moves the search examined."""

    paths: tuple[tuple[int, ...], ...]
    faces: tuple[int, ...]
    scores: tuple[int, ...]
    points: int
    gold_left: int
    cells_used: int
    explored: int

    def cells(self) -> list[str]:
        """Every cell entered, in order, as ``rRcC``."""
        return [Market.name(c) for path in self.paths for c in path]

    def describe(self) -> str:
        """The route in plain words.

        >>> Route(((7, 2),), (2,), (), 0, 1, 2, 4).describe()
        'Face 2: r1c2, r0c2. Market points gained: 0 (scoring spots written: none); 1 gold left; 4 moves examined.'
        """
        parts = [
            _("Face {face}: {cells}.").format(face=f, cells=", ".join(Market.name(c) for c in p))
            for f, p in zip(self.faces, self.paths)
        ]
        unused = self.faces[len(self.paths) :]
        if unused:
            parts.append(
                ngettext(
                    "No legal move is left for face(s) {faces}.",
                    "No legal move is left for face(s) {faces}.",
                    len(unused),
                ).format(faces=", ".join(map(str, unused)))
            )
        written = ", ".join(map(str, self.scores)) or _("none")
        parts.append(
            _(
                "Market points gained: {points} (scoring spots written: {written}); "
                "{gold} gold left; {explored} moves examined."
            ).format(
                points=self.points, written=written, gold=self.gold_left, explored=self.explored
            )
        )
        return " ".join(parts)

    def as_dict(self) -> dict:
        return {
            "faces": list(self.faces),
            "paths": [[Market.name(c) for c in p] for p in self.paths],
            "scores": list(self.scores),
            "points": self.points,
            "gold_left": self.gold_left,
            "cells_used": self.cells_used,
            "explored": self.explored,
        }


def _checked_faces(faces) -> tuple[int, ...]:
    """The face values to plan, as a tuple; a ValueError unless each is a whole number from 1 to 6
    and there are no more than the market's free cells."""
    faces = tuple(faces)
    if any(isinstance(f, bool) or not isinstance(f, Integral) or not 1 <= f <= 6 for f in faces):
        raise ValueError("face values are whole numbers from 1 to 6")
    faces = tuple(int(f) for f in faces)
    if len(faces) > CELLS - 1:  # every steward move uses up at least one of the 24 free cells
        raise ValueError(f"at most {CELLS - 1} faces: the market has {CELLS - 1} cells to walk")
    return faces


def best_route(
    state_or_player_state: GameState | PlayerState,
    sheet: Sheet | None = None,
    gold: int | None = None,
    stables: bool | None = None,
    faces: list[int] = (),
    max_explored: int = MAX_EXPLORED,
) -> Route:
    """The exact best market route for ``faces`` (docs/solver.md says the objective and the
    tie-break). A ``GameState`` stands for its current player's sheet; ``sheet``, ``gold`` and
    ``stables`` default to what that player has. Raises ``RouteTooLarge`` past ``max_explored``
    moves examined.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    >>> route = best_route(state, faces=[4])
    >>> route.points, route.cells()
    (1, ['r1c2', 'r0c2', 'r0c1', 'r0c0'])
    """
    if isinstance(state_or_player_state, GameState):
        state = state_or_player_state
        p = state.player()
        sheet = sheet or state.sheet
    else:
        p = state_or_player_state
    if sheet is None:
        raise ValueError("best_route needs the sheet when given a PlayerState")
    if gold is None:
        gold = p.gold
    if stables is None:
        stables = p.has("stables")
    faces = _checked_faces(faces)
    cells = sheet.market.cells
    total0 = p.circled.bit_count() + sheet.market.count(p.circled, "+1")
    memo: dict[tuple, tuple] = {}
    explored = 0
    gold0 = gold

    def solve(i: int, here: int, used: int, total: int, gold: int) -> tuple:
        # Returns (points, gold_left, -cells_used, paths, scores) of the best suffix.
        nonlocal explored
        if i == len(faces):
            return (0, gold, 0, (), ())
        key = (i, here, used, total, gold)
        hit = memo.get(key)
        if hit is not None:
            return hit
        face = faces[i]
        lo, hi = steward_steps(face, gold, stables)
        buckets = distinct_steward_paths(here, used, hi)
        best = None
        for n in range(lo, min(hi, len(buckets) - 1) + 1):
            cost = steward_cost(face, n, stables)
            for path in buckets[n]:
                explored += 1
                if explored > max_explored:
                    raise RouteTooLarge(
                        f"too many routes to search: more than {max_explored:,} moves examined for"
                        f" {len(faces)} face(s) with {gold0} gold; plan fewer faces at a time"
                    )
                end = path[-1]
                cell = cells[end]
                t = total + 1 + (cell.kind == "+1")
                g = gold - cost + (cell.amount if cell.kind == "gold" else 0)
                written = (t,) if cell.kind == "score" else ()
                mask = used
                for c in path:
                    mask |= 1 << c
                pts, gl, neg, paths, scores = solve(i + 1, end, mask, t, g)
                cand = (pts + sum(written), gl, neg - n, (path,) + paths, written + scores)
                if best is None or cand[:3] > best[:3]:
                    best = cand
        if best is None:  # A4d: no legal move for this face; the route ends
            best = (0, gold, 0, (), ())
        memo[key] = best
        return best

    pts, gl, neg, paths, scores = solve(0, p.steward, p.used, total0, gold)
    return Route(paths, faces, scores, pts, gl, -neg, explored)
