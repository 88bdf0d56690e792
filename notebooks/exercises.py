"""Exercise checkers for the tutorial notebooks.

The tutorial's exercises are widgets: ``ask("00-green-goods")`` shows the exercise of that name from
``exercises.toml`` (the questions, hints and explanations), answered by clicks; where the engine can work
an answer out, a function here does it, so no answer is written in a notebook.

A "puzzle" exercise is a board (``PuzzleWidget``): the solver judges the move clicked.

The older checkers (``Exercise``, ``MoveExercise``) are answered in code: the cell sets ``answer = None``;
replace ``None`` with your answer and run the cell again.

>>> ex = Exercise(4, hint="Count the shops.", explain="Blue has four shops.")
>>> ex.check(None)
Hint: Count the shops.
>>> ex.check(4)
Correct! Blue has four shops.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets

from corinth import GameState, IllegalMove, InvalidNotation, Move, default_sheet, new_game
from corinth.rules import steward_paths, steward_steps
from corinth.rules.catalogue import rule_card, rules


def _same(reply: Any, answer: Any) -> bool:
    if isinstance(answer, (Fraction, float)) and not isinstance(reply, bool):
        try:
            value = Fraction(reply) if isinstance(reply, (str, int, Fraction)) else reply
            return abs(float(value) - float(answer)) < 1e-9
        except (TypeError, ValueError, ZeroDivisionError):
            return False
    if isinstance(answer, str) and isinstance(reply, str):
        return " ".join(reply.lower().split()) == answer.lower()
    if isinstance(answer, (set, frozenset)):
        try:
            return {str(x).lower() for x in reply} == {str(x).lower() for x in answer}
        except TypeError:
            return False
    return reply == answer


class Exercise:
    """A question with one right answer.

    ``wrong`` maps a tempting wrong answer to the reason it is wrong, or is a function that returns the
    reason (or None) for any reply.
    """

    def __init__(
        self,
        answer: Any,
        hint: str,
        explain: str = "",
        wrong: dict | Callable[[Any], str | None] | None = None,
    ):
        self.answer = answer
        self.hint = hint
        self.explain = explain
        self.wrong = wrong or {}

    def feedback(self, reply: Any) -> str:
        if reply is None:
            return f"Hint: {self.hint}"
        if _same(reply, self.answer):
            return f"Correct! {self.explain}".rstrip()
        reason = None
        if callable(self.wrong):
            reason = self.wrong(reply)
        else:
            for key, text in self.wrong.items():
                if _same(reply, key):
                    reason = text
        return f"Not quite: {reply!r} is not it. {reason or self.hint}"

    def check(self, reply: Any) -> None:
        print(self.feedback(reply))


class MoveExercise:
    """Find a move in a position. Illegal moves are explained by the engine (with the rule's ID).

    ``accept`` (optional) tells which legal moves count as right when there is more than one.
    """

    def __init__(
        self,
        state: GameState,
        answer: str,
        hint: str,
        explain: str = "",
        accept: Callable[[Move], bool] | None = None,
    ):
        self.state = state
        self.answer = str(Move.parse(answer))
        self.hint = hint
        self.explain = explain
        self.accept = accept or (lambda move: str(move) == self.answer)

    def feedback(self, reply: Any) -> str:
        if reply is None:
            return f"Hint: {self.hint}"
        try:
            move = Move.parse(reply) if isinstance(reply, str) else reply
            self.state.apply(move)
        except (IllegalMove, InvalidNotation) as exc:
            return f"Not a legal move here: {exc}"
        if self.accept(move):
            return f"Correct! {move.describe(self.state)} {self.explain}".rstrip()
        return f"Legal, but not the one: {move.describe(self.state)} {self.hint}"

    def check(self, reply: Any) -> None:
        print(self.feedback(reply))


def play(state: GameState, *moves: str) -> GameState:
    """Apply moves in notation, one after another; a building offer (B1) in between is declined.

    >>> from corinth import new_game
    >>> play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456", "blue 3").phase
    'take'
    """
    for move in moves:
        if state.phase == "build" and not move.startswith("build"):
            state = state.apply("build none")
        if state.phase == "roll" and move == "buy 0":
            continue  # nothing to buy: the purvey step was skipped (R2)
        state = state.apply(move)
    return state


# --- exercises as widgets: the data is in exercises.toml, beside this file ---------------------------

DATA = Path(__file__).with_name("exercises.toml")


def _sheet():
    return default_sheet()


def green_goods() -> int:
    return _sheet().district("green").symbols


def turns_in_a_round_of_two() -> int:
    """How many turns one round of a 2-player game has (the first player plays first and last)."""
    return len(new_game(players=2, seed=0, first_player=0).turn_order())


def rounds_with_four_players() -> int:
    """How many rounds a 4-player game lasts: two random bots' whole game, counted (S2, R11)."""
    from corinth.solver import RandomBot, play_game

    final = play_game(new_game(players=4, seed=7), [RandomBot(i) for i in range(1, 5)])
    return final.round


def blue_value() -> int:
    state = play(new_game(players=2, seed=0, first_player=0), "buy 0", "roll 223555116")
    return dict(state.groups())["blue"].face


def last_player() -> str:
    return f"Player {new_game(players=3, seed=0, first_player=1).turn_order()[-1] + 1}"


def earned_two_yellow() -> GameState:
    """Player 1, first player, with both yellow-die cells of the market circled and 4 gold."""
    state = new_game(players=2, seed=1, first_player=0)
    yellow = [i for i, cell in enumerate(state.sheet.market.cells) if cell.kind == "yellow"]
    p = state.players[0]
    circled = sum(1 << i for i in yellow)
    p = replace(p, circled=circled, used=p.used | circled, gold_circled=4)
    return replace(state, players=(p, *state.players[1:]))


def yellow_with_two_gold() -> int:
    """How many yellow dice a first player with 2 gold and no earned yellow die may buy (R2)."""
    state = new_game(players=2, seed=1, first_player=0)
    p = replace(state.players[0], gold_circled=2)
    return replace(state, players=(p, *state.players[1:])).max_purchase()


def blue_after_yellow() -> int:
    """A yellow 4 joined two white 4s on Blue; after the first player's turn, the Blue group's size (R6)."""
    state = play(new_game(players=3, seed=4, first_player=0), "buy 1", "roll 112344666/4", "gold")
    if state.phase == "build":
        state = state.apply("build none")
    return dict(state.groups())["blue"].size


def yellow_to_buy() -> str:
    return str(earned_two_yellow().max_purchase())


def yellow_purchases() -> list[str]:
    return [str(m) for m in earned_two_yellow().legal_moves()]


def yellow_purchase_check() -> str:
    """What the rules let Player 1 buy in ``earned_two_yellow``, in words (01's prediction)."""
    state = earned_two_yellow()
    words = [m.describe(state).rstrip(".").lower() for m in state.legal_moves()]
    count = ["no", "one", "two", "three", "four"][len(words)] if len(words) < 5 else len(words)
    return f"the rules give Player 1 {count} choices here: {', or '.join(words)}."


def sorted_roll() -> GameState:
    return play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 112344666")


def no_group_left() -> GameState:
    """3 players; the roll made two groups; Players 1 and 2 took them: Player 3 has none (R8)."""
    return play(
        new_game(players=3, seed=1, first_player=0),
        "buy 0",
        "roll 111111116",
        "gold",
        "goats",
        "build none",
    )


def one_step(move: Move) -> bool:
    return len(move.path) == 1


def gold_after_three_sixes() -> int:
    """Player 1 holds 1 gold and takes a Gold group of three 6s (A1): the gold they hold then."""
    state = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 111122666")
    return state.apply("gold").player(0).gold


def green_checks() -> int:
    """How many Green goods a Green group of three 2s checks (A3)."""
    state = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 112223334")
    return sum(state.apply("green 2").player(0).shops[0]) - sum(state.player(0).shops[0])


def blue_race() -> GameState:
    rounds = [
        ["buy 0", "roll 123444456", "blue 3", "gold", "goats"],  # Player 1 fills shop 3
        ["buy 0", "roll 112344456", "blue 2", "purple 1", "gold"],  # Player 2 fills shop 2
        ["buy 0", "roll 112233445", "blue 1", "gold", "goats"],  # Player 1 fills shop 1
        ["buy 0", "roll 111234445", "gold", "blue 2"],  # Player 1 completes Blue
    ]
    return play(new_game(players=2, seed=1, first_player=0), *sum(rounds, []))


def blue_bonus_for_player_2() -> int:
    """What Player 2's bonus for Blue is worth once Blue is claimed: the engine's own score."""
    race = blue_race()
    p = race.players[1]
    full = replace(
        p,
        shops=tuple(
            tuple(shop.goods for shop in district.shops) if district.name == "blue" else fills
            for district, fills in zip(race.sheet.districts, p.shops)
        ),
    )
    done = replace(race, players=(race.players[0], full))
    return done.score_breakdown(1).bonuses - race.score_breakdown(1).bonuses


def checks_into_full_blue() -> int:
    """How many goods a Blue group of three checks once Player 1's Blue is full (A3d)."""
    full = play(blue_race(), "build none", "goats", "buy 0", "roll 112344456")
    blue = [d.name for d in full.sheet.districts].index("blue")
    return sum(full.apply("blue").player(0).shops[blue]) - sum(full.player(0).shops[blue])


def purple_best() -> int:
    later = play(sorted_roll_for_purple(), "gold")
    return max(
        later.apply(m).score_breakdown(0).shops - later.score_breakdown(0).shops
        for m in later.legal_moves()
        if m.district == "purple" and not m.path
    )


def sorted_roll_for_purple() -> GameState:
    start = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456")
    return play(start, "blue 3", "gold", "purple 1", "buy 0", "roll 112333456")


def boxed_in() -> GameState:
    """Player 1's steward in the top-left corner, both neighbours used up; a group of 3s to take."""
    state = play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 123444456")
    p = state.players[0]
    used = p.used | 1 | 1 << 1 | 1 << 5  # r0c0 (the steward), r0c1 and r1c0
    p = replace(p, steward=0, circled=p.circled | 1, used=used, gold_circled=3)
    return replace(state, players=(p, *state.players[1:]))


def no_walk_answer() -> str:
    walks = [
        m for m in boxed_in().legal_moves() if getattr(m, "district", "") == "purple" and m.path
    ]
    if walks:
        return "Yes, 3 steps"
    return "No: no walk of any length is possible, so they must use the group's own action"


def no_walk_check() -> str:
    """What the rules allow with the Purple group in ``boxed_in``, in words (03's prediction)."""
    moves = [m for m in boxed_in().legal_moves() if getattr(m, "district", "") == "purple"]
    walks = [m for m in moves if m.path]
    if walks:
        return f"the rules allow {len(walks)} steward walks with the Purple group."
    return (
        f"the rules allow {len(moves)} moves with the Purple group, and not one steward walk: "
        "each uses the group's own action, checking Purple goods in the shop of your choice."
    )


def end_of_game_check() -> str:
    """Three random bots play a whole 3-player game: how long it lasted (00's prediction)."""
    from corinth.solver import RandomBot, play_game

    final = play_game(new_game(players=3, seed=7), [RandomBot(1), RandomBot(2), RandomBot(3)])
    full = all(p.turns == final.sheet.turn_track for p in final.players)
    return (
        f"three bots played a whole 3-player game. It lasted {final.round} rounds and ended when "
        f"every player's roll track was full{'' if full else ' (not all were: see R5)'}."
    )


def steward_game() -> GameState:
    return play(new_game(players=2, seed=1, first_player=0), "buy 0", "roll 112223334")


def two_step_walks() -> int:
    state = new_game(players=2, seed=1, first_player=0)
    p = state.players[0]
    return len(steward_paths(p.steward, p.used, 2)[2])


def gold_for_seven_steps() -> int:
    """The fewest gold a walk of 7 steps costs with a face of 4 and the Stables (A4a, B4)."""
    return min(g for g in range(10) if steward_steps(4, g, True)[1] >= 7)


def tour() -> GameState:
    rounds = [
        ["buy 0", "roll 112223334", "green steward r2c1,r2c0", "gold", "goats"],
        ["buy 0", "roll 112223334", "goats", "green steward r1c0,r0c0", "gold"],
        ["buy 0", "roll 112223334", "green steward r0c1,r0c2", "goats", "gold"],
        ["buy 0", "roll 112223334", "goats", "green steward r0c3,r0c4"],
    ]
    return play(new_game(players=2, seed=1, first_player=0), *sum(rounds, []))


def running_total() -> int:
    return tour().players[0].scores[-1] + 2


def ends_in_corner(move: Move) -> bool:
    return move.path[-1] == 0


def building_offer() -> GameState:
    """04's position: Player 1 may build, with 4 gold and 5 goats (B1)."""
    return play(
        new_game(players=2, seed=1, first_player=0),
        "buy 0",
        "roll 111122666",
        "goats",
        "green 1",
        "gold",
    )


def affordable_pair() -> str:
    """The one pair of buildings, among 04's options, that the engine offers to build together."""
    options = _ask_data("04-what-to-build")["options"]
    offered = {str(m) for m in building_offer().legal_moves()}
    ids = {b.title: b.name for b in _sheet().buildings}
    for option in options:
        names = [ids[title] for title in option.split(" and ")]
        if any(f"build {','.join(order)}" in offered for order in (names, names[::-1])):
            return option
    raise ValueError("no pair of 04-what-to-build can be built")


def leftover_points() -> int:
    return 7 // 2 + 5 // 2


# --- 05: the review of a beginner's game ------------------------------------------------------------


def beginner_review(seed: int = 5) -> tuple[GameState, list[tuple[int, str, float]]]:
    """A seeded game of the random bot (Player 1) against two greedy bots, and its review.

    Each row is (the beginner's turn, from 1; the move made, in words; the points it lost right
    then against the best choice, by the solver's ranking).

    >>> final, review = beginner_review()
    >>> review[0][0], len(review) == len({row[0] for row in review})
    (1, True)
    """
    final, review = _beginner_review(seed)
    return final, list(review)


@functools.cache  # the questions about the review ask for it again: play and rank it once
def _beginner_review(seed: int) -> tuple[GameState, tuple[tuple[int, str, float], ...]]:
    from corinth.solver import GreedyBot, RandomBot, play_game, rank_moves

    final = play_game(new_game(players=3, seed=seed), [RandomBot(seed), GreedyBot(), GreedyBot()])
    review = []
    state = new_game(players=3, seed=seed)
    for move in final.history:
        if state.phase == "take" and state.current_player == 0:
            ranking = rank_moves(state, "immediate")
            chosen = next(r for r in ranking if str(r.move) == str(move))
            review.append((len(review) + 1, move.describe(state), chosen.loss))
        state = state.apply(move)
    return final, tuple(review)


def your_move_position() -> GameState:
    """The position of 05's Exercise 1: 05's game after the hint's best move and no building.

    The bots have answered, so Player 1 is to take a group.
    """
    from corinth.ui import GameApp

    app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1)
    app.play(app.show_hint(top=1)[0].move)
    if app.state.phase == "build":
        app.play("build none")
    return app.state


def five_step_group() -> str:
    """05's first question: the group left to Player 1 in round 1 of the game whose dice show a 5."""
    from corinth.ui import GameApp

    app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1)
    fives = [d.capitalize() for d, group in app.state.groups() if group.face == 5]
    return fives[0] if fives else "Neither"


def worst_turn() -> int:
    """The beginner's turn that lost the most points (the first, if several tie)."""
    review = beginner_review()[1]
    return max(review, key=lambda row: row[2])[0]


def lucky_turns() -> int:
    """How many of the beginner's turns chose a best move (a loss of 0)."""
    return sum(1 for *_, loss in beginner_review()[1] if loss == 0)


# --- 07: the strategy lab's saved run -----------------------------------------------------------------


def lab_win_rates() -> tuple[dict[str, float], dict[str, float]]:
    """Each strategy's win rate in the saved run, and the half-width of its 95% confidence interval.

    A shared victory (E2) counts as a fraction of a win.
    """
    import statistics

    from strategy_lab import STRATEGIES, load_results

    wins: dict[str, list[float]] = {n: [] for n in STRATEGIES}
    for g in load_results():
        for seat, name in enumerate(g["strategies"]):
            wins[name].append(1 / len(g["winners"]) if seat in g["winners"] else 0.0)
    rate = {n: statistics.fmean(v) for n, v in wins.items()}
    half = {n: 1.96 * statistics.stdev(v) / len(v) ** 0.5 for n, v in wins.items()}
    return rate, half


def lab_best_strategy() -> str:
    rate = lab_win_rates()[0]
    return max(rate, key=rate.get)


def lab_greedy_merchant_apart() -> str:
    rate, half = lab_win_rates()
    apart = abs(rate["greedy"] - rate["merchant"]) > half["greedy"] + half["merchant"]
    return "Yes: the intervals do not overlap" if apart else "No: the intervals overlap"


def lab_shop_gap() -> int:
    """How many more shop points a winner scores than the others, on average, rounded."""
    import statistics

    from strategy_lab import load_results

    winners, others = [], []
    for g in load_results():
        for seat in range(len(g["strategies"])):
            (winners if seat in g["winners"] else others).append(g["scores"][seat][0])
    return round(statistics.fmean(winners) - statistics.fmean(others))


def lab_best_median() -> str:
    """The strategy whose games end with the highest median final score in the saved run."""
    import statistics

    from strategy_lab import STRATEGIES, load_results

    totals: dict[str, list[int]] = {n: [] for n in STRATEGIES}
    for g in load_results():
        for name, score in zip(g["strategies"], g["scores"]):
            totals[name].append(score[-1])
    median = {n: statistics.median(v) for n, v in totals.items()}
    return max(median, key=median.get)


def lab_greedy_hardest_opponent() -> str:
    """The strategy greedy outscores least often, game by game, in the saved run."""
    from strategy_lab import load_results

    beaten: dict[str, list[bool]] = {}
    for g in load_results():
        if "greedy" not in g["strategies"]:
            continue
        mine = g["scores"][g["strategies"].index("greedy")][-1]
        for name, score in zip(g["strategies"], g["scores"]):
            if name != "greedy":
                beaten.setdefault(name, []).append(mine > score[-1])
    share = {n: sum(v) / len(v) for n, v in beaten.items()}
    return min(share, key=share.get)


# --- 06: how the puzzles' answers are checked ----------------------------------------------------------

RANKED_PUZZLE = "t1-01"  # the beginner puzzle whose ranking lesson 06 shows


def ranked_puzzle():
    """The stored puzzle whose ranking 06 shows (``RANKED_PUZZLE``)."""
    return next(p for p in _stored_puzzles() if p.id == RANKED_PUZZLE)


def puzzle_margin() -> int:
    """By how many points the best move of ``ranked_puzzle`` beats the second, points now (E1)."""
    from corinth.solver import rank_moves

    first, second = rank_moves(ranked_puzzle().state, "immediate", top=2)
    return round(first.value - second.value)


def expected_ranking() -> list:
    """The first four moves of ``ranked_puzzle`` by expected final score, from 6 seeded games each:
    rough estimates with their 95% confidence intervals."""
    from corinth.solver import rank_moves

    state = ranked_puzzle().state
    return rank_moves(
        state, "expected", seed=0, budget=None, max_rollouts=6, max_candidates=4, top=4
    )


def expected_apart() -> str:
    """Whether the two first moves of ``expected_ranking`` are clearly apart (intervals not overlapping)."""
    first, second = expected_ranking()[:2]
    if first.ci[0] > second.ci[1]:
        return "Yes: its range starts above where the second one ends"
    return "No: their ranges overlap"


_READ: dict[str, Any] = {}  # exercises.toml as last read, and when it was written (``_questions``)


def _questions() -> dict[str, dict]:
    """Every exercise of exercises.toml, by name: read again only when the file has changed (each
    exercise, lesson line and the lesson list asks for it; the lesson list once per lesson)."""
    stamp = DATA.stat().st_mtime_ns
    if _READ.get("stamp") != stamp:
        with DATA.open("rb") as f:
            _READ.update(stamp=stamp, data=tomllib.load(f))
    return _READ["data"]


def _ask_data(name: str) -> dict:
    data = _questions()
    if name not in data:
        raise KeyError(f"no exercise {name!r} in {DATA.name}; there are: {', '.join(data)}")
    return data[name]


def ask(name: str, position: GameState | None = None, then: str = ""):
    """The exercise ``name`` of exercises.toml as a widget: answered by clicks, checked here, its
    solved mark kept in the learner's browser (``lesson_progress``).

    ``position`` replaces the position of a "puzzle" exercise (for one taken from a live game);
    ``then`` is a prediction's check, shown under the question once the learner has answered.

    >>> ask("04-tie-break").answer_with("Ana")
    'Not quite. Goats do not break ties: only gold does (E2).'
    """
    widget = _exercise(name, position, then)
    if _PROGRESS is not None:
        _PROGRESS.track(name, on_restore=widget.solved_before)
        widget.on_solved(lambda: _PROGRESS.mark(name))
        _PROGRESS.on_reset(widget.forget)
    return widget


_PROGRESS = None  # the lesson's Progress widget, once ``lesson_progress`` made it


_STEP = re.compile(r"^## (Step \d+ of \d+: .+)$", re.M)
# What a step's practice is kept under in the browser: an exercise, or a puzzle on its own board.
_TRACKED = re.compile(r"""^(ask|puzzle_board|corintho_puzzle)\(["']([\w.-]+)["']""", re.M)
_MARK = {"ask": "", "puzzle_board": "puzzle-", "corintho_puzzle": "corintho-"}
_NEXT_LESSON = re.compile(r"Next lesson: \*\*\[([^\]]+)\]\((\d\d[a-z]?_[\w.-]+\.ipynb)\)")


def _label(name: str, questions: dict) -> str:
    """A step's exercise named for the learner: its question, or the puzzle on its board."""
    if name.startswith(("puzzle-", "corintho-")) or questions.get(name, {}).get("kind") == "puzzle":
        return "the puzzle on its board"
    words = re.sub(r"<[^>]+>|[*`]", "", questions.get(name, {}).get("question", "")).strip()
    return f"“{clip_words(words, 90)}”" if words else "its exercise"


def clip_words(text: str, limit: int) -> str:
    """``text`` cut at a word before ``limit`` characters, with an ellipsis when cut.

    >>> clip_words("Which value lies on the Blue district?", 20)
    'Which value lies on…'
    """
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def lesson_steps(lesson: str) -> tuple[list[dict], dict]:
    """The steps of lesson ``lesson`` ("01") as the learner meets them, read from its notebook (cells
    tagged ``lab-only`` left out): each step's title, its heading's anchor, the exercises and puzzle
    boards it asks (by the names their marks are kept under) and how they read; and the next lesson
    its last step links to ({"file", "title"}, or {}).

    >>> steps, following = lesson_steps("01")
    >>> steps[1]["title"], steps[1]["items"], following["file"]
    ('Step 2 of 7: Sorting the dice', ['01-blue-value'], '02_gold_goats_goods.ipynb')
    """
    import json

    files = sorted(DATA.parent.glob(f"{lesson}_*.ipynb"))
    if not files:
        return [], {}
    questions = _questions()
    cells = json.loads(files[0].read_text(encoding="utf-8"))["cells"]
    steps: list[dict] = []
    following: dict = {}
    for cell in cells:
        if "lab-only" in cell.get("metadata", {}).get("tags", []):
            continue
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            for title in _STEP.findall(text):
                anchor = title.replace(" ", "-")
                steps.append({"title": title, "anchor": anchor, "items": [], "labels": []})
            nxt = _NEXT_LESSON.search(text)
            if nxt and not following:
                following = {"title": nxt.group(1), "file": nxt.group(2)}
        elif steps and cell["cell_type"] == "code":
            for function, name in _TRACKED.findall(text):
                name = _MARK[function] + name
                if name not in steps[-1]["items"]:
                    steps[-1]["items"].append(name)
                    steps[-1]["labels"].append(_label(name, questions))
    return steps, following


def words_panel():
    """The game's words (``WORDS.md``), folded under a small "Words" line at the top of a lesson: a
    learner who meets a word again opens it there.

    >>> "<details" in words_panel().data and "roll track" in words_panel().data
    True
    """
    import html

    from IPython.display import HTML

    text = (DATA.parent / "WORDS.md").read_text(encoding="utf-8")
    body = text.split("\n", 1)[1] if text.startswith("# ") else text  # without its own title
    try:
        import mistune

        shown = mistune.html(body)
    except ImportError:  # pragma: no cover - the lessons' environments have it (nbconvert's)
        shown = f"<pre>{html.escape(body)}</pre>"
    return HTML(
        "<details class='corinth-words' style='margin:4px 0'><summary><b>Words</b>: the game's "
        "words, each in one "
        f"meaning</summary>{shown}</details>"
    )


def lesson_progress(lesson: str):
    """The progress line of a lesson ("This lesson: 2 of 6 exercises solved"), shown at its top: the
    lesson's exercises are marked when solved and the marks kept in this browser. The line names the
    next step whose exercise is not solved yet, or, once all are, the next lesson.

    >>> lesson_progress("04").items[:2]
    ['04-what-to-build', '04-temple']
    >>> lesson_progress("04").steps[0]["title"]
    'Step 1 of 4: Building'
    """
    global _PROGRESS
    from corinth.ui.progress import Progress

    names = [n for n in _questions() if n.startswith(f"{lesson}-")]
    steps, following = lesson_steps(lesson)
    _PROGRESS = Progress(lesson=lesson, items=names, steps=steps, next_lesson=following)
    return _PROGRESS


def puzzle_trainer():
    """Lesson 06b's practice: the stored puzzles one after another, solved ones marked in this browser."""
    from corinth.ui.trainer import PuzzleTrainer

    return PuzzleTrainer(list(_stored_puzzles()), progress=_PROGRESS)


def puzzle_board(puzzle_id: str):
    """One stored puzzle on its board, solved by clicks; its mark kept in this browser under the
    same name as in the trainer, so a puzzle solved here is solved there too.

    >>> puzzle_board("t1-02").puzzle.id
    't1-02'
    """
    from corinth.ui import PuzzleWidget
    from corinth.ui.trainer import progress_name

    puzzle = next(p for p in _stored_puzzles() if p.id == puzzle_id)
    board = PuzzleWidget(puzzle)
    if _PROGRESS is not None:
        name = progress_name(puzzle)
        _PROGRESS.track(name, on_restore=board.solved_before)
        board.on_solved(lambda: _PROGRESS.mark(name))
        _PROGRESS.on_reset(board.forget)
    return board


def course_map():
    """The lesson list with each lesson's solved count (from this browser), the first lesson not
    finished marked "Continue here →", finished ones "✓ finished", and a reset button.

    A lesson is finished when every exercise and puzzle board of its steps is solved; the puzzles of
    its trainer (06, 11) are counted apart, as extra practice.

    >>> [lesson["file"] for lesson in course_map().lessons][:2]
    ['00_start_here.ipynb', '01_the_harbor.ipynb']
    """
    import json

    from corinth.ui.progress import Progress

    names = list(_questions())
    cells = json.loads((DATA.parent / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    lessons = []
    puzzles, corintho = _puzzle_marks()  # lesson 06's trainer, lesson 11's puzzles
    for title, file in re.findall(r"\[([^\]]+)\]\((\d\d[a-z]?_[\w.-]+\.ipynb)\)", text):
        if any(lesson["file"] == file for lesson in lessons):
            continue
        lesson = file.split("_", 1)[0]  # "06", or "06b" for the second part of a long lesson
        steps, _ = lesson_steps(lesson)
        items = [n for step in steps for n in step["items"]]
        items += [n for n in names if n.startswith(f"{lesson}-") and n not in items]
        extra = puzzles if file.startswith("06b_") else corintho if file.startswith("11_") else []
        extra = [n for n in extra if n not in items]
        if items:
            lessons.append({"file": file, "title": title, "items": items, "extra": extra})
    return Progress(lessons=lessons)


def _exercise(name: str, position: GameState | None = None, then: str = ""):
    """The widget of exercise ``name`` (``ask`` without the progress mark)."""
    from corinth.ui.exercise import ChoiceExercise, GroupExercise, NumberExercise, PathExercise

    d = _ask_data(name)
    engine = globals()[d["engine"]] if "engine" in d else None
    kind = d["kind"]
    answer = engine() if engine and kind not in ("group", "walk", "puzzle") else d.get("answer")
    common = {"hint": d.get("hint", ""), "explain": d.get("explain", "")}
    if kind != "puzzle":
        common["hints"] = hint_ladder(d, answer)
    if kind == "puzzle":
        from corinth.ui import PuzzleWidget

        if "puzzle" in d:
            position = next(p for p in _stored_puzzles() if p.id == d["puzzle"])
        elif position is None:
            position = globals()[d["position"]]()
        return PuzzleWidget(position, **common)
    if kind == "walk":
        state = globals()[d["position"]]()
        group = d.get("group", "")
        return PathExercise(d["question"], state, group, accept=engine, **common)
    if kind == "choice":
        return ChoiceExercise(
            d["question"], d["options"], answer, wrong=d.get("wrong"), then=then, **common
        )
    if kind == "number":
        return NumberExercise(d["question"], answer, wrong=d.get("wrong"), **common)
    if kind == "group":
        state = globals()[d["position"]]()
        return GroupExercise(d["question"], state, set(answer), wrong=d.get("wrong"), **common)
    raise ValueError(f"exercise {name!r}: unknown kind {kind!r}")


_RULE_ID = re.compile(r"\b([CSRAMBTE]\d{1,2}[a-e]?)\b")


def hint_ladder(d: dict, answer) -> list[str]:
    """An exercise's hints from general to specific: ``hints`` in exercises.toml if it has them;
    otherwise the rule to use (named in its hint or explanation), its own hint, then a narrowing
    (for a choice, the wrong options ruled out but one).

    >>> hint_ladder({"kind": "choice", "hint": "Gold breaks a tie (E2).", "options": ["A", "B"]}, "A")[0]
    'The rule to use: “Who wins” (E2).'
    """
    if d.get("hints"):
        return list(d["hints"])
    ladder = []
    text = " ".join(d.get(k, "") for k in ("hint", "explain", "question"))
    ids = [i for i in dict.fromkeys(_RULE_ID.findall(text)) if i in rules()]
    if ids:
        cards = [f"“{rule_card(i).title}” ({i})" for i in ids[:2]]
        ladder.append(f"The rule to use: {' and '.join(cards)}.")
    else:
        ladder.append("Read the question again: what does it ask you to count or compare?")
    if d.get("hint"):
        ladder.append(d["hint"])
    if d["kind"] == "choice":
        wrong = [o for o in d["options"] if o != answer]
        if len(wrong) > 1:
            out = wrong[: len(wrong) - 1]
            ladder.append("It is not " + " and not ".join(f"“{o}”" for o in out) + ".")
    elif d["kind"] == "number" and answer is not None:
        value = Fraction(str(answer))
        if value.denominator == 1 and value > 2:
            ladder.append(
                f"The answer is a whole number from {int(value) // 2} to {int(value) * 2}."
            )
        elif value.denominator == 1 and value >= 0:
            ladder.append("The answer is a small whole number: 0, 1 or 2.")
    elif d["kind"] == "group" and answer:
        right = {answer} if isinstance(answer, str) else set(answer)
        taken = [district for district, _ in globals()[d["position"]]().groups()]
        others = [district.capitalize() for district in taken if district not in right]
        if len(others) > 1:
            ladder.append(f"It is not the {' nor the '.join(others[:-1])} group.")
    return ladder


@functools.cache  # the lesson list, at every visit
def _puzzle_marks() -> tuple[list[str], list[str]]:
    """The names the marks of lesson 06's and lesson 11's stored puzzles are kept under, in their
    trainers' order, from the puzzles' ids alone: ``_stored_puzzles`` and ``corintho_puzzles``
    check every puzzle as they load (half a second), and the lesson list, which only counts them, is
    the page a class opens most.

    >>> puzzles, corintho = _puzzle_marks()
    >>> puzzles[0], corintho[0]
    ('puzzle-t1-01', 'corintho-w1-01')
    """
    from types import SimpleNamespace

    from corinth.corintho import puzzles as corintho
    from corinth.solver.puzzles import stored_ids
    from corinth.ui.trainer import progress_name

    return (
        [progress_name(SimpleNamespace(id=i)) for i in stored_ids()],
        [corintho_mark(SimpleNamespace(id=i)) for i in corintho.stored_ids()],
    )


@functools.cache  # every puzzle question would load and check all the stored sets again
def _stored_puzzles() -> tuple:
    from corinth.solver.puzzles import load_puzzles

    return tuple(load_puzzles())


# --- lesson 11: Corintho, the second game ------------------------------------------------------

# The positions lesson 11 shows, each played move by move through Corintho's engine (2 players).
CORINTHO_POSITIONS = {
    # every kind of stack: base, column, capital; column on a base, capital on a column, full column
    "pieces": (
        "base a1", "column b1", "capital c1", "base a3", "column a3",
        "column b3", "capital b3", "base d3", "column d3", "capital d3",
    ),
    # player 1 to play: a base on b2, a column on a base on c2, a full column on a4
    "place": ("base b2", "base c2", "column c2", "base a4", "column a4", "capital a4"),
    # player 1 to play: the column on b2 may move onto c2's base; a2 and c3 are frozen (K4)
    "move": ("column b2", "base c2", "capital a2", "base c3"),
    # player 1 has just claimed three columns on the diagonal a1, b2, c3
    "diagonal": ("column a1", "base b2", "capital d4", "column b2", "column c3"),
    # player 1 has just claimed three columns on a1, b1, c1; d1 is empty
    "claim": ("column a1", "base d4", "column b1", "base d3", "column c1"),
}  # fmt: skip


def corintho_position(name: str):
    """A position of lesson 11 by its name (``CORINTHO_POSITIONS``), played through the engine.

    >>> corintho_position("claim").claim
    (0, ((0, 1, 2),))
    """
    from corinth.corintho import new_game

    game = new_game(2)
    for move in CORINTHO_POSITIONS[name]:
        game = game.apply(move)
    return game


class CorinthoLiveBoard(ipywidgets.VBox):
    """A position of lesson 11 on a live board, with "Start again", which puts the position back
    after the learner's tries."""

    def __init__(self, name: str):
        from corinth.ui import CorinthoBoard

        self.name = name
        self.board = CorinthoBoard(corintho_position(name))
        self.again = ipywidgets.Button(description="Start again", icon="undo")
        self.again.on_click(lambda _b: self.start_again())
        super().__init__([self.board, self.again, self.board.output])

    def start_again(self) -> None:
        self.board.game = corintho_position(self.name)

    def __repr__(self) -> str:
        return repr(self.board)


def corintho_board(name: str, interactive: bool = False):
    """A position of lesson 11 on a board: for viewing, or live (``CorinthoLiveBoard``).

    >>> live = corintho_board("place", interactive=True)
    >>> live.board.play("capital c2"), live.board.game.top("c2")
    (True, 'capital')
    >>> live.start_again(); live.board.game.top("c2")
    'column'
    """
    from corinth.ui import CorinthoBoard

    if interactive:
        return CorinthoLiveBoard(name)
    return CorinthoBoard(corintho_position(name), interactive=False)


@functools.cache  # each board and the trainer would load and check the whole set again
def corintho_puzzles() -> tuple:
    """Corintho's stored puzzles, each checked by the exact search as they load."""
    from corinth.corintho.puzzles import load_puzzles

    return tuple(load_puzzles())


def corintho_mark(puzzle) -> str:
    """The name a Corintho puzzle's solved mark is kept under in the browser: ``corintho-w1-01``
    (the trainer's own, ``corinth.ui.trainer.corintho_mark``)."""
    from corinth.ui.trainer import corintho_mark as mark

    return mark(puzzle)


# Whatever shows Corintho puzzles on the page (the trainer), told of a puzzle solved on another board.
_CORINTHO_LISTENERS: list[Callable[[str], None]] = []


def _corintho_solved(puzzle_id: str) -> None:
    for listener in list(_CORINTHO_LISTENERS):
        listener(puzzle_id)


def corintho_puzzle(puzzle_id: str):
    """One Corintho puzzle on its board, solved by clicks; its mark kept in this browser.

    >>> board = corintho_puzzle("x4-01")
    >>> board.answer(sorted(board.answers)[0])
    True
    """
    from corinth.ui import CorinthoPuzzleBoard

    puzzle = next(p for p in corintho_puzzles() if p.id == puzzle_id)
    board = CorinthoPuzzleBoard(puzzle)
    board.on_solved(lambda: _corintho_solved(puzzle.id))
    if _PROGRESS is not None:
        name = corintho_mark(puzzle)

        def restored(_name: str) -> None:
            if not board.solved and not board.result.value:
                board.result.value = (
                    '<p role="status" class="corinth-solved-before">✓ Solved on an earlier visit. '
                    "Play it again if you like.</p>"
                )

        def forget() -> None:
            if "corinth-solved-before" in board.result.value:
                board.result.value = ""

        _PROGRESS.track(name, on_restore=restored)
        board.on_solved(lambda: _PROGRESS.mark(name))
        _PROGRESS.on_reset(forget)
    return board


def corintho_trainer(kind: str = "win in 1"):
    """Lesson 11's practice: Corintho's puzzles one after another, by kind, solved ones marked in
    this browser, on the trainer every game's sets share (``corinth.ui.trainer.PuzzleTrainer``
    with Corintho's shelf). A puzzle solved on another board of the page is marked here too.

    >>> trainer = corintho_trainer()
    >>> trainer.board.puzzle.id, trainer.board.answer(sorted(trainer.board.answers)[0])
    ('w1-01', True)
    >>> sorted(trainer.solved), trainer.next_puzzle().puzzle.id
    (['w1-01'], 'w1-02')
    >>> board = corintho_puzzle("x4-01")  # solved on its own board: the trainer marks it too
    >>> board.answer(sorted(board.answers)[0]), "x4-01" in trainer.solved
    (True, True)
    """
    from corinth.ui.trainer import CORINTHO_SHELF, PuzzleTrainer

    trainer = PuzzleTrainer(corintho_puzzles(), _PROGRESS, shelf=CORINTHO_SHELF, start=kind)
    _CORINTHO_LISTENERS.append(trainer.heard)
    return trainer


# --- lesson 12: The Four Courts, a card game -------------------------------------------------------

# The stored "which card now?" puzzle lesson 12 asks (player 1's view, a round puzzle).
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


def courts_best_choice() -> str:
    """Lesson 12's puzzle answer, as its button says it: the search's best card and Court.

    >>> courts_best_choice() in _ask_data("12-which-card")["options"]
    True
    """
    (answer,) = courts_puzzle().answers
    return courts_choice_words(answer)


def courts_table(seed: int = 3, rounds: int = 0):
    """A Four Courts table for viewing, from player 1's side (North) against three greedy bots:
    ``rounds`` rounds played by a greedy bot in player 1's place first.

    >>> courts_table(rounds=2).view.phase
    'choose'
    """
    from corinth.courts.bots import make_bot
    from corinth.ui.courts import CourtsBoard

    board = CourtsBoard(seed=seed)
    me = make_bot("greedy", seed)
    for _ in range(rounds):
        if board.view.phase != "choose":
            break  # the game is over
        board.choose(_courts_card(me, board))
        while board.view.phase == "place":  # the learner's card is next: the bot places it
            _courts_place(me, board)
    board.interactive = False
    return board


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
    from corinth.ui.courts import CourtsBoard

    puzzle = courts_puzzle(puzzle_id)
    return CourtsBoard(game=puzzle.game, seat=puzzle.seat, interactive=False)


def courts_game(seed: int = 0):
    """Lesson 12's game: player 1 (North) against three greedy bots, seeded.

    >>> courts_game().view.phase, len(courts_game().hand)
    ('choose', 10)
    """
    from corinth.ui.courts import CourtsBoard

    return CourtsBoard(seed=seed)
