"""The classroom's own folder: the lessons the index links to and the helper files they read, copied
from ``notebooks/``, nothing else.

Voilà serves every notebook of the folder it is given and follows symlinks; a folder of its own keeps a
scratch ``Untitled.ipynb`` or a link placed in ``notebooks/`` out of the class.

>>> names = lesson_names(NOTEBOOKS)
>>> names[0], "05_play_a_game.ipynb" in names
('index.ipynb', True)

Each lesson may have its translations beside it (``05_play_a_game.fr.ipynb``, ``index.de.ipynb``):
the classroom serves them too, and a class's language picks its lesson list and lessons
(``in_language``).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
INDEX = "index.ipynb"
OPTIONAL = ("08_", "09_", "10_")  # the going-deeper lessons: started on demand, no kernel waiting
# What the lessons read at run time, besides the notebooks themselves.
HELPERS = (
    "exercises.py",
    "exercises.toml",
    "answers",
    "strategy_lab.py",
    "WORDS.md",
    "WORDS.fr.md",  # the words in each language (lesson 00 and every lesson's words panel)
    "WORDS.de.md",
    "data",
)
_LINK = re.compile(r"\]\(([\w.-]+\.ipynb)\)")
MARK = ".corinth-classroom"  # in a folder ``prepare`` made, which it may empty again
# Cells tagged so are for JupyterLab only (for teachers, for those who read code): the students' app
# leaves them out.
LAB_ONLY = "lab-only"


TRANSLATED = ("fr", "de")
_TRANSLATION = re.compile(r"^(?P<stem>[^.]+)\.(?P<language>fr|de)\.ipynb$")
_PLAIN_LINK = re.compile(r"\]\(([\w-]+)\.ipynb\)")


def localized(name: str, language: str) -> str:
    """A lesson's file in ``language``: ``localized("05_play_a_game.ipynb", "fr") ==
    "05_play_a_game.fr.ipynb"`` (English: the name itself)."""
    name = english_name(name)
    if language not in TRANSLATED:
        return name
    return f"{name.removesuffix('.ipynb')}.{language}.ipynb"


def english_name(name: str) -> str:
    """The English lesson a translation comes from (or the name itself).

    >>> english_name("05_play_a_game.de.ipynb"), english_name("index.ipynb")
    ('05_play_a_game.ipynb', 'index.ipynb')
    """
    found = _TRANSLATION.match(name)
    return f"{found['stem']}.ipynb" if found else name


def language_of(name: str) -> str:
    """The language of a lesson's file, from its name: "fr", "de" or "en"."""
    found = _TRANSLATION.match(name.rsplit("/", 1)[-1])
    return found["language"] if found else "en"


def in_language(names: list[str], language: str, folder: Path = NOTEBOOKS) -> list[str]:
    """The lessons ``names`` in ``language``, each one's translation where ``folder`` has it (the
    English lesson otherwise)."""
    out = []
    for name in names:
        there = localized(name, language)
        out.append(there if (folder / there).is_file() else name)
    return out


def translations(names: list[str], folder: Path) -> list[str]:
    """The translations of ``names`` that ``folder`` holds, language by language."""
    return [
        localized(name, language)
        for language in TRANSLATED
        for name in names
        if _regular(folder / localized(name, language))
    ]


class LessonsError(RuntimeError):
    """The lessons cannot be prepared (the message names the file)."""


def lesson_names(source: Path = NOTEBOOKS) -> list[str]:
    """The index, then every lesson its markdown links to, in the index's order."""
    index = source / INDEX
    try:
        cells = json.loads(index.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError) as exc:
        raise LessonsError(f"cannot read the lesson list {index}: {exc}") from exc
    names = [INDEX]
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for name in _LINK.findall("".join(cell.get("source", ""))):
                if name not in names:
                    names.append(name)
    return names


def _regular(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def prepare(target: Path, source: Path = NOTEBOOKS) -> list[str]:
    """Copy the lessons and their helpers from ``source`` into ``target``: a new or empty folder, or
    one this made before (its ``MARK`` file), which is emptied first; any other folder is refused,
    never emptied. Symlinks are never followed. Returns the lessons' file names, the index first.
    """
    names = lesson_names(source)
    here, there = source.resolve(), target.resolve()
    if there == here or there in here.parents:
        raise LessonsError(
            f"the classroom's folder {target} holds the lessons themselves: give another"
        )
    try:
        if target.exists():
            if not target.is_dir():
                raise LessonsError(f"{target} is a file, not a folder for the lessons")
            if any(target.iterdir()) and not (target / MARK).exists():
                raise LessonsError(
                    f"{target} is not empty and was not made by the classroom: give a new or empty folder"
                )
            shutil.rmtree(target)
        target.mkdir(parents=True)
        (target / MARK).write_text("The classroom's copy of the lessons; replaced at each start.\n")
        _copy(source, target, names)
    except OSError as exc:
        raise LessonsError(f"cannot copy the lessons into {target}: {exc}") from exc
    return names


def _copy(source: Path, target: Path, names: list[str]) -> None:
    for name in names:
        if not _regular(source / name):
            raise LessonsError(f"the index links to {name}, which is not a file in {source}")
        _copy_lesson(source / name, target / name)
    for name in translations(names, source):
        _copy_lesson(source / name, target / name, language_of(name), source)
    for helper in HELPERS:
        path = source / helper
        if path.is_symlink():
            continue
        if path.is_dir():
            shutil.copytree(path, target / helper, ignore=_links_and_caches)
        elif path.is_file():
            shutil.copyfile(path, target / helper)


def _copy_lesson(
    source: Path, target: Path, language: str = "en", folder: Path | None = None
) -> None:
    """Copy a lesson without its cells tagged ``LAB_ONLY``, and without what JupyterLab saved of its
    last run (outputs, widget states): Voilà runs the lesson anew for each student, but reads, checks
    and copies the whole file at each page first (lesson 05's saved widget states are 0.9 of its
    1.1 MB). A translation's links to other lessons lead to their translations, where ``folder``
    has them."""
    try:
        notebook = json.loads(source.read_text(encoding="utf-8"))
        cells = notebook["cells"]
    except (ValueError, KeyError) as exc:
        raise LessonsError(f"cannot read the lesson {source}: {exc}") from exc

    def lab_only(cell) -> bool:
        metadata = cell.get("metadata") if isinstance(cell, dict) else None
        tags = metadata.get("tags") if isinstance(metadata, dict) else None
        return isinstance(tags, list) and LAB_ONLY in tags

    if not isinstance(cells, list):
        raise LessonsError(f"cannot read the lesson {source}: its cells are not a list")
    notebook["cells"] = [_unrun(cell) for cell in cells if not lab_only(cell)]
    if folder is not None and language in TRANSLATED:
        notebook["cells"] = [_linked(cell, language, folder) for cell in notebook["cells"]]
    if isinstance(notebook.get("metadata"), dict):
        notebook["metadata"].pop("widgets", None)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False), encoding="utf-8")


def _linked(cell, language: str, folder: Path):
    """A translated lesson's Markdown cell whose links to English lessons lead to their
    translations (``](05_play_a_game.ipynb)`` -> ``](05_play_a_game.fr.ipynb)``)."""
    if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
        return cell
    source = cell.get("source", "")
    text = "".join(source) if isinstance(source, list) else str(source)

    def relink(found: re.Match) -> str:
        there = f"{found[1]}.{language}.ipynb"
        return f"]({there})" if (folder / there).is_file() else found[0]

    return {**cell, "source": _PLAIN_LINK.sub(relink, text)}


def _unrun(cell):
    """A code cell as before it ran: no outputs, no execution count."""
    if isinstance(cell, dict) and cell.get("cell_type") == "code":
        return {**cell, "outputs": [], "execution_count": None}
    return cell


def _links_and_caches(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if (Path(folder) / n).is_symlink() or n == "__pycache__"}


def course_names(source: Path = NOTEBOOKS) -> list[str]:
    """``lesson_names`` without the optional going-deeper lessons (08 to 10): the course a class
    follows, the index first."""
    return [name for name in lesson_names(source) if not name.startswith(OPTIONAL)]
