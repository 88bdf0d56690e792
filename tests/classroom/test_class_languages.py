"""The class's language (python -m corinth.classroom --language) and each student's choice: the
pages served in French and German, their scripts' words, the APIs' refusals in the request's
language, the lessons in the class's language, and a refused --language. The same in Chromium:
tests/browser/test_class_languages.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import tornado.testing
import tornado.web

from corinth.classroom.__main__ import ClassroomRefused, parse, pool_sizes, voila_settings
from corinth.classroom.lessons import english_name, in_language, language_of, localized, prepare
from corinth.classroom.server import connection_words, full_page
from corinth.classroom.store import Store
from corinth.classroom.teacher import (
    LANGUAGE_COOKIE,
    Class,
    handlers,
    lesson_in,
    record_csv,
    report_html,
)
from corinth.shared.language import _, speaking


def a_class(language: str) -> Class:
    store = Store(":memory:", clock=lambda: 1_790_000_000.0)
    the_class = Class(store, code="GOLD-2742", secret="s" * 32, address="http://127.0.0.1:8866")
    the_class.language = language
    return the_class


def words_of(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="corinth-words">(.*?)</script>', page)
    assert found, "the page gives class.js its words"
    return json.loads(found[1])


class FrenchClass(tornado.testing.AsyncHTTPTestCase):
    def get_app(self):
        self.the_class = a_class("fr")
        return tornado.web.Application(handlers("/", self.the_class), base_url="/")

    def page(self, path: str, **headers) -> str:
        response = self.fetch(path, headers=headers)
        return response.body.decode()

    def test_the_join_page_speaks_the_class_language(self):
        page = self.page("/join")
        with speaking("fr"):
            title, join = _("Join the class"), _("Join")
        assert title == "Rejoindre la classe" and join == "Rejoindre"
        assert '<html lang="fr">' in page and f"<h1>{title}</h1>" in page and join in page
        assert "Join the class" not in page and '_("' not in page
        # the switch names each language in itself, the page's own marked
        assert 'data-language="fr" aria-current="true">Français</a>' in page
        assert ">English</a>" in page and ">Deutsch</a>" in page
        assert words_of(page)["\u0000lang"] == "fr"
        assert words_of(page)["Join again"] == "Rejoindre à nouveau"

    def test_a_student_choice_wins_over_the_class_language(self):
        asked = self.fetch("/join?language=de")
        page = asked.body.decode()
        assert '<html lang="de">' in page and "<h1>Der Klasse beitreten</h1>" in page
        assert f"{LANGUAGE_COOKIE}=de" in asked.headers.get("Set-Cookie", "")
        # kept by the browser: the cookie alone says it from then on
        page = self.page("/join", Cookie=f"{LANGUAGE_COOKIE}=de")
        assert '<html lang="de">' in page and words_of(page)["Join"] == "Beitreten"
        # a language the class does not speak is the class's
        page = self.page("/join", Cookie=f"{LANGUAGE_COOKIE}=it")
        assert '<html lang="fr">' in page

    def test_a_wrong_code_is_said_in_the_page_language(self):
        page = self.page("/join/GOLD-1111", Cookie=f"{LANGUAGE_COOKIE}=de")
        assert "Keine Klasse hat diesen Code: Prüfe ihn an der Tafel." in page
        page = self.page("/join/GOLD-1111")
        assert "Aucune classe n’a ce code\u00a0: vérifiez-le au tableau." in page

    def test_the_teacher_page_in_french_and_in_german(self):
        page = self.page(f"/teacher/{self.the_class.secret}")
        assert '<html lang="fr">' in page and "<h1>Page de l’enseignant</h1>" in page
        assert words_of(page)["Ending the class…"] == "Fin de la classe…"
        assert '<h2 id="end-dialog-title">Terminer la classe\u00a0?</h2>' in page
        page = self.page(f"/teacher/{self.the_class.secret}", Cookie=f"{LANGUAGE_COOKIE}=de")
        assert '<html lang="de">' in page and "<h1>Seite der Lehrkraft</h1>" in page
        assert "Die Klasse beenden" in page and "End the class" not in page
        assert words_of(page)["{n} student\u0000{n} students"] == ["{n} Schüler", "{n} Schüler"]

    def test_an_api_refusal_in_the_request_language(self):
        teacher = {"X-Teacher": self.the_class.secret, "Cookie": f"{LANGUAGE_COOKIE}=de"}
        refused = self.fetch(
            "/teacher/api/lock", method="POST", body=json.dumps({"lesson": "zz"}), headers=teacher
        )
        assert refused.code == 400
        assert json.loads(refused.body)["error"] == "Wähle eine Lektion aus der Lektionsliste."
        unknown = self.fetch("/teacher/api/nothing", headers=teacher)
        assert unknown.code == 404
        assert (
            json.loads(unknown.body)["error"]
            == "Diese Anfrage kennt die Klasse nicht: Lade die Seite neu."
        )
        # no language chosen: the class's
        unknown = self.fetch("/teacher/api/nothing", headers={"X-Teacher": self.the_class.secret})
        assert json.loads(unknown.body)["error"].startswith(
            "La classe ne connaît pas cette demande"
        )

    def test_the_lock_takes_a_lesson_in_any_language(self):
        teacher = {"X-Teacher": self.the_class.secret}
        done = self.fetch(
            "/teacher/api/lock",
            method="POST",
            body=json.dumps({"lesson": "05_play_a_game.de.ipynb"}),
            headers=teacher,
        )
        assert done.code == 200 and self.the_class.lock == "05_play_a_game.ipynb"

    def test_the_handouts_in_the_page_language(self):
        import tempfile

        from corinth.classroom import teacher

        secret = self.the_class.secret
        real = teacher.HANDOUTS
        with tempfile.TemporaryDirectory() as made:
            teacher.HANDOUTS = Path(made)
            try:
                (teacher.HANDOUTS / "index.html").write_text("Handouts of the lessons")
                (teacher.HANDOUTS / "index.de.html").write_text("Arbeitsblätter der Lektionen")
                (teacher.HANDOUTS / "05_play_a_game.de.pdf").write_bytes(b"%PDF-1.4")
                page = self.page(f"/teacher/{secret}/handouts/", Cookie=f"{LANGUAGE_COOKIE}=de")
                assert page == "Arbeitsblätter der Lektionen"
                # no French index made: the English one
                assert self.page(f"/teacher/{secret}/handouts/") == "Handouts of the lessons"
                pdf = self.fetch(f"/teacher/{secret}/handouts/05_play_a_game.de.pdf")
                assert pdf.code == 200 and pdf.headers["Content-Type"] == "application/pdf"
            finally:
                teacher.HANDOUTS = real


def test_the_report_the_record_and_the_full_page_in_the_class_language():
    the_class = a_class("de")
    the_class.store.join("Ada")
    with speaking("de"):
        report = report_html(the_class, "/")
        record = record_csv(the_class)
    assert '<html lang="de">' in report and "<h1>Die Klasse vom " in report
    assert "Wer was abgeschlossen hat" in report and "Gelöste Übungen" in report
    assert "Diesen Bericht drucken" in report and "Print this report" not in report
    assert record.splitlines()[0].lstrip("\ufeff").startswith("Zeile,Schüler,Lektion,Abschnitt")
    with speaking("fr"):
        report = report_html(the_class, "/")
    assert '<html lang="fr">' in report and "<h1>La classe du " in report
    assert "Qui a terminé quoi" in report
    full = full_page(25, "fr")
    assert '<html lang="fr">' in full and "La classe est complète" in full and "25 élèves" in full


def test_the_lock_is_named_in_each_language(tmp_path, monkeypatch):
    from corinth.classroom import teacher

    (tmp_path / "index.ipynb").write_text(_notebook("[05 Play a game](05_play_a_game.ipynb)"))
    (tmp_path / "index.fr.ipynb").write_text(
        _notebook("[05 Jouer une partie](05_play_a_game.fr.ipynb)")
    )
    (tmp_path / "05_play_a_game.fr.ipynb").write_text(_notebook("# 05"))
    monkeypatch.setattr(teacher, "NOTEBOOKS", tmp_path)
    the_class = a_class("fr")
    the_class.lock = "05_play_a_game.ipynb"
    assert the_class.locked("fr") == {
        "file": "05_play_a_game.fr.ipynb",
        "title": "05 Jouer une partie",
    }
    # no German lesson: the English one, under its English title
    assert the_class.locked("de") == {"file": "05_play_a_game.ipynb", "title": "05 Play a game"}
    with speaking("fr"):
        assert the_class.locked()["file"] == "05_play_a_game.fr.ipynb"


def test_a_lesson_page_has_its_connection_words_in_every_language():
    words = json.loads(connection_words())
    lost = "The connection to the class's computer was lost: this page will reload when it is back."
    assert words["en"][lost] == lost
    assert words["de"][lost].startswith("Die Verbindung zum Computer der Klasse")
    assert words["fr"][lost].startswith("La connexion à l’ordinateur de la classe")


def test_a_lesson_in_each_language(tmp_path):
    assert localized("05_play_a_game.ipynb", "fr") == "05_play_a_game.fr.ipynb"
    assert localized("05_play_a_game.de.ipynb", "en") == "05_play_a_game.ipynb"
    assert english_name("index.fr.ipynb") == "index.ipynb"
    assert language_of("/voila/render/05_play_a_game.de.ipynb") == "de"
    assert language_of("05_play_a_game.ipynb") == "en"
    (tmp_path / "05_play_a_game.fr.ipynb").write_text("{}")
    names = ["index.ipynb", "05_play_a_game.ipynb"]
    assert in_language(names, "fr", tmp_path) == ["index.ipynb", "05_play_a_game.fr.ipynb"]
    assert in_language(names, "de", tmp_path) == names  # not translated: the English lesson
    assert lesson_in("05_play_a_game.ipynb", "fr", tmp_path) == "05_play_a_game.fr.ipynb"
    assert lesson_in("05_play_a_game.fr.ipynb", "de", tmp_path) == "05_play_a_game.ipynb"


def _notebook(*markdown: str) -> str:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": text} for text in markdown]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_the_classroom_serves_every_language_and_links_each_to_its_own(tmp_path):
    source = tmp_path / "notebooks"
    source.mkdir()
    (source / "index.ipynb").write_text(_notebook("[05 Play a game](05_play_a_game.ipynb)"))
    (source / "index.fr.ipynb").write_text(_notebook("[05 Jouer une partie](05_play_a_game.ipynb)"))
    (source / "05_play_a_game.ipynb").write_text(_notebook("# 05"))
    (source / "05_play_a_game.fr.ipynb").write_text(_notebook("# 05 fr"))
    names = prepare(tmp_path / "classroom", source)
    assert names == ["index.ipynb", "05_play_a_game.ipynb"]
    served = json.loads((tmp_path / "classroom" / "index.fr.ipynb").read_text())
    assert served["cells"][0]["source"] == "[05 Jouer une partie](05_play_a_game.fr.ipynb)"
    french = in_language(names, "fr", tmp_path / "classroom")
    assert french == ["index.fr.ipynb", "05_play_a_game.fr.ipynb"]
    args = parse(["--lesson=05", "--students=3", "--language=fr"])
    pools, steady = pool_sizes(args, french)
    assert pools["05_play_a_game.fr.ipynb"] == {"pool_size": 4} and steady == {
        "05_play_a_game.fr.ipynb": 1
    }
    assert pools["index.fr.ipynb"] == {"pool_size": 1}
    settings = voila_settings(args, french, names + ["index.fr.ipynb", "05_play_a_game.fr.ipynb"])
    assert settings.Classroom.language == "fr" and len(settings.Classroom.lessons) == 4


def test_the_class_language_from_the_command_or_the_environment(monkeypatch):
    assert parse(["--language", "de"]).language == "de"
    assert parse(["--language", "fr_FR.UTF-8"]).language == "fr"
    monkeypatch.setenv("CORINTH_LANGUAGE", "de")
    assert parse([]).language == "de"
    with pytest.raises(ClassroomRefused, match="No language 'xx' for the class"):
        parse(["--language", "xx"])


def test_a_language_the_class_does_not_speak_is_refused_in_one_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "corinth.classroom", "--language", "xx"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "xx" in line and "Français (fr)" in line and "Deutsch (de)" in line
