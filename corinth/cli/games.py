"""The game commands: ``simulate``, ``show`` and ``rules``.

Each command is a pair of functions: ``add_<name>(parser)`` declares its options and ``run_<name>(args)``
does the work and returns the exit code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from functools import partial

import numpy as np

from corinth.rules import UnknownVariant, Variants, new_game
from corinth.rules.protocol import CorinthState
from corinth.rules.scoring import TERMS
from corinth.rules.variants import HELP as VARIANT_HELP
from corinth.solver.bots import play_game
from corinth.solver.runner import game_seed, play_games
from corinth.solver.seats import BOTS, make_bot

from .common import UserError, load_game
from .playing import add_game_option, show_game

MAX_JOBS = 64  # worker processes; more is a typo, not a machine

# --- simulate --------------------------------------------------------------------------------


def add_simulate(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--players", type=int, default=4, choices=(2, 3, 4), help="players per game (S1)"
    )
    p.add_argument("--games", type=int, default=100, help="number of games")
    p.add_argument(
        "--bot",
        default="greedy",
        help=f"one bot for every seat, or one per seat separated by commas ({', '.join(BOTS)})",
    )
    p.add_argument(
        "--seed", type=int, default=0, help="seed of the whole run; game k is seeded from (seed, k)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=min(os.cpu_count() or 1, MAX_JOBS),
        help=f"worker processes (1 to {MAX_JOBS})",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=f"a rule variant, repeatable ({', '.join(VARIANT_HELP)}; see 'corinth rules --variants')",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


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
    names (``corinth.rules.variants``).

    >>> report = simulate(2, 2, ("greedy", "random"), seed=1)
    >>> [seat["bot"] for seat in report["seats"]], report["games"]
    (['greedy', 'random'], 2)
    """
    if games < 1:
        raise UserError("--games must be at least 1")
    if seed < 0:
        raise UserError(f"--seed must be a whole number ≥ 0, not {seed}")
    if not 1 <= jobs <= MAX_JOBS:
        raise UserError(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise UserError(f"--bot names {len(bots)} bots for {players} players")
    for name in bots:
        if name not in BOTS:
            raise UserError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    try:
        rules = Variants.from_names(variants)
    except UnknownVariant as exc:
        raise UserError(str(exc)) from None
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
    head = ["seat", "bot", "mean", "win rate", *TERMS]
    rows = [
        [
            str(s["seat"]),
            s["bot"],
            f"{s['mean_score']:.1f}",
            f"{100 * s['win_rate']:.1f}%",
            *(f"{s['terms'][t]:.1f}" for t in TERMS),
        ]
        for s in report["seats"]
    ]
    widths = [max(len(r[c]) for r in [head, *rows]) for c in range(len(head))]
    lines = [
        f"{report['games']} games, {report['players']} players, seed {report['seed']}"
        + (f", variants: {', '.join(report['variants'])}" if report.get("variants") else ""),
        "  ".join(h.rjust(w) for h, w in zip(head, widths)),
    ]
    lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in rows]
    lines.append(
        "mean of each score term (E1); a shared victory counts as a fraction of a win (E2)"
    )
    return "\n".join(lines)


def run_simulate(args: argparse.Namespace) -> int:
    bots = tuple(b.strip() for b in args.bot.split(","))
    progress = not args.no_progress and args.games >= 20
    report = simulate(
        args.players, args.games, bots, args.seed, args.jobs, progress, tuple(args.variant)
    )
    print(json.dumps(report, indent=2) if args.json else format_simulation(report))
    return 0


# --- show ------------------------------------------------------------------------------------


def add_show(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="a saved game (JSON)")
    add_game_option(p)
    p.add_argument("--player", type=int, help="show only this player's sheet (1 to 4)")
    p.add_argument("--moves", action="store_true", help="also list the moves played")


def run_show(args: argparse.Namespace) -> int:
    if getattr(args, "which", "corinth") != "corinth":
        return show_game(args)
    state = load_game(args.game)
    player = None
    if args.player is not None:
        if not 1 <= args.player <= state.num_players:
            raise UserError(f"--player must be 1 to {state.num_players}")
        player = args.player - 1
    print(state.text(player))
    if args.moves:
        print("Moves: " + " ; ".join(m.notation() for m in state.history))
    if state.is_over:
        print(CorinthState(state).verdict())
    return 0


# --- rules ------------------------------------------------------------------------------------


def add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "rule", nargs="?", help="a rule ID such as A3a; without it, every rule in one line each"
    )
    p.add_argument(
        "--variants",
        action="store_true",
        help="list the rule variants: the open readings of the rulebook and their defaults",
    )


def run_rules(args: argparse.Namespace) -> int:
    from corinth.rules.catalogue import citations, rule_text, rules

    if args.variants:
        print(
            "Rule variants (the defaults follow the rulebook's text; see RULES.md, 'Rule variants'):"
        )
        for line in Variants().describe():
            print(f"  default: {line}")
        print("Choose another reading with 'corinth simulate --variant NAME':")
        for name, text in VARIANT_HELP.items():
            print(f"  {name:<24} {text}")
        return 0
    if args.rule is not None and not args.rule.strip():
        raise UserError("give a rule ID such as A3a, or no argument for the list of every rule")
    if not args.rule:
        for text in rules().values():
            print(text if len(text) < 110 else text[:107] + "...")
        return 0
    rid = args.rule.strip()
    rid = rid[0].upper() + rid[1:].lower()
    try:
        print(rule_text(rid))
    except KeyError as exc:
        raise UserError(exc.args[0]) from None
    found = citations(rid)
    print("\nCited in the code (checks, comments and docstrings):")
    for path, line, text in found["code"]:
        print(f"  {path}:{line}  {text[:90]}")
    if found["tests"]:
        print("Tested by:")
        for path, line, text in found["tests"]:
            print(f"  {path}:{line}  {text.removeprefix('def ').split('(')[0]}")
    return 0


GAME_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    "simulate": (
        "play whole games between bots and report scores per seat",
        add_simulate,
        run_simulate,
    ),
    "show": ("print a saved game's harbor and sheets as text", add_show, run_show),
    "rules": (
        "the rule catalogue: a rule's text, the code that enforces it, its tests",
        add_rules,
        run_rules,
    ),
}
