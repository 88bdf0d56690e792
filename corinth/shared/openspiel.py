"""Every game of the protocol as an OpenSpiel game (``pyspiel``), so OpenSpiel's algorithms (MCTS,
information-set MCTS, evaluation, its own checks) play Corinth, Corintho and The Four Courts and can
be set against the project's bots.

OpenSpiel is optional (``pip install 'corinth[openspiel]'``): nothing else imports this module.

How a game of the protocol maps onto OpenSpiel's state API:

- a decision is split into sub-decisions, one word of the move's notation at a time (words are
  separated by spaces and commas): Corinth's compound move "blue steward r1c2,r1c3 shops 3" is the
  group, then "steward", then each cell of the walk, then the shops, so no decision offers more
  than a few dozen actions (a whole decision can offer over 200,000 moves); once one move is left,
  it is played. An action is a word's number in ``WORDS`` (numbered as they are first met);
- a chance node is OpenSpiel's too, with the protocol's exact outcomes; a roll of many dice (a state
  with ``dice()``: Corinth) is rolled one die at a time, six outcomes of 1/6 each, the roll applied
  once the last die is down (the same distribution as the whole roll's ``chance_outcomes``);
- the returns are the protocol's (+1 a winner, -1 every other seat); a game still going after
  ``max_plies`` moves is stopped as a draw (every return 0), as the project's bots' games are;
- a seat's information state string is ``State.observation(seat)`` as JSON: what that seat may see
  (with the moves so far as it saw them, in a game with hidden moves); its observation string is the
  same without those moves;
- a simultaneous node (The Four Courts' seats laying their cards at once) is sequentialised: the
  seats still to choose do so one after another, in seat order, and each sees only that the ones
  before it have chosen, never their card (the game is one of imperfect information for OpenSpiel:
  a seat's strings never hold another hand). Information-set MCTS samples the unseen cards through
  ``resampler`` (the game's ``State.resample``).

    python -m corinth.shared.openspiel --compare      # MCTS against the project's bots, measured
    python benchmarks/courts_ismcts.py                # ISMCTS on The Four Courts, measured

>>> game = load("corintho", players=2)
>>> state = game.new_initial_state()
>>> state.current_player(), sorted(state.action_to_string(0, a) for a in state.legal_actions())
(0, ['base', 'capital', 'column'])
>>> state.apply_action(word_action("base")); len(state.legal_actions())  # then the cell
16
>>> state.apply_action(word_action("b2")); state.protocol.history()
['base b2']
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import re
import time
from typing import Any

import numpy as np
import pyspiel

from . import registry
from .protocol import CHANCE, SIMULTANEOUS
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
MAX_WORDS = 2_000  # distinct words of every game's notation (Corinth's: districts, cells, …)
WORDS: dict[str, int] = {}  # a notation's word → its action number, numbered as first met
_SPLIT = re.compile(r"[ ,]+")
END = "."  # the word closing a move whose notation begins another's ("green" and "green 3")


@functools.lru_cache(maxsize=1 << 18)
def words_of(notation: str) -> tuple[str, ...]:
    """A move's notation as the words its sub-decisions choose.

    >>> words_of("blue steward r1c2,r1c3 shops 3")
    ('blue', 'steward', 'r1c2', 'r1c3', 'shops', '3')
    """
    return tuple(w for w in _SPLIT.split(notation.strip()) if w)


def word_action(word: str) -> int:
    """The action number of a word (a new word gets the next number)."""
    action = WORDS.get(word)
    if action is None:
        if len(WORDS) >= MAX_WORDS:
            raise ValueError(f"more than {MAX_WORDS} distinct words of notation")
        action = WORDS[word] = len(WORDS)
    return action


def action_word(action: int) -> str:
    return next(w for w, a in WORDS.items() if a == action)


def short_name(name: str) -> str:
    """The name a game of the protocol is registered under in pyspiel: ``corinth_corintho``."""
    return f"corinth_{name.replace('-', '_')}"


def _game_type(name: str) -> pyspiel.GameType:
    game = registry.get(name)
    probe = game.new(players=min(game.players))
    chance = _has_chance(name)
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
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
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
    """A game of the protocol as a ``pyspiel.Game`` (parameters: ``players``, ``seed``)."""

    game_name = ""  # set on each registered subclass

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        self.protocol_game = registry.get(self.game_name)
        self.players = int(params.get("players", 2))
        self.seed = int(params.get("seed", 0))
        limits = LIMITS.get(self.game_name, DEFAULT_LIMITS)
        self.max_plies = int(params.get("max_plies", limits["max_plies"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_WORDS,
            max_chance_outcomes=CHANCE_OUTCOMES.get(self.game_name, 0),
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_plies * 40,  # a move's words, a roll's dice
        )
        super().__init__(_game_type(self.game_name), info, params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.protocol_game.new(self.players, self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        perfect_recall = iig_obs_type is None or getattr(iig_obs_type, "perfect_recall", False)
        return Observer(history=perfect_recall)


class SpielState(pyspiel.State):
    """A protocol state as a ``pyspiel.State``: ``protocol`` is the game's position, ``dice`` the
    dice already down at a roll rolled one die at a time, ``chosen`` the words of the move being
    chosen so far (and ``left``, the legal moves whose notation starts with them)."""

    def __init__(self, game: SpielGame, protocol: Any, dice: tuple[int, ...] = (), plies: int = 0):
        super().__init__(game)
        self.protocol, self.dice, self.plies = protocol, dice, plies
        self.chosen: tuple[str, ...] = ()
        self._left: list | None = None  # (words, move) of the legal moves still open

    def __deepcopy__(self, memo) -> SpielState:  # the protocol's states are immutable: shared
        other = SpielState(self.get_game(), self.protocol, self.dice, self.plies)
        other.chosen, other._left = self.chosen, self._left
        return other

    def _cut(self) -> bool:
        return self.plies >= self.get_game().max_plies

    def moves(self) -> list:
        """The legal moves of the position (all of them, whatever words are chosen)."""
        return self.protocol.legal_moves()

    def left(self) -> list[tuple[tuple[str, ...], Any]]:
        if self._left is None:
            notation = self.protocol.notation
            moves = self.protocol.legal_moves()
            if self.protocol.current_player() == SIMULTANEOUS:
                moves = self.protocol.legal_moves(self.current_player())
            self._left = [(words_of(notation(m)), m) for m in moves]
        return self._left

    def current_player(self) -> int:
        if self._cut() or self.protocol.is_over():
            return pyspiel.PlayerId.TERMINAL
        who = self.protocol.current_player()
        if who == SIMULTANEOUS:  # sequentialised: the first seat still to choose
            return next(s for s in range(self.protocol.num_players) if self.protocol.legal_moves(s))
        return pyspiel.PlayerId.CHANCE if who == CHANCE else who

    def _legal_actions(self, player: int) -> list[int]:
        k = len(self.chosen)
        words = {w[k] if len(w) > k else END for w, _ in self.left()}
        return sorted(word_action(w) for w in words)

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
        state = self.protocol
        if state.is_chance() and (count := self._rolled_by_die()):
            self.dice = self.dice + (action + 1,)
            if len(self.dice) < count:
                return
            move, self.dice = state.dice()[1](list(self.dice)), ()
        elif state.is_chance():
            move = state.chance_outcomes()[action][0]
        else:
            word, k = action_word(action), len(self.chosen)
            left = [(w, m) for w, m in self.left() if (w[k] if len(w) > k else END) == word]
            if not left:
                raise ValueError(f"{word!r} is not a legal word here")
            if len(left) > 1:  # more to choose: the next word
                self.chosen, self._left = self.chosen + (word,), left
                return
            move = left[0][1]  # one move left: its other words are forced
        self.protocol, self.chosen, self._left = state.apply(move), (), None
        self.plies += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._rolled_by_die():
                return f"die {action + 1}"
            return self.protocol.notation(self.protocol.chance_outcomes()[action][0])
        return action_word(action) if action < len(WORDS) else f"word {action}"

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
        if state.chosen:  # the words of the move being chosen: the moves they leave open
            k = len(state.chosen)
            other.chosen = state.chosen
            other._left = [(w, m) for w, m in other.left() if w[:k] == state.chosen]
        return other

    return resample


_REGISTERED: dict[str, type] = {}


ADAPTED = ("corinth", "corintho", "four-courts")


def register(name: str) -> str:
    """Register a game of the protocol with pyspiel (once); return its pyspiel name."""
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
    from open_spiel.python.algorithms import mcts

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
    mcts = mcts_bot(game, simulations, seed)
    bot = registry.get(name).make_bot(opponent, seed=seed + 1)
    play_out(state, mcts_seat, mcts, {1 - mcts_seat: bot}, random.Random(seed))
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
    from open_spiel.python.algorithms import ismcts

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
    plies = state.plies
    for word in words_of(state.protocol.notation(move)) + (END,):
        if state.plies > plies:
            return
        state.apply_action(word_action(word))


def compare(name: str, opponent: str, games: int, simulations: int, first_seed: int = 0) -> dict:
    """``games`` seeded games (seats alternating), OpenSpiel's MCTS against ``opponent``."""
    results, start = [], time.perf_counter()
    for k in range(games):
        results.append(play_match(name, opponent, simulations, first_seed + k, mcts_seat=k % 2))
    won, drawn = sum(r > 0 for r in results), sum(r == 0 for r in results)
    score = won + drawn / 2
    low, high = wilson(score, games)
    return {
        "game": name,
        "opponent": opponent,
        "simulations": simulations,
        "games": games,
        "won": won,
        "drawn": drawn,
        "lost": games - won - drawn,
        "rate": score / games,
        "interval": (low, high),
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="OpenSpiel's MCTS against corinth's bots.")
    parser.add_argument("--compare", action="store_true", help="play the measured comparison")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--corintho-bot", default="search")
    parser.add_argument("--corinth-bot", default="greedy")
    parser.add_argument("--only", choices=registry.names(), help="one game only")
    args = parser.parse_args(argv)
    if not args.compare:
        parser.print_help()
        return
    matches = [("corintho", args.corintho_bot), ("corinth", args.corinth_bot)]
    for name, opponent in matches:
        if args.only and name != args.only:
            continue
        r = compare(name, opponent, args.games, args.simulations)
        low, high = r["interval"]
        print(
            f"{r['game']}: MCTS ({r['simulations']} simulations a move) against {opponent}, "
            f"{r['games']} seeded games, seats alternating: {r['won']} won, {r['drawn']} drawn, "
            f"{r['lost']} lost; score rate {r['rate']:.0%} (95% interval {low:.0%}-{high:.0%}); "
            f"{r['seconds']:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
