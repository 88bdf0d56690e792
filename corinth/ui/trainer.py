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
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .progress import Progress
from .puzzle import PuzzleWidget

LEVELS = {
    1: "beginner",
    2: "intermediate",
    3: "expert",
    4: "final score",
    5: "final score, whatever the others do",
    6: "for the win",
}


def progress_name(puzzle: Any) -> str:
    """The name a puzzle's solved mark is kept under in the browser: ``puzzle-t1-03``."""
    return f"puzzle-{puzzle.id}"


class PuzzleTrainer(w.VBox):
    """The stored puzzles of one level at a time: solve one, press "Next puzzle" for the next one not
    solved yet. A puzzle solved at the first try with no answer shown adds to the streak; a wrong try
    ends it."""

    def __init__(self, puzzles: Sequence[Any], progress: Progress | None = None, tier: int = 1):
        self.puzzles = sorted(puzzles, key=lambda p: (p.tier, p.id))
        self.progress = progress
        self.solved: set[str] = set()
        self.streak = 0
        self.best_streak = 0
        tiers = sorted({p.tier for p in self.puzzles})
        self.level = w.ToggleButtons(
            options=[(LEVELS.get(t, f"tier {t}"), t) for t in tiers],
            value=tier if tier in tiers else tiers[0],
            description="Level",
            style={"button_width": "auto"},
        )
        self.next_button = w.Button(
            description="Next puzzle", icon="forward", button_style="primary"
        )
        self.status = w.HTML()
        self.board: PuzzleWidget | None = None
        self.current = None
        if progress is not None:
            for p in self.puzzles:
                progress.track(progress_name(p), on_restore=self._restored)
            progress.on_reset(self._forget)
        self.level.observe(lambda _c: self.next_puzzle(), "value")
        self.next_button.on_click(lambda _b: self.next_puzzle())
        super().__init__([w.HBox([self.level, self.next_button]), self.status])
        self.add_class("corinth-trainer")
        self.next_puzzle()

    def _level_puzzles(self) -> list:
        return [p for p in self.puzzles if p.tier == self.level.value]

    def next_puzzle(self) -> PuzzleWidget:
        """Show the next puzzle of the level not solved yet (after the current one, in order; once
        all are solved, the next one), and return its board."""
        level = self._level_puzzles()
        ids = [p.id for p in level]
        start = ids.index(self.current.puzzle.id) + 1 if self._current_in(ids) else 0
        order = level[start:] + level[:start]
        puzzle = next((p for p in order if p.id not in self.solved), order[0])
        if self.board is not None and self.current.puzzle.id not in self.solved:
            self.streak = 0  # left unsolved: the streak ends
        self.board = PuzzleWidget(puzzle)
        self.board.on_solved(lambda board=self.board: self._solved(board))
        self.board.reveal_button.on_click(lambda _b: self._missed())
        self.board.on_wrong(self._missed)
        self.current = self.board
        self.children = [self.children[0], self.status, self.board]
        self._show_status()
        return self.board

    def _current_in(self, ids: list[str]) -> bool:
        return self.current is not None and self.current.puzzle.id in ids

    def _solved(self, board: PuzzleWidget) -> None:
        first_try = board.wrong_tries == 0 and not board.revealed
        if board.puzzle.id not in self.solved:
            self.streak = self.streak + 1 if first_try else 0
            self.best_streak = max(self.best_streak, self.streak)
        self.solved.add(board.puzzle.id)
        if self.progress is not None:
            self.progress.mark(progress_name(board.puzzle))
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
        self.solved.add(name.removeprefix("puzzle-"))
        self._show_status()

    def _show_status(self) -> None:
        level = self._level_puzzles()
        done = sum(p.id in self.solved for p in level)
        marks = " ".join("✓" if p.id in self.solved else "·" for p in level)
        where = [p.id for p in level].index(self.current.puzzle.id) + 1 if self.current else 0
        streak = f" · streak {self.streak}" if self.streak else ""
        self.status.value = (
            f"<div role='status'><b>{html.escape(LEVELS.get(self.level.value, ''))}</b>: puzzle "
            f"{where} of {len(level)}, {done} solved{streak} "
            f"<span aria-hidden='true' style='letter-spacing:2px'>{marks}</span></div>"
        )

    def __repr__(self) -> str:
        level = self._level_puzzles()
        done = sum(p.id in self.solved for p in level)
        return (
            f"Puzzle trainer, {LEVELS.get(self.level.value)}: {done} of {len(level)} solved, "
            f"streak {self.streak}\n{self.board!r}"
        )
