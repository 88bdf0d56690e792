"""The game in progress, for every game of the protocol: seats (human or bot), the bots' turns, undo,
the move log and the hint. The boards and the command line are its views (``GameApp``, ``CorinthoApp``,
``CourtsBoard``, ``corinth play``); each game may add its own words (``corinth.solver.table.Table``
does for Corinth).

A game whose seats choose at once (a simultaneous node: ``current_player() == SIMULTANEOUS``, each
seat with its own ``legal_moves(seat)``, the choices applied one by one) is played the same way: the
bots choose first, each from its own seat's observation (``bot.choose(state, seat)``), then the
human's choice completes the node and the choices are revealed. The log is written from the human
seat's side: a hidden move of another seat (a face-down card, a card dealt) is logged as the game's
``seen(notation, seat)`` tells it, and the line completing the node says what was revealed
(``reveal()``). An undo of a simultaneous choice takes the whole node back: the bots choose again.

>>> from corinth.shared import registry
>>> table = Table(registry.get("corintho"), seats=("human", "greedy"), seed=1)
>>> after = table.play("base b2")
>>> for _ in table.bots_play():  # the bot answers
...     pass
>>> [line.notation for line in table.log][:1], table.log[0].words
(['base b2'], 'Player 1 places a base at b2.')
>>> table.undo(), table.log, table.position.history()
(True, [], [])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleNamed
from .language import _, pgettext
from .protocol import SIMULTANEOUS, Bot, Game, State

HUMAN = "human"


def bot_word(name: str) -> str:
    """A bot's name as a seat shows it ("Player 2 (greedy)"), in the language spoken now.

    >>> bot_word("greedy")
    'greedy'
    """
    known = {
        "greedy": lambda: pgettext("the bot at a seat", "greedy"),
        "random": lambda: pgettext("the bot at a seat", "random"),
        "lookahead": lambda: pgettext("the bot at a seat", "lookahead"),
    }
    return known[name]() if name in known else _(name)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One move of the log: its number (from 1), who played it (None: chance, the dice), what happened
    in words, and its notation (a hidden part as the human's seat sees it: "choose 2 a-card");
    ``revealed``: what the move made public at once (the choices of a simultaneous node)."""

    number: int
    player: int | None
    words: str
    notation: str
    revealed: str = ""


@dataclass(frozen=True)
class Hint:
    """The human's moves ranked by the game's solver (best first, each with ``move`` and its words),
    and the ranking used. No moves: ``why_none`` says why (no decision of the human's to rank)."""

    moves: list[Any]
    objective: str
    why_none: str = ""
    opponents: str = "greedy"  # the model of the other players (Corinth's exact ranking)
    robust: Any = None  # best against every model of the others alike (Corinth's exact ranking)
    note: str = ""  # what was asked and could not be answered, and what answers instead
    words: list[str] = field(default_factory=list)  # each ranked move in a sentence


class NotYourTurn(RuleNamed):
    """The human played while a bot or chance was to play, or after the end."""


class Table:
    """A game being played by ``seats``: one entry per player, ``"human"`` or a bot of the game.

    Or, as Corinth's table always did, ``human`` (a seat, from 0) and ``bots``: one bot name for
    every other seat or one per bot seat, in seat order. The bots play when asked (``bots_play``), one
    state at a time, so a view can show each of their moves; ``play`` takes a human's move and keeps
    an undo point. ``state`` starts the table at a position (a game's own state or the protocol's);
    its moves are replayed into the log.
    """

    def __init__(
        self,
        game: Game,
        players: int = 2,
        seed: int = 0,
        human: int = 0,
        bots: str | Sequence[str] = "greedy",
        state: Any = None,
        variants: Any = None,
        seats: Sequence[str] | None = None,
    ):
        self.game = game
        if state is None:
            position = game.new(players, seed, variants)
        else:
            position = state if isinstance(state, State) else game.wrap(state)
        players = position.num_players
        self.seats = self._seats(players, human, bots, seats)
        self.humans = tuple(i for i, s in enumerate(self.seats) if s == HUMAN)
        self.human = self.humans[0] if self.humans else None
        self.bot_names = {i: s for i, s in enumerate(self.seats) if s != HUMAN}
        self._seed = seed if state is None else getattr(position.native, "seed", seed)
        self._games = 0  # games started again at this table (the bots' seeds move on)
        self.bots: dict[int, Bot] = self._make_bots()
        self._undo: list[State] = []
        self._node_start: State | None = None  # where the simultaneous node now open began
        self.log: list[LogLine] = []
        self.first = position  # the position the table started from (``restart`` goes back)
        self._position = position
        self._replay(position)

    @staticmethod
    def _seats(players, human, bots, seats) -> list[str]:
        if seats is not None:
            seats = [str(s).lower() for s in seats]
            if len(seats) != players:
                raise ValueError(f"the game has {players} players but {len(seats)} seats")
            return seats
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
            raise ValueError(f"human is a player number from 0 to {players - 1}")
        if not isinstance(bots, str) and not (
            isinstance(bots, list | tuple) and all(isinstance(b, str) for b in bots)
        ):
            raise ValueError(f"bots: a bot's name, or one name per bot seat, not {bots!r:.60}")
        names = [bots] * players if isinstance(bots, str) else list(bots)
        others = [i for i in range(players) if i != human]
        if len(names) == len(others):  # one name per bot
            names = [HUMAN if i == human else names[others.index(i)] for i in range(players)]
        if len(names) != players:
            raise ValueError(f"give one bot name, or one for each of the {len(others)} bot seats")
        names[human] = HUMAN
        return names

    def _make_bots(self) -> dict[int, Bot]:
        """A bot in each bot seat, seeded from the game's seed and its seat (a later game at this
        table: other seeds)."""
        players = len(self.seats)
        return {
            i: self.game.make_bot(name, self._seed + 10 * self._games + i, players)
            for i, name in self.bot_names.items()
        }

    # --- the game -------------------------------------------------------------------------------

    @property
    def position(self) -> State:
        """The game as it stands, under the protocol."""
        return self._position

    @property
    def state(self) -> Any:
        """The game as it stands, the engine's own state (what the game's boards draw)."""
        return self._position.native

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def is_human(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player] == HUMAN

    @property
    def humans_turn(self) -> bool:
        """True when a human seat is to decide now (at a simultaneous node: still to choose)."""
        position = self._position
        if position.current_player() == SIMULTANEOUS:
            return any(self.is_human(s) for s in to_choose(position))
        return self.is_human(position.current_player())

    @property
    def viewer(self) -> int | None:
        """The seat whose side the log is told from: the one human's (None: no hand is shown)."""
        return self.human if len(self.humans) == 1 else None

    def _apply(self, move: Any) -> State:
        before = self._position
        after = before.apply(move)  # raises the engine's refusal, the state untouched
        line = self._line(before, after.history()[-1])  # the canonical move
        if before.current_player() == SIMULTANEOUS and after.current_player() != SIMULTANEOUS:
            reveal = getattr(after, "reveal", None)
            if shown := (reveal() if reveal is not None else ""):
                line = LogLine(
                    line.number, line.player, f"{line.words} {shown}", line.notation, shown
                )
        if after.current_player() == SIMULTANEOUS and before.current_player() != SIMULTANEOUS:
            self._node_start = after
        self.log.append(line)
        self._position = after
        return after

    def _replay(self, position: State) -> None:
        """The log of a game started at ``position``: its moves replayed from its first position."""
        self._position = position.start()
        self.log = []
        for move in position.history():
            self._apply(move)
        self._position = position

    def _line(self, before: State, notation: str) -> LogLine:
        """A move's log line, in words made once, when it is played."""
        number = len(self.log) + 1
        who = None if before.is_chance() else mover(before, notation)
        seen = getattr(before, "seen", None)
        if seen is not None:  # a game with hidden moves tells them from the viewer's seat
            shown, words = seen(notation, self.viewer)
            return LogLine(number, who, words.rstrip(".") + ".", shown)
        if who is None:
            return LogLine(number, None, self.chance_words(before, notation), notation)
        return LogLine(number, who, self.move_words(before, notation), notation)

    def chance_words(self, before: State, notation: str) -> str:
        """What chance did, in a sentence."""
        return before.sentence(notation).rstrip(".") + "."

    def move_words(self, before: State, notation: str) -> str:
        """What a player did, in a sentence (a game's table may say it its own way)."""
        return before.sentence(notation).rstrip(".") + "."

    def play(self, move: Any) -> State:
        """A human's move (a move or its notation), with an undo point; the bots do not answer
        until ``bots_play``. Raises ``NotYourTurn`` or the engine's refusal."""
        position = self._position
        if position.current_player() == SIMULTANEOUS:
            return self._choose(move)
        if position.is_over() or not self.is_human(position.current_player()):
            raise self.not_your_turn()
        self._apply(move)
        self._undo.append(position)
        return self._position

    def _choose(self, move: Any) -> State:
        """A human seat's choice at a simultaneous node; the undo point is where the node began
        (the bots' choices are taken back with it)."""
        position = self._position
        mine = [s for s in to_choose(position) if self.is_human(s)]
        if not mine:
            raise self.not_your_turn()
        if isinstance(move, str):
            move = position.parse(move)  # bad text: the engine's sentence
        owner = mover(position, position.notation(move))
        if owner is not None and not self.is_human(owner):
            raise self.not_your_turn()
        self._apply(move)  # not a legal choice: the engine's refusal, naming its rule
        self._undo.append(self._node_start or position)
        return self._position

    def bots_play(self, one_turn: bool = False) -> Iterator[Any]:
        """Chance and the bots play until a human decides (or the game ends), yielding the game's own
        state (``state``) after each bot move; with ``one_turn``, only the bot to play now moves. Chance draws from the
        game's seed, so a game replays exactly."""
        who = self._position.current_player()
        while not self._position.is_over():
            position = self._position
            if position.is_chance():
                self._apply(self.draw(position))
                continue
            player = position.current_player()
            if one_turn and player != who:
                break
            if player == SIMULTANEOUS:  # the bots choose, each from its own seat's observation
                seat = next((s for s in to_choose(position) if not self.is_human(s)), None)
                if seat is None:
                    return  # only humans are still to choose
                yield self._apply(self.bots[seat].choose(position, seat)).native
                continue
            if self.is_human(player):
                return
            yield self._apply(self.bots[player].choose(position)).native
        self._settle()

    def draw(self, position: State) -> Any:
        """A chance node's outcome: the game's own draw from its seed (a view with its own
        generator may draw from it instead)."""
        return position.sample()

    def not_your_turn(self) -> Exception:
        """The refusal of a human's move out of turn (a game's table names its own rule)."""
        return NotYourTurn("T1", _("it is not your turn"))

    def _settle(self) -> None:
        """After the bots: what falls to the human before a decision (Corinth: the dice)."""

    def undo(self) -> bool:
        """Back to before a human's last move (the bots' answers are taken back too)."""
        if not self._undo:
            return False
        position = self._undo.pop()
        self.log = self.log[: len(position.history())]
        self._position = position
        if position.current_player() == SIMULTANEOUS:
            self._node_start = position
        return True

    def restart(self, variants: Any = None) -> None:
        """The game again from where the table started (the bots with new seeds)."""
        self._games += 1
        self.bots = self._make_bots()
        self._undo.clear()
        self._replay(self.first)

    def hint(self, objective: str = "best", top: int = 10, **options: Any) -> Hint:
        """A human's moves ranked by the game's solver (``Game.rank``, when the game has one)."""
        position = self._position
        if position.is_over():
            return Hint([], objective, _("The game is over: there is no move left to rank."))
        if not self.humans_turn:
            return Hint([], objective, _("It is a bot's turn: no decision of yours to rank now."))
        rank = getattr(self.game, "rank", None)
        if rank is None:
            return Hint(
                [], objective, _("{game} has no solver to rank moves.").format(game=self.game.title)
            )
        if position.current_player() == SIMULTANEOUS:  # the human's choice, from its own view
            options = {
                "player": next(s for s in to_choose(position) if self.is_human(s)),
                **options,
            }
        try:
            ranked = rank(position, **options)[: max(1, top)]
        except ValueError as exc:
            return Hint([], objective, str(exc))
        return Hint(ranked, objective, words=[r.words() for r in ranked])

    # --- in words ------------------------------------------------------------------------------

    def player_name(self, i: int) -> str:
        """'Player 1 (you)', 'Player 2 (greedy)'."""
        if self.is_human(i):
            if len(self.humans) == 1:
                return _("Player {n} (you)").format(n=i + 1)
            return _("Player {n} (human)").format(n=i + 1)
        return _("Player {n} ({bot})").format(n=i + 1, bot=bot_word(self.bot_names[i]))

    def headline(self) -> str:
        """Whose turn it is, or who won and why."""
        position = self._position
        if position.is_over():
            return position.verdict() or _("The game is over.")
        player = position.current_player()
        if player == SIMULTANEOUS:
            waiting = to_choose(position)
            if len(self.humans) == 1 and self.human in waiting:
                return _("Your turn: every player chooses at once.")
            names = [self.player_name(s) for s in waiting]
            text = names[0] if names else ""
            for name in names[1:]:
                text = _("{first} and {second}").format(first=text, second=name)
            return _("{players} to choose.").format(players=text)
        if self.is_human(player) and len(self.humans) == 1:
            return _("Your turn.")
        return _("{player} to play.").format(player=self.player_name(player))

    def log_lines(self) -> list[str]:
        """The moves so far in notation, each with who played it ('dice', 'P1', …)."""
        return [
            f"{'dice' if line.player is None else f'P{line.player + 1}'}: {line.notation}"
            for line in self.log
        ]


def to_choose(position: State) -> list[int]:
    """At a simultaneous node, the seats still to choose (those with moves), in seat order.

    >>> from corinth.shared import registry
    >>> state = registry.get("four-courts").new(players=3, seed=1)
    >>> while state.is_chance():
    ...     state = state.apply(state.sample())
    >>> to_choose(state), to_choose(state.apply(state.legal_moves(1)[0]))
    ([0, 1, 2], [0, 2])
    """
    if position.current_player() != SIMULTANEOUS:
        return []
    return [s for s in range(position.num_players) if position.legal_moves(s)]


def mover(before: State, notation: str) -> int | None:
    """Who plays the move ``notation`` in ``before``: the player to decide, or at a simultaneous
    node the seat it is a choice of (None: chance, or nobody's legal move)."""
    who = before.current_player()
    if before.is_chance():
        return None
    if who != SIMULTANEOUS:
        return who
    return next(
        (s for s in to_choose(before) if notation in map(before.notation, before.legal_moves(s))),
        None,
    )


def seats_of(players: int, human: int, bots: Iterable[str]) -> list[str]:
    """The seats for ``players`` with the human at ``human`` and ``bots`` round the others.

    >>> seats_of(3, 1, ["greedy"])
    ['greedy', 'human', 'greedy']
    """
    names = list(bots) or ["greedy"]
    others = [i for i in range(players) if i != human]
    return [HUMAN if i == human else names[others.index(i) % len(names)] for i in range(players)]
