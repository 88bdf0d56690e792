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

import numpy as np

from corinth.rules import UnknownVariant, Variants, new_game
from corinth.rules.scoring import TERMS
from corinth.rules.variants import HELP as VARIANT_HELP
from corinth.solver.bots import BOTS, make_bot, play_game

from .common import UserError, load_game

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
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=f"a rule variant, repeatable ({', '.join(VARIANT_HELP)}; see 'corinth rules --variants')",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run (independent streams from one run seed)."""
    return int(np.random.SeedSequence([seed, k]).generate_state(2, dtype=np.uint64)[0] >> 1)


def _play_one(job: tuple[int, int, int, tuple[str, ...], Variants]) -> dict:
    seed, k, players, bots, variants = job
    gseed = game_seed(seed, k)
    seats = [make_bot(name, gseed + i) for i, name in enumerate(bots)]
    final = play_game(new_game(players=players, seed=gseed, variants=variants), seats)
    return {
        "seed": gseed,
        "winners": list(final.winners),
        "scores": [final.score_breakdown(i).as_dict() for i in range(players)],
    }


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
    if jobs < 1:
        raise UserError(f"--jobs must be at least 1, not {jobs}")
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
    work = [(seed, k, players, bots, rules) for k in range(games)]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, desc="simulate")
    results = []
    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for r in pool.imap(_play_one, work, chunksize=max(1, min(16, games // (4 * jobs)))):
                results.append(r)
                if bar:
                    bar.update()
    else:
        for job in work:
            results.append(_play_one(job))
            if bar:
                bar.update()
    if bar:
        bar.close()
    seats = []
    for i, name in enumerate(bots):
        totals = np.array([r["scores"][i]["total"] for r in results], dtype=float)
        wins = np.array([1 / len(r["winners"]) if i in r["winners"] else 0.0 for r in results])
        half = 1.96 * wins.std(ddof=1) / np.sqrt(len(wins)) if len(wins) > 1 else float("nan")
        seats.append(
            {
                "seat": i + 1,
                "bot": name,
                "mean_score": float(totals.mean()),
                "score_sd": float(totals.std(ddof=1)) if len(totals) > 1 else 0.0,
                "win_rate": float(wins.mean()),
                "win_rate_ci95": [float(wins.mean() - half), float(wins.mean() + half)],
                "terms": {t: float(np.mean([r["scores"][i][t] for r in results])) for t in TERMS},
            }
        )
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
    p.add_argument("--player", type=int, help="show only this player's sheet (1 to 4)")
    p.add_argument("--moves", action="store_true", help="also list the moves played")


def run_show(args: argparse.Namespace) -> int:
    state = load_game(args.game)
    player = None
    if args.player is not None:
        if not 1 <= args.player <= state.num_players:
            raise UserError(f"--player must be 1 to {state.num_players}")
        player = args.player - 1
    print(state.text(player))
    if args.moves:
        print("Moves: " + " ; ".join(m.notation() for m in state.history))
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
    if not args.rule:
        for text in rules().values():
            print(text if len(text) < 110 else text[:107] + "...")
        return 0
    rid = args.rule[0].upper() + args.rule[1:].lower()
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
