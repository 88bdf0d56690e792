"""The market as a graph (A4b, M1–M7): cells are nodes carrying their effect, steps are edges.

A model of the market, not a search: it lives with the rules, so that the solver (which walks it)
and the drawing (``corinth.render.draw_market``) both import it at the top of their modules.
``corinth.solver.market`` re-exports it under its old name. networkx is the model and the teaching
tool; the engine's ``steward_paths`` is the fast enumeration and ``nx_steward_paths`` is the plain
networkx baseline it is checked against.

>>> from corinth.rules import default_sheet
>>> g = market_graph(default_sheet())
>>> g.number_of_nodes(), g.number_of_edges()
(25, 40)
>>> g.nodes[7]["label"], sorted(g.neighbors(12))
('purple ×2', [7, 11, 13, 17])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import CELLS, cells_of, reachable_mask, row_col
from .moves import Compensate, Take
from .sheet import Market, Sheet
from .state import GameState, PlayerState, new_game, steward_paths

if TYPE_CHECKING:
    import networkx as nx

# networkx is imported by the functions that build or walk a graph, not with this module: every
# kernel of a lesson imports the solver and the drawing, and networkx was 40% of the time
# ``import corinth.ui`` took.


def market_graph(sheet: Sheet, player_state: PlayerState | None = None) -> nx.Graph:
    """The market grid as an undirected graph with orthogonal adjacency (A4b).

    Every node is a cell index (``row * 5 + col``) with attributes ``kind``, ``amount``, ``label``,
    ``name`` (``r1c2``), ``row``, ``col``, and, for a player's sheet, ``circled``, ``used`` and
    ``steward`` (the cell the steward stands on). The graph's ``steward`` attribute holds that cell too.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1)
    >>> g = market_graph(state.sheet, state.players[0])
    >>> g.nodes[12]["used"], g.nodes[12]["circled"], g.graph["steward"]
    (True, False, 12)
    """
    import networkx as nx

    g = nx.Graph(sheet=sheet.name)
    market = sheet.market
    for i, cell in enumerate(market.cells):
        r, c = row_col(i)
        g.add_node(
            i,
            kind=cell.kind,
            amount=cell.amount,
            label=cell.label(),
            name=Market.name(i),
            row=r,
            col=c,
            circled=bool(player_state and player_state.circled >> i & 1),
            used=bool(player_state.used >> i & 1) if player_state else i == market.centre,
            steward=(player_state.steward if player_state else market.centre) == i,
        )
    for i in range(CELLS):
        for j in Market.neighbours(i):
            if i < j:
                g.add_edge(i, j)
    g.graph["steward"] = player_state.steward if player_state else market.centre
    return g


def _start_and_used(market_state) -> tuple[int, int]:
    """(steward cell, used mask) from a PlayerState, a graph from ``market_graph`` or a pair."""
    if isinstance(market_state, PlayerState):
        return market_state.steward, market_state.used
    if hasattr(market_state, "nodes"):  # a networkx graph
        used = sum(1 << n for n, d in market_state.nodes(data=True) if d.get("used"))
        return market_state.graph["steward"], used
    start, used = market_state
    return start, used


def legal_steward_paths(market_state, steps: int) -> list[tuple[int, ...]]:
    """Every legal steward path of exactly ``steps`` steps (A4b, A4c), whole paths, ascending.

    ``market_state`` is a PlayerState, a graph from ``market_graph`` or a ``(steward, used_mask)`` pair.
    Uses the engine's fast enumeration.

    >>> legal_steward_paths((12, 1 << 12), 2)[:3]
    [(7, 2), (7, 6), (7, 8)]
    """
    start, used = _start_and_used(market_state)
    if steps < 1:
        return []
    buckets = steward_paths(start, used, steps)
    return buckets[steps] if steps < len(buckets) else []


def nx_steward_path_buckets(
    graph: nx.Graph, start: int, used: int, longest: int
) -> list[list[tuple[int, ...]]]:
    """The baseline: every path of 1 to ``longest`` steps through ``networkx.all_simple_paths`` on the
    free cells, bucketed by length like the engine's ``steward_paths``.

    >>> from corinth.rules import default_sheet
    >>> [len(b) for b in nx_steward_path_buckets(market_graph(default_sheet()), 12, 1 << 12, 3)]
    [0, 4, 12, 32]
    """
    longest = max(0, min(longest, CELLS - 1))
    out: list[list[tuple[int, ...]]] = [[] for _ in range(longest + 1)]
    free = [n for n in graph.nodes if n == start or not used >> n & 1]
    targets = [n for n in free if n != start]
    if longest < 1 or not targets:
        return out
    import networkx as nx

    for p in nx.all_simple_paths(graph.subgraph(free), start, targets, cutoff=longest):
        out[len(p) - 1].append(tuple(p[1:]))
    for bucket in out:
        bucket.sort()
    return out


def nx_steward_paths(graph: nx.Graph, start: int, used: int, steps: int) -> list[tuple[int, ...]]:
    """The baseline for one step count: the paths of exactly ``steps`` steps, ascending.

    >>> from corinth.rules import default_sheet
    >>> g = market_graph(default_sheet())
    >>> nx_steward_paths(g, 12, 1 << 12, 2) == legal_steward_paths((12, 1 << 12), 2)
    True
    """
    if steps < 1:
        return []
    return nx_steward_path_buckets(graph, start, used, steps)[min(steps, CELLS - 1)]


def reachable_cells(player_state: PlayerState) -> list[int]:
    """The cells a future steward move of this player can still reach, ascending.

    >>> from corinth.rules import new_game
    >>> len(reachable_cells(new_game(players=2, seed=1).players[0]))
    24
    """
    mask = reachable_mask(player_state.steward, player_state.used)
    return cells_of(mask)


def steward_route(state: GameState, player: int) -> list[int]:
    """Every cell ``player``'s steward has entered so far, in order, from the centre (replays the game).

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    >>> steward_route(s.apply("green steward r1c2,r0c2"), 0)
    [12, 7, 2]
    """
    replay = new_game(
        players=state.num_players,
        seed=state.seed,
        first_player=state.start_player,
        sheet=state.sheet,
        variants=state.variants,
    )
    route = [state.sheet.market.centre]
    for move in state.history:
        if replay.current_player == player and isinstance(move, Take | Compensate):
            route.extend(move.path)
        replay = replay.apply(move)
    return route
