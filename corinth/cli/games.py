"""The game commands: ``simulate``, ``show`` and ``rules``.

Each command is a pair of functions: ``add_<name>(parser)`` declares its options and ``run_<name>(args)``
does the work and returns the exit code.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable

from corinth.rules import Variants
from corinth.rules.protocol import CorinthState
from corinth.rules.variants import HELP as VARIANT_HELP
from corinth.shared.language import N_, _
from corinth.solver.runner import MAX_JOBS, SimulationError, format_simulation, simulate
from corinth.solver.seats import BOTS

from .common import UserError, load_game
from .playing import add_game_option, show_game

# --- simulate --------------------------------------------------------------------------------


def add_simulate(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--players", type=int, default=4, choices=(2, 3, 4), help=_("players per game (S1)")
    )
    p.add_argument("--games", type=int, default=100, help=_("number of games"))
    p.add_argument(
        "--bot",
        default="greedy",
        help=_("one bot for every seat, or one per seat separated by commas ({bots})").format(
            bots=", ".join(BOTS)
        ),
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=_("seed of the whole run; game k is seeded from (seed, k)"),
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=min(os.cpu_count() or 1, MAX_JOBS),
        help=_("worker processes (1 to {most})").format(most=MAX_JOBS),
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=_("a rule variant, repeatable ({names}; see 'corinth rules --variants')").format(
            names=", ".join(VARIANT_HELP)
        ),
    )
    p.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    p.add_argument("--no-progress", action="store_true", help=_("hide the progress bar"))


def run_simulate(args: argparse.Namespace) -> int:
    bots = tuple(b.strip() for b in args.bot.split(","))
    progress = not args.no_progress and args.games >= 20
    try:
        report = simulate(
            args.players, args.games, bots, args.seed, args.jobs, progress, tuple(args.variant)
        )
    except SimulationError as exc:
        raise UserError(str(exc)) from None
    print(json.dumps(report, indent=2) if args.json else format_simulation(report))
    return 0


# --- show ------------------------------------------------------------------------------------


def add_show(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help=_("a saved game (JSON)"))
    add_game_option(p)
    p.add_argument(
        "--player",
        type=int,
        help=_(
            "show only this player's sheet (1 to the number of players); The Four Courts: the "
            "player whose hand is shown (without it, no hand is shown)"
        ),
    )
    p.add_argument("--moves", action="store_true", help=_("also list the moves played"))


def run_show(args: argparse.Namespace) -> int:
    if getattr(args, "which", "corinth") != "corinth":
        return show_game(args)
    state = load_game(args.game)
    player = None
    if args.player is not None:
        if not 1 <= args.player <= state.num_players:
            raise UserError(_("--player must be 1 to {players}").format(players=state.num_players))
        player = args.player - 1
    print(state.text(player))
    if args.moves:
        print(_("Moves: {moves}").format(moves=" ; ".join(m.notation() for m in state.history)))
    if state.is_over:
        print(CorinthState(state).verdict())
    return 0


# --- rules ------------------------------------------------------------------------------------


def add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "rule", nargs="?", help=_("a rule ID such as A3a; without it, every rule in one line each")
    )
    p.add_argument(
        "--variants",
        action="store_true",
        help=_("list the rule variants: the open readings of the rulebook and their defaults"),
    )


def run_rules(args: argparse.Namespace) -> int:
    from corinth.rules.catalogue import citations, rule_text, rules

    if args.variants:
        print(
            _(
                "Rule variants (the defaults follow the rulebook's text; see RULES.md,"
                " 'Rule variants'):"
            )
        )
        for line in Variants().describe():
            print("  " + _("default: {line}").format(line=line))
        print(_("Choose another reading with 'corinth simulate --variant NAME':"))
        for name, text in VARIANT_HELP.items():
            print(f"  {name:<24} {_(text)}")
        return 0
    if args.rule is not None and not args.rule.strip():
        raise UserError(_("give a rule ID such as A3a, or no argument for the list of every rule"))
    if not args.rule:
        for text in rules().values():
            text = _(text)
            print(text if len(text) < 110 else text[:107] + "...")
        return 0
    rid = args.rule.strip()
    rid = rid[0].upper() + rid[1:].lower()
    try:
        print(_(rule_text(rid)))
    except KeyError as exc:
        raise UserError(exc.args[0]) from None
    found = citations(rid)
    print("\n" + _("Cited in the code (checks, comments and docstrings):"))
    for path, line, text in found["code"]:
        print(f"  {path}:{line}  {text[:90]}")
    if found["tests"]:
        print(_("Tested by:"))
        for path, line, text in found["tests"]:
            print(f"  {path}:{line}  {text.removeprefix('def ').split('(')[0]}")
    return 0


GAME_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    "simulate": (
        N_("play whole games between bots and report scores per seat"),
        add_simulate,
        run_simulate,
    ),
    "show": (N_("print a saved game's harbor and sheets as text"), add_show, run_show),
    "rules": (
        N_("the rule catalogue: a rule's text, the code that enforces it, its tests"),
        add_rules,
        run_rules,
    ),
}
