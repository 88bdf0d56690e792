"""The translation catalogues: what each part of the project says, in English, French and German.

Babel reads the messages out of the sources (``extract``), keeps each language's ``.po`` file in step
with them (``update``: new messages come in empty, changed ones fuzzy, gone ones leave) and compiles
them to the ``.mo`` files gettext reads (``compile_all``). ``check`` lists what is not ready: a message
missing, untranslated or fuzzy, a placeholder the translation lost or added, a ``.mo`` older than its
``.po``. The lessons are translated paragraph by paragraph: ``write_lessons`` makes each language's
notebooks from the English ones (``00_start_here.fr.ipynb`` beside ``00_start_here.ipynb``).

    python -m corinth.shared.catalogues update            # extract, update, compile
    python -m corinth.shared.catalogues todo fr ui        # what is left to translate
    python -m corinth.shared.catalogues check             # what is not ready (exit 1)
    python -m corinth.shared.catalogues lessons           # write the translated lessons' cells

docs/translating.md says how to write a message and which files each catalogue reads.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import html
import io
import json
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.extract import extract as read_messages
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from corinth.shared.language import (
    DOMAINS,
    LOCALE_DIR,
    TEMPLATE_CALL,
    _js_messages,
    template_message,
)

ROOT = LOCALE_DIR.parent.parent
TRANSLATED = ("fr", "de")

# Which files each catalogue reads ("*.py" by Babel's Python reader; "*.js" and "*.html" by the calls
# t("…"), tn("…", "…") and _("…"); the lessons' Markdown; the exercises' and puzzles' texts).
SOURCES: dict[str, tuple[str, ...]] = {
    "corinth": (
        "corinth/*.py",
        "corinth/rules/*.py",
        "corinth/render/*.py",
        "corinth/solver/*.py",
        "corinth/shared/*.py",
        "corinth/cli/*.py",
    ),
    "games": ("corinth/courts/*.py", "corinth/corintho/*.py"),
    # The lessons' machinery: the course, its exercises, progress line and puzzle trainers.
    "ui": (
        "corinth/ui/__init__.py",
        "corinth/ui/course.py",
        "corinth/ui/exercise.py",
        "corinth/ui/guide.py",
        "corinth/ui/progress.py",
        "corinth/ui/puzzle.py",
        "corinth/ui/rulecard.py",
        "corinth/ui/trainer.py",
        "widgets/progress.js",
        "widgets/keeper.js",
        "notebooks/*.py",
        "notebooks/answers/*.py",
    ),
    # The boards of the three games, in Python and in the browser.
    "boards": (
        "corinth/ui/_base.py",
        "corinth/ui/controls.py",
        "corinth/ui/corintho.py",
        "corinth/ui/courts.py",
        "corinth/ui/game.py",
        "corinth/ui/game_text.py",
        "corinth/ui/glance.py",
        "corinth/ui/harbor.py",
        "corinth/ui/picker.py",
        "corinth/ui/sheet.py",
        "widgets/corintho.js",
        "widgets/courts.js",
        "widgets/dice.js",
        "widgets/harbor.js",
        "widgets/sheet.js",
    ),
    "classroom": (
        "corinth/classroom/*.py",
        "corinth/classroom/pages/*.html",
        "corinth/classroom/pages/*.js",
        "corinth/classroom/jupyter/voila/templates/corinth-classroom/*.j2",
        "corinth/classroom/jupyter/voila/templates/corinth-classroom/static/*.js",
        "corinth/handouts/*.py",
    ),
    # The lessons: their Markdown, paragraph by paragraph, the messages their code cells show through
    # _() and ngettext(), and the words every lesson uses (WORDS.md).
    "lessons": ("notebooks/*.ipynb", "notebooks/WORDS.md"),
    "exercises": ("notebooks/exercises.toml",),
    "puzzles": ("seeds/puzzles/*.json", "seeds/puzzles/*/*.json"),
    # Each game's rule catalogue (each rule's text, as a rule card or a rule mark shows it) and the
    # rule cards' titles.
    "rules": ("corinth/rules/RULES.md", "corinth/*/RULES.md", "corinth/*/cards.toml"),
}

# The exercises' and the puzzles' fields a learner reads (the others are names, answers, numbers).
EXERCISE_FIELDS = ("question", "options", "hint", "hints", "explain", "wrong")
PUZZLE_FIELDS = ("title", "question", "explanation", "hints")

_PLACEHOLDER = re.compile(
    r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}|%\([a-z_]+\)[sd]|\{\}"
)


def is_translated_lesson(path: Path) -> bool:
    """``00_start_here.fr.ipynb`` is a translation; ``00_start_here.ipynb`` is its English source."""
    return len(path.suffixes) > 1 and path.suffixes[-2].lstrip(".") in TRANSLATED


def source_files(domain: str) -> list[Path]:
    """The files a catalogue reads, in a stable order."""
    files = sorted({path for pattern in SOURCES[domain] for path in ROOT.glob(pattern)})
    return [
        path for path in files if not is_translated_lesson(path) and "__pycache__" not in path.parts
    ]


# -- the lessons' Markdown, paragraph by paragraph ------------------------------------------------------


def markdown_blocks(source: str) -> list[tuple[bool, str]]:
    """A Markdown cell cut into blocks: ``(True, paragraph)`` to translate, ``(False, text)`` to keep
    as it is (blank lines, fenced code, HTML comments such as "<!-- rules taught: … -->"). Joined,
    the blocks give the cell back.

    >>> markdown_blocks("# Title\\n<!-- rules taught: R1 -->\\n\\nSome text.")
    [(True, '# Title'), (False, '\\n<!-- rules taught: R1 -->\\n\\n'), (True, 'Some text.')]
    """
    blocks: list[list] = []
    pending = ""  # the newline after a paragraph's last line, which belongs to what follows
    fenced = False
    lines = source.split("\n")
    for i, line in enumerate(lines):
        end = "\n" if i < len(lines) - 1 else ""
        stripped = line.strip()
        fence = stripped.startswith("```")
        kept = (
            fenced
            or fence
            or not stripped
            or (stripped.startswith("<!--") and stripped.endswith("-->"))
        )
        if fence:
            fenced = not fenced
        if kept:
            if blocks and not blocks[-1][0]:
                blocks[-1][1] += pending + line + end
            else:
                blocks.append([False, pending + line + end])
            pending = ""
        elif blocks and blocks[-1][0]:
            blocks[-1][1] += pending + line
            pending = end
        else:
            blocks.append([True, line])
            pending = end
    if pending:
        blocks.append([False, pending])
    return [(translate, text) for translate, text in blocks]


def _cell_source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _lesson_messages(path: Path) -> Iterator[tuple[int, str | tuple, str | None, list[str]]]:
    if path.suffix == ".md":
        for translate, block in markdown_blocks(path.read_text(encoding="utf-8")):
            if translate:
                yield 0, block, None, []
        return
    for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"], 1):
        if cell["cell_type"] == "code":
            # IPython's %magic and !shell lines are not Python: left out, as blank lines.
            lines = _cell_source(cell).splitlines()
            code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)
            found = read_messages("python", io.BytesIO(code.encode("utf-8")), DEFAULT_KEYWORDS)
            for _line, message, _comments, context in found:
                yield number, message, context, [f"cell {number} (code)"]
            continue
        if cell["cell_type"] != "markdown":
            continue
        for translate, block in markdown_blocks(_cell_source(cell)):
            if translate:
                yield number, block, None, [f"cell {number}"]


def _exercise_messages(path: Path) -> Iterator[tuple[int, str, None, list[str]]]:
    exercises = tomllib.loads(path.read_text(encoding="utf-8"))
    for name, exercise in exercises.items():
        for field in EXERCISE_FIELDS:
            value = exercise.get(field)
            texts: list[object] = []
            if isinstance(value, str):
                texts = [value]
            elif isinstance(value, list):
                texts = value
            elif isinstance(value, dict):  # wrong: {option or number: why}
                texts = [key for key in value if not key.lstrip("-").isdigit()] + list(
                    value.values()
                )
            for text in texts:
                if isinstance(text, str) and text.strip():
                    yield 0, text, None, [f"{name}.{field}"]


def _puzzle_messages(path: Path) -> Iterator[tuple[int, str, None, list[str]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data.get("title"), str):
        yield 0, data["title"], None, ["title"]
    for puzzle in data.get("puzzles", []):
        for field in PUZZLE_FIELDS:
            value = puzzle.get(field)
            for text in [value] if isinstance(value, str) else value or []:
                if isinstance(text, str) and text.strip():
                    yield 0, text, None, [f"{puzzle.get('id', '?')}.{field}"]


# A rule of a RULES.md: "- **R4** Sorting: …" and its indented lines (as corinth.rules.catalogue reads
# it), one message with its lines joined by spaces.
_RULE_ITEM = re.compile(r"^\s*- (\*\*([A-Z]\d+[a-z]?)\*\*.*(?:\n(?!\s*- \*\*|\s*$|#).*)*)", re.M)


def _rule_messages(path: Path) -> Iterator[tuple[int, str, None, list[str]]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".toml":
        for rule_id, card in tomllib.loads(text).items():
            if isinstance(card, dict) and isinstance(card.get("title"), str):
                yield 0, card["title"], None, [f"{rule_id}.title"]
        return
    for match in _RULE_ITEM.finditer(text):
        yield (
            0,
            " ".join(line.strip() for line in match.group(1).splitlines()),
            None,
            [match.group(2)],
        )


def _script_messages(path: Path) -> Iterator[tuple[int, str | tuple[str, str], None, list[str]]]:
    source = path.read_text(encoding="utf-8")
    for singular, plural in _js_messages(source):
        yield 0, singular if plural is None else (singular, plural), None, []
    if path.suffix in (".html", ".j2"):
        for literal in TEMPLATE_CALL.findall(source):
            yield 0, template_message(literal), None, []


def _python_messages(
    path: Path,
) -> Iterator[tuple[int, str | tuple[str, ...], str | None, list[str]]]:
    for line, message, comments, context in extract_from_file("python", str(path)):
        yield line, message, context, comments


def extract(domain: str) -> Catalog:
    """The catalogue's messages as its sources say them now (English, with where each one is)."""
    catalog = Catalog(project="corinth", domain=domain, fuzzy=False)
    for path in source_files(domain):
        name = path.relative_to(ROOT).as_posix()
        if domain == "lessons":
            found: Iterable = _lesson_messages(path)
        elif domain == "exercises":
            found = _exercise_messages(path)
        elif domain == "puzzles":
            found = _puzzle_messages(path)
        elif domain == "rules":
            found = _rule_messages(path)
        elif path.suffix == ".py":
            found = _python_messages(path)
        else:
            found = _script_messages(path)
        for line, message, context, comments in found:
            if isinstance(message, tuple) and len(message) == 1:
                message = message[0]
            if not message or (isinstance(message, tuple) and not all(message)):
                continue
            where = (name, line) if line else (name, None)
            existing = catalog.get(message, context=context)
            if existing is not None:
                existing.locations.append(where)
            else:
                catalog.add(message, locations=[where], auto_comments=comments, context=context)
    return catalog


# -- the files: .pot (the English), .po (a language's), .mo (compiled) -------------------------------


def po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


# The files carry no dates (they would change at every update and make a .mo differ from itself a
# minute later); Babel, finding none, would stamp the time of reading into the compiled header.
_NO_DATE = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=path.stem)
    catalog.creation_date = _NO_DATE
    catalog.revision_date = _NO_DATE
    return catalog


def _write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=100, sort_output=False, omit_header=False, include_previous=True
    )
    text = re.sub(rb'"POT-Creation-Date: .*?\\n"\n', b"", buffer.getvalue())
    text = re.sub(rb'"PO-Revision-Date: .*?\\n"\n', b"", text)
    if not path.exists() or path.read_bytes() != text:
        path.write_bytes(text)


def update(domains: Iterable[str] = DOMAINS, languages: Iterable[str] = TRANSLATED) -> None:
    """Extract each catalogue, bring each language's ``.po`` in step with it, and compile."""
    for domain in domains:
        template = extract(domain)
        _write_catalog(template, LOCALE_DIR / f"{domain}.pot")
        for language in languages:
            path = po_path(language, domain)
            catalog = (
                read_catalog(path, language)
                if path.exists()
                else Catalog(locale=language, domain=domain)
            )
            catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
            catalog.obsolete.clear()  # gone from the sources: gone from the catalogue
            _write_catalog(catalog, path)
    compile_all(domains, languages)


def compile_all(domains: Iterable[str] = DOMAINS, languages: Iterable[str] = TRANSLATED) -> None:
    """Compile each ``.po`` to the ``.mo`` gettext reads (fuzzy translations left out)."""
    for domain in domains:
        for language in languages:
            path = po_path(language, domain)
            if not path.exists():
                continue
            buffer = io.BytesIO()
            buffer.write(compiled(read_catalog(path, language)))
            target = path.with_suffix(".mo")
            if not target.exists() or target.read_bytes() != buffer.getvalue():
                target.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` of a catalogue: fuzzy and untranslated messages left out (Babel would write a
    plural's English forms for an untranslated one, hiding another catalogue's translation of it)."""
    kept = copy.deepcopy(catalog)
    for message in list(kept):
        if message.id and isinstance(message.string, tuple):
            if _untranslated(message.string):
                kept.delete(message.id, context=message.context)
            else:
                message.string = _padded(message.string)
    buffer = io.BytesIO()
    write_mo(buffer, kept, use_fuzzy=False)
    return buffer.getvalue()


def _untranslated(string: str | tuple) -> bool:
    """A message with no words, or a plural without its singular and its plural."""
    forms = _strings(string)
    return not forms or not all(forms[:2])


def _padded(forms: tuple) -> tuple:
    """A plural's forms, a missing last one the one before: French has a third form in Babel (for
    millions), which a translator may leave to the plural."""
    out = list(forms)
    for i in range(1, len(out)):
        out[i] = out[i] or out[i - 1]
    return tuple(out)


def placeholders(text: str) -> list[str]:
    """The placeholders of a message, sorted: ``placeholders("{n} of {total}") == ['{n}', '{total}']``."""
    return sorted(_PLACEHOLDER.findall(text))


def _strings(value: str | tuple | list) -> list[str]:
    return [value] if isinstance(value, str) else [text for text in value if text is not None]


def check(domains: Iterable[str] = DOMAINS, languages: Iterable[str] = TRANSLATED) -> list[str]:
    """What is not ready, one line each (nothing when every message of every catalogue is translated)."""
    problems: list[str] = []
    for domain in domains:
        template = extract(domain)
        for language in languages:
            path = po_path(language, domain)
            if not path.exists():
                problems.append(
                    f"{language}/{domain}: no catalogue (python -m corinth.shared.catalogues update)"
                )
                continue
            catalog = read_catalog(path, language)
            for message in template:
                if not message.id:
                    continue
                entry = catalog.get(message.id, context=message.context)
                label = f"{language}/{domain}: {_strings(message.id)[0][:70]!r}"
                if entry is None:
                    problems.append(f"{label} is missing (update the catalogue)")
                elif entry.fuzzy:
                    problems.append(f"{label} is fuzzy")
                elif _untranslated(entry.string):
                    problems.append(f"{label} is not translated")
                else:
                    wanted = placeholders(_strings(message.id)[-1])
                    string = entry.string
                    for form in _strings(_padded(string) if isinstance(string, tuple) else string):
                        if placeholders(form) != wanted and placeholders(form) != placeholders(
                            _strings(message.id)[0]
                        ):
                            problems.append(
                                f"{label} has the placeholders {placeholders(form)}, not {wanted}"
                            )
            mo = path.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(catalog):
                problems.append(
                    f"{language}/{domain}: the .mo is not compiled from the .po (run update)"
                )
    return problems


def conflicts(language: str, domains: Iterable[str] = DOMAINS) -> list[str]:
    """Messages two catalogues translate differently, one line each. gettext reads the catalogues
    one after the other, so the first one's words would show for both: the same English says the
    same thing everywhere (a word with two meanings takes a context, ``pgettext``)."""
    seen: dict[tuple, tuple[str, object]] = {}
    found = []
    for domain in domains:
        path = po_path(language, domain)
        if not path.exists():
            continue
        for message in read_catalog(path, language):
            if not message.id or _untranslated(message.string) or message.fuzzy:
                continue
            key = (_strings(message.id)[0], message.context)
            words = message.string if isinstance(message.string, str) else message.string[:2]
            if key in seen and seen[key][1] != words:
                first, said = seen[key]
                found.append(
                    f"{language}: {key[0][:60]!r} is {said!r} in {first} but {words!r} in {domain}"
                )
            seen.setdefault(key, (domain, words))
    return found


def todo(language: str, domain: str) -> list[str]:
    """The messages of one catalogue still to translate (missing, empty or fuzzy), in English (a
    message with a context as "context\\x04message", as gettext keys it and ``fill`` reads it)."""
    path = po_path(language, domain)
    catalog = read_catalog(path, language) if path.exists() else Catalog(locale=language)
    left = []
    for message in extract(domain):
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        if (
            entry is None
            or entry.fuzzy
            or _untranslated(entry.string)
            or not _strings(entry.string)
        ):
            english = _strings(message.id)[0]
            left.append(f"{message.context}\x04{english}" if message.context else english)
    return left


# -- the translated lessons --------------------------------------------------------------------------

LANGUAGE_LINE = {
    "fr": 'from corinth.shared.language import use_language\n\nuse_language("fr")  # cette leçon parle français',
    "de": 'from corinth.shared.language import use_language\n\nuse_language("de")  # diese Lektion spricht Deutsch',
}


_LESSON_LINK = re.compile(r"\]\(([\w.-]+\.ipynb)(?=[#)])")


def heading_anchor(heading: str) -> str:
    """The anchor JupyterLab gives a heading: ``heading_anchor("## Step 2 of 4: A tie") ==
    'Step-2-of-4:-A-tie'``."""
    text = heading.lstrip("#").strip()
    text = re.sub(r"\*\*|__|`", "", text)
    return text.replace(" ", "-")


def translate_markdown(text: str, translate) -> str:
    """A Markdown text translated paragraph by paragraph (``translate`` gives a paragraph's words).

    >>> translate_markdown("# Words\\n\\nA round.", {"A round.": "Une manche."}.get)
    '# Words\\n\\nUne manche.'
    """
    return "".join(
        (translate(block) or block) if is_text else block
        for is_text, block in markdown_blocks(text)
    )


def translated_path(path: Path, language: str) -> Path:
    return path.with_name(f"{path.stem}.{language}{path.suffix}")


def translate_lesson(path: Path, language: str, translate) -> dict:
    """The notebook of ``path`` in ``language``: its Markdown translated block by block (``translate``
    gives a block's words), each translated heading keeping its English anchor (so the links to it
    stay as they are), links to other lessons leading to their translations, and a cell before its
    first code cell telling the kernel the language. Outputs are left empty (the notebook is run
    after)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    first_code = next(
        (i for i, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "code"), 0
    )
    # A cell of its own, before the first code cell, tells the kernel the lesson's language.
    language_cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": f"language-{language}",
        "metadata": {},
        "outputs": [],
        "source": LANGUAGE_LINE[language],
    }
    notebook["cells"].insert(first_code, language_cell)
    lessons = {
        other.name for other in path.parent.glob("*.ipynb") if not is_translated_lesson(other)
    }

    def same_language(link: re.Match) -> str:  # a link to another lesson: its translation
        name = link.group(1)
        return (
            f"]({translated_path(Path(name), language).name}" if name in lessons else link.group(0)
        )

    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            parts = []
            for is_text, block in markdown_blocks(_cell_source(cell)):
                words = translate(block) if is_text else block
                english = heading_anchor(block.split("\n")[0])
                if (
                    is_text
                    and block.startswith("#")
                    and heading_anchor(words.split("\n")[0]) != english
                ):
                    # JupyterLab finds no heading whose anchor has a letter outside ASCII ("Étape")
                    # from a link (the link's address is percent-encoded): the heading keeps its
                    # English anchor in an element of its own, and the links lead there.
                    parts.append(
                        f'<a id="{html.escape(english, quote=False).replace(chr(34), "&quot;")}"></a>\n\n'
                    )
                parts.append(words)
            cell["source"] = _LESSON_LINK.sub(same_language, "".join(parts))
        elif cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    notebook.get("metadata", {}).pop("widgets", None)
    return notebook


def _cells_of(notebook: dict) -> list[tuple[str, str]]:
    return [(cell["cell_type"], _cell_source(cell)) for cell in notebook["cells"]]


def _lessons_wanted(languages: Iterable[str]) -> Iterator[tuple[Path, Path, str | dict, bool]]:
    """Each translated lesson as its English source and the catalogue make it: (source, target,
    the text or notebook wanted, whether the target already is it). A notebook is compared by its
    cells, so one whose cells are as they should be keeps its outputs."""
    from corinth.shared.language import _catalogue

    for language in languages:
        translate = _catalogue(language).gettext
        for path in source_files("lessons"):
            target = translated_path(path, language)
            if path.suffix == ".md":
                text = translate_markdown(path.read_text(encoding="utf-8"), translate)
                same = target.exists() and target.read_text(encoding="utf-8") == text
                yield path, target, text, same
                continue
            notebook = translate_lesson(path, language, translate)
            same = target.exists() and _cells_of(
                json.loads(target.read_text(encoding="utf-8"))
            ) == _cells_of(notebook)
            yield path, target, notebook, same


def write_lessons(languages: Iterable[str] = TRANSLATED) -> list[Path]:
    """Write each lesson in each language beside its English source, where its cells changed (a
    notebook whose cells are as they should be keeps its outputs). Returns the notebooks written."""
    written = []
    for _path, target, wanted, same in _lessons_wanted(languages):
        if same:
            continue
        if isinstance(wanted, dict):
            for cell in wanted["cells"]:
                cell["source"] = _cell_source(cell).splitlines(keepends=True)
            wanted = json.dumps(wanted, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        target.write_text(wanted, encoding="utf-8")
        written.append(target)
    return written


def stale_lessons(languages: Iterable[str] = TRANSLATED) -> list[str]:
    """The translated lessons whose cells are not what the English lesson and the catalogue make."""
    return [
        f"{target.name} is missing"
        if not target.exists()
        else f"{target.name} is not what {path.name} and the {target.suffixes[-2][1:]} catalogue make"
        for path, target, _wanted, same in _lessons_wanted(languages)
        if not same
    ]


def fill(language: str, domain: str, translations: dict[str, str | list[str]]) -> list[str]:
    """Write translations into a language's catalogue (a message's English → its words; a plural's
    singular → its two forms), compile it, and return what was refused, one line each (a message the
    catalogue does not have, a translation that lost or added a placeholder)."""
    path = po_path(language, domain)
    catalog = read_catalog(path, language)
    refused = []
    for english, words in translations.items():
        context, _, message = english.rpartition("\x04")  # "context\x04message", as gettext keys it
        entry = catalog.get(message, context=context or None)
        if entry is None:
            entry = next((m for m in catalog if _strings(m.id)[0] == english and m.id), None)
        if entry is None:
            refused.append(f"not in {language}/{domain}: {english[:70]!r}")
            continue
        forms = [words] if isinstance(words, str) else list(words)
        wanted = placeholders(_strings(entry.id)[-1])
        if any(
            placeholders(form) not in (wanted, placeholders(_strings(entry.id)[0]))
            for form in forms
        ):
            refused.append(f"placeholders differ from {wanted}: {english[:70]!r}")
            continue
        if isinstance(entry.id, tuple):
            count = max(catalog.num_plurals, len(forms))
            entry.string = _padded(tuple(forms) + ("",) * (count - len(forms)))
        else:
            entry.string = forms[0]
        entry.flags.discard("fuzzy")
        entry.previous_id = []
    _write_catalog(catalog, path)
    compile_all([domain], [language])
    return refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m corinth.shared.catalogues", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "command", choices=["update", "compile", "check", "todo", "lessons", "fill"]
    )
    parser.add_argument("names", nargs="*", help="languages (fr, de) and catalogues, in any order")
    parser.add_argument("--json", action="store_true", help="todo: as a JSON object to fill in")
    parser.add_argument("--file", help="fill: a JSON object {English: translation}")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in TRANSLATED and name not in DOMAINS]
    if unknown:
        parser.error(
            f"no language or catalogue {unknown}: languages {TRANSLATED}, catalogues {DOMAINS}"
        )
    domains = [name for name in args.names if name in DOMAINS] or list(DOMAINS)
    languages = [name for name in args.names if name in TRANSLATED] or list(TRANSLATED)
    if args.command == "update":
        update(domains, languages)
    elif args.command == "compile":
        compile_all(domains, languages)
    elif args.command == "todo":
        left = {
            f"{language}/{domain}": todo(language, domain)
            for domain in domains
            for language in languages
        }
        if args.json:
            only = [message for messages in left.values() for message in messages]
            print(json.dumps(dict.fromkeys(only, ""), ensure_ascii=False, indent=1))
        else:
            for where, messages in left.items():
                for message in messages:
                    print(f"{where}: {message}")
    elif args.command == "fill":
        if len(domains) != 1 or len(languages) != 1 or not args.file:
            parser.error("fill needs one language, one catalogue and --file")
        translations = json.loads(Path(args.file).read_text(encoding="utf-8"))
        refused = fill(languages[0], domains[0], translations)
        for line in refused:
            print(line)
        print(f"{len(translations) - len(refused)} written, {len(refused)} refused")
        return 1 if refused else 0
    elif args.command == "lessons":
        for path in write_lessons(languages):
            print(f"wrote {path.relative_to(ROOT)}")
    else:
        problems = check(domains, languages) + stale_lessons(languages)
        problems += [line for language in languages for line in conflicts(language)]
        for line in problems:
            print(line)
        print(
            f"{len(problems)} problem(s)"
            if problems
            else "Every catalogue is translated and compiled."
        )
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
