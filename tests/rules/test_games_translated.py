"""The Four Courts and Corintho in French and German: a move as a sentence, an illegal move's
error (its rule ID kept), the end of the game explained, a plural, a card's name; every name the
card list gives a learner listed for the catalogue; notation and the stored puzzles' English kept."""

from __future__ import annotations

import random
import tomllib

import pytest

from corinth.corintho import new_game as corintho_game
from corinth.corintho.game import IllegalMove as CorinthoIllegal
from corinth.corintho.puzzles import load_puzzles as corintho_puzzles
from corinth.corintho.puzzles import make_puzzle
from corinth.corintho.words import move_words
from corinth.courts import catalogue
from corinth.courts.bots import GreedyBot, play_game
from corinth.courts.cards import CARD_NAMES, RANK_WORDS, SUIT_WORDS, card_index, seeds_path
from corinth.courts.ending import end_words
from corinth.courts.game import IllegalMove, deal_all, new_game
from corinth.courts.puzzles import load_puzzles as courts_puzzles
from corinth.shared.language import speaking


def test_every_name_of_the_card_list_is_listed_for_the_catalogue():
    data = tomllib.loads(seeds_path().read_text(encoding="utf-8"))
    assert {card["id"]: card["name"] for card in data["cards"]} == CARD_NAMES
    assert set(data["suits"]) == set(SUIT_WORDS)
    ranks = {str(card["rank"]) for card in data["cards"]}
    assert {r for r in ranks if not r.isdigit()} == set(RANK_WORDS)


@pytest.fixture(scope="module")
def dealt():
    return deal_all(new_game(3), random.Random(1))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Player 1 (North) lays the Ace of Waves (Ace, Waves) face down."),
        ("fr", "Joueur 1 (Nord) pose l'As des Vagues (As, Vagues) face cachée."),
        ("de", "Spieler 1 (Nord) legt das Ass der Wellen (Ass, Wellen) verdeckt ab."),
    ],
)
def test_a_four_courts_move_is_a_sentence_in_each_language(dealt, language, said):
    with speaking(language):
        assert dealt.describe("choose 1 ace-waves") == said


@pytest.mark.parametrize(
    ("language", "name"), [("en", "the Mill"), ("fr", "The Mill"), ("de", "The Mill")]
)
def test_a_card_name_as_printed_and_an_ace_translated(language, name):
    from corinth.courts.cards import card_name

    with speaking(language):
        assert card_name(card_index("mill")) == name
        ace = card_name(card_index("ace-moons"))
    assert (
        ace
        == {"en": "the Ace of Moons", "fr": "l'As des Lunes", "de": "das Ass der Monde"}[language]
    )


@pytest.mark.parametrize(
    ("language", "start"),
    [
        ("fr", "les cartes ne sont pas encore retournées"),
        ("de", "die Karten sind noch nicht aufgedeckt"),
    ],
)
def test_an_illegal_move_keeps_its_rule_and_is_said_in_the_language(dealt, language, start):
    with speaking(language), pytest.raises(IllegalMove) as refused:
        dealt.apply("place island")
    assert refused.value.rule == "R1"
    assert str(refused.value).startswith(start) and str(refused.value).endswith("(R1)")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "fr",
            ("Le jeu a pris fin", "Sud a le plus haut total, 80, et est déclaré vainqueur (G6)."),
        ),
        ("de", ("Das Spiel endete", "Süd hat die höchste Summe, 80, und gewinnt (G6).")),
    ],
)
def test_the_end_of_a_four_courts_game_is_explained_in_the_language(language, words):
    game = play_game([GreedyBot(s) for s in range(4)], seed=1)
    with speaking(language):
        lines = end_words(game)
    assert lines[0].startswith(words[0]) and lines[-1] == words[1]
    assert "(G1)" in lines[0] and "Island" in lines[0]


def test_a_plural_follows_the_language():
    game = play_game([GreedyBot(s) for s in range(4)], seed=1)
    with speaking("fr"):
        french = end_words(game)[1]
    with speaking("de"):
        german = end_words(game)[1]
    assert french.startswith("Nord a pris 5 jetons\u00a0:")
    assert german.startswith("Nord hat 5 Marker gewonnen:")
    from corinth.corintho.solve import Ranked

    with speaking("fr"):
        assert (Ranked(None, "win", 1).words(), Ranked(None, "win", 3).words()) == (
            "gagne en 1 coup",
            "gagne en 3 coups",
        )
    with speaking("de"):
        assert Ranked(None, "loss", 2).words() == "verliert in 2 Zügen"


@pytest.mark.parametrize(
    ("language", "said", "refused"),
    [
        ("fr", "Joueur 1 place une colonne sur la base en b2", "une pile se déplace d'une case"),
        ("de", "Spieler 1 setzt eine Säule auf die Basis (Feld b2)", "ein Stapel wird ein Feld"),
    ],
)
def test_corintho_moves_and_refusals_in_the_language(language, said, refused):
    game = corintho_game(2).apply("base b2").apply("base c3")
    with speaking(language):
        assert move_words(game, "column b2") == said
        with pytest.raises(CorinthoIllegal) as error:
            game.apply("b2-c3").apply("base a1").apply("c3-d4")
    assert str(error.value).startswith(refused) and error.value.rule == "K3"
    assert str(game.apply("column b2").history[-1]) == "column b2"  # notation stays


def test_corintho_verdict_in_french():
    game = corintho_game(2)
    for move in ["column a1", "base d4", "column b1", "base d3", "column c1", "column d1"]:
        game = game.apply(move)
    with speaking("fr"):
        assert game.verdict() == (
            "Joueur 2 a remporté la partie\u00a0: il a allongé la rangée de Joueur 1 à quatre "
            "colonnes en a1, b1, c1, d1 (W4)."
        )


def test_a_stored_puzzle_is_written_in_english_whatever_the_language():
    puzzle = corintho_puzzles()[0]
    with speaking("fr"):
        made = make_puzzle(puzzle.kind, puzzle.game, puzzle.id, {})
    assert made["question"] == puzzle.question and made["explanation"] == puzzle.explanation


def test_a_puzzle_verdict_in_german_keeps_the_answer_in_notation():
    puzzle = courts_puzzles()[0]
    best = min(puzzle.answers)
    with speaking("de"):
        verdict = puzzle.verdict(best)
        wrong = puzzle.verdict("mill")
    assert verdict.words.startswith("Richtig! ") and verdict.move == best
    assert wrong.words.startswith("Hier keine Wahl: ")


def test_a_rule_mark_uses_the_rules_catalogue_where_it_has_the_rule(monkeypatch):
    english = catalogue.rule_words("G2")
    message = "**G2** " + catalogue.rules()["G2"]
    said = {
        message: "**G2** Chaque jeton devant un joueur (ils restent là, comptés par C5) vaut un "
        "point (G1)."
    }
    monkeypatch.setattr(catalogue, "_", lambda text: said.get(text, text))
    catalogue._rule_words.cache_clear()
    try:
        with speaking("fr"):
            assert catalogue.rule_words("G2") == (
                "Chaque jeton devant un joueur (ils restent là) vaut un point."
            )
            assert catalogue.rule_words("G5") == catalogue._rule_words("G5", "en")
        assert catalogue.rule_words("G2") == english
    finally:
        catalogue._rule_words.cache_clear()
