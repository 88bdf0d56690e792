"""Puzzles one after another, as on a chess-training site: the next unsolved puzzle of the chosen
level, a mark for each solved one (kept in the browser by ``Progress``), and a streak.

>>> from corinth.solver.puzzles import load_puzzles
>>> trainer = PuzzleTrainer(load_puzzles())
>>> trainer.current.puzzle.id
't1-01'
>>> trainer.board.answer(trainer.current.puzzle.answer).loss
0.0
>>> trainer.streak, sorted(trainer.solved)
(1, ['t1-01'])
>>> trainer.next_puzzle().puzzle.id
't1-02'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from corinth.shared.language import N_, _, ngettext

from .progress import Progress
from .puzzle import PuzzleWidget

LEVELS = {
    1: N_("beginner"),
    2: N_("intermediate"),
    3: N_("expert"),
    4: N_("final score"),
    5: N_("final score, whatever the others do"),
    6: N_("for the win"),
}


def progress_name(puzzle: Any) -> str:
    """The name a puzzle's solved mark is kept under in the browser: ``puzzle-t1-03``."""
    return f"puzzle-{puzzle.id}"


@dataclass(frozen=True)
class Shelf:
    """How one game's puzzles sit in the trainer: the group a puzzle belongs to (``group``), the
    groups in order with their labels, what the chooser is called, the board a puzzle is played on,
    the name its solved mark is kept under, and the trainer's words (in English, marked with
    ``N_``: the trainer shows them in the language spoken now).

    ``streak``: count puzzles solved in a row at the first try; ``total``: say how many of the
    whole set are solved; ``skip_solved``: a page opened on a puzzle solved on an earlier visit
    moves on to the next one."""

    group: Callable[[Any], Any]
    labels: Callable[[Sequence[Any]], list[tuple[str, Any]]]
    chooser: str
    board: Callable[[Any], Any]
    mark: Callable[[Any], str]
    title: str
    streak: bool = True
    total: bool = False
    skip_solved: bool = False
    order: Callable[[Any], Any] = lambda p: p.id


CORINTH_SHELF = Shelf(
    group=lambda p: p.tier,
    labels=lambda tiers: [
        (_(LEVELS[t]) if t in LEVELS else _("tier {tier}").format(tier=t), t) for t in sorted(tiers)
    ],
    chooser=N_("Level"),
    board=PuzzleWidget,
    mark=progress_name,
    title=N_("Puzzle trainer"),
    order=lambda p: (p.tier, p.id),
)

CORINTHO_KINDS = ("extend to 4", "win in 1", "stop the threat", "win in 2")  # easiest first
# Each kind as the chooser shows it.
CORINTHO_LABELS = {
    "extend to 4": N_("Extend to 4"),
    "win in 1": N_("Win in 1"),
    "stop the threat": N_("Stop the threat"),
    "win in 2": N_("Win in 2"),
}


def corintho_mark(puzzle: Any) -> str:
    """The name a Corintho puzzle's solved mark is kept under in the browser: ``corintho-w1-01``."""
    return f"corintho-{puzzle.id}"


def _corintho_board(puzzle: Any):
    from .corintho import CorinthoPuzzleBoard

    return CorinthoPuzzleBoard(puzzle)


CORINTHO_SHELF = Shelf(
    group=lambda p: p.kind,
    labels=lambda kinds: [(_(CORINTHO_LABELS[k]), k) for k in CORINTHO_KINDS if k in kinds],
    chooser=N_("Kind"),
    board=_corintho_board,
    mark=corintho_mark,
    title=N_("Corintho puzzles"),
    streak=False,
    total=True,
    skip_solved=True,
)


COURTS_KINDS = {"round": N_("This round"), "deal": N_("End of the deal")}  # the nearer end first


def courts_mark(puzzle: Any) -> str:
    """The name a Four Courts puzzle's solved mark is kept under in the browser: ``courts-round-01``."""
    return f"courts-{puzzle.id}"


def _courts_board(puzzle: Any):
    from .courts import CourtsPuzzleBoard

    return CourtsPuzzleBoard(puzzle)


COURTS_SHELF = Shelf(
    group=lambda p: p.kind,
    labels=lambda kinds: [(_(label), k) for k, label in COURTS_KINDS.items() if k in kinds],
    chooser=N_("Kind"),
    board=_courts_board,
    mark=courts_mark,
    title=N_("Four Courts puzzles"),
    streak=False,
    total=True,
    skip_solved=True,
)


class PuzzleTrainer(w.VBox):
    """The stored puzzles of one group at a time (Corinth: a level; Corintho: a kind, with
    ``shelf=CORINTHO_SHELF``; The Four Courts: how far ahead, ``shelf=COURTS_SHELF``): solve one,
    press "Next puzzle" for the next one not solved yet. With a streak, a puzzle solved at the first
    try with no answer shown adds to it; a wrong try ends it. With ``progress``, the solved marks
    are kept in the browser, and each answer, hint and answer shown on a board is told to a class's
    teacher under the puzzle's mark (``Progress.tell``, as the lessons' exercises tell theirs).

    >>> from corinth.corintho.puzzles import load_puzzles as corintho_puzzles
    >>> trainer = PuzzleTrainer(corintho_puzzles(), shelf=CORINTHO_SHELF, start="win in 1")
    >>> trainer.board.answer(sorted(trainer.board.answers)[0]), sorted(trainer.solved)
    (True, ['w1-01'])

    >>> from corinth.courts.puzzles import load_puzzles as courts_puzzles
    >>> trainer = PuzzleTrainer(courts_puzzles(), shelf=COURTS_SHELF, start="deal")
    >>> trainer.board.answer(sorted(trainer.board.answers)[0]), sorted(trainer.solved)
    (True, ['deal-01'])
    >>> trainer.next_puzzle().puzzle.id
    'deal-02'
    """

    def __init__(
        self,
        puzzles: Sequence[Any],
        progress: Progress | None = None,
        tier: Any = 1,
        shelf: Shelf = CORINTH_SHELF,
        start: Any = None,
    ):
        self.shelf = shelf
        self.puzzles = sorted(puzzles, key=shelf.order)
        self.progress = progress
        self.solved: set[str] = set()
        self.streak = 0
        self.best_streak = 0
        options = shelf.labels({shelf.group(p) for p in self.puzzles})
        values = [v for _, v in options]
        start = tier if start is None else start
        self.level = w.ToggleButtons(
            options=options,
            value=start if start in values else values[0],
            description=_(shelf.chooser),
            style={"button_width": "auto"},
        )
        self.next_button = w.Button(
            description=_("Next puzzle"), icon="forward", button_style="primary"
        )
        self.status = w.HTML()
        self.board: Any = None
        self.current = None
        if progress is not None:
            for p in self.puzzles:
                progress.track(shelf.mark(p), on_restore=self._restored)
            progress.on_reset(self._forget)
        self.level.observe(lambda _c: self.next_puzzle(), "value")
        self.next_button.on_click(lambda _b: self.next_puzzle())
        super().__init__([w.HBox([self.level, self.next_button]), self.status])
        self.add_class("corinth-trainer")
        self.next_puzzle()

    @property
    def kind(self) -> w.ToggleButtons:
        """The chooser of the group (Corintho's puzzles are grouped by kind)."""
        return self.level

    def _level_puzzles(self) -> list:
        return [p for p in self.puzzles if self.shelf.group(p) == self.level.value]

    def next_puzzle(self):
        """Show the next puzzle of the group not solved yet (after the current one, in order; once
        all are solved, the next one), and return its board."""
        level = self._level_puzzles()
        ids = [p.id for p in level]
        start = ids.index(self.current.puzzle.id) + 1 if self._current_in(ids) else 0
        order = level[start:] + level[:start]
        puzzle = next((p for p in order if p.id not in self.solved), order[0])
        if self.board is not None and self.current.puzzle.id not in self.solved:
            self.streak = 0  # left unsolved: the streak ends
        self.board = self.shelf.board(puzzle)
        self.board.on_solved(lambda board=self.board: self._solved(board))
        self.board.reveal_button.on_click(lambda _b: self._missed())
        self.board.on_wrong(self._missed)
        if self.progress is not None:  # each answer, hint and answer shown: told to the teacher
            name, progress = self.shelf.mark(puzzle), self.progress
            self.board.on_event(
                lambda kind, answer, right: progress.tell(name, kind, answer, right)
            )
        self.current = self.board
        self.children = [self.children[0], self.status, self.board]
        self._show_status()
        return self.board

    def _current_in(self, ids: list[str]) -> bool:
        return self.current is not None and self.current.puzzle.id in ids

    def _solved(self, board: Any) -> None:
        first_try = board.wrong_tries == 0 and not board.revealed
        if board.puzzle.id not in self.solved:
            self.streak = self.streak + 1 if first_try else 0
            self.best_streak = max(self.best_streak, self.streak)
        self.solved.add(board.puzzle.id)
        if self.progress is not None:
            self.progress.mark(self.shelf.mark(board.puzzle))
        self._show_status()

    def heard(self, puzzle_id: str) -> None:
        """A puzzle of the set solved on another board of the page: marked here too."""
        if any(p.id == puzzle_id for p in self.puzzles) and puzzle_id not in self.solved:
            self.solved.add(puzzle_id)
            self._show_status()

    def _missed(self) -> None:
        """A wrong try or a shown answer ends the streak at once."""
        self.streak = 0
        self._show_status()

    def _forget(self) -> None:
        self.solved.clear()
        self.streak = 0
        self._show_status()

    def _restored(self, name: str) -> None:
        marks = {self.shelf.mark(p): p.id for p in self.puzzles}
        self.solved.add(marks.get(name, name))
        board = self.board
        untouched = (
            not (board.solved or board.revealed or board.wrong_tries or board.hints_shown)
            if self.shelf.skip_solved
            else False
        )
        if untouched and board.puzzle.id in self.solved:
            self.next_puzzle()  # the page opened on a puzzle solved before: the next one instead
        else:
            self._show_status()

    def _show_status(self) -> None:
        level = self._level_puzzles()
        done = sum(p.id in self.solved for p in level)
        marks = " ".join("✓" if p.id in self.solved else "·" for p in level)
        where = [p.id for p in level].index(self.current.puzzle.id) + 1 if self.current else 0
        label = dict((v, k) for k, v in self.level.options).get(self.level.value, "")
        count = ngettext(
            "puzzle {where} of {total}, {done} solved",
            "puzzle {where} of {total}, {done} solved",
            done,
        ).format(where=where, total=len(level), done=done)
        if self.streak and self.shelf.streak:
            count += " · " + _("streak {n}").format(n=self.streak)
        total = ""
        if self.shelf.total:
            solved = sum(p.id in self.solved for p in self.puzzles)
            total = " · " + ngettext(
                "{done} of {total} puzzles solved in all",
                "{done} of {total} puzzles solved in all",
                solved,
            ).format(done=solved, total=len(self.puzzles))
        # "Label: count", the colon as the language writes it (French puts a space before it)
        said = _("{label}: {count}").format(
            label=f"<b>{html.escape(label)}</b>", count=html.escape(count)
        )
        self.status.value = (
            f"<div role='status'>{said} "
            f"<span aria-hidden='true' style='letter-spacing:2px'>{marks}</span>{total}</div>"
        )

    def __repr__(self) -> str:
        level = self._level_puzzles()
        done = sum(p.id in self.solved for p in level)
        if not self.shelf.streak:
            value = self.level.value
            named = dict((v, k) for k, v in self.level.options).get(value, str(value))
            shown = value if named.lower() == str(value).lower() else named  # never an inner name
            said = ngettext(
                "{trainer}, {kind}: {done} of {total} solved",
                "{trainer}, {kind}: {done} of {total} solved",
                done,
            ).format(trainer=_(self.shelf.title), kind=shown, done=done, total=len(level))
            return f"{said}\n{self.board!r}"
        label = (
            _(LEVELS[self.level.value])
            if self.shelf is CORINTH_SHELF and self.level.value in LEVELS
            else self.level.value
        )
        said = ngettext(
            "{trainer}, {kind}: {done} of {total} solved, streak {streak}",
            "{trainer}, {kind}: {done} of {total} solved, streak {streak}",
            done,
        ).format(
            trainer=_(self.shelf.title), kind=label, done=done, total=len(level), streak=self.streak
        )
        return f"{said}\n{self.board!r}"
