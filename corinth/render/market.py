"""The market drawn with matplotlib, for notebooks and scripts: the same colours and pictures as the
boards and the SVG export (``palette``).

matplotlib is imported only when a market is drawn: the drawing layer imports without it. The
market's graph is the rules' model (``corinth.rules.market``), which imports networkx only when a
graph is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from corinth.rules import GameState
from corinth.rules.geometry import SIZE
from corinth.rules.market import market_graph, steward_route

from . import palette

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx
    from matplotlib.axes import Axes


def draw_market(
    graph_or_state: nx.Graph | GameState, player: int = 0, ax: Axes | None = None, path=None
) -> Axes:
    """Draw the market with matplotlib: cells with their labels, circled cells ringed, used cells
    greyed, the steward's position, and a path as arrows.

    ``graph_or_state`` is a graph from ``market_graph`` (``corinth.rules.market``) or a ``GameState``;
    for a state, ``player``'s sheet is drawn and ``path`` defaults to the steward's whole route so far
    (``steward_route``).
    ``path`` is a list of cells; for a graph it is drawn from the steward's cell unless it starts there.
    matplotlib is imported here only. Returns the Axes.

    >>> from corinth.rules import new_game
    >>> ax = draw_market(new_game(players=2, seed=1), player=0)  # doctest: +SKIP
    """
    import matplotlib.pyplot as plt  # lazy: the drawing layer imports without plotting packages

    if isinstance(graph_or_state, GameState):
        graph = market_graph(graph_or_state.sheet, graph_or_state.players[player])
        if path is None:
            path = steward_route(graph_or_state, player)
    else:
        graph = graph_or_state
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 5))
    for _n, d in graph.nodes(data=True):
        x, y = d["col"], -d["row"]
        used = d["used"] and not d["circled"]
        kind = d["kind"]
        face = palette.USED if used else palette.fill(kind)
        ax.add_patch(
            plt.Rectangle((x - 0.45, y - 0.45), 0.9, 0.9, fc=face, ec=palette.base(kind), lw=1)
        )
        # The kind's picture in the cell's top-left corner (y flips: the pictures are drawn y-down).
        pts = palette.picture_points(kind, 0, 0, 0.22)
        corners = [(x - 0.42 + pts[i], y + 0.42 - pts[i + 1]) for i in range(0, len(pts), 2)]
        ax.add_patch(
            plt.Polygon(
                corners,
                fc=palette.base(kind),
                ec=palette.ink(kind),
                lw=0.5,
                alpha=0.5 if used else 1,
            )
        )
        ink = palette.TEXT if used else palette.ink(kind)
        ax.text(
            x,
            y - 0.08,
            d["label"].replace(" ", "\n"),
            ha="center",
            va="center",
            fontsize=7,
            color=ink,
        )
        if d["circled"]:
            ax.add_patch(plt.Circle((x, y), 0.38, fill=False, ec=palette.SELECTED, lw=2))
    s = graph.graph.get("steward")
    if s is not None:
        d = graph.nodes[s]
        ax.plot(d["col"], -d["row"] + 0.3, marker="v", color="black", markersize=9)
    if path:
        cells = list(path)
        if s is not None and cells[0] != s and cells[0] in graph.neighbors(s):
            cells = [s, *cells]
        for a, b in zip(cells, cells[1:]):
            da, db = graph.nodes[a], graph.nodes[b]
            ax.annotate(
                "",
                xy=(db["col"], -db["row"]),
                xytext=(da["col"], -da["row"]),
                arrowprops={"arrowstyle": "->", "color": palette.PATH, "lw": 2},
            )
    ax.set_xlim(-0.6, SIZE - 0.4)
    ax.set_ylim(-SIZE + 0.4, 0.6)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax
