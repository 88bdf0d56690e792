"""The end of a game of The Four Courts in words (G1-G7), for the board and the command line: why
the game ended, each player's tokens by colour, where each bonus colour's two tokens went and why
(or why nobody took them), the points, and, where the most points tie, the tie-break that decided
it: each tied player's hand with every card's value and the total (G6), then the highest card (G7).

Each sentence names the rules it applies in brackets, ``(G3)``; a board shows them behind a small
mark. ``names`` gives the players' names (default: their sides, North, East, South, West). The
words are in the language spoken now (``corinth.shared.language``).

>>> from corinth.courts.bots import GreedyBot, play_game
>>> game = play_game([GreedyBot(s) for s in range(4)], seed=1)
>>> print(end_words(game)[-5][:68])
East, South and West tie on 6 points, so the cards left in their han
>>> print(end_words(game)[-1])
South has the highest total, 80, and wins (G6).
"""

from __future__ import annotations

from collections.abc import Sequence

from corinth.shared.language import N_, _, ngettext

from .cards import (
    CARDS,
    COURT_SUITS,
    COURTS,
    STRENGTH,
    and_words,
    card_name,
    court_word,
    or_words,
    rank_word,
    seat_word,
    suit_word,
)
from .game import Game, ended_words

# A rank with its article ("an Ace is higher than a Crown") and in the plural ("both are Crowns").
A_RANK = {"ace": N_("an Ace"), "crown": N_("a Crown"), "pawn": N_("a Pawn")}
RANKS = {"ace": N_("Aces"), "crown": N_("Crowns"), "pawn": N_("Pawns")}


def end_words(game: Game, names: Sequence[str] | None = None) -> list[str]:
    """The end of ``game`` explained, a sentence a line (nothing before the game is over)."""
    if not game.is_over:
        return []
    names = list(names) if names is not None else [seat_word(s) for s in range(game.players)]
    lines = [why_ended(game, names)]
    lines += [_tokens(game, s, names) for s in range(game.players)]
    lines += bonus_words(game, names)
    lines.append(_points(game, names))
    lines += result_words(game, names)
    return lines


def why_ended(game: Game, names: Sequence[str]) -> str:
    """G1: the Court that could not be reloaded and the colour the reserve lacked; the revealed
    cards not placed, back in their players' hands."""
    empty = [k for k in range(len(COURTS)) if not game.court_tokens[k]]
    if not empty:
        text = _("The game ended: {why} (G1).").format(why=ended_words(game.ended))
    else:
        court = empty[0]
        lacking = [suit_word(c) for c in COURT_SUITS[court] if not game.reserve[c]]
        text = _(
            "The game ended when the last token of the {court} was taken: the reserve had no "
            "{suits} token left to put three tokens on it again (G1)."
        ).format(court=court_word(court), suits=or_words(lacking))
    back = [(s, c) for s, c in game.revealed if c in game.hands[s]]
    if back:
        cards = and_words(
            [_("{player}: {card}").format(player=names[s], card=card_name(c)) for s, c in back]
        )
        text += " " + _(
            "The cards revealed this round and not yet placed went back to their players' "
            "hands ({cards})."
        ).format(cards=cards)
    return text


def _tokens(game: Game, seat: int, names: Sequence[str]) -> str:
    won = game.won[seat]
    if not sum(won):
        return _("{player} won no token.").format(player=names[seat])
    parts = [f"{n} {suit_word(c)}" for c, n in enumerate(won) if n]
    return ngettext(
        "{player} won {n} token: {tokens}.", "{player} won {n} tokens: {tokens}.", sum(won)
    ).format(player=names[seat], n=sum(won), tokens=and_words(parts))


def bonus_shares(game: Game, colour: int) -> tuple[tuple[int, ...], str]:
    """Who takes bonus colour ``colour``'s two tokens, and by which rule: ``((), "G3")`` when
    nobody has two tokens of it; the one seat with the most, or the two tied, by G3; three or more
    tied, nobody, by G4."""
    counts = [w[colour] for w in game.won]
    best = max(counts)
    top = tuple(s for s, n in enumerate(counts) if n == best)
    if best < 2:
        return (), "G3"
    if len(top) > 2:
        return (), "G4"
    return top, "G3"


def bonus_words(game: Game, names: Sequence[str]) -> list[str]:
    """G3, G4: each bonus colour, every player's tokens of it, and where its two tokens went."""
    out = []
    for colour in game.bonus:
        suit = suit_word(colour)
        counts = [w[colour] for w in game.won]
        said = ", ".join(f"{names[s]} {n}" for s, n in enumerate(counts))
        takers, rule = bonus_shares(game, colour)
        best = max(counts)
        top = [names[s] for s, n in enumerate(counts) if n == best]
        if best < 2:
            text = _(
                "Bonus colour {suit} ({counts}): nobody has two {suit} tokens, so its two bonus "
                "tokens stay aside ({rule})."
            )
        elif rule == "G4":
            text = _(
                "Bonus colour {suit} ({counts}): {players} tie with {n} each; two tokens cannot be "
                "shared among {tied} players, so nobody takes them ({rule})."
            )
        elif len(takers) == 2:
            text = _(
                "Bonus colour {suit} ({counts}): {players} tie with {n} each and take one bonus "
                "{suit} token each ({rule})."
            )
        else:
            text = _(
                "Bonus colour {suit} ({counts}): {player} has the most, {n} (two at least are "
                "needed), and takes both bonus {suit} tokens ({rule})."
            )
        out.append(
            text.format(
                suit=suit,
                counts=said,
                players=and_words(top),
                player=top[0],
                n=best,
                tied=len(top),
                rule=rule,
            )
        )
    return out


def _points(game: Game, names: Sequence[str]) -> str:
    parts = []
    for s in range(game.players):
        tokens = sum(game.won[s])
        bonus = sum(game.bonus_won[s]) if game.bonus_won else 0
        parts.append(
            _("{player} {tokens} + {bonus} bonus = {total}").format(
                player=names[s], tokens=tokens, bonus=bonus, total=tokens + bonus
            )
            if bonus
            else f"{names[s]} {tokens}"
        )
    return _("Points, one for every token (G2): {points}.").format(points=", ".join(parts))


def card_value_words(card: int) -> str:
    """A card and its value (C2): ``the Mill (8)``, ``the Huntress (Crown, 11)``."""
    c = CARDS[card]
    if c.rank.isdigit():
        return f"{card_name(card)} ({c.value})"
    return f"{card_name(card)} ({rank_word(card)}, {c.value})"


def _a_rank(card: int) -> str:
    """``an Ace``, ``a Crown``, ``an 8``."""
    rank = CARDS[card].rank
    if not rank.isdigit():
        return _(A_RANK[rank])
    return (_("an {rank}") if rank == "8" else _("a {rank}")).format(rank=rank)


def _rank_plural(card: int) -> str:
    rank = CARDS[card].rank
    return _("{rank}s").format(rank=rank) if rank.isdigit() else _(RANKS[rank])


def result_words(game: Game, names: Sequence[str]) -> list[str]:
    """G5-G7: who won and why; where the most points tie, each tied hand with its values and total
    (G6), and where the totals tie too, the highest card (G7)."""
    scores = game.scores()
    best = max(scores)
    tied = [s for s in range(game.players) if scores[s] == best]
    if len(tied) == 1:
        return [
            _("{player} has the most points, {n}, and wins (G5).").format(
                player=names[tied[0]], n=best
            )
        ]
    who = and_words([names[s] for s in tied])
    out = [
        ngettext(
            "{players} tie on {n} point, so the cards left in their hands decide: the higher total "
            "of their values wins, each card counting its number, a Pawn 10, a Crown 11, an Ace 12 "
            "(G6).",
            "{players} tie on {n} points, so the cards left in their hands decide: the higher total "
            "of their values wins, each card counting its number, a Pawn 10, a Crown 11, an Ace 12 "
            "(G6).",
            best,
        ).format(players=who, n=best)
    ]
    totals = {s: sum(CARDS[c].value for c in game.hands[s]) for s in tied}
    for s in tied:
        hand = sorted(game.hands[s], key=lambda c: STRENGTH[c], reverse=True)
        if hand:
            out.append(
                _("{player} holds {cards}: a total of {total}.").format(
                    player=names[s],
                    cards=and_words([card_value_words(c) for c in hand]),
                    total=totals[s],
                )
            )
        else:
            out.append(_("{player} holds no card: a total of 0.").format(player=names[s]))
    high = max(totals.values())
    still = [s for s in tied if totals[s] == high]
    if len(still) == 1:
        out.append(
            _("{player} has the highest total, {total}, and wins (G6).").format(
                player=names[still[0]], total=high
            )
        )
        return out
    return out + _highest_card(game, still, high, names)


def _highest_card(game: Game, seats: list[int], total: int, names: Sequence[str]) -> list[str]:
    """G7: the totals tie too; the player with the highest card wins (rank, then suits)."""
    who = and_words([names[s] for s in seats])
    if not any(game.hands[s] for s in seats):
        return [
            _("{players} have no card left in hand: they share the win (G7).").format(players=who)
        ]
    highest = {s: max(game.hands[s], key=lambda c: STRENGTH[c]) for s in seats if game.hands[s]}
    order = sorted(highest, key=lambda s: STRENGTH[highest[s]], reverse=True)
    winner, runner = highest[order[0]], highest[order[1]] if len(order) > 1 else None
    cards = "; ".join(f"{names[s]}, {CARDS[highest[s]].describe()}" for s in order)
    if runner is None:
        why = _("the only card among them")
    elif CARDS[winner].rank != CARDS[runner].rank:
        why = _("{higher} is higher than {lower} (C2)").format(
            higher=_a_rank(winner), lower=_a_rank(runner)
        )
    else:
        why = _("both are {ranks}, and {why} (C3)").format(
            ranks=_rank_plural(winner), why=_stronger_suit(winner, runner)
        )
    name = card_name(winner)
    return [
        _(
            "{players} tie on that total too, {total}, so the highest card decides (G7). The "
            "highest card of each: {cards}. {card} is the highest: {why}. {winner} wins."
        ).format(
            players=who,
            total=total,
            cards=cards,
            card=name[:1].upper() + name[1:],
            why=why,
            winner=names[order[0]],
        )
    ]


def _stronger_suit(card: int, other: int) -> str:
    """Why ``card`` beats ``other`` of the same rank (C3): its suits, strongest first, against the
    other's, the first that differs."""
    mine, theirs = CARDS[card].suits, CARDS[other].suits
    i = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
    said = _("{suit} is stronger than {other}").format(
        suit=suit_word(mine[i]), other=suit_word(theirs[i])
    )
    if i == 0:
        return said
    shared = and_words(suit_word(s) for s in mine[:i])
    return _("both have {suits}, then {said}").format(suits=shared, said=said)


__all__ = [
    "bonus_shares",
    "bonus_words",
    "card_value_words",
    "end_words",
    "result_words",
    "why_ended",
]
