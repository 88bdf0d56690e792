"""Lesson 07, The strategy lab: the answers read from its saved run (``data/strategy_lab.json``).

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

from corinth.ui.course import AnswerBook

ANSWERS = AnswerBook()


def lab_win_rates() -> tuple[dict[str, float], dict[str, float]]:
    """Each strategy's win rate in the saved run, and the half-width of its 95% confidence interval.

    A shared victory (E2) counts as a fraction of a win.
    """
    import statistics

    from strategy_lab import STRATEGIES, load_results

    wins: dict[str, list[float]] = {n: [] for n in STRATEGIES}
    for g in load_results():
        for seat, name in enumerate(g["strategies"]):
            wins[name].append(1 / len(g["winners"]) if seat in g["winners"] else 0.0)
    rate = {n: statistics.fmean(v) for n, v in wins.items()}
    half = {n: 1.96 * statistics.stdev(v) / len(v) ** 0.5 for n, v in wins.items()}
    return rate, half


@ANSWERS.add
def lab_best_strategy() -> str:
    rate = lab_win_rates()[0]
    return max(rate, key=rate.get)


@ANSWERS.add
def lab_greedy_merchant_apart() -> str:
    rate, half = lab_win_rates()
    apart = abs(rate["greedy"] - rate["merchant"]) > half["greedy"] + half["merchant"]
    return "Yes: the intervals do not overlap" if apart else "No: the intervals overlap"


@ANSWERS.add
def lab_shop_gap() -> int:
    """How many more shop points a winner scores than the others, on average, rounded."""
    import statistics

    from strategy_lab import load_results

    winners, others = [], []
    for g in load_results():
        for seat in range(len(g["strategies"])):
            (winners if seat in g["winners"] else others).append(g["scores"][seat][0])
    return round(statistics.fmean(winners) - statistics.fmean(others))


@ANSWERS.add
def lab_best_median() -> str:
    """The strategy whose games end with the highest median final score in the saved run."""
    import statistics

    from strategy_lab import STRATEGIES, load_results

    totals: dict[str, list[int]] = {n: [] for n in STRATEGIES}
    for g in load_results():
        for name, score in zip(g["strategies"], g["scores"]):
            totals[name].append(score[-1])
    median = {n: statistics.median(v) for n, v in totals.items()}
    return max(median, key=median.get)


@ANSWERS.add
def lab_greedy_hardest_opponent() -> str:
    """The strategy greedy outscores least often, game by game, in the saved run."""
    from strategy_lab import load_results

    beaten: dict[str, list[bool]] = {}
    for g in load_results():
        if "greedy" not in g["strategies"]:
            continue
        mine = g["scores"][g["strategies"].index("greedy")][-1]
        for name, score in zip(g["strategies"], g["scores"]):
            if name != "greedy":
                beaten.setdefault(name, []).append(mine > score[-1])
    share = {n: sum(v) / len(v) for n, v in beaten.items()}
    return min(share, key=share.get)
