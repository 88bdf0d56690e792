"""The Four Courts' board: a game against bots from one seat (``CourtsBoard``).

The four Courts lie in a cross as on a table, each seat's cards on its own side of each Court
(North above, East right, South below, West left), each side marked with its seat ("N", and "S, you"
for the learner's), the tokens on the Courts and in front of each
player, the bonus colours and the reserve in the middle. The learner's hand is buttons; the other
hands are only counts. A round: click a card of the hand (it is laid face down, the bots lay
theirs), the cards are revealed and placed highest first; when the learner's card is next, click
the Court it goes to, or one of its tokens when it is the third card there (R5).

The whole game stays in the kernel, at the shared table (``corinth.shared.table.Table``: the bots
choose from their own seats' observations, then the learner's card completes the round); the page is
only sent the learner's seat's observation (H1): no other hand ever reaches it. The front end is
``widgets/courts.js``. ``CourtsApp`` is the board with "New game", "Undo" and "Hint" buttons, and,
with ``keep``, the game kept in the learner's browser across a reload: only the learner's own moves
are kept there (never a hand it may not see) and where each undo came back to, and a reload replays
them through the rules at the same seeded table. An undo tells nothing: the cards the learner has
not seen are dealt again at random there, and the bots choose afresh (``CourtsBoard.undo``).

>>> board = CourtsBoard(seed=3)
>>> board.view.phase, len(board.hand)
('choose', 10)
>>> board.choose(board.hand[0]["word"])
>>> board.view.phase in ("choose", "place", "over")
True
>>> board.place(9)
Refused: no Court 9: the Courts are numbered 0 to 3 (Island, Consul, Rite, Window)
"""

from __future__ import annotations

import hashlib
import html
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import traitlets

from corinth.courts import CARDS, COURTS, SEATS, SUITS, new_game
from corinth.courts.cards import FITS, DeckError, card_index, card_name
from corinth.courts.catalogue import rule_words, rules_cited
from corinth.courts.ending import end_words
from corinth.courts.game import Choose, CourtsError, Deal, Game, Place, parse
from corinth.courts.protocol import FOUR_COURTS, CourtsState
from corinth.shared.language import N_, _, current_language, number, pgettext
from corinth.shared.protocol import SIMULTANEOUS
from corinth.shared.table import NotYourTurn, Table

from ._base import (
    Board,
    GamePuzzle,
    Text,
    Whole,
    asset,
    hint_ladder_html,
    module,
    stylesheet,
    words_html,
    working,
)
from .game import GameKeeper
from .progress import Reports

HUMAN = "human"
COURT_NUMBER = "a Court's number from 0 to 3 (Island, Consul, Rite, Window)"


# The seats' and the suits' names, and the ranks printed on a card's face, for the catalogue.
SEAT_WORDS = (N_("North"), N_("East"), N_("South"), N_("West"))
SUIT_WORDS = (N_("Moons"), N_("Suns"), N_("Waves"), N_("Leaves"), N_("Wyrms"), N_("Knots"))
RANK_WORDS = (N_("Ace"), N_("Pawn"), N_("Crown"))


def seat_words(seat: int) -> str:
    """A seat's name in the language spoken: ``North``."""
    return _(SEATS[seat])


def seat_letter(seat: int) -> str:
    """A seat's mark on each side of a Court: ``N``."""
    return {
        0: pgettext("seat", "N"),
        1: pgettext("seat", "E"),
        2: pgettext("seat", "S"),
        3: pgettext("seat", "W"),
    }[seat]


def suit_words(suit: str) -> str:
    """A suit's (a token colour's) name in the language spoken: ``Moons``."""
    return _(suit)


def court_words(k: int) -> str:
    """``the Rite``: a Court in a sentence (its name as printed, in English)."""
    return _("the {court}").format(court=COURTS[k].capitalize())


def percent(share: float) -> str:
    """``83%`` (English), ``83 %`` (French, German).

    >>> percent(0.83)
    '83%'
    """
    if current_language() == "en":
        return f"{share:.0%}"
    return number(share * 100, decimals=0) + "\u00a0%"


def _and(words: Sequence[str]) -> str:
    """``the Consul and the Rite``: words joined as a sentence joins them."""
    words = list(words)
    text = words[0] if words else ""
    for word in words[1:]:
        text = _("{first} and {second}").format(first=text, second=word)
    return text


def _css() -> str:
    return stylesheet() + asset("courts.css").read_text(encoding="utf-8")


def _words(text: str) -> str:
    """Words for the page, each rule's ID behind a mark that opens the rule's words (RULES.md)."""
    return words_html(text, rule_words)


def card_words(card: int) -> str:
    """``the Mill (8, Waves and Leaves)``."""
    return CARDS[card].describe()


class BoardTable(Table):
    """The board's game at the shared table: the deal drawn from the board's own generator and the
    bots seeded as the board has always seeded them, so a seed gives the same game as before."""

    def __init__(self, game: Game, seats: list[str], seed: int):
        self._rng = random.Random(seed)
        super().__init__(FOUR_COURTS, seed=seed, state=CourtsState(game, seed), seats=seats)

    def taken_back(self, seat: int, undo: int) -> None:
        """The ``undo``-th undo of the game (from 1), here, where the learner is to decide (the
        bots' cards of a round the learner is still to choose in taken back, as the shared table's
        undo does): the cards ``seat`` has not seen dealt again at random, and fresh seeds for the
        deals and the bots to come (``CourtsState.redrawn``), so nothing the learner saw before the
        undo is dealt or laid the same again."""
        if self.position.current_player() == SIMULTANEOUS and self._node_start is not None:
            self._position = self._node_start
            self.log = self.log[: len(self._position.history())]
        position = self.position.redrawn(seat, undo)
        self._position = position
        if position.current_player() == SIMULTANEOUS:
            self._node_start = position
        self._seed = position.seed
        self._rng = random.Random(position.seed)
        self.bots = self._make_bots()

    def _make_bots(self) -> dict:
        players = len(self.seats)
        return {
            s: FOUR_COURTS.make_bot(name, self._seed * 10 + s, players)
            for s, name in self.bot_names.items()
        }

    def draw(self, position: CourtsState):
        game = position.native
        if game.phase == "deal":
            return Deal(game.pool[self._rng.randrange(len(game.pool))])
        outcomes = game.chance_outcomes()
        return outcomes[self._rng.randrange(len(outcomes))][0]


class CourtsBoard(Board):
    """The Four Courts from ``seat``'s side, against bots (``bots``: a name per other seat).

    Traits drawn by ``widgets/courts.js`` (only what ``seat`` may see): ``courts`` (4 dicts:
    ``index``, ``name``, ``suits``, ``tokens``, ``sides`` per seat with its cards and its ``mark``
    on that side of the Court ("N", "S, you" for the learner's, ``me``), ``legal``: the
    learner's card may go here now, ``takes``: the token colours it would choose from, ``label``),
    ``seats`` (``name``, ``points``, ``tokens``, ``cards`` in hand, ``chosen``, ``me``), ``hand``
    (``word``, ``label``, ``legal``), ``revealed`` (this round's cards in play order, ``placed``,
    ``note``: what became of each), ``bonus``, ``reserve``, ``caption``, ``announce`` (an aria-live
    region), ``last_round`` (after "A new deal", until the learner's next move: the deal before's
    last round in sentences, the cards revealed then each placing, drawn folded under the new
    deal's line), ``interactive``, ``ending`` (once the game is over, how it ended and who won, in
    sentences: ``corinth.courts.ending``), ``rules`` (the words of every rule ``message`` and
    ``ending`` cite, which their "rule" marks open). The page writes no trait; it sends ``{"event": "card", "word"}``,
    ``{"event": "court", "court"}`` and ``{"event": "token", "court", "colour"}`` (``page_events``:
    anything else is refused as every board refuses it).
    """

    _esm = module("courts.js")
    _css = _css()

    courts = traitlets.List(traitlets.Dict()).tag(sync=True)
    seats = traitlets.List(traitlets.Dict()).tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    revealed = traitlets.List(traitlets.Dict()).tag(sync=True)
    bonus = traitlets.List(traitlets.Unicode()).tag(sync=True)
    reserve = traitlets.List(traitlets.Dict()).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    ending = traitlets.List(traitlets.Unicode()).tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)
    last_round = traitlets.List(traitlets.Unicode()).tag(sync=True)
    from_page = ()

    def __init__(
        self,
        game: Game | None = None,
        seat: int = 0,
        bots: Sequence[str] | None = None,
        seed: int = 0,
        players: int = 4,
        interactive: bool = True,
        puzzle: bool = False,
        **kwargs: Any,
    ):
        super().__init__(interactive=interactive, **kwargs)
        self.puzzle = puzzle  # a puzzle: a card clicked is held, a Court clicked then answers
        self.held: int | None = None
        self._answered: list = []
        game = game if game is not None else new_game(players)
        players = game.players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be a player from 0 to {players - 1}")
        self.seat = seat
        names = list(bots) if bots is not None else ["greedy"] * (players - 1)
        others = [s for s in range(players) if s != seat]
        if len(names) != len(others):
            raise ValueError(f"give a bot for each of the {len(others)} other seats")
        seats = [HUMAN] * players
        for s, n in zip(others, names):
            seats[s] = n
        self.start, self._seats, self._seed = game, seats, seed
        self.table = BoardTable(game, seats, seed)
        # the learner's own moves (notation) and where each undo came back to: all a reload needs
        self.mine: list[str] = []
        self._moved: list = []  # called with ``mine`` after each of the learner's moves
        # no bot plays in a puzzle or on a board for viewing: the other seats are named by side only
        self._names = {
            s: _bot_seat(s, n) if interactive and not puzzle else seat_words(s)
            for s, n in zip(others, names)
        }
        self._names[seat] = _("{seat}, you").format(seat=seat_words(seat))
        self._said: list[str] = []
        self._advance()

    # --- the game --------------------------------------------------------------------------

    @property
    def _game(self) -> Game:
        """The whole game (the kernel's, never sent to the page)."""
        return self.table.state

    @property
    def view(self):
        """The learner's seat's observation: all the page is drawn from."""
        return self._game.observe(self.seat)

    def _advance(self) -> None:
        """Chance and the bots' moves at the table until the learner must act or the game is over;
        what happened, in words, for the screen reader. A puzzle's table, or a table for viewing,
        stays as it is."""
        if self.puzzle or not self.interactive:
            self._draw()
            return
        start = len(self.table.log)
        for _step in self.table.bots_play():
            pass
        dealing = False
        for line in self.table.log[start:]:
            if line.player is None:  # a card dealt
                if not dealing:
                    self._said = [_("A new deal: every player has a new hand.")]
                dealing = True
                continue
            dealing = False
            if line.notation.startswith("place"):
                self._said.append(line.words)
            elif line.revealed:
                self._said.append(line.revealed)
        self._draw()

    def choose(self, word: str) -> None:
        """Lay the card ``word`` (``mill``) of the learner's hand face down (R1)."""
        if not self._can_click():
            return
        if self.puzzle:
            self.hold(word)
            return
        try:
            card = card_index(word)
            if self._game.phase != "choose":
                self._game.apply(Choose(self.seat, card))  # refused: the cards are revealed (R1)
            self.table.play(Choose(self.seat, card))
        except (DeckError, NotYourTurn) as exc:  # a CourtsError too
            self.refuse(exc)
            return
        self._played()
        self.message = ""
        self._said = [_("You lay {card} face down.").format(card=card_words(card))]
        if self.table.log[-1].revealed:
            self._said.append(self.table.log[-1].revealed)
        self._advance()
        self.announce = " ".join(self._said)
        self._tell()

    def place(self, court: int, colour: str | None = None) -> None:
        """Put the learner's revealed card beside Court ``court`` (0-3), taking a ``colour`` token
        when it is the third card there (R3, R5)."""
        if not self._can_click():
            return
        if isinstance(court, bool) or not isinstance(court, int) or not 0 <= court < 4:
            self.refuse(
                _(
                    "no Court {court}: the Courts are numbered 0 to 3 (Island, Consul, Rite, Window)"
                ).format(court=repr(court))
            )
            return
        if self.puzzle:
            self._answer(court)
            return
        try:
            take = None if colour is None else SUITS.index(str(colour).capitalize())
        except ValueError:
            self.refuse(
                _("no colour {colour}: the colours are {colours}").format(
                    colour=repr(str(colour)[:20]), colours=", ".join(SUITS)
                )
            )
            return
        game = self._game
        if game.current_player != self.seat:
            self.refuse(_("it is not your card's turn to be placed: choose a card first (R1, R2)"))
            return
        tokens = game.court_tokens[court]
        if take is None and len(game.sides[court][self.seat]) == 2 and len(set(tokens)) == 1:
            take = tokens[0]  # the last token on the Court: the click on the Court takes it (R5)
        try:
            self.table.play(Place(court, take))
        except (CourtsError, NotYourTurn) as exc:
            self.refuse(exc)
            return
        self._played()
        self.message = ""
        self._said = [self.table.log[-1].words]
        self._advance()
        self.announce = " ".join(self._said)
        self._tell()

    # --- a puzzle: a card held, then a Court -------------------------------------------------

    def hold(self, word: str) -> None:
        """A puzzle: pick up the card ``word`` of the hand (not played); the Courts it fits light up.

        >>> from corinth.courts.puzzles import load_puzzles
        >>> p = load_puzzles()[0]
        >>> board = CourtsBoard(game=p.game, seat=p.seat, puzzle=True)
        >>> board.hold("windfall"); [c["legal"] for c in board.courts]  # Knots: the Consul, the Window
        [False, True, False, True]
        """
        try:
            card = card_index(word)
        except DeckError as exc:
            self.refuse(exc)
            return
        if card not in self.view.hand:
            self.refuse(_("{card} is not in your hand (R1)").format(card=card_name(card)))
            return
        self.held, self.message = card, ""
        self._draw()
        self.announce = _("You hold {card}: choose a Court it fits.").format(card=card_words(card))

    def on_answer(self, callback) -> None:
        """A puzzle: ``callback(reply)`` when a Court is clicked for the held card (``mill
        island``)."""
        self._answered.append(callback)

    def _answer(self, court: int) -> None:
        if self.held is None:
            self.refuse(_("choose a card of your hand first, then a Court it fits (R1, R3)"))
            return
        reply = f"{CARDS[self.held].word} {COURTS[court]}"
        for callback in self._answered:
            callback(reply)

    def let_go(self) -> None:
        """A puzzle: no card held any more (the puzzle again, to try)."""
        self.held, self.message, self.announce = None, "", ""
        self._draw()

    def _played(self) -> None:
        """The learner's move just taken by the table: noted (its canonical notation)."""
        self.mine.append(self.table.position.history()[-1])

    def _tell(self) -> None:
        """After the learner's move and all the bots and the deal did after it (the game may be
        over): the moves so far, to whoever listens."""
        for callback in self._moved:
            callback(list(self.mine))

    def on_move(self, callback) -> None:
        """``callback(mine)`` after each of the learner's moves: their moves so far, in notation."""
        self._moved.append(callback)

    def new_game(self) -> None:
        """The game again from its start: the same deal and bots, as the lesson first showed it."""
        self.table = BoardTable(self.start, self._seats, self._seed)
        self.mine = []
        self.message = ""
        self._advance()
        # the table's seed deals the same hands again: said, not left to "a new deal"
        self._said = [_("A new game, from its first deal: the same hands as before.")]
        self.announce = " ".join(self._said)

    def restore(self, moves: Sequence[str]) -> bool:
        """The game where the learner left it: their ``moves`` (notation, and ``undo N`` where the
        N-th undo came back to) replayed from the start at the same seeded table, the bots and the
        deals answering as they did. A move that is not the learner's, or that the rules refuse,
        leaves the game as it is (False).

        >>> board = CourtsBoard(seed=3)
        >>> board.choose(board.hand[0]["word"]); kept = list(board.mine)
        >>> again = CourtsBoard(seed=3)
        >>> again.restore(kept), again.view == board.view, again.mine == kept
        (True, True, True)
        >>> again.restore(["choose 2 mill"]), again.view == board.view  # not the learner's seat
        (False, True)
        """
        return self._replay(moves, _("Your game, where you left it."))

    @property
    def can_undo(self) -> bool:
        """True when the learner has a move to take back."""
        return not self.puzzle and any(_undo_number(m) is None for m in self.mine)

    def undo(self) -> bool:
        """Take back the learner's last move, and what the bots and the deals did after it. Nothing
        the learner saw since tells them anything: the cards they have not seen (the other hands,
        the face-down discard) are dealt again at random, and the deals and the bots to come draw
        afresh (``BoardTable.taken_back``). The kept moves say where: the last move gives way to
        ``undo N`` (N counts the game's undos), so a reload finds the same game. False when the
        learner has no move to take back.

        >>> board = CourtsBoard(seed=3)
        >>> before = board.view
        >>> board.choose(board.hand[0]["word"]); board.undo(), board.view == before, board.mine
        (True, True, ['undo 1'])
        >>> board.undo()
        False
        """
        if not self.can_undo:
            return False
        moves = list(self.mine)
        number = 1 + max((_undo_number(m) or 0 for m in moves), default=0)
        while _undo_number(moves[-1]) is not None:  # an undo after it: taken back with it
            moves.pop()
        moves.pop()
        while moves and _undo_number(moves[-1]) is not None:
            moves.pop()
        return self._replay(moves + [f"undo {number}"], _("Your last move is taken back."))

    def _replay(self, moves: Sequence[str], said: str) -> bool:
        """The game from its start with the learner's ``moves``, the bots and the deals answering as
        they did (the same seeded table); False, and the game as it was, when one is refused."""
        table = BoardTable(self.start, self._seats, self._seed)
        moves = list(moves)
        try:
            for _step in table.bots_play():
                pass
            for text in moves:
                self._replay_one(table, text)
                for _step in table.bots_play():
                    pass
        except (CourtsError, DeckError, NotYourTurn, ValueError):
            return False
        self.table, self.mine, self.message = table, moves, ""
        self.held, self._said = None, [said]
        self._draw()
        self.announce = " ".join(self._said)
        return True

    def _replay_one(self, table: BoardTable, text: str) -> None:
        """One kept move played again (``undo N``: that undo's fresh deal and seeds); a move that
        is not the learner's raises."""
        number = _undo_number(text)
        if number is not None:
            table.taken_back(self.seat, number)
            return
        move = parse(text)
        if isinstance(move, Choose) and move.seat != self.seat:
            raise CourtsError(f"{text[:40]!r} is not your move")
        table.play(move)

    def _can_click(self) -> bool:
        if not self.interactive:
            self.refuse(_("this board is for viewing: it takes no move now"))
            return False
        if self._game.is_over:
            self.refuse(_("the game is over (G1)"))
            return False
        return True

    # the page's messages (``_base.read_message``): anything else is refused like a bad click
    page_events = {
        "card": {"word": Text(40, words="a card's word")},
        "court": {"court": Whole(0, 3, COURT_NUMBER)},
        "token": {"court": Whole(0, 3, COURT_NUMBER), "colour": Text(20, words="a colour")},
    }

    def react(self, event: str, fields: dict) -> None:
        if event == "card":
            self.choose(fields["word"])
        else:
            self.place(fields["court"], fields.get("colour"))

    # --- drawing ----------------------------------------------------------------------------

    def _draw(self) -> None:
        view = self.view
        mine = view.queue[0][1] if view.phase == "place" and view.queue[0][0] == self.seat else None
        if self.puzzle:
            mine = self.held if self.interactive else None
        with self.hold_sync():
            self.courts = [self._court(view, k, mine) for k in range(len(COURTS))]
            self.seats = [self._seat(view, s) for s in range(view.players)]
            self.hand = self._hand(view)
            self.revealed = _revealed(view)
            self.bonus = [SUITS[c] for c in view.bonus]
            self.reserve = [{"colour": SUITS[c], "count": n} for c, n in enumerate(view.reserve)]
            self.caption = self._caption(mine)
            self.ending = end_words(self._game) if view.phase == "over" else []
            self.last_round = self._last_round()

    def _last_round(self) -> list[str]:
        """After a new deal and before the learner's next move: the last round of the deal before,
        from the table's log (the cards revealed, then each placing in turn), else []."""
        if self.puzzle or not self.interactive:
            return []
        log = self.table.log
        deals = [i for i, line in enumerate(log) if line.notation.startswith("deal")]
        if not deals or any(line.player == self.seat for line in log[deals[-1] :]):
            return []
        end = deals[-1]
        while end and log[end - 1].notation.startswith("deal"):  # the new deal's first card
            end -= 1
        start = end
        while start and log[start - 1].notation.startswith("place"):
            start -= 1
        if start == end:  # the first deal of the game: no round before it
            return []
        reveal = [log[start - 1].revealed] if start and log[start - 1].revealed else []
        return reveal + [line.words for line in log[start:end]]

    @traitlets.observe("message", "ending")
    def _cited(self, _change: Any) -> None:
        """The words of the rules the page's sentences cite, for their marks to open."""
        self.rules = rules_cited(" ".join([self.message, *self.ending]))

    def _court(self, view, k: int, mine: int | None) -> dict:
        """Court ``k`` as drawn: its tokens, each seat's side, whether the learner's card ``mine``
        may go there (and the tokens it would choose from), and its label in words."""
        tokens = [SUITS[t] for t in view.court_tokens[k]]
        legal = mine is not None and k in FITS[mine]
        third = legal and len(view.sides[k][self.seat]) == 2 and not self.puzzle
        takes = sorted(set(tokens)) if third else []
        sides = [
            {
                "seat": s,
                "name": seat_words(s),
                "mark": _("{seat}, you").format(seat=seat_letter(s))
                if s == self.seat
                else seat_letter(s),
                "me": s == self.seat,
                "cards": [_card(c) for c in view.sides[k][s]],
            }
            for s in range(view.players)
        ]
        return {
            "index": k,
            "name": COURTS[k].capitalize(),
            "suits": list(CARDS[40 + k].suits),
            "tokens": tokens,
            "sides": sides,
            "legal": legal,
            "takes": takes,
            "label": _court_label(k, tokens, sides, legal, takes),
        }

    def _seat(self, view, s: int) -> dict:
        """Seat ``s`` as drawn: its name, points, tokens won, cards in hand, whether it has chosen."""
        return {
            "seat": s,
            "name": self._names[s],
            "points": sum(view.won[s]) + (sum(view.bonus_won[s]) if view.bonus_won else 0),
            "tokens": {SUITS[c]: n for c, n in enumerate(view.won[s]) if n},
            "cards": view.hand_sizes[s],
            "chosen": bool(view.has_chosen[s]) if view.has_chosen else False,
            "me": s == self.seat,
        }

    def _hand(self, view) -> list[dict]:
        """The learner's hand as buttons, clickable while a card is to be chosen."""
        can_choose = view.phase == "choose" and self.seat in self._game.to_choose()
        cards = [
            {
                "word": CARDS[c].word,
                "short": _short(c),
                "suits": list(CARDS[c].suits),
                "label": card_words(c),
                "legal": can_choose and self.interactive,
            }
            for c in view.hand
        ]
        if self.puzzle:  # a card is held (pressed), not laid: the page says so
            for c, card in zip(view.hand, cards):
                card["held"] = c == self.held
                card["action"] = _("Hold {card}, to lay it beside a Court").format(
                    card=card["label"]
                )
        return cards

    def _caption(self, mine: int | None) -> str:
        game = self._game
        if self.puzzle:
            if not self.interactive:
                return _("The puzzle is answered.")
            if mine is None:
                return _("Choose a card of your hand, then a Court it fits (green).")
            return _("You hold {card}: click a Court it fits (green).").format(
                card=card_words(mine)
            )
        if game.is_over:
            winners = sorted(game.winners(), key=lambda s: s != self.seat)  # "you" first
            points = ", ".join(f"{seat_words(s)} {p}" for s, p in enumerate(game.scores()))
            if len(winners) > 1:
                won = _and(
                    pgettext("a winner", "you") if s == self.seat else self._names[s]
                    for s in winners
                )
                said = _(
                    "The game is over. Points: {points}. {winners} share the win: why, under "
                    "“The end of the game”."
                ).format(points=points, winners=won[:1].upper() + won[1:])
            elif winners and winners[0] == self.seat:
                said = _(
                    "The game is over. Points: {points}. You won: why, under “The end of the game”."
                ).format(points=points)
            else:
                won = self._names[winners[0]] if winners else ""
                said = _(
                    "The game is over. Points: {points}. {winner} won: why, under “The end of the "
                    "game”."
                ).format(points=points, winner=won[:1].upper() + won[1:])
            return said
        if not self.interactive:
            return _("This table is to look at: it takes no move.")
        if mine is not None:
            return _(
                "Your card, {card}, is next: click a Court it fits (green), or a token there if it "
                "is your third card there."
            ).format(card=card_words(mine))
        return _("Choose a card of your hand to lay face down.")

    def text(self) -> str:
        """The table as the learner sees it (the other hands are counts), and once the game is
        over, how it ended and why."""
        return "\n".join([self._game.text(seat=self.seat), *self.ending])


class CourtsApp(w.VBox):
    """A game of The Four Courts against bots: the board (``CourtsBoard``, its arguments) with "New
    game", "Undo" (the learner's last move taken back) and "Hint" (the best three moves from the
    learner's own view, in words). With ``keep`` (a lesson's game), the learner's moves are kept in
    their browser under that name, as lesson 05's and 11b's games are, and a reload of the page
    replays them through the rules (``CourtsBoard.restore``).

    >>> app = CourtsApp(seed=3, keep="lesson")
    >>> app.board.choose(app.board.hand[0]["word"]); app.keeper.moves == app.board.mine
    True
    >>> app.undo(); app.keeper.moves, app.undo_button.disabled  # where the undo came back to
    (['undo 1'], True)
    >>> app.hint(); "Lay the " in app.hints.value
    True
    >>> app.new_game(); app.keeper.moves, app.board.view == CourtsBoard(seed=3).view
    ([], True)
    """

    def __init__(self, keep: str = "", **board: Any):
        self.board = CourtsBoard(**board)
        self.new_game_button = w.Button(description=_("New game"), icon="refresh")
        self.undo_button = w.Button(description=_("Undo"), icon="undo")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.hints = w.HTML()
        self.keeper = GameKeeper(key=keep, signature=self._signature()) if keep else None
        buttons = w.HBox([self.new_game_button, self.undo_button, self.hint_button])
        parts = [self.board, buttons, self.hints]
        super().__init__(parts + ([self.keeper] if self.keeper is not None else []))
        self.add_class("corinth-courts-app")
        if self.keeper is not None:
            self.keeper.on_restore(self._restore)
        self.board.on_move(self._changed)
        self._buttons()

    def _signature(self) -> str:
        """Which game kept moves belong to: the players, the learner's seat, the bots, the seed and
        the start (a digest: the start's deal is not the page's to read)."""
        b = self.board
        start = hashlib.sha256("|".join(b.start.history).encode()).hexdigest()[:16]
        return f"courts/{','.join(b._seats)}/{b.seat}/{b._seed}/{start}"

    def _changed(self, mine: list[str]) -> None:
        """After each change of the game: the learner's moves kept, an old hint gone, the buttons
        enabled for what can be done now."""
        if self.keeper is not None:
            self.keeper.moves = mine
        self.hints.value = ""
        self._buttons()

    def _buttons(self) -> None:
        over = self.board.table.position.is_over()
        self.undo_button.disabled = not self.board.can_undo or not self.board.interactive
        self.hint_button.disabled = over or not self.board.interactive

    def _restore(self, moves: list[str]) -> None:
        if self.board.restore(moves):
            self._changed(list(self.board.mine))

    def undo(self) -> None:
        """Take back the learner's last move (``CourtsBoard.undo``)."""
        if self.board.undo():
            self._changed(list(self.board.mine))

    def hint(self) -> None:
        """The best three moves for the learner now, ranked from what their seat may see (H1)."""
        self.hint_button.disabled = True  # a second of ranking: not asked twice meanwhile
        self.hints.value = working()  # sent to the page at once
        hint = self.board.table.hint(top=3)
        items = "".join(f"<li>{_words(words)}</li>" for words in hint.words)
        said = f"<ol class='corinth-hints'>{items}</ol>" if items else _words(hint.why_none)
        equal = about_equal(hint.moves)  # within the ranking's own spread
        said = f"<p class='corinth-hint-equal'>{_words(equal)}</p>{said}" if equal else said
        head = html.escape(_("Hint"))
        self.hints.value = f"<div role='status'><b>{head}</b> {said}</div>"
        self._buttons()

    def new_game(self) -> None:
        """Back to the lesson's start: the same deal and bots; the kept moves forgotten."""
        self.board.new_game()
        self._changed([])


# --- a puzzle ---------------------------------------------------------------------------------


class CourtsPuzzleBoard(GamePuzzle, Reports, w.VBox):
    """A "which card now?" puzzle (``corinth.courts.puzzles.CourtsPuzzle``) on the board, from the
    puzzle seat's side: the learner clicks a card of their hand (held, not played), then a Court it
    fits (lit green). Right or wrong is the puzzle's own ``verdict``; a wrong choice says where it
    ranks and the board is the puzzle again. "Hint" climbs hints made from the ranking; "Show the
    answer" shows the best choice with the explanation.

    >>> from corinth.courts.puzzles import load_puzzles
    >>> board = CourtsPuzzleBoard(load_puzzles()[0])
    >>> board.answer("sailor rite"), board.solved, board.wrong_tries
    (False, False, 1)
    >>> board.answer("joker rite"), board.wrong_tries
    (None, 1)
    >>> board.answer(sorted(board.puzzle.answers)[0]), board.solved
    (True, True)
    """

    again = N_("Answer it again if you like.")

    def __init__(self, puzzle: Any):
        self._start(puzzle)  # ``last``: the last choice tried (``mill island``)
        self.answers = frozenset(puzzle.answers)
        self.board = CourtsBoard(game=puzzle.game, seat=puzzle.seat, puzzle=True)
        self.board.on_answer(self._answered)
        self.output = self.board.output
        self.question = w.HTML(
            f"{_words(_(puzzle.question))} "
            + html.escape(_("Click a card of your hand, then a Court it fits."))
        )
        self.tried: list[str] = []  # the wrong choices tried: no hint points at them again
        buttons = self._controls()
        # the verdict, the buttons and the hints above the table, in view of a 1280×720 screen
        # as the card is chosen and a hint asked for (the board scrolls a new hint into view too)
        parts = [self.question, self.result, buttons, self.hint_list, self.board, self.output]
        super().__init__(parts)
        self.hint_list.add_class("corinth-courts-hints")
        self.add_class("corinth-courts-puzzle")

    def answer(self, reply: str) -> bool | None:
        """Give ``reply`` (``mill island``) as the clicks would: the card held, then the Court
        clicked. True if it is a best choice, False if not, None if it is not a choice here."""
        self.try_again()
        verdict = self.puzzle.verdict(reply)
        if not verdict.legal:  # no click makes it: the reason, as the board would say it
            head = html.escape(_("Not a choice."))
            self._say(f"<b>{head}</b> {_words(verdict.words)}")
            return None
        word, court = verdict.move.rsplit(" ", 1)
        self.board.hold(word)
        self.board.place(COURTS.index(court))
        return self.solved

    def _answered(self, reply: str) -> None:
        """A Court clicked for the held card: the puzzle's verdict, shown."""
        verdict = self.puzzle.verdict(reply)
        if not verdict.legal:
            self.board.refuse(_without(verdict.words, "Not a choice here: {reason}.").rstrip("."))
            return
        self.last = verdict.move
        if verdict.right:
            self.solved = True
            self.board.interactive = False
            self.board.let_go()
            self._settled(True)
            said = _without(verdict.words, "Correct! {explanation}")  # "Solved!" says it already
            solved, whole = html.escape(_("Solved!")), html.escape(_("The whole explanation"))
            self._say(
                f"<b>{solved}</b> "
                f"{_words(solved_why(self.puzzle, verdict.move))} "
                "<details class='corinth-courts-why'>"
                f"<summary>{whole}</summary>"
                f"{_words(said)}</details>"
            )
            for callback in self._on_solved:
                callback()
            self._tell("check", verdict.move, True)  # told to a class's teacher
            return
        self.wrong_tries += 1
        if verdict.move not in self.tried:
            self.tried.append(verdict.move)
        self.board.let_go()
        wrong = html.escape(_("Not this one."))
        back = _("The board is back at the puzzle: try again, or ask for a hint.")
        self._say(f"<b>{wrong}</b> {_words(verdict.words)} {html.escape(back)}")
        for callback in self._on_wrong:
            callback()
        self._tell("check", verdict.move, False)

    def _say(self, text: str) -> None:
        self.result.value = f"<div role='status'>{text}</div>"

    def show_hint(self) -> str:
        """The next hint of the ladder (general to specific; no rung points at a choice already
        tried: ``puzzle_hints``), scrolled into view; return it."""
        ladder = puzzle_hints(self.puzzle, self.tried)
        if self.hints_shown < len(ladder):
            self.hints_shown += 1
            self._tell("hint")
        self.hint_list.value = hint_ladder_html(
            ladder, self.hints_shown, self.hint_button, rule_words
        )
        self.board.send({"scroll": "corinth-courts-hints"})
        return ladder[self.hints_shown - 1]

    def reveal(self) -> str:
        """Show a best choice with the explanation ("Show the answer"); return it (``mill
        island``)."""
        self.revealed = True
        best = self.puzzle.explained
        answer = html.escape(_("Answer:"))
        self._say(f"<b>{answer}</b> {_words(_(self.puzzle.explanation))}")
        self._tell("shown")
        return best

    def try_again(self) -> None:
        """The puzzle again, to answer: no card held, the board clickable."""
        self.solved = False
        self.board.interactive = True
        self.board.let_go()
        self._settled(False)
        self.result.value = ""


def _without(text: str, template: str) -> str:
    """``text`` without the words its message ``template`` puts before its placeholder (the
    engine's "Not a choice here: …", in the language spoken).

    >>> _without("Correct! It wins.", "Correct! {explanation}")
    'It wins.'
    """
    head = _(template).split("{", 1)[0]
    return text.removeprefix(head).removeprefix(template.split("{", 1)[0])


def _bot_seat(seat: int, bot: str) -> str:
    """``North, greedy bot``."""
    kind = {
        "greedy": pgettext("bot", "greedy"),
        "random": pgettext("bot", "random"),
    }.get(bot, bot)
    return _("{seat}, {bot} bot").format(seat=seat_words(seat), bot=kind)


def _the(courts: Sequence[int]) -> str:
    """``the Rite``, ``the Consul and the Rite``."""
    return _and(court_words(k) for k in sorted(courts))


def puzzle_hints(puzzle: Any, tried: Sequence[str] = ()) -> list[str]:
    """A "which card now?" puzzle's hint ladder, general to specific, never the answer at once,
    and never pointing at a choice already ``tried`` (``mill island``): how far apart the choices
    are (the puzzle's own first hint); where a token is to be had, only when the best choice takes
    it (else that the best takes none); the Courts worth looking at, from the choices not tried;
    the card, and the Courts already tried with it.

    >>> from corinth.courts.puzzles import load_puzzles
    >>> deal = {p.id: p for p in load_puzzles()}["deal-01"]  # the best: the Huntress, no token
    >>> for rung in puzzle_hints(deal, ["ace-leaves window"])[1:]: print(rung)
    You have two cards beside the Window, where a third card takes a token (R5), but the best choice takes no token this time.
    The Courts worth looking at: the Consul and the Rite.
    The card to lay is the Huntress (Crown, Moons): beside which Court?
    """
    view, seat = puzzle.view, puzzle.seat
    choices = puzzle.ranking().choices
    best = [ch for ch in choices if ch.answer in puzzle.answers]
    third = [k for k in range(len(COURTS)) if len(view.sides[k][seat]) == 2]
    tokens = {ch.court for ch in best if ch.court in third}  # the best takes a token there
    if not third:
        where = _(
            "You have two cards beside no Court yet: no card of yours takes a token now (R5)."
        )
    elif tokens:
        where = _(
            "You already have two cards beside {courts}: a third card there takes a token (R5)."
        ).format(courts=_the(tokens))
    else:
        where = _(
            "You have two cards beside {courts}, where a third card takes a token (R5), but the "
            "best choice takes no token this time."
        ).format(courts=_the(third))
    looks: list[int] = []
    for ch in choices:  # best first: the first Court named is a best choice's
        if ch.answer not in tried and ch.court not in looks and len(looks) < 2:
            looks.append(ch.court)
    card = best[0].card
    name = CARDS[card].describe()
    not_there = [
        COURTS.index(t.rsplit(" ", 1)[1]) for t in tried if t.split()[0] == CARDS[card].word
    ]
    if not_there:
        card_hint = _(
            "The card to lay is {card}: beside which Court (not {courts}: you tried it there)?"
        ).format(card=name, courts=_the(not_there))
    else:
        card_hint = _("The card to lay is {card}: beside which Court?").format(card=name)
    return [
        _(puzzle.hints()[0]),
        where,
        _("The Courts worth looking at: {courts}.").format(
            courts=_and(court_words(k) for k in looks)
        ),
        card_hint,
    ]


def solved_why(puzzle: Any, answer: str) -> str:
    """Why a best choice of a puzzle is best, in one sentence: the token it takes, if any, and the
    points it gives against the best other choice.

    >>> from corinth.courts.puzzles import load_puzzles
    >>> first = load_puzzles()[0]
    >>> print(solved_why(first, "borderland rite"))
    The Borderland beside the Rite is your third card there and takes a Moons token in 83% of the deals: you can expect 6.83 points at the end of the round, 0.72 more than with your best other choice, the Sailor beside the Rite (6.11).
    """
    choices = puzzle.ranking().choices
    mine = next(ch for ch in choices if ch.answer == answer)
    other = next((ch for ch in choices if ch.answer not in puzzle.answers), None)
    view = puzzle.view
    name = card_name(mine.card)
    said = {
        "card": f"{name[:1].upper()}{name[1:]}",
        "court": COURTS[mine.court].capitalize(),
        "mean": number(mine.mean, decimals=2),
    }
    if len(view.sides[mine.court][puzzle.seat]) == 2 and mine.colours:
        said["colour"] = suit_words(SUITS[mine.colours[0][0]])
        if mine.token_rate == 1:
            lead = _(
                "{card} beside the {court} is your third card there and takes a {colour} token"
            )
        else:
            said["share"] = percent(mine.token_rate)
            lead = _(
                "{card} beside the {court} is your third card there and takes a {colour} token in "
                "{share} of the deals"
            )
    else:
        lead = _("{card} beside the {court}")
    if puzzle.kind == "round":
        text = _("{choice}: you can expect {mean} points at the end of the round")
    else:
        text = _("{choice}: you can expect {mean} points at the end of the deal")
    text = text.format(choice=lead.format(**said), mean=said["mean"])
    if other is None:
        return _("{said}, as much as any other choice.").format(said=text)
    return _(
        "{said}, {more} more than with your best other choice, {other} beside the {court} ({mean})."
    ).format(
        said=text,
        more=number(round(mine.mean, 2) - round(other.mean, 2), decimals=2),
        other=card_name(other.card),
        court=COURTS[other.court].capitalize(),
        mean=number(other.mean, decimals=2),
    )


def about_equal(moves: Sequence[Any]) -> str:
    """Where the hint's best moves cannot be told apart, why, in a sentence ("" where they can):
    their worths are the same (an exact ranking), or each lies within the others' give or take
    (a ranking over some of the ways the unseen cards could lie: its 95% interval, ``low`` to
    ``high``). The ranking's own spread decides, never a budget of its own.

    >>> from types import SimpleNamespace as M
    >>> print(about_equal([M(value=3.70, low=3.27, high=4.13)] * 3))
    These 3 moves are about equal: their points differ by 0.00 at most, less than the give or take of 0.43 that comes from playing only some of the ways the cards you have not seen could lie, as many as the hint has time for. Any of them is as good as the hint can tell.
    >>> about_equal([M(value=3.7, low=3.6, high=3.8), M(value=3.0, low=2.9, high=3.1)])
    ''
    """
    if len(moves) < 2:
        return ""
    best = moves[0]
    if best.high - best.low < 1e-9:  # exact: equal only when the worths are the same
        same = [m for m in moves if abs(m.value - best.value) < 1e-9]
        if len(same) < 2:
            return ""
        return _("These {n} moves are worth the same, {value}: any of them will do.").format(
            n=len(same), value=number(best.value, decimals=2)
        )
    same = [m for m in moves if m.high >= best.low]  # each interval reaches the best's
    if len(same) < 2:
        return ""
    gap = best.value - min(m.value for m in same)
    spread = max((m.high - m.low) / 2 for m in same)
    if len(same) == len(moves):
        said = _(
            "These {n} moves are about equal: their points differ by {gap} at most, less than the "
            "give or take of {spread} that comes from playing only some of the ways the cards you "
            "have not seen could lie, as many as the hint has time for. Any of them is as good as "
            "the hint can tell."
        )
    else:
        said = _(
            "The first {n} moves are about equal: their points differ by {gap} at most, less than "
            "the give or take of {spread} that comes from playing only some of the ways the cards "
            "you have not seen could lie, as many as the hint has time for. Any of them is as good "
            "as the hint can tell."
        )
    return said.format(n=len(same), gap=number(gap, decimals=2), spread=number(spread, decimals=2))


def courts_puzzles() -> tuple:
    """The Four Courts' stored puzzles, each ranked again as they load (once per kernel: the
    loader keeps the stored set).

    >>> courts_puzzles()[0].id
    'round-01'
    """
    from corinth.courts.puzzles import load_puzzles

    return tuple(load_puzzles())


def _undo_number(text: str) -> int | None:
    """N for a kept ``undo N`` (N from 1), else None.

    >>> _undo_number("undo 2"), _undo_number("choose 1 mill"), _undo_number("undo 0")
    (2, None, None)
    """
    words = text.split(" ") if isinstance(text, str) else ()
    if len(words) != 2 or words[0] != "undo" or len(words[1]) > 12:
        return None
    if not (words[1].isascii() and words[1].isdigit()):
        return None
    return int(words[1]) or None


def _short(card: int) -> str:
    """A card's short face: ``Mill 8``, ``Huntress Crown``."""
    c = CARDS[card]
    rank = c.rank if c.rank.isdigit() else _(c.rank.capitalize())
    name = c.name.removeprefix("the ").removeprefix("Ace of ")
    if c.rank == "ace":
        name = suit_words(name)
    return f"{rank} {name}" if c.rank == "ace" else f"{name} {rank}"


def _card(card: int) -> dict:
    """A card laid beside a Court: its word, short face and label."""
    return {"word": CARDS[card].word, "short": _short(card), "label": card_words(card)}


def _court_label(k: int, tokens: list[str], sides: list[dict], legal: bool, takes: list) -> str:
    """Court ``k`` in words, for a screen reader: its suits, tokens, the cards on each side and
    whether the learner's card may go there."""
    words = [
        _("{court}, {suits}").format(
            court=court_words(k), suits=", ".join(suit_words(x) for x in CARDS[40 + k].suits)
        )
    ]
    if tokens:
        words.append(_("tokens {tokens}").format(tokens=", ".join(suit_words(t) for t in tokens)))
    else:
        words.append(_("tokens none"))
    for side in sides:
        if side["cards"]:
            who = _("{seat} (you)").format(seat=side["name"]) if side["me"] else side["name"]
            words.append(
                _("{seat}: {cards}").format(
                    seat=who, cards=", ".join(c["label"] for c in side["cards"])
                )
            )
    if legal:
        words.append(
            _("your card may go here and takes a token") if takes else _("your card may go here")
        )
    return "; ".join(words)


def _revealed(view) -> list[dict]:
    """This round's revealed cards in play order, each with what became of it (``note``): placed,
    or, when the game ended before its turn, back in its player's hand (G1)."""
    on_table = set(view.discard_seen) | {c for court in view.sides for side in court for c in side}
    placed = len(view.revealed) - len(view.queue)
    out = []
    for i, (s, c) in enumerate(view.revealed):
        done = c in on_table if view.phase == "over" else i < placed
        back = view.phase == "over" and not done
        out.append(
            {
                "seat": s,
                "name": seat_words(s),
                "label": card_words(c),
                "short": _short(c),
                "placed": done,
                "note": _("placed") if done else _("back to the hand") if back else "",
            }
        )
    return out


__all__ = [
    "HUMAN",
    "CourtsApp",
    "CourtsBoard",
    "CourtsPuzzleBoard",
    "about_equal",
    "card_words",
    "courts_puzzles",
    "puzzle_hints",
    "solved_why",
]
