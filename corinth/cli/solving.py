"""The solver's commands: ``solve``, ``route`` and ``bench``.

Each command is a pair ``add_<name>(parser)`` / ``run_<name>(args)``; a bad input raises ``UserError``
(one clear message, exit code 2).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import textwrap
from collections.abc import Callable

from corinth.rules import GameState
from corinth.rules.errors import shown
from corinth.rules.geometry import cell_name
from corinth.shared.language import N_, _, current_language, ngettext, number

from .common import UserError, load_game
from .playing import add_game_option, solve_game

MAX_SHOWN = (
    10_000  # moves ranked without --top; random play reached 7,657, a contrived position 860,512
)
MAX_BUDGET = 3600.0  # seconds of rollouts for one decision: an hour is already more than any use

# --- solve -----------------------------------------------------------------------------------


def add_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help=_("a saved game (JSON) stopped at a decision"))
    add_game_option(p)
    p.add_argument(
        "--depth", type=int, default=3, help=_("Corintho: moves of both players searched (1-6)")
    )
    p.add_argument(
        "--player",
        type=int,
        help=_(
            "The Four Courts: the player whose cards are ranked, from their view (default: the "
            "first still to choose; FILE may also be a stored puzzle's id, such as round-01)"
        ),
    )
    p.add_argument(
        "--until",
        choices=("round", "deal"),
        help=_(
            "The Four Courts: the points counted at the end of the round (the default) or of the "
            "deal (a stored puzzle: its own, unless given)"
        ),
    )
    p.add_argument(
        "--objective",
        choices=("immediate", "expected", "exact"),
        default="immediate",
        help=_(
            "immediate: points secured now (exact); expected: Monte Carlo final score; "
            "exact: exact expected final score, at most 2 turns from the end"
        ),
    )
    p.add_argument(
        "--top", type=int, help=_("show only the best K moves (default: all, at most 10,000)")
    )
    p.add_argument("--json", action="store_true", help=_("print the ranking as JSON"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the expected rollouts"))
    p.add_argument(
        "--budget",
        type=float,
        default=3.0,
        help=_("seconds for the expected rollouts (default 3)"),
    )
    p.add_argument(
        "--opponents",
        default="greedy",
        help=_(
            "exact: how the other players play, greedy (default: the most points now), cautious "
            "(each takes the harbor group worst for you) or random (each takes a group at random), "
            "then the most points with it; expected: the bot playing the rollouts (greedy, random), "
            "or near the end the model of that name"
        ),
    )
    p.add_argument(
        "--goal",
        choices=("score", "win"),
        default="score",
        help=_(
            "score (default): the expected final score; win: the exact chance to win (a shared "
            "victory counts as its share), near the end only, with --objective exact"
        ),
    )


def format_ranking(
    state: GameState,
    ranked: list,
    objective: str,
    width: int = 100,
    opponents: str | None = None,
) -> str:
    """The ranking as a text table, each move followed by its explanation; ``opponents``, when
    given, is named in the header (the model of an exact ranking).

    >>> from corinth.rules import new_game
    >>> from corinth.solver import rank_moves
    >>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    >>> print(format_ranking(s, rank_moves(s, "immediate", top=1), "immediate"))  # doctest: +ELLIPSIS
    Player 1 to play (take), round 1; objective: immediate (value = points now); 1 move(s) shown
    rank  move   value  loss
       1  goats   2.00  0.00
          Scores +2 points now (0 → 2) and gains 3 goats. Best move.
    """
    who = state.current_player + 1
    from corinth.solver.rank import VALUE_UNITS

    unit = _(VALUE_UNITS.get(objective, VALUE_UNITS["expected"]))
    values = dict(
        n=who,
        phase=state.phase,
        round=state.round,
        objective=objective,
        unit=unit,
        opponents=opponents,
        shown=len(ranked),
    )
    if opponents:
        header = ngettext(
            "Player {n} to play ({phase}), round {round}; objective: {objective} (value = {unit});"
            " opponents: {opponents}; {shown} move(s) shown",
            "Player {n} to play ({phase}), round {round}; objective: {objective} (value = {unit});"
            " opponents: {opponents}; {shown} move(s) shown",
            len(ranked),
        )
    else:
        header = ngettext(
            "Player {n} to play ({phase}), round {round}; objective: {objective} (value = {unit});"
            " {shown} move(s) shown",
            "Player {n} to play ({phase}), round {round}; objective: {objective} (value = {unit});"
            " {shown} move(s) shown",
            len(ranked),
        )
    lines = [header.format(**values)]
    expected = objective == "expected"
    head = [_("rank"), _("move"), _("value"), _("loss")] + (
        [_("95% CI"), _("win"), "n"] if expected else []
    )
    rows = []
    for r in ranked:
        if objective == "win":  # chances as percentages
            row = [
                str(r.rank),
                str(r.move),
                _fixed(100 * r.value, 1) + "%",
                _fixed(100 * r.loss, 1) + "%",
            ]
        else:
            row = [str(r.rank), str(r.move), _fixed(r.value, 2), _fixed(r.loss, 2)]
        if expected:
            row += [
                f"{_fixed(r.ci[0], 1)}–{_fixed(r.ci[1], 1)}" if r.ci else "-",
                _fixed(100 * r.win_rate, 0) + "%" if r.win_rate is not None else "-",
                str(r.samples),
            ]
        rows.append(row)
    widths = [max(len(x[c]) for x in [head, *rows]) for c in range(len(head))]
    align = [str.rjust, str.ljust] + [str.rjust] * (len(head) - 2)
    lines.append("  ".join(a(h, w) for a, h, w in zip(align, head, widths)))
    for r, row in zip(ranked, rows):
        lines.append("  ".join(a(v, w) for a, v, w in zip(align, row, widths)))
        lines += textwrap.wrap(
            r.explanation, width=width, initial_indent="      ", subsequent_indent="      "
        )
    return "\n".join(lines)


def _fixed(value: float, places: int) -> str:
    """A table's number with ``places`` decimals, in the language's way ("2.00", "2,00")."""
    if current_language() == "en":
        return f"{value:.{places}f}"
    return number(value, decimals=places)


def run_solve(args: argparse.Namespace) -> int:
    if getattr(args, "which", "corinth") != "corinth":
        return solve_game(args)
    from corinth.solver.exact import OutOfReach
    from corinth.solver.rank import rank_moves

    state = load_game(args.game)
    exact = _checked_solve(args, state)
    top, count = args.top, state.legal_move_count()
    if top is None and count > MAX_SHOWN:  # every move explained would be gigabytes of text
        top = MAX_SHOWN
        print(
            _(
                "corinth solve: {count} legal moves; the best {shown} are shown (--top K for more)"
            ).format(count=f"{count:,}", shown=f"{MAX_SHOWN:,}"),
            file=sys.stderr,
        )
    try:
        ranked = rank_moves(
            state,
            args.objective,
            seed=args.seed,
            budget=args.budget,
            opponents=args.opponents,
            top=top,
            goal=args.goal,
        )
    except OutOfReach as e:
        raise UserError(_("--objective exact: {reason}").format(reason=e)) from None
    if args.json:
        print(_ranking_json(args, state, exact, ranked))
    else:
        print(
            format_ranking(
                state,
                ranked,
                "win" if args.goal == "win" else args.objective,
                opponents=args.opponents if exact else None,
            )
        )
    return 0


def _checked_solve(args: argparse.Namespace, state) -> bool:
    """Refuse a position or an option ``corinth solve`` cannot answer, with the reason; return
    whether the values will be exact (``--objective exact``, or ``expected`` within exact's reach)."""
    from corinth.solver.bots import ROLLOUT_BOTS
    from corinth.solver.exact import OPPONENT_MODELS, in_reach

    if state.is_over:
        raise UserError(
            _("{path}: the game is over; there is no move to rank").format(path=args.game)
        )
    if state.is_chance:
        raise UserError(
            _(
                "{path}: the game stops before a roll (a chance node); "
                "add the roll (e.g. 'roll 112344666') to reach a decision"
            ).format(path=args.game)
        )
    if args.top is not None and args.top < 1:
        raise UserError(_("--top must be at least 1"))
    if not (math.isfinite(args.budget) and 0 < args.budget <= MAX_BUDGET):
        raise UserError(
            _(
                "--budget must be a number of seconds above 0 and at most {most}, not {budget}"
            ).format(most=MAX_BUDGET, budget=args.budget)
        )
    if args.seed < 0:
        raise UserError(_("--seed must be a whole number ≥ 0, not {seed}").format(seed=args.seed))
    models = ", ".join(OPPONENT_MODELS)
    if args.objective == "exact" and args.opponents not in OPPONENT_MODELS:
        raise UserError(
            _("--opponents {name}: unknown model for --objective exact; models: {models}").format(
                name=shown(args.opponents), models=models
            )
        )
    if args.opponents not in ROLLOUT_BOTS and args.opponents not in OPPONENT_MODELS:
        raise UserError(
            _(
                "unknown bot {name}; bots: {bots} (and near the end, for the exact answer, the"
                " models {models})"
            ).format(name=repr(args.opponents), bots=", ".join(sorted(ROLLOUT_BOTS)), models=models)
        )
    # the values are exact (and --opponents names their model) for exact, and for expected in reach
    exact = args.objective == "exact" or (args.objective == "expected" and in_reach(state))
    if args.objective == "expected" and not exact and args.opponents not in ROLLOUT_BOTS:
        raise UserError(
            _(
                "--opponents {name}: a model of the exact ranking only, and this position "
                "is out of its reach; the rollouts' bots: {bots}"
            ).format(name=args.opponents, bots=", ".join(sorted(ROLLOUT_BOTS)))
        )
    if args.goal == "win" and not exact:
        raise UserError(
            _(
                "--goal win: the chance to win is worked out exactly, near the end only: use "
                "--objective exact on a position with at most 2 turns left"
            )
        )
    return exact


def _ranking_json(args: argparse.Namespace, state, exact: bool, ranked) -> str:
    """The ranking as ``corinth solve --json`` prints it."""
    return json.dumps(
        {
            "player": state.current_player + 1,
            "phase": state.phase,
            "round": state.round,
            "objective": args.objective,
            "opponents": args.opponents,
            "goal": args.goal,
            "exact": exact,
            "moves": [r.as_dict() for r in ranked],
        },
        indent=2,
        ensure_ascii=False,
    )


# --- route -----------------------------------------------------------------------------------


def add_route(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "game", help=_("a saved game (JSON); the route is planned for the player to move")
    )
    p.add_argument("--faces", required=True, help=_("future face values, e.g. 3,5,2"))
    p.add_argument("--json", action="store_true", help=_("print the route as JSON"))


def parse_faces(text: str) -> list[int]:
    """``"3,5,2"`` → ``[3, 5, 2]``; anything else is a UserError.

    >>> parse_faces("3,5,2")
    [3, 5, 2]
    """
    bad = _("--faces {faces}: write face values 1 to 6 separated by commas").format(
        faces=shown(text)
    )
    try:
        faces = [int(f) for f in text.split(",") if f.strip()]
    except ValueError:
        raise UserError(bad) from None
    if not faces or any(not 1 <= f <= 6 for f in faces):
        raise UserError(bad)
    if len(faces) > 8:
        raise UserError(_("--faces: at most 8 face values"))
    return faces


def run_route(args: argparse.Namespace) -> int:
    from corinth.solver.route import RouteTooLarge, best_route

    faces = parse_faces(args.faces)
    state = load_game(args.game)
    if state.is_over:
        raise UserError(_("{path}: the game is over").format(path=args.game))
    try:
        route = best_route(state, faces=faces)
    except RouteTooLarge as exc:
        raise UserError(f"{args.game}: {exc}") from None
    if args.json:
        print(json.dumps({"player": state.current_player + 1, **route.as_dict()}, indent=2))
    else:
        p = state.player()
        values = dict(
            n=state.current_player + 1,
            cell=cell_name(p.steward),
            gold=p.gold,
            faces=", ".join(map(str, faces)),
        )
        if p.has("stables"):
            line = _(
                "Best market route for player {n} (steward on {cell}, {gold} gold, Stables),"
                " faces {faces}:"
            )
        else:
            line = _(
                "Best market route for player {n} (steward on {cell}, {gold} gold), faces {faces}:"
            )
        print(line.format(**values))
        print(route.describe())
    return 0


# --- bench -----------------------------------------------------------------------------------


def add_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("print the measurements as JSON"))
    p.add_argument("--quick", action="store_true", help=_("fewer samples (about 30 s)"))


def run_bench(args: argparse.Namespace) -> int:
    from corinth.courts.bench import rows_of
    from corinth.solver.bench import format_bench, run

    report = run(quick=args.quick)
    # The Four Courts' own table: a whole game, a puzzle's ranking, a sampled first hand.
    courts = rows_of(games=10, decisions=4, puzzles=5) if args.quick else rows_of()
    if args.json:
        print(json.dumps({**report, "four_courts": courts}, indent=2))
        return 0
    print(format_bench(report))
    print("\nThe Four Courts: CPU time of each task (python -m corinth.courts.bench)")
    print("| task | runs | median | worst |\n| --- | ---: | ---: | ---: |")
    for row in courts:
        print(
            f"| {row['task']} | {row['runs']} | {row['median'] * 1000:.1f} ms | "
            f"{row['worst'] * 1000:.1f} ms |"
        )
    return 0


SOLVER_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {
    "solve": (
        N_("rank every legal move of a saved game's decision point, with reasons"),
        add_solve,
        run_solve,
    ),
    "route": (
        N_("the best steward route for known future face values"),
        add_route,
        run_route,
    ),
    "bench": (N_("measure the engine and solver speed"), add_bench, run_bench),
}
