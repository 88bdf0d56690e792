"""Each game's fixed action space for OpenSpiel (``corinth.shared.openspiel``): every word its move
notation can use, numbered once and for all from the notation's grammar. An action id is the same
word in every process and every run, so OpenSpiel's histories, trajectories and policies replay
anywhere, and ``num_distinct_actions`` is the true size of the space.

The words are written here, not read from the engines (the shared parts import no game): the
numbering is a contract that an engine's table must not reorder by accident.
``tests/solver/test_openspiel_actions.py`` checks them against each engine's own names and checks
that every legal move spells with them.

A move is spelt word by word (``words_of``): its notation split at spaces and commas. ``END`` (action
0 in every game) closes a move whose words begin a longer one's ("goats" and "goats steward r1c2").

>>> space = action_space("corintho")
>>> space.size, space.action("base"), space.word(space.action("b2"))
(260, 1, 'b2')
>>> space.spell("base b2"), space.spell("a1-b1")
((1, 9), (20,))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import Any

END = "."
_SPLIT = re.compile(r"[ ,]+")


def _numbers(first: int, last: int) -> tuple[str, ...]:
    return tuple(str(n) for n in range(first, last + 1))


# Corinth (corinth/rules/moves.py): "buy 2"; "gold", "green 1,3" (the shops a delivery starts);
# "blue steward r1c2,r0c2 shops 2" (a steward's walk, then the shops its goods start); "build
# temple,stables" or "build none"; "steward r1c2" (the compensation step) or "pass". The dice are
# chance outcomes, never words.
CORINTH_DISTRICTS = ("goats", "green", "purple", "blue", "orange", "gold")
CORINTH_SIZE = 5  # the market's rows and columns: cell r{R}c{C} is number R * 5 + C
CORINTH_CELLS = tuple(f"r{r}c{c}" for r in range(CORINTH_SIZE) for c in range(CORINTH_SIZE))
CORINTH_BUILDINGS = ("trading_post", "warehouse", "stables", "temple")
CORINTH_SHOPS = 10  # the most shops of a district (corinth/rules/sheet.py: MAX_SHOPS)
CORINTH_NUMBERS = _numbers(0, CORINTH_SHOPS)  # yellow dice bought (0 to 3), shops from 1
CORINTH_WORDS = (
    ("buy",)
    + CORINTH_NUMBERS
    + CORINTH_DISTRICTS
    + ("steward",)
    + CORINTH_CELLS
    + ("shops", "build")
    + CORINTH_BUILDINGS
    + ("none", "pass")
)

# Corintho (corinth/corintho/game.py): "base a1", "column b2", "capital c3" (a piece from hand),
# "a1-a2" (a stack moved, one word: every ordered pair of cells the notation can write).
CORINTHO_PIECES = ("base", "column", "capital")
CORINTHO_CELLS = tuple(f"{col}{row}" for row in range(1, 5) for col in "abcd")  # a1 is 0, d4 15
CORINTHO_WORDS = (
    CORINTHO_PIECES
    + CORINTHO_CELLS
    + tuple(f"{a}-{b}" for a in CORINTHO_CELLS for b in CORINTHO_CELLS if a != b)
)

# The Four Courts (corinth/courts/game.py): "choose 2 mill" (a seat lays a card of its hand),
# "place island" or "place island take wyrms". The bonus draw and the deal are chance outcomes.
COURTS_SEATS = _numbers(1, 4)
COURTS_CARDS = (  # the 40 cards dealt, in the deck's order (seeds/decktet.toml)
    "ace-moons ace-suns ace-waves ace-leaves ace-wyrms ace-knots author desert origin journey "
    "painter savage battle mountain sailor discovery forest soldier lunatic market penitent castle "
    "cave chance-meeting betrayal diplomat mill darkness merchant pact huntress bard sea end "
    "calamity windfall watchman light-keeper harvest borderland"
).split()
COURTS_COURTS = ("island", "consul", "rite", "window")
COURTS_SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
COURTS_WORDS = (
    ("choose",)
    + COURTS_SEATS
    + tuple(COURTS_CARDS)
    + ("place",)
    + COURTS_COURTS
    + ("take",)
    + COURTS_SUITS
)


@functools.lru_cache(maxsize=1 << 16)
def words_of(notation: str) -> tuple[str, ...]:
    """A move's notation as the words its sub-decisions choose.

    >>> words_of("blue steward r1c2,r1c3 shops 3")
    ('blue', 'steward', 'r1c2', 'r1c3', 'shops', '3')
    """
    return tuple(w for w in _SPLIT.split(notation.strip()) if w)


Speller = Callable[[Any], tuple[int, ...]]


class ActionSpace:
    """A game's words, numbered: ``END`` is 0, then the grammar's words in order.

    ``spell_moves`` gives each legal move its actions; a game's ``spellers`` read them from a move's
    fields for the moves a decision has by the thousand (Corinth's steward walks), the others are
    read from their notation.
    """

    def __init__(self, game: str, words: Iterable[str], spellers: dict[str, Speller] | None = None):
        self.game = game
        self.words: tuple[str, ...] = (END, *words)
        self.ids = {word: action for action, word in enumerate(self.words)}
        if len(self.ids) != len(self.words):
            raise ValueError(f"{game}'s words are not all different")
        self.spellers = spellers or {}

    @property
    def size(self) -> int:
        """The number of actions: OpenSpiel's ``num_distinct_actions``."""
        return len(self.words)

    def action(self, word: str) -> int:
        """A word's action id; ``ValueError`` for a word the game's notation never writes.

        >>> action_space("corinth").action("gold")
        18
        >>> action_space("corinth").action("silver")
        Traceback (most recent call last):
        ...
        ValueError: 'silver' is not a word of corinth's moves
        """
        action = self.ids.get(word)
        if action is None:
            raise ValueError(f"{str(word)[:40]!r} is not a word of {self.game}'s moves")
        return action

    def word(self, action: object) -> str:
        """An action id's word; ``ValueError`` for an id outside the space.

        >>> action_space("four-courts").word(0), action_space("four-courts").word(1)
        ('.', 'choose')
        """
        if type(action) is not int or not 0 <= action < len(self.words):
            raise ValueError(
                f"action {str(action)[:40]} is not one of {self.game}'s: its actions are "
                f"0 to {len(self.words) - 1}"
            )
        return self.words[action]

    def spell(self, notation: str) -> tuple[int, ...]:
        """A move's actions, from its notation.

        >>> action_space("corinth").spell("build temple,stables")
        (46, 50, 49)
        """
        return tuple(self.action(word) for word in words_of(notation))

    def spell_moves(
        self, moves: Iterable[Any], notation: Callable[[Any], str]
    ) -> list[tuple[tuple[int, ...], Any]]:
        """Each move with its actions (``notation``: the game's, for the moves no speller reads).

        >>> walk = type("Take", (), {})()
        >>> walk.district, walk.path, walk.shops = "blue", (7, 2), (1,)
        >>> [a for a, _ in action_space("corinth").spell_moves([walk, "pass"], str)]
        [(16, 19, 27, 22, 45, 4), (52,)]
        """
        spellers, spell, spelt = self.spellers, self.spell, []
        for move in moves:
            speller = spellers.get(type(move).__name__)
            spelt.append((speller(move) if speller else spell(notation(move)), move))
        return spelt


def _corinth_spellers() -> dict[str, Speller]:
    """Corinth's walks and deliveries, read from the move's fields (``district``, ``path``,
    ``shops``): at a decision of tens of thousands of moves, formatting each one's notation to
    split it again was most of the time."""
    ids = {word: action for action, word in enumerate((END, *CORINTH_WORDS))}
    district = {name: ids[name] for name in CORINTH_DISTRICTS}
    cell = tuple(ids[name] for name in CORINTH_CELLS)
    shop = tuple(ids[str(n)] for n in range(1, CORINTH_SHOPS + 1))  # shop 0 is written 1
    steward, shops = ids["steward"], ids["shops"]

    # The same walks come back in every district's moves and at every decision: spelt once.
    @functools.lru_cache(maxsize=1 << 16)
    def walk(path: tuple[int, ...], named: tuple[int, ...]) -> tuple[int, ...]:
        spelt = (steward, *map(cell.__getitem__, path))
        return (*spelt, shops, *map(shop.__getitem__, named)) if named else spelt

    def take(move: Any) -> tuple[int, ...]:
        if move.path:
            return (district[move.district],) + walk(move.path, move.shops)
        return (district[move.district], *map(shop.__getitem__, move.shops))

    def compensate(move: Any) -> tuple[int, ...]:
        return walk(move.path, move.shops)

    return {"Take": take, "Compensate": compensate}


@functools.cache
def action_space(game: str) -> ActionSpace:
    """The action space of the game called ``game`` (``ValueError`` for a game without one).

    >>> [action_space(name).size for name in ("corinth", "corintho", "four-courts")]
    [53, 260, 58]
    """
    if game == "corinth":
        return ActionSpace(game, CORINTH_WORDS, _corinth_spellers())
    if game == "corintho":
        return ActionSpace(game, CORINTHO_WORDS)
    if game == "four-courts":
        return ActionSpace(game, COURTS_WORDS)
    raise ValueError(f"no action space for {str(game)[:40]!r}")
