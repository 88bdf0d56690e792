"""Corintho puzzles, every answer verified by the exact search (``solve.py``) when the set is loaded.

Four kinds, each from positions of seeded bot games (so every position is reachable and plausible),
each with every correct move as its answers, a hint ladder (what to look at, then which line or
stack, then the move in words) and an explanation naming its rule:

- ``extend to 4``: the other player has just lined up three; the player to move takes the win at once
  by making it four long (W4). Answers: every move that wins at once.
- ``win in 1``: one move makes a line the other player cannot undo nor extend: it stands after their
  move and wins (W3). Answers: every move that wins so (2 moves of both players), none wins sooner.
- ``win in 2``: no move wins so at once, but one does whatever the other answers, by the player's
  second move (within 4 moves of both players). Answers: every such first move.
- ``stop the threat``: most moves lose by the other's next move (a line they make that cannot be
  undone, or their claimed line left standing). Answers: every move not lost within 3 moves of both
  players; a puzzle is kept only if they are few (1 to 3) and the rest (at least 3) all lose.

The set is ``seeds/puzzles/corintho/puzzles.json``, written by ``python -m corinth.corintho.puzzles``
(seeded: the same file again). ``load_puzzles`` refuses a malformed file with a ``PuzzleError``
naming each problem, and re-derives every puzzle's answers with the search, so a tampered answer is
refused.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 24 and {p.kind for p in puzzles} == set(KINDS)
True
>>> p = puzzles[0]
>>> p.kind, p.answers == answers_for(p.kind, p.game)
('win in 1', True)
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corinth.shared.language import _, pgettext, speaking
from corinth.shared.puzzles import (
    SetRules,
    Verdict,
    load_sets,
    read_set,
    set_ids,
    shown,
    text_problems,
    texts_within,
)

from .bots import GreedyBot, RandomBot, SearchBot
from .game import CorinthoError, Game, Place, Shift, a_piece, cell_name, new_game, parse, the_piece
from .solve import Solver, rank_moves

KINDS = ("win in 1", "win in 2", "stop the threat", "extend to 4")
FORMAT, VERSION = "corintho-puzzles", 1
MAX_BYTES = 200_000  # the stored set is about 30 kB
MAX_PUZZLES = 200
MAX_TEXT = 600  # characters of a question, a hint or an explanation
MAX_ANSWERS = 3  # a puzzle with more correct moves than this is too easy to guess
QUOTA = {"extend to 4": 6, "win in 1": 7, "win in 2": 6, "stop the threat": 7}
FIELDS = ("id", "kind", "question", "moves", "answers", "hints", "explanation", "source")
SEARCH_BUDGET = 20_000  # positions searched at most per position while generating


class PuzzleError(CorinthoError):
    """A puzzle set that cannot be loaded; the message names each problem."""

    def __init__(self, origin: str, problems: list[str]):
        self.problems = problems
        super().__init__(
            f"{origin} is not a valid Corintho puzzle set:\n"
            + "\n".join(f"  - {p}" for p in problems)
        )


@dataclass(frozen=True)
class CorinthoPuzzle:
    """One puzzle: the position (a 2-player game), the question, every correct move, a hint ladder
    from general to specific, and why the answer works."""

    id: str
    kind: str
    question: str
    game: Game
    answers: frozenset[str]
    hints: list[str]
    explanation: str

    def verdict(self, reply: str | Place | Shift) -> Verdict:
        """The judgement of a reply (a move or its notation), the one every board shows: right
        when it is one of the answers, with the words to say.

        >>> p = load_puzzles()[0]
        >>> v = p.verdict(sorted(p.answers)[0])
        >>> v.right, v.words.startswith("Correct!")
        (True, True)
        >>> p.verdict("a1-b2").words
        'Not a legal move here: a stack moves one cell up, down, left or right, never diagonally (K3)'
        """
        try:
            move = parse(reply) if isinstance(reply, str) else reply
            self.game.apply(move)
        except CorinthoError as exc:
            return Verdict(False, False, _("Not a legal move here: {reason}").format(reason=exc))
        if str(move) in self.answers:
            # the stored puzzle's words, from their catalogue
            words = _("Correct! {explanation}").format(explanation=_(self.explanation))
            return Verdict(True, True, words, str(move))
        words = _("Legal, but not an answer: {move} does not do it.").format(
            move=move_words(self.game, move)
        )
        return Verdict(True, False, words, str(move))

    def check(self, reply: str) -> str:
        """Feedback on a reply in notation: "Correct! …", or why it is not (``verdict``'s words)."""
        return self.verdict(reply).words


def set_path() -> Path:
    """``seeds/puzzles/corintho/puzzles.json`` (in a wheel, ``corinth/seeds/...``). Not beside
    Corinth's sets: their loader reads every ``*.json`` of ``seeds/puzzles`` as a Corinth set."""
    here = Path(__file__).resolve().parent.parent
    for seeds in (here / "seeds", here.parent / "seeds"):
        if seeds.is_dir():
            return seeds / "puzzles" / "corintho" / "puzzles.json"
    raise FileNotFoundError("corinth's seeds folder is missing from this installation")


# --- the answers, derived by the search ------------------------------------------------------


def answers_for(kind: str, game: Game, solver: Solver | None = None) -> frozenset[str] | None:
    """Every correct move of a puzzle of ``kind`` in this position, by the exact search, or None if
    the position does not make such a puzzle (no answer, too many, a quicker win, no clear threat,
    or the search not settled within its budget)."""
    if game.players != 2 or game.is_over:
        return None
    solver = solver or Solver(max_positions=SEARCH_BUDGET)
    if kind == "extend to 4":
        if game.claim is None:
            return None
        ranked = rank_moves(game, 1, solver=solver)
        found = frozenset(str(r.move) for r in ranked if r.outcome == "win")
    elif kind == "win in 1":
        if game.claim is not None:
            return None
        ranked = rank_moves(game, 2, solver=solver)
        if any(r.outcome == "win" and r.plies < 2 for r in ranked):
            return None
        found = frozenset(str(r.move) for r in ranked if r.outcome == "win")
    elif kind == "win in 2":
        if game.claim is not None:
            return None
        ranked = rank_moves(game, 4, solver=solver)
        if any(r.outcome == "win" and r.plies <= 2 for r in ranked):
            return None
        if any(r.outcome == "unknown" and r.depth < 4 for r in ranked):
            return None  # not settled: a move might still win
        found = frozenset(str(r.move) for r in ranked if r.outcome == "win")
    elif kind == "stop the threat":
        ranked = rank_moves(game, 3, solver=solver)
        if any(r.outcome == "win" and r.plies <= 2 for r in ranked):
            return None
        if any(r.outcome == "unknown" and r.depth < 3 for r in ranked):
            return None
        lost = [r for r in ranked if r.outcome == "loss"]
        found = frozenset(str(r.move) for r in ranked if r.outcome != "loss")
        if len(lost) < 3:
            return None  # no clear threat
    else:
        raise ValueError(f"a puzzle's kind is one of {', '.join(KINDS)}, not {kind!r}")
    return found if 1 <= len(found) <= MAX_ANSWERS else None


# --- words for a learner ----------------------------------------------------------------------

PLURAL = {"base": "bases", "column": "columns", "capital": "capitals"}


def stack_words(stack: tuple[str, ...]) -> str:
    """('column', 'capital') -> 'a capital on a column' (in the language spoken now)."""
    if len(stack) == 3:
        return pgettext("corintho", "a full column (base, column and capital)")
    if tuple(stack) == ("base", "column"):
        return pgettext("corintho", "a column on a base")
    if tuple(stack) == ("column", "capital"):
        return pgettext("corintho", "a capital on a column")
    if len(stack) == 2:  # not a stack the rules make (P1)
        return f"a {stack[1]} on a {stack[0]}"
    return a_piece(stack[0])


def move_words(game: Game, move: Place | Shift | str, person: int = 2) -> str:
    """A move in plain words, said to the player ('put a capital on d1', 'put a column on the base
    on b2', 'move the capital on c1 onto the column on d1'), in the language spoken now, or of them
    in English (``person=3``: 'puts …', the stored puzzles' words, which their catalogue
    translates)."""
    move = parse(move) if isinstance(move, str) else move
    if person == 2:
        return _move_said(game, move)
    if isinstance(move, Place):
        under = game.board[move.cell]
        where = cell_name(move.cell)
        verb = "put" if person == 2 else "puts"
        if under:
            return f"{verb} a {move.piece} on the {under[-1]} on {where}"
        return f"{verb} a {move.piece} on {where}"
    moving, onto = game.board[move.source], game.board[move.target]
    with speaking("en"):
        what = f"the {moving[0]}" if len(moving) == 1 else f"the stack ({stack_words(moving)})"
    verb = "move" if person == 2 else "moves"
    return (
        f"{verb} {what} on {cell_name(move.source)} onto the {onto[-1]} on {cell_name(move.target)}"
    )


def _move_said(game: Game, move: Place | Shift) -> str:
    """A move said to the player to move, in the language spoken now: 'put a base on d4'."""
    if isinstance(move, Place):
        under = game.board[move.cell]
        where = cell_name(move.cell)
        if under:
            return _("put {piece} on {under} on {cell}").format(
                piece=a_piece(move.piece), under=the_piece(under[-1]), cell=where
            )
        return _("put {piece} on {cell}").format(piece=a_piece(move.piece), cell=where)
    moving, onto = game.board[move.source], game.board[move.target]
    what = (
        the_piece(moving[0])
        if len(moving) == 1
        else _("the stack ({stack})").format(stack=stack_words(moving))
    )
    return _("move {stack} on {source} onto {under} on {target}").format(
        stack=what,
        source=cell_name(move.source),
        under=the_piece(onto[-1]),
        target=cell_name(move.target),
    )


def cells_words(cells) -> str:
    names = [cell_name(c) for c in sorted(cells)]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _line_top(game: Game, line) -> str:
    """'three capitals', 'four columns': a line's length and what it aligns."""
    return f"{'four' if len(line) == 4 else 'three'} {PLURAL[game.top(line[0])]}"


def _made_line(game: Game, move: str) -> tuple[int, ...] | None:
    """The longest line a move claims (W3), if any."""
    after = game.apply(move)
    return after.claim[1][0] if after.claim is not None and not after.is_over else None


def _threat(game: Game, answers: frozenset[str]) -> tuple[str, tuple[int, ...]] | None:
    """What the other player threatens: after a losing move of the player to move, the other's
    winning reply that makes a line; the most common (reply, line) over the losing moves."""
    if game.claim is not None:
        return None
    seen: Counter = Counter()
    for move in game.legal_moves():
        if str(move) in answers:
            continue
        after = game.apply(move)
        if after.is_over:
            continue
        for r in rank_moves(after, 2):
            if r.outcome == "win" and r.plies == 2:
                line = _made_line(after, str(r.move))
                if line is not None:
                    seen[str(r.move), line] += 1
    return max(seen, key=lambda k: (seen[k], k)) if seen else None


def _texts(kind: str, game: Game, answers: frozenset[str]) -> tuple[str, list[str], str]:
    """The question, the hint ladder and the explanation of a puzzle (each kind words its own)."""
    me, other = game.current_player + 1, 2 - game.current_player
    first = sorted(answers)[0]
    words = move_words(game, first)
    more = f" ({len(answers)} moves do it; this is one)" if len(answers) > 1 else ""
    wording = {
        "extend to 4": _extend_texts,
        "win in 1": _win_in_1_texts,
        "win in 2": _win_in_2_texts,
    }.get(kind, _stop_texts)  # else: stop the threat
    question, hints, explanation = wording(game, answers, first, me, other)
    return question, hints + [f"{words.capitalize()}{more}."], explanation


def _extend_texts(game: Game, answers, first: str, me: int, other: int):
    """An "extend to 4" puzzle's question, first hints and explanation."""
    four = _made_four(game, first)
    line = next(ln for ln in game.claim[1] if set(ln) < set(four))
    end = (set(four) - set(line)).pop()
    tops = _line_top(game, line)
    question = (
        f"Player {me} to play. Player {other} has just lined up {tops}. "
        "Take the win with this move."
    )
    hints = [
        f"Look at the line player {other} has just made: can it be made longer?",
        f"The {tops} on {cells_words(line)} have a fourth cell in their line: {cell_name(end)}.",
    ]
    explanation = (
        f"When player {me} {move_words(game, first, 3)}, the {PLURAL[game.top(line[0])]} on {cells_words(four)} "
        f"make player {other}'s line four long, and the player who extends a line of three to "
        "four wins at once (W4)."
    )
    return question, hints, explanation


def _win_in_1_texts(game: Game, answers, first: str, me: int, other: int):
    """A "win in 1" puzzle's question, first hints and explanation."""
    line = _made_line(game, first)
    after = game.apply(first)
    tops = _line_top(after, line)
    question = (
        f"Player {me} to play. Win in one move whatever player {other} does: make a line "
        f"player {other} cannot undo."
    )
    hints = [
        "Look for three cells in a row, a column or a diagonal that one move can give the same "
        f"top, where player {other} cannot change it back.",
        f"The line is {cells_words(line)}: {tops}.",
    ]
    explanation = (
        f"When player {me} {move_words(game, first, 3)}, the {tops} on {cells_words(line)} "
        "are lined up, "
        f"and no move of player {other} changes a stack of that line or makes it four long: "
        f"the line still stands after player {other}'s move, so player {me} wins (W3)."
    )
    return question, hints, explanation


def _win_in_2_texts(game: Game, answers, first: str, me: int, other: int):
    """A "win in 2" puzzle's question, first hints and explanation."""
    line = _made_line(game, first)
    question = f"Player {me} to play. Win in two moves whatever player {other} does."
    second = (
        f"Your first move, {move_words(game, first)}, already lines up {cells_words(line)}: "
        f"player {other} must spend their move answering it."
        if line is not None
        else f"Your first move is on {_move_cell(first)}: it prepares two lines at once."
    )
    hints = [
        f"Look for a first move that leaves player {other} only answers that let you make "
        "a line they cannot undo.",
        second,
    ]
    explanation = (
        f"When player {me} {move_words(game, first, 3)}, every answer of player {other} leaves player "
        f"{me} a move that lines up three stacks with the same top which player {other} can "
        f"neither undo nor extend, so the line stands and player {me} wins on the second move "
        "(W3)."
    )
    return question, hints, explanation


def _stop_texts(game: Game, answers, first: str, me: int, other: int):
    """A "stop the threat" puzzle's question, first hints and explanation: a line already
    claimed, or a threat of the next move."""
    if game.claim is not None:
        line = game.claim[1][0]
        tops = _line_top(game, line)
        question = (
            f"Player {me} to play. Player {other} has just lined up {tops} on "
            f"{cells_words(line)}: it wins unless you answer it. Find every move that saves "
            "the game."
        )
        threat_words = (
            f"The {tops} on {cells_words(line)} win for player {other} if they still stand "
            "after your move"
        )
        rule = "W3, W5"
    else:
        threat = _threat(game, answers)
        reply, line = threat if threat else (None, None)
        question = (
            f"Player {me} to play. Player {other} threatens to win with their next move. Find "
            "every move that stops it."
        )
        threat_words = (
            f"Player {other} threatens: if you play elsewhere, player {other} "
            f"{move_words(game.apply(_elsewhere(game, answers, reply)), reply, 3)}, lining up "
            f"{cells_words(line)}, a line you could not undo"
            if threat
            else f"Player {other} has a line ready that you could not undo"
        )
        rule = "W3"
    hints = [
        f"Before looking for your own line, ask what player {other} wants to do next.",
        f"{threat_words}.",
    ]
    others = len(game.legal_moves()) - len(answers)
    listed = "; ".join(move_words(game, a) for a in sorted(answers))
    explanation = (
        f"{threat_words}. Only {len(answers)} move{'s' if len(answers) > 1 else ''} avoid "
        f"losing within player {other}'s next move ({listed}); the other {others} moves all "
        f"lose ({rule})."
    )
    return question, hints, explanation


def _elsewhere(game: Game, answers: frozenset[str], reply: str) -> str:
    """A move that does not stop the threat and after which ``reply`` is legal (to word it)."""
    for move in game.legal_moves():
        after = game.apply(move)
        if str(move) not in answers and not after.is_over:
            try:
                after.apply(reply)
            except CorinthoError:
                continue
            return str(move)
    raise LookupError("no move lets the threat be played")


def _move_cell(move: str) -> str:
    m = parse(move)
    return cell_name(m.cell if isinstance(m, Place) else m.target)


def _made_four(game: Game, move: str) -> tuple[int, ...]:
    """The line of four an extending move makes (W4)."""
    threes = [set(ln) for ln in game.claim[1] if len(ln) == 3]
    after = game.apply(move)
    return next(
        ln for ln in after.alignments() if len(ln) == 4 and any(t < set(ln) for t in threes)
    )


# --- making the set --------------------------------------------------------------------------


def _bots(seed: int):
    """Seat by seat: the search bot, greedy or random, chosen by the seed (plausible play)."""
    kinds = (SearchBot, GreedyBot, RandomBot)
    return [kinds[(seed // 3**i) % 3](seed * 2 + i) for i in range(2)]


def positions(seed: int):
    """The positions (before each move) of one seeded game between two bots."""
    bots = _bots(seed)
    game = new_game(2)
    while not game.is_over and game.legal_moves() and len(game.history) < 60:
        yield game
        game = game.apply(bots[game.current_player].choose(game))


def make_puzzle(kind: str, game: Game, puzzle_id: str, source: dict) -> dict | None:
    """A stored puzzle (plain data) of ``kind`` from this position, or None if it makes none. Its
    texts are English, whatever the language spoken (the ``puzzles`` catalogue translates them)."""
    with speaking("en"):
        return _make_puzzle(kind, game, puzzle_id, source)


def _make_puzzle(kind: str, game: Game, puzzle_id: str, source: dict) -> dict | None:
    answers = answers_for(kind, game)
    if answers is None:
        return None
    if kind == "win in 1" and any(_made_line(game, a) is None for a in answers):
        return None  # won by leaving the other without a move (E1): not this puzzle
    question, hints, explanation = _texts(kind, game, answers)
    return {
        "id": puzzle_id,
        "kind": kind,
        "question": question,
        "moves": list(game.history),
        "answers": sorted(answers),
        "hints": hints,
        "explanation": explanation,
        "source": source,
    }


def build_set(first_seed: int = 1, quota: dict[str, int] | None = None) -> list[dict]:
    """The puzzle set from seeded games ``first_seed``, ``first_seed + 1``, …: at most one puzzle per
    game and one per position, in seed order, until every kind has its quota."""
    quota = dict(QUOTA if quota is None else quota)
    found: dict[str, list[dict]] = {kind: [] for kind in quota}
    boards: set = set()
    claimed = quota.get("stop the threat", 0) // 2
    answered = 0
    seed = first_seed
    while any(len(found[k]) < n for k, n in quota.items()):
        if seed > first_seed + 3000:
            raise LookupError(f"not enough puzzles in 3000 games from seed {first_seed}")
        for game in positions(seed):
            done = False
            for kind in KINDS:
                if len(found[kind]) >= quota.get(kind, 0) or game.board in boards:
                    continue
                source = {"seed": seed, "move": len(game.history), "bots": _bot_names(seed)}
                if kind == "stop the threat" and game.claim is not None and answered >= claimed:
                    continue  # at most this many threats are a line already claimed
                puzzle = make_puzzle(kind, game, "", source)
                if puzzle is not None:
                    answered += kind == "stop the threat" and game.claim is not None
                    found[kind].append(puzzle)
                    boards.add(game.board)
                    done = True
                    break
            if done:
                break
        seed += 1
    out = []
    for kind in KINDS:
        for i, puzzle in enumerate(found[kind]):
            short = {"win in 1": "w1", "win in 2": "w2", "stop the threat": "st"}.get(kind, "x4")
            out.append({**puzzle, "id": f"{short}-{i + 1:02d}"})
    return out


def _bot_names(seed: int) -> list[str]:
    return [bot.name for bot in _bots(seed)]


def save_set(puzzles: list[dict], path: Path) -> None:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "title": "Corintho puzzles: extend to 4, win in 1, win in 2, stop the threat",
        "puzzles": puzzles,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- loading, every answer checked ------------------------------------------------------------


MAX_HINTS = 8  # a hint ladder: general to specific, a few rungs


def _position_problems(data: dict, game: Game) -> list[str]:
    """What the texts say that can be checked against the position: the player to play named in
    the question, every player named one of the game's, and every move a hint names legal."""
    problems = []
    who = re.match(r"Player (\d+) to play", data["question"])
    if who and int(who.group(1)) != game.current_player + 1:
        problems.append(
            f"question: names player {who.group(1)} to play; player {game.current_player + 1} is"
        )
    texts = [("question", data["question"]), ("explanation", data["explanation"])]
    texts += [(f"hints[{i}]", hint) for i, hint in enumerate(data["hints"])]
    for where, text in texts:
        for n in re.findall(r"[Pp]layer (\d+)", text):
            if not 1 <= int(n) <= game.players:
                problems.append(f"{where}: names player {n}; the game has {game.players}")
        for move in _named_moves(text):
            try:
                game.apply(move)
            except CorinthoError as exc:
                problems.append(f"{where}: names the move {move!r}, not legal here: {exc}")
    return problems


_PUT = re.compile(r"\bPut an? (base|column|capital) on (?:the (?:base|column) on )?([a-d][1-4])\b")
_SHIFT = re.compile(r"\bMove the [a-z ]+? from ([a-d][1-4]) onto the [a-z]+ (?:at|on) ([a-d][1-4])")


def _named_moves(text: str) -> list[str]:
    """The moves a text names in words ("Put a base on d4", "Move the column from a2 onto the base
    at b2"), in notation."""
    moves = [f"{piece} {cell}" for piece, cell in _PUT.findall(text)]
    return moves + [f"{a}-{b}" for a, b in _SHIFT.findall(text)]


def _field_problems(data: dict) -> list[str]:
    """What is wrong with a stored puzzle's fields on their own: missing or unknown fields, texts,
    the kind, the hint ladder, the moves and answers in notation, the source."""
    problems = [f"{key}: missing" for key in FIELDS if key not in data]
    problems += [
        f"{shown(key)}: unknown field (a puzzle has {', '.join(FIELDS)})"
        for key in sorted(set(data) - set(FIELDS), key=str)
    ]
    for key in ("id", "question", "explanation"):
        if key in data:
            problems += text_problems(key, data[key], MAX_TEXT)
    if isinstance(data.get("id"), str) and len(data["id"]) > 40:
        problems.append("id: longer than 40 characters")
    kind = data.get("kind")
    if "kind" in data and kind not in KINDS:
        problems.append(f"kind: expected one of {', '.join(KINDS)}, got {shown(kind)}")
    hints = data.get("hints")
    if "hints" in data:
        if not isinstance(hints, list) or len(hints) < 3:
            problems.append("hints: expected a list of at least 3 hints, general to specific")
        elif len(hints) > MAX_HINTS:
            problems.append(f"hints: {len(hints)} hints, more than a ladder has ({MAX_HINTS})")
        else:
            for i, hint in enumerate(hints):  # every hint, the last one too
                problems += text_problems(f"hints[{i}]", hint, MAX_TEXT)
    answers = data.get("answers")
    if "answers" in data and (
        not isinstance(answers, list)
        or not answers
        or not all(isinstance(a, str) and len(a) < 40 for a in answers)
    ):
        problems.append("answers: expected a list of moves in notation")
    moves = data.get("moves")
    if "moves" in data and (
        not isinstance(moves, list) or not all(isinstance(m, str) and len(m) < 40 for m in moves)
    ):
        problems.append("moves: expected a list of moves in notation, from a new game")
    if "source" in data and not isinstance(data["source"], dict):
        problems.append(f"source: expected an object, got {shown(data['source'])}")
    elif "source" in data:
        problems += texts_within("source", data["source"], 40)
    return problems


def puzzle_from_data(data: Any, where: str = "puzzle") -> CorinthoPuzzle:
    """A puzzle from its stored data, every field checked and its answers derived again by the
    search; raises PuzzleError listing each problem under ``where``."""
    if not isinstance(data, dict):
        raise PuzzleError(where, [f"expected an object of puzzle fields, got {shown(data)}"])
    problems = _field_problems(data)
    if problems:
        raise PuzzleError(where, problems)
    kind, hints, answers, moves = (data[key] for key in ("kind", "hints", "answers", "moves"))
    game = new_game(2)
    for i, move in enumerate(moves):
        try:
            game = game.apply(move)
        except CorinthoError as exc:
            raise PuzzleError(where, [f"moves[{i}] ({move!r}): {exc}"]) from None
    if game.is_over:
        raise PuzzleError(where, ["moves: the game is over after them: there is nothing to play"])
    for i, answer in enumerate(answers):
        try:
            game.apply(answer)
        except CorinthoError as exc:
            problems.append(f"answers[{i}]: {answer!r} is not a legal move here: {exc}")
    problems += _position_problems(data, game)
    if problems:
        raise PuzzleError(where, problems)
    stored = frozenset(str(parse(a)) for a in answers)
    derived = answers_for(kind, game)
    if derived is None:
        raise PuzzleError(where, [f"kind: the search finds no {kind!r} puzzle in this position"])
    if stored != derived:
        wrong = sorted(stored - derived)
        missing = sorted(derived - stored)
        words = []
        if wrong:
            words.append(f"not correct: {', '.join(wrong)}")
        if missing:
            words.append(f"correct but not listed: {', '.join(missing)}")
        raise PuzzleError(where, [f"answers: the search disagrees ({'; '.join(words)})"])
    return CorinthoPuzzle(
        id=data["id"],
        kind=kind,
        question=data["question"],
        game=game,
        answers=derived,
        hints=list(hints),
        explanation=data["explanation"],
    )


def puzzles_from_bytes(raw: bytes | str, origin: str = "the puzzle set") -> list[CorinthoPuzzle]:
    """The puzzles of a set's text; any problem, whatever the bytes, is a PuzzleError (the shared
    loader, ``corinth.shared.puzzles.read_set``, with this game's puzzles)."""
    return read_set(raw, SET_RULES, origin)


def stored_ids(path: str | Path | None = None) -> list[str]:
    """The ids of the puzzles ``load_puzzles`` gives, in its order, read without searching any: for
    a page that only counts them.

    >>> stored_ids() == [p.id for p in load_puzzles()]
    True
    """
    return set_ids(Path(path) if path is not None else set_path())


def load_puzzles(path: str | Path | None = None) -> list[CorinthoPuzzle]:
    """Every puzzle of the stored set (or of the set at ``path``), each answer derived again by the
    exact search; raises PuzzleError naming each problem."""
    path = Path(path) if path is not None else set_path()
    return load_sets([path], SET_RULES)


def main(argv: list[str] | None = None) -> None:
    """``python -m corinth.corintho.puzzles``: write the stored set again (the same file)."""
    parser = argparse.ArgumentParser(description="Make Corintho's puzzle set from seeded games.")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    path = args.out or set_path()
    puzzles = build_set()
    save_set(puzzles, path)
    counts = Counter(p["kind"] for p in puzzles)
    print(f"{path}: {len(puzzles)} puzzles ({', '.join(f'{n} {k}' for k, n in counts.items())})")


SET_RULES = SetRules(
    FORMAT,
    VERSION,
    "Corintho",
    read=puzzle_from_data,
    max_bytes=MAX_BYTES,
    max_puzzles=MAX_PUZZLES,
    error=PuzzleError,
)


if __name__ == "__main__":
    main()
