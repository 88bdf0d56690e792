"""Corinth's engine in French and German: a move as a sentence, an illegal move's error (its rule ID
kept, its cells in a learner's words), a plural, the text board, the SVG labels, a rule card read
from the rules catalogue; English unchanged, and the notation the same in every language."""

from __future__ import annotations

import pytest

from corinth.render import sheet_svg
from corinth.render.board import harbor_groups
from corinth.rules import IllegalMove, Move, new_game
from corinth.rules.catalogue import rule_card
from corinth.rules.describe import cell_words, plain_words, shop_words
from corinth.shared.language import ngettext, speaking


@pytest.fixture(scope="module")
def rolled():
    return new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Take the Goats group (two 1s) and gain two goats."),
        ("fr", "Prenez le groupe Chèvres (2 dés de 1) et recevez 2 chèvres."),
        ("de", "Nimm die Gruppe im Ziegenbezirk (2 Würfel mit 1) und erhalte 2 Ziegen."),
    ],
)
def test_a_move_is_a_sentence_in_the_language_spoken(rolled, language, said):
    with speaking(language):
        assert Move.parse("goats").describe(rolled) == said


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "la case violette ×2, ligne 2, colonne 3 : cochez 2 marchandises"),
        ("de", "auf das Feld Violett ×2, Zeile 2, Spalte 3: kreuze 2 Waren im Bezirk Violett an"),
    ],
)
def test_a_steward_move_names_its_cell_and_what_it_checks(rolled, language, words):
    move = Move.parse("goats steward r1c2 shops 1")
    with speaking(language):
        assert words in move.describe(rolled).replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "player 1 must take a group, not 'buy 2' (R7)"),
        ("fr", "le Joueur 1 doit prendre un groupe, pas «\u00a0buy 2\u00a0» (R7)"),
        ("de", "Spieler 1 muss eine Gruppe nehmen, nicht „buy 2“ (R7)"),
    ],
)
def test_an_illegal_move_is_refused_in_the_language_spoken_with_its_rule(rolled, language, words):
    with speaking(language), pytest.raises(IllegalMove) as refused:
        rolled.apply("buy 2")
    assert str(refused.value) == words
    assert refused.value.rule == "R7"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "la zone de décompte, ligne 1, colonne 1 n'est pas voisine"),
        ("de", "das Wertungsfeld, Zeile 1, Spalte 1 und das Startfeld des Statthalters"),
    ],
)
def test_an_illegal_steward_walk_names_its_cells_in_a_learners_words(rolled, language, words):
    with speaking(language):
        with pytest.raises(IllegalMove) as refused:
            rolled.apply("blue steward r0c0")
        assert "r0c0" in str(refused.value)  # the notation, for the command line
        assert plain_words(str(refused.value), rolled.sheet).startswith(words)
        assert refused.value.rule == "A4b"


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Buy 1 yellow die for 1 gold.", "Buy 2 yellow dice for 2 gold."),
        ("fr", "Achetez 1 dé jaune pour 1 pièce d'or.", "Achetez 2 dés jaunes pour 2 pièces d'or."),
        ("de", "Kaufe 1 gelben Würfel für 1 Goldmünze.", "Kaufe 2 gelbe Würfel für 2 Goldmünzen."),
    ],
)
def test_a_count_takes_its_plural_through_ngettext(language, one, two):
    with speaking(language):
        assert Move.parse("buy 1").describe() == one
        assert Move.parse("buy 2").describe() == two


def test_french_says_the_singular_for_zero_and_german_the_plural(rolled):
    with speaking("fr"):
        assert ngettext("{n} point", "{n} points", 0).format(n=0) == "0 point"
        assert "cochez 1 marchandise dans le quartier orange" in rolled.describe_move(
            Move.parse("goats steward r2c3,r2c4 shops 1")
        )
    with speaking("de"):
        assert ngettext("{n} point", "{n} points", 0).format(n=0) == "0 Punkte"


@pytest.mark.parametrize(
    ("language", "cell", "shop"),
    [
        ("en", "the orange ×1 cell, row 1, column 2", "the Purple shop worth 3"),
        ("fr", "la case orange ×1, ligne 1, colonne 2", "l'échoppe violette à 3 points"),
        ("de", "das Feld Orange ×1, Zeile 1, Spalte 2", "Verkaufsstand Violett mit 3 Punkten"),
    ],
)
def test_cells_and_shops_are_named_as_the_glossary_says(language, cell, shop):
    with speaking(language):
        assert cell_words(1) == cell
        assert shop_words("purple", 1) == shop


@pytest.mark.parametrize(
    ("language", "head", "line"),
    [
        ("fr", "Manche 1, prendre un groupe, au Joueur 1 de jouer", "Port\u00a0: Chèvres 1×2"),
        ("de", "Runde 1, eine Gruppe nehmen, Spieler 1 ist am Zug", "Hafen: Ziegen 1×2"),
    ],
)
def test_the_text_board_speaks_the_language(rolled, language, head, line):
    with speaking(language):
        text = rolled.text()
    assert text.startswith(head)
    assert line in text


@pytest.mark.parametrize(
    ("language", "label", "aria"),
    [
        ("fr", "Port, quartier Or\u00a0: 6×3 (3 dés de 6, 3 dés blancs)", "violette ×2, ligne 2"),
        ("de", "Hafen, Bezirk Gold: 6×3 (3 Würfel mit 6, 3 weiße Würfel)", "Violett ×2, Zeile 2"),
    ],
)
def test_the_boards_labels_and_the_svg_speak_the_language(rolled, language, label, aria):
    with speaking(language):
        assert harbor_groups(rolled)[-1]["label"] == label
        assert f'aria-label="{aria}' in sheet_svg(rolled, player=0)


def test_the_english_words_stay_as_they_were(rolled):
    with speaking("en"):
        assert harbor_groups(rolled)[-1]["label"] == "Harbor Gold: 6×3 (three 6s, 3 white dice)"
        assert rolled.text().startswith("Round 1, take a group, player 1 to play")
        assert 'aria-label="purple ×2, row 2, column 3' in sheet_svg(rolled, player=0)


def test_the_notation_is_the_same_in_every_language(rolled):
    for language in ("en", "fr", "de"):
        with speaking(language):
            assert [str(m) for m in rolled.legal_moves()[:5]] == [
                "goats",
                "goats steward r1c2 shops 1",
                "goats steward r1c2 shops 2",
                "goats steward r1c2 shops 3",
                "goats steward r1c2 shops 4",
            ]
            assert rolled.apply("gold").to_json() == rolled.apply("gold").to_json()


@pytest.mark.parametrize(("language", "title"), [("fr", "Plus de groupe"), ("de", "Keine Gruppe")])
def test_a_rule_card_takes_its_words_from_the_rules_catalogue(language, title):
    with speaking("en"):
        english = rule_card("R8")
    with speaking(language):
        card = rule_card("R8")
    assert card.title.startswith(title)
    assert card.words != english.words
    assert not card.words.startswith("**") and "**" not in card.words
    assert "roll track (the rulebook's turn track)" not in card.words  # no English replacement
    assert card.quote == english.quote
