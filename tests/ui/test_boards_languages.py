"""The boards of the three games speak French and German: their Python side (buttons, captions,
refusals, text forms) and the words their browser modules are given (the ``words`` trait); and
every message a browser module shows is in the boards catalogue, translated."""

from __future__ import annotations

import re

import pytest

from corinth.shared.catalogues import read_catalog, source_files
from corinth.shared.language import LOCALE_DIR, _js_messages, js_words, speaking

LANGUAGES = ("fr", "de")
BOARD_MODULES = ("corintho.js", "courts.js", "dice.js", "harbor.js", "sheet.js")

# A few words each board shows, in each language: (English, French, German).
MARKS = ("What the marks mean", "Ce que signifient les marques", "Was die Markierungen bedeuten")
UNDO = ("Undo", "Annuler", "Rückgängig")
NEW_GAME = ("New game", "Nouvelle partie", "Neue Partie")
HINT = ("Hint", "Indice", "Tipp")


def said(words: tuple[str, str, str], language: str) -> str:
    return words[("en", *LANGUAGES).index(language)]


def corinth_state():
    from corinth.rules import new_game

    return new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")


@pytest.mark.parametrize("language", LANGUAGES)
def test_corinths_boards_speak_the_language(language):
    from corinth.ui.game import GameApp
    from corinth.ui.harbor import HarborWidget
    from corinth.ui.sheet import SheetWidget

    with speaking(language):
        harbor = HarborWidget(corinth_state())
        harbor.select("orange")  # an empty district: refused, in words
        sheet = SheetWidget(corinth_state(), player=0, group="goats")
        app = GameApp(players=2, seed=3, bots="greedy")
        harbor_text, sheet_text, app_text = str(harbor), str(sheet), repr(app)
    port = {"fr": "Port", "de": "Hafen"}[language]
    assert harbor_text.startswith(f"{port} - ")
    start, end = {
        "fr": ("le quartier ", " n'a pas de groupe à prendre (R6)"),
        "de": ("im Bezirk ", " gibt es keine Gruppe zu nehmen (R6)"),
    }[language]
    assert harbor.message.startswith(start) and harbor.message.endswith(end)
    assert {"fr": "Feuille de ", "de": "Bogen von "}[language] in sheet_text
    assert {"fr": "Piste des lancers : ", "de": "Rundenleiste: "}[language].replace(
        " :", "\u00a0:"
    ) in sheet_text
    assert {"fr": "Coups\u00a0: ", "de": "Züge: "}[language] in app_text
    assert app.undo_button.description == said(UNDO, language)
    assert app.hint_button.description == said(HINT, language)
    assert app.roll_button.description != "Buy and roll"
    # the words given to the page: the module's messages in the language, and the language itself
    for board in (harbor, sheet, app.harbor, app.sheet):
        assert board.words["\u0000lang"] == language
        assert board.words["What the marks mean"] == said(MARKS, language)
    assert harbor.words["Harbor — {caption}"] == f"{port} — {{caption}}"
    assert sheet.words["Roll track"] == {"fr": "Piste des lancers", "de": "Rundenleiste"}[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_corinthos_boards_speak_the_language(language):
    from corinth.ui.corintho import CorinthoApp, CorinthoPuzzleBoard, corintho_puzzles

    with speaking(language):
        app = CorinthoApp(seats=("human", "greedy"))
        app.play("base b2")
        app.board.click("b2")  # frozen (K4): refused in words
        text = repr(app)
        puzzle = CorinthoPuzzleBoard(corintho_puzzles()[0])
        puzzle.show_hint()
    assert app.new_game_button.description == said(NEW_GAME, language)
    assert app.undo_button.description == said(UNDO, language)
    assert text.startswith(
        "Corintho - " + {"fr": "Joueur 1 joue", "de": "Spieler 1 ist am Zug"}[language]
    )
    assert {"fr": "bloquées\u00a0: b2", "de": "gesperrt: b2"}[language] in text
    assert app.board.message.endswith("(K4)") and "player" not in app.board.message
    hand = app.board.hands[0]["pieces"][0]["label"]
    assert (
        hand
        == {"fr": "Joueur 1\u00a0: 3 bases en réserve", "de": "Spieler 1: 3 Basen im Vorrat"}[
            language
        ]
    )
    assert app.board.words["\u0000lang"] == language
    assert (
        app.board.words["base\u0000bases"]
        == {"fr": ["base", "bases"], "de": ["Basis", "Basen"]}[language]
    )
    assert app.board.words["What the marks mean"] == said(MARKS, language)
    assert (
        app.board.words["Pieces in hand"]
        == {"fr": "Pièces en réserve", "de": "Teile im Vorrat"}[language]
    )
    assert puzzle.hint_button.description != "Hint" and "Hints" not in puzzle.hint_list.value
    assert (
        puzzle.reveal_button.description
        == {"fr": "Afficher la réponse", "de": "Lösung zeigen"}[language]
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_four_courts_boards_speak_the_language(language):
    from corinth.courts.puzzles import load_puzzles
    from corinth.ui.courts import CourtsApp, CourtsPuzzleBoard, solved_why

    with speaking(language):
        app = CourtsApp(seed=3)
        board = app.board
        board.place(9)  # no such Court: refused in words
        puzzle = CourtsPuzzleBoard(load_puzzles()[0])
        why = solved_why(puzzle.puzzle, "borderland rite")
    assert app.new_game_button.description == said(NEW_GAME, language)
    assert app.undo_button.description == said(UNDO, language)
    assert app.hint_button.description == said(HINT, language)
    assert (
        board.caption
        == {
            "fr": "Choisissez une carte de votre main à poser face cachée.",
            "de": "Wähle eine Karte deiner Hand, die du verdeckt ablegst.",
        }[language]
    )
    assert board.message.startswith({"fr": "pas de Cour 9", "de": "kein Hof 9"}[language])
    you = {"fr": "Nord, vous", "de": "Nord, du"}[language]
    assert board.seats[0]["name"] == you
    assert board.words["\u0000lang"] == language
    assert board.words["Your hand"] == {"fr": "Votre main", "de": "Deine Hand"}[language]
    assert board.words["Moons"] == {"fr": "Lunes", "de": "Monde"}[language]
    # numbers as the language writes them: a decimal comma, "83 %"
    assert "83\u00a0%" in why and re.search(r"\d,\d\d", why) and not re.search(r"\d\.\d", why)
    assert (
        puzzle.again_button.description
        == {"fr": "Réessayez", "de": "Versuch es noch einmal"}[language]
    )


def test_english_stays_as_it_was():
    from corinth.ui.courts import CourtsApp
    from corinth.ui.harbor import HarborWidget

    with speaking("en"):
        harbor = HarborWidget(corinth_state())
        app = CourtsApp(seed=3)
    assert str(harbor).startswith("Harbor - Player 1 takes a group")
    assert harbor.words["What the marks mean"] == "What the marks mean"
    assert app.board.caption == "Choose a card of your hand to lay face down."


def board_sources() -> dict[str, str]:
    from corinth.ui._base import asset

    return {name: asset(name).read_text(encoding="utf-8") for name in BOARD_MODULES}


def test_every_message_of_the_boards_browser_modules_is_in_the_catalogue():
    """No browser module calls t() or tn() with a message the boards catalogue lacks, and every one
    is translated in French and German (a message missing there would show in English)."""
    assert {path.name for path in source_files("boards") if path.suffix == ".js"} == set(
        BOARD_MODULES
    )
    catalogues = {
        language: read_catalog(LOCALE_DIR / language / "LC_MESSAGES" / "boards.po", language)
        for language in LANGUAGES
    }
    for name, source in board_sources().items():
        for singular, plural in _js_messages(source):
            for language, catalog in catalogues.items():
                entry = catalog.get(singular)
                assert entry is not None, f"{name}: {singular!r} is not in the boards catalogue"
                if plural is not None:
                    assert isinstance(entry.id, tuple) and entry.id[1] == plural, (name, singular)
                forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
                assert forms and all(forms), f"{name}: {singular!r} has no {language} words"


def test_a_modules_words_are_its_own_messages_in_the_language():
    for name, source in board_sources().items():
        with speaking("de"):
            words = js_words(source)
        messages = _js_messages(source)
        assert len(words) == len(messages) + 1, name  # each message, and the language
        for singular, plural in messages:
            key = singular if plural is None else f"{singular}\u0000{plural}"
            assert words[key], (name, singular)
