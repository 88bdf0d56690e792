"""Numbered games, each seeded from its number alone, played in order on one process or several.

Every long run of the project plays games this way: ``corinth simulate``, the lookahead bot's strength
(``corinth.solver.strength``), the market search (``corinth.solver.layout_search``) and the strategy
lab of notebook 07. A game can then be played again by itself, and a run gives the same games, in the
same order, whatever the number of processes.

>>> from functools import partial
>>> seeds = list(play_games(partial(game_seed, 7), range(3), jobs=2))
>>> seeds == [game_seed(7, k) for k in range(3)]
True
"""

from __future__ import annotations

import itertools
import multiprocessing
import operator
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

import numpy as np

Result = TypeVar("Result")

BATCH_CHUNK = 16  # games a worker takes at a time, at most


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run seeded ``seed`` (independent streams from one run seed).

    >>> game_seed(2026, 0) == game_seed(2026, 0) != game_seed(2026, 1)
    True
    >>> 0 <= game_seed(0, 0) < 2**63
    True
    """
    return int(np.random.SeedSequence([seed, k]).generate_state(2, dtype=np.uint64)[0] >> 1)


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
                # in a fork hook, where Python only reports it ("Exception ignored") and goes on: it
                # is held back until they are started, and arrives below.
                held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
                try:
                    results = executor.map(play, batch, chunksize=chunk)
                finally:
                    signal.pthread_sigmask(signal.SIG_SETMASK, held)
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
