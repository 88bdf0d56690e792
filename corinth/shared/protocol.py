"""The game protocol: what a game of the explorer is, so that one table, one puzzle machinery, one
command line and OpenSpiel's algorithms run on every game.

It follows OpenSpiel's state API (``pyspiel.State``): legal actions, apply, the current player (or
chance, or everyone at once, or nobody at the end), chance nodes with exact outcome probabilities,
terminal and returns, a seat's observation. The project's own names are kept where they read
better: a *move* (not an action), ``apply`` returning a new state (states are immutable), a move's
*notation* (``Move.parse`` reads it back) and its *sentence* (the plain words a learner reads).

A game is two things: a ``Game`` (its name, players, bots, how a state is made or loaded) and its
``State`` (a position). An adapter wraps each engine's own state without changing it; the engine's
state stays at hand as ``State.native`` for the game's own boards.

A game may also put a position in front of a class (``LivePuzzles``): its stored puzzles, or a
position from a saved game, as a question, the moves a student may pick and the solver's ranking
(a ``LivePosition``). The classroom asks for it by the game's name (``registry.live``) and draws it
with the game's own picture (``registry.live_picture``), knowing nothing of the game.

>>> from corinth.shared import registry
>>> game = registry.get("corintho")
>>> state = game.new(players=2, seed=0)
>>> state.current_player(), state.is_over(), isinstance(state, State)
(0, False, True)
>>> move = state.parse("base b2")
>>> state.notation(move), state.sentence(move)
('base b2', 'Player 1 places a base at b2')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

# The current player's special values, OpenSpiel's own (kChancePlayerId, kSimultaneousPlayerId,
# kTerminalPlayerId): a bot or a view asks ``current_player()`` and reads one of these or a seat.
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4


@runtime_checkable
class Refusal(Protocol):
    """What a refused move raises (each engine's ``IllegalMove``): an exception whose message says
    what is wrong in plain words, and ``rule``, the ID of the rule it breaks in the game's RULES.md.
    The state it was refused in is left exactly as it was."""

    rule: str


@runtime_checkable
class State(Protocol):
    """One position of a game. Immutable: ``apply`` returns a new state, the old one is unchanged."""

    @property
    def native(self) -> Any:
        """The engine's own state (``corinth.rules.GameState``, ``corinth.corintho.Game``), for the
        game's own boards and solvers."""

    @property
    def num_players(self) -> int:
        """The number of seats, from 2."""

    def current_player(self) -> int:
        """The seat to decide (from 0), or ``CHANCE`` at a chance node, ``SIMULTANEOUS`` when every
        seat chooses at once, ``TERMINAL`` when the game is over."""

    def legal_moves(self, player: int | None = None) -> list[Any]:
        """Every legal move of ``player`` (default: the one to decide), in a fixed order; empty at a
        chance node (see ``chance_outcomes``) and at the end. At a simultaneous node each seat has
        its own list."""

    def apply(self, move: Any) -> State:
        """The state after ``move`` (a move or its notation). A refused move raises the engine's
        error (a ``Refusal``, naming the rule it breaks) and this state is untouched."""

    def is_chance(self) -> bool:
        """True at a chance node: the dice (or a shuffle) decide, nobody chooses."""

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """At a chance node, every outcome (a move ``apply`` takes) with its exact probability; the
        probabilities sum to 1. Elsewhere, empty."""

    def sample(self, rng: Any = None) -> Any:
        """At a chance node, one outcome drawn from the game's own seed (the same game, the same
        dice), or from ``rng`` (a ``numpy.random.Generator``) when given, to ``apply``."""

    def is_over(self) -> bool:
        """True when the game has ended (``current_player() == TERMINAL``)."""

    def winners(self) -> tuple[int, ...]:
        """The seats that won (ties share), empty while the game goes on or when nobody won."""

    def returns(self) -> list[float]:
        """Each seat's final payoff, OpenSpiel's way: +1 for a winner (tied winners alike), -1 for
        every other seat; all 0 while the game goes on or when nobody won."""

    def verdict(self) -> str | None:
        """Who won and why, a sentence for a learner; None while the game goes on."""

    def observation(self, player: int) -> dict[str, Any]:
        """What seat ``player`` may see, as JSON-ready data: the public position and that seat's own
        hidden information, never another seat's (a hidden hand never leaks)."""

    def hidden(self, player: int) -> dict[str, Any]:
        """The information only ``player`` may see (a hand, a secret choice): ``{}`` in a game of
        perfect information. No other seat's ``observation`` contains it."""

    def notation(self, move: Any) -> str:
        """A move's one canonical text, read back by ``parse``."""

    def parse(self, text: str) -> Any:
        """A move from its notation (not yet checked for legality: ``apply`` does that); bad text
        raises the engine's error with a sentence saying how moves are written."""

    def sentence(self, move: Any) -> str:
        """A move of this position in plain words ("Player 1 places a base at b2")."""

    def history(self) -> list[str]:
        """Every move since the start in notation, chance outcomes included."""

    def start(self) -> State:
        """The first position of this very game (its players, seed and variants): ``history()``
        applied to it, move by move, gives this state back."""

    def text(self, player: int | None = None) -> str:
        """The position drawn as text (from ``player``'s seat if given: only what it may see)."""

    def to_json(self) -> str:
        """A versioned save of the game that ``Game.load`` reads back to an equal state."""


class HiddenMoves(Protocol):
    """What a game with hidden moves adds to its ``State`` (The Four Courts: cards dealt face down,
    cards chosen face down at once), so that a log or a view never shows them too early."""

    def seen(self, notation: str, player: int | None) -> tuple[str, str]:
        """A move of this position as seat ``player`` sees it (None: a seat that sees no hand):
        its notation and its sentence, another seat's hidden card as "a card"."""

    def reveal(self) -> str:
        """Reached from a simultaneous node: what the choices made there showed, a sentence."""


@runtime_checkable
class Bot(Protocol):
    """A player the computer plays: it chooses one of ``state.legal_moves()``."""

    def choose(self, state: State) -> Any:
        """A legal move of ``state``'s player to decide (``state`` is not at a chance node). At a
        simultaneous node a game's bots take the seat too, ``choose(state, seat)``, and decide from
        that seat's observation only."""


@runtime_checkable
class Game(Protocol):
    """A game: its name, how many play, its bots, and how a state is made, loaded or wrapped."""

    name: str  # its name on the command line: ``corinth play --game NAME``
    title: str  # its name for a reader
    players: Sequence[int]  # the player counts it is played with
    bots: Sequence[str]  # its bots' names, the first the default
    errors: tuple[type[Exception], ...]  # what its engine raises on bad input (a refusal included)

    def new(self, players: int = 2, seed: int = 0, variants: Any = None) -> State:
        """A new game for ``players`` from ``seed`` (the dice and the bots follow it) under the
        game's rule ``variants`` (None: the standard rules)."""

    def load(self, text: str | bytes) -> State:
        """A saved game (``State.to_json``) read back and checked move by move; bad input raises
        one of ``errors`` with a sentence naming the problem."""

    def wrap(self, native: Any) -> State:
        """The protocol's state around an engine's own state."""

    def make_bot(self, name: str, seed: int = 0, players: int = 2) -> Bot:
        """A bot by its name, seeded; ``ValueError`` with a sentence for an unknown name or one
        that cannot play ``players`` seats."""


class NotLive(ValueError):
    """A puzzle or a saved game that a game cannot put in front of a class; the message says why,
    in a sentence for the teacher.

    >>> str(NotLive("a live puzzle needs a position with a move to make"))
    'a live puzzle needs a position with a move to make'
    """


@dataclass(frozen=True)
class LivePosition:
    """A position put in front of a class, in the game's own words: its ``title`` (the kind of
    puzzle), the ``question``, the game's own ``position`` (an engine's state, or a seat's view in a
    game of hidden hands) for the game's picture to draw, the ``choices`` (every move a student may
    pick, as ``{"move": notation, "words": sentence}``, in the order the page lists them), the
    ``ranking`` (every move best first, as ``{"move", "words", "verdict", "best"}``, shown only at
    the reveal) and the ``explanation`` said then.

    >>> live = LivePosition("win in 1", "Find the win.", None, ({"move": "m", "words": "M."},))
    >>> live.choices[0]["move"], live.ranking, live.explanation
    ('m', (), '')
    """

    title: str
    question: str
    position: Any
    choices: tuple[dict[str, Any], ...] = ()
    ranking: tuple[dict[str, Any], ...] = ()
    explanation: str = ""


@runtime_checkable
class LivePuzzles(Protocol):
    """What a game puts in front of a whole class: its stored puzzles by id, and a position from a
    saved game. The game's picture of a ``LivePosition.position`` is named beside it in the registry
    (``registry.live_picture``): Corinth's solver, which ranks, may not draw.

    >>> from corinth.shared import registry
    >>> corintho = registry.live("corintho")
    >>> isinstance(corintho, LivePuzzles), corintho.saves
    (True, 'corintho-game')
    >>> ("x4-01", "extend to 4: Take the win with this move.") in corintho.catalogue()
    True
    >>> corintho.puzzle("x4-01").title, corintho.puzzle("zz-99")
    ('extend to 4', None)
    """

    saves: str  # the "format" its saved games carry, read by ``from_saved``; "" for none

    def catalogue(self) -> list[tuple[str, str]]:
        """Every stored puzzle worth a class's minute, as (id, title), in the teacher's order."""

    def puzzle(self, puzzle_id: str) -> LivePosition | None:
        """The stored puzzle ``puzzle_id`` (any of its sets, listed or not); None for no such id."""

    def from_saved(self, text: str) -> LivePosition:
        """A position from a saved game (the JSON ``State.to_json`` writes): "what is the best move
        here?", every legal move ranked; ``NotLive`` with a sentence for one that cannot be loaded
        or has no move to make. The classroom sends a saved game to the game whose ``saves`` is its
        ``"format"``, and any other to the default game (``registry.DEFAULT``)."""


def normalised_returns(num_players: int, winners: Sequence[int]) -> list[float]:
    """The returns of a finished game: +1 for each winner, -1 for each other seat; all 0 when
    nobody won (a draw, or the game still going).

    >>> normalised_returns(2, (0,))
    [1.0, -1.0]
    >>> normalised_returns(3, ())
    [0.0, 0.0, 0.0]
    >>> normalised_returns(4, (1, 2))
    [-1.0, 1.0, 1.0, -1.0]
    """
    if not winners:
        return [0.0] * num_players
    return [1.0 if i in winners else -1.0 for i in range(num_players)]
