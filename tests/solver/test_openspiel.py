"""Every game of the protocol through OpenSpiel (``corinth.shared.openspiel``): pyspiel's own random
simulation test passes on each, and OpenSpiel's MCTS plays each game to its end against the
project's bots; an action id means the same word in every process, a refused action leaves the
state as it was, a clone copies nothing that grows with the games played, and Corintho for 2 is
zero-sum for OpenSpiel's minimax. Skipped where OpenSpiel is not installed (an optional extra)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from corinth.rules import GameState, Roll, new_game  # noqa: E402
from corinth.rules.protocol import CorinthState  # noqa: E402
from corinth.shared import openspiel, registry  # noqa: E402
from corinth.shared.protocol import CHANCE  # noqa: E402
from corinth.solver import GreedyBot, play_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "name, players, sims, plies",
    [
        ("corintho", 2, 5, None),
        ("corintho", 3, 3, None),
        pytest.param("corinth", 2, 1, 30, marks=pytest.mark.long),
    ],
)
def test_pyspiels_random_simulation_test_passes(name, players, sims, plies):
    """Corintho's games to their end; Corinth's first 30 decisions (rolls die by die, compound
    moves word by word), then stopped as a draw: a whole game word by word takes minutes (make
    check; make test plays Corinth through the adapter in the MCTS test below)."""
    game = openspiel.load(name, players=players, seed=players, max_plies=plies)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "name, opponent, simulations, plies",
    [("corintho", "greedy", 12, 200), ("corinth", "greedy", 2, 16)],
)
def test_openspiels_mcts_plays_each_game_against_a_bot(
    name, opponent, simulations, plies, monkeypatch
):
    """Corintho to its end; Corinth for its first 16 moves (its random rollouts are whole games of
    thousands of moves), then stopped as a draw."""
    result = openspiel.play_match(name, opponent, simulations, seed=3, mcts_seat=1, max_plies=plies)
    assert result in (-1.0, 0.0, 1.0)


def test_a_corinth_roll_is_rolled_one_die_at_a_time_into_one_of_its_exact_outcomes():
    game = openspiel.load("corinth", players=2, seed=4)
    state = game.new_initial_state()
    openspiel.play_move(state, "buy 0")  # no yellow die
    assert state.protocol.current_player() == CHANCE and state.is_chance_node()
    rng = random.Random(1)
    outcomes = {str(m) for m, _ in state.protocol.chance_outcomes()}
    protocol = state.protocol
    for _ in range(9):
        assert state.chance_outcomes() == [(f, 1 / 6) for f in range(6)]
        state.apply_action(rng.randrange(6))
    rolled = state.protocol.history()[-1]
    assert isinstance(protocol.parse(rolled), Roll) and rolled in outcomes
    assert not state.is_chance_node()


def test_each_seat_observes_its_own_view_and_actions_read_as_words():
    game = openspiel.load("corintho", players=2)
    state = game.new_initial_state()
    openspiel.play_move(state, "base b2")
    assert state.protocol.history() == ["base b2"]
    words = {state.action_to_string(1, a) for a in state.legal_actions()}
    assert words == {"base", "column", "capital"}
    views = [json.loads(state.observation_string(p)) for p in (0, 1)]
    assert [v["seat"] for v in views] == [0, 1] and views[0]["board"] == views[1]["board"]


def test_a_compound_move_is_chosen_word_by_word_and_a_decision_stays_small():
    game = openspiel.load("corinth", players=3, seed=5)
    state = game.new_initial_state()
    rng = random.Random(2)
    widest = 0
    while state.protocol.history().__len__() < 40 and not state.is_terminal():
        actions = state.legal_actions()
        if not state.is_chance_node():
            widest = max(widest, len(actions))
        state.apply_action(rng.choice(actions))
    assert widest <= 60  # the words of one step: districts, cells, shops, buildings
    move = state.protocol.history()[-1]
    assert state.protocol.parse(move) is not None


def test_a_game_still_going_after_its_cap_is_a_draw():
    game = openspiel.load("corintho")
    state = game.new_initial_state()
    for _ in range(game.max_plies):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])  # the last word: stack moves, when it can
    if not state.protocol.is_over():
        assert state.is_terminal() and state.returns() == [0.0, 0.0]
    else:
        assert state.returns() == state.protocol.returns()


# --- the same action ids in every process -----------------------------------------------------------

SEEDED = (("corintho", 2), ("four-courts", 3), ("corinth", 2))


def seeded_game(name: str, players: int, actions: int = 60) -> pyspiel.State:
    """A seeded game of random actions (the dice and the deal drawn from their probabilities)."""
    state = openspiel.load(name, players=players, seed=1, max_plies=actions).new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal() and len(state.history()) < actions:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def other_process(saved: list[str]) -> list[dict]:
    """In a new process that first plays a few actions of other games (which used to number new
    words as they came): each seeded game's action ids, and each saved game read back."""
    script = """
import json, sys
import pyspiel
from corinth.shared import openspiel
from tests.solver.test_openspiel import SEEDED, seeded_game
for name, players in (("corinth", 3), ("four-courts", 4), ("corintho", 3)):
    state = openspiel.load(name, players=players, seed=5, max_plies=20).new_initial_state()
    for _ in range(12):
        if state.is_terminal():
            break
        chance = state.is_chance_node()
        state.apply_action(state.chance_outcomes()[-1][0] if chance else state.legal_actions()[-1])
out = []
for (name, players), text in zip(SEEDED, json.loads(sys.stdin.read())):
    openspiel.register(name)
    _, read = pyspiel.deserialize_game_and_state(text)
    played = seeded_game(name, players)
    out.append({
        "ids": played.history(),
        "read": str(read),
        "words": [read.action_to_string(a) for a in read.history()],
    })
print(json.dumps(out))
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(saved),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_action_ids_and_saved_histories_are_the_same_in_another_process():
    """A seeded game's ids here and in another process are the same, and a game serialized here is
    read back there to the same position, its actions the same words."""
    games = [seeded_game(name, players) for name, players in SEEDED]
    saved = [pyspiel.serialize_game_and_state(s.get_game(), s) for s in games]
    there = other_process(saved)
    for state, (name, _), theirs in zip(games, SEEDED, there):
        assert theirs["ids"] == state.history(), name
        assert theirs["read"] == str(state), name
        assert theirs["words"] == [state.action_to_string(a) for a in state.history()], name
        game = state.get_game()
        assert game.num_distinct_actions() == game.space.size
        assert all(0 <= a < game.space.size for a in game.new_initial_state().legal_actions())


# --- a refused action leaves the state as it was --------------------------------------------------


def snapshot(state: pyspiel.State) -> tuple:
    return state.history(), str(state), state.legal_actions(), state.current_player()


def refuse(state: pyspiel.State, action: int, says: str, error: type = ValueError) -> None:
    before = snapshot(state)
    with pytest.raises(error, match=says):
        state.apply_action(action)
    assert snapshot(state) == before


def test_an_impossible_die_or_an_unknown_action_is_refused_at_once_and_the_state_kept():
    state = openspiel.load("corinth", players=2, seed=1).new_initial_state()
    space = state.get_game().space
    refuse(state, space.size, "is not one of corinth's: its actions are 0 to 52")
    refuse(state, -2, "is not one of corinth's")
    refuse(state, -1, "kInvalidAction", pyspiel.SpielError)  # OpenSpiel's own check comes first
    refuse(state, space.action("gold"), "'gold' is not a legal word here: the legal words are buy")
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for action in (6, 7, -2, 1_000):
        refuse(state, action, "is not a die's: a die shows 1 to 6, actions 0 to 5")
    state.apply_action(5)
    refuse(state, 6, "is not a die's")  # the second die: the first stays down
    assert state.dice == (6,)
    while state.is_chance_node():
        state.apply_action(0)
    assert state.protocol.history() == ["buy 0", "roll 111111116"]

    courts = openspiel.load("four-courts", players=3, seed=2).new_initial_state()
    outcomes = len(courts.chance_outcomes())
    refuse(
        courts,
        outcomes,
        f"is not an outcome of this chance node: its outcomes are 0 to {outcomes - 1}",
    )


# --- a clone's cost does not grow with the games played ----------------------------------------------


def copies_in_a_clone(state: pyspiel.State, monkeypatch) -> int:
    """The objects ``copy.deepcopy`` visits while OpenSpiel clones ``state``."""
    visits, deepcopy = [], copy.deepcopy

    def counted(x, memo=None, _nil=[]):  # noqa: B006 (copy.deepcopy's own signature)
        visits.append(type(x).__name__)
        return deepcopy(x, memo, _nil)

    monkeypatch.setattr(copy, "deepcopy", counted)
    clone = state.clone()
    monkeypatch.setattr(copy, "deepcopy", deepcopy)
    assert str(clone) == str(state) and clone.history() == state.history()
    return len(visits)


def test_a_clone_copies_nothing_that_grows_with_the_games_played(monkeypatch):
    """OpenSpiel's clone deep-copies each attribute of a Python state: it used to copy the scoring
    memo the default sheet keeps for every game of the process (0.5 ms a clone, 22 ms after three
    games), and the moves listed at a decision (300 ms at one of 21,597 moves)."""
    state = openspiel.load("corinth", players=2, seed=1).new_initial_state()
    rng = random.Random(3)
    while len(state.history()) < 30:
        chance = state.is_chance_node()
        actions = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
        state.apply_action(rng.choice(actions))
    state.legal_actions()  # the moves listed, kept on the state
    before = copies_in_a_clone(state, monkeypatch)
    memo = state.protocol.native.sheet.__dict__.get("_shop_points") or {}
    filled = len(memo)
    # The memo is the process's: games another test played may have filled it already, so games
    # are played until it grows (seeds no other test plays first).
    for seed in range(9_000, 9_020):
        play_game(new_game(players=2, seed=seed), [GreedyBot(), GreedyBot()])
        if len(state.protocol.native.sheet.__dict__["_shop_points"]) > filled + 10:
            break
    assert len(state.protocol.native.sheet.__dict__["_shop_points"]) > filled + 10
    assert copies_in_a_clone(state, monkeypatch) == before <= 2

    clone = state.clone()  # shared, yet independent: an action on the clone leaves the original
    history = state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == history and clone.history() != history


# --- a large decision ---------------------------------------------------------------------------------


def large_decision(least: int = 10_000) -> GameState:
    """A Corinth position of more than ``least`` legal moves, from a seeded game of greedy bots."""
    bot = GreedyBot()
    for seed in (51, 34, 26):
        state = new_game(players=2, seed=seed)
        while not state.is_over:
            if not state.is_chance and len(state.legal_moves()) > least:
                return state
            state = state.apply(state.sample_roll() if state.is_chance else bot.choose(state))
    raise AssertionError(f"no decision of over {least} moves")


def test_a_large_decisions_actions_are_listed_without_formatting_its_moves(monkeypatch):
    """Tens of thousands of steward walks are spelt from their fields, not from their notation."""
    position = CorinthState(large_decision())
    moves = position.legal_moves()
    formatted = []
    notation = CorinthState.notation

    def counted(self, move):
        formatted.append(move)
        return notation(self, move)

    monkeypatch.setattr(CorinthState, "notation", counted)
    game = openspiel.load("corinth", players=2)
    state = openspiel.SpielState(game, position)
    first = {str(m).split()[0] for m in moves}
    assert [game.space.word(a) for a in state.legal_actions()] == sorted(
        first, key=game.space.action
    )
    assert formatted == []
    move = random.Random(1).choice(moves)
    monkeypatch.setattr(CorinthState, "notation", notation)
    openspiel.play_move(state, move)
    assert state.protocol.history()[-1] == str(move)


# --- Corintho for 2 is zero-sum ------------------------------------------------------------------------


def test_corintho_for_two_is_zero_sum_and_openspiels_alpha_beta_takes_its_win():
    from open_spiel.python.algorithms import minimax

    zero_sum, general = pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.Utility.GENERAL_SUM
    game = openspiel.load("corintho", players=2)
    assert game.get_type().utility == zero_sum and game.utility_sum() == 0.0
    assert openspiel.load("corintho", players=3).get_type().utility == general
    assert openspiel.load("corinth", players=2).get_type().utility == general  # ties share a win

    puzzle = registry.live("corintho").puzzle("x4-01")  # extend the line to 4: the win at once
    state = openspiel.SpielState(game, registry.get("corintho").wrap(puzzle.position))
    seat = state.current_player()
    for word in puzzle.ranking[0]["move"].split():
        value, action = minimax.alpha_beta_search(
            game, state=state, value_function=lambda s: 0.0, maximum_depth=2
        )
        assert value == 1.0 and game.space.word(action) == word
        state.apply_action(action)
    assert state.is_terminal() and state.returns()[seat] == 1.0
