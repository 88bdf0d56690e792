"""The end of a game of The Four Courts in words (G1-G7), for the board and the command line: why
the game ended, each player's tokens by colour, where each bonus colour's two tokens went and why
(or why nobody took them), the points, and, where the most points tie, the tie-break that decided
it: each tied player's hand with every card's value and the total (G6), then the highest card (G7).

Each sentence names the rules it applies in brackets, ``(G3)``; a board shows them behind a small
mark. ``names`` gives the players' names (default: their sides, North, East, South, West).

>>> from corinth.courts.bots import GreedyBot, play_game
>>> game = play_game([GreedyBot(s) for s in range(4)], seed=1)
>>> print(end_words(game)[-5][:68])
East, South and West tie on 6 points, so the cards left in their han
>>> print(end_words(game)[-1])
South has the highest total, 80, and wins (G6).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CARDS, COURT_SUITS, COURTS, SEATS, STRENGTH, SUITS
from .game import Game


def _and(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def end_words(game: Game, names: Sequence[str] | None = None) -> list[str]:
    """The end of ``game`` explained, a sentence a line (nothing before the game is over)."""
    if not game.is_over:
        return []
    names = list(names) if names is not None else list(SEATS[: game.players])
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
        text = f"The game ended: {game.ended} (G1)."
    else:
        court = empty[0]
        lacking = [SUITS[c] for c in COURT_SUITS[court] if not game.reserve[c]]
        text = (
            f"The game ended when the last token of the {COURTS[court].capitalize()} was taken: "
            f"the reserve had no {' or '.join(lacking)} token left to put three tokens on it "
            "again (G1)."
        )
    back = [(s, c) for s, c in game.revealed if c in game.hands[s]]
    if back:
        cards = _and([f"{names[s]}: {CARDS[c].name}" for s, c in back])
        text += (
            " The cards revealed this round and not yet placed went back to their players' "
            f"hands ({cards})."
        )
    return text


def _tokens(game: Game, seat: int, names: Sequence[str]) -> str:
    won = game.won[seat]
    if not sum(won):
        return f"{names[seat]} won no token."
    parts = [f"{n} {SUITS[c]}" for c, n in enumerate(won) if n]
    plural = "s" if sum(won) > 1 else ""
    return f"{names[seat]} won {sum(won)} token{plural}: {_and(parts)}."


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
        suit = SUITS[colour]
        counts = [w[colour] for w in game.won]
        head = f"Bonus colour {suit} ({', '.join(f'{names[s]} {n}' for s, n in enumerate(counts))})"
        takers, rule = bonus_shares(game, colour)
        best = max(counts)
        top = [names[s] for s, n in enumerate(counts) if n == best]
        if best < 2:
            why = f"nobody has two {suit} tokens, so its two bonus tokens stay aside"
        elif rule == "G4":
            why = (
                f"{_and(top)} tie with {best} each; two tokens cannot be shared among "
                f"{len(top)} players, so nobody takes them"
            )
        elif len(takers) == 2:
            why = f"{_and(top)} tie with {best} each and take one bonus {suit} token each"
        else:
            why = (
                f"{top[0]} has the most, {best} (two at least are needed), and takes both bonus "
                f"{suit} tokens"
            )
        out.append(f"{head}: {why} ({rule}).")
    return out


def _points(game: Game, names: Sequence[str]) -> str:
    parts = []
    for s in range(game.players):
        tokens = sum(game.won[s])
        bonus = sum(game.bonus_won[s]) if game.bonus_won else 0
        parts.append(
            f"{names[s]} {tokens} + {bonus} bonus = {tokens + bonus}"
            if bonus
            else f"{names[s]} {tokens}"
        )
    return f"Points, one for every token (G2): {', '.join(parts)}."


def card_value_words(card: int) -> str:
    """A card and its value (C2): ``the Mill (8)``, ``the Huntress (Crown, 11)``."""
    c = CARDS[card]
    return (
        f"{c.name} ({c.value})"
        if c.rank.isdigit()
        else f"{c.name} ({c.rank.capitalize()}, {c.value})"
    )


def _a_rank(card: int) -> str:
    """``an Ace``, ``a Crown``, ``an 8``."""
    rank = CARDS[card].rank
    word = rank if rank.isdigit() else rank.capitalize()
    return f"{'an' if word[0] in 'A8' else 'a'} {word}"


def _rank_plural(card: int) -> str:
    rank = CARDS[card].rank
    return f"{rank}s" if rank.isdigit() else f"{rank.capitalize()}s"


def result_words(game: Game, names: Sequence[str]) -> list[str]:
    """G5-G7: who won and why; where the most points tie, each tied hand with its values and total
    (G6), and where the totals tie too, the highest card (G7)."""
    scores = game.scores()
    best = max(scores)
    tied = [s for s in range(game.players) if scores[s] == best]
    if len(tied) == 1:
        return [f"{names[tied[0]]} has the most points, {best}, and wins (G5)."]
    who = _and([names[s] for s in tied])
    out = [
        f"{who} tie on {best} point{'s' if best != 1 else ''}, so the cards left in their hands decide: the higher total "
        "of their values wins, each card counting its number, a Pawn 10, a Crown 11, an Ace 12 "
        "(G6)."
    ]
    totals = {s: sum(CARDS[c].value for c in game.hands[s]) for s in tied}
    for s in tied:
        hand = sorted(game.hands[s], key=lambda c: STRENGTH[c], reverse=True)
        if hand:
            out.append(
                f"{names[s]} holds {_and([card_value_words(c) for c in hand])}: a total of "
                f"{totals[s]}."
            )
        else:
            out.append(f"{names[s]} holds no card: a total of 0.")
    high = max(totals.values())
    still = [s for s in tied if totals[s] == high]
    if len(still) == 1:
        out.append(f"{names[still[0]]} has the highest total, {high}, and wins (G6).")
        return out
    return out + _highest_card(game, still, high, names)


def _highest_card(game: Game, seats: list[int], total: int, names: Sequence[str]) -> list[str]:
    """G7: the totals tie too; the player with the highest card wins (rank, then suits)."""
    who = _and([names[s] for s in seats])
    if not any(game.hands[s] for s in seats):
        return [f"{who} have no card left in hand: they share the win (G7)."]
    highest = {s: max(game.hands[s], key=lambda c: STRENGTH[c]) for s in seats if game.hands[s]}
    order = sorted(highest, key=lambda s: STRENGTH[highest[s]], reverse=True)
    winner, runner = highest[order[0]], highest[order[1]] if len(order) > 1 else None
    cards = "; ".join(f"{names[s]}, {CARDS[highest[s]].describe()}" for s in order)
    if runner is None:
        why = "the only card among them"
    elif CARDS[winner].rank != CARDS[runner].rank:
        why = f"{_a_rank(winner)} is higher than {_a_rank(runner)} (C2)"
    else:
        why = f"both are {_rank_plural(winner)}, and {_stronger_suit(winner, runner)} (C3)"
    name = CARDS[winner].name
    return [
        f"{who} tie on that total too, {total}, so the highest card decides (G7). The highest "
        f"card of each: {cards}. {name[:1].upper()}{name[1:]} is the highest: {why}. "
        f"{names[order[0]]} wins."
    ]


def _stronger_suit(card: int, other: int) -> str:
    """Why ``card`` beats ``other`` of the same rank (C3): its suits, strongest first, against the
    other's, the first that differs."""
    mine, theirs = CARDS[card].suits, CARDS[other].suits
    i = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
    said = f"{mine[i]} is stronger than {theirs[i]}"
    return said if i == 0 else f"both have {_and(mine[:i])}, then {said}"


__all__ = [
    "bonus_shares",
    "bonus_words",
    "card_value_words",
    "end_words",
    "result_words",
    "why_ended",
]
