"""The Four Courts on the command line: ``corinth play|show|solve --game four-courts``.

``play``: one seat against bots at the shared table; the human sees only their own hand and picks a
card by its number in the list, its word (``mill``) or in notation (``choose 1 mill``); when their
revealed card is next, a Court by its number, its name (``island``, ``island wyrms`` for the token
of a third card) or in notation (``place island take wyrms``). An undo deals the cards the human
has not seen again at random, so what the reveal showed tells nothing (``CourtsTable``). ``show``:
a saved game from one seat's side (``--player``), or with no hand at all. ``solve``: "which card
now?" for a saved game stopped before the seat lays its card, or for a stored puzzle by its id
(``corinth solve round-01 --game four-courts``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from corinth.courts import CARDS, COURTS, SEATS
from corinth.courts.cards import DeckError, card_index
from corinth.courts.ending import end_words
from corinth.courts.game import Choose, CourtsError
from corinth.courts.protocol import FOUR_COURTS, CourtsState
from corinth.shared.language import N_, _, current_language, ngettext, number
from corinth.shared.protocol import SIMULTANEOUS
from corinth.shared.table import LogLine, Table

from .common import UserError
from .view import View, read_save, seated

SAMPLES = 400  # deals of the unseen cards a saved game's ranking plays (a puzzle: every deal)


class CourtsTable(Table):
    """The shared table, with an undo that tells nothing: back where the human's last move was
    made, the cards the human has not seen (the other hands, the face-down discard) are dealt again
    at random and the chance to come and the bots take fresh seeds (``CourtsState.redrawn``), so
    the cards the reveal showed, or a new hand dealt, are not what comes again. The fresh seed is
    in the game's save: a game loaded goes on as it would have."""

    undos = 0

    def undo(self) -> bool:
        if not super().undo():
            return False
        if self.human is None:  # no one's view to keep (never at the terminal)
            return True
        self.undos += 1
        position = self.position.redrawn(self.human, self.undos)
        self._position = position
        if position.current_player() == SIMULTANEOUS:
            self._node_start = position
        self._seed = position.seed
        self.bots = self._make_bots()
        return True


class CourtsView(View):
    notation = N_(
        "Before the reveal, a card of your hand: its number, its word ('mill') or 'choose 1 mill' "
        "(your player's number and the card). When your revealed card is next, a Court: its number, "
        "its name ('island'), with the token a third card takes ('island wyrms'), or "
        "'place island take wyrms'."
    )
    players = 4
    undone = N_(
        "Taken back: your last move and the bots' answers. The cards you have not seen are dealt "
        "again at random, so the bots choose afresh: what you saw tells you nothing of their hands."
    )

    def load(self, path: str) -> CourtsState:
        return read_save(path, FOUR_COURTS.load, CourtsError, "Four Courts")

    def table(self, args: argparse.Namespace, state: Any) -> Table:
        players = state.num_players if state is not None else (args.players or self.players)
        return seated(
            FOUR_COURTS,
            args,
            state,
            players,
            _("The Four Courts is for 3 or 4 players (S1, S6)"),
            CourtsError,
            CourtsTable,
            # a new game's rule variants (G1's early end); a saved game keeps its own
            variants=(getattr(args, "variant", None) or None) if state is None else None,
        )

    def board(self, table: Table) -> str:
        return table.position.text(table.human) + _placing(table) + "\n" + table.headline()

    def read(self, table: Table, text: str) -> Any:
        """The short notation made whole: ``mill`` → ``choose 1 mill`` (before the reveal),
        ``island`` / ``island wyrms`` → ``place island`` / ``place island take wyrms``."""
        words = text.lower().split()
        if not words or words[0] in ("choose", "place", "bonus", "deal"):
            return text
        game = table.state
        if game.phase == "choose":
            try:
                return Choose(table.human, card_index("-".join(words)))
            except DeckError as exc:  # a card's word, misspelt
                raise CourtsError(
                    _("{reason}; or type the card's number in the list").format(reason=exc)
                ) from None
        if game.phase == "place" and len(words) <= 3:
            if len(words) == 2:
                words = [words[0], "take", words[1]]
            return "place " + " ".join(words)
        return text

    def lines(self, lines: list[LogLine]) -> list[str]:
        """The log's new lines, a deal's cards in one line (which card went where is hidden)."""
        out: list[str] = []
        dealt = 0
        for line in lines:
            if line.notation == "deal a-card":
                dealt += 1
                continue
            if dealt:
                out.append("  " + _dealt(dealt))
                dealt = 0
            out.append(f"  {line.number}. {line.words}")
        if dealt:
            out.append("  " + _dealt(dealt))
        return out

    def hint(self, table: Table) -> list[str]:
        hint = table.hint(top=3)
        return [f"{i}. {w}" for i, w in enumerate(hint.words, 1)] or [hint.why_none]

    def final(self, table: Table) -> list[str]:
        """The table, then why the game ended as it did: the tokens, the bonus tokens, the points
        and the tie-break (``corinth.courts.ending``), then who won."""
        why = [f"  {line}" for line in end_words(table.state)]
        verdict = table.position.verdict() or _("The game is over.")
        return [table.position.text(), _("The end of the game:"), *why, verdict]

    def solve(self, args: argparse.Namespace) -> int:
        from corinth.courts.puzzles import KINDS, load_puzzles, rank_choices

        seat, kind, where = None, "round", args.game
        if Path(args.game).exists():
            game = self.load(args.game).native
        else:
            puzzles = {p.id: p for p in load_puzzles()}
            if args.game not in puzzles:
                raise UserError(
                    _(
                        "{path}: no such file, nor a stored puzzle (the puzzles are {ids}, …)"
                    ).format(path=args.game, ids=", ".join(list(puzzles)[:3]))
                )
            puzzle = puzzles[args.game]
            game, seat, kind = puzzle.game, puzzle.seat, puzzle.kind
            print(puzzle.question)
        if game.is_over:
            raise UserError(
                _("{path}: the game is over (G1): there is no card left to choose").format(
                    path=where
                )
            )
        if game.phase != "choose":
            raise UserError(
                (
                    _(
                        "{path}: 'which card now?' is asked before the players lay their cards"
                        " (R1); this game stops while cards are dealt (S6)"
                    )
                    if game.is_chance
                    else _(
                        "{path}: 'which card now?' is asked before the players lay their cards"
                        " (R1); this game stops while revealed cards are placed (R2)"
                    )
                ).format(path=where)
            )
        player = getattr(args, "player", None)
        if player is not None:
            if not 1 <= player <= game.players:
                raise UserError(_("--player must be 1 to {players}").format(players=game.players))
            seat = player - 1
        if seat is None:
            seat = game.to_choose()[0]
        if seat not in game.to_choose():
            raise UserError(
                _("player {n} has laid a card already this round (R1)").format(n=seat + 1)
            )
        kind = getattr(args, "until", None) or kind
        if kind not in KINDS:
            raise UserError(_("no puzzle kind {kind}").format(kind=repr(kind)))
        view = game.observe(seat)  # the seat's view only (H1)
        ranking = rank_choices(view, kind, samples=SAMPLES, seed=args.seed)
        top = ranking.choices[: args.top] if args.top else ranking.choices
        if args.json:
            rows = [
                {"card": CARDS[c.card].word, "court": COURTS[c.court], "points": round(c.mean, 4)}
                | ({} if ranking.exact else {"interval": [round(c.low, 4), round(c.high, 4)]})
                for c in top
            ]
            data = {"player": seat + 1, "kind": kind, "exact": ranking.exact, "choices": rows}
            print(json.dumps(data | {"deals": ranking.deals}, indent=2))
            return 0
        print(_ranking_head(seat, kind, ranking))
        for i, c in enumerate(top, 1):
            spread = (
                ""
                if ranking.exact
                else "  "
                + _("(95% interval {low} to {high})").format(
                    low=decimals(c.low, 2), high=decimals(c.high, 2)
                )
            )
            print(
                f"{i:3}. {CARDS[c.card].word} {COURTS[c.court]:<7} {c.mean:5.2f}  "
                f"{CARDS[c.card].describe()} beside the {COURTS[c.court].capitalize()}{spread}"
            )
        return 0


def _placing(table: Table) -> str:
    """While the revealed cards are placed: the order, and whose card is next."""
    game = table.state
    if game.phase != "place":
        return ""
    order = "; ".join(f"{_(SEATS[s])} {CARDS[c].describe()}" for s, c in game.queue)
    return "\n" + _("To place, highest first: {order}.").format(order=order)


def _dealt(n: int) -> str:
    return ngettext("{n} cards are dealt, face down.", "{n} cards are dealt, face down.", n).format(
        n=n
    )


def decimals(value: float, places: int) -> str:
    """``value`` with ``places`` decimals as the language spoken writes it ("0.50", "0,50")."""
    return f"{value:.{places}f}" if current_language() == "en" else number(value, decimals=places)


def _ranking_head(seat: int, kind: str, ranking: Any) -> str:
    """The head of "which card now?": whose choice, when the points are counted, over which deals."""
    values = dict(n=seat + 1, seat=_(SEATS[seat]), deals=ranking.deals)
    if kind == "round":
        if ranking.exact:
            text = _(
                "Player {n} ({seat}): which card now? Points expected at the end of the round, over"
                " every deal of the cards player {n} has not seen:"
            )
        else:
            text = _(
                "Player {n} ({seat}): which card now? Points expected at the end of the round, over"
                " {deals} random deals of the cards player {n} has not seen:"
            )
    elif ranking.exact:
        text = _(
            "Player {n} ({seat}): which card now? Points expected at the end of the deal, over"
            " every deal of the cards player {n} has not seen:"
        )
    else:
        text = _(
            "Player {n} ({seat}): which card now? Points expected at the end of the deal, over"
            " {deals} random deals of the cards player {n} has not seen:"
        )
    return text.format(**values)
