"""``corinth play``: a game against bots in a terminal, for every game (``--game corinth``,
``corintho`` or ``four-courts``), through the same ``Table`` as the notebooks' boards. Moves are
picked from a numbered list or typed in notation (or a game's short notation: The Four Courts' card
by its word). In The Four Courts the human sees only their own hand; the bots lay their cards face
down first, and the log shows them as "a card" until the reveal.

Whatever is typed, the game goes on: a line that is not a move (too long, a control character, a
number that is not in the list) is answered with a sentence and the prompt comes again. The game is
written to ``--save`` on every way out (quit, the end, Ctrl-C, the end of the input, a failure), or the
message says why it could not be.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from corinth.shared import registry
from corinth.shared.language import N_, _, ngettext
from corinth.shared.table import NotYourTurn, Table

from .common import (
    UserError,
    UserInput,
    check_save_path,
    clean_line,
    load_game,
    read_number,
    write_save,
)
from .courts import CourtsView
from .view import View, read_save, seated

SHOWN = 20  # moves listed by number in each group; the others are typed in notation
COMMANDS_HELP = N_(  # said as _(COMMANDS_HELP)
    "Type a move's number or its notation, or one of: 'hint' (the best moves), 'undo' (take back "
    "your last move), 'board' (the whole board), 'save FILE', 'help', 'quit'."
)


class CorinthView(View):
    notation = N_(
        "A move in notation: 'buy 1' (yellow dice), 'goats' or 'blue steward r1c2,r1c3' (a group "
        "and what it does), 'build shrine', 'pass'; the numbered list shows each one's notation."
    )

    def load(self, path: str) -> Any:
        return load_game(path)

    def table(self, args: argparse.Namespace, state: Any) -> Table:
        from corinth.rules import CorinthError, Variants
        from corinth.solver.table import Table as CorinthTable

        players = state.num_players if state else (args.players or self.players)
        if not 1 <= args.seat <= players:
            raise UserError(_("--seat must be 1 to {players}").format(players=players))
        try:
            return CorinthTable(
                players=players,
                seed=args.seed,
                human=args.seat - 1,
                bots=args.bots.split(","),
                state=state,
                variants=Variants.of(args.variant),
            )
        except (CorinthError, ValueError) as exc:
            raise UserError(str(exc)) from None

    def board(self, table: Table) -> str:
        return table.state.text(table.human) + "\n" + table.headline()

    def hint(self, table: Table) -> list[str]:
        from corinth.solver import rank_moves

        lines = []
        for r in rank_moves(table.state, "immediate", top=3):
            n = round(r.value)
            points = (
                _("1 point")
                if r.value == 1
                else ngettext("{n} points", "{n} points", n).format(n=n)
            )
            lines.append(
                _("{rank}. {move}: {points} now. {explanation}").format(
                    rank=r.rank, move=r.move, points=points, explanation=r.explanation
                )
            )
        return lines

    def final(self, table: Table) -> list[str]:
        state = table.state
        lines = [state.text()]
        lines += [
            ngettext("{player}: {n} points", "{player}: {n} points", state.score(i)).format(
                player=table.player_name(i), n=state.score(i)
            )
            for i in range(state.num_players)
        ]
        return lines + [table.headline(), table.position.verdict() or ""]


class CorinthoView(View):
    notation = N_(
        "A move in notation: a piece and a cell from hand ('base a1', 'column b2', 'capital c3'), "
        "or a stack moved one cell ('a1-a2'). Cells: columns a-d from the left, rows 1-4 from the "
        "bottom."
    )

    def load(self, path: str) -> Any:
        from corinth.corintho import CorinthoError, from_json

        return read_save(path, from_json, CorinthoError, "Corintho")

    def table(self, args: argparse.Namespace, state: Any) -> Table:
        from corinth.corintho import CorinthoError
        from corinth.corintho.protocol import CorinthoGame

        game = CorinthoGame(depth=getattr(args, "depth", 2) or 2)
        players = state.players if state is not None else (args.players or self.players)
        return seated(
            game, args, state, players, _("Corintho is for 2, 3 or 4 players"), CorinthoError
        )

    def board(self, table: Table) -> str:
        return corintho_text(table.state) + "\n" + table.headline()

    def groups(self, table: Table, moves: list) -> list[tuple[str, list]]:
        from corinth.corintho import Place

        game = table.state
        place = [m for m in moves if isinstance(m, Place) and not game.board[m.cell]]
        stack = [m for m in moves if isinstance(m, Place) and game.board[m.cell]]
        shift = [m for m in moves if not isinstance(m, Place)]
        return [
            (_("Place a piece from your hand on an empty cell (K1):"), place),
            (_("Stack a piece from your hand on a stack (K2):"), stack),
            (_("Move a whole stack one cell (K3):"), shift),
        ]

    def hint(self, table: Table) -> list[str]:
        if table.position.num_players != 2:
            return [_("The exact search is for 2 players: no hint in a game of more.")]
        hint = table.hint(top=3, depth=2)
        return [
            f"{i}. {r.move}: {w}" for i, (r, w) in enumerate(zip(hint.moves, hint.words), 1)
        ] or [hint.why_none]

    def final(self, table: Table) -> list[str]:
        return [corintho_text(table.state), table.position.verdict() or _("The game is over.")]

    def solve(self, args: argparse.Namespace) -> int:
        """Every move ranked by the exact search, ``--depth`` moves of both players deep."""
        import json

        state = self.load(args.game)
        depth = getattr(args, "depth", 3)
        if not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
            raise UserError(
                _("--depth must be from 1 to {most}, not {depth}").format(
                    most=MAX_DEPTH, depth=depth
                )
            )
        position = self.table(_seat_args(state), state).position
        if position.is_over():
            print(position.verdict())
            return 0
        if position.num_players != 2:
            raise UserError(
                _("{path}: the exact search is for 2-player games").format(path=args.game)
            )
        ranked = position_rank(args.which, position, depth)
        who = position.current_player() + 1
        if getattr(args, "json", False):
            rows = [{"move": str(r.move), "outcome": r.outcome, "moves": r.plies} for r in ranked]
            print(json.dumps({"player": who, "depth": depth, "moves": rows}))
            return 0
        print(
            ngettext(
                "Player {n} to play; searched {depth} move deep:",
                "Player {n} to play; searched {depth} moves deep:",
                depth,
            ).format(n=who, depth=depth)
        )
        for i, r in enumerate(ranked, 1):
            print(f"{i:3}. {str(r.move):<12} {r.words()}")
        return 0


def corintho_text(game: Any) -> str:
    """Corintho's board as text, and under it the stacks that may not move yet (K4)."""
    from corinth.corintho.game import cell_name

    text = game.text()
    frozen = sorted(cell_name(c) for c, until in game.frozen if until > game.turn and game.board[c])
    if frozen and not game.is_over:
        text += "\n" + _("frozen (K4, may not move yet): {cells}").format(cells=", ".join(frozen))
    return text


VIEWS: dict[str, View] = {
    "corinth": CorinthView(),
    "corintho": CorinthoView(),
    "four-courts": CourtsView(),
}


def view_of(name: str) -> View:
    try:
        game = registry.get(name)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if name not in VIEWS:
        played = ", ".join(VIEWS)
        raise UserError(
            _("{game} is not played in the terminal yet (here: {played})").format(
                game=game.title, played=played
            )
        )
    return VIEWS[name]


def add_game_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--game",
        dest="which",
        default=registry.DEFAULT,
        metavar="NAME",
        help=_("the game: {names} (default {default}; 'corinth games')").format(
            names=", ".join(registry.names()), default=registry.DEFAULT
        ),
    )


def add_seats(p: argparse.ArgumentParser) -> None:
    """The options of a game played at a table: players, seed, your seat, the bots, where to save."""
    p.add_argument(
        "--players", type=int, help=_("2, 3 or 4 (default 2; The Four Courts: 3 or 4, default 4)")
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=_("the game's seed: the same seed, the same dice and bots"),
    )
    p.add_argument("--seat", type=int, default=1, help=_("your seat, 1 to the number of players"))
    p.add_argument(
        "--bots", default="greedy", help=_("bot names for the other seats, e.g. greedy,random")
    )
    p.add_argument("--save", help=_("write the game here when you quit or it ends"))


def add_play(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    add_seats(p)
    p.add_argument("--variant", action="append", default=[], help=_("a rule variant (repeatable)"))
    p.add_argument("--load", help=_("carry on a saved game (JSON)"))


def run_play(
    args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> int:
    view = view_of(getattr(args, "which", registry.DEFAULT))
    if getattr(args, "variant", None) and not isinstance(view, CorinthView | CourtsView):
        raise UserError(_("--variant: this game has no rule variants"))
    if args.save:
        check_save_path(args.save)
    state = view.load(args.load) if args.load else None
    table = view.table(args, state)
    human = table.human + 1
    say(
        _("You are Player {n}. Type a move's number or its notation; 'help' for more.").format(
            n=human
        )
    )
    failed = None
    try:
        _play(table, view, ask, say)
    except (EOFError, KeyboardInterrupt):
        say("")
    except Exception as exc:  # a failure: the game is saved all the same, and said in one line
        failed = exc
        say(
            _("The game stopped on a problem: {reason}.").format(
                reason=str(exc)[:200] or type(exc).__name__
            )
        )
    if args.save:
        say(write_save(args.save, table.position.to_json()))
    return 1 if failed is not None else 0


def _play(table: Table, view: View, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    shown = len(table.log)
    while True:
        for _played in table.bots_play():
            pass
        for line in view.lines(table.log[shown:]):
            say(line)
        shown = len(table.log)
        if table.position.is_over():
            say("")
            for line in view.final(table):
                if line:
                    say(line)
            return
        say("")
        say(view.board(table))
        listed = _list_moves(table, view, say)
        while not _answer(table, view, listed, ask(_("Your move: ")), say):
            pass
        shown = min(shown, len(table.log))  # an undo shortens the log


def _list_moves(table: Table, view: View, say: Callable[[str], None]) -> list:
    """Print the legal moves, numbered in their groups; the moves the numbers stand for."""
    position = table.position
    listed: list = []
    for heading, moves in view.groups(table, view.moves(table)):
        if not moves:
            continue
        if heading:
            say(heading)
        for move in moves[:SHOWN]:
            listed.append(move)
            say(f"  [{len(listed)}] {position.sentence(move)}  ({position.notation(move)})")
        if len(moves) > SHOWN:
            more = len(moves) - SHOWN
            say(
                "  "
                + ngettext(
                    "… and {n} more: type one in notation",
                    "… and {n} more: type one in notation",
                    more,
                ).format(n=more)
            )
    return listed


def _answer(table: Table, view: View, listed: list, typed: str, say: Callable[[str], None]) -> bool:
    """Act on one line typed; True when the game moved on (a move played or undone)."""
    try:
        text = clean_line(typed)
        number = read_number(text, 1, len(listed))
    except UserInput as exc:
        say(f"{exc}.")
        return False
    if text in ("quit", "q", "exit"):
        raise EOFError
    if text in ("help", "?", ""):
        say(_(COMMANDS_HELP))
        say(_(view.notation))
        return False
    if text == "undo":
        if table.undo():
            say(_(view.undone))
            return True
        say(_("Nothing to undo."))
        return False
    if text == "board":
        say(table.position.text())
        return False
    if text == "hint":
        for line in view.hint(table):
            say(f"  {line}")
        return False
    if text == "save" or text.startswith("save "):
        path = text[5:].strip()
        say(
            write_save(path, table.position.to_json())
            if path
            else _("Type 'save' and a file name.")
        )
        return False
    try:
        table.play(listed[number - 1] if number is not None else view.read(table, text))
    except (*table.game.errors, NotYourTurn) as exc:
        say(
            _("Not allowed: {reason}. Type 'help' for the commands and the notation.").format(
                reason=str(exc)[:200]
            )
        )
        return False
    return True


MAX_DEPTH = 6  # Corintho's search: moves of both players; beyond it far too long on a laptop


def show_game(args: argparse.Namespace) -> int:
    """``corinth show FILE --game corintho``: the board, the moves, and who won and why (The Four
    Courts: from the seat ``--player``, seeing only its own hand; without it, no hand at all)."""
    view = view_of(args.which)
    state = view.load(args.game)
    player = getattr(args, "player", None)
    table = view.table(_seat_args(state), state)  # no seat: the game's players counted first
    players = table.position.num_players
    if player is not None:
        if isinstance(player, bool) or not 1 <= player <= players:
            raise UserError(_("--player must be 1 to {players}").format(players=players))
        table = view.table(_seat_args(state, player), state)
    position = table.position
    if position.is_over():
        print("\n".join(view.final(table)))
    else:  # the board without the table's headline: its reader is not a player at the table
        print(view.board(table).rsplit("\n", 1)[0])
    if getattr(args, "moves", False):
        print(_("Moves: {moves}").format(moves=" ; ".join(line.notation for line in table.log)))
    return 0


def solve_game(args: argparse.Namespace) -> int:
    """``corinth solve FILE --game NAME``: the game's own ranking of the moves."""
    return view_of(args.which).solve(args)


def position_rank(name: str, position: Any, depth: int) -> list:
    rank = getattr(registry.get(name), "rank", None)
    if rank is None:
        raise UserError(_("{game}: no exact search to rank moves with").format(game=name))
    return rank(position, depth=depth)


def _seat_args(state: Any, seat: int | None = None) -> argparse.Namespace:
    """A table for reading a saved game from ``seat`` (from 1; None: from no seat): every other
    seat a bot that never plays (nothing is asked)."""
    return argparse.Namespace(players=None, seat=seat, bots="random", seed=0, depth=2)


def add_games(p: argparse.ArgumentParser) -> None:
    pass


def run_games(args: argparse.Namespace) -> int:
    """``corinth games``: the games this corinth plays, each with its players and bots."""
    for name in registry.names():
        game = registry.get(name)
        players = ", ".join(map(str, game.players))
        line = (
            _("{name} (the default): {title}, {players} players; bots: {bots}")
            if name == registry.DEFAULT
            else _("{name}: {title}, {players} players; bots: {bots}")
        )
        print(line.format(name=name, title=game.title, players=players, bots=", ".join(game.bots)))
    return 0


PLAY_COMMANDS = {
    "play": (N_("play a game against bots in this terminal (--game NAME)"), add_play, run_play),
    "games": (N_("the games: corinth play|show|solve --game NAME"), add_games, run_games),
}
