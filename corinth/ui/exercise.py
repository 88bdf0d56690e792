"""Exercise widgets for the tutorial: answer by clicking, never by typing Python.

Four kinds, one look: a question, the controls, and a feedback line (read out by screen readers).

- ``ChoiceExercise``: buttons, one per possible answer.
- ``NumberExercise``: a number box and a "Check" button.
- ``GroupExercise``: click a group on a live harbor.
- ``PathExercise``: draw a steward walk on a live sheet, cell by cell, then "Check".

Each takes the question, the right answer (or a test that accepts a reply), a hint, an explanation shown
with a right answer, and ``wrong``: explanations for tempting wrong answers. The board exercises let the
engine judge the move, so a move the rules forbid is explained with the rule it breaks.

>>> ex = ChoiceExercise("How many dice are white?", ["3", "9", "12"], answer="9",
...                     explain="Nine white dice, three yellow.", wrong={"12": "12 counts the yellow ones."})
>>> ex.answer_with("12")
'Not quite. 12 counts the yellow ones.'
>>> ex.answer_with("9")
'Right! Nine white dice, three yellow.'
>>> ex.solved
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from corinth.rules import Compensate, GameState, IllegalMove, Move, Take
from corinth.shared.language import N_, _

from ._base import hint_ladder_html, set_visible, words_html
from .harbor import HarborWidget
from .progress import Reports
from .sheet import SheetWidget

Verdict = tuple[bool, str]

# A group of the harbor by its district, as an answer or a reply names it.
GROUP_NAMES = {
    "goats": N_("the Goats group"),
    "gold": N_("the Gold group"),
    "green": N_("the Green group"),
    "purple": N_("the Purple group"),
    "blue": N_("the Blue group"),
    "orange": N_("the Orange group"),
}


def group_name(district: str) -> str:
    """A district's group in the language spoken now: ``group_name("blue") == "the Blue group"``."""
    name = GROUP_NAMES.get(str(district).lower())
    return (
        _(name) if name else _("the {district} group").format(district=str(district).capitalize())
    )


class _Exercise(Reports, w.VBox):
    """Question, controls and feedback; subclasses turn a reply into a verdict (right?, words).

    Each check, hint and answer shown is told to who listens (``on_event``, as every puzzle board
    tells it): what a class's teacher sees.

    >>> ex = ChoiceExercise("Which?", ["a", "b"], "a", hints=["Look."])
    >>> seen = []
    >>> ex.on_event(lambda *event: seen.append(event))
    >>> _ = ex.answer_with("b"), ex.next_hint(), ex.answer_with("a"), ex.show_answer()
    >>> seen
    [('check', 'b', False), ('hint', '', None), ('check', 'a', True), ('shown', '', None)]
    """

    def __init__(
        self,
        question: str,
        controls: Sequence[w.Widget],
        hint: str = "",
        explain: str = "",
        wrong: dict[Any, str] | None = None,
        then: str = "",
        hints: Sequence[str] = (),
    ):
        self.hint = hint
        self.explain = explain
        self.wrong = dict(wrong or {})
        self.then = then
        # The hint ladder, from what to look at to nearly the answer; then "Show the answer".
        self.hints = [h for h in hints if h] or ([hint] if hint else [])
        self.hints_shown = 0
        self._on_solved: list[Callable[[], None]] = []
        self.solved = False
        self.tries = 0
        self.last_right = False  # the last answer was right
        # The exercise's words are kept in English (the catalogue's keys) and shown translated.
        self.question = w.HTML(f"<p><b>{words_html(_(question))}</b></p>")
        self.feedback = w.HTML("", layout=w.Layout(min_height="1.6em"))
        self.feedback.add_class("corinth-feedback")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.hint_button.on_click(lambda _b: self.next_hint())
        set_visible(self.hint_button, bool(self.hints))
        self.answer_button = w.Button(description=_("Show the answer"))
        self.answer_button.on_click(lambda _b: self.show_answer())
        self.help_row = w.HBox([self.hint_button, self.answer_button])
        self.hint_list = w.HTML("")
        # A prediction's check (what the engine says), shown only once the learner has answered.
        self.revealed = w.HTML("", layout=w.Layout(display="none"))
        self.revealed.add_class("corinth-check")
        super().__init__(
            [
                self.question,
                *controls,
                self.feedback,
                self.help_row,
                self.hint_list,
                self.revealed,
            ]
        )
        self.add_class("corinth-exercise")

    def on_solved(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the learner answers right (a progress mark, say)."""
        self._on_solved.append(callback)

    def reply_words(self, reply: Any) -> str:
        """A learner's reply as the teacher reads it (a walk or a group in words)."""
        return str(reply)

    def solved_before(self, _name: str = "") -> None:
        """Show that this browser remembers the exercise solved (on another visit)."""
        if not self.solved:
            self.solved = True
            self.feedback.value = '<p role="status" class="corinth-solved-before">{}</p>'.format(
                _("✓ Solved on an earlier visit. Answer again if you like.")
            )

    def forget(self) -> None:
        """The learner reset their progress: the exercise is unsolved again, its marks cleared."""
        self.solved = False
        self.feedback.value = ""

    def next_hint(self) -> str:
        """Show the next hint of the ladder (the "Hint" button) and return it; '' when none is left.

        >>> ex = ChoiceExercise("Which?", ["a", "b"], "a", hints=["Look at it.", "It is not b."])
        >>> ex.next_hint(), ex.next_hint(), ex.hint_button.disabled
        ('Look at it.', 'It is not b.', True)
        """
        if self.hints_shown >= len(self.hints):
            return ""
        self.hints_shown += 1
        ladder = [_(hint) for hint in self.hints]
        self.hint_list.value = hint_ladder_html(ladder, self.hints_shown, self.hint_button)
        self._tell("hint")
        return ladder[self.hints_shown - 1]

    def answer_words(self) -> str:  # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def show_answer(self) -> str:
        """Show the answer and why (the "Show the answer" button); return the words shown."""
        text = _("The answer: {answer}").format(answer=self.answer_words())
        if self.explain:
            text += f" {_(self.explain)}"
        self.feedback.value = f'<p role="status">{words_html(text)}</p>'
        self._reveal_check()
        self._tell("shown")
        return text

    def _reveal_check(self) -> None:
        if self.then and not self.revealed.value:
            self.revealed.value = "<p><b>{}</b> {}</p>".format(
                _("Check your prediction:"), words_html(_(self.then))
            )
            set_visible(self.revealed, True)

    def judge(self, reply: Any) -> Verdict:  # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def _wrong_words(self, reply: Any) -> str:
        for key, text in self.wrong.items():
            if str(key).strip().lower() == str(reply).strip().lower():
                return _(text)
        return self._hint_or_try()

    def _hint_or_try(self) -> str:
        return _("Hint: {hint}").format(hint=_(self.hint)) if self.hint else _("Try again.")

    def answer_with(self, reply: Any) -> str:
        """Answer as a click would, and return the feedback shown."""
        self.tries += 1
        right, words = self.judge(reply)
        self.solved = self.solved or right
        self.last_right = right
        said = _("Right! {words}") if right else _("Not quite. {words}")
        text = said.format(words=words).rstrip()
        if right:
            for callback in self._on_solved:
                callback()
        colour = "#1b6e20" if right else "#a12a0c"
        self.feedback.value = f'<p role="status" style="color:{colour}">{words_html(text)}</p>'
        if right:  # a prediction's check would tell the answer: only once it is found or shown
            self._reveal_check()
        self._tell("check", self.reply_words(reply), right)
        return text


class ChoiceExercise(_Exercise):
    """Pick one answer from buttons.

    >>> ex = ChoiceExercise("Who wins a tie on points?", ["more gold", "more goats"], "more gold")
    >>> ex.answer_with("more goats").startswith("Not quite")
    True
    """

    def __init__(
        self,
        question: str,
        options: Sequence[str],
        answer: str,
        hint: str = "",
        explain: str = "",
        wrong: dict[str, str] | None = None,
        then: str = "",
        hints: Sequence[str] = (),
    ):
        if answer not in options:
            raise ValueError(f"the answer {answer!r} is not one of the options {list(options)}")
        self.answer = answer
        self.buttons = [
            w.Button(description=_(str(o)), layout=w.Layout(width="auto")) for o in options
        ]
        for button, option in zip(self.buttons, options):
            button.on_click(lambda _b, option=option: self.answer_with(option))
        # wrapped onto more lines rather than each cut short ("The Ace of Suns beside the…")
        row = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))
        super().__init__(question, [row], hint, explain, wrong, then, hints)

    def answer_words(self) -> str:
        return f"{_(self.answer)}."

    def judge(self, reply: Any) -> Verdict:
        if str(reply) == self.answer:  # the English option: the catalogue's key
            return True, _(self.explain)
        return False, self._wrong_words(reply)


def _number(text: Any) -> Fraction | None:
    try:
        return Fraction(str(text).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None


class NumberExercise(_Exercise):
    """Type a number (a whole number, a decimal or a fraction like 5/36), then "Check".

    >>> ex = NumberExercise("Points for 7 gold?", 3, explain="1 point per 2 gold, rounded down.")
    >>> ex.answer_with("3.5")
    'Not quite. Try again.'
    >>> ex.answer_with("three")
    'Not quite. Please type a number, for example 4.'
    >>> ex.box.value = "3"  # typed, then Enter (or the box left): checked as "Check" does
    >>> ex.solved, ex.tries
    (True, 3)
    >>> ex.check_button.click(); ex.tries  # the same text: not counted twice
    3
    >>> ex.answer_with(" 3 ")
    'Right! 1 point per 2 gold, rounded down.'
    """

    def __init__(
        self,
        question: str,
        answer: int | Fraction | str,
        hint: str = "",
        explain: str = "",
        wrong: dict[Any, str] | None = None,
        hints: Sequence[str] = (),
    ):
        self.answer = Fraction(answer)
        self.box = w.Text(placeholder=_("your answer"), layout=w.Layout(width="12em"))
        self.box.description = _("Answer")
        self.check_button = w.Button(description=_("Check"), button_style="primary")
        self.check_button.on_click(lambda _b: self._check(self.box.value))
        # Enter (or leaving the box) sends the value, and checks it, as "Check" does
        self.box.continuous_update = False
        self._checked: str | None = None
        self.box.observe(lambda change: self._check(change["new"]), "value")
        super().__init__(
            question, [w.HBox([self.box, self.check_button])], hint, explain, wrong, hints=hints
        )

    def _check(self, text: str) -> None:
        """Judge the box's text, once: "Check" clicked after the box sent it (leaving the box)
        says nothing twice and counts no second try."""
        if text.strip() and text != self._checked:
            self._checked = text
            self.answer_with(text)

    def answer_words(self) -> str:
        return f"{self.answer}."

    def _wrong_words(self, reply: Any) -> str:
        value = _number(reply)
        for key, text in self.wrong.items():
            if _number(key) == value:
                return _(text)
        return self._hint_or_try()

    def judge(self, reply: Any) -> Verdict:
        value = _number(reply)
        if value is None:
            if self.answer.denominator == 1:
                return False, _("Please type a number, for example 4.")
            return False, _("Please type a number, for example 4 or 5/36.")
        if value == self.answer:
            return True, _(self.explain)
        return False, self._wrong_words(reply)


class GroupExercise(_Exercise):
    """Click the right group on a live harbor; ``answer`` is a district or a set of them.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> ex = GroupExercise("Which group lies on Gold?", state, {"gold"}, explain="The sixes.")
    >>> ex.answer_with("blue").startswith("Not quite")
    True
    >>> ex.harbor.select("gold")
    >>> ex.solved
    True
    """

    def __init__(
        self,
        question: str,
        state: GameState,
        answer: str | set[str],
        hint: str = "",
        explain: str = "",
        wrong: dict[str, str] | None = None,
        hints: Sequence[str] = (),
    ):
        self.answer = {answer} if isinstance(answer, str) else set(answer)
        self.harbor = HarborWidget(state)
        self.harbor.on_select(lambda district: district and self.answer_with(district))
        super().__init__(question, [self.harbor], hint, explain, wrong, hints=hints)

    def answer_words(self) -> str:
        names = [group_name(d) for d in sorted(self.answer)]
        if len(names) == 1:
            return f"{names[0]}."
        return _("{groups} or {last}.").format(groups=", ".join(names[:-1]), last=names[-1])

    def reply_words(self, reply: Any) -> str:
        return group_name(str(reply))

    def judge(self, reply: Any) -> Verdict:
        if reply in self.answer:
            return True, _(self.explain)
        return False, self._wrong_words(reply)


class PathExercise(_Exercise):
    """Draw a steward walk on a live sheet with the given group (none for a compensation step), then "Check".

    The engine judges the walk (a walk the rules forbid is explained with its rule); ``accept`` tells
    which legal walks are right.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> ex = PathExercise("Walk one step up.", state, "goats", accept=lambda m: m.path == (7,))
    >>> ex.sheet.click(7)
    >>> ex.answer_with(ex.sheet.move()).startswith("Right")
    True
    >>> ex.sheet.state.players[0].steward  # the walk is made on the sheet
    7
    """

    def __init__(
        self,
        question: str,
        state: GameState,
        group: str,
        accept: Callable[[Move], bool],
        hint: str = "",
        explain: str = "",
        wrong: Callable[[Move], str | None] | None = None,
        hints: Sequence[str] = (),
    ):
        self.state = state
        self.accept = accept
        self.why_wrong = wrong
        self.sheet_group = group  # the group the walk is made with ('' for a compensation step)
        self.sheet = SheetWidget(state, player=state.current_player, group=group)
        self.check_button = w.Button(description=_("Check my walk"), button_style="primary")
        self.clear_button = w.Button(description=_("Start again"))
        self.check_button.on_click(lambda _b: self.answer_with(self.sheet.move()))
        self.clear_button.on_click(lambda _b: self.sheet.clear())
        controls = [self.sheet, w.HBox([self.check_button, self.clear_button]), self.sheet.output]
        super().__init__(question, controls, hint, explain, hints=hints)

    def right_walk(self) -> Move | None:
        """A walk the exercise accepts (the shortest), or None."""
        walks = [
            m
            for m in self.state.legal_moves()
            if isinstance(m, (Take, Compensate)) and m.path and self._group_of(m) and self.accept(m)
        ]
        # the shortest walk, and of those one that spends no gold (gold ties the fewest ways)
        gold = self.state.players[self.state.current_player].gold
        return min(
            walks,
            key=lambda m: (
                len(m.path),
                gold - self.state.apply(m).players[self.state.current_player].gold,
            ),
            default=None,
        )

    def _group_of(self, move: Move) -> bool:
        """The walk uses the exercise's group (a compensation step when it has none)."""
        group = self.sheet_group
        return isinstance(move, Compensate) if not group else getattr(move, "district", "") == group

    def reply_words(self, reply: Any) -> str:
        """The walk in words ("a walk the rules refuse" for one the engine does not take)."""
        if reply is None:
            return _("no walk drawn")
        try:
            move = Move.parse(reply) if isinstance(reply, str) else reply
            self.state.apply(move)
            return move.describe(self.state)
        except (IllegalMove, ValueError):
            return _("a walk the rules refuse ({walk})").format(walk=reply)

    def answer_words(self) -> str:
        move = self.right_walk()
        if move is None:
            return _("no walk is right here.")
        self.sheet.draw(list(move.path))  # drawn on the sheet too
        return move.describe(self.state)

    def answer_with(self, reply: Any) -> str:
        """Answer as "Check my walk" does; a right walk is then made on the sheet (its cell circled,
        its effect applied) and the last refusal under the board goes."""
        text = super().answer_with(reply)
        if self.last_right:
            move = Move.parse(reply) if isinstance(reply, str) else reply
            self.sheet.output.outputs = ()
            self.sheet.group = ""
            self.sheet.state = self.state.apply(move)
            self.sheet.interactive = False
        return text

    def judge(self, reply: Any) -> Verdict:
        if reply is None:
            return False, _("Draw a walk first: click the market cells one step at a time.")
        move = Move.parse(reply) if isinstance(reply, str) else reply
        try:
            self.state.apply(move)
        except IllegalMove as refusal:
            return False, _("The rules do not allow this walk: {refusal}").format(refusal=refusal)
        if not (isinstance(move, (Take, Compensate)) and move.path and self._group_of(move)):
            return False, (
                _("Walk with {group}, as the question asks.").format(
                    group=group_name(self.sheet_group)
                )
                if self.sheet_group
                else _("Take the compensation step, as the question asks.")
            )
        if self.accept(move):
            return True, f"{move.describe(self.state)} {_(self.explain)}".strip()
        reason = self.why_wrong(move) if self.why_wrong else None
        return False, _(reason) if reason else (
            self._hint_or_try()
            if self.hint
            else _("The rules allow this walk, but it is not the one asked for.")
        )
