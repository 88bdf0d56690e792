"""Rank every legal move at a decision point, with a worded reason for each.

Three objectives (``immediate``: the points now; ``expected``: Monte Carlo rollouts; ``exact``:
expectimax near the end), two goals (the score, the win) and the other players' models: see
docs/solver.md, which says what each ranks by, how ties are broken and how ``opponents`` names both
the rollouts' bot and the exact rankings' model.

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
>>> best = rank_moves(s, "immediate")[0]
>>> best.rank, str(best.move), best.value, best.loss
(1, 'goats', 2.0, 0.0)
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass

import numpy as np

from corinth.rules import GameState, Move, Take
from corinth.rules.sheet import district_word
from corinth.shared.language import N_, _, current_language, ngettext, number, pgettext

from .bots import ROLLOUT_BOTS, play_game, rollout_bot
from .exact import (
    EXACT_BUDGET,
    OPPONENT_MODELS,
    OutOfReach,
    check_model,
    check_reach,
    estimate_seconds,
    estimate_work,
    in_reach,
    model_words,
    rank_exact,
    reach_words,
    turns_left,
)
from .explain import decimals, general, move_effects, sentence, used_after
from .market import reachable_mask
from .value import best_build_after, move_key, steward_class
from .win import (
    MAX_WIN_WORK,
    WIN_POSITIONS_PER_SECOND,
    estimate_win_seconds,
    estimate_win_work,
    rank_win,
)
from .win import percent as _pct

MIN_SAMPLES = 16  # fewer paired samples can show near-zero variance by chance
Z_DROP = 2.5
TIE_TOLERANCE = 0.25
MAX_ROLLOUTS = 200
MAX_CANDIDATES = 16
# What a ranking's values are, objective by objective (in the CLI's table and the GameApp hint).
VALUE_UNITS = {  # English; shown as _(VALUE_UNITS[objective])
    "immediate": N_("points now"),
    "expected": N_("expected final score"),
    "exact": N_("exact expected final score"),
    "win": N_("chance to win"),
}
GOALS = ("score", "win")
OBJECTIVES = ("immediate", "expected", "exact")
# Seconds a ranking may take by default: what a learner waits for a hint, the rest of the hint's
# work around it included (``exact.HINT_SECONDS``).
DEFAULT_BUDGET = EXACT_BUDGET
# The least difference of chances to win that a ranking for the win calls a disagreement with the
# score: what its percentages (one decimal) show.
SHOWN_DIFFERENCE = 0.001


@dataclass(frozen=True, slots=True)
class RankedMove:
    """One legal move with its rank (1 = best), value and the reason for it.

    ``value`` is points for ``immediate`` and the expected final score for ``expected``; ``loss`` is
    the best value minus this one (≥ 0); ``ci`` is the 95% confidence interval of an ``expected``
    value and ``win_rate`` the mover's share of wins in the rollouts; ``samples`` counts rollouts
    (0 for ``immediate`` and for moves that were not rolled out).
    """

    move: Move
    rank: int
    value: float
    loss: float
    explanation: str
    ci: tuple[float, float] | None = None
    win_rate: float | None = None
    samples: int = 0

    def as_dict(self) -> dict:
        return {
            "move": str(self.move),
            "rank": self.rank,
            "value": self.value,
            "loss": self.loss,
            "explanation": self.explanation,
            "ci": list(self.ci) if self.ci else None,
            "win_rate": self.win_rate,
            "samples": self.samples,
        }


def _check_decision(state: GameState) -> None:
    if state.is_over:
        raise ValueError(_("the game is over: there is no move to rank"))
    if state.is_chance:
        raise ValueError(
            _("the dice are about to be rolled (a chance node): there is no move to rank")
        )


def _claimable(state: GameState, afters: list[GameState]) -> dict[int, int]:
    """Bonuses some legal move claims now: district index → points."""
    who = state.current_player
    out = {}
    for i, d in enumerate(state.sheet.districts):
        if state.bonus_owner[i] < 0 and any(a.bonus_owner[i] == who for a in afters):
            out[i] = d.bonus
    return out


def _loss_text(state: GameState, loss: float, unit: str, best: Move, move: Move) -> str:
    """How far ``move`` is from the best, the best named in plain words (the notation is the
    ranking's ``move`` field)."""
    if loss <= 1e-9:
        if move == best:
            return _("Best move.")
        return _("As good as the best move: {best}").format(best=_words(state, best))
    if unit == "points":
        text = _("{loss} points less than the best move: {best}")
    else:  # "points of expected final score"
        text = _("{loss} points of expected final score less than the best move: {best}")
    return text.format(loss=decimals(loss, 2), best=_words(state, best))


def _words(state: GameState, move: Move) -> str:
    """``move`` as the engine's sentence, for the end of an explanation ("Build nothing.")."""
    text = state.describe_move(move)
    return text if text.endswith(".") else text + "."


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else decimals(x, 2)


# --- immediate -------------------------------------------------------------------------------


def _rank_immediate(state: GameState, top: int | None) -> list[RankedMove]:
    moves = state.legal_moves()
    # Steward moves of one class (same group, length, arrival, shops) are worth the same now: value
    # and apply one (the after-state is only read for the explanation).
    rep: dict[object, tuple[tuple, GameState]] = {}
    keys, afters = [], []
    for m in moves:
        cls = steward_class(m) or m
        if cls not in rep:
            rep[cls] = (move_key(state, m), state.apply(m))
        keys.append(rep[cls][0])
        afters.append(rep[cls][1])
    order = sorted(range(len(moves)), key=lambda i: keys[i], reverse=True)
    if top is not None:
        order = order[:top]
    best_value = float(keys[order[0]][0]) if order else 0.0
    best = moves[order[0]] if order else None
    claim = _claimable(state, [a for _, a in rep.values()])
    out = []
    for rank, i in enumerate(order, 1):
        value = float(keys[i][0])
        loss = best_value - value
        gains, costs = move_effects(state, afters[i], moves[i], claim)
        text = sentence(gains, costs) + _build_text(state, moves[i], afters[i], keys[i][0])
        text += " " + _loss_text(state, loss, "points", best, moves[i])
        if loss == 0 and rank > 1:
            b, k = keys[order[0]], keys[i]
            if k[1] != b[1]:
                text += " " + _(
                    "Ranked below it on the tie-break: {held} gold and goats held against {best}."
                ).format(held=k[1], best=b[1])
            elif k[2] != b[2]:
                text += " " + _(
                    "Ranked below it on the tie-break: {used} market cells used against {best}."
                ).format(used=-k[2], best=-b[2])
            else:
                text += " " + _("Equal on every tie-break; listed in legal-move order.")
        out.append(RankedMove(moves[i], rank, value, loss, text))
    return out


def _build_text(state: GameState, move: Move, after: GameState, value: int) -> str:
    """The build a move pays for, when the move's value counts it (B1, B2)."""
    who = state.current_player
    if value == after.score(who):
        return ""
    build = best_build_after(state, move)
    if build:
        return " " + _("It pays for {build}, which brings the score to {value}.").format(
            build=build.describe(after), value=value
        )
    return " " + _("It pays for a build, which brings the score to {value}.").format(value=value)


# --- exact -----------------------------------------------------------------------------------


def refusal(
    state: GameState,
    opponents: str = "greedy",
    goal: str = "score",
    budget: float | None = EXACT_BUDGET,
) -> str:
    """Why the exact ranking of ``state`` (for ``goal``, the others as ``opponents`` models them)
    is refused within ``budget`` CPU seconds, by the estimates of its work made before any of it
    (``exact.estimate_seconds``, ``win.estimate_win_seconds``): one sentence naming what answers
    in time instead, the sentence every entry point gives (``rank_moves``, ``corinth solve``, the
    hint); "" when it answers. Raises ``OutOfReach`` like ``exact.check_reach``.

    >>> from corinth.solver.exact import late_states
    >>> s = late_states(1)[0]
    >>> refusal(s)
    ''
    >>> refusal(s, "cautious", budget=0.01)[:61]
    'the exact ranking against cautious opponents would take about'
    >>> "what answers in time: " in refusal(s, goal="win", budget=0.01)
    True
    """
    model = check_model(opponents)
    check_reach(state)
    if budget is None or _estimate(state, model, goal, budget) <= budget:
        return ""
    seconds = _estimate(state, model, goal, None)  # counted to the end, for the words
    if goal == "win":
        cost = _(
            "the chance to win would take about {seconds} of work here ({n} positions to value)"
        ).format(seconds=_secs(seconds), n=_whole_text(estimate_win_work(state, model)))
        score = estimate_seconds(state, model)
        answers = [
            _("the exact expected final score (about {seconds})").format(seconds=_secs(score))
        ] * (score <= budget)
    else:
        cost = _(
            "the exact ranking against {model} opponents would take about {seconds} of "
            "work here ({n} rolls to enumerate)"
        ).format(
            model=_model_name(model),
            seconds=_secs(seconds),
            n=_whole_text(estimate_work(state, model)),
        )
        greedy = estimate_seconds(state, "greedy", limit=budget)
        answers = [_("the greedy model (about {seconds})").format(seconds=_secs(greedy))] * (
            greedy <= budget
        )
    answers.append(_("the estimate by rollouts"))
    if turns_left(state) > 1:
        if goal == "win":
            answers.append(_("the chance to win again at the last turn"))
        else:
            answers.append(_("the exact ranking again at the last turn"))
    listed = (
        _("{list} or {last}").format(list=", ".join(answers[:-1]), last=answers[-1])
        if len(answers) > 1
        else answers[0]
    )
    return _("{cost}, more than the {budget} s allowed; what answers in time: {listed}").format(
        cost=cost, budget=general(budget), listed=listed
    )


# The opponent models' names as a sentence says them ("against cautious opponents").
MODEL_NAMES = ("greedy", "cautious", "random")


def _model_name(model: str) -> str:
    """An opponent model's name as "against {model} opponents" says it, in the language spoken."""
    return {
        "greedy": lambda: pgettext("opponents", "greedy"),
        "cautious": lambda: pgettext("opponents", "cautious"),
        "random": lambda: pgettext("opponents", "random"),
    }.get(model, lambda: model)()


def _whole_text(n: int) -> str:
    """A whole number with its thousands marked, as the language spoken writes it ("2,493")."""
    return f"{n:,}" if current_language() == "en" else number(n)


def _estimate(state: GameState, model: str, goal: str, limit: float | None) -> float:
    """The CPU seconds of the exact ranking by the estimates (``limit``: as ``estimate_seconds``)."""
    score = estimate_seconds(state, model, limit=limit)
    return score + estimate_win_seconds(state, model) if goal == "win" else score


def _secs(seconds: float) -> str:
    """Seconds in words: one decimal below 10, whole seconds above (``1.5 s``, ``2,493 s``)."""
    if current_language() == "en":
        return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:,.0f} s"
    value = number(seconds, decimals=1) if seconds < 10 else number(seconds, decimals=0)
    return _("{seconds} s").format(seconds=value)


def _rank_exact(
    state: GameState,
    top: int | None,
    opponents: str = "greedy",
    budget: float | None = EXACT_BUDGET,
) -> list[RankedMove]:
    refused = refusal(state, opponents, "score", budget)  # raises OutOfReach first
    if refused:
        raise OutOfReach(refused)
    ranked = rank_exact(state, opponents=opponents)
    who = state.current_player
    best_move, best_value = ranked[0]
    afters = {str(m): state.apply(m) for m, _ in ranked}
    claim = _claimable(state, list(afters.values()))
    left = turns_left(state, who)
    assumption = (
        _("assuming {model} and player {n} plays the best later moves")
        if left > 1
        else _("assuming {model}")
    ).format(model=model_words(opponents, who), n=who + 1)
    out = []
    for rank, (m, value) in enumerate(ranked[: len(ranked) if top is None else top], 1):
        loss = max(0.0, round(best_value - value, 9))
        gains, costs = move_effects(state, afters[str(m)], m, claim)
        text = sentence(gains, costs)
        text += " " + _("Exact expected final score {value}, {assumption}.").format(
            value=decimals(value, 2), assumption=assumption
        )
        text += " " + _loss_text(state, loss, "points of expected final score", best_move, m)
        out.append(RankedMove(m, rank, value, loss, text))
    return out


def _rank_win(
    state: GameState, top: int | None, opponents: str, max_work: int | None = MAX_WIN_WORK
) -> list[RankedMove]:
    """The ranking for the win: the exact chance to win, ties broken by the exact expected final
    score; it says where the two goals disagree, and why when a bonus race decides it."""
    score = rank_exact(state, opponents=opponents)  # raises OutOfReach first
    chance = dict(rank_win(state, opponents, max_work))  # raises OutOfReach past max_work
    points = dict(score)
    # stable: of moves that win as often, the one scoring more first (then legal-move order)
    ranked = sorted((m for m, _ in score), key=lambda m: -chance[m])
    who = state.current_player
    best, top_score = ranked[0], score[0][0]
    afters = {m: state.apply(m) for m in ranked}
    claim = _claimable(state, list(afters.values()))
    left = turns_left(state, who)
    assumption = (
        _("assuming {model} and player {n} plays for the win later")
        if left > 1
        else _("assuming {model}")
    ).format(model=model_words(opponents, who), n=who + 1)
    out = []
    for rank, m in enumerate(ranked[: len(ranked) if top is None else top], 1):
        loss = max(0.0, round(chance[best] - chance[m], 9))
        text = sentence(*move_effects(state, afters[m], m, claim))
        text += " " + _(
            "Exact chance to win {chance} (a shared victory counts as its share), "
            "expected final score {score}, {assumption}."
        ).format(chance=_pct(chance[m]), score=decimals(points[m], 2), assumption=assumption)
        if loss <= 1e-9:
            if m == best:
                text += " " + _("Best move.")
            else:
                text += " " + _("As good as the best move: {best}").format(best=_words(state, best))
        else:
            text += " " + _("{loss} less chance to win than the best move: {best}").format(
                loss=_pct(loss), best=_words(state, best)
            )
        if m == best and m != top_score and chance[m] > chance[top_score] + SHOWN_DIFFERENCE:
            fewer = points[top_score] - points[m]
            why = _why_it_wins(state, afters[m], afters[top_score])
            values = dict(
                fewer=decimals(fewer, 2),
                top=_words(state, top_score).rstrip("."),
                chance=_pct(chance[m]),
                other=_pct(chance[top_score]),
                why=why,
            )
            if why:
                text += " " + _(
                    "It scores {fewer} fewer points than the move that scores the most "
                    "({top}) but wins more often ({chance} against {other}): {why}."
                ).format(**values)
            else:
                text += " " + _(
                    "It scores {fewer} fewer points than the move that scores the most "
                    "({top}) but wins more often ({chance} against {other})."
                ).format(**values)
        elif m == top_score and m != best and chance[best] > chance[m] + SHOWN_DIFFERENCE:
            text += " " + _(
                "It scores the most points but wins less often than the best move for the win "
                "({chance} against {best})."
            ).format(chance=_pct(chance[m]), best=_pct(chance[best]))
        out.append(RankedMove(m, rank, chance[m], loss, text, win_rate=chance[m]))
    return out


def _why_it_wins(state: GameState, after: GameState, other: GameState) -> str:
    """A bonus race the move for the win takes and the move for points leaves open, as words."""
    who = state.current_player
    for i, d in enumerate(state.sheet.districts):
        if after.bonus_owner[i] == who and other.bonus_owner[i] != who:
            rivals = [
                (sum(state.players[k].shops[i]), k) for k in range(state.num_players) if k != who
            ]
            goods, rival = max(rivals)
            if goods:
                return _(
                    "it takes the {district} bonus race ({points} points) from player {n}"
                ).format(district=district_word(d.name), points=d.bonus, n=rival + 1)
            return _("it takes the {district} bonus race ({points} points)").format(
                district=district_word(d.name), points=d.bonus
            )
    return ""


# --- expected --------------------------------------------------------------------------------


@dataclass(eq=False)
class _Candidate:
    moves: list[Move]
    after: GameState
    ikey: tuple
    reach: int
    cls: object
    results: list[float]
    wins: list[float]
    alive: bool = True
    rolled: bool = True
    stale: bool = False  # ``after`` is another path's state of the same class (used cells differ)


def _screen(cands: list[_Candidate], limit: int) -> list[_Candidate]:
    """Pick at most ``limit`` candidates to roll out.

    Within a steward class (same immediate effect) the path leaving the most reachable cells is the
    representative. Representatives are then ordered by immediate key (then reachable cells); the best
    of each harbor district taken comes first so every kind of action is represented.
    """
    reps: dict[object, _Candidate] = {}
    for c in cands:
        r = reps.get(c.cls)
        if r is None or (c.reach, c.ikey) > (r.reach, r.ikey):
            reps[c.cls] = c
    ordered = sorted(reps.values(), key=lambda c: (c.ikey, c.reach), reverse=True)
    chosen: list[_Candidate] = []
    seen_kind: set = set()
    for c in ordered:
        m = c.moves[0]
        kind = (m.district, bool(m.path)) if isinstance(m, Take) else type(m)
        if kind not in seen_kind:
            seen_kind.add(kind)
            chosen.append(c)
    for c in ordered:
        if len(chosen) >= limit:
            break
        if c not in chosen:
            chosen.append(c)
    return chosen[: max(limit, 1)]


def _rollout(after: GameState, bot: str, seed: int, k: int, who: int) -> tuple[float, float]:
    seats = [rollout_bot(bot, seed * 1_000_003 + k * 8 + i) for i in range(after.num_players)]
    final = play_game(after, seats, np.random.default_rng([seed, k]))
    win = 1.0 / len(final.winners) if who in final.winners else 0.0
    return float(final.score(who)), win


def _race(
    cands: list[_Candidate],
    who: int,
    bot: str,
    seed: int,
    budget: float | None,
    max_rollouts: int,
    full_first_round: bool = False,
) -> None:
    """The rollouts: round after round over the candidates still in the race, until the stopping
    rule (``_settled``) ends it, ``max_rollouts`` rounds are played or the budget is spent."""
    start = time.perf_counter()
    done = 0
    for k in range(max_rollouts):
        alive = [c for c in cands if c.alive]
        for c in alive:
            over = budget is not None and time.perf_counter() - start > budget
            if over and done and (k or not full_first_round):
                return
            done += 1
            score, win = _rollout(c.after, bot, seed, k, who)
            c.results.append(score)
            c.wins.append(win)
        if k + 1 < MIN_SAMPLES or len(alive) == 1:
            if len(alive) == 1:
                return
            continue
        if _settled(alive):
            return


def _settled(alive: list[_Candidate]) -> bool:
    """The stopping rule, after a round: drop each candidate whose paired difference to the leader
    is more than ``Z_DROP`` standard errors below zero; settled when every other one left is
    within ±``TIE_TOLERANCE`` points of the leader (paired 95% interval)."""
    means = [np.mean(c.results) for c in alive]
    leader = alive[int(np.argmax(means))]
    lead = np.asarray(leader.results)
    settled = True
    for c in alive:
        if c is leader:
            continue
        d = lead - np.asarray(c.results)
        se = d.std(ddof=1) / math.sqrt(len(d))
        if d.mean() - Z_DROP * se > 0:
            c.alive = False
        elif abs(d.mean()) + 1.96 * se > TIE_TOLERANCE:
            settled = False
    return settled


def _rank_expected(
    state: GameState,
    seed: int,
    budget: float | None,
    opponents: str,
    top: int | None,
    max_rollouts: int,
    max_candidates: int,
    full_first_round: bool = False,
) -> list[RankedMove]:
    """The ``expected`` ranking: the candidates, those rolled out, the race, then the ranking."""
    moves = state.legal_moves()
    rollout_bot(opponents)  # fail early on an unknown bot name
    cands, class_after = _candidates(state, moves)
    rolled = _to_roll(state, cands, max_candidates)
    _race(rolled, state.current_player, opponents, seed, budget, max_rollouts, full_first_round)
    unsampled = {id(c) for c in rolled if not c.results}  # the budget ran out before their turn
    for c in rolled:
        c.rolled = bool(c.results)
    rolled = [c for c in rolled if c.results]
    stats, class_value = _expected_stats(rolled, cands)
    claim = _claimable(state, list(class_after.values()) + [c.after for c in cands])
    limit = len(moves) if top is None else top
    notes = _ExpectedNotes(unsampled, class_value, len(cands))
    return _expected_ranking(state, cands, stats, claim, limit, notes)


def _candidates(
    state: GameState, moves: list[Move]
) -> tuple[list[_Candidate], dict[object, GameState]]:
    """The legal ``moves`` merged into candidates by the position they lead to, and the after-state of
    each steward class (one move per class applied)."""
    who = state.current_player
    # Steward moves of one class differ only in the cells they use up, so (class, used cells) is
    # their state.key(); one move per class is applied and the rest share its after-state lazily.
    groups: dict[tuple, _Candidate] = {}
    class_after: dict[object, GameState] = {}
    for m in moves:
        cls = steward_class(m)
        if cls is not None:
            a = class_after.get(cls)
            if a is None:
                a = class_after[cls] = state.apply(m)
            used = used_after(state, m)
            key = (cls, used)
        else:
            a = state.apply(m)
            key = a.key()
            used = a.players[who].used
        c = groups.get(key)
        if c is None:
            p = a.players[who]
            reach = bin(reachable_mask(p.steward, used)).count("1")
            ikey = move_key(state, m)
            groups[key] = _Candidate([m], a, ikey, reach, cls or m, [], [])
        else:
            c.moves.append(m)
    for c in groups.values():
        if c.after.players[who].used != used_after(state, c.moves[0]) and steward_class(c.moves[0]):
            c.stale = True
    return list(groups.values()), class_after


def _to_roll(state: GameState, cands: list[_Candidate], max_candidates: int) -> list[_Candidate]:
    """The candidates to roll out (all, or the screened ones), each with its own after-state, in
    screening order; the others marked as not rolled out. When all are rolled out, ``cands``
    itself is sorted (the ranking's order of ties follows it)."""
    rolled = cands if len(cands) <= max_candidates else _screen(cands, max_candidates)
    for c in rolled:
        if c.stale:
            c.after = state.apply(c.moves[0])
            c.stale = False
    rolled_ids = {id(c) for c in rolled}
    for c in cands:
        c.rolled = id(c) in rolled_ids
        c.alive = c.rolled
    # Rolled out in screening order, so when the budget runs out in the first round the most
    # promising candidates have their samples; the others count as not rolled out.
    rolled.sort(key=lambda c: (c.ikey, c.reach), reverse=True)
    return rolled


_Stats = dict[int, tuple[float, tuple | None, float | None, int]]


def _expected_stats(
    rolled: list[_Candidate], cands: list[_Candidate]
) -> tuple[_Stats, dict[object, float]]:
    """Each candidate's (mean, 95% interval, win share, rollouts), by ``id``, and the best mean of
    each steward class rolled out: the value of a candidate not rolled out, else its points now."""
    stats: _Stats = {}
    class_value: dict[object, float] = {}
    for c in rolled:
        x = np.asarray(c.results)
        n = len(x)
        mean = float(x.mean())
        ci = None
        if n >= 2:
            half = 1.96 * float(x.std(ddof=1)) / math.sqrt(n)
            ci = (mean - half, mean + half)
        stats[id(c)] = (mean, ci, float(np.mean(c.wins)), n)
        class_value[c.cls] = max(class_value.get(c.cls, -math.inf), mean)
    for c in cands:
        if not c.rolled:
            v = class_value.get(c.cls, float(c.ikey[0]))
            stats[id(c)] = (v, None, None, 0)
    return stats, class_value


@dataclass(frozen=True)
class _ExpectedNotes:
    """What the explanation of a candidate not rolled out says: why, and where its value is from."""

    unsampled: set[int]  # ids of the candidates the budget ran out before
    class_value: dict[object, float]  # steward classes with a rolled-out move
    candidates: int


def _expected_ranking(
    state: GameState,
    cands: list[_Candidate],
    stats: _Stats,
    claim: dict[int, int],
    limit: int,
    notes: _ExpectedNotes,
) -> list[RankedMove]:
    """The ranking of the candidates' moves, best first, at most ``limit`` moves."""

    def order_key(c: _Candidate):
        mean, _, win, n = stats[id(c)]
        # Survivors of the race first: a dropped candidate never ranks above one still in it.
        return (c.rolled, c.alive, mean, win if win is not None else -1.0, c.ikey, c.reach)

    ordered = sorted(cands, key=order_key, reverse=True)
    best_c = ordered[0]
    best_value = stats[id(best_c)][0]
    best_move = best_c.moves[0]
    out: list[RankedMove] = []
    rank = 0
    for c in ordered:
        mean, ci, win, n = stats[id(c)]
        loss = max(0.0, best_value - mean)
        for m in c.moves:
            rank += 1
            if rank > limit:
                break
            # Moves of one candidate share its after-state: the same effects but for the cells used up,
            # which move_effects reads from the move's own path.
            gains, costs = move_effects(state, c.after, m, claim)
            text = sentence(gains, costs) + _expected_words(c, stats[id(c)], notes)
            if len(c.moves) > 1:
                others = len(c.moves) - 1
                text += " " + ngettext(
                    "Leads to the same position as {n} other move(s).",
                    "Leads to the same position as {n} other move(s).",
                    others,
                ).format(n=others)
            text += " " + _loss_text(state, loss, "points of expected final score", best_move, m)
            out.append(RankedMove(m, rank, mean, loss, text, ci, win, n))
    return out


def _expected_words(c: _Candidate, stat: tuple, notes: _ExpectedNotes) -> str:
    """The candidate's estimate in words, or why it was not rolled out and what its value is."""
    mean, ci, win, n = stat
    if n:
        values = dict(
            mean=decimals(mean, 2),
            low=decimals(ci[0], 2) if ci else "",
            high=decimals(ci[1], 2) if ci else "",
            share=_pct_whole(win),
            n=n,
        )
        if ci:
            text = ngettext(
                "Expected final score {mean} (95% CI {low} to {high}), win share {share} over {n}"
                " rollouts.",
                "Expected final score {mean} (95% CI {low} to {high}), win share {share} over {n}"
                " rollouts.",
                n,
            )
        else:
            text = ngettext(
                "Expected final score {mean}, win share {share} over {n} rollouts.",
                "Expected final score {mean}, win share {share} over {n} rollouts.",
                n,
            )
        return " " + text.format(**values)
    why = (
        _("the time budget ran out first")
        if id(c) in notes.unsampled
        else _("screened out among {n} candidates").format(n=notes.candidates)
    )
    if c.cls in notes.class_value:
        text = _(
            "Not rolled out ({why}); value {value} is that of the rolled-out move with the same"
            " immediate effect."
        )
    else:
        text = _("Not rolled out ({why}); value {value} is the points it secures now.")
    return " " + text.format(why=why, value=_fmt(mean))


def _pct_whole(share: float) -> str:
    """A share in whole percent ("83%"; "83 %" in French and German)."""
    if current_language() == "en":
        return f"{100 * share:.0f}%"
    return _("{n}%").format(n=number(100 * share, decimals=0))


@dataclass(frozen=True)
class RankOptions:
    """How ``rank_moves`` ranks, each option with one meaning, checked when made (a ValueError
    naming the option):

    - ``seed``: the seed of the ``expected`` rollouts (a whole number ≥ 0);
    - ``budget``: the wall-clock seconds of the ``expected`` rollouts (None: no limit, so the
      result depends only on ``seed``);
    - ``rollout_bot``: the bot playing every seat in the rollouts (``bots.ROLLOUT_BOTS``);
    - ``model``: the other players' model in the exact rankings (``exact.OPPONENT_MODELS``);
    - ``top``: keep the best ``top`` moves only (None: every move);
    - ``max_rollouts``, ``max_candidates``: the rollouts per candidate, the candidates rolled out;
    - ``full_first_round``: every candidate rolled out once, even past the budget;
    - ``exact``: ``expected`` answers with the exact ranking where it fits (``exact.in_reach``);
    - ``goal``: ``score`` (the expected final score) or ``win`` (the exact chance to win);
    - ``exact_budget``: the CPU seconds an exact ranking (of the score, or for the win) may take
      by the estimate of its work made before it (``refusal``): past it the ranking is refused at
      once, ``OutOfReach`` saying why and what answers instead. None: no estimate (for the win,
      at most ``win.MAX_WIN_WORK`` positions valued).

    >>> RankOptions(top=3, model="cautious").model
    'cautious'
    >>> RankOptions(budget=-5)
    Traceback (most recent call last):
    ...
    ValueError: budget: a number of seconds above 0 (or None: no limit), not -5
    """

    seed: int = 0
    budget: float | None = DEFAULT_BUDGET
    rollout_bot: str = "greedy"
    model: str = "greedy"
    top: int | None = None
    max_rollouts: int = MAX_ROLLOUTS
    max_candidates: int = MAX_CANDIDATES
    full_first_round: bool = False
    exact: bool = True
    goal: str = "score"
    exact_budget: float | None = EXACT_BUDGET

    def __post_init__(self) -> None:
        _whole("seed", self.seed, 0)
        if self.top is not None:
            _whole("top", self.top, 1)
        _whole("max_rollouts", self.max_rollouts, 1)
        _whole("max_candidates", self.max_candidates, 1)
        for name in ("budget", "exact_budget"):
            if getattr(self, name) is not None:
                _check_seconds(name, getattr(self, name))
        if not isinstance(self.rollout_bot, str) or self.rollout_bot not in ROLLOUT_BOTS:
            raise ValueError(
                f"rollout_bot: unknown bot {self.rollout_bot!r}; the rollouts' bots: "
                f"{', '.join(sorted(ROLLOUT_BOTS))}"
            )
        if not isinstance(self.model, str) or self.model not in OPPONENT_MODELS:
            raise ValueError(
                f"model: unknown model {self.model!r} of the other players; the models: "
                f"{', '.join(OPPONENT_MODELS)}"
            )
        for name in ("full_first_round", "exact"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name}: True or False, not {getattr(self, name)!r}")
        if not isinstance(self.goal, str) or self.goal not in GOALS:
            raise ValueError(
                f"goal: unknown goal {self.goal!r}: use 'score' (the default) or 'win'"
            )

    @classmethod
    def from_keywords(cls, objective: str, **keywords) -> RankOptions:
        """The options of ``rank_moves``' keywords, where ``opponents`` (one word for two things)
        names the model of the exact rankings and, for ``expected``, the rollouts' bot too when
        it is one; an unknown keyword is a TypeError naming it.

        >>> RankOptions.from_keywords("expected", opponents="random").rollout_bot
        'random'
        >>> RankOptions.from_keywords("expected", opponents="cautious").model
        'cautious'
        """
        return _from_keywords(objective, keywords)[0]


def _from_keywords(objective: str, keywords: dict) -> tuple[RankOptions, bool]:
    """``RankOptions.from_keywords``, and whether ``opponents`` named a model that is no bot (the
    ``expected`` rollouts then refuse it rather than play another bot)."""
    unknown = sorted(set(keywords) - _KEYWORDS)
    if unknown:
        raise TypeError(f"rank_moves: unknown option {unknown[0]!r}")
    keywords = dict(keywords)
    model_only = False
    if "opponents" in keywords:
        opponents = keywords.pop("opponents")
        if not isinstance(opponents, str) or (
            opponents not in ROLLOUT_BOTS and opponents not in OPPONENT_MODELS
        ):
            if objective == "expected":
                raise ValueError(
                    f"opponents: unknown bot {opponents!r}; the rollouts' bots: "
                    f"{', '.join(sorted(ROLLOUT_BOTS))} (and near the end the models "
                    f"{', '.join(OPPONENT_MODELS)})"
                )
            check_model(opponents)  # the error names the models
        if opponents in OPPONENT_MODELS:
            keywords.setdefault("model", opponents)
        if opponents in ROLLOUT_BOTS:
            keywords.setdefault("rollout_bot", opponents)
        else:
            model_only = True
    return RankOptions(**keywords), model_only


_KEYWORDS = {f.name for f in dataclasses.fields(RankOptions)} | {"opponents"}


def rank_moves(
    state: GameState,
    objective: str = "immediate",
    options: RankOptions | None = None,
    **keywords,
) -> list[RankedMove]:
    """Rank every legal move of the player to decide (docs/solver.md says what each objective
    ranks by) with ``options`` (``RankOptions``), or the same options as keywords (``seed=``,
    ``budget=``, ``top=``, …); ``opponents=`` is the older keyword naming both the exact rankings'
    model and the rollouts' bot (docs/solver.md says how the two meet).

    >>> from corinth.rules import new_game
    >>> s = new_game(players=2, seed=5, first_player=0).apply("buy 0").apply("roll 111223466")
    >>> ranked = rank_moves(s, "expected", seed=1, budget=None, max_rollouts=8, top=3)
    >>> [r.rank for r in ranked], ranked[0].loss, ranked[0].samples > 0
    ([1, 2, 3], 0.0, True)

    Near the end, against opponents who each take the group worst for the mover:

    >>> from corinth.solver.exact import late_states
    >>> late = late_states(1)[0]
    >>> ranked = rank_moves(late, "exact", RankOptions(model="cautious", top=1))
    >>> "worst for player" in ranked[0].explanation
    True
    """
    o, model_only = _checked_options(state, objective, options, keywords)
    top = o.top
    if o.goal == "win":
        return _rank_for_win(state, objective, o)
    if objective == "immediate":
        return _rank_immediate_said(state, o)
    if objective == "exact":
        return _rank_exact(state, top, o.model, o.exact_budget)
    if o.exact and in_reach(state):
        return _rank_exact(state, top, o.model, o.exact_budget)
    if model_only:
        why = f" ({reach_words(state)})" if o.exact else " (exact=False)"
        raise ValueError(
            _(
                "opponents {model} is a model of the exact ranking only, and it does not "
                "answer here{why}; the rollouts' bots: {bots}"
            ).format(model=repr(o.model), why=why, bots=", ".join(sorted(ROLLOUT_BOTS)))
        )
    return _rank_expected(
        state,
        o.seed,
        o.budget,
        o.rollout_bot,
        top,
        o.max_rollouts,
        o.max_candidates,
        o.full_first_round,
    )


def _checked_options(
    state: GameState, objective: str, options: RankOptions | None, keywords: dict
) -> tuple[RankOptions, bool]:
    """``rank_moves``' arguments checked: its options (from ``options`` or the keywords, not both)
    and whether ``opponents`` named a model that is no bot; a TypeError or ValueError naming the
    problem, also when there is no move to rank."""
    if not isinstance(state, GameState):
        raise TypeError(f"state: a GameState (a position of Corinth), not {type(state).__name__}")
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: use 'immediate', 'expected' or 'exact'")
    model_only = False
    if options is None:
        options, model_only = _from_keywords(objective, keywords)
    elif keywords:
        raise TypeError(
            f"rank_moves: give the options either as RankOptions or as keywords, not both "
            f"({', '.join(sorted(keywords))})"
        )
    elif not isinstance(options, RankOptions):
        raise TypeError(f"options: a RankOptions, not {type(options).__name__}")
    _check_decision(state)
    return options, model_only


def _rank_for_win(state: GameState, objective: str, o: RankOptions) -> list[RankedMove]:
    """The ranking for the win (``goal="win"``), exact and near the end only; with
    ``exact_budget``, refused at once when the estimate of its work is past the budget."""
    if objective not in ("exact", "expected") or not in_reach(state, budget=None):
        why = "" if objective in ("exact", "expected") else f" (not by {objective!r})"
        try:
            check_reach(state)
        except ValueError as e:
            why = f" ({e})"
        raise OutOfReach(
            _(
                "the chance to win is worked out exactly, near the end only: objective 'exact' "
                "with at most 2 turns left{why}"
            ).format(why=why)
        )
    max_work = MAX_WIN_WORK
    if o.exact_budget is not None:  # refused at once when the estimate is past the budget
        refused = refusal(state, o.model, "win", o.exact_budget)
        if refused:
            raise OutOfReach(refused)
        # a backstop should the estimate be far too low (it counts up to a third too few)
        max_work = max(1, int(1.5 * o.exact_budget * WIN_POSITIONS_PER_SECOND))
    return _rank_win(state, o.top, o.model, max_work)


def _rank_immediate_said(state: GameState, o: RankOptions) -> list[RankedMove]:
    """The ``immediate`` ranking, saying so when other players' models were asked for: the points
    a move secures now do not depend on them (said, not silently ignored)."""
    ranked = _rank_immediate(state, o.top)
    if o.model != "greedy" or o.rollout_bot != "greedy":
        which = o.model if o.model != "greedy" else o.rollout_bot
        said = " " + _(
            "({which} opponents were asked for, but the points a move secures "
            "now do not depend on the other players: no model of them is used.)"
        ).format(which=_model_name(which).capitalize())
        ranked = [dataclasses.replace(r, explanation=r.explanation + said) for r in ranked]
    return ranked


def _whole(name: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name}: a whole number, at least {least}, not {value!r}")


def _check_seconds(name: str, value: object) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ValueError(f"{name}: a number of seconds above 0 (or None: no limit), not {value!r}")
