"""``corinth bench``: speed of the engine and the solver, medians measured in one run.

Every figure is the CPU time of this process (``time.process_time``), from states of real games (seeded greedy 4-player games), each against a baseline
where one exists:

- steward path enumeration: the engine's ``steward_paths`` (cold: its memo bypassed; and as called
  in play, memo warm) against the networkx ``all_simple_paths`` baseline
  (``nx_steward_path_buckets``), every path of 1 to 6 steps;
- ``legal_moves()`` per second;
- whole 4-player games per second, greedy bots against random bots;
- ``immediate`` ranking latency;
- whole greedy games with ``move_key`` against the apply-based greedy (``apply_key``);
- ``expected`` ranking latency (budget 3 s) and rollouts per second, and the same rollouts played
  by the greedy bot against the apply-based greedy;
- ``exact`` ranking CPU time per position (median, p95, max) on seeded positions with 2 turns
  left, and on the slowest positions met (``exact_named``);
- the hint a learner asks for (``Table.hint``'s work, ``hint_work``), by objective: median, p95
  and max CPU time on the positions near the end above and the named ones (``hint_named``);
- the exact rankings as ``rank_moves`` answers them by default, on positions with 2 turns left of
  2, 3 and 4 players (``near_the_end``): each answered within 2 s or refused at once by the
  estimate of its work (``rank.refusal``), by model.

A report is rows of measures and the machine they were taken on (``run``; the bench at its
smallest sizes is tested in tests/solver/test_solver_cli.py), printed as a table:

>>> row = {"measure": "legal_moves()", "value": 2500.0, "unit": "calls/s", "baseline": None,
...        "ratio": None, "target": "-"}
>>> machine = {"cpu": "x86_64", "cores": 2, "python": "3.11"}
>>> print(format_bench({"machine": machine, "states": 40, "quick": True, "rows": [row]}))
Machine: x86_64, 2 cores, Python 3.11; 40 decision states from seeded greedy games (quick run)
<BLANKLINE>
| measure | median | unit | baseline | ratio | target / note |
| --- | ---: | --- | ---: | ---: | --- |
| legal_moves() | 2,500 | calls/s | - | - | - |
"""

from __future__ import annotations

import math
import os
import platform
import statistics
import time

import numpy as np

from corinth.rules import GameState, new_game, steward_paths

from .bots import GreedyBot, RandomBot, decisions, play_game
from .exact import (
    EXACT_BUDGET,
    OPPONENT_MODELS,
    OutOfReach,
    in_reach,
    robust_best,
    timed_rank,
    turns_left,
)
from .exact import _estimate_work as estimate_memo
from .exact import _remembered as exact_memo
from .exact import late_states as exact_states
from .market import market_graph, nx_steward_path_buckets
from .puzzles import load_puzzles
from .rank import RankOptions, rank_moves
from .value import apply_key
from .win import _estimate as win_estimate_memo
from .win import _remembered as win_memo
from .win import timed_win

LONGEST = 6
# CPU time of this process: the figures do not depend on other work sharing the machine. The
# expected ranking's budget itself is wall-clock time (it is what a player waits for).
CLOCK = time.process_time


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo (or the platform's name for it)."""
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def game_states(games: int, seed: int = 0) -> list[GameState]:
    """Every decision state of ``games`` seeded greedy 4-player games."""
    out = []
    for g in range(games):
        steps = decisions(
            new_game(players=4, seed=seed + g),
            [GreedyBot()] * 4,
            rng=np.random.default_rng([seed, g]),
        )
        out.extend(s for s in steps if not s.is_over)
    return out


def exact_named() -> list[tuple[str, GameState]]:
    """The slowest positions for ``exact`` met so far, by name: decision #113 (0-based, game over
    aside) of the seeded 4-player greedy game of seed 5 (the test suite's ``game_states(4, 5)``),
    and the final-score puzzle t4-03 (a first take with 3,409 legal moves)."""
    steps = decisions(
        new_game(players=4, seed=5), [GreedyBot()] * 4, rng=np.random.default_rng([5, 4])
    )
    game = [s for s in steps if not s.is_over]
    puzzle = next(p.state for p in load_puzzles() if p.id == "t4-03")
    return [("4-player game seed 5, decision #113", game[113]), ("puzzle t4-03", puzzle)]


# The hints a learner can ask for, as (objective, the others' model).
HINT_ASKS = (
    ("immediate", "greedy"),
    ("expected", "greedy"),
    ("win", "greedy"),
    ("win", "cautious"),
    ("win", "random"),
)


def hint_named() -> list[tuple[str, GameState]]:
    """Positions where a hint once took 7 to 16 s: 2 turns left in the seeded greedy games of 4
    and 2 players of seed 101 (the test suite's ``game_states(4, 101)[105]`` and
    ``game_states(2, 101)[59]``)."""
    out = []
    for players, index in ((4, 105), (2, 59)):
        steps = decisions(
            new_game(players=players, seed=101),
            [GreedyBot()] * players,
            rng=np.random.default_rng([101, players]),
        )
        game = [s for s in steps if not s.is_over]
        out.append((f"{players}-player game seed 101, decision #{index}", game[index]))
    return out


def near_the_end(
    players: int, games: int, left: int = 2, per_game: int = 2, seed: int = 101
) -> list[GameState]:
    """Take positions where the player to decide has ``left`` turns left (and more than one legal
    move), at most ``per_game`` of each of ``games`` seeded greedy games of ``players`` players
    (seeds ``seed`` and on, the dice of ``numpy.random.default_rng([seed, players])``: the test
    suite's ``game_states``), in the order of the games.

    >>> [(s.num_players, turns_left(s)) for s in near_the_end(3, 1)]
    [(3, 2), (3, 2)]
    """
    out = []
    for game in range(seed, seed + games):
        steps = decisions(
            new_game(players=players, seed=game),
            [GreedyBot()] * players,
            np.random.default_rng([game, players]),
        )
        found = 0
        for s in steps:
            if found == per_game:
                break
            if s.phase == "take" and turns_left(s) == left and len(s.legal_moves()) > 1:
                out.append(s)
                found += 1
    return out


def _forget() -> None:
    """Every memo of the exact rankings and of their estimates emptied: each call solves afresh."""
    for memo in (exact_memo, win_memo, estimate_memo, win_estimate_memo):
        memo.cache_clear()


def hint_work(state: GameState, objective: str, opponents: str = "greedy") -> None:
    """The work of ``Table.hint(objective, opponents=opponents)`` at ``state`` (the table is a
    layer above the solver), every memo of the solver emptied first: exact and the robust check
    where they fit (``exact.in_reach``), the chance to win where its estimate fits (the refusal is
    part of the work), else the objective asked (the win: the expected final score)."""
    _forget()
    exact = in_reach(state)
    if objective == "win":
        try:
            options = RankOptions(top=10, model=opponents, goal="win", exact_budget=EXACT_BUDGET)
            rank_moves(state, "exact", options)
            return
        except OutOfReach:  # out of reach, or refused by the estimate of its work
            pass
        objective = "expected"
    if not exact:
        rank_moves(state, objective, seed=state.seed, top=10)
        return
    rank_moves(state, "exact", RankOptions(top=10, model=opponents))
    robust_best(state)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile of ``values``.

    >>> percentile([3.0, 1.0, 2.0, 4.0], 50), percentile(list(range(1, 101)), 95)
    (2.0, 95)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _best_time(fn, repeat: int = 1) -> float:
    """The fastest of ``repeat`` timed calls (the table then takes the median over states)."""
    times = []
    for _ in range(repeat):
        t = CLOCK()
        fn()
        times.append(CLOCK() - t)
    return min(times)


QUICK_SIZES = {
    "games": 2,
    "enum": 150,
    "expected": 3,
    "budget": 3.0,
    "exact": 6,
    "named": True,
    "asked": 1,
}
FULL_SIZES = {
    "games": 6,
    "enum": 600,
    "expected": 8,
    "budget": 3.0,
    "exact": 12,
    "named": True,
    "asked": 3,
}


def _row(measure: str, value: float, unit: str, baseline=None, ratio=None, target="") -> dict:
    """One row of the table: the measure, its median and unit, a baseline, the ratio, a note."""
    return {
        "measure": measure,
        "value": value,
        "unit": unit,
        "baseline": baseline,
        "ratio": ratio,
        "target": target,
    }


def run(quick: bool = False, sizes: dict | None = None) -> dict:
    """Measure everything; ``quick`` takes fewer samples. Returns rows of the table and the machine.

    The table's sections, in order, each a function giving its rows."""
    sizes = sizes or (QUICK_SIZES if quick else FULL_SIZES)
    states = game_states(sizes["games"])
    take = [s for s in states if s.phase == "take"]
    n_exact = sizes.get("exact", 12)
    rows = [
        *_steward_path_rows(states, take, sizes["enum"]),
        *_legal_moves_rows(states),
        *_whole_game_rows(max(1, sizes["games"])),
        *_immediate_rows(take),
        *_expected_rows(take, sizes["expected"], sizes["budget"]),
        *_exact_rows(n_exact, sizes.get("named")),
    ]
    # The other models, the goal of winning and the hints, on the same seeded positions.
    positions = exact_states(n_exact)
    rows += _other_model_rows(positions)
    last = exact_states(n_exact, left=1)
    rows += _win_rows(last)
    rows += _hint_rows(positions + last, sizes.get("named"))
    rows += _asked_rows(sizes.get("asked", 0))
    return {
        "machine": {
            "cpu": cpu_model(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
        },
        "quick": quick,
        "states": len(states),
        "rows": rows,
    }


def _steward_path_rows(states: list[GameState], take: list[GameState], enum: int) -> list[dict]:
    """1. Steward path enumeration against networkx: ``enum`` markets of real games drawn at
    random (seeded), cold and warm, and the empty market."""
    rng = np.random.default_rng(0)
    graph = market_graph(states[0].sheet)
    markets = [(s.player().steward, s.player().used) for s in take]
    picks = [markets[i] for i in rng.integers(len(markets), size=min(enum, len(markets)))]
    fast, slow = [], []
    for start, used in picks:
        fast.append(_best_time(lambda a=start, u=used: steward_paths(a, u, LONGEST, memo=False), 3))
        slow.append(
            _best_time(lambda a=start, u=used: nx_steward_path_buckets(graph, a, u, LONGEST))
        )
    f, s = statistics.median(fast), statistics.median(slow)
    rows = [
        _row(
            f"steward paths ≤{LONGEST} steps, real-game markets (memo bypassed)",
            f * 1e6,
            "µs",
            s * 1e6,
            statistics.median(b / a for a, b in zip(fast, slow)),
            "≥20× faster than networkx (ratio: median of per-state ratios)",
        )
    ]
    warm = []
    for start, used in picks:
        steward_paths(start, used, LONGEST)  # fill the memo, as play does
        warm.append(_best_time(lambda a=start, u=used: steward_paths(a, u, LONGEST), 3))
    rows.append(
        _row(
            f"steward paths ≤{LONGEST} steps as called in play (memo warm)",
            statistics.median(warm) * 1e6,
            "µs",
            s * 1e6,
            statistics.median(b / a for a, b in zip(warm, slow)),
            "≥20× faster than networkx",
        )
    )
    centre = states[0].sheet.market.centre
    f0 = _best_time(lambda: steward_paths(centre, 1 << centre, LONGEST, memo=False), 5)
    s0 = _best_time(lambda: nx_steward_path_buckets(graph, centre, 1 << centre, LONGEST), 3)
    rows.append(
        _row(
            f"steward paths ≤{LONGEST} steps, empty market (first move)",
            f0 * 1e6,
            "µs",
            s0 * 1e6,
            s0 / f0,
            "≥20× faster than networkx",
        )
    )
    return rows


def _legal_moves_rows(states: list[GameState]) -> list[dict]:
    """2. ``legal_moves()`` per second on real states."""
    per = [_best_time(lambda st=st: st.legal_moves(), 3) for st in states]
    counts = [len(st.legal_moves()) for st in states]
    return [
        _row(
            "legal_moves() calls per second (median state)",
            1 / statistics.median(per),
            "calls/s",
            target=f"median {statistics.median(counts):.0f} moves, max {max(counts)}",
        )
    ]


def _whole_game_rows(n_games: int) -> list[dict]:
    """3. Whole games per second: greedy against random, and the greedy bot's arithmetic
    valuation against the apply-based one, side by side (same seeds, same games)."""
    g_times = [
        _best_time(lambda k=k: play_game(new_game(4, seed=100 + k), [GreedyBot()] * 4))
        for k in range(n_games)
    ]
    r_times = [
        _best_time(
            lambda k=k: play_game(new_game(4, seed=100 + k), [RandomBot(k + i) for i in range(4)])
        )
        for k in range(n_games * 4)
    ]
    rows = [
        _row("random-bot 4-player games per second", 1 / statistics.median(r_times), "games/s"),
        _row(
            "greedy-bot 4-player games per second",
            1 / statistics.median(g_times),
            "games/s",
            1 / statistics.median(r_times),
            statistics.median(g_times) / statistics.median(r_times),
            "baseline: random bots (ratio = times slower)",
        ),
    ]
    apply_times = [
        _best_time(lambda k=k: play_game(new_game(4, seed=100 + k), [GreedyBot(key=apply_key)] * 4))
        for k in range(n_games)
    ]
    rows.append(
        _row(
            "greedy games per second: move_key against apply-based greedy",
            1 / statistics.median(g_times),
            "games/s",
            1 / statistics.median(apply_times),
            statistics.median(apply_times) / statistics.median(g_times),
            "≥10× faster (goal 20×); same seeds, same games",
        )
    )
    return rows


def _immediate_rows(take: list[GameState]) -> list[dict]:
    """4. The ``immediate`` ranking's latency."""
    lat = [_best_time(lambda st=st: rank_moves(st, "immediate")) for st in take]
    return [
        _row(
            "immediate ranking latency (median take state, all moves)",
            statistics.median(lat) * 1e3,
            "ms",
            max(lat) * 1e3,
            target="<20 ms median (baseline column: the slowest state)",
        )
    ]


def _expected_rows(take: list[GameState], count: int, budget: float) -> list[dict]:
    """5. The ``expected`` ranking's latency and rollouts per second on ``count`` states spread
    over the game, and the same rollouts played by the greedy bot and the apply-based greedy."""
    spread = [take[int(i)] for i in np.linspace(0, len(take) - 1, count)]
    exp_lat, rollouts, separated = [], [], 0
    for k, st in enumerate(spread):
        t, wall = CLOCK(), time.perf_counter()
        ranked = rank_moves(st, "expected", seed=k, budget=budget, exact=False)
        dt = CLOCK() - t
        separated += time.perf_counter() - wall < budget
        seen = {}
        for r in ranked:
            seen.setdefault((r.value, r.samples), r.samples)
        exp_lat.append(dt)
        rollouts.append(sum(seen.values()) / dt)
    rows = [
        _row(
            f"expected ranking latency (budget {budget:g} s)",
            statistics.median(exp_lat),
            "s",
            max(exp_lat),
            target=f"separates or stops at the budget within 3 s; separated early in "
            f"{separated} of {len(spread)} (baseline column: the slowest)",
        ),
        _row(
            "expected rollouts per second (greedy rollouts)",
            statistics.median(rollouts),
            "rollouts/s",
        ),
    ]
    # The same rollouts (from the same states, with the same dice) played by the greedy bot and by
    # the apply-based greedy that the rollouts used before move_key.
    fast_t = slow_t = 0.0
    count = 0
    for k, st in enumerate(spread):
        after = st.apply(st.legal_moves()[0])
        seats = after.num_players
        for r in range(2):
            t = CLOCK()
            play_game(after, [GreedyBot()] * seats, np.random.default_rng([k, r]))
            fast_t += CLOCK() - t
            t = CLOCK()
            play_game(after, [GreedyBot(key=apply_key)] * seats, np.random.default_rng([k, r]))
            slow_t += CLOCK() - t
            count += 1
    rows.append(
        _row(
            "rollouts per second: greedy rollouts against apply-based greedy",
            count / fast_t,
            "rollouts/s",
            count / slow_t,
            slow_t / fast_t,
            f"≥5× faster; the same {count} rollouts (states spread over the game)",
        )
    )
    return rows


def _exact_rows(count: int, named: bool | None) -> list[dict]:
    """6. The ``exact`` ranking: CPU time per position, ``count`` seeded positions with 2 turns
    left, and apart the slowest positions met (``named``: full and quick runs; not with sizes of
    one's own unless asked)."""
    seeded = [timed_rank(st)[1] for st in exact_states(count)]
    slowest = [(label, timed_rank(st)[1]) for label, st in exact_named()] if named else []
    every = seeded + [t for _, t in slowest]
    below = " and the " + str(len(slowest)) + " below" if slowest else ""
    rows = [
        _row(
            f"exact ranking CPU per position, 2 turns left ({len(seeded)} seeded "
            f"positions of 2 and 4 players{below})",
            statistics.median(every),
            "s",
            max(every),
            target=f"median <0.1 s, max <2 s; p95 {_num(percentile(every, 95))} s "
            "(baseline column: the slowest)",
        )
    ]
    rows += [_row(f"exact ranking, {label}", t, "s", target="<2 s") for label, t in slowest]
    return rows


def _other_model_rows(positions: list[GameState]) -> list[dict]:
    """7. The exact ranking against the cautious and the random models."""
    rows = []
    for model in ("cautious", "random"):
        times = [timed_rank(st, model)[1] for st in positions]
        rows.append(
            _row(
                f"exact ranking against {model} opponents, 2 turns left "
                f"({len(times)} seeded positions)",
                statistics.median(times),
                "s",
                max(times),
                target=f"p95 {_num(percentile(times, 95))} s (baseline column: the slowest)",
            )
        )
    return rows


def _win_rows(last: list[GameState]) -> list[dict]:
    """7b. The ranking for the win on the last turn."""
    times = [timed_win(st)[1] for st in last]
    return [
        _row(
            f"ranking for the win, the last turn ({len(times)} seeded positions)",
            statistics.median(times),
            "s",
            max(times),
            target="the baseline column: the slowest",
        )
    ]


def _hint_rows(spots: list[GameState], named: bool | None) -> list[dict]:
    """8. What a learner waits for: the hint of the game in progress (``Table.hint``) by
    objective, on ``spots`` (the seeded positions with 2 turns left and with 1) and, when
    ``named``, on the named positions."""
    if named:
        spots = spots + [st for _, st in hint_named() + exact_named()]
    rows = []
    for objective, opponents in HINT_ASKS:
        times = []
        for st in spots:
            t = CLOCK()
            hint_work(st, objective, opponents)
            times.append(CLOCK() - t)
        rows.append(
            _row(
                f"hint by {objective}"
                + (f", {opponents} opponents" if opponents != "greedy" else "")
                + f" ({len(times)} positions near the end, each solved afresh)",
                statistics.median(times),
                "s",
                max(times),
                target=f"max <2 s; p95 {_num(percentile(times, 95))} s "
                "(baseline column: the slowest)",
            )
        )
    return rows


def _asked_rows(games: int) -> list[dict]:
    """9. The exact rankings as ``rank_moves`` answers them by default (``exact_budget``: refused
    at once when the estimate of their work is past it), on the positions with 2 turns left of
    ``games`` seeded greedy games of 2, 3 and 4 players (``near_the_end``), each solved afresh: by
    player count and model for the score, by player count for the win (every model)."""
    rows: list[dict] = []
    for players in (2, 3, 4) if games else ():
        spots = near_the_end(players, games)
        asks = [("score", (m,)) for m in OPPONENT_MODELS] + [("win", tuple(OPPONENT_MODELS))]
        for goal, models in asks:
            answered, refused = [], []
            for st in spots:
                for model in models:
                    _forget()
                    t = CLOCK()
                    try:
                        rank_moves(st, "exact", opponents=model, goal=goal, top=10)
                        answered.append(CLOCK() - t)
                    except OutOfReach:
                        refused.append(CLOCK() - t)
            every = answered + refused
            what = f"{models[0]} opponents" if goal == "score" else "for the win, every model"
            rows.append(
                _row(
                    f"exact ranking as asked, {what}, {players} players, 2 turns left "
                    f"({len(spots)} positions)",
                    statistics.median(every),
                    "s",
                    max(every),
                    target=f"answers <2 s, refusals <0.5 s: {_count(answered, 'answered')}, "
                    f"{_count(refused, 'refused')} (baseline column: the slowest)",
                )
            )
    return rows


def _count(times: list[float], what: str) -> str:
    """``3 answered (slowest 0.12 s)``, or ``none answered``."""
    return f"{len(times)} {what} (slowest {_num(max(times))} s)" if times else f"none {what}"


def _num(x) -> str:
    if x is None:
        return "-"
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:.3g}"


def format_bench(report: dict) -> str:
    """The report as a Markdown table (pasted into README.md as is)."""
    m = report["machine"]
    lines = [
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}; "
        f"{report['states']} decision states from seeded greedy games"
        + (" (quick run)" if report["quick"] else ""),
        "",
        "| measure | median | unit | baseline | ratio | target / note |",
        "| --- | ---: | --- | ---: | ---: | --- |",
    ]
    for r in report["rows"]:
        ratio = f"{r['ratio']:.1f}×" if r["ratio"] is not None else "-"
        lines.append(
            f"| {r['measure']} | {_num(r['value'])} | {r['unit']} | {_num(r['baseline'])} | "
            f"{ratio} | {r['target']} |"
        )
    return "\n".join(lines)
