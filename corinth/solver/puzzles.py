"""Puzzles: "what is the best move for this roll?" — loading the puzzle sets and making new ones.

A puzzle is a position of a seeded bot game just after a roll, saved as a game, whose answer is
verified to be the unique best by a margin; its two kinds (``move``, ``route``) and its six tiers
with their objectives and margins: see docs/solver.md.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 54, sorted({p.tier for p in puzzles})
(True, [1, 2, 3, 4, 5, 6])
>>> p = puzzles[0]
>>> p.check(p.answer).startswith("Correct")
True
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from corinth.rules import (
    HARBOR,
    CorinthError,
    GameState,
    IllegalMove,
    InvalidNotation,
    InvalidPuzzle,
    InvalidState,
    Move,
    Take,
    game_from_json,
    new_game,
)
from corinth.rules.errors import shown
from corinth.rules.files import json_from_bytes
from corinth.rules.sheet import data_dir
from corinth.shared.language import N_, _, ngettext
from corinth.shared.puzzles import (
    SetRules,
    Verdict,
    load_sets,
    read_set,
    text_problems,
    texts_within,
)

from . import verified
from .bots import GreedyBot, RandomBot, decisions
from .exact import OPPONENT_MODELS, OutOfReach, rank_exact, turns_left
from .explain import decimals
from .rank import RankedMove, rank_moves
from .value import best_move_now, move_key
from .win import percent as _pct
from .win import rank_win

TIERS = {  # English; shown as _(TIERS[tier])
    1: N_("beginner"),
    2: N_("intermediate"),
    3: N_("expert"),
    4: N_("final score"),
    5: N_("whatever the others do"),
    6: N_("for the win"),
}
KINDS = ("move", "route")
OBJECTIVES = ("immediate", "final_score", "robust", "win")
# The objectives answered by the exact solver, each with its tier.
EXACT_TIERS = {"final_score": 4, "robust": 5, "win": 6}
WIN_MARGIN = 0.02  # chance to win between the answer of a tier-6 puzzle and the runner-up
FINAL_SCORE_QUOTA = 12
FINAL_SCORE_MARGIN = 0.25  # points of expected final score between the answer and the runner-up
FINAL_SCORE_WORK = 60_000  # rolls enumerated at most, so every answer re-solves in about a second
# Ratings: tier 1 below 4, tier 2 from 4 to below 6.5, tier 3 from 6.5 (see ``rate``).
TIER_BOUNDS = {1: (0.0, 4.0), 2: (4.0, 6.5), 3: (6.5, 99.0)}
MIN_MARGIN = 1


def puzzles_dir() -> Path:
    """The folder of the puzzle sets (``seeds/puzzles``)."""
    return data_dir() / "puzzles"


# --- ranking ---------------------------------------------------------------------------------


def immediate_value(state: GameState, move: Move | str) -> int:
    """Points ``move`` secures now for the player who plays it: the E1 score after it and the best
    build it pays for, minus the score before (``value.move_key``, the one valuation of a move now).

    >>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    >>> immediate_value(s, "gold")  # 1 gold + two 6s = 3 gold: one pair, 1 point
    1
    """
    return move_key(state, move)[0] - state.score(state.current_player)


def candidates(state: GameState, kind: str = "move") -> list[Move]:
    """The moves a puzzle of this kind compares: every legal move, or only steward moves (``route``)."""
    moves = state.legal_moves()
    if kind == "route":
        moves = [m for m in moves if isinstance(m, Take) and m.path]
    return moves


def immediate_ranking(state: GameState, kind: str = "move") -> list[tuple[Move, int]]:
    """Every candidate with its immediate value, best first (ties keep ``legal_moves`` order)."""
    scored = [(m, immediate_value(state, m)) for m in candidates(state, kind)]
    return sorted(scored, key=lambda mv: -mv[1])


@dataclass(frozen=True)
class Standing:
    """Where a move stands in a ranking: ``place`` (moves of equal value share one: 1 + the number
    of strictly better moves), ``tied`` (how many other moves share its value), ``of`` (how many
    were ranked) and its ``ranked`` entry (value, loss, words)."""

    place: int
    tied: int
    of: int
    ranked: RankedMove


def standing(ranking: list[RankedMove], move: Move | str) -> Standing | None:
    """Where ``move`` stands in ``ranking`` (None when it was not ranked).

    >>> p = load_puzzles()[0]
    >>> s = standing(p.ranking, p.answer)
    >>> s.place, s.ranked.loss
    (1, 0.0)
    """
    mine = next((r for r in ranking if str(r.move) == str(move)), None)
    if mine is None:
        return None
    place = 1 + sum(1 for r in ranking if r.value > mine.value + 1e-9)
    tied = sum(1 for r in ranking if abs(r.value - mine.value) <= 1e-9) - 1
    return Standing(place, tied, len(ranking), mine)


# --- the puzzle ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the saved game of the position, the question and its verified answer."""

    id: str
    tier: int
    title: str
    game: str  # the position as a saved game (GameState.to_json)
    objective: str  # "immediate", "final_score", "robust" or "win" (docs/solver.md)
    answer: str  # the unique best move, in notation
    kind: str = "move"  # "move" or "route"
    rating: float = 0.0  # difficulty, about 1 (easy) to 10 (hard)
    margin: float = MIN_MARGIN  # how many points the answer beats the second best by
    best_value: float = 0  # the answer's value under the objective
    candidates: int = 0  # how many moves were compared
    source: dict = field(
        default_factory=dict
    )  # how the position was made: seed, players, bots, move
    runner_up: str = ""  # final score: the second best move, ``margin`` points behind

    @cached_property
    def final_values(self) -> dict[str, float]:
        """Tiers 4 to 6: every legal move's exact expected final score (the greedy model), or for
        the win its exact chance to win, by notation."""
        if self.objective == "win":
            return {str(m): v for m, v in rank_win(self.state)}
        return {str(m): v for m, v in rank_exact(self.state)}

    @cached_property
    def ranking(self) -> list[RankedMove]:
        """The candidates ranked under the puzzle's own objective, best first: the one ranking
        every board shows (only steward moves for a route puzzle; tiers 4 to 6 every move by its
        exact expected final score under the greedy model, or for the win its exact chance).

        >>> p = load_puzzles()[0]
        >>> str(p.ranking[0].move) == p.answer, len(p.ranking) == p.candidates
        (True, True)
        """
        # A stored puzzle's exact ranking is asked whatever its estimate (``exact_budget=None``):
        # its work is known, solved when the set was made and checked when it loads.
        if self.objective in ("final_score", "robust"):
            return rank_moves(self.state, "exact", exact_budget=None)
        if self.objective == "win":
            return rank_moves(self.state, "exact", goal="win", exact_budget=None)
        scored = immediate_ranking(self.state, self.kind)
        best = scored[0][1] if scored else 0
        return [
            RankedMove(
                move,
                1 + sum(1 for _, v in scored if v > value),
                float(value),
                float(best - value),
                move.describe(self.state),
            )
            for move, value in scored
        ]

    @cached_property
    def state(self) -> GameState:
        """The position (replayed from the saved game, every move checked)."""
        return game_from_json(self.game)

    @property
    def player(self) -> int:
        """The player to move, 0-based."""
        return self.state.current_player

    @property
    def roll(self) -> str:
        """The roll of this round, in notation."""
        rolls = [m for m in self.state.history if m.kind == "roll"]
        return str(rolls[-1])

    def question(self, on_board: bool = False) -> str:
        """The puzzle in plain words; ``on_board``: answered by clicks on a board, not in notation."""
        how = (
            _("Click a group and its action, or draw a steward walk on the market.")
            if on_board
            else _("Answer in move notation, e.g. 'gold', 'green 1', 'blue steward r1c2,r0c2'.")
        )
        who = _("player {n}").format(n=self.player + 1)
        title = _(self.title) if self.title else self.title
        head = _(
            "Puzzle {id} ({tier}, difficulty {rating}): {title}\n"
            "Player {n} to play after {roll}, 2 turns from the end."
        ).format(
            id=self.id,
            tier=_(TIERS.get(self.tier, TIERS[4])),
            rating=decimals(self.rating, 1),
            title=title,
            n=self.player + 1,
            roll=self.roll,
        )
        if self.objective == "final_score":
            return _(
                "{head} Which move gives {who} the highest expected final score? (Every roll to "
                "come counts with its chance; the other players each play the move worth the most "
                "points now.) {how}"
            ).format(head=head, who=who, how=how)
        if self.objective == "robust":
            return _(
                "{head} Which move gives {who} the highest expected final score whatever the "
                "others do: whether each plays the move worth the most points now, takes the "
                "group worst for {who}, or takes a group at random? (Every roll to come counts "
                "with its chance.) {how}"
            ).format(head=head, who=who, how=how)
        if self.objective == "win":
            return _(
                "{head} Goal: the win, not the points. Which move gives {who} the best chance "
                "to win? (Every roll to come counts with its chance; the other players each play "
                "the move worth the most points now; a shared victory counts as a share.) {how}"
            ).format(head=head, who=who, how=how)
        what = (
            _("Which steward move (A4) secures the most points now?")
            if self.kind == "route"
            else _("Which move secures the most points now?")
        )
        return _(
            "Puzzle {id} ({tier}, difficulty {rating}): {title}\n"
            "Player {n} to play after {roll}. {what} {how}"
        ).format(
            id=self.id,
            tier=_(TIERS[self.tier]),
            rating=decimals(self.rating, 1),
            title=title,
            n=self.player + 1,
            roll=self.roll,
            what=what,
            how=how,
        )

    def check(self, reply: str | Move | None) -> str:
        """Feedback on a reply: a hint for ``None``, "Correct" for the answer, else why not (the
        words of ``verdict``)."""
        if reply is None:
            return self._final_hint() if self.objective in EXACT_TIERS else self._hint()
        return self.verdict(reply).words

    def verdict(self, reply: str | Move) -> Verdict:
        """The judgement of a reply, the one every board and command shows: right when it is the
        answer, with the words to say.

        >>> p = load_puzzles()[0]
        >>> p.verdict(p.answer).right, p.verdict("pass").legal
        (True, False)
        """
        state = self.state
        try:
            move = Move.parse(reply) if isinstance(reply, str) else reply
            state.apply(move)  # a clear error for an illegal reply
        except (IllegalMove, InvalidNotation) as exc:
            return Verdict(False, False, _("Not a legal move here: {reason}").format(reason=exc))
        final = self.objective in EXACT_TIERS
        words = self._check_final(move) if final else self._check_now(move)
        return Verdict(True, str(move) == self.answer, words, str(move))

    def _hint(self) -> str:
        steward = " steward " in self.answer
        what = (
            _("a steward move") if steward else _("a district action (A1–A3), not a steward move")
        )
        if steward and self.kind == "route":
            steps = len(self.answer.split(" steward ")[1].split()[0].split(","))
            what = ngettext("a walk of {n} step", "a walk of {n} steps", steps).format(n=steps)
        return ngettext(
            "Hint: {candidates} moves to compare; the best secures {n} point now, and it is {what}.",
            "Hint: {candidates} moves to compare; the best secures {n} points now, and it is {what}.",
            self.best_value,
        ).format(candidates=self.candidates, n=self.best_value, what=what)

    def _check_now(self, move: Move) -> str:
        state = self.state
        if str(move) == self.answer:
            values = dict(
                move=Move.parse(self.answer).describe(state), n=self.best_value, margin=self.margin
            )
            if self.kind == "route":
                return ngettext(
                    "Correct! {move} It secures {n} point now, {margin} more than any other"
                    " steward move.",
                    "Correct! {move} It secures {n} points now, {margin} more than any other"
                    " steward move.",
                    self.best_value,
                ).format(**values)
            return ngettext(
                "Correct! {move} It secures {n} point now, {margin} more than any other move.",
                "Correct! {move} It secures {n} points now, {margin} more than any other move.",
                self.best_value,
            ).format(**values)
        if self.kind == "route" and not (isinstance(move, Take) and move.path):
            return _(
                "Legal, but this puzzle asks for a steward move (A4): write"
                " '<district> steward <path>'."
            )
        value = immediate_value(state, move)
        return ngettext(
            "Legal, but not the best: {move} It secures {n} point now; the best move secures {best}.",
            "Legal, but not the best: {move} It secures {n} points now; the best move secures {best}.",
            value,
        ).format(move=move.describe(state), n=value, best=self.best_value)

    def _final_hint(self) -> str:
        if self.objective == "win":
            return _(
                "Hint: {candidates} moves to compare; the best wins {chance} of the time, {margin}"
                " more than the next best, and it is not the move with the highest expected final"
                " score."
            ).format(
                candidates=self.candidates,
                chance=_pct(self.best_value),
                margin=_pct(self.margin),
            )
        values = dict(
            candidates=self.candidates,
            value=decimals(self.best_value, 2),
            margin=decimals(self.margin, 2),
        )
        if self.objective == "robust":
            return _(
                "Hint: {candidates} moves to compare; the best gives an expected final score "
                "of {value}, {margin} more than the next best, whatever the others do."
            ).format(**values)
        return _(
            "Hint: {candidates} moves to compare; the best gives an expected final score "
            "of {value}, {margin} more than the next best."
        ).format(**values)

    def _check_final(self, move: Move) -> str:
        state = self.state
        win = self.objective == "win"

        def amount(x: float) -> str:
            return _pct(x) if win else decimals(x, 2)

        if str(move) == self.answer:
            runner_up = Move.parse(self.runner_up).describe(state).rstrip(".")
            values = dict(
                move=move.describe(state),
                value=amount(self.best_value),
                margin=amount(self.margin),
                runner_up=runner_up,
            )
            if win:
                return _(
                    "Correct! {move} Its chance to win is {value}, {margin} more than the next"
                    " best ({runner_up})."
                ).format(**values)
            if self.objective == "robust":
                return _(
                    "Correct! {move} Its expected final score is {value}, {margin} more than the"
                    " next best ({runner_up}) under every model of the others."
                ).format(**values)
            return _(
                "Correct! {move} Its expected final score is {value}, {margin} more than the"
                " next best ({runner_up})."
            ).format(**values)
        value = self.final_values[str(move)]
        values = dict(move=move.describe(state), value=amount(value), best=amount(self.best_value))
        if win:
            return _(
                "Legal, but not the best: {move} Its chance to win is {value}; the best move's is"
                " {best}."
            ).format(**values)
        return _(
            "Legal, but not the best: {move} Its expected final score is {value}; the best"
            " move's is {best}."
        ).format(**values)

    def to_dict(self) -> dict:
        """Plain data for the puzzle files; ``roll`` is written for readers (it is in the game)."""
        data = asdict(self)
        data["roll"] = self.roll
        data["game"] = json.loads(self.game)
        return data

    @staticmethod
    def from_dict(data: Any, where: str = "puzzle") -> Puzzle:
        """A puzzle from plain data, every stored field checked against its position (see
        ``check_puzzle``); raises InvalidPuzzle listing each problem under ``where``."""
        problems = _fields_problems(data)
        if not problems:
            puzzle = _unchecked(data)
            problems = check_puzzle(puzzle, data.get("roll"))
        if problems:
            raise InvalidPuzzle(where, problems)
        return puzzle


# What a stored puzzle holds; ``roll`` is optional, written for readers.
FIELDS = {
    "id": str,
    "tier": int,
    "title": str,
    "game": (dict, str),
    "objective": str,
    "answer": str,
    "kind": str,
    "rating": (int, float),
    "margin": (int, float),
    "best_value": (int, float),
    "candidates": int,
    "source": dict,
}
OPTIONAL = ("roll", "runner_up")  # text fields a stored puzzle may leave out
MAX_TEXT = 200  # characters of an id, title or answer


def _fields_problems(data: Any) -> list[str]:
    """Missing, unknown and ill-typed fields of a stored puzzle."""
    if not isinstance(data, dict):
        return [f"expected an object of puzzle fields, got {type(data).__name__}"]
    problems = [f"{key}: missing" for key in FIELDS if key not in data]
    problems += [
        f"{shown(key)}: unknown field (a puzzle has {', '.join(FIELDS)}, roll and runner_up)"
        for key in sorted(set(data) - set(FIELDS) - set(OPTIONAL), key=str)
    ]
    for key, kinds in FIELDS.items():
        value = data.get(key)
        if key in data and (isinstance(value, bool) or not isinstance(value, kinds)):
            problems.append(f"{key}: expected {_kind_words(kinds)}, got {shown(value)}")
        elif isinstance(value, str) and key != "game" and len(value) > MAX_TEXT:
            problems.append(f"{key}: longer than {MAX_TEXT} characters")
    for key in OPTIONAL:
        if key in data and not isinstance(data[key], str):
            problems.append(f"{key}: expected text, got {shown(data[key])}")
    for key in ("id", "title", "answer", "runner_up", "roll"):
        value = data.get(key)
        if isinstance(value, str):
            problems += text_problems(key, value, MAX_TEXT, empty=True)
    if isinstance(data.get("source"), dict):
        problems += texts_within("source", data["source"], MAX_TEXT)
    return problems


def _kind_words(kinds) -> str:
    names = {str: "text", int: "a whole number", float: "a number", dict: "an object"}
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    return " or ".join(names[k] for k in kinds)


def check_puzzle(puzzle: Puzzle, roll: str | None = None) -> list[str]:
    """Every problem of a puzzle's stored fields: each is re-derived from its position by the solver
    (``make_puzzle``), so a tampered answer, value, margin, tier, rating, count or title is named.

    >>> p = load_puzzles()[0]
    >>> check_puzzle(p)
    []
    >>> from dataclasses import replace
    >>> check_puzzle(replace(p, margin=p.margin + 1))  # doctest: +ELLIPSIS
    ['margin: the answer beats the next best by ...']
    """
    problems = []
    final = puzzle.objective in EXACT_TIERS
    if puzzle.objective not in OBJECTIVES:
        problems.append(
            f"objective: expected one of {', '.join(OBJECTIVES)}, got {shown(puzzle.objective)}"
        )
    elif final and puzzle.tier != EXACT_TIERS[puzzle.objective]:
        problems.append(
            f"tier: expected {EXACT_TIERS[puzzle.objective]} for a {puzzle.objective} puzzle"
        )
    elif not final and puzzle.tier not in TIER_BOUNDS:
        problems.append(f"tier: expected 1, 2 or 3, got {shown(puzzle.tier)}")
    if puzzle.kind not in KINDS:
        problems.append(f"kind: expected 'move' or 'route', got {shown(puzzle.kind)}")
    if not (isinstance(puzzle.rating, (int, float)) and 0 <= puzzle.rating <= 10):
        problems.append(f"rating: expected a number from 0 to 10, got {shown(puzzle.rating)}")
    try:
        state = puzzle.state
    except InvalidState as exc:
        return problems + [f"game: {p}" for p in exc.problems]
    if problems:
        return problems
    if state.phase != "take":
        return [
            f"game: a puzzle is a position after a roll, this one is in the {state.phase} phase"
        ]
    if roll is not None and roll != puzzle.roll:
        problems.append(f"roll: {shown(roll)} is not the game's {puzzle.roll!r}")
    try:
        answer = Move.parse(puzzle.answer)
        state.apply(answer)
    except CorinthError as exc:
        return problems + [f"answer: {shown(puzzle.answer)} is not a legal move here: {exc}"]
    if final:
        return problems + _final_problems(puzzle, state)
    count = len(candidates(state, puzzle.kind))
    if count > MAX_CANDIDATES:  # a position with thousands of moves takes long to rank: no puzzle
        return problems + [
            f"game: {count} candidate moves, more than a puzzle has ({MAX_CANDIDATES})"
        ]
    made = make_puzzle(state, puzzle.kind, puzzle.id)
    if made is None:
        return problems + ["game: no move of this position is the best by a clear margin"]
    words = {
        "best_value": f"the answer secures {made.best_value} points now",
        "candidates": f"there are {made.candidates} moves to compare",
        "tier": f"a rating of {made.rating} is tier {made.tier}",
    }
    return problems + _unlike(puzzle, made, words)


def _unlike(puzzle: Puzzle, made: Puzzle, words: dict[str, str]) -> list[str]:
    """A problem for each stored field of ``puzzle`` that differs from the solver's ``made``: the
    answer, margin, rating, title and source, and the fields ``words`` describes (field → what the
    solver found, in words)."""
    words = {
        "answer": f"the best move is {made.answer!r}",
        "margin": f"the answer beats the next best by {made.margin} points",
        "rating": f"the position rates {made.rating}",
        "title": f"the title says {made.title!r}",
        "source": f"the game is {made.source}",
        **words,
    }
    return [
        f"{key}: {why}, not {shown(getattr(puzzle, key))}"
        for key, why in words.items()
        if getattr(puzzle, key) != getattr(made, key)
    ]


def final_digest(puzzle: Puzzle) -> str:
    """The SHA-256 of a puzzle's stored data (every field, canonical JSON): a final-score puzzle
    whose digest is in ``verified.FINAL_SCORE`` was solved exactly when its set was written.

    >>> len(final_digest(load_puzzles()[-1]))
    64
    """
    data = json.dumps(puzzle.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(data.encode("ascii")).hexdigest()


def _final_problems(puzzle: Puzzle, state: GameState) -> list[str]:
    """Every stored field of a final-score puzzle checked. One written with the package's sets is
    known by its digest (the tests solve each of them again); any other puzzle, a tampered one
    included, is solved exactly here and every field compared with the solution."""
    problems = []
    if turns_left(state) != 2:
        problems.append(
            f"game: a final-score puzzle is 2 turns from the end, not {turns_left(state)}"
        )
    try:
        runner_up = Move.parse(puzzle.runner_up)
        state.apply(runner_up)
        if str(runner_up) == puzzle.answer:
            problems.append("runner_up: the same move as the answer")
    except CorinthError as exc:
        problems.append(f"runner_up: {shown(puzzle.runner_up)} is not a legal move here: {exc}")
    least = WIN_MARGIN if puzzle.objective == "win" else FINAL_SCORE_MARGIN
    if not puzzle.margin >= least:
        problems.append(f"margin: a {puzzle.objective} answer beats the runner-up by {least}")
    if puzzle.candidates != len(state.legal_moves()):
        problems.append(f"candidates: there are {len(state.legal_moves())} moves to compare")
    if problems or final_digest(puzzle) in verified.FINAL_SCORE:
        return problems
    made = make_exact_puzzle(state, puzzle.id, puzzle.objective)
    if made is None:
        return ["game: no move of this position is exact's best by a clear margin"]
    words = {
        "best_value": (
            f"its chance to win is {made.best_value}"
            if made.objective == "win"
            else f"its expected final score is {made.best_value}"
        ),
        "runner_up": f"the next best move is {made.runner_up!r}",
    }
    return _unlike(puzzle, made, words)


MAX_PUZZLE_BYTES = 1_000_000  # a puzzle set; the stored ones are 60-72 kB
MAX_PUZZLES = 200  # puzzles in one set; the stored sets hold 12 each
MAX_NEW_FINAL = 12  # final-score puzzles of a set solved at load (each takes up to seconds)
SET_KEYS = ("format", "version", "title", "puzzles")


def _new_final_problems(items: list) -> list[str]:
    new_final = sum(_unverified_final(item) for item in items)
    if new_final > MAX_NEW_FINAL:
        return [
            f"puzzles: {new_final} final-score puzzles this package did not write; each is "
            f"solved exactly when loaded (seconds each), so a set holds at most {MAX_NEW_FINAL}"
        ]
    return []


SET_RULES = SetRules(
    "corinth-puzzles",
    1,
    "Corinth",
    read=lambda data, where: Puzzle.from_dict(data, where),
    max_bytes=MAX_PUZZLE_BYTES,
    max_puzzles=MAX_PUZZLES,
    error=InvalidPuzzle,
    before=_new_final_problems,
    parse=lambda raw: json_from_bytes(raw, MAX_PUZZLE_BYTES, "puzzle set"),
)


def puzzles_from_bytes(raw: bytes | str, origin: str = "the puzzle set") -> list[Puzzle]:
    """The puzzles of a puzzle-set file's text; any problem, whatever the bytes, is InvalidPuzzle
    (the shared loader, ``corinth.shared.puzzles.read_set``, with Corinth's puzzles).

    >>> puzzles_from_bytes(b'{"format": "corinth-puzzles", "format": 1}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    corinth.rules.errors.InvalidPuzzle: the puzzle set is not a valid Corinth puzzle set:
      - not valid JSON: key 'format' given twice...
    """
    return read_set(raw, SET_RULES, origin)


def _unchecked(data: dict) -> Puzzle:
    """A puzzle from stored fields already of the right types (``_fields_problems``), its answers
    not checked yet; ``roll``, written for readers, is left out (the game holds it)."""
    fields = {k: v for k, v in data.items() if k != "roll"}
    if not isinstance(fields["game"], str):
        fields["game"] = json.dumps(fields["game"])
    return Puzzle(**fields)


def _unverified_final(item: Any) -> bool:
    """A stored final-score puzzle whose digest is not among the verified ones (solved at load)."""
    if (
        not isinstance(item, dict)
        or not isinstance(item.get("objective"), str)
        or item.get("objective") not in EXACT_TIERS
        or _fields_problems(item)
    ):
        return False
    try:
        return final_digest(_unchecked(item)) not in verified.FINAL_SCORE
    except (CorinthError, TypeError, ValueError):
        return False  # not readable: its own check names the problem


def _set_files(path: str | Path | None) -> tuple[Path, list[Path]]:
    path = Path(path) if path is not None else puzzles_dir()
    return path, sorted(path.glob("*.json")) if path.is_dir() else [path]


def stored_ids(path: str | Path | None = None) -> list[str]:
    """The ids of the puzzles ``load_puzzles`` gives, in its order, read without checking any: for a
    page that only counts them (checking re-derives every puzzle with the solver).

    >>> stored_ids() == [p.id for p in load_puzzles()]
    True
    """
    _, files = _set_files(path)
    items = [i for f in files for i in json.loads(f.read_text(encoding="utf-8"))["puzzles"]]
    return [i["id"] for i in sorted(items, key=lambda i: (i["tier"], i["id"]))]


def load_puzzles(path: str | Path | None = None) -> list[Puzzle]:
    """Every puzzle of the sets in ``seeds/puzzles`` (or one file), ordered by tier and id; every
    stored field is checked against the solver (``check_puzzle``). Raises InvalidPuzzle."""
    path, files = _set_files(path)
    out = load_sets(files, SET_RULES, str(path))
    return sorted(out, key=lambda p: (p.tier, p.id))


def save_puzzles(puzzles: list[Puzzle], path: str | Path, title: str = "") -> None:
    """Write a puzzle set as JSON."""
    data = {"format": "corinth-puzzles", "version": 1, "title": title}
    data["puzzles"] = [p.to_dict() for p in puzzles]
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- making puzzles --------------------------------------------------------------------------


def rate(state: GameState, ranking: list[tuple[Move, int]], kind: str) -> float:
    """Difficulty of a position, about 1 to 10.

    More candidates, a steward answer, a steward answer that pays gold or uses the Stables (A4a), a
    small margin, and an answer that is not the biggest group all make a puzzle harder.
    """
    (best, value), second = ranking[0], ranking[1][1]
    score = 1.0 + math.log2(len(ranking)) / 2
    if isinstance(best, Take) and best.path:
        score += 1.5
        face = state.harbor[_slot(best.district)].face
        if len(best.path) != face:
            score += 1.5
        score += max(0, len(best.path) - 2) * 0.25
    if value - second <= 1:
        score += 1.0
    sizes = {d: g.size for d, g in state.groups()}
    if isinstance(best, Take) and sizes.get(best.district, 0) < max(sizes.values()):
        score += 0.5
    if kind == "route":
        score += 0.5
    return round(min(score, 10.0), 1)


def _slot(district: str) -> int:
    return HARBOR.index(district)


def _bots(seed: int, players: int):
    """Seat 1 greedy, the others greedy or random by the seed: positions from plausible play."""
    return [
        GreedyBot(seed + i) if i == 0 or (seed >> i) & 1 else RandomBot(seed + i)
        for i in range(players)
    ]


def positions(seed: int, players: int | None = None):
    """Yield the 'take' positions of one seeded bot game, in order (``players`` from the seed if None)."""
    if players is None:
        players = 2 + seed % 3
    for state in decisions(new_game(players=players, seed=seed), _bots(seed, players)):
        if state.phase == "take":
            yield state


def make_puzzle(state: GameState, kind: str, puzzle_id: str, title: str = "") -> Puzzle | None:
    """A puzzle from this position if its best answer is unique by at least MIN_MARGIN, else None."""
    ranking = immediate_ranking(state, kind)
    if len(ranking) < 2:
        return None
    (best, value), second = ranking[0], ranking[1][1]
    if value - second < MIN_MARGIN or value <= 0:
        return None
    rating = rate(state, ranking, kind)
    tier = next(t for t, (lo, hi) in TIER_BOUNDS.items() if lo <= rating < hi)
    if not title:
        title = _title(state, best, kind)
    return Puzzle(
        id=puzzle_id,
        tier=tier,
        title=title,
        game=state.to_json(indent=None),
        objective="immediate",
        answer=str(best),
        kind=kind,
        rating=rating,
        margin=value - second,
        best_value=value,
        candidates=len(ranking),
        source={"seed": state.seed, "players": state.num_players, "move": state.move_count},
    )


def _title(state: GameState, best: Move, kind: str) -> str:
    groups = ", ".join(f"{d} {g}" for d, g in state.groups())
    lead = "Steward route" if kind == "route" else "Best move"
    return f"{lead}, round {state.round}: {groups}"


def generate_puzzle(seed: int, tier: int = 1, kind: str | None = None, tries: int = 50) -> Puzzle:
    """A new puzzle of ``tier`` from seeded bot games, with a verified unique best answer.

    Games seeded ``seed``, ``seed + 1``, … are scanned in order until a position fits the tier, so the
    same arguments always give the same puzzle. ``kind`` is "move", "route" or None (either).

    >>> p = generate_puzzle(7, tier=1)
    >>> p.tier, p.check(p.answer).startswith("Correct")
    (1, True)
    """
    if tier not in TIER_BOUNDS:
        raise ValueError(
            f"tier is 1, 2 or 3, not {tier!r} (final-score puzzles: build_final_score_set)"
        )
    kinds = KINDS if kind is None else (kind,)
    for k in kinds:
        if k not in KINDS:
            raise ValueError(f"kind is 'move' or 'route', not {k!r}")
    for game in range(seed, seed + tries):
        for state in positions(game):
            for k in kinds:
                p = make_puzzle(state, k, f"g{game}-{state.move_count}-{k}")
                if p is not None and p.tier == tier:
                    return p
    raise LookupError(f"no tier-{tier} puzzle in {tries} games from seed {seed}")


# --- the puzzle sets -------------------------------------------------------------------------

# How many puzzles of each (tier, kind) the sets hold.
QUOTAS = {
    (1, "move"): 11,
    (1, "route"): 1,
    (2, "move"): 6,
    (2, "route"): 6,
    (3, "move"): 6,
    (3, "route"): 6,
}
MAX_CANDIDATES = 600  # keeps every puzzle quick to re-solve


def build_sets(first_seed: int = 1000, quotas: dict | None = None) -> dict[int, list[Puzzle]]:
    """Make the puzzle sets from seeded bot games: at most one puzzle per game and tier and one per
    answer, ordered by seed."""
    quotas = dict(QUOTAS if quotas is None else quotas)
    found: dict[tuple[int, str], list[Puzzle]] = {key: [] for key in quotas}
    answers: set[str] = set()  # one puzzle per answer, for variety
    seed = first_seed
    while any(len(found[k]) < n for k, n in quotas.items()):
        tiers_done: set[int] = set()
        for state in positions(seed):
            for kind in KINDS:
                p = make_puzzle(state, kind, "")
                if (
                    p is None
                    or p.tier in tiers_done
                    or p.candidates > MAX_CANDIDATES
                    or p.answer in answers
                ):
                    continue
                key = (p.tier, kind)
                if key in found and len(found[key]) < quotas[key]:
                    found[key].append(p)
                    tiers_done.add(p.tier)
                    answers.add(p.answer)
        seed += 1
    sets: dict[int, list[Puzzle]] = {}
    for tier in TIER_BOUNDS:
        chosen = sorted(
            (p for (t, _), ps in found.items() if t == tier for p in ps),
            key=lambda p: (p.source["seed"], p.source["move"]),
        )
        sets[tier] = [replace(p, id=f"t{tier}-{i + 1:02d}") for i, p in enumerate(chosen)]
    return sets


# --- final score -----------------------------------------------------------------------------


def make_final_puzzle(state: GameState, puzzle_id: str) -> Puzzle | None:
    """A final-score puzzle from a take position 2 turns from the player's end, if ``exact`` finds
    a unique best by at least ``FINAL_SCORE_MARGIN`` within ``FINAL_SCORE_WORK``; else None."""
    if state.phase != "take" or turns_left(state) != 2:
        return None
    try:  # rank_exact refuses what is out of reach
        ranking = rank_exact(state, FINAL_SCORE_WORK)
    except OutOfReach:
        return None
    if len(ranking) < 2:
        return None
    (best, value), (_, value2) = ranking[0], ranking[1]
    if value - value2 < FINAL_SCORE_MARGIN:
        return None
    now = best_move_now(state)
    # harder when the move worth the most points now is not the answer
    rating = min(10.0, rate(state, ranking, "move") + (2.0 if str(now) != str(best) else 0.0))
    return _exact_puzzle(state, puzzle_id, "final_score", ranking, rating, now)


TITLES = {"final_score": "Final score", "win": "For the win"}


def _exact_puzzle(
    state: GameState,
    puzzle_id: str,
    objective: str,
    ranking: list,
    rating: float,
    now: Move,
    **source,
) -> Puzzle:
    """The puzzle whose answer and runner-up are the first two moves of ``ranking`` (a list of
    ``(move, value)`` under ``objective``, best first)."""
    (best, value), (second, value2) = ranking[0], ranking[1]
    groups = ", ".join(f"{d} {g}" for d, g in state.groups())
    return Puzzle(
        id=puzzle_id,
        tier=EXACT_TIERS[objective],
        title=f"{TITLES[objective]}, round {state.round}: {groups}",
        game=state.to_json(indent=None),
        objective=objective,
        answer=str(best),
        kind="move",
        rating=round(rating, 1),
        margin=round(value - value2, 4),
        best_value=round(value, 4),
        candidates=len(ranking),
        source={
            "seed": state.seed,
            "players": state.num_players,
            "move": state.move_count,
            "most_points_now": str(now),
            **source,
        },
        runner_up=str(second),
    )


def make_exact_puzzle(state: GameState, puzzle_id: str, objective: str) -> Puzzle | None:
    """A puzzle of tier 4, 5 or 6 (``objective``: final_score, robust, win) from ``state``, or None
    when it does not make one (docs/solver.md says what each tier asks)."""
    if objective == "final_score":
        return make_final_puzzle(state, puzzle_id)
    if objective == "robust":
        base = make_final_puzzle(state, puzzle_id)
        if base is None:
            return None
        try:
            rankings = [rank_exact(state, FINAL_SCORE_WORK, m) for m in OPPONENT_MODELS]
        except OutOfReach:
            return None
        if any(
            str(r[0][0]) != base.answer or r[0][1] - r[1][1] < FINAL_SCORE_MARGIN for r in rankings
        ):
            return None
        margin = min(r[0][1] - r[1][1] for r in rankings)
        return replace(base, tier=5, objective="robust", margin=round(margin, 4))
    if objective == "win":
        if state.phase != "take" or turns_left(state) != 2:
            return None
        try:
            score = rank_exact(state, FINAL_SCORE_WORK)
            ranking = rank_win(state, max_work=WIN_WORK)
        except OutOfReach:
            return None
        if len(ranking) < 2:
            return None
        (best, chance), (_, chance2) = ranking[0], ranking[1]
        top = score[0][0]
        points = dict(score)
        if best == top or chance - chance2 < WIN_MARGIN or points[best] >= points[top]:
            return None
        rating = min(10.0, rate(state, score, "move") + 3.0)  # the points mislead: harder
        now = best_move_now(state)
        return _exact_puzzle(
            state, puzzle_id, "win", ranking, rating, now, most_final_score=str(top)
        )
    raise ValueError(f"objective: one of {', '.join(EXACT_TIERS)}, not {objective!r}")


WIN_WORK = 100_000  # positions a tier-6 answer values at most: each re-solves in seconds


def build_exact_set(objective: str, first_seed: int, quota: int, players: int = 2) -> list[Puzzle]:
    """Tier 5 or 6: one puzzle per game at most, from seeded ``players``-player games (for the
    win, games of greedy bots only: against random bots the game is mostly decided by then)."""
    tier = EXACT_TIERS[objective]
    found: list[Puzzle] = []
    seed = first_seed
    while len(found) < quota:
        if seed > first_seed + 3000:
            raise LookupError(f"no {quota} {objective} puzzles in 3000 games from {first_seed}")
        if objective == "win":
            game = new_game(players=players, seed=seed)
            bots = [GreedyBot(seed + i) for i in range(players)]
            states = (s for s in decisions(game, bots) if s.phase == "take")
        else:
            states = positions(seed, players)
        for state in states:
            if state.phase == "take" and turns_left(state) == 2:
                p = make_exact_puzzle(state, "", objective)
                if p is not None:
                    found.append(p)
                    print(f"{objective}: seed {seed}, {len(found)} of {quota}", flush=True)
                    break
        seed += 1
    return [replace(p, id=f"t{tier}-{i + 1:02d}") for i, p in enumerate(found)]


def build_final_score_set(first_seed: int = 5000, quota: int = FINAL_SCORE_QUOTA) -> list[Puzzle]:
    """The final-score set: one puzzle per game at most, half of them (or more) where the move
    worth the most points now is not the answer; ordered by seed."""
    surprising: list[Puzzle] = []
    plain: list[Puzzle] = []
    seed = first_seed
    while len(surprising) < quota // 2 or len(surprising) + len(plain) < quota:
        if seed > first_seed + 2000:
            raise LookupError(
                f"no {quota} final-score puzzles in 2000 games from seed {first_seed}"
            )
        for state in positions(seed):
            p = make_final_puzzle(state, "")
            if p is not None:
                (surprising if p.source["most_points_now"] != p.answer else plain).append(p)
                break
        seed += 1
    chosen = surprising[:quota] + plain[: max(0, quota - len(surprising))]
    chosen.sort(key=lambda p: (p.source["seed"], p.source["move"]))
    return [replace(p, id=f"t4-{i + 1:02d}") for i, p in enumerate(chosen)]


def set_path(tier: int) -> Path:
    """The file of a tier's set, e.g. ``seeds/puzzles/tier4_final_score.json``."""
    return puzzles_dir() / f"tier{tier}_{TIERS[tier].replace(' ', '_')}.json"


# The sets of tiers 5 and 6: (first seed, how many), from 2-player games.
EXACT_SETS = {"robust": (7000, 6), "win": (9000, 6)}


def main(argv: list[str] | None = None) -> None:
    """Rebuild the puzzle sets in ``seeds/puzzles`` (tiers 1–3, the final-score set, and the sets
    of tiers 5 and 6): ``python -m corinth.solver.puzzles [TIER ...]`` (default: every tier)."""
    import sys

    tiers = [int(t) for t in (sys.argv[1:] if argv is None else argv)] or list(TIERS)
    puzzles_dir().mkdir(parents=True, exist_ok=True)
    sets = build_sets() if set(tiers) & set(TIER_BOUNDS) else {}
    if 4 in tiers:
        sets[4] = build_final_score_set()
    for objective, (seed, quota) in EXACT_SETS.items():
        tier = EXACT_TIERS[objective]
        if tier in tiers:  # saved at once: each takes minutes
            sets[tier] = build_exact_set(objective, seed, quota)
            save_puzzles(
                sets[tier], set_path(tier), f"Corinth puzzles, tier {tier} ({TIERS[tier]})"
            )
    for tier, puzzles in sets.items():
        if tier in tiers:
            path = set_path(tier)
            save_puzzles(puzzles, path, f"Corinth puzzles, tier {tier} ({TIERS[tier]})")
            print(f"{path}: {len(puzzles)} puzzles")
    write_verified([p for p in load_puzzles() if p.objective in EXACT_TIERS])


VERIFIED_HEADER = '''"""Digests (``puzzles.final_digest``) of the final-score puzzles that ``make_final_puzzle`` made
with the exact solver when their set was written (``python -m corinth.solver.puzzles`` writes this
file; ``tests/solver/test_puzzles.py`` solves every one of them again). A final-score puzzle not listed here,
or changed in any field, is solved exactly when it is loaded.
"""

FINAL_SCORE = frozenset(
    {
'''


def write_verified(final: list[Puzzle]) -> None:
    """Write ``verified.py``: the digests of the puzzles of tiers 4 to 6 made and solved."""
    lines = "".join(f'        "{final_digest(p)}",  # {p.id}\n' for p in final)
    Path(verified.__file__).write_text(VERIFIED_HEADER + lines + "    }\n)\n", encoding="utf-8")


if __name__ == "__main__":
    main()
