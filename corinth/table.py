"""The game in progress: a game being played at a table of human and bot seats, without Jupyter.

A ``Table`` owns the state, the seats, the bots' turns, undo and the move log (each move's line made
once, when it is played); ``GameApp`` draws one in a notebook and ``corinth play`` in a terminal.

>>> table = Table(players=2, seed=3, bots="greedy")
>>> for state in table.bots_play():  # the bots (and the dice) play until you decide
...     pass
>>> table.state.current_player == table.human
True
>>> after = table.play(table.state.legal_moves()[0])
>>> table.log[-1].words.startswith("You ")
True
>>> table.undo(), len(table.log) == len(table.state.history)
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from corinth.rules import GameState, IllegalMove, Move, Roll, Variants, new_game
from corinth.rules.moves import values_of
from corinth.rules.text import PHASE_WORDS
from corinth.solver.bots import Bot
from corinth.solver.exact import EXACT_BUDGET, OutOfReach, in_reach, robust_best
from corinth.solver.rank import RankedMove, rank_moves
from corinth.solver.seats import make_bot


@dataclass(frozen=True, slots=True)
class LogLine:
    """One move of the log: its number (from 1), who played it (None: the dice), what happened in
    words from that player's side ("You took …" for the human), and its notation."""

    number: int
    player: int | None
    words: str
    notation: str


@dataclass(frozen=True)
class Hint:
    """The human's moves ranked by the solver (best first), and the ranking used: ``exact`` wherever
    the end is in its reach, whatever was asked. No moves: ``why_none`` says why (no decision of the
    human's to rank)."""

    moves: list[RankedMove]
    objective: str
    why_none: str = ""
    opponents: str = "greedy"  # the model of the other players (exact only)
    robust: Move | None = None  # best against greedy, cautious and random others alike (exact only)
    note: str = ""  # what was asked and could not be answered, and what answers instead


class NotYourTurn(IllegalMove):
    """The human played while a bot or the dice were to play, or after the end (R6)."""


class Table:
    """A game being played: one human seat (``human``, from 0) and a bot in every other seat.

    ``bots`` is one bot name for every bot seat or one name per bot seat, in seat order (``random``,
    ``greedy``, ``lookahead``). The bots play when asked (``bots_play``), one state at a time, so a
    view can show each of their moves. ``play`` takes the human's move and keeps an undo point.
    """

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        human: int = 0,
        bots: str | Sequence[str] = "greedy",
        state: GameState | None = None,
        first_player: int | None = None,
        variants: Variants | str | Iterable[str] | None = None,
    ):
        if state is None:
            state = new_game(players, seed, first_player, variants=Variants.of(variants))
        players = state.num_players
        if not isinstance(human, int) or not 0 <= human < players:
            raise ValueError(f"human is a player number from 0 to {players - 1}")
        self.human = human
        names = [bots] * players if isinstance(bots, str) else list(bots)
        others = [i for i in range(players) if i != human]
        if len(names) == len(others):  # one name per bot
            names = [None if i == human else names[others.index(i)] for i in range(players)]
        if len(names) != players:
            raise ValueError(f"give one bot name, or one for each of the {len(others)} bot seats")
        self.bot_names = {i: names[i] for i in others}
        self.bots: dict[int, Bot] = {i: make_bot(names[i], state.seed + i) for i in others}
        self._undo: list[GameState] = []
        self._state = state
        self.log: list[LogLine] = []
        self._replay(state)

    # --- the game -------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game as it stands."""
        return self._state

    @property
    def seed(self) -> int:
        return self._state.seed

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def _apply(self, move: Move | str) -> GameState:
        state = self._state
        after = state.apply(move)  # raises IllegalMove, the state untouched
        self.log.append(self._line(state, after.history[-1]))  # the canonical move, parsed
        self._state = after
        return after

    def _replay(self, state: GameState) -> None:
        """The log of a game loaded with its moves: one replay, from its seed, under its variants."""
        self._state = new_game(
            state.num_players, state.seed, state.start_player, state.sheet, state.variants
        )
        self.log = []
        for move in state.history:
            self._apply(move)

    def _line(self, state: GameState, move: Move) -> LogLine:
        number = len(self.log) + 1
        if isinstance(move, Roll):
            faces = " ".join(map(str, values_of(move.white)))
            if sum(move.yellow):
                faces += " / " + " ".join(map(str, values_of(move.yellow)))
            words = f"Player {state.first_player + 1} rolled {faces}."
            return LogLine(number, None, words, str(move))
        who = state.current_player
        name = "You" if who == self.human else self.player_name(who)
        return LogLine(number, who, f"{name} {past_tense(move.describe(state))}", str(move))

    def play(self, move: Move | str) -> GameState:
        """The human's move (a ``Move`` or its notation), with an undo point; the bots do not answer
        until ``bots_play``. Raises ``NotYourTurn`` or the engine's ``IllegalMove``."""
        state = self._state
        if state.is_over or state.is_chance or state.current_player != self.human:
            raise NotYourTurn("R6", "it is not your turn")
        self._apply(move)
        self._undo.append(state)
        return self._state

    def bots_play(self, one_turn: bool = False) -> Iterator[GameState]:
        """Roll and let the bots play until the human decides (or the game ends), yielding the state
        after each bot move; with ``one_turn``, only the bot to play finishes its turn. The dice come
        from the game's seed, and the human's own roll is rolled too, so a decision is left."""
        who = self._state.current_player
        while not self._state.is_over:
            state = self._state
            if one_turn and state.current_player != who:
                break
            if state.is_chance:
                self._apply(state.sample_roll())
                continue
            if state.current_player == self.human:
                return
            yield self._apply(self.bots[state.current_player].choose(state))
        self.roll_for_human()

    def roll_for_human(self) -> None:
        """Roll when the dice are the human's to roll (or fall before the human's decision)."""
        while (
            not self._state.is_over
            and self._state.is_chance
            and self.human in (self._state.current_player, self._state.first_player)
        ):
            self._apply(self._state.sample_roll())

    def undo(self) -> bool:
        """Back to before the human's last move (the bots' answers are taken back too)."""
        if not self._undo:
            return False
        state = self._undo.pop()
        self.log = self.log[: len(state.history)]
        self._state = state
        return True

    def restart(self, variants: Variants | str | Iterable[str] | None = None) -> None:
        """The same game again from its seed, under ``variants`` (default: the game's own)."""
        s = self._state
        variants = s.variants if variants is None else Variants.of(variants)
        self._undo.clear()
        self._state = new_game(s.num_players, s.seed, s.start_player, s.sheet, variants=variants)
        self.log = []

    def hint(self, objective: str = "immediate", top: int = 10, opponents: str = "greedy") -> Hint:
        """Rank the human's legal moves by ``objective`` (``immediate`` or ``expected``; ``exact``
        near the end, against the others as ``opponents`` models them: ``greedy``, ``cautious`` or
        ``random``, and then saying which move is best whatever they do; ``win``: the exact chance
        to win, near the end only, else the expected final score and a note saying so). Rolls
        first when the human's dice are to roll.

        >>> table = Table(players=2, seed=3, bots="greedy")
        >>> for _ in table.bots_play():
        ...     pass
        >>> hint = table.hint("immediate", top=2)
        >>> hint.objective, len(hint.moves)
        ('immediate', 2)
        """
        self.roll_for_human()
        state = self._state
        if state.is_over:
            return Hint([], objective, "The game is over: there is no move left to rank.")
        if state.current_player != self.human or state.is_chance:
            return Hint([], objective, "It is a bot's turn: no decision of yours to rank now.")
        note, top = "", max(1, top)
        exact = in_reach(state)
        if objective == "win":
            if exact:
                try:
                    ranked = rank_moves(
                        state,
                        "exact",
                        top=top,
                        opponents=opponents,
                        goal="win",
                        exact_budget=EXACT_BUDGET,
                    )
                    return Hint(ranked, "win", opponents=opponents)
                except OutOfReach:
                    note = (
                        "Your chance to win takes too long to count here (too many rolls still "
                        "to come): ranked by expected final score instead."
                    )
            else:
                note = (
                    "Your chance to win is counted exactly in your last 2 turns only, where it "
                    "takes little work: ranked by expected final score (estimated) instead."
                )
            objective = "expected"
        if not exact:
            ranked = rank_moves(state, objective, seed=self.seed, top=top)
            return Hint(ranked, objective, note=note)
        ranked = rank_moves(state, "exact", top=top, opponents=opponents)
        robust = robust_best(state).move
        return Hint(ranked, "exact", opponents=opponents, robust=robust, note=note)

    # --- in words ------------------------------------------------------------------------------

    def player_name(self, i: int) -> str:
        """'Player 1 (you)', 'Player 2 (greedy)'."""
        return (
            f"Player {i + 1} (you)" if i == self.human else f"Player {i + 1} ({self.bot_names[i]})"
        )

    def headline(self) -> str:
        """'Round 2 — your turn: take a group', or who won."""
        state = self._state
        if state.is_over:
            who = ", ".join(f"Player {i + 1}" for i in state.winners)
            return f"Game over — winner: {who}"
        whose = (
            "your turn"
            if state.current_player == self.human
            else f"Player {state.current_player + 1}'s turn"
        )
        return f"Round {state.round} — {whose}: {PHASE_WORDS[state.phase]}"

    def log_lines(self) -> list[str]:
        """The moves so far in notation, each with who played it ('dice', 'P1', …)."""
        return [
            f"{'dice' if line.player is None else f'P{line.player + 1}'}: {line.notation}"
            for line in self.log
        ]


_VERBS = {
    "Take": "took",
    "move": "moved",
    "gain": "gained",
    "check": "checked",
    "spend": "spent",
    "write": "wrote",
    "Buy": "bought",
    "Build": "built",
    "Pass": "passed",
    "Cross": "crossed",
    "circle": "circled",
    "pay": "paid",
    "Move": "moved",
    "Gain": "gained",
}
_VERB = re.compile(r"\b(" + "|".join(_VERBS) + r")\b")


def past_tense(sentence: str) -> str:
    """The engine's instruction ("Take the Blue group … and gain …") as what a player did.

    >>> past_tense("Take the Goats group (three 1s) and gain three goats.")
    'took the Goats group (three 1s) and gained three goats.'
    """
    return _VERB.sub(lambda m: _VERBS[m.group(1)], sentence)
