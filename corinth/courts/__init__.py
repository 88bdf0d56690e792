"""The Four Courts (Greg James), the third game: a card game for 3 or 4 players with the Decktet's
extended deck, with simultaneous choices and hidden hands. The rule catalogue is ``RULES.md`` in
this folder; the card list is ``seeds/decktet.toml``. The package imports nothing of the other games.

>>> import random
>>> from corinth.courts import new_game, deal_all
>>> game = deal_all(new_game(players=3), random.Random(1))
>>> len(game.observe(0).hand), game.observe(0).hand_sizes
(13, (13, 13, 13))
"""

from .cards import CARDS, COURTS, SEATS, SUITS, Card, card_index
from .game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Bonus,
    Choose,
    CourtsError,
    Deal,
    Game,
    IllegalMove,
    Observation,
    Place,
    deal_all,
    from_json,
    new_game,
    parse,
    play_chance,
    to_json,
)

__all__ = [
    "CARDS",
    "CHANCE",
    "COURTS",
    "SEATS",
    "SIMULTANEOUS",
    "SUITS",
    "TERMINAL",
    "Bonus",
    "Card",
    "Choose",
    "CourtsError",
    "Deal",
    "Game",
    "IllegalMove",
    "Observation",
    "Place",
    "card_index",
    "deal_all",
    "from_json",
    "new_game",
    "parse",
    "play_chance",
    "to_json",
]
