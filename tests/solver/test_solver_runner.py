"""The one runner of numbered, seeded games: the same games in the same order on any number of
processes, handed out a batch at a time, with progress as each game ends."""

from __future__ import annotations

import itertools
import multiprocessing
from functools import partial

import pytest

from corinth import new_game
from corinth.solver.bots import RandomBot, play_game
from corinth.solver.runner import game_seed, play_games


def test_game_seeds_are_those_of_every_saved_run():
    # corinth simulate, the strategy lab's saved run: game k of a run keeps its seed.
    assert game_seed(2026, 0) == 4739820308868465158
    assert game_seed(2026, 1) == 5972952440663913667
    assert game_seed(1, 2) == 7764949442709860949


def final_scores(seed: int, k: int) -> list[int]:
    gseed = game_seed(seed, k)
    final = play_game(new_game(players=2, seed=gseed), [RandomBot(gseed), RandomBot(gseed + 1)])
    return [final.score(i) for i in range(2)]


def test_one_process_or_two_play_the_same_games_in_order():
    play = partial(final_scores, 3)
    one = list(play_games(play, range(12)))
    two = list(play_games(play, range(12), jobs=2))
    assert one == two == [play(k) for k in range(12)]


def test_workers_take_only_a_batch_of_games_at_a_time():
    drawn = []

    def numbers():
        for k in itertools.count():
            drawn.append(k)
            yield k

    results = play_games(partial(game_seed, 1), numbers(), jobs=2)
    first = [next(results) for _ in range(3)]
    results.close()  # stops the workers
    assert first == [game_seed(1, k) for k in range(3)]
    assert len(drawn) <= 16 * 2 * 4 + 1  # one batch (chunk 16 × 2 workers × 4), not endless


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_told_of_every_game(jobs):
    ended = []
    results = list(play_games(partial(game_seed, 1), range(40), jobs, lambda: ended.append(1)))
    assert len(results) == len(ended) == 40


def test_one_job_or_one_game_starts_no_process(monkeypatch):
    def no_pool(*args, **kwargs):
        raise AssertionError("played here: no pool")

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    assert list(play_games(partial(game_seed, 1), range(3))) == [game_seed(1, k) for k in range(3)]
    assert list(play_games(partial(game_seed, 1), [5], jobs=4)) == [game_seed(1, 5)]
    assert list(play_games(partial(game_seed, 1), [], jobs=4)) == []


def test_a_ctrl_c_while_the_workers_start_is_held_to_the_end_even_with_other_threads_running():
    """A Ctrl-C landing while the workers are forked is held back, then raised. Another thread
    (numpy's BLAS threads, here a waiting one) may be the one the signal is delivered to: blocking
    it in this thread alone let it be raised inside, between a fork and its worker's registration,
    leaving an idle worker that held ``corinth simulate``'s output open after it ended."""
    import os
    import signal
    import threading
    import time

    from corinth.solver.runner import held_ctrl_c

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    reached = False
    # Python's own Ctrl-C handler, as in a terminal (a shell's background job starts with Ctrl-C
    # ignored, and then nothing is raised, held or not)
    terminal = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            with held_ctrl_c():
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.2)  # time for the signal to arrive, in whichever thread
                reached = True
    finally:
        signal.signal(signal.SIGINT, terminal)
        stop.set()
        other.join()
    assert reached
