"""The market as a graph, under its old name: the model lives in ``corinth.rules.market``, where the
drawing can import it too; the solver's modules and older scripts import it from here.

>>> from corinth.rules import default_sheet
>>> market_graph(default_sheet()).number_of_nodes()
25
"""

from corinth.rules.geometry import reachable_mask
from corinth.rules.market import (
    legal_steward_paths,
    market_graph,
    nx_steward_path_buckets,
    nx_steward_paths,
    reachable_cells,
    steward_route,
)

__all__ = [
    "legal_steward_paths",
    "market_graph",
    "nx_steward_path_buckets",
    "nx_steward_paths",
    "reachable_cells",
    "reachable_mask",
    "steward_route",
]
