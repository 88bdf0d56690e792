"""Lessons 12 and 12b, The Four Courts: its puzzle, its tables and its game.

Each function ``exercises.toml`` names (``engine``, ``position``) is recorded in ``ANSWERS``."""

from __future__ import annotations

import functools

from corinth.courts.cards import seat_word, suit_word
from corinth.shared.language import N_, _, ngettext
from corinth.ui.course import AnswerBook

ANSWERS = AnswerBook()

# The stored "which card now?" puzzle lesson 12b asks (player 1's view, a round puzzle).
COURTS_PUZZLE = "round-09"


@functools.cache  # the stored set is ranked again as it loads (a few seconds): once per lesson
def courts_puzzle(puzzle_id: str = COURTS_PUZZLE):
    """A stored Four Courts puzzle, by its id, its answers checked as the set loads.

    >>> courts_puzzle("round-09").seat
    0
    """
    from corinth.courts.puzzles import load_puzzles

    return next(p for p in load_puzzles() if p.id == puzzle_id)


def courts_choice_words(answer: str) -> str:
    """A card and its Court (``ace-knots consul``) as the lesson's buttons say it.

    >>> courts_choice_words("mill island")
    'The Mill beside the Island'
    """
    from corinth.courts import CARDS, COURTS
    from corinth.courts.cards import card_index, court_index

    card, court = answer.split()
    name = CARDS[card_index(card)].name
    return f"{name[0].upper()}{name[1:]} beside the {COURTS[court_index(court)].capitalize()}"


@ANSWERS.add
def courts_best_choice() -> str:
    """Lesson 12b's puzzle answer, as its button says it: the search's best card and Court.

    >>> from answers.questions import question
    >>> courts_best_choice() in question("12b-which-card")["options"]
    True
    """
    (answer,) = courts_puzzle().answers
    return courts_choice_words(answer)


def courts_table(seed: int = 3, rounds: int = 0):
    """A Four Courts table for viewing, from player 1's side (North) against three greedy bots:
    ``rounds`` rounds played by a greedy bot in player 1's place first. It takes no move, and its
    caption says what it shows.

    >>> board = courts_table(rounds=2)
    >>> board.view.phase, board.interactive, board.caption.startswith("An example: two rounds")
    ('choose', False, True)
    """
    from corinth.courts.bots import make_bot
    from corinth.ui.courts import CourtsBoard

    board = CourtsBoard(seed=seed)
    me = make_bot("greedy", seed)
    for _round in range(rounds):
        if board.view.phase != "choose":
            break  # the game is over
        board.choose(_courts_card(me, board))
        while board.view.phase == "place":  # the learner's card is next: the bot places it
            _courts_place(me, board)
    if rounds == 2:
        shows = _(
            "An example: two rounds played, seen by player 1 (North). Each card lies beside a Court "
            "that shares a suit with it, on its player's own side: North above the Court, East to "
            "its right, South below, West to its left."
        )
    elif rounds:
        shows = ngettext(
            "An example: {n} round played, seen by player 1 (North). Each card lies beside a Court "
            "that shares a suit with it, on its player's own side: North above the Court, East to "
            "its right, South below, West to its left.",
            "An example: {n} rounds played, seen by player 1 (North). Each card lies beside a Court "
            "that shares a suit with it, on its player's own side: North above the Court, East to "
            "its right, South below, West to its left.",
            rounds,
        ).format(n=rounds)
    else:
        shows = _(
            "An example: the start of a game, seen by player 1 (North). Each Court holds three "
            "tokens, one of each of its suits; the reserve is in the middle, your hand of 10 cards "
            "beside the table."
        )
    return _viewing(board.table.state, shows)


def courts_ranks_table():
    """Lesson 12's picture of the ranks: a round's four cards revealed, one of each kind of rank,
    the list beside the table giving them highest first; the first two already placed.

    >>> [card["label"].split(" (")[0] for card in courts_ranks_table().revealed]
    ['the Ace of Waves', 'the Bard', 'the Light Keeper', 'the Castle']
    """
    game = _revealed_game(["castle", "bard", "ace-waves", "light-keeper"], ["island", "window"])
    cards = [_with_rank(card) for _, card in game.revealed]
    shows = _(
        "An example: a round's four cards, turned over. The list beside the table, “This round, "
        "highest first”, gives them in their order: {cards}. The first two are already beside "
        "their Courts."
    ).format(cards=_and(cards))
    return _viewing(game, shows)


def courts_suits_table():
    """Lesson 12's picture of the suits: the four Pawns revealed (one rank), the list beside the
    table giving them highest first, each ranked by its strongest suit, then its next.

    >>> [card["label"].split(" (")[0] for card in courts_suits_table().revealed]
    ['the Harvest', 'the Watchman', 'the Light Keeper', 'the Borderland']
    """
    from corinth.courts import CARDS

    game = _revealed_game(["borderland", "harvest", "watchman", "light-keeper"], [])
    cards = [CARDS[card] for _, card in game.revealed]
    (first, second) = cards[:2]
    same = first.suits[0] == second.suits[0]
    k = next(i for i, (a, b) in enumerate(zip(first.suits, second.suits)) if a != b)
    listed = [
        _("{card} ({suits})").format(card=c.name, suits=", ".join(suit_word(x) for x in c.suits))
        for c in cards
    ]
    why = (
        _(
            "{card} and {other} both have {suit}: their next suit decides, and {next_suit} is "
            "stronger than {other_suit}."
        ).format(
            card=first.name,
            other=second.name,
            suit=suit_word(first.suits[0]),
            next_suit=suit_word(first.suits[k]),
            other_suit=suit_word(second.suits[k]),
        )
        if same
        else _("{card}'s strongest suit, {suit}, beats {other_suit}.").format(
            card=first.name, suit=suit_word(first.suits[0]), other_suit=suit_word(second.suits[0])
        )
    )
    shows = _(
        "An example: four Pawns turned over, one rank, so their suits decide, each card by its "
        "strongest suit first. The list beside the table, “This round, highest first”, gives "
        "them in their order: {cards}. {why}"
    ).format(cards=_and(listed), why=_cap(why))
    return _viewing(game, shows)


def _with_rank(card: int) -> str:
    """``the Bard (a Crown)``; an Ace says its rank in its name: ``the Ace of Waves``."""
    from corinth.courts import CARDS

    c = CARDS[card]
    if c.rank == "ace":
        return c.name
    if c.rank in RANK_WORDS:
        return _(RANK_WORDS[c.rank]).format(card=c.name)
    if c.rank == "8":
        return _("{card} (an {rank})").format(card=c.name, rank=c.rank)
    return _("{card} (a {rank})").format(card=c.name, rank=c.rank.capitalize())


# A card with its rank in words, for the ranks that are words (the numbers are said as numbers).
RANK_WORDS = {
    "pawn": N_("{card} (a Pawn)"),
    "crown": N_("{card} (a Crown)"),
    "court": N_("{card} (a Court)"),
}
# Two cards of one rank, in the plural.
RANK_PLURALS = {
    "pawn": N_("Pawns"),
    "crown": N_("Crowns"),
    "court": N_("Courts"),
    "ace": N_("Aces"),
}


def _and(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# Seeded games of four greedy bots that end in a tie of points between player 1 and another:
# broken by the cards left in hand (G6), and, their totals equal, by the highest card (G7).
TIE_GAMES = {"hand": 202, "card": 83}


def courts_tie_table(kind: str = "hand"):
    """Lesson 12b's pictures of a tie of points at the end, from player 1's side: ``hand``, broken
    by the values of the cards left in hand (G6); ``card``, those equal too, by the highest card,
    its suit last (G7). The caption says whose hand holds what and who wins, from the game.

    >>> board = courts_tie_table("hand")
    >>> board.view.phase, "North wins" in board.caption
    ('over', True)
    """
    from corinth.courts import CARDS
    from corinth.courts.bots import GreedyBot, play_game
    from corinth.courts.cards import STRENGTH

    seed = TIE_GAMES[kind]
    game = play_game([GreedyBot(seed * 10 + s) for s in range(4)], seed=seed)
    points = game.scores()
    tied = [s for s in range(4) if points[s] == max(points)]
    totals = [sum(CARDS[c].value for c in game.hands[s]) for s in tied]
    (winner,) = game.winners()
    if len(tied) != 2 or tied[0] != 0 or (totals[0] == totals[1]) != (kind == "card"):
        raise ValueError(f"the seeded game {seed} is no longer a tie broken by the {kind}")
    hands = [
        _("{seat} holds {cards}: {values}").format(
            seat=seat_word(s),
            cards=_and([_with_rank(c) for c in game.hands[s]]),
            values=" + ".join(str(CARDS[c].value) for c in game.hands[s])
            + (f" = {total}" if len(game.hands[s]) > 1 else ""),
        )
        for s, total in zip(tied, totals)
    ]
    head = ngettext(
        "An example: the end of a game, seen by player 1 (North). {seat} and {other} both have "
        "{points} point.",
        "An example: the end of a game, seen by player 1 (North). {seat} and {other} both have "
        "{points} points.",
        points[0],
    ).format(seat=seat_word(tied[0]), other=seat_word(tied[1]), points=points[0])
    if kind == "hand":
        best = max(tied, key=lambda s: max(STRENGTH[c] for c in game.hands[s]))
        decide = (
            _(
                "{head} The cards left in hand decide, by their values: {hand}; {other_hand}. "
                "{winner} wins."
            )
            if best == winner
            else _(
                "{head} The cards left in hand decide, by their values: {hand}; {other_hand}. "
                "{winner} wins, though {best} holds the highest card."
            )
        )
        shows = decide.format(
            head=head,
            hand=hands[0],
            other_hand=hands[1],
            winner=seat_word(winner),
            best=seat_word(best),
        )
    else:
        tops = [CARDS[max(game.hands[s], key=STRENGTH.__getitem__)] for s in tied]
        rank = tops[0].rank
        last = (
            _(
                "both are {ranks}, so the suit decides last: {suit} is stronger than {other_suit}"
            ).format(
                ranks=_(RANK_PLURALS[rank])
                if rank in RANK_PLURALS
                else _("{rank}s").format(rank=rank.capitalize()),
                suit=suit_word(tops[tied.index(winner)].suits[0]),
                other_suit=suit_word(tops[1 - tied.index(winner)].suits[0]),
            )
            if tops[0].rank == tops[1].rank
            else _("{seat}'s {card} is the higher").format(
                seat=seat_word(winner), card=tops[tied.index(winner)].name
            )
        )
        shows = _(
            "{head} Their cards left in hand count the same: {hand}; {other_hand}. Then the "
            "highest card decides: {last}. {winner} wins."
        ).format(head=head, hand=hands[0], other_hand=hands[1], last=last, winner=seat_word(winner))
    return _viewing(game, shows)


def _viewing(game, shows: str, seat: int = 0):
    """``game`` on a board for viewing from ``seat``'s side (player 1, North): it takes no move,
    and its caption, ``shows``, says what it shows."""
    from corinth.ui.courts import CourtsBoard

    board = CourtsBoard(game=game, seat=seat, interactive=False)
    board.caption = shows  # drawn once: a board for viewing is never drawn again
    return board


def _revealed_game(chosen: list[str], placed: list[str], seed: int = 1):
    """A four-player game whose first round's cards are ``chosen`` (player 1's first), each seat
    dealt that card and nine more at random (seeded), the cards revealed, and the first of them
    placed beside the Courts ``placed`` names (no token: nobody has two cards there yet)."""
    import random

    from corinth.courts import CARDS, new_game
    from corinth.courts.cards import PLAYABLE, card_index

    cards = [card_index(word) for word in chosen]
    rest = [c for c in PLAYABLE if c not in cards]
    random.Random(seed).shuffle(rest)
    hands = [[card] + rest[9 * s : 9 * s + 9] for s, card in enumerate(cards)]
    game = new_game(4).apply("bonus moons suns leaves wyrms")
    for k in range(10):  # dealt one card at a time, to players 1 to 4 in turn (S6)
        for hand in hands:
            game = game.apply(f"deal {CARDS[hand[k]].word}")
    for s, word in enumerate(chosen):
        game = game.apply(f"choose {s + 1} {word}")
    for court in placed:
        game = game.apply(f"place {court}")
    return game


def _courts_card(bot, board) -> str:
    from corinth.courts import CARDS

    move = bot.choose(board.view)
    return CARDS[move.card].word


def _courts_place(bot, board) -> None:
    from corinth.courts import SUITS

    move = bot.choose(board.view)
    board.place(move.court, None if move.take is None else SUITS[move.take])


def courts_puzzle_table(puzzle_id: str = COURTS_PUZZLE):
    """The puzzle's table from its player's side, for viewing.

    >>> courts_puzzle_table().seat
    0
    """
    puzzle = courts_puzzle(puzzle_id)
    shows = _(
        "The puzzle's table, seen by player {player} ({seat}), before anyone lays a card this round."
    ).format(player=puzzle.seat + 1, seat=seat_word(puzzle.seat))
    return _viewing(puzzle.game, shows, puzzle.seat)


def courts_game(seed: int = 0, keep: str = ""):
    """Lesson 12b's game: player 1 (North) against three greedy bots, seeded, with "New game",
    "Undo" and "Hint"; with ``keep``, kept in the learner's browser under that name across a reload.

    >>> app = courts_game()
    >>> app.board.view.phase, len(app.board.hand)
    ('choose', 10)
    """
    from corinth.ui.courts import CourtsApp

    return CourtsApp(seed=seed, keep=keep)
