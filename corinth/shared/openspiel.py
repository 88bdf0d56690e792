"""Every game of the protocol as an OpenSpiel game (``pyspiel``), so OpenSpiel's algorithms (MCTS,
evaluation, its own checks) play Corinth and Corintho and can be set against the project's bots.

OpenSpiel is optional (``pip install 'corinth[openspiel]'``): nothing else imports this module.

How a game of the protocol maps onto OpenSpiel's state API:

- a decision's actions are the indices of ``State.legal_moves()`` (0, 1, …), in its fixed order, up
  to the game's ``max_moves`` (Corinth's compound moves, group, walk and shops, stay whole);
- a chance node is OpenSpiel's too, with the protocol's exact outcomes; a roll of many dice (a state
  with ``dice()``: Corinth) is rolled one die at a time, six outcomes of 1/6 each, the roll applied
  once the last die is down (the same distribution as the whole roll's ``chance_outcomes``);
- the returns are the protocol's (+1 a winner, -1 every other seat); a game still going after
  ``max_plies`` moves is stopped as a draw (every return 0), as the project's bots' games are;
- a seat's observation string is ``State.observation(seat)`` as JSON: what that seat may see.

    python -m corinth.shared.openspiel --compare      # MCTS against the project's bots, measured

>>> import pyspiel
>>> game = load("corintho", players=2)
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions())
(0, 48)
>>> state.apply_action(state.legal_actions()[5]); str(state.history_str())
'5'
>>> state.protocol.history()
['base b2']
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

import numpy as np
import pyspiel

from . import registry
from .protocol import CHANCE

# The most legal moves a decision may have (Corinth: 24,811 seen in a random 3-player game, where
# a walk's cells and its shops multiply; the cap leaves room, and a decision beyond it is refused
# with a sentence), and the moves after which a game is stopped as a draw.
LIMITS = {
    "corinth": {"max_moves": 200_000, "max_plies": 4_000},
    "corintho": {"max_moves": 112, "max_plies": 200},  # 48 placements, 64 stack moves (K1-K3)
}
DEFAULT_LIMITS = {"max_moves": 1_000, "max_plies": 1_000}
FACES = 6


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
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": probe.num_players, "seed": 0},
    )


def _has_chance(name: str) -> bool:
    return name == "corinth"  # the dice; Corintho has none (P4)


class SpielGame(pyspiel.Game):
    """A game of the protocol as a ``pyspiel.Game`` (parameters: ``players``, ``seed``)."""

    game_name = ""  # set on each registered subclass

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        self.protocol_game = registry.get(self.game_name)
        self.players = int(params.get("players", 2))
        self.seed = int(params.get("seed", 0))
        limits = LIMITS.get(self.game_name, DEFAULT_LIMITS)
        self.max_moves, self.max_plies = limits["max_moves"], limits["max_plies"]
        info = pyspiel.GameInfo(
            num_distinct_actions=max(self.max_moves, FACES),
            max_chance_outcomes=FACES if _has_chance(self.game_name) else 0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_plies,
        )
        super().__init__(_game_type(self.game_name), info, params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.protocol_game.new(self.players, self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        return Observer()


class SpielState(pyspiel.State):
    """A protocol state as a ``pyspiel.State``: ``protocol`` is the game's position, ``dice`` the
    dice already down at a roll rolled one die at a time."""

    def __init__(self, game: SpielGame, protocol: Any, dice: tuple[int, ...] = (), plies: int = 0):
        super().__init__(game)
        self.protocol, self.dice, self.plies = protocol, dice, plies
        self._moves: list | None = None

    def __deepcopy__(self, memo) -> SpielState:  # the protocol's states are immutable: shared
        return SpielState(self.get_game(), self.protocol, self.dice, self.plies)

    def _cut(self) -> bool:
        return self.plies >= self.get_game().max_plies

    def moves(self) -> list:
        if self._moves is None:
            self._moves = self.protocol.legal_moves()
        return self._moves

    def current_player(self) -> int:
        if self._cut() or self.protocol.is_over():
            return pyspiel.PlayerId.TERMINAL
        who = self.protocol.current_player()
        return pyspiel.PlayerId.CHANCE if who == CHANCE else who

    def _legal_actions(self, player: int) -> list[int]:
        moves = self.moves()
        if len(moves) > self.get_game().max_moves:
            raise ValueError(
                f"{len(moves)} legal moves, more than this adapter numbers "
                f"({self.get_game().max_moves}): raise LIMITS[{self.get_game().game_name!r}]"
            )
        return list(range(len(moves)))

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
            move = self.moves()[action]
        self.protocol, self._moves = state.apply(move), None
        self.plies += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._rolled_by_die():
                return f"die {action + 1}"
            return self.protocol.notation(self.protocol.chance_outcomes()[action][0])
        moves = self.moves()
        return self.protocol.notation(moves[action]) if action < len(moves) else f"move {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        if self._cut() and not self.protocol.is_over():
            return [0.0] * self.get_game().players  # stopped: a draw
        return self.protocol.returns()

    def __str__(self) -> str:
        down = f"\ndice down: {' '.join(map(str, self.dice))}" if self.dice else ""
        return self.protocol.text() + down


class Observer:
    """A seat's view for OpenSpiel: ``State.observation(seat)`` as a JSON string; no tensor."""

    def __init__(self):
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: SpielState, player: int) -> None:
        pass

    def string_from(self, state: SpielState, player: int) -> str:
        seen = state.protocol.observation(player)
        if state.dice:
            seen = {**seen, "dice down": list(state.dice)}
        return json.dumps(seen, sort_keys=True)


_REGISTERED: dict[str, type] = {}


def register(name: str) -> str:
    """Register a game of the protocol with pyspiel (once); return its pyspiel name."""
    if name not in _REGISTERED:
        cls = type(f"Spiel_{short_name(name)}", (SpielGame,), {"game_name": name})
        pyspiel.register_game(_game_type(name), cls)
        _REGISTERED[name] = cls
    return short_name(name)


def load(name: str, players: int = 2, seed: int = 0) -> pyspiel.Game:
    """A game of the protocol through ``pyspiel.load_game``, registered first."""
    return pyspiel.load_game(register(name), {"players": players, "seed": seed})


# --- OpenSpiel's MCTS against the project's bots --------------------------------------------------


def mcts_bot(game: pyspiel.Game, simulations: int, seed: int):
    """OpenSpiel's MCTS (UCT, random rollouts) with a fixed budget of ``simulations`` per move."""
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)


def play_match(name: str, opponent: str, simulations: int, seed: int, mcts_seat: int) -> float:
    """One seeded 2-player game, MCTS in ``mcts_seat`` against the project's bot ``opponent``:
    MCTS's return (+1 won, -1 lost, 0 a draw)."""
    game = load(name, players=2, seed=seed)
    state = game.new_initial_state()
    mcts = mcts_bot(game, simulations, seed)
    bot = registry.get(name).make_bot(opponent, seed=seed + 1)
    chance = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(chance.choices(actions, probs)[0])
        elif state.current_player() == mcts_seat:
            state.apply_action(mcts.step(state))
        else:
            move = bot.choose(state.protocol)
            notation = state.protocol.notation(move)
            index = [state.protocol.notation(m) for m in state.moves()].index(notation)
            state.apply_action(index)
    return state.returns()[mcts_seat]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``wins`` in ``n`` (a draw counts half).

    >>> [round(x, 3) for x in wilson(10, 20)]
    [0.299, 0.701]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


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
