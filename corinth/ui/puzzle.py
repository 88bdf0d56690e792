"""A puzzle board: a position and its roll; the player's move is answered with its rank and loss."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from corinth.rules import GameState, IllegalMove, InvalidNotation, Move, Take
from corinth.rules.describe import group_words, plain_words
from corinth.shared.language import N_, _, ngettext, number, pgettext
from corinth.solver import rank_moves
from corinth.solver.explain import move_effects, sentence
from corinth.solver.puzzles import TIERS, standing

from ._base import clip, hint_ladder_html, words_html
from ._base import sentence_html as move_html
from .exercise import group_name
from .harbor import HarborWidget
from .picker import MovePicker
from .progress import Reports
from .sheet import SheetWidget

CLICKS = N_("Click a group and its action, or draw a steward walk on the market.")


def puzzle_question(position: Any, how: bool = True) -> str:
    """A puzzle's question in a learner's words: who plays after which dice, and what to find, then
    how to answer on its boards (``how``; a lesson quoting the question leaves that out). The
    question its board asks (``PuzzleWidget.question_text``), without making a board.

    >>> from corinth.solver.puzzles import load_puzzles
    >>> first = load_puzzles()[0]
    >>> asked = puzzle_question(first, how=False)
    >>> asked.endswith("?"), puzzle_question(first) == asked + " " + CLICKS
    (True, True)
    >>> PuzzleWidget(first).question_text() == puzzle_question(first)
    True
    """
    puzzle = None if isinstance(position, GameState) else position
    state: GameState = position if puzzle is None else position.state
    who = state.current_player + 1
    roll = [m for m in state.history if m.kind == "roll"]
    plays = (
        _("Player {player} to play after rolling {dice}.").format(
            player=who, dice=_dice_words(str(roll[-1]))
        )
        if roll
        else _("Player {player} to play.").format(player=who)
    )
    clicks = _(CLICKS) if how else ""
    if puzzle is None or not hasattr(puzzle, "question"):
        return " ".join(filter(None, [plays, _("What is the best move?"), clicks]))
    number_ = getattr(puzzle, "tier", 0)
    if number_ in _TIER_HEADS:
        head = _(_TIER_HEADS[number_]).format(round=state.round)
    else:
        tier = TIERS.get(number_, "")
        article = "An" if tier[:1] in ("a", "e", "i", "o", "u") else "A"
        head = f"{article} {tier} puzzle, round {state.round}."
    what = _QUESTIONS.get(getattr(puzzle, "objective", ""), "")
    if what:
        what = _(what)
    else:
        what = (
            _("Which steward walk secures the most points now?")
            if getattr(puzzle, "kind", "move") == "route"
            else _("Which move secures the most points now?")
        )
    return " ".join(filter(None, [head, plays, what, clicks]))


class PuzzleWidget(Reports, w.VBox):
    """Show a position (a ``GameState`` at a take, or a solver ``Puzzle``) and answer the user's move.

    The move is picked on the boards (a group and its action, or a steward path) or typed in notation.
    "Hint" shows ``hint`` (for a stored ``Puzzle`` without one, the puzzle's own hint). The answer gives the move's rank among the candidates, its loss against the best, and the
    solver's explanation: for a stored ``Puzzle`` its own candidates (steward moves only for a route
    puzzle), otherwise every legal move (``corinth.solver.rank_moves``).

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> puzzle = PuzzleWidget(state)
    >>> result = puzzle.answer("gold")
    >>> "1 point fewer than the best move" in puzzle.result.value
    True
    >>> result.rank > 1, result.loss > 0
    (True, True)
    >>> PuzzleWidget(state, hint="Which group completes a shop?").show_hint()
    'Hint: Which group completes a shop?'

    Each answer, hint and answer shown is told to who listens (``on_event``, as an exercise tells
    it): what a class's teacher sees.

    >>> seen = []
    >>> puzzle.on_event(lambda *event: seen.append(event))
    >>> _ = puzzle.answer("gold"), puzzle.show_hint(), puzzle.reveal()
    >>> [kind for kind, _answer, _right in seen], seen[0][2]
    (['check', 'hint', 'shown'], False)
    """

    def __init__(
        self,
        position: GameState | Any,
        objective: str = "immediate",
        seed: int = 0,
        budget: float = 3.0,
        hint: str = "",
        explain: str = "",
    ):
        self.hint, self.explain = hint, explain
        self.puzzle = None if isinstance(position, GameState) else position
        self.position: GameState = position if isinstance(position, GameState) else position.state
        if self.position.phase != "take":
            raise ValueError(
                f"a puzzle is a position where a group is taken, not {self.position.phase}"
            )
        self.objective = getattr(self.puzzle, "objective", objective) or objective
        self.kind = getattr(self.puzzle, "kind", "move")
        self.seed, self.budget = seed, budget
        self._ranking: list | None = None
        self.last = None
        player = self.position.current_player
        self.output = w.Output()
        self.harbor = HarborWidget(self.position)
        self.sheet = SheetWidget(self.position, player=player)
        self.harbor.output = self.sheet.output = self.output
        self.picker = MovePicker(self.harbor, self.sheet, self.output)
        self.picker.on_move(self.answer)
        self.picker.show(self.position, player)
        # A move typed in notation: for JupyterLab and tests, hidden on the learner's board.
        self.typed = w.Text(
            placeholder=_("or type a move, e.g. blue steward r1c2,r0c2"),
            layout=w.Layout(width="420px", display="none"),
        )
        self.typed_button = w.Button(
            description=pgettext("button", "Answer"), layout=w.Layout(display="none")
        )
        self.typed_button.on_click(lambda _b: self._typed())
        self.question = w.HTML(f"<b>{html.escape(self.question_text())}</b>")
        self.result = w.HTML()
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.hints_shown = 0
        self._on_solved: list = []
        self._on_wrong: list = []
        self.hint_button.on_click(lambda _b: self.show_hint())
        # A first wrong answer keeps the solution hidden, so the learner can try again; the second
        # one, or this button, shows it.
        self.wrong_tries = 0
        self.revealed = False  # the answer was shown ("Show the answer", or two wrong tries)
        self.reveal_button = w.Button(description=_("Show the answer"))
        self.reveal_button.on_click(lambda _b: self.reveal())
        super().__init__(
            [
                self.question,
                w.HBox(
                    [self.harbor, self.sheet],
                    layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
                ),
                self.picker.widget,
                w.HBox([self.typed, self.typed_button, self.hint_button, self.reveal_button]),
                self.result,
                self.output,
            ]
        )
        self.add_class("corinth-puzzle")

    def question_text(self) -> str:
        """The question in a learner's words: who plays after which dice, and what to find."""
        return puzzle_question(self.position if self.puzzle is None else self.puzzle)

    def hint_text(self) -> str:
        """The hint: the one given, else a stored puzzle's own (it never names the move)."""
        if self.hint:
            return _("Hint: {hint}").format(hint=_(self.hint))
        if self.puzzle is not None and hasattr(self.puzzle, "check"):
            return self.puzzle.check(None)
        return _(
            "Hint: compare what each group's own action completes with where the steward could stop."
        )

    def on_solved(self, callback) -> None:
        """Call ``callback()`` when the learner finds a best move (a progress mark, say)."""
        self._on_solved.append(callback)

    def solved_before(self, _name: str = "") -> None:
        """Show that this browser remembers the puzzle solved (on another visit)."""
        self.result.value = "<span role='status' class='corinth-solved-before'>{}</span>".format(
            _("✓ Solved on an earlier visit. Solve it again if you like.")
        )

    def on_wrong(self, callback) -> None:
        """Call ``callback()`` at each answer that is not a best move."""
        self._on_wrong.append(callback)

    def forget(self) -> None:
        """The learner reset their progress: the mark of an earlier visit goes."""
        if "corinth-solved-before" in self.result.value:
            self.result.value = ""

    def hints(self) -> list[str]:
        """The hint ladder, from general to specific: what to look at, which group, then what to do
        with it; "Show the answer" comes after the last.

        >>> from corinth.rules import new_game
        >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
        >>> PuzzleWidget(state).hints()[1:]
        ['Look at the Blue group (two 4s).', "Use the group's own action: no steward walk."]
        """
        # A stored puzzle's answer was verified when it loaded: its hints need no solve.
        stored = getattr(self.puzzle, "answer", None)
        best = Move.parse(stored) if stored else self.ranking()[0].move
        ladder = [self.hint_text()]
        if isinstance(best, Take):
            ladder.append(
                _("Look at {group} ({dice}).").format(
                    group=group_name(best.district),
                    dice=group_words(self.position, best.district),
                )
            )
            if best.path:
                steps = len(best.path)
                ladder.append(
                    ngettext(
                        "Walk the steward {n} step with it.",
                        "Walk the steward {n} steps with it.",
                        steps,
                    ).format(n=steps)
                )
            else:
                ladder.append(_("Use the group's own action: no steward walk."))
        return ladder

    def show_hint(self) -> str:
        """Show the next hint of the ladder under the boards (the "Hint" button) and return it."""
        ladder = self.hints()
        if self.hints_shown < len(ladder):
            self.hints_shown += 1
            self._tell("hint")
        self.result.value = hint_ladder_html(ladder, self.hints_shown, self.hint_button)
        return ladder[self.hints_shown - 1]

    def reveal(self) -> str:
        """Show the best move and why (the "Show the answer" button); return its notation."""
        best = self.ranking()[0]
        self.revealed = True
        said = _("Best: {move}").format(move=self._best_words(best))
        self.result.value = f"<span role='status'>{said}</span>"
        self._tell("shown")
        return str(best.move)

    def _best_words(self, best) -> str:
        """The best move as a sentence, then its explanation when that says more."""
        return f"{move_html(best.move, self.position)} {html.escape(self._why(best.move))}"

    def ranking(self) -> list:
        """The candidate moves ranked, best first (computed once).

        For a stored puzzle these are the puzzle's own candidates under its own objective (only
        steward moves for a route puzzle), so the board and ``Puzzle.check`` always agree; for a
        bare position, every legal move ranked by ``corinth.solver.rank_moves``.
        """
        if self._ranking is None:
            if self.puzzle is not None and hasattr(self.puzzle, "check"):
                self._ranking = self.puzzle.ranking
            else:
                self._ranking = rank_moves(
                    self.position, self.objective, seed=self.seed, budget=self.budget
                )
        return self._ranking

    def _typed(self) -> None:
        with self.output:
            self.answer(self.typed.value)

    def answer(self, move: Move | str):
        """Rank the user's move; show and return its ``RankedMove`` (None if it is not legal here).
        For a stored puzzle, right or wrong is the puzzle's own ``verdict`` (the one every board
        and command reads); the board adds the move's place among the ranked candidates."""
        state = self.position
        try:
            after = state.apply(move)
        except (IllegalMove, InvalidNotation) as exc:
            reason = clip(plain_words(str(exc), state.sheet))
            said = _("Not a legal move here: {refusal}").format(refusal=words_html(reason))
            self.result.value = f"<span style='color:#a4000f'>{said}</span>"
            self.output.outputs = ()
            with self.output:
                print(_("Refused: {refusal}").format(refusal=reason))
            return None
        self.output.outputs = ()  # a refusal before this legal move is no longer news
        played = after.history[-1]  # the engine's canonical notation
        judge = getattr(self.puzzle, "verdict", None)
        judged = judge(played) if judge is not None else None
        if self.kind == "route" and not (isinstance(played, Take) and played.path):
            self.result.value = _(
                "This puzzle asks for a steward move (A4): draw a path on the market."
            )
            return None
        ranking = self.ranking()
        where = standing(ranking, played)
        if where is None:
            self.result.value = "{} {}".format(
                move_html(played, self.position), _("It is legal but was not ranked.")
            )
            return None
        best, mine, place, tied = ranking[0], where.ranked, where.place, where.tied
        amount = _chance if self.objective == "win" else _points
        right = judged.right if judged is not None else mine.loss <= 1e-9
        if not right:
            verdict = (
                _("{amount} less than the best move")
                if amount is _chance
                else _("{amount} fewer than the best move")
            ).format(amount=amount(mine.loss))
            self.wrong_tries += 1
            for callback in self._on_wrong:
                callback()
        else:
            verdict = _("Best move!") if not tied else _("One of the best moves!")
            for callback in self._on_solved:
                callback()
        self.last = mine
        self._tell("check", played.describe(self.position), bool(right))
        ranks = (
            ngettext(
                "It ranks {place} of {total} (tied with {tied} other move), worth {value}.",
                "It ranks {place} of {total} (tied with {tied} other moves), worth {value}.",
                tied,
            )
            if tied
            else _("It ranks {place} of {total}, worth {value}.")
        ).format(place=place, total=where.of, tied=tied, value=amount(mine.value))
        self.result.value = (
            f"<b>{verdict}</b> — {move_html(played, self.position)} {ranks}"
            + f"<br>{html.escape(self._why(played))}"
            + (f"<br>{html.escape(_(self.explain))}" if self.explain and right else "")
            + (
                ""
                if right
                else "<br>" + _("Try again, or press <b>Show the answer</b>.")
                if self.wrong_tries < 2
                else "<br>" + _("Best: {move}").format(move=self._best_words(best))
            )
        )
        return mine

    def _why(self, move: Move) -> str:
        """What a move gains and gives up, in words (no statistics)."""
        try:
            after = self.position.apply(move)
        except IllegalMove:
            return ""
        return sentence(*move_effects(self.position, after, move))

    def __repr__(self) -> str:
        return "\n".join([self.question_text(), repr(self.harbor), repr(self.sheet)])

    def to_svg(self) -> str:
        """The puzzle's harbor and sheet side by side, as one SVG handout."""
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="1340" height="560" viewBox="0 0 1340 560">'
            f'<g>{self.harbor.to_svg()}</g><g transform="translate(580,0)">{self.sheet.to_svg()}</g></svg>'
        )


def _chance(value: float) -> str:
    """A chance to win for a learner, in games won of 100.

    >>> _chance(0.0551376), _chance(0.5)
    ('a chance to win of 6 games in 100', 'a chance to win of 50 games in 100')
    """
    return _("a chance to win of {n} games in 100").format(n=round(100 * value))


def _points(value: float) -> str:
    """Points for a learner: a whole number when it is one, else one decimal at most.

    >>> _points(3.0), _points(0.916881), _points(1)
    ('3 points', '0.9 points', '1 point')
    """
    shown = round(value, 1)
    # the form: English "1 point", "0.9 points"; French "0,9 point" (below 2), German "0,9 Punkte"
    n = int(shown) if shown == int(shown) else (0 if shown < 2 else int(shown))
    return ngettext("{points} point", "{points} points", n).format(points=number(shown))


# What a final-score puzzle asks, by its objective (the points-now ones ask it in ``question_text``).
_QUESTIONS = {
    "final_score": N_(
        "Two turns from the end: which move gives you the highest final score on average?"
        " (Every roll to come counts with its chance; the other players each take the move worth the"
        " most points now.)"
    ),
    "robust": N_(
        "Two turns from the end: which move gives you the highest final score on average,"
        " whatever the others do (the move worth the most points now, the group worst for you, or a"
        " group at random)?"
    ),
    "win": N_(
        "Two turns from the end, the goal is the win, not the points: which move gives you the"
        " best chance to win? (A shared victory counts as a share.)"
    ),
}

# How a stored puzzle's question starts, by its tier (``TIERS``).
_TIER_HEADS = {
    1: N_("A beginner puzzle, round {round}."),
    2: N_("An intermediate puzzle, round {round}."),
    3: N_("An expert puzzle, round {round}."),
    4: N_("A final score puzzle, round {round}."),
    5: N_("A whatever the others do puzzle, round {round}."),
    6: N_("A for the win puzzle, round {round}."),
}


def _dice_words(roll: str) -> str:
    """The dice of a roll's notation in words: ``roll 112345566/5`` → "1 1 2 3 4 5 5 6 6 and a
    yellow 5".

    >>> _dice_words("roll 112345566/55")
    '1 1 2 3 4 5 5 6 6 and yellow 5 5'
    """
    white, _slash, yellow = roll.removeprefix("roll ").partition("/")
    text = " ".join(white)
    if len(yellow) == 1:
        return _("{white} and a yellow {yellow}").format(white=text, yellow=yellow)
    if yellow:
        return _("{white} and yellow {yellow}").format(white=text, yellow=" ".join(yellow))
    return text
