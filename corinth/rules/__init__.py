"""The rules of Corinth: sheet, dice, state, moves and scoring. Pure Python and numpy, no Jupyter.

>>> from corinth.rules import new_game
>>> state = new_game(players=2, seed=42).apply("buy 0").apply("roll 112344666")
>>> state.groups()[0]
('goats', DiceGroup(face=1, white=2, yellow=0))
"""

from .dice import ChanceOutcome, DiceGroup, roll_outcomes, sort_harbor
from .errors import (
    CorinthError,
    IllegalMove,
    InvalidNotation,
    InvalidPuzzle,
    InvalidSheet,
    InvalidState,
    UnknownVariant,
)
from .moves import Build, Compensate, Move, Pass, Purvey, Roll, Take
from .save import from_json as game_from_json
from .save import load as load_game
from .scoring import ScoreBreakdown, score_breakdown
from .sheet import (
    BUILDINGS,
    GOODS,
    HARBOR,
    Cell,
    District,
    Market,
    Sheet,
    Shop,
    default_sheet,
    load_sheet,
)
from .state import (
    GameState,
    PlayerState,
    arrival_shops,
    deliveries,
    distinct_steward_paths,
    new_game,
    steward_cost,
    steward_paths,
    steward_steps,
)
from .variants import Variants

__all__ = [
    "BUILDINGS",
    "GOODS",
    "HARBOR",
    "Build",
    "Cell",
    "ChanceOutcome",
    "Compensate",
    "CorinthError",
    "DiceGroup",
    "District",
    "GameState",
    "IllegalMove",
    "InvalidNotation",
    "InvalidPuzzle",
    "InvalidSheet",
    "InvalidState",
    "Market",
    "Move",
    "Pass",
    "PlayerState",
    "Purvey",
    "Roll",
    "ScoreBreakdown",
    "Sheet",
    "Shop",
    "Take",
    "UnknownVariant",
    "Variants",
    "arrival_shops",
    "default_sheet",
    "deliveries",
    "distinct_steward_paths",
    "game_from_json",
    "load_game",
    "load_sheet",
    "new_game",
    "roll_outcomes",
    "score_breakdown",
    "sort_harbor",
    "steward_cost",
    "steward_paths",
    "steward_steps",
]
