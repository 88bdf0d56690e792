""" "Which card now?": from one seat's view, every card in hand with the Court it goes to, ranked by
the points the seat can expect, over every deal of the cards it has not seen.

The measure is the seat's points **with the bonus tokens counted as they would fall then**
(``Game.standing``: G2, G3, G4), at the end of the round (kind ``round``) or at the end of the deal,
when every hand is empty (kind ``deal``). The seat sees its hand, the table and the discard's seen
cards (H1); the other hands are any deal of the unseen cards of the sizes it sees, all equally
likely. The other players choose and place as the greedy bot does (``bots.py``); in a ``deal``
puzzle the seat too plays greedily after this card. A choice is a card and its Court: the seat
commits to the Court when it lays the card down; if it is its third card there, it takes the token
the greedy bot would.

**Exact or sampled.** ``samples`` is the budget: a ranking never plays more deals than that.
When every consistent deal fits in it (and they are at most ``EXACT_LIMIT``), every one is played:
the expectation is exact. Else ``samples`` deals are drawn at random (seeded, the same deals for
every choice), and each choice's mean carries its 95% interval (the mean ± 1.96 standard errors).

The set is ``seeds/puzzles/courts/puzzles.json``, written by ``python -m corinth.courts.puzzles``
(seeded: the same file again). ``load_puzzles`` refuses a malformed file with a ``PuzzleError``
naming each problem and ranks every puzzle again, so a tampered answer is refused.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 20 and {p.kind for p in puzzles} == set(KINDS)
True
>>> p = puzzles[0]
>>> p.answers == best_answers(rank_choices(p.view, p.kind))
True
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from corinth.shared.language import N_, _, speaking
from corinth.shared.puzzles import (
    SetProblems,
    SetRules,
    Verdict,
    load_sets,
    read_set,
    set_ids,
    shown,
    text_problems,
)

from .bots import GreedyBot, RandomBot, greedy_move, placing_value
from .cards import (
    CARDS,
    COURTS,
    FITS,
    SEATS,
    SUITS,
    DeckError,
    card_index,
    card_name,
    court_index,
    court_word,
    decimal,
)
from .game import Choose, CourtsError, Game, Observation, Place, deal_all, from_json, new_game

KINDS = ("round", "deal")
EXACT_LIMIT = 2000  # at most this many consistent deals are listed and played one by one
SAMPLES = 400
STORED_LIMIT = 150  # a stored puzzle is ranked exactly at load, so its deals are few
FORMAT, VERSION = "four-courts-puzzles", 1
MAX_BYTES = 400_000
MAX_PUZZLES = 100
TIE = 1e-9


class PuzzleError(CourtsError):
    """A puzzle set (or one puzzle) that cannot be loaded; ``problems`` names each problem (the
    shared loader's message, ``corinth.shared.puzzles.SetProblems``, in this game's error)."""

    def __init__(self, origin: str, problems: list[str]):
        self.origin, self.problems = origin, problems
        super().__init__(str(SetProblems(origin, problems, "Four Courts")))


@dataclass(frozen=True)
class Choice:
    """One card and its Court, with what it is worth over the deals played."""

    card: int
    court: int
    mean: float
    low: float
    high: float
    token_rate: float  # share of deals where this card takes a token
    colours: tuple[tuple[int, int], ...]  # (colour, deals) of the token it takes
    unplayed_rate: float  # share of deals where the game ends before the card is placed (G1)

    @property
    def answer(self) -> str:
        """``mill island``: the card's word and its Court's."""
        return f"{CARDS[self.card].word} {COURTS[self.court]}"


@dataclass(frozen=True)
class Ranking:
    choices: tuple[Choice, ...]  # best first
    exact: bool
    deals: int  # deals played (all of them when exact)
    kind: str


def consistent_deals(view: Observation) -> int:
    """How many ways the unseen cards can fill the other hands (the rest face down).

    >>> import random
    >>> from corinth.courts.game import deal_all, new_game
    >>> consistent_deals(deal_all(new_game(3), random.Random(1)).observe(0))  # 27 cards: 13, 13, 1
    280816200
    """
    left = len(view.unseen())
    count = 1
    for s in range(view.players):
        if s != view.seat:
            count *= math.comb(left, view.hand_sizes[s])
            left -= view.hand_sizes[s]
    return count


def _deals(view: Observation, rng: random.Random, samples: int):
    """Every consistent deal (exact) when they fit in the budget of ``samples`` deals, else
    ``samples`` random ones; each as the other hands. Never more than ``samples``.

    >>> import random
    >>> from corinth.courts.game import deal_all, new_game
    >>> view = deal_all(new_game(4), random.Random(2)).observe(0)
    >>> exact, deals = _deals(view, random.Random(0), 5)
    >>> exact, len(deals), sorted(deals[0]) == [1, 2, 3]
    (False, 5, True)
    """
    unseen = view.unseen()
    others = [s for s in range(view.players) if s != view.seat]
    total = consistent_deals(view)
    if total <= min(samples, EXACT_LIMIT):

        def fill(i: int, left: tuple[int, ...]):
            if i == len(others):
                yield {}
                return
            for hand in combinations(left, view.hand_sizes[others[i]]):
                rest = tuple(c for c in left if c not in hand)
                for more in fill(i + 1, rest):
                    yield {others[i]: hand, **more}

        return True, list(fill(0, unseen))
    out = []
    for _sample in range(samples):
        cards = list(unseen)
        rng.shuffle(cards)
        hands, at = {}, 0
        for s in others:
            hands[s] = tuple(sorted(cards[at : at + view.hand_sizes[s]]))
            at += view.hand_sizes[s]
        out.append(hands)
    return False, out


def _my_placing(game: Game, seat: int, court: int) -> Place:
    moves = [m for m in game.legal_moves(seat) if m.court == court]
    return max(moves, key=lambda m: (placing_value(game, seat, m), -(m.take or 0)))


def _others_choose(world: Game, seat: int, seed: int) -> Game:
    """The other seats lay their cards as the greedy bot does (they do not see the seat's card)."""
    rng = random.Random(seed)
    for s in world.to_choose():
        if s != seat:
            world = world.apply(greedy_move(world, s, rng))
    return world


def _play(chosen: Game, seat: int, card: int, court: int, kind: str, seed: int):
    """One deal, the others' cards laid: the seat's card and Court, the others greedy; (points,
    colour taken, placed)."""
    rng = random.Random(seed)
    game = chosen.apply(Choose(seat, card))
    taken, placed = None, False
    while game.phase == "place":
        s = game.current_player
        if s == seat and not placed:
            move = _my_placing(game, seat, court)
            taken, placed = move.take, True
        else:
            move = greedy_move(game, s, rng)
        game = game.apply(move)
    if kind == "deal":
        while not game.is_over and game.phase == "choose":
            for s in game.to_choose():
                game = game.apply(greedy_move(game, s, rng))
            while game.phase == "place":
                game = game.apply(greedy_move(game, game.current_player, rng))
    return game.standing()[seat], taken, placed


def rank_choices(
    view: Observation, kind: str = "round", samples: int = SAMPLES, seed: int = 0
) -> Ranking:
    """Every card in hand with each Court it fits, ranked by expected points (see the module),
    over at most ``samples`` deals of the unseen cards (every one when they are that few).

    >>> import random
    >>> from corinth.courts.game import deal_all, new_game
    >>> view = deal_all(new_game(4), random.Random(2)).observe(0)
    >>> r = rank_choices(view, samples=50)
    >>> r.exact, r.deals, len(r.choices) == sum(len(FITS[c]) for c in view.hand)
    (False, 50, True)
    """
    if kind not in KINDS:
        raise CourtsError(f"no puzzle kind {kind!r}: the kinds are {', '.join(KINDS)}")
    if view.phase != "choose" or view.chosen is not None or not view.hand:
        raise CourtsError("a 'which card now?' question is asked before the seat lays its card")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CourtsError(
            f"samples: the deals a ranking may play, a whole number from 1, not {samples!r:.40}"
        )
    exact, deals = _deals(view, random.Random(seed), samples)
    hidden = tuple(range(view.discard_hidden))  # which cards lie face down does not matter here
    results: dict[tuple[int, int], list] = {(c, k): [] for c in view.hand for k in FITS[c]}
    for i, hands in enumerate(deals):
        unseen_left = sorted(set(view.unseen()) - {c for h in hands.values() for c in h})
        full = [hands.get(s, view.hand) for s in range(view.players)]
        world = view.complete(full, tuple(unseen_left[: len(hidden)]))
        chosen = _others_choose(world, view.seat, seed + i)
        for card, court in results:
            results[card, court].append(_play(chosen, view.seat, card, court, kind, seed + i))
    choices = []
    for (card, court), rows in results.items():
        points = [r[0] for r in rows]
        n = len(points)
        mean = sum(points) / n
        if exact or n < 2:
            low = high = mean
        else:
            sd = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1))
            low, high = mean - 1.96 * sd / math.sqrt(n), mean + 1.96 * sd / math.sqrt(n)
        colours = Counter(r[1] for r in rows if r[1] is not None)
        choices.append(
            Choice(
                card,
                court,
                mean,
                low,
                high,
                sum(r[1] is not None for r in rows) / n,
                tuple(sorted(colours.items(), key=lambda kv: (-kv[1], kv[0]))),
                sum(not r[2] for r in rows) / n,
            )
        )
    choices.sort(key=lambda ch: (-ch.mean, ch.answer))
    return Ranking(tuple(choices), exact, len(deals), kind)


def best_answers(ranking: Ranking) -> frozenset[str]:
    """The choices worth the most (equal within rounding)."""
    top = ranking.choices[0].mean
    return frozenset(ch.answer for ch in ranking.choices if ch.mean >= top - TIE)


def explain(view: Observation, ranking: Ranking) -> str:
    """The best choice in sentences, against the best choice of another card.

    >>> import random
    >>> from corinth.courts.game import deal_all, new_game
    >>> view = deal_all(new_game(4), random.Random(2)).observe(0)
    >>> explain(view, rank_choices(view, samples=30)).startswith("Lay ")
    True
    """
    best = ranking.choices[0]
    name = CARDS[best.card].describe()
    court = f"the {COURTS[best.court].capitalize()}"
    mine = len(view.sides[best.court][view.seat])
    parts = [f"Lay {name} and put it beside {court}."]
    if best.token_rate > 0:
        colour = SUITS[best.colours[0][0]] if best.colours else "a"
        bonus = " (a bonus colour)" if best.colours and best.colours[0][0] in view.bonus else ""
        share = "" if best.token_rate == 1 else f" in {best.token_rate:.0%} of the deals"
        left = len(view.court_tokens[best.court])
        parts.append(
            f"It is your third card there: it takes a {colour} token{bonus}{share}, from the "
            f"{left} token{'s' if left > 1 else ''} on {court} now."
        )
        rivals = [
            SEATS[s]
            for s in range(view.players)
            if s != view.seat and len(view.sides[best.court][s]) == 2
        ]
        if rivals:
            parts.append(
                f"{' and '.join(rivals)} also {'has' if len(rivals) == 1 else 'have'} two cards "
                "there: a higher card takes its token first."
            )
    else:
        parts.append(f"It is your {('first', 'second')[mine]} card there: no token this round.")
    if best.unplayed_rate > 0:
        parts.append(f"In {best.unplayed_rate:.0%} of the deals the game ends before it is placed.")
    other = next((ch for ch in ranking.choices if ch.card != best.card), None)
    how = (
        "over every deal of the cards you have not seen"
        if ranking.exact
        else (
            f"over {ranking.deals} random deals of the cards you have not seen "
            f"(95% interval {best.low:.2f} to {best.high:.2f})"
        )
    )
    end = "the end of the round" if ranking.kind == "round" else "the end of the deal"
    parts.append(f"You can expect {best.mean:.2f} points at {end}, {how}")
    if other is not None:
        parts[-1] += (
            f"; your best other card, {CARDS[other.card].name} beside the "
            f"{COURTS[other.court].capitalize()}, gives {other.mean:.2f}"
        )
    parts[-1] += " (bonus tokens counted as they would fall then)."
    return " ".join(parts)


def parse_answer(text: str) -> str:
    """A reply ``mill island`` (or ``the Mill beside the Island``) in its canonical form."""
    if not isinstance(text, str):
        raise CourtsError(_("an answer is a card and a Court, such as 'mill island'"))
    words = [w for w in text.lower().replace(",", " ").split() if w not in ("the", "beside", "at")]
    if len(words) < 2:
        raise CourtsError(_("an answer is a card and a Court, such as 'mill island'"))
    card = card_index("-".join(words[:-1]))
    court = court_index(words[-1])
    if court not in FITS[card]:
        raise CourtsError(
            _("{card} shares no suit with the {court} (R3)").format(
                card=card_name(card), court=court_word(court)
            )
        )
    return f"{CARDS[card].word} {COURTS[court]}"


@dataclass(frozen=True)
class CourtsPuzzle:
    """One puzzle: a seat's view before it lays its card, the question, the best choices.
    ``ranked``: every choice ranked (``rank_choices``), kept from the load, or worked out once."""

    id: str
    kind: str
    seat: int
    question: str
    game: Game
    answers: frozenset[str]
    explanation: str
    ranked: Ranking | None = field(default=None, compare=False, repr=False)

    @property
    def view(self) -> Observation:
        return self.game.observe(self.seat)

    def ranking(self) -> Ranking:
        """Every choice of the puzzle ranked, best first (worked out once)."""
        if self.ranked is None:
            object.__setattr__(self, "ranked", rank_choices(self.view, self.kind))
        return self.ranked

    @property
    def explained(self) -> str:
        """The best choice the explanation names (``mill island``); others may tie with it."""
        return self.ranking().choices[0].answer

    def verdict(self, reply: str) -> Verdict:
        """The judgement of a reply such as ``mill island``, the one every board shows: right when
        it is one of the best choices; a wrong one is placed in the ranking, its points against the
        best's.

        >>> first = load_puzzles()[0]
        >>> best = min(first.answers)
        >>> first.verdict(best).words.startswith("Correct! "), first.verdict(best).right
        (True, True)
        >>> first.verdict("mill").words
        "Not a choice here: an answer is a card and a Court, such as 'mill island'."
        """
        try:
            answer = parse_answer(reply)
        except DeckError as exc:  # a CourtsError too
            return Verdict(False, False, _("Not a choice here: {reason}.").format(reason=exc))
        word, court = answer.rsplit(" ", 1)
        card = card_index(word)
        if card not in self.view.hand:
            return Verdict(
                False,
                False,
                _("Not a choice here: {card} is not in your hand (R1).").format(
                    card=card_name(card)
                ),
            )
        choices = self.ranking().choices
        mine = next(ch for ch in choices if ch.answer == answer)
        place = 1 + sum(ch.mean > mine.mean + TIE for ch in choices)
        details = {"place": place, "of": len(choices), "mean": mine.mean, "best": choices[0].mean}
        if answer in self.answers:
            explanation = _(self.explanation)  # the stored puzzle's words, from their catalogue
            if answer == self.explained:
                words = _("Correct! {explanation}").format(explanation=explanation)
            else:  # a choice as good as the one the explanation names: the learner's, first
                words = _(
                    "Correct! Beside the {court}, {card} scores as well as the choice explained "
                    "here. {explanation}"
                ).format(
                    court=court_word(mine.court),
                    card=CARDS[card].describe(),
                    explanation=explanation,
                )
            return Verdict(True, True, words, answer, details)
        return Verdict(True, False, _wrong_words(mine, place, choices, self.kind), answer, details)

    def check(self, reply: str) -> str:
        """Feedback on a reply such as ``mill island`` (``verdict``'s words)."""
        return self.verdict(reply).words

    def hints(self) -> list[str]:
        """Hints from the ranking, general to specific, never the answer at once: how far apart the
        choices are, the Courts worth looking at, then the card."""
        choices = self.ranking().choices
        best = choices[0]
        courts = []
        for ch in choices:
            if ch.court not in courts and len(courts) < 2:
                courts.append(ch.court)
        third = [k for k in range(len(COURTS)) if len(self.view.sides[k][self.seat]) == 2]
        where = (
            _(
                "You already have two cards beside {courts}: a third card there takes a token (R5)."
            ).format(courts=_the_courts(third))
            if third
            else _(
                "You have two cards beside no Court yet: no card of yours takes a token now (R5)."
            )
        )
        return [
            _(
                "You have {n} choices (a card of your hand beside a Court it fits). The best is "
                "worth {best} points {when}, the worst {worst}."
            ).format(
                n=len(choices),
                best=decimal(best.mean),
                when=_(AT_END[self.kind]),
                worst=decimal(choices[-1].mean),
            ),
            where,
            _("The Courts worth looking at: {courts}.").format(courts=_the_courts(courts)),
            _("The card to lay is {card}: beside which Court?").format(
                card=CARDS[best.card].describe()
            ),
        ]


_END = {"round": "the end of the round", "deal": "the end of the deal"}
# When the points are counted, in a learner's words (live hints and verdicts).
AT_END = {"round": N_("at the end of the round"), "deal": N_("at the end of the deal")}


def _the_courts(courts: list[int]) -> str:
    """``the Island and the Rite``, in the language spoken now."""
    said = _("the {court}").format(court=court_word(courts[0]))
    for court in courts[1:]:
        said = _("{items} and {last}").format(
            items=said, last=_("the {court}").format(court=court_word(court))
        )
    return said


# An ordinal's English endings, each a message: "2e" in French, "2." in German.
ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def _ordinal(n: int) -> str:
    """``2nd`` (``2e`` in French, ``2.`` in German)."""
    ending = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _(ORDINALS[ending]).format(n=n)


def _wrong_words(mine: Choice, place: int, choices: tuple[Choice, ...], kind: str) -> str:
    """A legal choice that is not the best, in words: its place and its points against the best's."""
    tied = sum(abs(ch.mean - mine.mean) <= TIE for ch in choices) > 1
    if tied:
        text = _(
            "Legal, but not the best choice: {card} beside the {court} comes {place} of {n} "
            "choices (tied with others). With it you can expect {points} points {when}; the best "
            "choice gives {best}."
        )
    else:
        text = _(
            "Legal, but not the best choice: {card} beside the {court} comes {place} of {n} "
            "choices. With it you can expect {points} points {when}; the best choice gives {best}."
        )
    return text.format(
        card=card_name(mine.card),
        court=court_word(mine.court),
        place=_ordinal(place),
        n=len(choices),
        points=decimal(mine.mean),
        when=_(AT_END[kind]),
        best=decimal(choices[0].mean),
    )


def _question(kind: str, seat: int) -> str:
    end = "this round" if kind == "round" else "the last cards of this deal"
    return (
        f"You are player {seat + 1} ({SEATS[seat]}). Which card do you lay now, and beside which "
        f"Court, to end {end} with the most points (bonus tokens counted as they would fall)?"
    )


def set_path() -> Path:
    """``seeds/puzzles/courts/puzzles.json`` (in a wheel, ``corinth/seeds/...``)."""
    here = Path(__file__).resolve().parent.parent
    for seeds in (here / "seeds", here.parent / "seeds"):
        if seeds.is_dir():
            return seeds / "puzzles" / "courts" / "puzzles.json"
    raise FileNotFoundError("corinth's seeds folder is missing from this installation")


# --- making the set ----------------------------------------------------------------------------


def _candidates(seed: int, players: int):
    """Positions before a choice, from a seeded game of greedy and random bots."""
    rng = random.Random(seed)
    bots = [
        GreedyBot(seed * 10 + s) if s % 3 != 2 else RandomBot(seed * 10 + s) for s in range(players)
    ]
    game = new_game(players)
    while not game.is_over:
        if game.is_chance:
            game = deal_all(game, rng)
        elif game.phase == "choose":
            yield game
            for s in game.to_choose():
                game = game.apply(bots[s].choose(game.observe(s)))
        else:
            s = game.current_player
            game = game.apply(bots[s].choose(game.observe(s)))


def make_set(per_kind: int = 12) -> list[dict]:
    """Puzzles of both kinds: hands of 3 cards (``round``) or 2 (``deal``), exact over at most
    ``STORED_LIMIT`` deals, one best card at least 0.25 points ahead of every other card. Their
    texts are English, whatever the language spoken (the ``puzzles`` catalogue translates them)."""
    with speaking("en"):
        return _make_set(per_kind)


def _make_set(per_kind: int) -> list[dict]:
    found: dict[str, list[dict]] = {k: [] for k in KINDS}
    seed = 0
    while any(len(v) < per_kind for v in found.values()) and seed < 400:
        players = 3 + seed % 2
        for game in _candidates(seed, players):
            size = len(game.hands[0])
            for seat in range(players):
                view = game.observe(seat)
                kind = {2: "deal", 3: "round"}.get(size)
                if (
                    kind is None
                    or len(found[kind]) >= per_kind
                    or consistent_deals(view) > STORED_LIMIT
                ):
                    continue
                ranking = rank_choices(view, kind)
                answers = best_answers(ranking)
                best = ranking.choices[0]
                others = [ch.mean for ch in ranking.choices if ch.card != best.card]
                if len({a.split()[0] for a in answers}) != 1 or not others:
                    continue
                if best.mean - max(others) < 0.25 or len(answers) > 3:
                    continue
                found[kind].append(
                    {
                        "id": f"{kind}-{len(found[kind]) + 1:02d}",
                        "kind": kind,
                        "seat": seat + 1,
                        "question": _question(kind, seat),
                        "moves": list(game.history),
                        "answers": sorted(answers),
                        "explanation": explain(view, ranking),
                        "source": {"seed": seed, "players": players},
                    }
                )
                break  # one puzzle a position
        seed += 1
    return found["round"] + found["deal"]


# --- loading ------------------------------------------------------------------------------------


def load_puzzles(path: str | Path | None = None) -> list[CourtsPuzzle]:
    """The puzzle set (or the set at ``path``), every puzzle's answers ranked again; the shared
    loader (``corinth.shared.puzzles``) reads it, and ``PuzzleError`` names each problem.

    >>> [p.id for p in load_puzzles()][:2]
    ['round-01', 'round-02']
    """
    if path is None:
        return list(_stored_set())
    path = Path(path)
    return load_sets([path], SET_RULES, path.name)


def stored_ids() -> list[str]:
    """The ids of the stored set's puzzles, in ``load_puzzles``'s order, read without ranking any:
    for a page that only counts them.

    >>> stored_ids() == [p.id for p in load_puzzles()]
    True
    """
    return set_ids(set_path())


@functools.cache
def _stored_set() -> tuple[CourtsPuzzle, ...]:
    # The stored set is ranked again as it loads (seconds): once a process.
    path = set_path()
    return tuple(load_sets([path], SET_RULES, path.name))


def puzzles_from_bytes(raw: bytes | str, origin: str = "the puzzle set") -> list[CourtsPuzzle]:
    """The puzzles of a set's text; any problem, whatever the bytes, is a ``PuzzleError``.

    >>> puzzles_from_bytes(b'{"format": "x", "version": 1, "puzzles": [{}]}')
    Traceback (most recent call last):
    ...
    corinth.courts.puzzles.PuzzleError: the puzzle set is not a valid Four Courts puzzle set:
      - format: expected 'four-courts-puzzles', got 'x'
      - puzzles[0].fields: a puzzle has exactly the fields answers, explanation, id, kind, moves, question, seat, source
    """
    return read_set(raw, SET_RULES, origin)


FIELDS = ("id", "kind", "seat", "question", "moves", "answers", "explanation", "source")


def puzzle_from_data(item: Any, where: str = "the puzzle") -> CourtsPuzzle:
    """One stored puzzle, its position replayed and its answers ranked again; ``PuzzleError``
    (with ``problems``, each naming its field) for a bad one."""
    if not isinstance(item, dict) or set(item) != set(FIELDS):
        raise PuzzleError(
            where, [f"fields: a puzzle has exactly the fields {', '.join(sorted(FIELDS))}"]
        )
    problems = []
    if not isinstance(item["id"], str) or not item["id"].strip() or len(item["id"]) > 40:
        problems.append(f"id: expected a text id, got {shown(item['id'])}")
    if item["kind"] not in KINDS:
        problems.append(f"kind: must be one of {', '.join(KINDS)}, not {shown(item['kind'])}")
    for key in ("question", "explanation"):
        problems += text_problems(key, item[key], 800)
    source = item["source"]
    players = source.get("players") if isinstance(source, dict) else None
    if problems:
        raise PuzzleError(where, problems)
    try:
        game = from_json(
            json.dumps(
                {
                    "format": "four-courts-game",
                    "version": 1,
                    "players": players,
                    "moves": item["moves"],
                }
            )
        )
    except CourtsError as exc:
        raise PuzzleError(where, [f"moves: {exc}"]) from None
    seat = item["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= game.players:
        raise PuzzleError(
            where, [f"seat: must be a player from 1 to {game.players}, not {shown(seat)}"]
        )
    if game.phase != "choose":
        raise PuzzleError(where, ["moves: the position must be before the players lay their cards"])
    view = game.observe(seat - 1)
    if consistent_deals(view) > STORED_LIMIT:
        raise PuzzleError(
            where, [f"moves: a stored puzzle is ranked exactly over at most {STORED_LIMIT} deals"]
        )
    ranking = rank_choices(view, item["kind"])
    answers = best_answers(ranking)
    if not isinstance(item["answers"], list) or frozenset(item["answers"]) != answers:
        raise PuzzleError(
            where,
            [
                f"answers: {shown(item['answers'])} are not the best choices, which are {sorted(answers)}"
            ],
        )
    return CourtsPuzzle(
        item["id"],
        item["kind"],
        seat - 1,
        item["question"],
        game,
        answers,
        item["explanation"],
        ranking,
    )


def _at_least_one(items: list) -> list[str]:
    return [] if items else ["puzzles: a set holds at least one puzzle"]


SET_RULES = SetRules(
    FORMAT,
    VERSION,
    "Four Courts",
    read=puzzle_from_data,
    max_bytes=MAX_BYTES,
    max_puzzles=MAX_PUZZLES,
    error=PuzzleError,
    before=_at_least_one,
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the Four Courts puzzle set.")
    parser.add_argument("--per-kind", type=int, default=12)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    puzzles = make_set(args.per_kind)
    path = args.out or set_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "title": "The Four Courts: which card now?",
            "puzzles": puzzles,
        },
        indent=1,
        ensure_ascii=False,
    )
    path.write_text(text + "\n", encoding="utf-8")
    kinds = Counter(p["kind"] for p in puzzles)
    print(f"{len(puzzles)} puzzles ({', '.join(f'{n} {k}' for k, n in kinds.items())}) in {path}")


if __name__ == "__main__":
    main()
