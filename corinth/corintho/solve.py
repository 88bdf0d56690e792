"""Corintho solved exactly near the end, for 2 players: every legal move ranked "win in N", "loss in N"
or "unknown within the search's depth", by a depth-limited negamax with a transposition table and
the 8 symmetries of the square board.

Rules chosen where the text is silent (RULES.md, E1, E2): a player with no legal move loses (they
cannot answer; the other player's last move stands); a position met again on the line of play is a
draw (repetition), which the search reports as "draw" when it proves nothing better for either side.

>>> from corinth.corintho import new_game
>>> game = new_game(2)
>>> for move in ["column a1", "base d4", "column b1", "base d3"]:
...     game = game.apply(move)
>>> [(str(r.move), r.words()) for r in rank_moves(game, depth=2) if r.outcome == "loss"]
[('base d2', 'loses in 2 moves'), ('column c1', 'loses in 2 moves')]
>>> best = rank_moves(game.apply("column c1"), depth=1)[0]  # player 2 extends the line to four
>>> str(best.move), best.words()
('column d1', 'wins in 1 move')
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import SIZE, Game, Place, Shift

WIN, DRAW, LOSS = 1, 0, -1


def _transforms() -> list[tuple[int, ...]]:
    """The 8 symmetries of the square, each as the new index of every cell."""
    out = []
    for k in range(8):
        perm = []
        for i in range(SIZE * SIZE):
            r, c = divmod(i, SIZE)
            for _ in range(k % 4):  # rotate a quarter turn k times
                r, c = c, SIZE - 1 - r
            if k >= 4:  # then mirror
                c = SIZE - 1 - c
            perm.append(r * SIZE + c)
        out.append(tuple(perm))
    return out


SYMMETRIES = _transforms()


def key(game: Game) -> tuple:
    """The position as the search memoizes it: the same for any of the 8 symmetric boards, frozen
    stacks as turns left to wait, and the claim as its cells (turn numbers themselves drop out)."""
    best = None
    for perm in SYMMETRIES:
        board = [()] * (SIZE * SIZE)
        for i, stack in enumerate(game.board):
            board[perm[i]] = stack
        frozen = tuple(sorted((perm[c], t - game.turn) for c, t in game.frozen if t > game.turn))
        claim = None
        if game.claim is not None:
            claim = (
                (game.claim[0] - game.turn) % game.players,
                tuple(sorted(perm[c] for c in game.claim[1])),
            )
        hands = game.hands[game.current_player :] + game.hands[: game.current_player]
        candidate = (tuple(board), hands, frozen, claim)
        if best is None or candidate < best:
            best = candidate
    return best


@dataclass(frozen=True)
class Ranked:
    """One move and what it leads to for the player making it: ``win``, ``loss``, ``draw`` or
    ``unknown`` (not proven within the depth), in ``plies`` moves of both players (0 if unknown)."""

    move: Place | Shift
    outcome: str
    plies: int

    def words(self) -> str:
        """'wins in 3 moves', 'loses in 2 moves', 'draws', 'not solved within the search'."""
        if self.outcome == "win":
            return f"wins in {self.plies} move{'s' if self.plies != 1 else ''}"
        if self.outcome == "loss":
            return f"loses in {self.plies} move{'s' if self.plies != 1 else ''}"
        return "draws" if self.outcome == "draw" else "not solved within the search"


class Solver:
    """Negamax over the player to move's result: (value, plies) with value WIN/DRAW/LOSS or None."""

    def __init__(self, depth: int):
        self.depth = depth
        self.table: dict[tuple, tuple[int | None, int, int]] = {}  # key -> (value, plies, depth)
        self.positions = 0

    def value(self, game: Game, depth: int, path: frozenset) -> tuple[int | None, int]:
        """The result for the player to move, or (None, 0) when not proven within ``depth``."""
        if game.is_over:  # the player who just moved (or the claimant) won: the mover here lost
            return (WIN if game.winner == game.current_player else LOSS), 0
        k = key(game)
        if k in path:
            return DRAW, 0  # repetition (E2)
        hit = self.table.get(k)
        if hit is not None and (hit[0] is not None or hit[2] >= depth):
            return hit[0], hit[1]
        if depth == 0:
            return None, 0
        self.positions += 1
        moves = game.legal_moves()
        if not moves:
            result = (LOSS, 0)  # no legal move (E1)
        else:
            result = self._best(game, moves, depth, path | {k})
        self.table[k] = (result[0], result[1], depth)
        return result

    def _best(self, game: Game, moves: list, depth: int, path: frozenset) -> tuple[int | None, int]:
        best: tuple[int | None, int] | None = None
        unknown = False
        for move in moves:
            v, plies = self.value(game.apply(move), depth - 1, path)
            if v is None:
                unknown = True
                continue
            mine = (-v, plies + 1)
            if mine[0] == WIN:  # a win: the quickest
                if best is None or best[0] != WIN or mine[1] < best[1]:
                    best = mine
                if mine[1] == 1:
                    break
            elif (
                best is None
                or mine[0] > best[0]
                or (mine[0] == best[0] == LOSS and mine[1] > best[1])
            ):
                best = mine  # no win: a draw, else the longest defence
        if best is not None and best[0] == WIN:
            return best
        if unknown:
            return None, 0  # an unproven move might still win
        return best


def rank_moves(game: Game, depth: int = 4) -> list[Ranked]:
    """Every legal move of a 2-player position, best first: quickest wins, then draws, unknowns, and
    the longest defences. ``depth`` counts the moves of both players searched."""
    if game.players != 2:
        raise ValueError("the exact search is for 2-player games")
    solver = Solver(depth)
    ranked = []
    for move in game.legal_moves():
        v, plies = solver.value(game.apply(move), depth - 1, frozenset({key(game)}))
        if v is None:
            ranked.append(Ranked(move, "unknown", 0))
        else:
            outcome = {WIN: "loss", LOSS: "win", DRAW: "draw"}[v]  # the opponent's result, turned
            ranked.append(Ranked(move, outcome, plies + 1 if outcome != "draw" else 0))
    order = {"win": 0, "draw": 1, "unknown": 2, "loss": 3}
    ranked.sort(key=lambda r: (order[r.outcome], r.plies if r.outcome == "win" else -r.plies))
    return ranked
