"""The Four Courts through the game protocol (``corinth.shared.protocol``, OpenSpiel's state API):
the engine's ``Game`` wrapped, not changed. It has chance (the bonus draw, the deal card by card),
simultaneous choices (``current_player() == SIMULTANEOUS`` while the players lay their cards) and
hidden hands: ``observation(seat)`` never holds another seat's hand or face-down card.

The protocol is followed by shape, without importing ``corinth.shared.protocol`` (of
``corinth.shared`` only the saves' check of a key written twice): the registry names this module's
``FOUR_COURTS`` (``"four-courts": "corinth.courts.protocol:FOUR_COURTS"``).

>>> state = FOUR_COURTS.new(players=4, seed=1)
>>> state.is_chance(), len(state.chance_outcomes())
(True, 15)
>>> while state.is_chance():
...     state = state.apply(state.sample())
>>> state.current_player() == SIMULTANEOUS, len(state.legal_moves(0))
(True, 10)
>>> FOUR_COURTS.load(state.to_json()) == state
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from corinth.shared.language import N_, _, ngettext
from corinth.shared.saves import no_duplicate_keys

from .bots import BOTS, make_bot, placing_value
from .cards import CARDS, SUITS, court_word, decimal, seat_word, suit_word
from .game import (
    SIMULTANEOUS,
    TERMINAL,
    Choose,
    CourtsError,
    Game,
    _mask,
    ended_words,
    from_json,
    new_game,
    parse,
    seat_name,
    shuffle_unseen,
    to_json,
)
from .puzzles import rank_choices

NAME = "four-courts"


@dataclass(frozen=True)
class CourtsState:
    """A position under the protocol (``native``: the engine's ``Game``; ``seed``: its chance)."""

    native: Game
    seed: int = 0

    @property
    def num_players(self) -> int:
        return self.native.players

    def current_player(self) -> int:
        return self.native.current_player  # CHANCE, SIMULTANEOUS, a seat, or TERMINAL

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if self.native.is_chance or self.native.is_over:
            return []
        if self.native.phase == "choose" and player is None:
            return []  # every seat its own list (the protocol's simultaneous node)
        return self.native.legal_moves(player)

    def apply(self, move: Any) -> CourtsState:
        return CourtsState(self.native.apply(move), self.seed)

    def is_chance(self) -> bool:
        return self.native.is_chance

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        outcomes = self.native.chance_outcomes()
        return [(move, Fraction(1, len(outcomes))) for move, _ in outcomes]  # all equally likely

    def sample(self, rng: Any = None) -> Any:
        outcomes = self.native.chance_outcomes()
        if not outcomes:
            raise CourtsError("nothing is drawn here: a player decides (S3, S6)")
        if rng is None:  # the game's own seed: the same game, the same deal
            k = random.Random(f"{self.seed}:{len(self.native.history)}").randrange(len(outcomes))
        else:
            k = int(rng.integers(len(outcomes)))
        return outcomes[k][0]

    def is_over(self) -> bool:
        return self.native.is_over

    def winners(self) -> tuple[int, ...]:
        return self.native.winners()

    def returns(self) -> list[float]:
        winners = self.winners()
        if not winners:
            return [0.0] * self.num_players
        return [1.0 if s in winners else -1.0 for s in range(self.num_players)]

    def verdict(self) -> str | None:
        game = self.native
        if not game.is_over:
            return None
        winners = [seat_name(s) for s in game.winners()]
        names = winners[0]
        for other in winners[1:]:
            names = _("{items} and {last}").format(items=names, last=other)
        points = ", ".join(
            _("player {n} {points}").format(n=s + 1, points=p) for s, p in enumerate(game.scores())
        )
        return _("The game is over ({why}): {winners} won, with points {points} (G5-G7).").format(
            why=ended_words(game.ended), winners=names, points=points
        )

    def observation(self, player: int) -> dict[str, Any]:
        view = self.native.observe(player, history=True)
        return {
            "seat": player,
            "phase": view.phase,
            "bonus": [SUITS[c] for c in view.bonus],
            "courts": [[SUITS[t] for t in tokens] for tokens in view.court_tokens],
            "reserve": dict(zip(SUITS, view.reserve)),
            "won": [dict(zip(SUITS, w)) for w in view.won],
            "sides": [[[CARDS[c].word for c in side] for side in court] for court in view.sides],
            "hand_sizes": list(view.hand_sizes),
            "has_chosen": list(view.has_chosen),
            "revealed": [[s, CARDS[c].word] for s, c in view.revealed],
            "to_place": [[s, CARDS[c].word] for s, c in view.queue],
            "discard_seen": [CARDS[c].word for c in view.discard_seen],
            "discard_face_down": view.discard_hidden,
            "moves": list(view.history),
            **self.hidden(player),
        }

    def hidden(self, player: int) -> dict[str, Any]:
        view = self.native.observe(player)
        shown = {c for _, c in (*view.revealed, *view.queue)}  # turned face up: every seat sees it
        chosen = None if view.chosen is None or view.chosen in shown else CARDS[view.chosen].word
        return {"hand": [CARDS[c].word for c in view.hand], "chosen": chosen}

    def notation(self, move: Any) -> str:
        return str(parse(move) if isinstance(move, str) else move)

    def seen(self, notation: str, player: int | None) -> tuple[str, str]:
        """A move of this position as ``player`` sees it (None: nobody's hand): a card dealt, or
        laid face down by another seat, is "a card" (H1).

        >>> state = FOUR_COURTS.new(players=3, seed=1)
        >>> state = state.apply(state.sample())
        >>> state.seen(state.notation(state.sample()), 0)
        ('deal a-card', 'A card is dealt to player 1 (North).')
        """
        seat = -1 if player is None else player
        return _mask(str(parse(notation)), seat), self.native.describe(notation, seat=seat)

    def reveal(self) -> str:
        """After the last choice of a round: the cards revealed, in the order they are placed (R2).

        >>> state = FOUR_COURTS.new(players=3, seed=1)
        >>> while state.is_chance() or state.current_player() == SIMULTANEOUS:
        ...     state = state.apply(state.sample() if state.is_chance() else state.legal_moves(to_choose(state)[0])[0])
        >>> state.reveal().startswith("Revealed, highest first: ")
        True
        """
        game = self.native
        if not game.revealed or not game.history or not game.history[-1].startswith("choose"):
            return ""
        cards = "; ".join(f"{seat_word(s)} {CARDS[c].describe()}" for s, c in game.revealed)
        return _("Revealed, highest first: {cards}.").format(cards=cards)

    def parse(self, text: str) -> Any:
        return parse(text)

    def sentence(self, move: Any) -> str:
        return self.native.describe(move).rstrip(".")

    def history(self) -> list[str]:
        return list(self.native.history)

    def resample(self, player: int, rng: random.Random) -> CourtsState:
        """A whole state consistent with what ``player`` sees (H1): the cards it has not seen
        dealt at random to the other hands and the face-down discard, and a seat that has laid its
        card face down this round given one of its new hand's cards; the moves so far as they
        would read in that world (for OpenSpiel's information-set search).

        >>> state = FOUR_COURTS.new(players=3, seed=1)
        >>> while state.is_chance():
        ...     state = state.apply(state.sample())
        >>> state = state.apply(state.legal_moves(0)[0])
        >>> other = state.resample(1, random.Random(2))
        >>> other.observation(1) == state.observation(1), other.native.chosen[0] is not None
        (True, True)
        """
        game = self.native
        world = game.observe(player).determinize(rng)
        history = list(game.history)
        if game.phase == "choose":
            chosen = list(world.chosen)
            for s in range(game.players):
                if s != player and game.chosen[s] is not None:
                    chosen[s] = rng.choice(world.hands[s])
                    at = max(i for i, m in enumerate(history) if m.startswith(f"choose {s + 1} "))
                    history[at] = str(Choose(s, chosen[s]))
            world = replace(world, chosen=tuple(chosen))
        return CourtsState(replace(world, history=tuple(history), ended=game.ended), self.seed)

    def redrawn(self, player: int, undo: int) -> CourtsState:
        """What the ``undo``-th undo of a game (from 1) comes back to: the same game as ``player``
        sees it, the cards it has not seen dealt again at random (``game.shuffle_unseen``), and a
        fresh seed for the chance to come (saved with the game). Both are drawn from the game's
        seed and ``undo``: the same undo of the same game gives the same game again.

        >>> state = FOUR_COURTS.new(players=4, seed=1)
        >>> while state.is_chance():
        ...     state = state.apply(state.sample())
        >>> again = state.redrawn(0, 1)
        >>> again.observation(0)["hand"] == state.observation(0)["hand"], again.seed != state.seed
        (True, True)
        >>> again == state.redrawn(0, 1)
        True
        """
        rng = random.Random(f"four courts {self.seed} undo {undo}")
        return CourtsState(shuffle_unseen(self.native, player, rng), rng.randrange(2**31))

    def start(self) -> CourtsState:
        return CourtsState(new_game(self.native.players, self.native.variants), self.seed)

    def text(self, player: int | None = None) -> str:
        return self.native.text(seat=player)

    def to_json(self) -> str:
        data = json.loads(to_json(self.native))
        data["seed"] = self.seed
        return json.dumps(data, indent=1)


def to_choose(state: CourtsState) -> list[int]:
    """The seats still to lay a card (R1)."""
    return list(state.native.to_choose())


@dataclass(frozen=True)
class RankedChoice:
    """One of a seat's moves in the hint's ranking: the move, its worth (expected points, or a
    placing's immediate worth) with its 95% interval, and the words a learner reads."""

    move: Any
    value: float
    low: float
    high: float
    text: str

    def words(self) -> str:
        return self.text


# When the points a hint expects are counted (the lesson's words: a "deal" is the hands dealt).
BY_END = {"round": N_("by the end of the round"), "deal": N_("by the end of this deal")}


def _points(value: float) -> str:
    """Points as a hint shows them: ``2.50`` (``2,50`` in French and German)."""
    return decimal(value, 2)


HINT_SAMPLES = 60  # deals of the unseen cards a hint plays (``puzzles.rank_choices``)
DEAL_SAMPLES = 20  # the same (at most), when the whole deal is played out (a round wins no token)


def rank(
    state: CourtsState,
    player: int | None = None,
    kind: str = "round",
    samples: int = HINT_SAMPLES,
    seed: int = 0,
) -> list[RankedChoice]:
    """Seat ``player``'s moves ranked from its own observation only (H1): before the reveal,
    "which card now?" (``puzzles.rank_choices``: each card and its Court by the points expected
    at the end of the round over deals of the unseen cards, or of the deal when no card can win a
    token this round); when its revealed card is next, each
    Court by what it gains now (a token, else a longer side: the greedy bot's measure).

    >>> state = FOUR_COURTS.new(players=4, seed=2)
    >>> while state.is_chance():
    ...     state = state.apply(state.sample())
    >>> best = rank(state, player=0, samples=10)[0]
    >>> best.words().startswith("Lay the ")
    True
    """
    game = state.native
    if player is None:
        player = game.current_player
    if game.is_over or game.is_chance or player < 0:
        raise ValueError(
            _("no decision to rank here: the cards are being dealt, or the game is over")
        )
    view = game.observe(player)
    if game.phase == "choose":
        if player not in game.to_choose():
            raise ValueError(
                _("player {n} has laid a card already this round (R1)").format(n=player + 1)
            )
        ranking = rank_choices(view, kind, samples=samples, seed=seed)
        if kind == "round" and ranking.choices[0].mean == ranking.choices[-1].mean:
            # no card can win a token this round: ranked by the points at the end of the deal
            kind = "deal"
            ranking = rank_choices(view, kind, samples=min(samples, DEAL_SAMPLES), seed=seed)
        return [
            RankedChoice(
                Choose(player, ch.card), ch.mean, ch.low, ch.high, _choice_words(ch, ranking)
            )
            for ch in ranking.choices
        ]
    moves = view.legal_moves()
    if not moves:
        raise ValueError(_("it is not player {n}'s card to place now (R2)").format(n=player + 1))
    out = []
    for move in moves:
        value = placing_value(view, player, move)
        court = court_word(move.court)
        cards = int(value)
        if move.take is not None:
            text = _("Beside the {court}: you take a {suit} token now.").format(
                court=court, suit=suit_word(move.take)
            )
        else:
            text = ngettext(
                "Beside the {court}: you would have {n} card there.",
                "Beside the {court}: you would have {n} cards there.",
                cards,
            ).format(court=court, n=cards)
        out.append(RankedChoice(move, value, value, value, text))
    return sorted(out, key=lambda r: -r.value)


def _choice_words(ch, ranking) -> str:
    """A card and its Court in a hint, in a learner's words: the 95% interval as "give or take",
    the sampled deals as the ways the cards they have not seen could lie."""
    how = (
        _("counting every way the cards you have not seen could lie")
        if ranking.exact
        else ngettext(
            "over {n} way the cards you have not seen could lie",
            "over {n} ways the cards you have not seen could lie",
            ranking.deals,
        ).format(n=ranking.deals)
    )
    half = (ch.high - ch.low) / 2
    if ranking.exact:
        text = _("Lay {card} and put it beside the {court}: {points} points {when}, {how}.")
    elif half < 0.005:
        text = _("Lay {card} and put it beside the {court}: about {points} points {when}, {how}.")
    else:
        text = _(
            "Lay {card} and put it beside the {court}: about {points} points {when} (give or take "
            "{spread}), {how}."
        )
    return text.format(
        card=CARDS[ch.card].describe(),
        court=court_word(ch.court),
        points=_points(ch.mean),
        when=_(BY_END[ranking.kind]),
        spread=_points(half),
        how=how,
    )


class _Seat:
    """A bot of The Four Courts on the protocol's state: it is given its seat's observation only.
    At a simultaneous node ``player`` says which seat chooses (default: the first still to)."""

    def __init__(self, bot: Any):
        self.bot, self.name = bot, bot.name

    def choose(self, state: CourtsState, player: int | None = None) -> Any:
        game = state.native
        if player is None:
            player = game.current_player
            if player == SIMULTANEOUS:
                player = game.to_choose()[0]
        if player < 0 or player == TERMINAL:
            raise CourtsError("no player decides here (a chance node or the end)")
        return self.bot.choose(game.observe(player))


class CourtsGame:
    """The Four Courts under the protocol: 3 or 4 players, bots ``greedy``, ``random``, ``ismcts``,
    ``ismcts-far``."""

    name = NAME
    title = "The Four Courts"
    players = (3, 4)
    bots = ("greedy", "random", "ismcts", "ismcts-far")
    errors = (CourtsError,)

    def new(self, players: int = 4, seed: int = 0, variants: Any = None) -> CourtsState:
        """A new game; ``variants``: rule variants' names (``game.VARIANTS``, e.g. ``["early-end"]``),
        None for the rules as RULES.md reads them."""
        return CourtsState(new_game(players, variants), seed)

    def load(self, text: str | bytes) -> CourtsState:
        try:  # a key written twice is refused here as in every save (``from_json`` says so)
            data = json.loads(text, object_pairs_hook=no_duplicate_keys)
        except (ValueError, RecursionError, TypeError):
            return CourtsState(from_json(text))  # from_json names the problem
        seed = data.pop("seed", 0) if isinstance(data, dict) else 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise CourtsError(_("seed: expected a whole number"))
        return CourtsState(from_json(json.dumps(data)), seed)

    def wrap(self, native: Game) -> CourtsState:
        if not isinstance(native, Game):
            raise CourtsError(f"not a Four Courts game: {type(native).__name__}")
        return CourtsState(native)

    def rank(self, state: CourtsState, **options: Any) -> list[RankedChoice]:
        """The hint's ranking (``rank``): a seat's moves from its own observation."""
        return rank(state, **options)

    def make_bot(self, name: str, seed: int = 0, players: int = 4) -> _Seat:
        if players not in self.players:
            raise ValueError(_("The Four Courts is for 3 or 4 players, not {n}").format(n=players))
        if name not in BOTS:
            raise ValueError(
                _("no bot {name}: the bots are {bots}").format(
                    name=repr(name), bots=", ".join(self.bots)
                )
            )
        return _Seat(make_bot(name, seed))


FOUR_COURTS = CourtsGame()
