"""The ``lookahead`` bot: plays the top move of the ``expected`` ranking under a time budget.

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
>>> LookaheadBot(seed=1, budget=None, max_rollouts=4).choose(s) in s.legal_moves()
True
"""

from __future__ import annotations

from corinth.rules import GameState, Move

from .bots import Bot
from .exact import OPPONENT_MODELS, turns_left
from .rank import RankOptions, rank_moves

DEFAULT_BUDGET = 0.05  # seconds per decision: the setting whose strength README.md reports


class LookaheadBot(Bot):
    """Monte Carlo lookahead: ranks the moves by expected final score (``rank_moves(state,
    "expected")``, greedy rollouts, common random numbers, racing) within ``budget`` seconds per
    decision, and plays the best. Only ``max_candidates`` candidates are rolled out (the best by
    immediate value, then the best of a different kind: another harbor group, or a steward move
    instead of the district's own action; see ``rank._screen``), each at least once even past the
    budget. A forced move is played at once. Seeded: with
    ``budget=None`` its play depends only on the seed and the state.
    """

    name = "lookahead"

    def __init__(
        self,
        seed: int = 0,
        budget: float | None = DEFAULT_BUDGET,
        opponents: str = "greedy",
        max_rollouts: int = 64,
        max_candidates: int = 2,
    ):
        self.seed = seed
        self.budget = budget
        self.opponents = opponents
        self.max_rollouts = max_rollouts
        self.max_candidates = max_candidates

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        options = RankOptions(
            seed=self.seed * 7919 + state.move_count,
            budget=self.budget,
            rollout_bot=self.opponents,
            # near the end the exact ranking's model: the same bot where it is one
            model=self.opponents if self.opponents in OPPONENT_MODELS else "greedy",
            top=1,
            max_rollouts=self.max_rollouts,
            max_candidates=self.max_candidates,
            full_first_round=True,
            # exact takes milliseconds on a last turn but up to seconds with 2 turns left: only
            # within a budget of a second or more (or none) is it used that early
            exact=self.budget is None or self.budget >= 1.0 or turns_left(state) <= 1,
        )
        ranked = rank_moves(state, "expected", options)
        return ranked[0].move

    def __repr__(self) -> str:
        return f"LookaheadBot(seed={self.seed}, budget={self.budget})"
