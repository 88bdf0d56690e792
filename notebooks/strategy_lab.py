"""Strategies and the tournament of notebook 07 (the strategy lab).

Five strategies play seeded 3-player games; each game seats three different strategies, in an order
that rotates from game to game. Game ``k`` of a run is seeded with
``corinth.solver.runner.game_seed(seed, k)``, so any game can be replayed alone.

The notebook draws its plots from the run saved in ``data/strategy_lab.json`` and plays its games
again to check it (``play_and_check``): in JupyterLab the first 1,000 (every seating 16 times or
more), on every processor (about 10 ms of CPU a game); in the classroom app, where a whole class
shares the server, as many as fit in a few seconds of one processor, in the background
(``BackgroundCheck``). This file writes the saved run:

    python strategy_lab.py          # from the notebooks folder; uses every processor
"""

from __future__ import annotations

import html
import json
import os
import sys
import threading
import time
from itertools import combinations, permutations
from pathlib import Path

from corinth import GameState, Move, Take, new_game
from corinth.rules.scoring import TERMS
from corinth.shared.language import N_, _, ngettext, number
from corinth.solver import GreedyBot, RandomBot
from corinth.solver.bots import Bot
from corinth.solver.runner import game_seed, play_games
from corinth.solver.value import best_move_now, best_take

RUN_SEED = 2026
# Each game's scores list the score's terms (E1, corinth.rules.scoring.TERMS) and then the total,
# seat by seat.
GAMES = 3000
DATA = Path(__file__).resolve().parent / "data" / "strategy_lab.json"
# The classroom app plays games again for about LIVE_SECONDS on one processor, timing the first
# PROBE games to choose how many, and never more than LIVE_CAP however fast the server seems.
LIVE_SECONDS = 3.0
# JupyterLab plays the first LAB_GAMES games again: a few seconds on two processors.
LAB_GAMES = 1000
LIVE_CAP = 500
PROBE = 10
QUIET = 0.5  # seconds without a cell running: the page's cells have all run


class MerchantBot(Bot):
    """Greedy, but never moves the steward: only gold, goats and deliveries."""

    name = "merchant"

    def choose(self, state: GameState) -> Move:
        if state.phase != "take":
            return best_move_now(state)
        return best_take(state, steward=False) or best_move_now(state)


class WandererBot(Bot):
    """Greedy among steward moves whenever it has one; otherwise greedy."""

    name = "wanderer"

    def choose(self, state: GameState) -> Move:
        if state.phase != "take":
            return best_move_now(state)
        return best_take(state, actions=False) or best_move_now(state)


class BuilderBot(Bot):
    """Greedy, but builds as many buildings as it can afford as soon as it can."""

    name = "builder"

    def choose(self, state: GameState) -> Move:
        if state.phase == "build":
            return max(state.legal_moves(), key=lambda m: len(m.buildings))
        return best_move_now(state)


STRATEGIES = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "merchant": lambda seed: MerchantBot(),
    "wanderer": lambda seed: WandererBot(),
    "builder": lambda seed: BuilderBot(),
}
SEATINGS = [p for c in combinations(STRATEGIES, 3) for p in permutations(c)]


def seating(k: int) -> tuple[str, ...]:
    """The strategies of game ``k``, seat by seat."""
    return SEATINGS[k % len(SEATINGS)]


def play_one(k: int, seed: int = RUN_SEED) -> dict:
    """Play game ``k`` of the run and summarise it."""
    names = seating(k)
    gseed = game_seed(seed, k)
    bots = [STRATEGIES[name](gseed + i) for i, name in enumerate(names)]
    state = new_game(players=len(names), seed=gseed)
    steward = [0] * len(names)
    while not state.is_over:
        if state.is_chance:
            state = state.roll()
            continue
        who = state.current_player
        move = bots[who].choose(state)
        if isinstance(move, Take) and move.path:
            steward[who] += 1
        state = state.apply(move)
    return {
        "game": k,
        "seed": gseed,
        "strategies": list(names),
        "winners": list(state.winners),
        "scores": [
            [getattr(state.score_breakdown(i), t) for t in TERMS] + [state.score(i)]
            for i in range(len(names))
        ],
        "buildings": [len(state.players[i].built()) for i in range(len(names))],
        "steward_moves": steward,
    }


def play_many(games: range, jobs: int = 1, progress=None) -> list[dict]:
    """Play the games of ``games`` (indices), on ``jobs`` processes; ``progress`` is a tqdm-like bar."""
    return list(
        play_games(play_one, games, jobs, progress.update if progress is not None else None)
    )


def load_results(path: Path = DATA) -> list[dict]:
    """The games of the saved run, in order.

    >>> games = load_results()
    >>> len(games), games[0]["game"], games[0]["strategies"]
    (3000, 0, ['random', 'greedy', 'merchant'])
    """
    return json.loads(path.read_text(encoding="utf-8"))["games"]


def in_classroom_app() -> bool:
    """Whether this kernel runs the lesson as a classroom app served by Voilà (not in JupyterLab).

    Voilà sets ``VOILA_BASE_URL`` in every kernel it starts: standalone, as a server extension, and
    in the kernels it starts ahead of time (which also get ``VOILA_PREHEAT``).

    >>> in_classroom_app() == ("VOILA_BASE_URL" in os.environ)
    True
    """
    return "VOILA_BASE_URL" in os.environ


def live_count(
    seconds_per_game: float, seconds: float = LIVE_SECONDS, cap: int = LIVE_CAP, least: int = PROBE
) -> int:
    """How many games fit in ``seconds`` at ``seconds_per_game`` each: at least ``least`` (the games
    already timed), at most ``cap``.

    >>> live_count(0.01), live_count(0.5), live_count(0.0001)
    (300, 10, 500)
    """
    if seconds_per_game <= 0:
        return cap
    return max(least, min(cap, int(seconds / seconds_per_game)))


def _game_list(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:5])
    if len(numbers) > 5:
        return ngettext(
            "games {games} and {n} more", "games {games} and {n} more", len(numbers) - 5
        ).format(games=shown, n=len(numbers) - 5)
    if len(numbers) > 1:
        head, _comma, last = shown.rpartition(", ")
        return _("games {games} and {last}").format(games=head, last=last)
    return _("game {game}").format(game=shown)


def check_summary(live: list[dict], saved: list[dict]) -> str:
    """The check of ``live`` (the first games of the run, played again) against ``saved``, in plain
    words. Games are numbered from 1 there.

    >>> saved = load_results()
    >>> check_summary(saved[:120], saved)
    '120 of the 3,000 games were played again live on this computer: each one ended exactly as in the saved run.'
    >>> tampered = [dict(g) for g in saved[:2]]
    >>> tampered[1]["winners"] = []
    >>> print(check_summary(tampered, saved))
    2 of the 3,000 games were played again live on this computer, and 1 of them ended differently from the saved run (game 2). The game engine or the strategies have changed since that run was saved; the plots show the saved run.
    """
    total, n = len(saved), len(live)
    if n == total:
        played = _("All {total} games were played again live on this computer").format(
            total=number(total)
        )
    else:
        played = ngettext(
            "{n} of the {total} games was played again live on this computer",
            "{n} of the {total} games were played again live on this computer",
            n,
        ).format(n=number(n), total=number(total))
    differ = [k + 1 for k, (game, kept) in enumerate(zip(live, saved)) if game != kept]
    if not differ:
        return ngettext(
            "{played}: it ended exactly as in the saved run.",
            "{played}: each one ended exactly as in the saved run.",
            n,
        ).format(played=played)
    changed = _(
        "The game engine or the strategies have changed since that run was saved; the plots show "
        "the saved run."
    )
    if n == 1:
        said = _("{played}, and it ended differently from the saved run ({games}).")
    else:
        said = _("{played}, and {count} of them ended differently from the saved run ({games}).")
    return f"{said.format(played=played, count=number(len(differ)), games=_game_list(differ))} {changed}"


class BackgroundCheck:
    """The classroom app's check of the saved run: its first games played again on this one process,
    in a thread, with a progress bar (``widget``) and the result in plain words under it.

    Voilà runs every cell before the page connects to the kernel, so a bar moved during the cells is
    never seen moving; it may start kernels before any student asks for one; and with progressive
    rendering the games would slow the cells still to come. So the games start once the page shows
    the bar (``shown``) and no cell has run for ``QUIET`` seconds. The first ``probe`` games are
    timed to choose how many fit in ``seconds`` (wall-clock: a busy server plays fewer), at most
    ``cap``.

    >>> check = BackgroundCheck(load_results(), seconds=0.05, cap=12).start()
    >>> check.shown()  # the page does this when it shows the bar
    >>> check.join(60)
    True
    >>> 10 <= len(check.live) <= 12, check.summary.endswith("exactly as in the saved run.")
    (True, True)
    """

    def __init__(
        self,
        saved: list[dict],
        seconds: float = LIVE_SECONDS,
        cap: int = LIVE_CAP,
        probe: int = PROBE,
    ):
        import ipywidgets as w

        self.saved, self.seconds = saved, seconds
        self.cap = min(cap, len(saved))
        self.probe = min(probe, self.cap)
        self.live: list[dict] = []
        self.summary = ""
        self.bar = w.IntProgress(
            value=0, min=0, max=self.cap, description=_("games"), layout=w.Layout(width="32em")
        )
        # A number here (not None) makes the page count the bar's views: the first starts the games.
        self.bar._view_count = 0
        self.bar.observe(self._views_changed, "_view_count")
        self.label = w.HTML(
            _(
                "Some of these games will be played again on this computer once the lesson has "
                "loaded, to check them against the saved run."
            )
        )
        self.widget = w.VBox([self.bar, self.label])
        self._shown = threading.Event()
        self._done = threading.Event()
        self._idle = threading.Event()  # no cell running
        self._idle.set()
        self._cell_ended = 0.0
        self._thread = threading.Thread(target=self._run, name="strategy-lab-check", daemon=True)

    def start(self) -> BackgroundCheck:
        """Start the thread, which waits for ``shown`` and for the cells to have run; ``self``."""
        from IPython import get_ipython

        shell = get_ipython()
        if shell is not None:
            self._idle.clear()  # called from a cell, which is still running
            shell.events.register("pre_run_cell", self._cell_starts)
            shell.events.register("post_run_cell", self._cell_ends)
        self._thread.start()
        return self

    def shown(self) -> None:
        """The page shows the bar: play now."""
        self._shown.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait until the check is done (or ``timeout`` seconds); whether it is done."""
        return self._done.wait(timeout)

    def _views_changed(self, change: dict) -> None:
        if change["new"]:
            self.shown()

    def _cell_starts(self, info) -> None:
        self._idle.clear()

    def _cell_ends(self, result) -> None:
        self._cell_ended = time.monotonic()
        self._idle.set()

    def _wait_for_the_page(self) -> None:
        self._shown.wait()
        while True:
            self._idle.wait()
            quiet = time.monotonic() - self._cell_ended
            if quiet >= QUIET and self._idle.is_set():
                return
            time.sleep(max(QUIET - quiet, 0.05))

    def _run(self) -> None:
        self._wait_for_the_page()
        try:
            self.label.value = _("Playing games again on this computer…")
            start = time.perf_counter()
            self.live = [play_one(k) for k in range(self.probe)]
            per_game = (time.perf_counter() - start) / max(self.probe, 1)
            count = live_count(per_game, self.seconds, self.cap, self.probe)
            self._show(count)
            shown_at = time.perf_counter()
            for k in range(self.probe, count):
                self.live.append(play_one(k))
                # A few updates a second move the bar smoothly without flooding a shared server.
                if time.perf_counter() - shown_at > 0.1:
                    self._show(count)
                    shown_at = time.perf_counter()
            self._show(count)
            self.summary = check_summary(self.live, self.saved)
            same = self.live == self.saved[: len(self.live)]
            self.bar.bar_style = "success" if same else "danger"
        except Exception as exc:  # shown on the page: a thread's traceback would reach nobody
            self.summary = _(
                "The games could not be played again on this computer: {error}"
            ).format(error=exc)
            self.bar.bar_style = "danger"
        finally:
            self.label.value = html.escape(self.summary)
            self._done.set()

    def _show(self, count: int) -> None:
        with self.bar.hold_sync():
            self.bar.max, self.bar.value = count, len(self.live)
        self.label.value = _("Playing games again on this computer: {done} of {total}").format(
            done=len(self.live), total=count
        )


# The words of the lesson's plots and tables (its cells show them through ``say``).
LAB_WORDS = (
    N_("final score"),
    N_("Final scores over {games} games (3 players)"),
    N_("{strategy} mean {mean}   median {median}   games {games}"),
    N_("one in three"),
    N_("win rate"),
    N_("Win rate per strategy, with its confidence interval"),
    N_("{strategy} {rate}, likely between {low} and {high}"),
    N_("buildings"),
    N_("steward moves"),
    N_("winners"),
    N_("the others"),
    N_("Winners against the others: mean per game"),
    N_("{term} winners {winners}   others {others}   difference {difference}"),
    N_("How often the row outscores the column"),
)


def say(text: str, **values: object) -> str:
    """One of the lesson's words (``LAB_WORDS``: a plot's label, a table's line) in the language
    spoken now, its ``{placeholders}`` filled with ``values``.

    >>> say("Final scores over {games} games (3 players)", games=3000)
    'Final scores over 3000 games (3 players)'
    """
    return _(text).format(**values)


def play_and_check(saved: list[dict], games: int | None = LAB_GAMES) -> BackgroundCheck | None:
    """Play the saved run's first ``games`` games (None: all) again on this computer and check that
    each ends as saved.

    In JupyterLab: on every processor, with a progress bar; prints the check. In the classroom app
    (``in_classroom_app``): shows a ``BackgroundCheck`` and returns it, started; the cells that
    follow run at once.

    >>> play_and_check(load_results()[:3])  # not in the classroom app
    All 3 games were played again live on this computer: each one ended exactly as in the saved run.
    """
    if in_classroom_app():
        from IPython.display import display

        check = BackgroundCheck(saved)
        display(check.widget)
        return check.start()
    from tqdm.auto import tqdm

    # No times or rates in the bar: the notebook's saved outputs stay the same from run to run.
    shape = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt}"
    count = len(saved) if games is None else min(games, len(saved))
    with tqdm(total=count, unit="game", desc=_("games"), bar_format=shape) as bar:
        live = play_many(range(count), jobs=os.cpu_count() or 1, progress=bar)
    print(check_summary(live, saved))
    return None


def main() -> None:
    from tqdm import tqdm

    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    with tqdm(total=games, unit="game") as bar:
        results = play_many(range(games), jobs=os.cpu_count() or 1, progress=bar)
    DATA.parent.mkdir(exist_ok=True)
    data = {"run_seed": RUN_SEED, "players": 3, "games": results}
    DATA.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{DATA}: {len(results)} games")


if __name__ == "__main__":
    main()
