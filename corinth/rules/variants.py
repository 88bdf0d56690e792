"""Rule variants: the readings the rulebook leaves open, as explicit named options (R5, R8).

A game carries one ``Variants`` value from ``new_game`` to its end; it is saved in the game file. The
defaults are the most literal reading of the printed text (RULES.md, "Rule variants", gives the words).
Each option can be turned the other way by a short name:

==========================  ===========================================================================
``no-stables-compensation`` the Stables do not change the compensation step (R8, B4)
``no-gold-compensation``    gold does not change the compensation step (R8, A4a)
``exact-compensation``      both: the compensation step is always exactly one step
``nine-dice-sort``          nine identical dice are sorted as usual instead of winning the game (R5)
==========================  ===========================================================================

>>> Variants.from_names(["nine-dice-sort"])
Variants(stables_adjust_compensation=True, gold_adjusts_compensation=True, nine_dice_win=False)
>>> Variants().names(), Variants.from_names(["exact-compensation"]).names()
([], ['no-stables-compensation', 'no-gold-compensation'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from corinth.shared.language import N_, _

from .errors import UnknownVariant, shown


@dataclass(frozen=True, slots=True)
class Variants:
    """The open readings of the rules, each a yes/no option; the defaults follow the text literally."""

    stables_adjust_compensation: bool = True  # R8 + B4: "Lorsque l'on déplace l'intendant…"
    gold_adjusts_compensation: bool = True  # R8 + A4a: the step points to the steward section
    nine_dice_win: bool = True  # R5: "vous avez gagné la partie"

    def __post_init__(self) -> None:
        # Checked where built: 0, "no" or None would be played (and "no" counts as true).
        problems = [
            f"{f.name}: expected true or false, got {shown(getattr(self, f.name))}"
            for f in fields(self)
            if not isinstance(getattr(self, f.name), bool)
        ]
        if problems:
            raise UnknownVariant("variants: " + "; ".join(problems))

    @staticmethod
    def of(value: Variants | str | Iterable[str] | None) -> Variants:
        """Variants from what a caller may give: ``Variants``, one short name, a list of names, or
        ``None`` (the defaults). Raises UnknownVariant.

        >>> Variants.of("nine-dice-sort") == Variants.of(["nine-dice-sort"]) == Variants(nine_dice_win=False)
        True
        >>> Variants.of(None) == Variants()
        True
        """
        if value is None:
            return Variants()
        if isinstance(value, Variants):
            return value
        if isinstance(value, str):
            return Variants.from_names([value])
        if isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
            names = list(value)
            if all(isinstance(name, str) for name in names):
                return Variants.from_names(names)
        raise UnknownVariant(
            f"variants: expected rule variant names or a Variants value, got {shown(value)}"
        )

    def names(self) -> list[str]:
        """The short names of the options that differ from the defaults, in table order."""
        out = [
            name
            for name, changes in NAMES.items()
            if len(changes) == 1 and all(getattr(self, k) == v for k, v in changes.items())
        ]
        return out

    @staticmethod
    def from_names(names: Iterable[str]) -> Variants:
        """The defaults with each named option turned (see the module's table). Raises UnknownVariant."""
        changes: dict[str, bool] = {}
        for name in names:
            if name not in NAMES:
                raise UnknownVariant(
                    _("unknown rule variant {name}: choose from {names}").format(
                        name=repr(name), names=", ".join(NAMES)
                    )
                )
            changes.update(NAMES[name])
        return replace(Variants(), **changes)

    def to_dict(self) -> dict[str, bool]:
        """The options as plain data (saved in game files)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def from_dict(data: Any) -> Variants:
        """Read ``to_dict``'s data back; missing options keep their defaults. Raises UnknownVariant."""
        if not isinstance(data, dict):
            raise UnknownVariant(
                f"variants: expected an object of yes/no options, got {shown(data)}"
            )
        known = {f.name for f in fields(Variants)}
        problems = [f"unknown option {shown(k)}" for k in data if k not in known]
        if problems:
            more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
            raise UnknownVariant("variants: " + "; ".join(problems[:5]) + more)
        return replace(Variants(), **data)  # the values are checked as it is built

    def describe(self) -> list[str]:
        """One plain line per option, saying what this game does."""
        return [
            _("The Stables may change the compensation step by 1 or 2 steps (R8, B4).")
            if self.stables_adjust_compensation
            else _("The Stables may not change the compensation step by 1 or 2 steps (R8, B4)."),
            _("Gold may change the compensation step, one step per gold (R8, A4a).")
            if self.gold_adjusts_compensation
            else _("Gold may not change the compensation step, one step per gold (R8, A4a)."),
            _("Nine identical dice win the game for the player who rolled them (R5).")
            if self.nine_dice_win
            else _("Nine identical dice are sorted as usual, all on Gold (R5)."),
        ]


# Short names, each turning options away from the defaults.
NAMES: dict[str, dict[str, bool]] = {
    "no-stables-compensation": {"stables_adjust_compensation": False},
    "no-gold-compensation": {"gold_adjusts_compensation": False},
    "exact-compensation": {
        "stables_adjust_compensation": False,
        "gold_adjusts_compensation": False,
    },
    "nine-dice-sort": {"nine_dice_win": False},
}

# What each short name means, for help texts.
HELP = {  # English; shown as _(HELP[name])
    "no-stables-compensation": N_("the Stables do not change the compensation step"),
    "no-gold-compensation": N_("gold does not change the compensation step"),
    "exact-compensation": N_("the compensation step is always exactly one step"),
    "nine-dice-sort": N_("nine identical dice are sorted as usual instead of winning the game"),
}

DEFAULT = Variants()
