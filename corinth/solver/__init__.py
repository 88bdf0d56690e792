"""The solver: bots, the market graph, move rankings and the route planner. No Jupyter import, and no
drawing (``corinth.render`` draws).

>>> from corinth.solver import rank_moves, RankedMove, best_route, market_graph
"""

from .bots import GreedyBot, RandomBot, play_game
from .lookahead import LookaheadBot
from .market import (
    legal_steward_paths,
    market_graph,
    nx_steward_path_buckets,
    nx_steward_paths,
    reachable_cells,
    reachable_mask,
    steward_route,
)
from .rank import RankedMove, RankOptions, rank_moves
from .route import Route, RouteTooLarge, best_route
from .seats import BOTS, make_bot
from .value import apply_key, best_move_now, move_key

__all__ = [
    "BOTS",
    "GreedyBot",
    "LookaheadBot",
    "RandomBot",
    "apply_key",
    "best_move_now",
    "move_key",
    "RankedMove",
    "RankOptions",
    "Route",
    "RouteTooLarge",
    "best_route",
    "legal_steward_paths",
    "make_bot",
    "market_graph",
    "nx_steward_path_buckets",
    "nx_steward_paths",
    "play_game",
    "rank_moves",
    "reachable_cells",
    "reachable_mask",
    "steward_route",
]
