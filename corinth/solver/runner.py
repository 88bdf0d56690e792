"""Numbered games, each seeded from its number alone, played in order on one process or several.

Every long run of the project plays games this way: ``simulate`` here (``corinth simulate`` and lesson
07), the lookahead bot's strength (``corinth.solver.strength``), the market search
(``corinth.solver.layout_search``) and the strategy lab of notebook 07. A game can then be played
again by itself, and a run gives the same games, in the same order, whatever the number of processes.

>>> from functools import partial
>>> seeds = list(play_games(partial(game_seed, 7), range(3), jobs=2))
>>> seeds == [game_seed(7, k) for k in range(3)]
True
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import operator
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import TypeVar

import numpy as np

from corinth.rules import UnknownVariant, Variants, new_game
from corinth.rules.scoring import TERMS, term_word
from corinth.shared.language import _

from .bots import play_game
from .explain import decimals
from .seats import BOTS, make_bot

Result = TypeVar("Result")

BATCH_CHUNK = 16  # games a worker takes at a time, at most
MAX_JOBS = 64  # worker processes; more is a typo, not a machine


class SimulationError(ValueError):
    """A run that cannot be played as asked (no games, a negative seed, an unknown bot …): the
    message names the option, as ``corinth simulate`` spells it."""


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run seeded ``seed`` (independent streams from one run seed).

    >>> game_seed(2026, 0) == game_seed(2026, 0) != game_seed(2026, 1)
    True
    >>> 0 <= game_seed(0, 0) < 2**63
    True
    """
    return int(np.random.SeedSequence([seed, k]).generate_state(2, dtype=np.uint64)[0] >> 1)


@contextlib.contextmanager
def held_ctrl_c() -> Iterator[None]:
    """Ctrl-C held back until the block ends, then raised (as the handler in place would).

    Blocking SIGINT in this thread is not enough: a process-directed signal goes to any thread
    that does not block it (numpy's BLAS threads), and Python then raises it in the main thread
    inside the block all the same. So the handler only notes it here. (Only the main thread
    receives Ctrl-C; elsewhere this holds nothing.)

    >>> import os
    >>> terminal = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own handler
    >>> try:
    ...     with held_ctrl_c():
    ...         os.kill(os.getpid(), signal.SIGINT)
    ...         inside = "not raised inside"
    ... except KeyboardInterrupt:
    ...     print(inside, "but at the end")
    not raised inside but at the end
    >>> _ = signal.signal(signal.SIGINT, terminal)

    (A process started with Ctrl-C ignored, as a shell's background job is, keeps ignoring it.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[object] = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, None)
            elif previous == signal.SIG_DFL:
                raise KeyboardInterrupt


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the process that started them, which stops them all."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_games(
    play: Callable[[int], Result],
    numbers: Iterable[int],
    jobs: int = 1,
    progress: Callable[[], object] | None = None,
) -> Iterator[Result]:
    """``play(k)`` for each game number ``k`` of ``numbers``, yielded in that order as the games end.

    ``play`` plays game ``k`` from its number alone (seeding it with ``game_seed`` or with ``k``).
    With ``jobs`` of 1, or one game or none, the games are played here, in this process. Otherwise
    ``jobs`` forked worker processes play them; ``play`` must then be found by name (a function of a
    module, or a ``functools.partial`` of one). The games are handed out a batch at a time, so only a
    few hundred wait in memory whatever the count (``numbers`` may be a ``range`` of 10**9 or
    endless). The workers stop when the iterator is closed; they ignore Ctrl-C, so that only the
    caller sees it (and stops them). ``progress()`` is called as each game ends (a tqdm bar's ``update`` fits).

    >>> list(play_games(lambda k: k * k, range(4)))
    [0, 1, 4, 9]
    """
    count = operator.length_hint(numbers, -1)  # -1: not known
    work = iter(numbers)
    if jobs == 1 or count in (0, 1):
        for k in work:
            result = play(k)
            if progress is not None:
                progress()
            yield result
        return
    chunk = BATCH_CHUNK if count < 0 else max(1, min(BATCH_CHUNK, count // (4 * jobs)))
    # concurrent.futures rather than multiprocessing.Pool: Pool.terminate() can wait for ever on a
    # worker that is idle between two batches (it holds the task queue's lock while it waits; CPython
    # issues 73945, 78178), which a Ctrl-C at that moment met on a busy machine. The executor's
    # shutdown cancels what is not started and waits only for the batch each worker is playing.
    before = set(multiprocessing.active_children())
    executor = ProcessPoolExecutor(
        jobs, mp_context=multiprocessing.get_context("fork"), initializer=_ignore_sigint
    )
    try:
        first = True
        while batch := list(itertools.islice(work, chunk * jobs * 4)):
            if first:
                # The workers are forked at the first submission. A Ctrl-C arriving then would land
                # in a fork hook, where Python only reports it ("Exception ignored") and goes on, or
                # between a fork and its worker's registration, leaving a worker no one ends (idle,
                # holding the command's output open): it is held back until they are started.
                with held_ctrl_c():
                    results = executor.map(play, batch, chunksize=chunk)
                first = False
            else:
                results = executor.map(play, batch, chunksize=chunk)
            for result in results:
                if progress is not None:
                    progress()
                yield result
    except BaseException:  # the caller stopped: Ctrl-C, an error, the iterator closed early
        # The workers are ended rather than waited for: one stuck in a game would hold the caller.
        for worker in set(multiprocessing.active_children()) - before:
            worker.terminate()
        executor.shutdown(wait=True, cancel_futures=True)
        raise
    executor.shutdown(wait=True)


def _play_one(seed: int, players: int, bots: tuple[str, ...], variants: Variants, k: int) -> dict:
    """Game ``k`` of the run seeded ``seed``."""
    gseed = game_seed(seed, k)
    seats = [make_bot(name, gseed + i) for i, name in enumerate(bots)]
    final = play_game(new_game(players=players, seed=gseed, variants=variants), seats)
    return {
        "seed": gseed,
        "winners": list(final.winners),
        "scores": [final.score_breakdown(i).as_dict() for i in range(players)],
    }


class _SeatTally:
    """One seat's running sums over the games, so a report needs no list of every game's result."""

    def __init__(self) -> None:
        self.score = _Running()
        self.wins = _Running()
        self.terms = dict.fromkeys(TERMS, 0.0)

    def add(self, scores: dict, win: float) -> None:
        self.score.add(scores["total"])
        self.wins.add(win)
        for t in TERMS:
            self.terms[t] += scores[t]

    def summary(self) -> dict:
        n = self.wins.n
        half = 1.96 * self.wins.sd() / np.sqrt(n) if n > 1 else float("nan")
        return {
            "mean_score": self.score.mean,
            "score_sd": self.score.sd(),
            "win_rate": self.wins.mean,
            "win_rate_ci95": [self.wins.mean - half, self.wins.mean + half],
            "terms": {t: v / n for t, v in self.terms.items()},
        }


class _Running:
    """Mean and standard deviation of a stream (Welford's update: exact enough for 10**9 values).

    >>> r = _Running()
    >>> for x in (1, 2, 3, 4):
    ...     r.add(x)
    >>> r.mean, round(r.sd(), 4)
    (2.5, 1.291)
    """

    def __init__(self) -> None:
        self.n, self.mean, self._m2 = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)

    def sd(self) -> float:
        return float(np.sqrt(self._m2 / (self.n - 1))) if self.n > 1 else 0.0


def simulate(
    players: int,
    games: int,
    bots: tuple[str, ...],
    seed: int,
    jobs: int = 1,
    progress: bool = False,
    variants: tuple[str, ...] = (),
) -> dict:
    """Play ``games`` seeded games and summarise them per seat.

    A shared victory (E2) counts as a fraction of a win for each winner. ``variants`` are rule variant
    names (``corinth.rules.variants``); ``progress`` shows a progress bar on the standard error. Input
    that cannot be played raises ``SimulationError``, saying why.

    >>> report = simulate(2, 2, ("greedy", "random"), seed=1)
    >>> [seat["bot"] for seat in report["seats"]], report["games"]
    (['greedy', 'random'], 2)
    """
    if games < 1:
        raise SimulationError("--games must be at least 1")
    if seed < 0:
        raise SimulationError(f"--seed must be a whole number ≥ 0, not {seed}")
    if not 1 <= jobs <= MAX_JOBS:
        raise SimulationError(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise SimulationError(f"--bot names {len(bots)} bots for {players} players")
    for name in bots:
        if name not in BOTS:
            raise SimulationError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    try:
        rules = Variants.from_names(variants)
    except UnknownVariant as exc:
        raise SimulationError(str(exc)) from None
    play = partial(_play_one, seed, players, bots, rules)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, desc="simulate")
    tally = [_SeatTally() for _ in bots]
    try:
        # range(games) is lazy and the games are handed out a batch at a time: --games 10**9 is fine
        for r in play_games(play, range(games), jobs, bar.update if bar else None):
            for i, seat in enumerate(tally):
                seat.add(r["scores"][i], 1 / len(r["winners"]) if i in r["winners"] else 0.0)
    finally:
        if bar:
            bar.close()
    seats = [
        {"seat": i + 1, "bot": name, **t.summary()} for i, (name, t) in enumerate(zip(bots, tally))
    ]
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "variants": rules.names(),
        "seats": seats,
    }


def format_simulation(report: dict) -> str:
    """A ``simulate`` report as a table: a row per seat, each score term's mean (E1).

    >>> print(format_simulation(simulate(2, 2, ("greedy", "random"), seed=1)).splitlines()[0])
    2 games, 2 players, seed 1
    """
    head = [_("seat"), _("bot"), _("mean"), _("win rate"), *(term_word(t) for t in TERMS)]
    rows = [
        [
            str(s["seat"]),
            s["bot"],
            decimals(s["mean_score"], 1),
            _("{n}%").format(n=decimals(100 * s["win_rate"], 1)),
            *(decimals(s["terms"][t], 1) for t in TERMS),
        ]
        for s in report["seats"]
    ]
    widths = [max(len(r[c]) for r in [head, *rows]) for c in range(len(head))]
    values = dict(
        games=report["games"],
        players=report["players"],
        seed=report["seed"],
        variants=", ".join(report.get("variants") or ()),
    )
    first = (
        _("{games} games, {players} players, seed {seed}, variants: {variants}")
        if report.get("variants")
        else _("{games} games, {players} players, seed {seed}")
    )
    lines = [first.format(**values), "  ".join(h.rjust(w) for h, w in zip(head, widths))]
    lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in rows]
    lines.append(
        _("mean of each score term (E1); a shared victory counts as a fraction of a win (E2)")
    )
    return "\n".join(lines)
