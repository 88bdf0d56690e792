"""A guided first round: what to click next and why, from the game as it stands. The learner makes
every decision; the guide only says where and what the choices mean.

>>> from corinth.rules import new_game
>>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> print(guide_text(state, human=0, selected=""))  # doctest: +ELLIPSIS
Your take, click 1 of 2: click a group of dice on the harbor (a green border: you may take it). ...
>>> print(guide_text(state, human=0, selected="blue"))  # doctest: +ELLIPSIS
Your take, click 2 of 2: ... the Blue group (two 4s) ...
"""

from __future__ import annotations

from corinth.rules import GameState
from corinth.rules.describe import group_words
from corinth.shared.language import N_, _, ngettext, pgettext

from ._base import words_html
from .exercise import group_name

# What each district's own action gives (A1-A3), in a learner's words.
ACTIONS = {
    "goats": N_("goats, as many as the dice"),
    "gold": N_("gold, as many as the dice"),
    "green": N_("Green goods checked in your shops, one per die"),
    "purple": N_("Purple goods checked in your shops, one per die"),
    "blue": N_("Blue goods checked in your shops, one per die"),
    "orange": N_("Orange goods checked in your shops, one per die"),
}


def _district(district: str) -> str:
    """A district's name as a list of the harbor's groups names it ("Blue")."""
    names = {
        "goats": pgettext("district", "Goats"),
        "gold": pgettext("district", "Gold"),
        "green": pgettext("district", "Green"),
        "purple": pgettext("district", "Purple"),
        "blue": pgettext("district", "Blue"),
        "orange": pgettext("district", "Orange"),
    }
    return names.get(district, district.capitalize())


def guide_text(state: GameState, human: int, selected: str = "") -> str:
    """What the learner does next, in plain words, with where to click; '' when it is not their turn."""
    if state.is_over or state.current_player != human:
        return ""
    phase = state.phase
    if phase in ("purvey", "roll"):
        can_buy = state.max_purchase() if phase == "purvey" else 0
        said = [_("You are first player this round.")]
        if can_buy:
            said.append(
                ngettext(
                    "You may buy up to {n} yellow dice for 1 gold each: more dice, more choice "
                    "for everyone this round (R2).",
                    "You may buy up to {n} yellow dice for 1 gold each: more dice, more choice "
                    "for everyone this round (R2).",
                    can_buy,
                ).format(n=can_buy)
            )
        said.append(
            _(
                "Choose under 'Buy yellow', then press 'Buy and roll': the dice are sorted onto "
                "the harbor by value (R3, R4)."
            )
        )
        return " ".join(said)
    if phase == "take" and not selected:
        left = ", ".join(
            _("{district} ({dice})").format(district=_district(d), dice=group_words(state, d))
            for d, _n in state.groups()
        )
        return _(
            "Your take, click 1 of 2: click a group of dice on the harbor (a green border: you may "
            "take it). Left this turn: {groups}. Each district gives its own thing: Goats gives "
            "goats, Gold gives gold, the four goods districts check goods in your shops; or any "
            "group walks your steward on the market as many steps as the number on its dice (A1-A4)."
        ).format(groups=left)
    if phase == "take":
        return _(
            "Your take, click 2 of 2: with {group} ({dice}) you either take its own action, "
            "{action}: choose it under 'Action' and press 'Take and act'; or walk your steward: "
            "click market cells one step at a time (a solid green border shows where a walk can "
            "end), then press 'Move the steward'. Not sure? Press 'Hint'."
        ).format(
            group=group_name(selected),
            dice=group_words(state, selected),
            action=_(ACTIONS[selected]),
        )
    if phase == "build":
        return _(
            "You may build now (B1): the list shows every building you can pay for with your gold "
            "and goats, and 'Build nothing'. A building helps for the rest of the game; gold and "
            "goats kept are worth points at the end too (E1). Choose, then press 'Build'."
        )
    if phase == "compensate":
        return _(
            "No group is left for you this round: you may move your steward one step (R8); gold or "
            "the Stables can make it longer, as for any walk (B4). Click a market cell next to "
            "it, then 'Move the steward', or press 'Pass'."
        )
    return ""


def guide_html(state: GameState, human: int, selected: str = "") -> str:
    """``guide_text`` in a box read out to screen readers; '' when there is nothing to say."""
    text = guide_text(state, human, selected)
    if not text:
        return ""
    return (
        "<div role='status' aria-live='polite' class='corinth-guide'>"
        + "<b>{}</b> {}</div>".format(_("Guided first round."), words_html(text))
    )


class Guide:
    """The guide's box in ``GameApp`` for the first ``rounds`` rounds: the words, and a dashed outline
    on the control to use next (``targets``: the purvey, take, action, build and compensate controls)."""

    def __init__(self, box, targets: dict, rounds: int = 1):
        self.box, self.targets, self.rounds = box, targets, rounds
        self.done = False  # the guided rounds are over (said once)

    def update(self, state: GameState, human: int, selected: str = "") -> None:
        if self.rounds <= 0:
            return
        if state.round > self.rounds or state.is_over:
            self._target(None)
            if not self.done:
                self.done = True
                self.box.value = (
                    "<div role='status' aria-live='polite' class='corinth-guide'>"
                    + _(
                        "<b>That was the guided round.</b> You know every decision now: play on "
                        "freely, and press 'Hint' whenever you want the best moves shown on the "
                        "boards."
                    )
                    + "</div>"
                )
            return
        self.box.value = guide_html(state, human, selected)
        mine = state.current_player == human and not state.is_over
        key = "action" if state.phase == "take" and selected else state.phase
        self._target(self.targets.get(key) if mine else None)

    def _target(self, widget) -> None:
        for other in self.targets.values():
            other.remove_class("corinth-guide-target")
        if widget is not None:
            widget.add_class("corinth-guide-target")
