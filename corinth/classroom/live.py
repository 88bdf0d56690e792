"""Puzzles put in front of a whole class: any stored puzzle of any game, or a position from a saved
game, made into what the pages need — a question, a picture, every move a student may click (as a
sentence), and the solver's ranking with each move's reason for the reveal.

>>> refs = [ref for ref, _, _ in catalogue()]
>>> "corintho/x4-01" in refs and any(r.startswith("corinth/") for r in refs)
True
>>> live = live_puzzle("corintho/x4-01")
>>> live.game, len(live.choices) > 3, live.ranking[0]["best"]
('Corintho', True, True)
"""

from __future__ import annotations

import html
import json
from dataclasses import asdict, dataclass, field
from functools import cache

from corinth.corintho import CorinthoError, Game
from corinth.corintho import from_json as corintho_from_json
from corinth.corintho.game import SIZE, cell_name
from corinth.corintho.puzzles import load_puzzles as corintho_puzzles
from corinth.corintho.puzzles import move_words as corintho_move_words
from corinth.corintho.solve import rank_moves as corintho_rank
from corinth.courts.cards import CARDS, COURTS, SEATS, SUITS
from corinth.courts.puzzles import load_puzzles as courts_puzzles
from corinth.courts.puzzles import rank_choices
from corinth.render.svg import harbor_svg, sheet_svg, side_by_side
from corinth.rules import CorinthError, GameState, game_from_json
from corinth.solver.puzzles import TIERS, candidates, immediate_ranking
from corinth.solver.puzzles import load_puzzles as corinth_puzzles

MAX_SAVED = 200_000  # bytes of a saved game pasted by the teacher
CORINTHO_DEPTH = {"extend to 4": 1, "win in 1": 2, "stop the threat": 3, "win in 2": 4}


class LiveError(ValueError):
    """A puzzle or a saved game that cannot be put in front of the class; the message says why."""


@dataclass(frozen=True)
class LivePuzzle:
    """What every page shows of the live puzzle. ``choices``: each move a student may pick, as
    ``{"move": notation, "words": sentence}``; ``ranking``: every move best first, as ``{"move",
    "words", "verdict", "best"}`` (shown only once the teacher reveals)."""

    ref: str
    game: str
    title: str
    question: str
    picture: str
    choices: list[dict] = field(default_factory=list)
    ranking: list[dict] = field(default_factory=list)
    explanation: str = ""

    def for_students(self) -> dict:
        """What a student's page gets before the reveal: no ranking."""
        data = asdict(self)
        data.pop("ranking")
        data.pop("explanation")
        return data

    def to_dict(self) -> dict:
        return asdict(self)


@cache
def _corinth_set() -> dict:
    return {p.id: p for p in corinth_puzzles()}


@cache
def _corintho_set() -> dict:
    return {p.id: p for p in corintho_puzzles()}


@cache
def _courts_set() -> dict:
    return {p.id: p for p in courts_puzzles()}


def catalogue() -> list[tuple[str, str, str]]:
    """Every stored puzzle of every game as (ref, game, title), for the teacher's list."""
    out = []
    for p in _corinth_set().values():
        if p.objective == "win":
            continue  # its chance to win takes half a minute to rank every move: too long for a class
        out.append((f"corinth/{p.id}", "Corinth", f"{TIERS.get(p.tier, '')}: {p.title}"))
    for p in _corintho_set().values():
        out.append((f"corintho/{p.id}", "Corintho", f"{p.kind}: {p.question.split('. ')[-1]}"))
    for p in _courts_set().values():
        end = "the end of the round" if p.kind == "round" else "the end of the deal"
        out.append((f"four-courts/{p.id}", "The Four Courts", f"which card now, to {end}"))
    return out


def live_puzzle(ref: object) -> LivePuzzle:
    """The live form of a stored puzzle, by its ref (``corinth/<id>`` or ``corintho/<id>``)."""
    if not isinstance(ref, str) or "/" not in ref:
        raise LiveError("choose a puzzle from the list")
    game, _, pid = ref.partition("/")
    if game == "corinth" and pid in _corinth_set():
        return _corinth_live(ref, _corinth_set()[pid])
    if game == "corintho" and pid in _corintho_set():
        p = _corintho_set()[pid]
        return _corintho_live(ref, p.game, p.kind, p.question, p.answers, p.explanation)
    if game == "four-courts" and pid in _courts_set():
        return _courts_live(ref, _courts_set()[pid])
    raise LiveError(f"no stored puzzle {ref[:60]!r}")


def from_saved_game(text: object) -> LivePuzzle:
    """A position from the teacher's own board, as a saved game (Corinth's or Corintho's JSON):
    "what is the best move here?" with every legal move ranked by that game's solver."""
    if not isinstance(text, str) or not text.strip():
        raise LiveError("paste a saved game (the JSON the Save button or 'save' writes)")
    if len(text.encode()) > MAX_SAVED:
        raise LiveError(f"a saved game is at most {MAX_SAVED} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise LiveError("this is not a saved game: it is not JSON") from None
    if isinstance(data, dict) and data.get("format") == "corintho-game":
        try:
            game = corintho_from_json(text)
        except CorinthoError as exc:
            raise LiveError(f"this Corintho game cannot be loaded: {exc}") from None
        if game.is_over or game.players != 2:
            raise LiveError("a live puzzle needs a 2-player Corintho game still going")
        who = f"Player {game.current_player + 1}"
        return _corintho_live("corintho/saved", game, "", f"{who} to play. Find the best move.")
    try:
        state = game_from_json(text)
    except (ValueError, CorinthError) as exc:
        raise LiveError(f"this saved game cannot be loaded: {str(exc)[:200]}") from None
    if state.is_over or not state.legal_moves():
        raise LiveError("a live puzzle needs a position with a move to make")
    question = f"Player {state.current_player + 1} to play. Which move secures the most points now?"
    return _corinth_position("corinth/saved", state, "Your position", question, answer=None)


# --- Corinth ------------------------------------------------------------------------------------


def _corinth_live(ref: str, puzzle) -> LivePuzzle:
    state = puzzle.state
    if puzzle.objective != "immediate":
        values = puzzle.final_values
        win = puzzle.objective == "win"
        moves = sorted(candidates(state, puzzle.kind), key=lambda m: -values[str(m)])

        def verdict(m) -> str:
            v = values[str(m)]
            return (
                f"wins about {round(v * 100)} games in 100"
                if win
                else f"about {v:.1f} points at the end"
            )

        ranking = [
            {
                "move": str(m),
                "words": m.describe(state),
                "verdict": verdict(m),
                "best": str(m) == puzzle.answer,
            }
            for m in moves
        ]
        question = puzzle.question(on_board=True).split("\n", 1)[-1].split(" Click ")[0]
        return _corinth_picture(ref, state, puzzle.title, question, ranking)
    question = puzzle.question(on_board=True).split("\n", 1)[-1].split(" Click ")[0]
    return _corinth_position(
        ref, state, puzzle.title, question, answer=puzzle.answer, kind=puzzle.kind
    )


def _corinth_position(ref, state: GameState, title, question, answer, kind="move") -> LivePuzzle:
    ranked = immediate_ranking(state, kind)
    top = ranked[0][1] if ranked else 0
    ranking = [
        {
            "move": str(m),
            "words": m.describe(state),
            "verdict": f"secures {v} point{'s' if v != 1 else ''} now",
            "best": str(m) == answer if answer is not None else v == top,
        }
        for m, v in ranked
    ]
    return _corinth_picture(ref, state, title, question, ranking)


def _corinth_picture(ref, state: GameState, title, question, ranking) -> LivePuzzle:
    player = state.current_player
    picture = side_by_side(harbor_svg(state), sheet_svg(state, player))
    choices = [
        {"move": r["move"], "words": r["words"]} for r in sorted(ranking, key=lambda r: r["move"])
    ]
    best = [r for r in ranking if r["best"]]
    explanation = f"Best: {best[0]['words']} It {best[0]['verdict']}." if best else ""
    return LivePuzzle(ref, "Corinth", title, question, picture, choices, ranking, explanation)


# --- Corintho -----------------------------------------------------------------------------------


def _corintho_live(ref, game: Game, kind, question, answers=None, explanation="") -> LivePuzzle:
    ranked = corintho_rank(game, depth=max(3, CORINTHO_DEPTH.get(kind, 3)))
    top = ranked[0] if ranked else None
    ranking = [
        {
            "move": str(r.move),
            "words": _said(corintho_move_words(game, r.move)),
            "verdict": r.words(),
            "best": str(r.move) in answers
            if answers
            else (r.outcome, r.plies) == (top.outcome, top.plies),
        }
        for r in ranked
    ]
    choices = [
        {"move": str(m), "words": _said(corintho_move_words(game, m))} for m in game.legal_moves()
    ]
    title = kind or "Your position"
    return LivePuzzle(
        ref, "Corintho", title, question, corintho_svg(game), choices, ranking, explanation
    )


def _said(words: str) -> str:
    """'put a base on d4' -> 'Put a base on d4.'"""
    return words[0].upper() + words[1:] + "."


def corintho_svg(game: Game, size: int = 60) -> str:
    """The board as a picture: each cell's stack drawn bottom up (a base, a column, a capital), with
    its name, row 4 on top; a text label for screen readers."""
    pad, out = 24, []
    width = SIZE * size + pad
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" role="img" '
        f'aria-label="{html.escape(_corintho_label(game))}">'
    )
    for i, stack in enumerate(game.board):
        row, col = divmod(i, SIZE)
        x, y = pad + col * size, (SIZE - 1 - row) * size
        out.append(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#f4efe4" stroke="#5a4a32"/>'
        )
        out.append(
            f'<text x="{x + 3}" y="{y + 12}" font-size="10" fill="#3b2f1e">{cell_name(i)}</text>'
        )
        bottom = y + size - 6
        for piece in stack:
            h = {"base": 8, "column": 22, "capital": 10}[piece]
            w = {"base": 36, "column": 18, "capital": 32}[piece]
            colour = {"base": "#8a6d3b", "column": "#c9b68c", "capital": "#3d5a80"}[piece]
            out.append(
                f'<rect x="{x + (size - w) / 2}" y="{bottom - h}" width="{w}" height="{h}" '
                f'fill="{colour}" stroke="#222"/>'
            )
            bottom -= h
    out.append("</svg>")
    return "".join(out)


def _corintho_label(game: Game) -> str:
    stacks = [
        f"{cell_name(i)} {' on '.join(reversed(stack))}"
        for i, stack in enumerate(game.board)
        if stack
    ]
    return "Corintho board: " + ("; ".join(stacks) if stacks else "empty")


# --- The Four Courts -----------------------------------------------------------------------------


def _courts_live(ref: str, puzzle) -> LivePuzzle:
    """A "which card now?" puzzle from one seat's view: every card in hand with its Court, ranked
    by the points the seat can expect (exactly, over every deal of the unseen cards)."""
    view = puzzle.view
    ranking = rank_choices(view, puzzle.kind)
    end = "at the end of the round" if puzzle.kind == "round" else "at the end of the deal"
    rows = [
        {
            "move": ch.answer,
            "words": f"Lay {CARDS[ch.card].describe()} beside the {COURTS[ch.court].capitalize()}.",
            "verdict": f"about {ch.mean:.1f} points {end}",
            "best": ch.answer in puzzle.answers,
        }
        for ch in ranking.choices
    ]
    choices = [{"move": r["move"], "words": r["words"]} for r in rows]
    title = "which card now"
    return LivePuzzle(
        ref,
        "The Four Courts",
        title,
        puzzle.question,
        courts_picture(view),
        choices,
        rows,
        puzzle.explanation,
    )


def courts_picture(view) -> str:
    """One seat's view as a small table: each Court with its tokens and every seat's cards beside
    it (other hands are never shown), then the seat's own hand and the bonus colours."""
    esc = html.escape
    head = "".join(f"<th scope='col'>{esc(SEATS[s])}</th>" for s in range(view.players))
    rows = []
    for c, court in enumerate(COURTS):
        tokens = ", ".join(SUITS[t] for t in view.court_tokens[c]) or "none"
        cells = "".join(
            "<td>" + (", ".join(esc(CARDS[k].name) for k in view.sides[c][s]) or "—") + "</td>"
            for s in range(view.players)
        )
        rows.append(
            f"<tr><th scope='row'>The {esc(court.capitalize())} ({esc(tokens)})</th>{cells}</tr>"
        )
    hand = ", ".join(esc(CARDS[k].describe()) for k in view.hand)
    bonus = ", ".join(SUITS[b] for b in view.bonus)
    return (
        "<table class='courts-view'><caption>The table as "
        f"{esc(SEATS[view.seat])} sees it</caption><thead><tr><th scope='col'>Court (its tokens)</th>"
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p>Your hand: {hand}.</p><p>Bonus colours: {esc(bonus)}.</p>"
    )
