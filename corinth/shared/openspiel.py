"""Every game of the protocol as an OpenSpiel game (``pyspiel``), so OpenSpiel's algorithms (MCTS,
information-set MCTS, evaluation, its own checks) play Corinth, Corintho and The Four Courts and can
be set against the project's bots.

OpenSpiel is optional (``pip install 'corinth[openspiel]'``): nothing else imports this module.

How a game of the protocol maps onto OpenSpiel's state API:

- a decision is split into sub-decisions, one word of the move's notation at a time (words are
  separated by spaces and commas): Corinth's compound move "blue steward r1c2,r1c3 shops 3" is the
  group, then "steward", then each cell of the walk, then the shops, so no decision offers more
  than a few dozen actions (a whole decision can offer over 200,000 moves); once one move is left,
  it is played. An action is a word's number in the game's fixed action space
  (``corinth.shared.spiel_actions``: every word its notation's grammar can write, numbered once and
  for all), so an action id means the same word in every process and a history replays anywhere;
- a chance node is OpenSpiel's too, with the protocol's exact outcomes; a roll of many dice (a state
  with ``dice()``: Corinth) is rolled one die at a time, six outcomes of 1/6 each, the roll applied
  once the last die is down (the same distribution as the whole roll's ``chance_outcomes``); an
  action that is not one of the node's outcomes, or not a legal word, is refused at once with a
  ``ValueError`` and the state is left as it was;
- a state holds one immutable record of where it is (``_At``), which OpenSpiel's ``clone()`` shares
  instead of copying: a clone costs the same whatever the games the process played before;
- the returns are the protocol's (+1 a winner, -1 every other seat); a game still going after
  ``max_plies`` moves is stopped as a draw (every return 0), as the project's bots' games are.
  Corintho for 2 is declared zero-sum (one winner, one loser, never a shared win), which opens
  OpenSpiel's zero-sum algorithms (``alpha_beta_search``, …) to it; every other game is general-sum;
- a seat's information state string is ``State.observation(seat)`` as JSON: what that seat may see
  (with the moves so far as it saw them, in a game with hidden moves); its observation string is the
  same without those moves;
- a simultaneous node (The Four Courts' seats laying their cards at once) is sequentialised: the
  seats still to choose do so one after another, in seat order, and each sees only that the ones
  before it have chosen, never their card (the game is one of imperfect information for OpenSpiel:
  a seat's strings never hold another hand). Information-set MCTS samples the unseen cards through
  ``resampler`` (the game's ``State.resample``).

The comparison (``--compare``) gives OpenSpiel's searcher a CPU budget per decision, a multiple of
the project's bot's (``--cpu-ratio``), not a count of simulations: the bot's CPU per decision is
calibrated before the rows (``calibrate``: two seeded games of that bot in every seat) so that every
game of a row gives the searcher the same budget, and measured again in the row's own games (both
printed); ``BudgetedMCTSBot`` and ``BudgetedISMCTSBot`` (OpenSpiel's own, stopped by the clock, a
``CpuBudget``) simulate until a decision's budget is spent. The Four Courts: ISMCTS in one seat of 4
(its seat going round), the project's bot in the 3 others (an even seat wins 25%); Corintho and
Corinth: MCTS against the project's bot, seats alternating (an even seat 50%, a draw half a win).

    python -m corinth.shared.openspiel --compare --cpu-ratio 1 64 --games 100 --jobs 2

>>> game = load("corintho", players=2)
>>> state = game.new_initial_state()
>>> state.current_player(), sorted(state.action_to_string(0, a) for a in state.legal_actions())
(0, ['base', 'capital', 'column'])
>>> state.apply_action(game.space.action("base")); len(state.legal_actions())  # then the cell
16
>>> state.apply_action(game.space.action("b2")); state.protocol.history()
['base b2']
>>> game.num_distinct_actions(), game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
(260, True)
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from . import registry
from .protocol import CHANCE, SIMULTANEOUS
from .spiel_actions import END, ActionSpace, action_space, words_of
from .stats import wilson

# The moves after which a game is stopped as a draw (Corinth's games end by themselves in a few
# hundred moves; Corintho's stacks can move back and forth, as in the bots' own games).
LIMITS = {
    "corinth": {"max_plies": 4_000},
    "corintho": {"max_plies": 200},
    "four-courts": {"max_plies": 2_000},
}
HIDDEN = ("four-courts",)  # games with hidden hands: imperfect information for OpenSpiel
DEFAULT_LIMITS = {"max_plies": 1_000}
FACES = 6
CHANCE_OUTCOMES = {"corinth": FACES, "four-courts": 40}  # the most outcomes of a chance node
# The games, with their player counts, whose returns always sum to 0: one winner and one loser, or a
# draw (a game stopped at its cap). Corinth's tied winners each take +1, and a win among 3 or 4
# seats is +1 against two or three -1s.
ZERO_SUM = {("corintho", 2)}
END_ACTION = 0  # ``END``'s action in every game


def short_name(name: str) -> str:
    """The name a game of the protocol is registered under in pyspiel: ``corinth_corintho``."""
    return f"corinth_{name.replace('-', '_')}"


def _game_type(name: str, players: int | None = None) -> pyspiel.GameType:
    """The game's type; for ``players`` (a loaded game) its utility too, general-sum without."""
    game = registry.get(name)
    probe = game.new(players=min(game.players))
    chance = _has_chance(name)
    zero_sum = (name, players) in ZERO_SUM
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"{game.title} (corinth's protocol)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if name in HIDDEN
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={
            "players": probe.num_players,
            "seed": 0,
            "max_plies": LIMITS.get(name, DEFAULT_LIMITS)["max_plies"],
        },
    )


def _has_chance(name: str) -> bool:
    return name in CHANCE_OUTCOMES  # the dice, the deal; Corintho has no chance (P4)


class SpielGame(pyspiel.Game):
    """A game of the protocol as a ``pyspiel.Game`` (parameters: ``players``, ``seed``,
    ``max_plies``); ``space``: its fixed action space, the words of its notation."""

    game_name = ""  # set on each registered subclass

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        self.protocol_game = registry.get(self.game_name)
        self.players = int(params.get("players", 2))
        self.seed = int(params.get("seed", 0))
        limits = LIMITS.get(self.game_name, DEFAULT_LIMITS)
        self.max_plies = int(params.get("max_plies", limits["max_plies"]))
        self.space: ActionSpace = action_space(self.game_name)
        zero_sum = (self.game_name, self.players) in ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=CHANCE_OUTCOMES.get(self.game_name, 0),
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_plies * 40,  # a move's words, a roll's dice
        )
        super().__init__(_game_type(self.game_name, self.players), info, params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.protocol_game.new(self.players, self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        perfect_recall = iig_obs_type is None or getattr(iig_obs_type, "perfect_recall", False)
        return Observer(history=perfect_recall)


@dataclass(frozen=True, slots=True)
class _At:
    """Where a ``SpielState`` is: the protocol's position, the dice already down at a roll rolled
    one die at a time, the moves played, the actions of the words chosen so far of the move being
    chosen, and ``left`` (the legal moves still open, each with its actions; None until listed).

    Immutable and never changed in place, so a clone shares it: OpenSpiel's ``clone()`` deep-copies
    each attribute of a Python state, and this one copies as itself.
    """

    protocol: Any
    dice: tuple[int, ...] = ()
    plies: int = 0
    chosen: tuple[int, ...] = ()
    left: list | None = None

    def __copy__(self) -> _At:
        return self

    def __deepcopy__(self, memo: dict) -> _At:
        return self


class SpielState(pyspiel.State):
    """A protocol state as a ``pyspiel.State``: ``protocol`` is the game's position, ``dice`` the
    dice already down at a roll rolled one die at a time, ``chosen`` the words of the move being
    chosen so far."""

    def __init__(self, game: SpielGame, protocol: Any, dice: tuple[int, ...] = (), plies: int = 0):
        super().__init__(game)
        self._at = _At(protocol, dice, plies)

    def __deepcopy__(self, memo) -> SpielState:
        return self.clone()

    @property
    def protocol(self) -> Any:
        return self._at.protocol

    @property
    def dice(self) -> tuple[int, ...]:
        return self._at.dice

    @property
    def plies(self) -> int:
        return self._at.plies

    @property
    def chosen(self) -> tuple[str, ...]:
        words = self.get_game().space.words
        return tuple(words[action] for action in self._at.chosen)

    def _cut(self) -> bool:
        return self._at.plies >= self.get_game().max_plies

    def moves(self) -> list:
        """The legal moves of the position (all of them, whatever words are chosen)."""
        return self.protocol.legal_moves()

    def left(self) -> list[tuple[tuple[int, ...], Any]]:
        """The legal moves still open, each with its actions (listed once, then kept)."""
        at = self._at
        if at.left is None:
            protocol = at.protocol
            if protocol.current_player() == SIMULTANEOUS:
                moves = protocol.legal_moves(self.current_player())
            else:
                moves = protocol.legal_moves()
            self._at = at = replace(
                at, left=self.get_game().space.spell_moves(moves, protocol.notation)
            )
        return at.left

    def current_player(self) -> int:
        if self._cut() or self.protocol.is_over():
            return pyspiel.PlayerId.TERMINAL
        who = self.protocol.current_player()
        if who == SIMULTANEOUS:  # sequentialised: the first seat still to choose
            return next(s for s in range(self.protocol.num_players) if self.protocol.legal_moves(s))
        return pyspiel.PlayerId.CHANCE if who == CHANCE else who

    def _legal_actions(self, player: int) -> list[int]:
        k = len(self._at.chosen)
        return sorted({a[k] if len(a) > k else END_ACTION for a, _ in self.left()})

    def _rolled_by_die(self) -> int:
        """How many dice the roll has when it is rolled one die at a time (0: not so)."""
        dice = getattr(self.protocol, "dice", None)
        return dice()[0] if dice is not None else 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._rolled_by_die():
            return [(face, 1.0 / FACES) for face in range(FACES)]
        outcomes = self.protocol.chance_outcomes()
        return [(i, float(p)) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        """Apply ``action``, or refuse it with a ``ValueError`` before changing anything."""
        at = self._at
        state = at.protocol
        if self._cut() or state.is_over():
            raise ValueError(f"action {action}: the game is over, nothing more is played")
        if state.is_chance() and (count := self._rolled_by_die()):
            if type(action) is not int or not 0 <= action < FACES:
                raise ValueError(
                    f"action {action} is not a die's: a die shows 1 to {FACES}, "
                    f"actions 0 to {FACES - 1}"
                )
            dice = at.dice + (action + 1,)
            if len(dice) < count:
                self._at = replace(at, dice=dice)
                return
            move = state.dice()[1](list(dice))
        elif state.is_chance():
            outcomes = state.chance_outcomes()
            if type(action) is not int or not 0 <= action < len(outcomes):
                raise ValueError(
                    f"action {action} is not an outcome of this chance node: its outcomes are "
                    f"0 to {len(outcomes) - 1}"
                )
            move = outcomes[action][0]
        else:
            space, k = self.get_game().space, len(at.chosen)
            word = space.word(action)
            left = [
                (a, m) for a, m in self.left() if (a[k] if len(a) > k else END_ACTION) == action
            ]
            if not left:
                legal = ", ".join(
                    space.words[a] for a in self._legal_actions(self.current_player())
                )
                raise ValueError(f"{word!r} is not a legal word here: the legal words are {legal}")
            if len(left) > 1:  # more to choose: the next word
                self._at = replace(at, chosen=at.chosen + (action,), left=left)
                return
            move = left[0][1]  # one move left: its other words are forced
        self._at = _At(state.apply(move), plies=at.plies + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._rolled_by_die():
                return f"die {action + 1}"
            outcomes = self.protocol.chance_outcomes()
            if 0 <= action < len(outcomes):
                return self.protocol.notation(outcomes[action][0])
            return f"outcome {action}"
        words = self.get_game().space.words
        return words[action] if 0 <= action < len(words) else f"action {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        if self._cut() and not self.protocol.is_over():
            return [0.0] * self.get_game().players  # stopped: a draw
        return self.protocol.returns()

    def __str__(self) -> str:
        down = f"\ndice down: {' '.join(map(str, self.dice))}" if self.dice else ""
        chosen = f"\nchosen: {' '.join(self.chosen)}" if self.chosen else ""
        return self.protocol.text() + down + chosen


class Observer:
    """A seat's view for OpenSpiel: ``State.observation(seat)`` as a JSON string; no tensor. With
    ``history`` (an information state, perfect recall) the moves as the seat saw them are kept; an
    observation leaves them out."""

    def __init__(self, history: bool = True):
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}
        self.history = history

    def set_from(self, state: SpielState, player: int) -> None:
        pass

    def string_from(self, state: SpielState, player: int) -> str:
        seen = state.protocol.observation(player)
        if not self.history:
            seen.pop("moves", None)
        if state.dice or state.chosen:  # the words of the move being chosen are public
            seen = {**seen, "dice down": list(state.dice), "words chosen": list(state.chosen)}
        return json.dumps(seen, sort_keys=True)


def resampler(seed: int = 0):
    """OpenSpiel ISMCTS's resampler (``ISMCTSBot.set_resampler``): a whole state consistent with
    what ``player`` sees, the cards it has not seen dealt at random (the game's ``State.resample``).
    """
    rng = random.Random(seed)

    def resample(state: SpielState, player: int) -> SpielState:
        other = SpielState(
            state.get_game(), state.protocol.resample(player, rng), state.dice, state.plies
        )
        chosen = state._at.chosen
        if chosen:  # the words of the move being chosen: the moves they leave open
            k = len(chosen)
            left = [(a, m) for a, m in other.left() if a[:k] == chosen]
            other._at = replace(other._at, chosen=chosen, left=left)
        return other

    return resample


_REGISTERED: dict[str, type] = {}


ADAPTED = ("corinth", "corintho", "four-courts")


def register(name: str) -> str:
    """Register a game of the protocol with pyspiel (once); return its pyspiel name. A process
    reading a saved OpenSpiel game (``pyspiel.deserialize_game_and_state``) registers it first.

    >>> register("corintho"), pyspiel.load_game("corinth_corintho").num_distinct_actions()
    ('corinth_corintho', 260)
    """
    if name not in ADAPTED:
        raise ValueError(f"{name} is not adapted to OpenSpiel; adapted: {', '.join(ADAPTED)}")
    if name not in _REGISTERED:
        cls = type(f"Spiel_{short_name(name)}", (SpielGame,), {"game_name": name})
        pyspiel.register_game(_game_type(name), cls)
        _REGISTERED[name] = cls
    return short_name(name)


def load(name: str, players: int = 2, seed: int = 0, max_plies: int | None = None) -> pyspiel.Game:
    """A game of the protocol through ``pyspiel.load_game``, registered first; ``max_plies``: the
    moves after which it is stopped as a draw (default: the game's own in ``LIMITS``)."""
    params = {"players": players, "seed": seed}
    if max_plies is not None:
        params["max_plies"] = max_plies
    return pyspiel.load_game(register(name), params)


# --- OpenSpiel's MCTS against the project's bots --------------------------------------------------


class GameRollouts:
    """MCTS's evaluator: one random game played on from a leaf, as OpenSpiel's
    ``RandomRolloutEvaluator`` does, but a whole move at a time by the game's own ``random`` bot
    (uniform over the legal moves), the dice drawn from this evaluator's generator: a Corinth game
    rolled out word by word takes seconds, move by move a fraction of one."""

    def __init__(self, game: pyspiel.Game, seed: int):
        self.rng = np.random.default_rng(seed)
        self.bot = game.protocol_game.make_bot("random", seed=seed, players=game.players)

    def evaluate(self, state: SpielState) -> np.ndarray:
        working = state.clone()
        while not working.is_terminal() and (working.chosen or working.dice):
            actions = working.legal_actions() if not working.is_chance_node() else range(FACES)
            working.apply_action(int(self.rng.choice(list(actions))))
        protocol, plies, cap = working.protocol, working.plies, working.get_game().max_plies
        while not protocol.is_over() and plies < cap:
            if protocol.is_chance():
                protocol = protocol.apply(protocol.sample(self.rng))
            else:
                protocol = protocol.apply(self.bot.choose(protocol))
            plies += 1
        players = working.get_game().players
        return np.array(protocol.returns() if protocol.is_over() else [0.0] * players)

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


def mcts_bot(game: pyspiel.Game, simulations: int, seed: int):
    """OpenSpiel's MCTS (UCT, c = 2) with a fixed budget of ``simulations`` per move, a random
    game played on from each leaf (``GameRollouts``)."""
    rng = np.random.RandomState(seed)
    evaluator = GameRollouts(game, seed)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)


def play_match(
    name: str,
    opponent: str,
    simulations: int,
    seed: int,
    mcts_seat: int,
    max_plies: int | None = None,
) -> float:
    """One seeded 2-player game, MCTS in ``mcts_seat`` against the project's bot ``opponent``:
    MCTS's return (+1 won, -1 lost, 0 a draw)."""
    game = load(name, players=2, seed=seed, max_plies=max_plies)
    state = game.new_initial_state()
    searcher = mcts_bot(game, simulations, seed)
    bot = registry.get(name).make_bot(opponent, seed=seed + 1)
    play_out(state, mcts_seat, searcher, {1 - mcts_seat: bot}, random.Random(seed))
    return state.returns()[mcts_seat]


def play_out(
    state: SpielState, seat: int, searcher: Any, bots: dict, chance: random.Random
) -> None:
    """Play ``state`` to its end: OpenSpiel's ``searcher`` in ``seat``, the project's ``bots`` in
    the others (a whole move at a time; at a simultaneous node each told its seat), chance drawn
    from ``chance``."""
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(chance.choices(actions, probs)[0])
        elif state.current_player() == seat:
            state.apply_action(searcher.step(state))
        else:
            who, protocol = state.current_player(), state.protocol
            if protocol.current_player() == SIMULTANEOUS:
                play_move(state, bots[who].choose(protocol, who))
            else:
                play_move(state, bots[who].choose(protocol))


def ismcts_bot(game: pyspiel.Game, simulations: int, seed: int):
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``, UCT, c = 2)
    with ``simulations`` per decision, a random game played on from each leaf (``GameRollouts``),
    its worlds sampled by the game's own ``resample`` and its nodes keyed by the observation
    string (the seat's view without the moves so far)."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        GameRollouts(game, seed),
        2.0,
        simulations,
        random_state=rng,
        use_observation_string=True,
    )
    bot.set_resampler(resampler(seed))
    return bot


def play_seat(
    name: str, opponent: str, simulations: int, seed: int, seat: int, players: int
) -> float:
    """One seeded game of ``players``: OpenSpiel's ISMCTS in ``seat``, the project's bot
    ``opponent`` in every other seat (each choosing from its own seat's observation); the share
    of the win ISMCTS takes (1 won alone, 1/k tied with k-1 others, 0 lost)."""
    game = load(name, players=players, seed=seed)
    state = game.new_initial_state()
    searcher = ismcts_bot(game, simulations, seed)
    protocol_game = registry.get(name)
    bots = {
        s: protocol_game.make_bot(opponent, seed=seed * 10 + s, players=players)
        for s in range(players)
    }
    play_out(state, seat, searcher, bots, random.Random(seed))
    winners = state.protocol.winners()
    return 1 / len(winners) if seat in winners else 0.0


def play_move(state: SpielState, move: Any) -> None:
    """Play a whole move of the protocol on an OpenSpiel state: its words, one by one."""
    plies, space = state.plies, state.get_game().space
    for word in words_of(state.protocol.notation(move)) + (END,):
        if state.plies > plies:
            return
        state.apply_action(space.action(word))


# --- OpenSpiel's searchers at a CPU budget -------------------------------------------------------


class CpuBudget:
    """A searcher's CPU budget per decision of the protocol (a whole move), shared out among the
    words of the move it still has to choose: each word that offers a choice gets what is left
    divided by the words still to choose (a forced word costs nothing: it is played at once).

    ``clock`` is the CPU clock read (``time.process_time``; a test gives a fake one). ``spent``,
    ``decisions`` and ``simulations`` add up what the searcher did.

    >>> budget = CpuBudget(0.5)
    >>> budget.seconds, budget.decisions, budget.simulations
    (0.5, 0, 0)
    """

    def __init__(self, seconds: float, clock=time.process_time):
        self.seconds, self.clock = seconds, clock
        self.spent, self.decisions, self.simulations = 0.0, 0, 0
        self._move: tuple | None = None  # (game, plies) of the decision being chosen
        self._left = 0.0

    def share(self, state: SpielState) -> float:
        """The seconds this word of ``state``'s decision may use."""
        key = (id(state.get_game()), state.plies)
        if key != self._move:
            self._move, self._left = key, self.seconds
            self.decisions += 1
        k = len(state._at.chosen)
        words = max(len(a) for a, _ in state.left())
        choices = sum(
            len({a[j] if len(a) > j else END_ACTION for a, _ in state.left()}) > 1
            for j in range(k, words + 1)
        )
        return self._left / max(choices, 1)

    def run(self, state: SpielState, simulate, searched=lambda: True) -> int:
        """Call ``simulate()`` until this word's share is spent, and at least until ``searched()``
        (the searcher has something to choose by: two simulations at least, as the first only
        expands the root); the simulations run."""
        start = self.clock()
        deadline = start + self.share(state)
        runs = 0
        while True:
            simulate()
            runs += 1
            if self.clock() >= deadline and searched():
                break
        used = self.clock() - start
        self._left -= used
        self.spent += used
        self.simulations += runs
        return runs


def _forced(state: SpielState) -> int | None:
    actions = state.legal_actions()
    return actions[0] if len(actions) == 1 else None


class BudgetedMCTSBot(mcts.MCTSBot):
    """OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts.MCTSBot``, without its solver) that
    searches each decision until its CPU ``budget`` (a ``CpuBudget``) is spent instead of for a
    fixed count of simulations; a forced word is played without a search."""

    def __init__(self, game, uct_c, evaluator, budget: CpuBudget, random_state=None):
        super().__init__(game, uct_c, 1, evaluator, random_state=random_state, solve=False)
        self.budget = budget

    def step_with_policy(self, state):
        forced = None if state.is_chance_node() else _forced(state)
        if forced is not None:
            return [(forced, 1.0)], forced
        return super().step_with_policy(state)

    def mcts_search(self, state):
        root = mcts.SearchNode(None, state.current_player(), 1)

        def simulate() -> None:  # OpenSpiel's own iteration (mcts_search's loop body, no solver)
            path, working = self._apply_tree_policy(root, state)
            if working.is_terminal():
                returns = working.returns()
            else:
                returns = self.evaluator.evaluate(working)
            while path:
                decider = -1  # a chance node's return is its decision-maker's
                while path[decider].player == pyspiel.PlayerId.CHANCE:
                    decider -= 1
                target = returns[path[decider].player]
                node = path.pop()
                node.total_reward += target
                node.explore_count += 1

        self.budget.run(state, simulate, lambda: bool(root.children))
        return root


class BudgetedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) that
    samples worlds and simulates until each decision's CPU ``budget`` (a ``CpuBudget``) is spent
    instead of for a fixed count; a forced word is played without a search."""

    def __init__(self, game, evaluator, uct_c, budget: CpuBudget, **options):
        super().__init__(game, evaluator, uct_c, 1, **options)
        self.budget = budget

    def run_search(self, state):
        forced = _forced(state)
        if forced is not None:
            return [(forced, 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        root = self._root_node
        self.budget.run(
            state,
            lambda: self.run_simulation(self.sample_root_state(state)),
            lambda: root.total_visits > 0,
        )
        return self.get_final_policy(state, self._root_node)


# --- the comparison at CPU ratios -----------------------------------------------------------------


class TimedBot:
    """A project's bot on the protocol's state, its CPU per decision counted (``clock`` around each
    ``choose``). A decision with one legal move is played but not counted, as the searcher plays a
    forced word without a search."""

    def __init__(self, bot: Any, clock=time.process_time):
        self.bot, self.name, self.clock = bot, bot.name, clock
        self.spent, self.decisions = 0.0, 0

    def choose(self, protocol: Any, *seat: int) -> Any:
        start = self.clock()
        move = self.bot.choose(protocol, *seat)
        used = self.clock() - start
        if len(protocol.legal_moves(*seat)) > 1:  # listed after the clock: the bot's own cost
            self.spent += used
            self.decisions += 1
        return move


def calibrate(name: str, bot: str, players: int, games: int = 2, first_seed: int = 10**6) -> float:
    """The project's ``bot``'s CPU per decision (seconds, decisions with one legal move left out),
    measured over ``games`` seeded games of that bot in every seat: the row's budget is set from it
    before the row's first game, so that every game of the row gives the searcher the same budget.

    >>> 0 < calibrate("corintho", "greedy", 2, games=1) < 1
    True
    """
    protocol_game = registry.get(name)
    cap = LIMITS.get(name, DEFAULT_LIMITS)["max_plies"]
    spent, decisions = 0.0, 0
    for k in range(games):
        seed = first_seed + k
        bots = [_timed(protocol_game, bot, seed, s, players) for s in range(players)]
        state, rng = protocol_game.new(players=players, seed=seed), np.random.default_rng(seed)
        for _ in range(cap):
            if state.is_over():
                break
            if state.is_chance():
                state = state.apply(state.sample(rng))
            elif state.current_player() == SIMULTANEOUS:
                seat = next(s for s in range(players) if state.legal_moves(s))
                state = state.apply(bots[seat].choose(state, seat))
            else:
                state = state.apply(bots[state.current_player()].choose(state))
        spent += sum(b.spent for b in bots)
        decisions += sum(b.decisions for b in bots)
    return spent / max(decisions, 1)


def _timed(protocol_game: Any, bot: str, seed: int, seat: int, players: int) -> TimedBot:
    return TimedBot(protocol_game.make_bot(bot, seed=seed * 10 + seat, players=players))


def budgeted_searcher(game: pyspiel.Game, budget: CpuBudget, seed: int):
    """OpenSpiel's searcher for ``game`` at a CPU ``budget``: information-set MCTS where hands are
    hidden (its worlds sampled by the game's ``resample``, nodes keyed by the observation string),
    else MCTS; UCT, c = 2, a random game played on from each leaf (``GameRollouts``).

    >>> type(budgeted_searcher(load("four-courts", players=4), CpuBudget(0.01), seed=1)).__name__
    'BudgetedISMCTSBot'
    """
    rng = np.random.RandomState(seed)
    evaluator = GameRollouts(game, seed)
    if game.game_name in HIDDEN:
        bot = BudgetedISMCTSBot(
            game, evaluator, 2.0, budget, random_state=rng, use_observation_string=True
        )
        bot.set_resampler(resampler(seed))
        return bot
    return BudgetedMCTSBot(game, 2.0, evaluator, budget, random_state=rng)


def play_budgeted(
    name: str, bot: str, seconds: float, seed: int, seat: int, players: int, clock=None
) -> dict:
    """One seeded game: OpenSpiel's searcher in ``seat`` with ``seconds`` of CPU a decision, the
    project's ``bot`` in every other seat. Its share of the win (1 alone, 1/k in a k-way tie, 0
    lost; 1/players for a game stopped at its cap), and the CPU and decisions of each side.

    The deals and every bot's draws come from ``seed``; the searcher's simulations a decision
    come from the CPU clock, so a replay is the same game where they fall the same (with a
    ``clock`` that counts simulations rather than seconds, always: the tests do so)."""
    game = load(name, players=players, seed=seed)
    state = game.new_initial_state()
    budget = CpuBudget(seconds, clock or time.process_time)
    searcher = budgeted_searcher(game, budget, seed)
    protocol_game = registry.get(name)
    bots = {s: _timed(protocol_game, bot, seed, s, players) for s in range(players) if s != seat}
    play_out(state, seat, searcher, bots, random.Random(seed))
    if state.protocol.is_over():
        winners = state.protocol.winners()
        share = 1 / len(winners) if seat in winners else 0.0
    else:
        share = 1 / players
    return {
        "share": share,
        "searcher": (budget.spent, budget.decisions, budget.simulations),
        "bot": (sum(b.spent for b in bots.values()), sum(b.decisions for b in bots.values())),
    }


def _play_games(name: str, bot: str, seconds: float, seeds: list[int], players: int) -> list[dict]:
    return [play_budgeted(name, bot, seconds, seed, seed % players, players) for seed in seeds]


@dataclass
class Row:
    """One row of the comparison: OpenSpiel's searcher against the project's ``bot`` at ``ratio``
    times the bot's CPU per decision (``per_decision``: the calibrated seconds)."""

    name: str
    bot: str
    players: int
    ratio: float
    per_decision: float
    games: list[dict]

    def summary(self) -> dict:
        """The searcher's share of the win with its 95% Wilson interval, and each side's CPU."""
        n = len(self.games)
        won = sum(g["share"] for g in self.games)
        low, high = wilson(won, n)
        spent, decisions, sims = (sum(g["searcher"][i] for g in self.games) for i in range(3))
        bot_spent, bot_decisions = (sum(g["bot"][i] for g in self.games) for i in range(2))
        return {
            "game": self.name,
            "bot": self.bot,
            "players": self.players,
            "ratio": self.ratio,
            "budget": self.ratio * self.per_decision,
            "games": n,
            "won": won,
            "share": won / max(n, 1),
            "interval": (low, high),
            "searcher_cpu": spent / max(decisions, 1),
            "simulations": sims / max(decisions, 1),
            "bot_cpu": bot_spent / max(bot_decisions, 1),
        }


def compare_row(
    name: str,
    bot: str,
    ratio: float,
    games: int,
    players: int = 2,
    first_seed: int = 0,
    per_decision: float | None = None,
) -> dict:
    """``games`` seeded games (game k: seed ``first_seed + k``, the searcher in seat k mod
    ``players``), OpenSpiel's searcher given ``ratio`` times the project's ``bot``'s CPU per
    decision (calibrated first unless ``per_decision`` is given): ``Row.summary()``.

    >>> row = compare_row("corintho", "greedy", ratio=1, games=2, per_decision=0.001)
    >>> row["games"], 0 <= row["interval"][0] <= row["share"] <= row["interval"][1] <= 1
    (2, True)
    """
    if per_decision is None:
        per_decision = calibrate(name, bot, players)
    seeds = list(range(first_seed, first_seed + games))
    played = _play_games(name, bot, ratio * per_decision, seeds, players)
    return Row(name, bot, players, ratio, per_decision, played).summary()


PLAYERS = {"four-courts": 4, "corintho": 2, "corinth": 2}
SEARCHER = {"four-courts": "ISMCTS", "corintho": "MCTS", "corinth": "MCTS"}
TITLES = {"four-courts": "The Four Courts", "corintho": "Corintho", "corinth": "Corinth"}


def markdown(rows: list[dict]) -> str:
    """The rows as a Markdown table for docs/measurements.md.

    >>> row = {"game": "corintho", "bot": "search", "players": 2, "ratio": 64, "games": 100,
    ...        "share": 0.13, "interval": (0.078, 0.21), "bot_cpu": 0.00091,
    ...        "searcher_cpu": 0.0741, "simulations": 129.2}
    >>> print(markdown([row]).splitlines()[-1])
    | Corintho | MCTS | 1 × search | 64× | 100 | 13.0% | 7.8%–21.0% | 50% | 0.91 ms | 74.1 ms | 81× | 129.2 |
    """
    lines = [
        "| game | OpenSpiel's searcher | against | CPU ratio | games | searcher's win share | "
        "95% interval (Wilson) | even | CPU a decision: project's bot | CPU a decision: searcher "
        "| ratio played | simulations a decision |",
        "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        low, high = r["interval"]
        lines.append(
            f"| {TITLES[r['game']]} | {SEARCHER[r['game']]} | {r['players'] - 1} × {r['bot']} "
            f"| {r['ratio']:g}× | {r['games']} | {r['share']:.1%} | {low:.1%}–{high:.1%} "
            f"| {1 / r['players']:.0%} | {r['bot_cpu'] * 1000:.3g} ms "
            f"| {r['searcher_cpu'] * 1000:.3g} ms | {r['searcher_cpu'] / r['bot_cpu']:.0f}× "
            f"| {r['simulations']:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="OpenSpiel's MCTS and ISMCTS against corinth's bots at CPU ratios."
    )
    parser.add_argument("--compare", action="store_true", help="play the measured comparison")
    parser.add_argument("--games", type=int, default=100, help="seeded games a row")
    parser.add_argument(
        "--cpu-ratio",
        type=float,
        nargs="+",
        default=[1, 64],
        help="the searcher's CPU a decision, in times the project's bot's",
    )
    parser.add_argument("--corintho-bot", default="search")
    parser.add_argument("--corinth-bot", default="greedy")
    parser.add_argument("--courts-bot", default="ismcts")
    parser.add_argument("--only", nargs="+", choices=ADAPTED, help="these games only")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    parser.add_argument("--chunk", type=int, default=10, help="games a process plays at a time")
    args = parser.parse_args(argv)
    if not args.compare:
        parser.print_help()
        return
    bots = {
        "four-courts": args.courts_bot,
        "corintho": args.corintho_bot,
        "corinth": args.corinth_bot,
    }
    names = [n for n in ("four-courts", "corintho", "corinth") if not args.only or n in args.only]
    rows = []
    for name in names:
        per_decision = calibrate(name, bots[name], PLAYERS[name])
        print(
            f"{name}: {bots[name]} calibrated at {per_decision * 1000:.2f} ms a decision",
            flush=True,
        )
        rows += [Row(name, bots[name], PLAYERS[name], r, per_decision, []) for r in args.cpu_ratio]
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    chunks = [seeds[i : i + args.chunk] for i in range(0, len(seeds), args.chunk)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        work = {
            pool.submit(
                _play_games, row.name, row.bot, row.ratio * row.per_decision, chunk, row.players
            ): (row, k)
            for row in rows
            for k, chunk in enumerate(chunks)
        }
        done: dict = {}
        for future in as_completed(work):
            row, k = work[future]
            done[(id(row), k)] = future.result()
            got = sum(len(v) for (r, _), v in done.items() if r == id(row))
            print(f"{row.name} at {row.ratio:g}x: {got} of {args.games} games", flush=True)
    for row in rows:
        row.games = [g for k in range(len(chunks)) for g in done[(id(row), k)]]
    print()
    print(markdown([row.summary() for row in rows]))


if __name__ == "__main__":
    main()
