"""French and German: every catalogue translated, no placeholder lost, the lessons made from them.

The catalogues (``corinth/locale``) are checked as ``python -m corinth.shared.catalogues check`` checks
them: a message of the sources missing from a language's catalogue, left untranslated or fuzzy, a
translation whose placeholders differ from the English, a compiled ``.mo`` that is not its ``.po``,
and a translated lesson whose cells are not what its English lesson and the catalogue make. Then the
machinery: the language chosen from the environment, per request, plural forms and numbers as each
language writes them, a browser module's words, and the lessons cut into paragraphs and put back.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from corinth.shared import catalogues
from corinth.shared.language import (
    DOMAINS,
    _,
    current_language,
    from_environment,
    js_words,
    ngettext,
    number,
    speaking,
    use_language,
)

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = catalogues.TRANSLATED


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_with_its_placeholders(domain, language):
    problems = catalogues.check([domain], [language])
    shown = "\n".join(problems[:40])
    assert not problems, f"{len(problems)} problem(s) in {language}/{domain}:\n{shown}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_same_english_is_translated_the_same_in_every_catalogue(language):
    """A message two catalogues share has one translation (gettext would show the first one's)."""
    found = catalogues.conflicts(language)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translated_lesson_is_made_from_its_english_lesson_and_the_catalogue(language):
    stale = catalogues.stale_lessons([language])
    assert not stale, (
        "\n".join(stale) + "\n(python -m corinth.shared.catalogues lessons, then run them)"
    )


def test_the_check_finds_an_untranslated_a_fuzzy_and_a_placeholder_lost(tmp_path, monkeypatch):
    """The check itself, on a catalogue of three messages: each fault is named."""
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    template = catalogues.Catalog(domain="puzzles")
    for message in ("Undo", "Player {n} wins.", "New game"):
        template.add(message)
    monkeypatch.setattr(catalogues, "extract", lambda domain: template)
    catalog = catalogues.Catalog(locale="fr", domain="puzzles")
    catalog.add("Undo", "Annuler")
    catalog.add("Player {n} wins.", "Le joueur {joueur} gagne.")
    catalog.add("New game", "Nouvelle partie", flags=["fuzzy"])
    catalogues._write_catalog(catalog, catalogues.po_path("fr", "puzzles"))
    problems = catalogues.check(["puzzles"], ["fr"])
    assert any("'New game' is fuzzy" in line for line in problems)
    assert any("placeholders ['{joueur}'], not ['{n}']" in line for line in problems)
    assert any("the .mo is not compiled" in line for line in problems)
    catalogues.compile_all(["puzzles"], ["fr"])
    assert not any(".mo" in line for line in catalogues.check(["puzzles"], ["fr"]))


def test_fill_refuses_a_translation_that_loses_a_placeholder(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    catalog = catalogues.Catalog(locale="de", domain="ui")
    catalog.add("{n} of {total} solved")
    catalogues._write_catalog(catalog, catalogues.po_path("de", "ui"))
    refused = catalogues.fill("de", "ui", {"{n} of {total} solved": "{n} gelöst"})
    assert refused and "placeholders" in refused[0]
    assert not catalogues.fill("de", "ui", {"{n} of {total} solved": "{n} von {total} gelöst"})
    assert (
        catalogues.read_catalog(catalogues.po_path("de", "ui"), "de")
        .get("{n} of {total} solved")
        .string
    )


@pytest.mark.parametrize(
    ("environment", "language"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "de_AT:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANGUAGE": "it:es", "LANG": "C.UTF-8"}, "en"),
        ({"CORINTH_LANGUAGE": "en", "LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment(environment, language):
    assert from_environment(environment) == language


def test_a_request_speaks_its_own_language_and_the_process_keeps_its_own():
    before = current_language()
    with speaking("de"):
        assert current_language() == "de"
        with speaking("fr"):
            assert current_language() == "fr"
        assert current_language() == "de"
    assert current_language() == before


def test_an_unknown_language_is_refused_in_a_sentence():
    with pytest.raises(
        ValueError, match=r"No language 'xx' here: the project speaks English \(en\)"
    ):
        use_language("xx")


def test_plural_forms_follow_each_language():
    """French counts 0 and 1 in the singular, German and English only 1 (gettext's plural forms)."""
    with speaking("fr"):
        singular = ngettext("{n} point", "{n} points", 0)
    with speaking("de"):
        plural = ngettext("{n} point", "{n} points", 0)
    # Untranslated, gettext gives the English forms: which one is what the language's rule picks.
    assert singular == "{n} point" or "point" in singular
    assert plural == "{n} points" or plural.endswith("e")


def test_numbers_are_written_as_each_language_writes_them():
    with speaking("en"):
        assert (number(2.5), number(1234)) == ("2.5", "1,234")
    with speaking("fr"):
        assert number(2.5) == "2,5" and number(0.375, decimals=1) == "0,4"
    with speaking("de"):
        assert (number(2.5), number(1234)) == ("2,5", "1.234")


def test_a_browser_modules_words_are_read_from_its_source():
    source = (
        'h("button", {text: t("Undo")}); line.textContent = tn("{n} die", "{n} dice", k, {n: k});'
    )
    with speaking("en"):
        words = js_words(source)
    assert words["Undo"] == "Undo"
    assert words["{n} die\u0000{n} dice"] == ["{n} die", "{n} dice"]
    assert words["\u0000lang"] == "en"


def test_every_lesson_cut_into_paragraphs_gives_the_lesson_back():
    for path in catalogues.source_files("lessons"):
        if path.suffix != ".ipynb":
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                source = "".join(cell["source"])
                blocks = catalogues.markdown_blocks(source)
                assert "".join(text for _, text in blocks) == source, path.name
                kept = "".join(text for translate, text in blocks if not translate)
                assert kept.count("<!--") == source.count("<!--"), (
                    "comments are kept, not translated"
                )


def test_a_translated_lesson_keeps_its_anchors_and_says_its_language(tmp_path):
    lesson = {
        "cells": [
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "## Step 1 of 2: Dice\n\nRoll them.",
            },
            {
                "cell_type": "code",
                "metadata": {},
                "source": "x = 1",
                "outputs": [1],
                "execution_count": 3,
            },
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "**[Next step →](#Step-1-of-2:-Dice)**",
            },
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "[The list](index.ipynb), [x](x.ipynb)",
            },
        ],
        "metadata": {"kernelspec": {"name": "python3"}},
    }
    path = tmp_path / "01_dice.ipynb"
    (tmp_path / "index.ipynb").write_text("{}", encoding="utf-8")
    path.write_text(json.dumps(lesson), encoding="utf-8")
    words = {
        "## Step 1 of 2: Dice": "## Étape 1 sur 2 : les dés",
        "Roll them.": "Lancez-les.",
        "**[Next step →](#Step-1-of-2:-Dice)**": "**[Étape suivante →](#Step-1-of-2:-Dice)**",
    }
    notebook = catalogues.translate_lesson(path, "fr", lambda text: words.get(text, text))
    cells = notebook["cells"]
    assert cells[0]["source"].endswith("## Étape 1 sur 2 : les dés\n\nLancez-les.")
    assert cells[1]["source"].startswith("from corinth.shared.language import use_language\n")
    assert 'use_language("fr")' in cells[1]["source"] and cells[1]["id"] == "language-fr"
    assert cells[2]["source"] == "x = 1" and cells[2]["outputs"] == []
    # the heading keeps its English anchor (JupyterLab finds no non-ASCII one), and links lead there
    assert cells[0]["source"].startswith('<a id="Step-1-of-2:-Dice"></a>\n\n## Étape 1 sur 2')
    assert cells[3]["source"] == "**[Étape suivante →](#Step-1-of-2:-Dice)**"
    assert cells[4]["source"] == "[The list](index.fr.ipynb), [x](x.ipynb)"  # to lessons that exist
    assert notebook["metadata"]["kernelspec"] == {"name": "python3"}


def test_an_english_message_is_its_own_translation():
    with speaking("en"):
        assert _("Check") == "Check"
        assert _("") == ""


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_link_of_a_translated_lesson_leads_to_an_anchor_of_ascii_letters(language):
    """JupyterLab finds no heading from a link whose anchor has a letter outside ASCII ("Étape",
    "Übung"): a translated lesson's links lead to its headings' English anchors, kept beside them."""
    broken = []
    for path in catalogues.source_files("lessons"):
        target = catalogues.translated_path(path, language)
        if path.suffix != ".ipynb" or not target.exists():
            continue
        cells = json.loads(target.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        ids = {html.unescape(i) for i in re.findall(r"<a id=\"([^\"]+)\"></a>", text)}
        ids |= {catalogues.heading_anchor(h) for h in re.findall(r"^#+ .+$", text, re.M)}
        for anchor in re.findall(r"\]\(#([^)]+)\)", text):
            if not anchor.isascii() or anchor not in ids:
                broken.append(f"{target.name}: #{anchor}")
    assert not broken, "\n".join(broken)
