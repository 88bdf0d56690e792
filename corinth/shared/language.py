"""The language the project speaks: English (the source), French or German.

Every string a learner, a player or a teacher reads goes through these functions, and the words come
from gettext catalogues (``corinth/locale/<language>/LC_MESSAGES/<domain>.mo``, made from the ``.po``
files by ``python -m corinth.shared.catalogues update``; see docs/translating.md).

- ``_("Check")``: a message. Placeholders are named and filled after the translation:
  ``_("Player {n} takes the group.").format(n=2)``; never an f-string inside ``_()``.
- ``ngettext("{n} point", "{n} points", n).format(n=n)``: a message with a number in it.
- ``pgettext("colour", "Gold")``: a short word whose meaning the context settles.
- ``N_("…")``: marks a message written where it is not yet shown (a table at module level); the
  place that shows it says ``_(text)``.
- ``number(2.5)``: a number as the language writes it ("2.5", "2,5"); ``percent(0.25)``: "25%", "25 %".

The language is the process's (a kernel is one learner's, the command line one user's), set by
``use_language("fr")`` (each translated lesson's first cell does) and otherwise taken from the
environment (``CORINTH_LANGUAGE``, then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``). A server
that answers many people sets it for one request with ``speaking("de")``.

>>> with speaking("en"):
...     _("Check"), ngettext("{n} point", "{n} points", 2).format(n=2), number(2.5)
('Check', '2 points', '2.5')
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = [
    "DOMAINS",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "current_language",
    "from_environment",
    "js_words",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "speaking",
    "use_language",
]

# The languages, each named in itself (as a language switch shows them).
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch"}

# One catalogue per part of the project (docs/translating.md says which files each one reads), so
# that each part's words are kept, updated and checked on their own.
DOMAINS = (
    "corinth",
    "games",
    "ui",
    "boards",
    "classroom",
    "lessons",
    "exercises",
    "puzzles",
    "rules",
)

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_ENVIRONMENT = ("CORINTH_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_chosen: list[str] = []  # the process's language, once set or read from the environment
_request: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "corinth_language", default=None
)


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, of the ones the project speaks; English otherwise.

    >>> from_environment({"LANG": "de_DE.UTF-8"}), from_environment({"LANGUAGE": "it:fr"})
    ('de', 'fr')
    >>> from_environment({"LANG": "C.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    for key in _ENVIRONMENT:
        for part in environ.get(key, "").split(":"):
            code = re.split(r"[_.@-]", part.strip(), maxsplit=1)[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def _language_code(language: str) -> str:
    code = re.split(r"[_.@-]", str(language).strip(), maxsplit=1)[0].lower()
    if code not in LANGUAGES:
        known = ", ".join(f"{name} ({key})" for key, name in LANGUAGES.items())
        raise ValueError(f"No language '{language}' here: the project speaks {known}.")
    return code


def use_language(language: str) -> None:
    """Speak ``language`` ("en", "fr", "de" or a locale such as "fr_FR") from now on in this process.
    (It returns nothing, so a lesson's cell that calls it shows nothing.)

    >>> use_language("en")
    >>> current_language()
    'en'
    """
    _chosen[:] = [_language_code(language)]


def current_language() -> str:
    """The language spoken now: this request's, else the process's (``use_language``), else the
    environment's."""
    code = _request.get()
    if code:
        return code
    if not _chosen:
        _chosen.append(from_environment())
    return _chosen[0]


@contextlib.contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak ``language`` within the block only (one request of a server), whatever the process speaks.

    >>> with speaking("fr"):
    ...     current_language()
    'fr'
    """
    token = _request.set(_language_code(language))
    try:
        yield current_language()
    finally:
        _request.reset(token)


@functools.cache
def _catalogue(code: str) -> gettext.NullTranslations:
    """Every domain's catalogue of one language, one after the other (a message is in one of them)."""
    merged: gettext.NullTranslations = gettext.NullTranslations()
    if code == "en":
        return merged
    found = [
        gettext.translation(domain, LOCALE_DIR, languages=[code])
        for domain in DOMAINS
        if (LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.mo").is_file()
    ]
    for translations in found[1:]:
        found[0].add_fallback(translations)
    return found[0] if found else merged


def _(message: str) -> str:
    """``message`` in the language spoken now (the message itself where it has no translation).

    >>> with speaking("en"):
    ...     _("Hint")
    'Hint'
    """
    if not message:
        return message
    return _catalogue(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the language spoken now (French says "1 point"
    and "0 point", German and English "0 points"); fill its placeholders after.

    >>> with speaking("en"):
    ...     ngettext("{n} die", "{n} dice", 1).format(n=1)
    '1 die'
    """
    return _catalogue(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short message whose meaning ``context`` settles ("colour" for the gold district's colour).

    >>> with speaking("en"):
    ...     pgettext("colour", "Gold")
    'Gold'
    """
    return _catalogue(current_language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues where it is written, not shown: show it with ``_(text)``.

    >>> N_("Undo")
    'Undo'
    """
    return message


def number(value: float, decimals: int | None = None) -> str:
    """``value`` written as the language spoken now writes numbers.

    >>> with speaking("de"):
    ...     number(2.5), number(1234), number(0.333, decimals=2)
    ('2,5', '1.234', '0,33')
    """
    from babel.numbers import format_decimal

    if decimals is not None:
        value = round(value, decimals)
        pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
        return format_decimal(value, format=pattern, locale=current_language())
    return format_decimal(value, locale=current_language())


def percent(share: float, decimals: int = 0) -> str:
    """A share (0.533) as a percentage the language writes: "53.3%", "53,3 %" (a no-break space).

    >>> with speaking("en"):
    ...     percent(0.533, 1), percent(0.5)
    ('53.3%', '50%')
    >>> with speaking("fr"):
    ...     percent(0.533, 1) == "53,3\u00a0%"
    True
    """
    text = number(100 * share, decimals)
    return text + "%" if current_language() == "en" else text + "\u00a0%"


# A browser module's messages: t("…", {name: value}) and tn("one", "many", n, {…}), read from its
# source once (docs/translating.md shows the few lines each module defines them with).
_JS_CALL = re.compile(
    r"""\b(t|tn)\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(?:\s*,\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))?"""
)


def _js_literal(literal: str) -> str:
    import json

    if literal.startswith("'"):
        literal = '"' + literal[1:-1].replace('\\"', '"').replace('"', '\\"') + '"'
    return json.loads(literal)


@functools.cache
def _js_messages(source: str) -> tuple[tuple[str, str | None], ...]:
    found = []
    for call, first, second in _JS_CALL.findall(source):
        if call == "tn" and second:
            found.append((_js_literal(first), _js_literal(second)))
        elif call == "t":
            found.append((_js_literal(first), None))
    return tuple(dict.fromkeys(found))


# A page template's messages: _("…") in its HTML, filled in the page's language (``fill_template``).
TEMPLATE_CALL = re.compile(r"""\b_\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)""")


def template_message(literal: str) -> str:
    """A ``_("…")`` literal of a template as its message: ``template_message("'Join'") == 'Join'``."""
    import json

    return json.loads(literal) if literal.startswith('"') else literal[1:-1]


def fill_template(text: str) -> str:
    """A template's ``_("…")`` replaced by their words in the language spoken now.

    >>> with speaking("en"):
    ...     fill_template('<h1>_("Join the class")</h1>')
    '<h1>Join the class</h1>'
    """
    return TEMPLATE_CALL.sub(lambda found: _(template_message(found[1])), text)


def js_words(source: str) -> dict[str, object]:
    """The words a browser module shows, in the language spoken now: a message's translation under
    its English, a plural's two forms under "one\\u0000many", and the language under "\\u0000lang".

    >>> with speaking("en"):
    ...     js_words('t("Undo"); tn("{n} die", "{n} dice", k, {n: k})')["\\u0000lang"]
    'en'
    """
    words: dict[str, object] = {"\u0000lang": current_language()}
    for singular, plural in _js_messages(source):
        if plural is None:
            words[singular] = _(singular)
        else:
            words[f"{singular}\u0000{plural}"] = [
                ngettext(singular, plural, 1),
                ngettext(singular, plural, 2),
            ]
    return words
