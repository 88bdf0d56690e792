"""Rule cards: a rule in plain words where a notebook teaches it, the rule ID after, the rulebook's quote.

>>> card = rule_card_widget("R8")
>>> "If no group is left" in card.value
True
>>> print(rule_card_text("R8").splitlines()[0])
No group left: the compensation step (rule R8)
"""

from __future__ import annotations

import html

import ipywidgets as w

from corinth.rules.catalogue import rule_card
from corinth.shared.language import N_, _

# The language a rulebook is printed in (its quote's), as a card names it.
LANGUAGES = {"fr": N_("French"), "de": N_("German")}


def _language(code: str) -> str:
    return _(LANGUAGES[code]) if code in LANGUAGES else code


def rule_card_text(rule_id: str) -> str:
    """The card as plain text (what a printout or a screen reader gets)."""
    card = rule_card(rule_id)
    lines = [_("{title} (rule {rule})").format(title=card.title, rule=card.rule_id), card.words]
    if card.quote:
        lines.append(
            _("The printed rulebook ({language}): «{quote}»").format(
                language=_language(card.quote.lang), quote=card.quote.text
            )
        )
    return "\n".join(lines)


def rule_card_html(rule_id: str) -> str:
    """The card as an HTML block: title in words, the rule ID after, the text, the rulebook's quote."""
    card = rule_card(rule_id)
    quote = ""
    if card.quote:
        printed = _("the printed rulebook ({language})").format(language=_language(card.quote.lang))
        quote = (
            f'<blockquote lang="{html.escape(card.quote.lang)}" style="margin:6px 0 0 0;'
            f'color:#444;font-style:italic">{html.escape(card.quote.text)}'
            f'<br><small style="font-style:normal">{html.escape(printed)}</small></blockquote>'
        )
    named = _("rule {rule}").format(rule=card.rule_id)
    return (
        f'<div class="corinth-rule-card" role="note" aria-label="{html.escape(named)}" '
        'style="border:1px solid #c9b78f;border-left:6px solid #b08a5a;background:#fbf7ee;'
        'padding:8px 12px;margin:6px 0;max-width:720px;color:#222">'
        f"<b>{html.escape(card.title)}</b> "
        f'<small style="color:#666">({html.escape(named)})</small>'
        f'<div style="margin-top:4px">{html.escape(card.words)}</div>{quote}</div>'
    )


def rule_card_widget(*rule_ids: str, folded: bool = False) -> w.HTML:
    """One or more rule cards as a widget, for a notebook cell: ``rule_card_widget("R8")``.
    ``folded``: each card closed under its title, opened by a click (for a step that is long).

    >>> folded = rule_card_widget("R8", folded=True).value
    >>> folded.startswith("<details") and "No group left: the compensation step" in folded
    True
    """
    if not folded:
        return w.HTML("".join(rule_card_html(r) for r in rule_ids))
    summary = _("The rule: <b>{title}</b> (click to read it)")
    return w.HTML(
        "".join(
            '<details class="corinth-rule-folded"><summary>'
            f"{summary.format(title=html.escape(rule_card(r).title))}</summary>"
            f"{rule_card_html(r)}</details>"
            for r in rule_ids
        )
    )
