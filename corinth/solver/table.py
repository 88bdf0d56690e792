"""The game in progress: a game being played at a table of human and bot seats, without Jupyter.

A ``Table`` owns the state, the seats, the bots' turns, undo and the move log (each move's line made
once, when it is played); ``GameApp`` draws one in a notebook and ``corinth play`` in a terminal. It is
the table every game shares (``corinth.shared.table``) with Corinth's dice, rounds and solver.

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
from collections.abc import Iterable, Sequence

from corinth.rules import GameState, IllegalMove, Move, Roll, Variants, new_game
from corinth.rules.moves import values_of
from corinth.rules.text import PHASE_WORDS
from corinth.shared.language import _, current_language
from corinth.shared.protocol import State
from corinth.shared.table import Hint, LogLine, bot_word
from corinth.shared.table import Table as SharedTable
from corinth.solver.exact import (
    EXACT_BUDGET,
    MAX_TURNS,
    OPPONENT_MODELS,
    OutOfReach,
    check_reach,
    in_reach,
    robust_best,
    turns_left,
)
from corinth.solver.protocol import CORINTH
from corinth.solver.rank import rank_moves

__all__ = ["Hint", "LogLine", "NotYourTurn", "Table", "past_tense"]


class NotYourTurn(IllegalMove):
    """The human played while a bot or the dice were to play, or after the end (R6)."""


class Table(SharedTable):
    """A game of Corinth being played: one human seat (``human``, from 0) and a bot in every other
    seat (``corinth.shared.table.Table`` for Corinth, with its dice, its rounds and its solver).

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
        elif not isinstance(state, GameState):
            raise ValueError(f"state: a game of Corinth (a GameState), not {state!r:.60}")
        super().__init__(CORINTH, human=human, bots=bots, state=state)

    @property
    def state(self) -> GameState:
        """The game as it stands."""
        return self._position.native

    def not_your_turn(self) -> Exception:
        return NotYourTurn("R6", _("it is not your turn"))

    def _line(self, before: State, notation: str) -> LogLine:
        state: GameState = before.native
        move = Move.parse(notation)
        number = len(self.log) + 1
        if isinstance(move, Roll):
            faces = " ".join(map(str, values_of(move.white)))
            if sum(move.yellow):
                faces += " / " + " ".join(map(str, values_of(move.yellow)))
            words = _("Player {n} rolled {faces}.").format(n=state.first_player + 1, faces=faces)
            return LogLine(number, None, words, notation)
        who = state.current_player
        if current_language() != "en":  # the engine's sentence as it is, after who played it
            if who == self.human:
                words = _("You played: {move}").format(move=move.describe(state))
            else:
                words = _("{player} played: {move}").format(
                    player=self.player_name(who), move=move.describe(state)
                )
            return LogLine(number, who, words, notation)
        name = "You" if who == self.human else self.player_name(who)
        return LogLine(number, who, f"{name} {past_tense(move.describe(state))}", notation)

    def _settle(self) -> None:
        self.roll_for_human()

    def roll_for_human(self) -> None:
        """Roll when the dice are the human's to roll (or fall before the human's decision)."""
        while (
            not self.state.is_over
            and self.state.is_chance
            and self.human in (self.state.current_player, self.state.first_player)
        ):
            self._apply(self._position.sample())

    def restart(self, variants: Variants | str | Iterable[str] | None = None) -> None:
        """The same game again from its seed, under ``variants`` (default: the game's own)."""
        s = self.state
        variants = s.variants if variants is None else Variants.of(variants)
        self._undo.clear()
        self._position = CORINTH.wrap(
            new_game(s.num_players, s.seed, s.start_player, s.sheet, variants=variants)
        )
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
        state = self.state
        if state.is_over:
            return Hint([], objective, _("The game is over: there is no move left to rank."))
        if state.current_player != self.human or state.is_chance:
            return Hint([], objective, _("It is a bot's turn: no decision of yours to rank now."))
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise ValueError(f"top: how many moves to show, a whole number from 1, not {top!r:.40}")
        if opponents not in OPPONENT_MODELS:
            raise ValueError(
                f"opponents: one of {', '.join(OPPONENT_MODELS)} (how the others are thought to "
                f"play), not {opponents!r:.40}"
            )
        note = ""
        exact = in_reach(state)
        if objective == "win":
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
            except OutOfReach as refused:
                note = _win_note(state, str(refused), exact)
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
        if i == self.human:
            return _("Player {n} (you)").format(n=i + 1)
        return _("Player {n} ({bot})").format(n=i + 1, bot=bot_word(self.bot_names[i]))

    def headline(self) -> str:
        """'Round 2 — your turn: take a group', or who won."""
        state = self.state
        if state.is_over:
            who = ", ".join(_("Player {n}").format(n=i + 1) for i in state.winners)
            return _("Game over — winner: {winners}").format(winners=who)
        if state.current_player == self.human:
            return _("Round {round} — your turn: {phase}").format(
                round=state.round, phase=_(PHASE_WORDS[state.phase])
            )
        return _("Round {round} — Player {n}'s turn: {phase}").format(
            round=state.round, n=state.current_player + 1, phase=_(PHASE_WORDS[state.phase])
        )


def _win_note(state: GameState, refused: str, exact: bool) -> str:
    """Why a hint for the win ranks by the expected final score instead, in words: out of the
    exact count's reach, the turns left; else the estimate of its work (``refused``: the sentence
    ``rank_moves`` and ``corinth solve`` give).

    >>> from corinth.solver.exact import late_states
    >>> late = late_states(1)[0]
    >>> _win_note(late, "the chance to win would take about 22 s of work here", True)[:55]
    'Not counted exactly: the chance to win would take about'
    """
    instead = _("exact expected final score") if exact else _("expected final score (estimated)")
    try:
        check_reach(state)
    except OutOfReach:
        left = turns_left(state)
        if left > MAX_TURNS:
            return _(
                "Your chance to win is counted exactly in your last {most} turns only, and you"
                " have {left} left: ranked by {instead} instead."
            ).format(most=MAX_TURNS, left=left, instead=instead)
        return _(
            "Your chance to win is counted exactly in your last {most} turns only, once their"
            " dice are rolled: ranked by {instead} instead."
        ).format(most=MAX_TURNS, instead=instead)
    return _("Not counted exactly: {refused}. Ranked by {instead} instead.").format(
        refused=refused, instead=instead
    )


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
