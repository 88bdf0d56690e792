"""The Decktet's extended deck without the Excuse (C1), read from ``seeds/decktet.toml``: every
card's word, name, rank, suits, value (C2) and strength (C2, C3), and which Courts it fits (R3, R4).

Cards are numbered 0-43 in the file's order; the four Courts are the last four (40-43), the 40 cards
dealt are 0-39.

>>> CARDS[card_index("mill")].suits, CARDS[card_index("mill")].value
(('Waves', 'Leaves'), 8)
>>> [COURTS[k] for k in FITS[card_index("mill")]]  # Waves: Island, Consul; Leaves: Rite, Window
['island', 'consul', 'rite', 'window']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from corinth.shared.language import N_, _, current_language, number

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")  # C3: strongest first
RANK_VALUES = {
    "pawn": 10,
    "crown": 11,
    "ace": 12,
    "court": 0,
}  # C2 [interp]; numerals: their number
COURTS = ("island", "consul", "rite", "window")  # C4: the text's order, their places for the game
SEATS = ("North", "East", "South", "West")  # S1

# The words a learner reads that come from the card list (``seeds/decktet.toml``) and the tables
# above, each marked for the catalogue and translated where it is shown (``card_name``,
# ``suit_word``, ``rank_word``, ``seat_word``). The Courts' names stay as printed (The Island…).
SUIT_WORDS = {
    "Moons": N_("Moons"),
    "Suns": N_("Suns"),
    "Waves": N_("Waves"),
    "Leaves": N_("Leaves"),
    "Wyrms": N_("Wyrms"),
    "Knots": N_("Knots"),
}
RANK_WORDS = {"ace": N_("Ace"), "crown": N_("Crown"), "pawn": N_("Pawn"), "court": N_("Court")}
SEAT_WORDS = {"North": N_("North"), "East": N_("East"), "South": N_("South"), "West": N_("West")}
CARD_NAMES = {
    "ace-moons": N_("the Ace of Moons"),
    "ace-suns": N_("the Ace of Suns"),
    "ace-waves": N_("the Ace of Waves"),
    "ace-leaves": N_("the Ace of Leaves"),
    "ace-wyrms": N_("the Ace of Wyrms"),
    "ace-knots": N_("the Ace of Knots"),
    "author": N_("the Author"),
    "desert": N_("the Desert"),
    "origin": N_("the Origin"),
    "journey": N_("the Journey"),
    "painter": N_("the Painter"),
    "savage": N_("the Savage"),
    "battle": N_("the Battle"),
    "mountain": N_("the Mountain"),
    "sailor": N_("the Sailor"),
    "discovery": N_("the Discovery"),
    "forest": N_("the Forest"),
    "soldier": N_("the Soldier"),
    "lunatic": N_("the Lunatic"),
    "market": N_("the Market"),
    "penitent": N_("the Penitent"),
    "castle": N_("the Castle"),
    "cave": N_("the Cave"),
    "chance-meeting": N_("the Chance Meeting"),
    "betrayal": N_("the Betrayal"),
    "diplomat": N_("the Diplomat"),
    "mill": N_("the Mill"),
    "darkness": N_("the Darkness"),
    "merchant": N_("the Merchant"),
    "pact": N_("the Pact"),
    "huntress": N_("the Huntress"),
    "bard": N_("the Bard"),
    "sea": N_("the Sea"),
    "end": N_("the End"),
    "calamity": N_("the Calamity"),
    "windfall": N_("the Windfall"),
    "watchman": N_("the Watchman"),
    "light-keeper": N_("the Light Keeper"),
    "harvest": N_("the Harvest"),
    "borderland": N_("the Borderland"),
    "island": N_("the Island"),
    "consul": N_("the Consul"),
    "rite": N_("the Rite"),
    "window": N_("the Window"),
}


class DeckError(ValueError):
    """The card list is missing or malformed."""


@dataclass(frozen=True)
class Card:
    """One card: its word in moves (``mill``), its name (``the Mill``), rank, suits and value."""

    word: str
    name: str
    rank: str  # "ace", "2".."9", "pawn", "court", "crown"
    suits: tuple[str, ...]
    value: int  # C2: 2-9, Pawn 10, Crown 11, Ace 12

    @property
    def mask(self) -> int:
        return sum(1 << SUITS.index(s) for s in self.suits)

    def describe(self) -> str:
        """``the Mill (8, Waves and Leaves)``, in the language spoken now."""
        rank = self.rank if self.rank.isdigit() else _(RANK_WORDS[self.rank])
        return f"{_(self.name)} ({rank}, {and_words(suit_word(s) for s in self.suits)})"


def and_words(words) -> str:
    """``Moons, Suns and Waves``: words listed, the last after "and" (in the language spoken now).

    >>> and_words(["Moons", "Suns", "Waves"]), and_words(["Moons"])
    ('Moons, Suns and Waves', 'Moons')
    """
    words = list(words)
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def or_words(words) -> str:
    """``Moons or Suns``: words joined by "or" (in the language spoken now)."""
    words = list(words)
    said = words[0]
    for word in words[1:]:
        said = _("{items} or {last}").format(items=said, last=word)
    return said


def decimal(value: float, decimals: int = 2) -> str:
    """A number as the language spoken now writes it: ``2.50`` in English, ``2,50`` in French."""
    if current_language() == "en":
        return f"{value:.{decimals}f}"
    return number(value, decimals=decimals)


def percent(share: float) -> str:
    """A share as a percentage: ``83%`` in English, ``83 %`` in French and German."""
    if current_language() == "en":
        return f"{share:.0%}"
    return number(share * 100, decimals=0) + "\u00a0%"


def suit_word(suit: int | str) -> str:
    """A suit (its index or its English name) in the language spoken now: ``Moons``."""
    name = SUITS[suit] if isinstance(suit, int) else suit
    return _(SUIT_WORDS[name])


def seat_word(seat: int) -> str:
    """A seat's side in the language spoken now: ``North``."""
    return _(SEAT_WORDS[SEATS[seat]])


def card_name(card: int) -> str:
    """A card's name (``the Mill``) in the language spoken now."""
    return _(CARDS[card].name)


def rank_word(card: int) -> str:
    """A card's rank as a learner reads it: ``8``, ``Crown``."""
    rank = CARDS[card].rank
    return rank if rank.isdigit() else _(RANK_WORDS[rank])


def court_word(court: int) -> str:
    """A Court's name as printed, the same in every language (the glossary): ``Island``."""
    return COURTS[court].capitalize()


def seeds_path() -> Path:
    """The card list: ``seeds/decktet.toml`` (in a wheel, ``corinth/seeds/decktet.toml``)."""
    here = Path(__file__).resolve().parent.parent
    for seeds in (here / "seeds", here.parent / "seeds"):
        if (seeds / "decktet.toml").is_file():
            return seeds / "decktet.toml"
    raise DeckError("corinth's seeds/decktet.toml is missing from this installation")


def load_deck(path: Path | None = None) -> tuple[Card, ...]:
    """The 44 cards, checked: the counts of C1, the suits of C4, no card without a Court (R4)."""
    path = path or seeds_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DeckError(f"cannot read the card list {path}: {exc}") from None
    cards = []
    for row in data.get("cards", []):
        rank = str(row["rank"])
        value = int(rank) if rank.isdigit() else RANK_VALUES[rank]
        if tuple(data.get("suits", ())) != SUITS or not set(row["suits"]) <= set(SUITS):
            raise DeckError(f"{row['id']}: suits must be among {', '.join(SUITS)} (C3)")
        suits = tuple(sorted(row["suits"], key=SUITS.index))
        cards.append(Card(row["id"], row["name"], rank, suits, value))
    kinds = [c.rank for c in cards]
    counts = {k: kinds.count(k) for k in ("ace", "crown", "pawn", "court")}
    numerals = sum(r.isdigit() for r in kinds)
    if (
        len(cards) != 44
        or numerals != 24
        or set(counts.values()) != {6, 4}
        or cards[-4:] != [c for c in cards if c.rank == "court"]
    ):
        raise DeckError(
            "the deck must be 6 Aces, 24 numerals, 6 Crowns, 4 Pawns, then 4 Courts (C1)"
        )
    if tuple(c.word for c in cards[-4:]) != COURTS:
        raise DeckError(f"the Courts must be {', '.join(COURTS)} in that order (C4)")
    return tuple(cards)


CARDS = load_deck()
PLAYABLE = tuple(range(40))  # C1: the cards dealt; 40-43 are the Courts
COURT_CARDS = tuple(range(40, 44))
COURT_MASK = tuple(CARDS[c].mask for c in COURT_CARDS)
COURT_SUITS = tuple(tuple(SUITS.index(s) for s in CARDS[c].suits) for c in COURT_CARDS)
FITS = tuple(tuple(k for k in range(4) if CARDS[c].mask & COURT_MASK[k]) for c in range(44))
WORDS = {card.word: i for i, card in enumerate(CARDS)}


def _strength(card: Card) -> tuple:
    # C2 then C3: the rank's value, then the suits strongest first (a lower index is stronger)
    return (card.value, tuple(-SUITS.index(s) for s in card.suits))


ORDER = sorted(PLAYABLE, key=lambda c: _strength(CARDS[c]))
STRENGTH = tuple(ORDER.index(c) if c < 40 else -1 for c in range(44))  # 0 weakest, 39 strongest

if any(not FITS[c] for c in PLAYABLE):  # R4: never, with this deck
    raise DeckError("a card fits no Court (R4)")


def card_index(word: str) -> int:
    """A card's number from its word (``mill``) or name (``the Mill``).

    >>> card_index("The Mill") == card_index("mill")
    True
    """
    if not isinstance(word, str):
        raise DeckError(f"a card is a word such as 'mill', not {word!r}")
    key = word.strip().lower().removeprefix("the ").replace(" ", "-")
    key = {"ace-of-" + s.lower(): "ace-" + s.lower() for s in SUITS}.get(key, key)
    if key not in WORDS:
        raise DeckError(
            _("no card {word} in the deck: cards are words such as 'mill', 'ace-moons'").format(
                word=repr(word[:40])
            )
        )
    return WORDS[key]


def court_index(word: str) -> int:
    """``island`` → 0 … ``window`` → 3."""
    key = word.strip().lower().removeprefix("the ") if isinstance(word, str) else None
    if key not in COURTS:
        raise DeckError(
            _("no Court {word}: the Courts are {courts}").format(
                word=repr(str(word)[:40]), courts=", ".join(COURTS)
            )
        )
    return COURTS.index(key)


def suit_index(word: str) -> int:
    """``wyrms`` → 4."""
    key = word.strip().capitalize() if isinstance(word, str) else None
    if key not in SUITS:
        raise DeckError(
            _("no colour {word}: the colours are {colours}").format(
                word=repr(str(word)[:40]), colours=", ".join(SUITS)
            )
        )
    return SUITS.index(key)
