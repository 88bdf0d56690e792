"""The Four Courts' rules (``RULES.md`` in this folder): an immutable game state with explicit chance
(the bonus draw, the deal card by card), simultaneous choices, placing by rank, tokens, reloads, the
immediate end and the score; ``apply`` refuses an illegal move with the rule it breaks and leaves the
state untouched. A seat's ``observe`` shows only what that seat may see (H1).

Moves are written ``bonus moons suns waves knots`` and ``deal mill`` (chance), ``choose 2 mill``
(player 2 lays the Mill face down, R1) and ``place island`` or ``place island take wyrms`` (the
player whose revealed card is next puts it beside the Island and takes a Wyrms token, R3, R5).

>>> import random
>>> game = new_game(players=4).apply("bonus moons suns waves knots")
>>> game.phase, len(game.chance_outcomes())
('deal', 40)
>>> game = deal_all(game, random.Random(1))
>>> [len(h) for h in game.hands], game.current_player == SIMULTANEOUS
([10, 10, 10, 10], True)
>>> game.apply("place island")
Traceback (most recent call last):
...
corinth.courts.game.IllegalMove: the cards are not revealed yet: every player first chooses a card face down (R1)
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from itertools import combinations

from corinth.shared.errors import RuleRefusal
from corinth.shared.language import N_, _, ngettext
from corinth.shared.saves import SaveFormat, no_duplicate_keys, replay_save, write_save

from .cards import (
    CARDS,
    COURT_SUITS,
    COURTS,
    FITS,
    PLAYABLE,
    STRENGTH,
    SUITS,
    DeckError,
    and_words,
    card_index,
    card_name,
    court_index,
    court_word,
    seat_word,
    suit_index,
    suit_word,
)

# OpenSpiel's player ids for the nodes that are not one player's turn
CHANCE, SIMULTANEOUS, TERMINAL = -1, -2, -4
TOKENS_EACH = 7  # C5
RESERVE_EACH = 3  # S5
HAND_SIZE = {3: 13, 4: 10}  # S6 [interp]
PHASES = ("bonus", "deal", "choose", "place", "over")

# The rule variants: the open readings of the rulebook played the other way (RULES.md, "Rule
# variants"). A game carries its variants from ``new_game`` to its end; its save holds them.
VARIANTS = {
    "early-end": N_(
        "the game ends as soon as the reserve lacks a token of some Court's suits, before "
        "that Court is empty (G1)"
    ),
}


class CourtsError(DeckError):
    """Bad input to The Four Courts' engine."""


class IllegalMove(RuleRefusal, CourtsError):
    """A move the rules forbid; the message ends with the rule it breaks, e.g. ``(R3)``."""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat_name(seat: int) -> str:
    """``player 2 (East)``, in the language spoken now."""
    return _("player {n} ({seat})").format(n=seat + 1, seat=seat_word(seat))


def ended_words(ended: str) -> str:
    """Why a game ended (``Game.ended``, kept in English in the state) in the language spoken now.

    >>> ended_words("the Rite could not be reloaded")
    'the Rite could not be reloaded'
    """
    words = ended.split()
    if len(words) == 6 and ended.endswith(" could not be reloaded"):
        return _("the {court} could not be reloaded").format(court=words[1])
    if ended.startswith("the reserve has no ") and ended.endswith(" can no longer be reloaded"):
        return _(
            "the reserve has no {suit} token left: the {court} and the {other} can no longer "
            "be reloaded"
        ).format(suit=suit_word(words[4]), court=words[8], other=words[11])
    if ended == "the discard had too few cards to deal again":
        return _("the discard had too few cards to deal again")
    return ended


# --- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bonus:
    """Chance (S3): the four bonus colours drawn from the bag."""

    colours: tuple[int, ...]

    def __str__(self) -> str:
        return "bonus " + " ".join(SUITS[c].lower() for c in self.colours)


@dataclass(frozen=True)
class Deal:
    """Chance (S6, R9): the next card dealt, to the next player in turn."""

    card: int

    def __str__(self) -> str:
        return f"deal {CARDS[self.card].word}"


@dataclass(frozen=True)
class Choose:
    """R1: a player lays a card of their hand face down."""

    seat: int
    card: int

    def __str__(self) -> str:
        return f"choose {self.seat + 1} {CARDS[self.card].word}"


@dataclass(frozen=True)
class Place:
    """R3, R5: the next revealed card beside a Court; ``take`` the token's colour if it makes three."""

    court: int
    take: int | None = None

    def __str__(self) -> str:
        text = f"place {COURTS[self.court]}"
        return text if self.take is None else f"{text} take {SUITS[self.take].lower()}"


Move = Bonus | Deal | Choose | Place


def parse(text: str) -> Move:
    """A move from its notation.

    >>> parse("place island take wyrms"), parse("choose 2 mill")
    (Place(court=0, take=4), Choose(seat=1, card=26))
    """
    if not isinstance(text, str):
        raise CourtsError(f"a move is text such as 'choose 1 mill' or 'place island', not {text!r}")
    shown = repr(text[:80])
    words = text.strip().lower().split()
    try:
        if words and words[0] == "bonus" and len(words) == 5:
            colours = tuple(sorted(suit_index(w) for w in words[1:]))
            if len(set(colours)) != 4:
                raise CourtsError(_("the bonus draw is four different colours (S3)"))
            return Bonus(colours)
        if len(words) == 2 and words[0] == "deal":
            return Deal(card_index(words[1]))
        if len(words) == 3 and words[0] == "choose" and words[1].isdigit():
            return Choose(int(words[1]) - 1, card_index(words[2]))
        if len(words) in (2, 4) and words[0] == "place":
            take = None
            if len(words) == 4:
                if words[2] != "take":
                    raise CourtsError(
                        _("cannot read {move}: write 'place island take wyrms'").format(move=shown)
                    )
                take = suit_index(words[3])
            return Place(court_index(words[1]), take)
    except DeckError as exc:
        raise CourtsError(str(exc)) from None
    raise CourtsError(
        _(
            "cannot read the move {move}: write 'choose 1 mill' (player 1 lays the Mill face "
            "down), 'place island' or 'place island take wyrms'"
        ).format(move=shown)
    )


# --- the state ---------------------------------------------------------------------------------


def _bonus_shares(won, bonus) -> list[tuple[int, ...]]:
    """G3, G4: for each bonus colour, the bonus tokens each seat would take."""
    out = []
    players = len(won)
    for colour in bonus:
        counts = [w[colour] for w in won]
        best = max(counts)
        top = [s for s in range(players) if counts[s] == best]
        share = [0] * players
        if best >= 2 and len(top) == 1:
            share[top[0]] = 2
        elif best >= 2 and len(top) == 2:
            share[top[0]] = share[top[1]] = 1
        # G4 [interp]: three or more tied: nobody takes them
        out.append(tuple(share))
    return out


def _placings(sides, court_tokens, seat: int, card: int) -> list[Place]:
    moves = []
    for court in FITS[card]:  # R3
        if len(sides[court][seat]) == 2:  # R5: the third card takes a token
            moves += [Place(court, t) for t in sorted(set(court_tokens[court]))]
        else:
            moves.append(Place(court))
    return moves


def _evolve(game: Game, **changes) -> Game:
    """``dataclasses.replace`` without its checks: the engine's hot path (fields are all known)."""
    new = object.__new__(Game)
    new.__dict__.update(game.__dict__)
    new.__dict__.update(changes)
    return new


def _reserve_short(reserve: tuple[int, ...]) -> str:
    """G1's variant "early-end": why the game ends now, if the reserve lacks a token of some
    Court's suits (every suit is on two Courts, C4), else ""."""
    for colour, left in enumerate(reserve):
        if not left:
            courts = [COURTS[k].capitalize() for k in range(4) if colour in COURT_SUITS[k]]
            return (
                f"the reserve has no {SUITS[colour]} token left: the {courts[0]} and the "
                f"{courts[1]} can no longer be reloaded"
            )
    return ""


def check_variants(variants) -> tuple[str, ...]:
    """The rule variants' names, checked and sorted (``VARIANTS``); None or () is the rules as
    RULES.md reads them.

    >>> check_variants(["early-end"]), check_variants(None)
    (('early-end',), ())
    """
    if variants is None:
        return ()
    if isinstance(variants, str):
        variants = [variants]
    if isinstance(variants, (bytes, dict)) or not hasattr(variants, "__iter__"):
        raise CourtsError(f"variants: expected a list of rule variant names, not {variants!r:.40}")
    names = list(variants)
    for name in names:
        if not isinstance(name, str) or name not in VARIANTS:
            raise CourtsError(
                _("variants: unknown rule variant {name}: The Four Courts has {variants}").format(
                    name=repr(str(name)[:40]), variants=", ".join(VARIANTS)
                )
            )
    return tuple(sorted(set(names)))


def _check_token(move: Place, seat: int, cards: int, tokens: tuple[int, ...]) -> None:
    """R5: the third card on a side takes a token, named by the move; no other card does."""
    if cards == 3:
        if move.take is None:  # the move names its token, the last one too: one notation
            raise IllegalMove(
                "R5",
                _(
                    "{player}'s third card beside the {court} takes a token: say which ({suits})"
                ).format(
                    player=seat_name(seat),
                    court=court_word(move.court),
                    suits=", ".join(suit_word(t) for t in sorted(set(tokens))),
                ),
            )
        if move.take not in tokens:
            raise IllegalMove(
                "R5",
                _("there is no {suit} token on the {court}").format(
                    suit=suit_word(move.take), court=court_word(move.court)
                ),
            )
    elif move.take is not None:
        raise IllegalMove(
            "R5",
            _(
                "a token is taken with the third card on one's side of a Court; this is card "
                "{n} of {player} beside the {court}"
            ).format(n=cards, player=seat_name(seat), court=court_word(move.court)),
        )


def _add(counts: tuple[int, ...], colour: int, n: int = 1) -> tuple[int, ...]:
    return counts[:colour] + (counts[colour] + n,) + counts[colour + 1 :]


@dataclass(frozen=True)
class Game:
    """The whole game, every hand included. Read a seat's part with ``observe(seat)``."""

    players: int
    phase: str = "bonus"
    bonus: tuple[int, ...] = ()  # S3: the four bonus colours
    court_tokens: tuple[tuple[int, ...], ...] = COURT_SUITS  # S2
    reserve: tuple[int, ...] = (0,) * 6  # S5 (filled by the bonus draw)
    won: tuple[tuple[int, ...], ...] = ()  # R8: tokens in front of each player, by colour
    sides: tuple[tuple[tuple[int, ...], ...], ...] = ()  # [court][seat]: cards on that side
    hands: tuple[tuple[int, ...], ...] = ()
    discard_seen: tuple[int, ...] = ()  # D1: won trios, seen by all
    discard_hidden: tuple[int, ...] = ()  # D1: left over from a deal, seen by nobody
    pool: tuple[int, ...] = ()  # the cards still to deal (phase "deal")
    deal_size: int = 0  # cards each player gets in this deal
    dealt: int = 0
    hand_size: int = 0  # the first deal's (S6)
    chosen: tuple[int | None, ...] = ()  # R1: each player's face-down card
    queue: tuple[tuple[int, int], ...] = ()  # R2: (seat, card) still to place, highest first
    revealed: tuple[tuple[int, int], ...] = ()  # this round's cards, in play order
    bonus_won: tuple[tuple[int, ...], ...] = ()  # G3: bonus tokens taken at the end
    deals: int = 0
    rounds: int = 0
    ended: str = ""
    history: tuple[str, ...] = field(default=())
    variants: tuple[str, ...] = ()  # the rule variants played (``VARIANTS``), sorted

    # --- reading ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to move, or CHANCE, SIMULTANEOUS (every seat still to choose), TERMINAL."""
        if self.phase in ("bonus", "deal"):
            return CHANCE
        if self.phase == "choose":
            return SIMULTANEOUS
        if self.phase == "place":
            return self.queue[0][0]
        return TERMINAL

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def is_chance(self) -> bool:
        return self.phase in ("bonus", "deal")

    def to_choose(self) -> tuple[int, ...]:
        """The seats that still have to choose a card this round (R1)."""
        if self.phase != "choose":
            return ()
        return tuple(s for s in range(self.players) if self.chosen[s] is None and self.hands[s])

    def points(self, seat: int) -> int:
        """G2 (and G3 once the game is over): the seat's tokens."""
        bonus = sum(self.bonus_won[seat]) if self.bonus_won else 0
        return sum(self.won[seat]) + bonus

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points(s) for s in range(self.players))

    def standing(self) -> tuple[int, ...]:
        """Every seat's points if the game ended now: its tokens and the bonus tokens as they would
        fall (G3, G4); the final score once the game is over.

        >>> from dataclasses import replace
        >>> g = replace(new_game(3).apply("bonus moons suns waves knots"), won=((2,) + (0,) * 5,) * 1 + ((0,) * 6,) * 2)
        >>> g.standing()
        (4, 0, 0)
        """
        if self.is_over:
            return self.scores()
        shares = _bonus_shares(self.won, self.bonus)
        return tuple(sum(self.won[s]) + sum(b[s] for b in shares) for s in range(self.players))

    def winners(self) -> tuple[int, ...]:
        """G5-G7: the winning seats (more than one only if they tie on everything)."""
        if not self.is_over:
            return ()

        def key(s: int):
            hand = self.hands[s]
            return (
                self.points(s),
                sum(CARDS[c].value for c in hand),
                max((STRENGTH[c] for c in hand), default=-1),
            )

        best = max(key(s) for s in range(self.players))
        return tuple(s for s in range(self.players) if key(s) == best)

    def returns(self) -> tuple[float, ...]:
        """OpenSpiel's returns: 1 shared among the winners, 0 for the others (0s before the end)."""
        winners = self.winners()
        return tuple(1 / len(winners) if s in winners else 0.0 for s in range(self.players))

    def token_places(self) -> dict[str, tuple[int, ...]]:
        """C5: where every token is, by colour; each colour sums to 7 in every state."""
        courts = [0] * 6
        for tokens in self.court_tokens:
            for c in tokens:
                courts[c] += 1
        won = [sum(w[c] for w in self.won) for c in range(6)]
        if not self.bonus:
            return {"courts": tuple(courts), "won": tuple(won), "box": (5,) * 6}
        bonus_won = (
            [sum(w[c] for w in self.bonus_won) for c in range(6)] if self.bonus_won else [0] * 6
        )
        aside = tuple((2 - bonus_won[c]) if c in self.bonus else 0 for c in range(6))
        out = tuple(0 if c in self.bonus else 2 for c in range(6))
        return {
            "courts": tuple(courts),
            "reserve": self.reserve,
            "won": tuple(won),
            "bonus won": tuple(bonus_won),
            "bonus aside": aside,
            "out of the game": out,
        }

    def card_places(self) -> list[int]:
        """Every one of the 40 cards dealt, counted once (hands, sides, discard, pool, queue)."""
        out = [c for h in self.hands for c in h]
        out += [c for court in self.sides for side in court for c in side]
        out += list(self.discard_seen) + list(self.discard_hidden) + list(self.pool)
        out += [c for _, c in self.queue]
        return out

    # --- moves ---------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The chance node's outcomes with their exact probabilities (S3, S6)."""
        if self.phase == "bonus":
            draws = list(combinations(range(6), 4))
            return [(Bonus(d), 1 / len(draws)) for d in draws]
        if self.phase == "deal":
            return [(Deal(c), 1 / len(self.pool)) for c in self.pool]
        return []

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move: the chance outcomes, a seat's choices (every seat still to choose when
        ``seat`` is None), or the placings of the next revealed card."""
        if self.is_chance:
            return [m for m, _ in self.chance_outcomes()]
        if self.phase == "choose":
            seats = (
                self.to_choose() if seat is None else (seat,) if seat in self.to_choose() else ()
            )
            return [Choose(s, c) for s in seats for c in self.hands[s]]
        if self.phase == "place" and (seat is None or seat == self.queue[0][0]):
            return self._placings()
        return []

    def _placings(self) -> list[Place]:
        return _placings(self.sides, self.court_tokens, *self.queue[0])

    def apply(self, move: Move | str) -> Game:
        """The game after ``move``; ``IllegalMove`` names the rule it breaks, the game is unchanged."""
        if isinstance(move, str):
            move = parse(move)
        if self.is_over:
            raise IllegalMove("G1", _("the game is over"))
        if isinstance(move, Bonus):
            return self._bonus(move)
        if isinstance(move, Deal):
            return self._deal(move)
        if self.is_chance:
            raise IllegalMove("S6", _("the set-up is not over: the cards are still being dealt"))
        if isinstance(move, Choose):
            return self._choose(move)
        if isinstance(move, Place):
            return self._place(move)
        raise CourtsError(f"a move is a Bonus, Deal, Choose, Place or its notation, not {move!r}")

    def _bonus(self, move: Bonus) -> Game:
        if self.phase != "bonus":
            raise IllegalMove("S3", _("the bonus colours are drawn once, at the set-up"))
        colours = tuple(sorted(set(move.colours)))
        if len(colours) != 4 or not all(0 <= c < 6 for c in colours):
            raise IllegalMove("S3", _("the bonus draw is four different colours"))
        pool = PLAYABLE
        size = HAND_SIZE[self.players]
        return _evolve(
            self,
            phase="deal",
            bonus=colours,
            reserve=(RESERVE_EACH,) * 6,  # S4, S5
            pool=pool,
            deal_size=size,
            hand_size=size,
            dealt=0,
            history=self.history + (str(Bonus(colours)),),
        )

    def _deal(self, move: Deal) -> Game:
        if self.phase != "deal":
            raise IllegalMove("S6", _("no card is being dealt now"))
        if move.card not in self.pool:
            raise IllegalMove(
                "S6", _("{card} is not among the cards to deal").format(card=card_name(move.card))
            )
        seat = self.dealt % self.players
        hands = list(self.hands)
        hands[seat] = tuple(sorted(hands[seat] + (move.card,)))
        pool = tuple(c for c in self.pool if c != move.card)
        dealt = self.dealt + 1
        after = _evolve(
            self, hands=tuple(hands), pool=pool, dealt=dealt, history=self.history + (str(move),)
        )
        if dealt == self.deal_size * self.players:  # S6, R9: the rest face down to the discard
            after = _evolve(
                after,
                phase="choose",
                pool=(),
                discard_hidden=pool,
                chosen=(None,) * self.players,
                deals=self.deals + 1,
            )
        return after

    def _choose(self, move: Choose) -> Game:
        if self.phase != "choose":
            raise IllegalMove("R1", _("players choose a card only before the reveal"))
        if not 0 <= move.seat < self.players:
            raise IllegalMove(
                "S1",
                _("there is no player {n} in a {players}-player game").format(
                    n=move.seat + 1, players=self.players
                ),
            )
        if self.chosen[move.seat] is not None:
            raise IllegalMove(
                "R1",
                _("{player} has already chosen a card this round").format(
                    player=seat_name(move.seat)
                ),
            )
        if move.card not in self.hands[move.seat]:
            raise IllegalMove(
                "R1",
                _("{card} is not in {player}'s hand").format(
                    card=card_name(move.card), player=seat_name(move.seat)
                ),
            )
        chosen = list(self.chosen)
        chosen[move.seat] = move.card
        after = _evolve(self, chosen=tuple(chosen), history=self.history + (str(move),))
        if after.to_choose():
            return after
        # R2: all at once, highest first
        queue = tuple(
            sorted(
                ((s, c) for s, c in enumerate(chosen) if c is not None),
                key=lambda sc: -STRENGTH[sc[1]],
            )
        )
        hands = tuple(tuple(c for c in h if c != chosen[s]) for s, h in enumerate(self.hands))
        return _evolve(
            after,
            phase="place",
            hands=hands,
            queue=queue,
            revealed=queue,
            chosen=(None,) * self.players,
        )

    def _place(self, move: Place) -> Game:
        if self.phase != "place":
            raise IllegalMove(
                "R1",
                _("the cards are not revealed yet: every player first chooses a card face down"),
            )
        seat, card = self.queue[0]
        if not 0 <= move.court < 4:
            raise CourtsError(f"no such move: {move!r}")
        if move.court not in FITS[card]:
            raise IllegalMove(
                "R3",
                _(
                    "{card} shares no suit with the {court}: a card goes beside a Court with a "
                    "suit in common"
                ).format(card=card_name(card), court=court_word(move.court)),
            )
        side = self.sides[move.court][seat] + (card,)
        tokens = self.court_tokens[move.court]
        _check_token(move, seat, len(side), tokens)
        sides = [list(court) for court in self.sides]
        court_tokens = list(self.court_tokens)
        won = list(self.won)
        discard_seen = self.discard_seen
        reserve = self.reserve
        ended = ""
        if move.take is None:
            sides[move.court][seat] = side
        else:  # R5: the token, and the three cards to the discard
            sides[move.court][seat] = ()
            discard_seen = discard_seen + side
            won[seat] = _add(won[seat], move.take)
            left = list(tokens)
            left.remove(move.take)
            court_tokens[move.court] = tuple(left)
            if not left:  # R7: reload, or G1: the game ends at once
                suits = COURT_SUITS[move.court]
                if all(reserve[c] for c in suits):
                    for c in suits:
                        reserve = _add(reserve, c, -1)
                    court_tokens[move.court] = suits
                else:
                    ended = f"the {COURTS[move.court].capitalize()} could not be reloaded"
                if not ended and "early-end" in self.variants:
                    ended = _reserve_short(reserve)
        after = _evolve(
            self,
            sides=tuple(tuple(c) for c in sides),
            court_tokens=tuple(court_tokens),
            won=tuple(won),
            discard_seen=discard_seen,
            reserve=reserve,
            queue=self.queue[1:],
            history=self.history + (str(move),),
        )
        if ended:
            return after._finish(ended)
        if after.queue:
            return after
        after = _evolve(after, rounds=self.rounds + 1)
        if any(after.hands):
            return _evolve(after, phase="choose", revealed=())
        return after._redeal()

    def _redeal(self) -> Game:
        """R9: the discard shuffled and dealt again, as many cards each as it allows."""
        pool = tuple(sorted(self.discard_seen + self.discard_hidden))
        size = min(self.hand_size, len(pool) // self.players)
        if size == 0:  # never with this deck (R9); ends rather than stalls
            return self._finish("the discard had too few cards to deal again")
        return _evolve(
            self,
            phase="deal",
            pool=pool,
            deal_size=size,
            dealt=0,
            discard_seen=(),
            discard_hidden=(),
            revealed=(),
        )

    def _finish(self, why: str) -> Game:
        """G1: cards not yet placed go back to their hands; G3, G4: the bonus tokens."""
        hands = [list(h) for h in self.hands]
        for seat, card in self.queue:
            hands[seat].append(card)
        shares = _bonus_shares(self.won, self.bonus)
        bonus_won = [[0] * 6 for _ in range(self.players)]
        for colour, share in zip(self.bonus, shares):
            for s in range(self.players):
                bonus_won[s][colour] = share[s]
        return _evolve(
            self,
            phase="over",
            hands=tuple(tuple(sorted(h)) for h in hands),
            queue=(),
            bonus_won=tuple(tuple(b) for b in bonus_won),
            ended=why,
        )

    # --- words ---------------------------------------------------------------------------------

    def describe(self, move: Move | str, seat: int | None = None) -> str:
        """A move as a sentence; a face-down choice is "a card" unless ``seat`` made it.

        >>> g = new_game(3)
        >>> g.describe("bonus moons suns waves knots")
        'The bonus colours drawn are Moons, Suns, Waves and Knots.'
        """
        if isinstance(move, str):
            move = parse(move)
        if isinstance(move, Bonus):
            names = and_words(suit_word(c) for c in move.colours)
            return _("The bonus colours drawn are {colours}.").format(colours=names)
        if isinstance(move, Deal):
            if self.phase != "deal":
                return _("A card is dealt to a player.")
            who = seat_name(self.dealt % self.players)
            return _("A card is dealt to {player}.").format(player=who)
        if isinstance(move, Choose):
            who = _cap(seat_name(move.seat))
            if seat is not None and seat != move.seat:
                return _("{player} lays a card face down.").format(player=who)
            card = CARDS[move.card].describe()
            return _("{player} lays {card} face down.").format(player=who, card=card)
        if isinstance(move, Place):
            return self._place_words(move)
        raise CourtsError(f"not a move: {move!r}")

    def _place_words(self, move: Place) -> str:
        """A placing as a sentence: who puts which card beside which Court, and the token taken."""
        who, card = self.queue[0] if self.phase == "place" else (None, None)
        court = court_word(move.court)
        suit = None if move.take is None else suit_word(move.take)
        if who is None:
            if suit is None:
                return _("The card goes beside the {court}.").format(court=court)
            return _("The card goes beside the {court} and takes a {suit} token.").format(
                court=court, suit=suit
            )
        player, card = _cap(seat_name(who)), CARDS[card].describe()
        if suit is None:
            return _("{player} puts {card} beside the {court}.").format(
                player=player, card=card, court=court
            )
        return _("{player} puts {card} beside the {court} and takes a {suit} token.").format(
            player=player, card=card, court=court, suit=suit
        )

    def text(self, seat: int | None = None) -> str:
        """The table as text; hands are shown only for ``seat`` (None: no hand at all)."""
        lines = []
        bonus = ", ".join(suit_word(c) for c in self.bonus) or _("not drawn yet")
        lines.append(_("Bonus colours: {colours}").format(colours=bonus))
        for k in range(len(COURTS)):
            tokens = " ".join(suit_word(t) for t in self.court_tokens[k]) or _("none")
            sides = (
                "; ".join(
                    f"{seat_word(s)} " + (", ".join(CARDS[c].word for c in self.sides[k][s]) or "-")
                    for s in range(self.players)
                )
                if self.sides
                else ""
            )
            suits = "/".join(suit_word(c) for c in CARDS[40 + k].suits)
            lines.append(
                _("The {court} ({suits}): tokens {tokens}; {sides}").format(
                    court=court_word(k), suits=suits, tokens=tokens, sides=sides
                )
            )
        reserve = ", ".join(f"{suit_word(c)} {n}" for c, n in enumerate(self.reserve))
        lines.append(_("Reserve: {counts}").format(counts=reserve))
        for s in range(self.players):
            tokens = ", ".join(f"{suit_word(c)} {n}" for c, n in enumerate(self.won[s]) if n)
            hand = _("no cards")
            if self.hands and seat == s:
                hand = ", ".join(CARDS[c].word for c in self.hands[s])
            elif self.hands:
                n = len(self.hands[s])
                hand = ngettext("{n} cards", "{n} cards", n).format(n=n)
            points = self.points(s)
            lines.append(
                ngettext(
                    "{player}: {points} points (tokens {tokens}); hand: {hand}",
                    "{player}: {points} points (tokens {tokens}); hand: {hand}",
                    points,
                ).format(
                    player=_cap(seat_name(s)), points=points, tokens=tokens or _("none"), hand=hand
                )
            )
        if self.is_over:
            winners = [seat_name(s) for s in self.winners()]
            win = winners[0]
            for other in winners[1:]:
                win = _("{items} and {last}").format(items=win, last=other)
            why = ended_words(self.ended)
            lines.append(_("The game is over ({why}): {winners} won.").format(why=why, winners=win))
        return "\n".join(lines)

    # --- hidden information ------------------------------------------------------------------

    def observe(self, seat: int, history: bool = False) -> Observation:
        """What ``seat`` may see (H1): never another hand nor another face-down choice. With
        ``history``, the moves so far as the seat saw them (others' deals and choices are "a
        card"): a saved seat view needs them, a bot does not."""
        if not 0 <= seat < self.players:
            raise CourtsError(
                _("there is no player {n} in a {players}-player game").format(
                    n=seat + 1, players=self.players
                )
            )
        return Observation(
            seat=seat,
            players=self.players,
            phase=self.phase,
            bonus=self.bonus,
            court_tokens=self.court_tokens,
            reserve=self.reserve,
            won=self.won,
            sides=self.sides,
            hand=self.hands[seat] if self.hands else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            chosen=self.chosen[seat] if self.chosen else None,
            has_chosen=tuple(c is not None for c in self.chosen),
            queue=self.queue,
            revealed=self.revealed,
            discard_seen=self.discard_seen,
            discard_hidden=len(self.discard_hidden),
            pool=len(self.pool),
            deal_size=self.deal_size,
            dealt=self.dealt,
            hand_size=self.hand_size,
            bonus_won=self.bonus_won,
            deals=self.deals,
            rounds=self.rounds,
            ended=self.ended,
            history=tuple(_mask(m, seat) for m in self.history) if history else (),
            variants=self.variants,
        )


def _mask(move: str, seat: int) -> str:
    """A seat's view of a move of the history: other seats' deals and choices are "a card"."""
    words = move.split()
    if words[0] == "choose" and int(words[1]) - 1 != seat:
        return f"choose {words[1]} a-card"
    if words[0] == "deal":
        return "deal a-card"  # the seat's own deals are its hand; the order would tell who got what
    return move


@dataclass(frozen=True)
class Observation:
    """One seat's view of the game (H1): the table, its own hand and choice, the others' counts."""

    seat: int
    players: int
    phase: str
    bonus: tuple[int, ...]
    court_tokens: tuple[tuple[int, ...], ...]
    reserve: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]
    sides: tuple[tuple[tuple[int, ...], ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    chosen: int | None
    has_chosen: tuple[bool, ...]
    queue: tuple[tuple[int, int], ...]
    revealed: tuple[tuple[int, int], ...]
    discard_seen: tuple[int, ...]
    discard_hidden: int
    pool: int
    deal_size: int
    dealt: int
    hand_size: int
    bonus_won: tuple[tuple[int, ...], ...]
    deals: int
    rounds: int
    ended: str
    history: tuple[str, ...]
    variants: tuple[str, ...] = ()  # the game's rule variants, known to every seat

    def unseen(self) -> tuple[int, ...]:
        """The cards this seat cannot place: in other hands or face down in the discard."""
        seen = set(self.hand) | set(self.discard_seen) | {c for _, c in self.queue}
        seen |= {c for court in self.sides for side in court for c in side}
        return tuple(c for c in PLAYABLE if c not in seen)

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves, from what it sees."""
        if self.phase == "choose" and self.chosen is None and not self.has_chosen[self.seat]:
            return [Choose(self.seat, c) for c in self.hand]
        if self.phase == "place" and self.queue[0][0] == self.seat:
            return _placings(self.sides, self.court_tokens, *self.queue[0])
        return []

    def determinize(self, rng: random.Random) -> Game:
        """A whole game consistent with this view: the unseen cards dealt at random to the other
        hands and the face-down discard (their sizes as seen); others' face-down choices undone."""
        unseen = list(self.unseen())
        rng.shuffle(unseen)
        hands, at = [], 0
        for s in range(self.players):
            if s == self.seat:
                hands.append(self.hand)
            else:
                n = self.hand_sizes[s]
                hands.append(tuple(sorted(unseen[at : at + n])))
                at += n
        return self.complete(hands, tuple(unseen[at:]))

    def complete(self, hands, hidden: tuple[int, ...]) -> Game:
        """The whole game with these hands (this seat's as seen) and face-down discard."""
        if self.phase in ("bonus", "deal", "over"):
            raise CourtsError("a view is completed into a game only while players choose or place")
        hands = tuple(tuple(h) for h in hands)
        if hands[self.seat] != self.hand or tuple(map(len, hands)) != self.hand_sizes:
            raise CourtsError("these hands do not match what this seat sees")
        if len(hidden) != self.discard_hidden:
            raise CourtsError("this view does not add up: cards are missing or counted twice")
        chosen = (
            tuple((self.chosen if s == self.seat else None) for s in range(self.players))
            if self.phase == "choose"
            else (None,) * self.players
        )
        return Game(
            players=self.players,
            phase=self.phase,
            bonus=self.bonus,
            court_tokens=self.court_tokens,
            reserve=self.reserve,
            won=self.won,
            sides=self.sides,
            hands=tuple(hands),
            discard_seen=self.discard_seen,
            discard_hidden=hidden,
            deal_size=self.deal_size,
            dealt=self.dealt,
            hand_size=self.hand_size,
            chosen=chosen,
            queue=self.queue,
            revealed=self.revealed,
            bonus_won=self.bonus_won,
            deals=self.deals,
            rounds=self.rounds,
            variants=self.variants,
        )

    def to_json(self) -> str:
        """A saved seat view: the table and this seat's hand, the history with others' cards masked
        (from ``Game.observe(seat, history=True)``)."""
        return json.dumps(
            {
                "format": VIEW_FORMAT,
                "version": VERSION,
                "seat": self.seat + 1,
                "players": self.players,
                "hand": [CARDS[c].word for c in self.hand],
                "moves": list(self.history),
            },
            indent=1,
        )


def new_game(players: int = 4, variants=None) -> Game:
    """A new game (S1, S2): the Courts with their tokens; the bonus draw (S3) comes next, by chance.
    ``variants``: names of ``VARIANTS`` (None: the rules as RULES.md reads them).

    >>> new_game(3).court_tokens[0]  # the Island: Suns, Waves, Wyrms
    (1, 2, 4)
    >>> new_game(3, ["early-end"]).variants
    ('early-end',)
    """
    if type(players) is not int or players not in (3, 4):  # 4.0 and True are not a count of players
        raise CourtsError(
            _("The Four Courts is for 3 or 4 players (S1), not {players}").format(
                players=f"{players!r:.40}"
            )
        )
    return Game(
        players=players,
        won=((0,) * 6,) * players,
        sides=(((),) * players,) * 4,
        hands=((),) * players,
        variants=check_variants(variants),
    )


def play_chance(game: Game, rng: random.Random) -> Game:
    """One chance outcome drawn with its probability (S3, S6)."""
    outcomes = game.chance_outcomes()
    return game.apply(outcomes[rng.randrange(len(outcomes))][0])  # all equally likely


def deal_all(game: Game, rng: random.Random) -> Game:
    """Every chance outcome until a player has to move.

    >>> deal_all(new_game(3), random.Random(2)).discard_hidden.__len__()
    1
    """
    while game.is_chance:
        if game.phase == "deal":  # fast path: the same uniform draw, without listing outcomes
            game = game.apply(Deal(game.pool[rng.randrange(len(game.pool))]))
        else:
            game = play_chance(game, rng)
    return game


def replay(players: int, moves, variants=None) -> Game:
    """The game these moves (notation) make from a new game, every one through the rules."""
    game = new_game(players, variants)
    for move in moves:
        game = game.apply(move)
    return game


def shuffle_unseen(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game as ``seat`` sees it (H1), the cards it has not seen dealt again at random: the
    other hands and the face-down discard of this deal. What an undo comes back to, so that what
    the seat saw before the undo (the cards the others laid and revealed) tells it nothing about
    their hands. The deal is rewritten in the history, so the game replays (and its save loads) to
    this one. Only while players choose or place, and before another seat lays its card face down.

    >>> game = deal_all(new_game(4), random.Random(1))
    >>> other = shuffle_unseen(game, 0, random.Random(2))
    >>> other.observe(0) == game.observe(0), other.hands[1] != game.hands[1]
    (True, True)
    >>> replay(4, other.history) == other
    True
    """
    if game.phase not in ("choose", "place"):
        raise CourtsError("the cards not seen are dealt again only while players choose or place")
    if not 0 <= seat < game.players:
        raise CourtsError(f"there is no player {seat + 1} in a {game.players}-player game")
    if any(c is not None for s, c in enumerate(game.chosen) if s != seat):
        raise CourtsError("another player's card lies face down: it would have to be taken back")
    history = list(game.history)
    try:
        made = replay(game.players, history, game.variants) == game
    except CourtsError:
        made = False
    if not made:  # a game made by hand, not by its moves: no deal to rewrite
        raise CourtsError("this game's moves do not make it: its deal cannot be dealt again")
    last = max(i for i, m in enumerate(history) if m.startswith("deal "))
    first = last
    while history[first - 1].startswith("deal "):
        first -= 1
    # this deal's cards still in another hand: their places in the deal (dealt in turn, S6)
    slots = [
        k
        for k in range(first, last + 1)
        if (k - first) % game.players != seat
        and parse(history[k]).card in game.hands[(k - first) % game.players]
    ]
    cards = [parse(history[k]).card for k in slots] + list(game.discard_hidden)
    rng.shuffle(cards)
    for k, card in zip(slots, cards):
        history[k] = str(Deal(card))
    return replay(game.players, history, game.variants)


FORMAT, VIEW_FORMAT, VERSION = "four-courts-game", "four-courts-view", 1
MAX_SAVE_BYTES = 200_000


def to_json(game: Game) -> str:
    """A versioned JSON save: the players and every move, chance included (replayed on load).

    >>> g = deal_all(new_game(4), random.Random(3))
    >>> from_json(to_json(g)) == g
    True
    """
    text = write_save(SAVE, game.players, game.history)
    if not game.variants:  # the rules as RULES.md reads them: no key, as every save before variants
        return text
    data = json.loads(text)
    moves = data.pop("moves")
    return json.dumps(data | {"variants": list(game.variants), "moves": moves}, indent=1)


SAVE = SaveFormat(
    FORMAT,
    VERSION,
    "a saved Four Courts game",
    CourtsError,
    MAX_SAVE_BYTES,
    {VIEW_FORMAT: "this is one seat's view, not a whole game: it cannot be replayed"},
)


def from_json(text: str | bytes) -> Game:
    """Load a saved game, replaying every move through the rules; any problem is a ``CourtsError``
    naming it (and the move and rule, for an illegal one). A save's ``variants`` (rule variants'
    names, ``VARIANTS``) are played again: the game replays with its rules.

    >>> g = deal_all(new_game(3, ["early-end"]), random.Random(3))
    >>> from_json(to_json(g)).variants
    ('early-end',)
    """
    variants = None
    if isinstance(text, (str, bytes)) and len(text) <= MAX_SAVE_BYTES:
        try:
            data = json.loads(text, object_pairs_hook=no_duplicate_keys)
        except (ValueError, RecursionError):
            data = None  # replay_save names the problem
        if isinstance(data, dict) and "variants" in data:
            variants = check_variants(data.pop("variants"))
            text = json.dumps(data)
    return replay_save(text, SAVE, lambda players: new_game(players, variants))
