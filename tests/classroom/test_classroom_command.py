"""``python -m corinth.classroom``: what it refuses, the bound it works out, the lessons it serves.

No server starts here (the browser tests run it); the checks run before anything is started.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from corinth.classroom.__main__ import (
    ClassroomRefused,
    default_bound,
    lesson_file,
    parse,
    voila_settings,
)
from corinth.classroom.lessons import NOTEBOOKS, lesson_names, prepare


@pytest.mark.parametrize(
    "ip", ["", "0.0.0.0", "::", "0", "192.168.1.20", "example.org", "127.0.0.2"]
)
def test_any_address_but_this_machine_needs_a_token(ip):
    with pytest.raises(ClassroomRefused, match="give a token"):
        parse([f"--ip={ip}"])
    assert parse([f"--ip={ip}", "--token=blue-harbor-42"]).ip == ip


@pytest.mark.parametrize("ip", ["127.0.0.1", "localhost"])
def test_this_machine_needs_no_token(ip):
    assert parse([f"--ip={ip}"]).token == ""


def test_an_empty_address_is_refused_by_the_command_itself():
    done = subprocess.run(
        [sys.executable, "-m", "corinth.classroom", "--ip="],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "every network interface" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_bound_fits_half_the_memory_after_the_waiting_kernels():
    assert default_bound(16 * 1024, waiting=9) == 16 * 1024 // 2 // 150 - 9
    assert default_bound(1024, waiting=30) == 4  # never fewer than a few seats


def test_a_lesson_is_named_by_its_number():
    names = lesson_names()
    assert lesson_file("05", names) == "05_play_a_game.ipynb"
    with pytest.raises(ClassroomRefused, match="no lesson '42'"):
        lesson_file("42", names)


def test_the_class_lesson_has_a_kernel_per_student_then_one():
    names = lesson_names()
    settings = voila_settings(parse(["--lesson=05", "--students=25", "--max-students=30"]), names)
    pools = settings.VoilaKernelManager.kernel_pools_config
    # a kernel for each student and one more; the lesson list one; the other lessons none
    assert pools["05_play_a_game.ipynb"] == {"pool_size": 26}
    assert pools["index.ipynb"] == {"pool_size": 1}
    assert pools["01_the_harbor.ipynb"] == {"pool_size": 0}
    assert "09_going_deeper_the_solver.ipynb" not in pools  # optional: started on demand
    assert settings.ClassroomKernelManager.steady_pool_sizes == {"05_play_a_game.ipynb": 1}
    assert settings.ClassroomKernelManager.max_students == 30
    assert settings.Classroom.lessons == names
    # --pool asks for as many waiting for every lesson, as without a class's lesson
    pools = voila_settings(parse(["--lesson=05", "--students=25", "--pool=1"]), names)
    pools = pools.VoilaKernelManager.kernel_pools_config
    assert pools["05_play_a_game.ipynb"] == {"pool_size": 26}
    assert pools["01_the_harbor.ipynb"] == {"pool_size": 1}


def test_students_without_a_lesson_are_refused():
    with pytest.raises(ClassroomRefused, match="--students needs --lesson"):
        parse(["--students=25"])


def test_the_classroom_folder_holds_the_lessons_and_nothing_else(tmp_path):
    source = tmp_path / "notebooks"
    source.mkdir()
    for path in NOTEBOOKS.iterdir():
        if path.is_file():
            (source / path.name).write_bytes(path.read_bytes())
    (source / "data").mkdir()
    (source / "data" / "strategy_lab.json").write_text("{}")
    (source / "Untitled.ipynb").write_text("{}")  # a scratch notebook saved from JupyterLab
    secret = tmp_path / "secret.txt"
    secret.write_text("not for students")
    (source / "secret.ipynb").symlink_to(secret)
    (source / "data" / "link.json").symlink_to(secret)
    (source / "WORDS.md").unlink()
    (source / "WORDS.md").symlink_to(secret)

    names = prepare(tmp_path / "classroom", source)
    served = {
        p.relative_to(tmp_path / "classroom").as_posix()
        for p in (tmp_path / "classroom").rglob("*")
    }
    assert set(names) <= served
    assert "Untitled.ipynb" not in served and "secret.ipynb" not in served
    assert "data/link.json" not in served and "WORDS.md" not in served
    assert "data/strategy_lab.json" in served and "exercises.py" in served
    assert not any((tmp_path / "classroom").rglob("*.txt"))


def test_the_bound_seats_the_whole_class_it_was_started_for(monkeypatch):
    import corinth.classroom.__main__ as command

    monkeypatch.setattr(command, "machine_memory_mb", lambda: 8 * 1024)
    names = lesson_names()
    plain = voila_settings(parse([]), names).ClassroomKernelManager.max_students
    # the index and every lesson but the optional 08-10 wait for their next student: one kernel each
    waiting = len([n for n in names if not n.startswith(("08_", "09_", "10_"))])
    assert waiting == len(names) - 3 and plain == default_bound(8 * 1024, waiting=waiting)
    # The 25 kernels made for the class become its students': they are not taken off the seats;
    # what stays waiting afterwards is the spare beside them and the lesson list's.
    settings = voila_settings(parse(["--lesson=05", "--students=25"]), names)
    assert settings.ClassroomKernelManager.max_students == 25
    monkeypatch.setattr(command, "machine_memory_mb", lambda: 16 * 1024)
    settings = voila_settings(parse(["--lesson=05", "--students=25"]), names)
    assert settings.ClassroomKernelManager.max_students == default_bound(16 * 1024, 2) > 25


def test_an_optional_lesson_cannot_be_the_class_lesson():
    with pytest.raises(ClassroomRefused, match="optional"):
        voila_settings(parse(["--lesson=09", "--students=5"]), lesson_names())


def test_a_token_cannot_be_dropped_through_voila_settings(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "corinth.classroom",
            f"--lessons-dir={tmp_path / 'lessons'}",
            "--port=0",
            "--Voila.ip=0.0.0.0",
            "--Voila.token=",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "give a token" in done.stderr and "Traceback" not in done.stderr


def test_the_classroom_never_empties_a_folder_it_did_not_make(tmp_path):
    from corinth.classroom.lessons import MARK, LessonsError

    kept = tmp_path / "mine"
    kept.mkdir()
    (kept / "precious.txt").write_text("keep me")
    with pytest.raises(LessonsError, match="not empty and was not made by the classroom"):
        prepare(kept)
    assert (kept / "precious.txt").read_text() == "keep me"
    with pytest.raises(LessonsError, match="holds the lessons themselves"):
        prepare(NOTEBOOKS)
    with pytest.raises(LessonsError, match="holds the lessons themselves"):
        prepare(NOTEBOOKS.parent)
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(LessonsError, match="is a file"):
        prepare(tmp_path / "a-file")
    made = tmp_path / "made"
    prepare(made)
    assert (made / MARK).exists()
    (made / "left-over.ipynb").write_text("{}")
    prepare(made)  # its own folder: emptied and copied again
    assert not (made / "left-over.ipynb").exists()


def test_the_students_app_leaves_out_what_is_for_teachers_and_code_readers(tmp_path):
    """Cells tagged lab-only (for teachers, playing from code) stay in JupyterLab's notebooks and are
    not in the classroom's copy; every other cell is, in order."""
    import json

    names = prepare(tmp_path / "classroom", NOTEBOOKS)
    left_out = 0
    for name in names:
        cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        served = json.loads((tmp_path / "classroom" / name).read_text(encoding="utf-8"))["cells"]
        kept = [c for c in cells if "lab-only" not in c["metadata"].get("tags", [])]
        assert [c["id"] for c in served] == [c["id"] for c in kept]
        left_out += len(cells) - len(kept)
        text = "".join("".join(c["source"]) for c in served)
        for words in ("For teachers", "For those who read code", "Playing from code", "pytest"):
            assert words not in text, f"{name} shows {words!r} to students"
    assert left_out >= 6  # 00's note for teachers, 05's code section, 06's notation check


def test_the_students_copy_holds_no_saved_run_and_the_same_cells(tmp_path):
    """Voilà runs each lesson anew for its student: the copy leaves out the outputs and widget states
    JupyterLab saved (read, checked and copied at every page otherwise), and keeps every cell's
    source and metadata."""
    import json

    names = prepare(tmp_path / "classroom", NOTEBOOKS)
    for name in names:
        lesson = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        served = json.loads((tmp_path / "classroom" / name).read_text(encoding="utf-8"))
        assert "widgets" not in served["metadata"]
        assert served["metadata"]["kernelspec"] == lesson["metadata"]["kernelspec"]
        code = [c for c in served["cells"] if c["cell_type"] == "code"]
        assert all(c["outputs"] == [] and c["execution_count"] is None for c in code), name
        same = {c["id"]: c for c in lesson["cells"]}
        for cell in served["cells"]:
            assert cell["source"] == same[cell["id"]]["source"]
            assert cell["metadata"] == same[cell["id"]]["metadata"]
    assert "widgets" in json.loads((NOTEBOOKS / "05_play_a_game.ipynb").read_text())["metadata"]


def test_a_lesson_with_odd_cell_metadata_is_copied_or_refused_clearly(tmp_path):
    import json

    from corinth.classroom.lessons import LessonsError, _copy_lesson

    source = tmp_path / "lesson.ipynb"
    cells = [
        {"cell_type": "markdown", "metadata": {"tags": None}, "source": "kept"},
        {"cell_type": "markdown", "metadata": {"tags": ["lab-only"]}, "source": "left out"},
        {"cell_type": "markdown", "source": "no metadata: kept"},
    ]
    source.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    _copy_lesson(source, tmp_path / "out.ipynb")
    kept = json.loads((tmp_path / "out.ipynb").read_text(encoding="utf-8"))["cells"]
    assert [c["source"] for c in kept] == ["kept", "no metadata: kept"]
    source.write_text(json.dumps({"cells": "nope"}), encoding="utf-8")
    with pytest.raises(LessonsError, match="its cells are not a list"):
        _copy_lesson(source, tmp_path / "out.ipynb")


def _made_here(tmp_path, monkeypatch) -> list:
    """The classroom's temporary folders, made under ``tmp_path`` to be watched."""
    import tempfile

    made = []
    real = tempfile.mkdtemp

    def mkdtemp(*args, **kwargs):
        made.append(real(dir=tmp_path, prefix="corinth-classroom-"))
        return made[-1]

    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    return made


def test_the_classroom_removes_its_copy_of_the_lessons_when_it_stops(tmp_path, monkeypatch):
    from corinth.classroom import __main__ as command
    from corinth.classroom.server import Classroom

    made = _made_here(tmp_path, monkeypatch)
    served = []

    def launch(argv, config):  # the server serving, then stopping (Ctrl-C, SIGTERM, an error)
        served.append(list(Path(argv[-1]).glob("*.ipynb")))
        raise KeyboardInterrupt

    monkeypatch.setattr(Classroom, "launch_instance", launch)
    with pytest.raises(KeyboardInterrupt):
        command.main(["--lesson=05", "--students=2"])
    assert served and served[0], "the lessons were copied and served"
    assert len(made) == 1 and not Path(made[0]).exists()


def test_a_refused_start_leaves_no_copy_of_the_lessons(tmp_path, monkeypatch):
    from corinth.classroom import __main__ as command
    from corinth.classroom.server import Classroom

    made = _made_here(tmp_path, monkeypatch)
    monkeypatch.setattr(Classroom, "launch_instance", lambda *a, **k: pytest.fail("started"))
    with pytest.raises(ClassroomRefused, match="optional"):
        command.main(["--lesson=09", "--students=5"])  # refused once the lessons are copied
    with pytest.raises(ClassroomRefused):
        command.main(["--lesson=77"])  # refused before anything is copied
    assert all(not Path(folder).exists() for folder in made)
    assert not list(tmp_path.iterdir())


def test_a_teachers_own_lessons_folder_stays(tmp_path, monkeypatch):
    from corinth.classroom import __main__ as command
    from corinth.classroom.server import Classroom

    monkeypatch.setattr(Classroom, "launch_instance", lambda *a, **k: None)
    command.main([f"--lessons-dir={tmp_path / 'lessons'}"])
    assert list((tmp_path / "lessons").glob("*.ipynb"))
