"""``python -m corinth.classroom``: the lessons as apps for a class, on this machine.

Checks the address and token, works out the bound on students from the machine's memory, copies the
lessons into a folder of their own, and starts Voilà (``server.Classroom``) with ``voila.py``'s settings.

    python -m corinth.classroom                              # this machine only
    python -m corinth.classroom --ip 0.0.0.0 --token blue-harbor-42 --lesson 05 --students 25
    python -m corinth.classroom --language fr                # the class's language (default: the
                                                             # environment's, e.g. LANG=fr_FR.UTF-8)
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

from traitlets.config import Config

from corinth.shared.front_ends import FRONT_ENDS
from corinth.shared.language import LANGUAGES, _, from_environment, speaking, use_language

from . import CELL_TROUBLE, LOCAL
from .lessons import INDEX, OPTIONAL, english_name, in_language, translations

# Measured: a lesson's kernel holds 90-130 MB (lessons 05 and 06 the most); room for some growth.
KERNEL_MB = 150


class ClassroomRefused(SystemExit):
    """The command will not start as asked; the message says why."""


def machine_memory_mb() -> int:
    """This machine's memory in MB (0 when the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError, AttributeError):
        return 0


def default_bound(memory_mb: int, waiting: int) -> int:
    """Students at a time: what fits in half the memory at ``KERNEL_MB`` a kernel, after the kernels
    waiting in pools.

    >>> default_bound(24 * 1024, waiting=10)
    71
    >>> default_bound(2 * 1024, waiting=10)   # a small machine still seats a few
    4
    """
    return max(4, memory_mb // 2 // KERNEL_MB - waiting)


def lesson_file(lesson: str, names: list[str]) -> str:
    """The lesson's file from its number or name: ``05`` -> ``05_play_a_game.ipynb``."""
    matches = [
        n for n in names if n == lesson or n.startswith(f"{lesson}_") or n == f"{lesson}.ipynb"
    ]
    if len(matches) != 1:
        numbers = ", ".join(n.split("_")[0] for n in names if n[:2].isdigit())
        raise ClassroomRefused(
            _("no lesson {lesson}: give its number, one of {numbers}").format(
                lesson=repr(lesson), numbers=numbers
            )
        )
    return matches[0]


def check_address(ip: str, token: str) -> None:
    """Anything but this machine needs a token: the empty address listens on every interface."""
    if ip not in LOCAL and not token:
        where = repr(ip) if ip else _("every network interface (an empty IP)")
        raise ClassroomRefused(
            _(
                "Serving on {where} lets other machines in: give a token the students type once, "
                "e.g. make classroom IP={ip} TOKEN=blue-harbor-42"
            ).format(where=where, ip=ip or "0.0.0.0")
        )


def check_language(language: str) -> str:
    """The class's language, "en", "fr" or "de" (a locale such as fr_FR.UTF-8 says fr); anything
    else is refused in one line.

    >>> check_language("fr_FR.UTF-8")
    'fr'
    """
    code = language.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        spoken = ", ".join(f"{name} ({key})" for key, name in LANGUAGES.items())
        raise ClassroomRefused(
            f"No language {language!r} for the class: it speaks {spoken}, e.g. --language fr"
        )
    return code


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m corinth.classroom", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--ip", default="127.0.0.1", help="where to listen (default: this machine only)"
    )
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--token", default="", help="needed for any address but this machine's")
    parser.add_argument(
        "--max-students",
        type=int,
        default=0,
        help="students at a time (default: what half of this machine's memory holds)",
    )
    parser.add_argument("--lesson", default="", help="the lesson the class starts with, e.g. 05")
    parser.add_argument(
        "--students",
        type=int,
        default=0,
        help="class size: that many kernels of --lesson are ready before the students arrive",
    )
    parser.add_argument(
        "--pool",
        type=int,
        default=None,
        help="kernels waiting per lesson for the next student (0: none; default: 1 for each lesson, "
        "or, with --lesson, one beside the class's own and one for the lesson list, none for the others)",
    )
    parser.add_argument("--lessons-dir", type=Path, help="the classroom's own copy of the lessons")
    parser.add_argument(
        "--class-dir",
        type=Path,
        default=None,
        help="the class's folder: names, progress and answers, kept across restarts "
        "(default: ~/.local/share/corinth/class)",
    )
    parser.add_argument(
        "--language",
        default="",
        help="the class's language: en, fr or de (default: the environment's, e.g. LANG); "
        "a student may choose another on the join page",
    )
    # Anything else is a Voilà setting, e.g. --ClassroomKernelManager.cull_idle_timeout=30
    args, args.voila_args = parser.parse_known_args(argv)
    unknown = [a for a in args.voila_args if not (a.startswith("--") and "." in a.split("=")[0])]
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    args.language = check_language(args.language) if args.language else from_environment()
    with speaking(args.language):
        for name in ("max_students", "students", "pool"):
            if (getattr(args, name) or 0) < 0:
                raise ClassroomRefused(
                    _("--{option} must be 0 or more").format(option=name.replace("_", "-"))
                )
        if args.students and not args.lesson:
            raise ClassroomRefused(
                _("--students needs --lesson: which lesson the class opens first")
            )
        check_address(args.ip, args.token)
    return args


def class_folder(args: argparse.Namespace) -> Path:
    """Where the class's store lives: ``--class-dir``, else the user's data folder."""
    if args.class_dir is not None:
        return args.class_dir
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "corinth" / "class"


def public_address(ip: str, port: int) -> str:
    """The address students type: this machine's address on the room's network when the class
    listens beyond it (the first IPv4 address that is not the loopback), else ``ip`` itself.

    >>> public_address("127.0.0.1", 8866)
    'http://127.0.0.1:8866'
    """
    if ip not in ("", "0.0.0.0"):
        return f"http://{ip}:{port}"
    try:
        import psutil

        for addresses in psutil.net_if_addrs().values():
            for a in addresses:
                if a.family == socket.AF_INET and not a.address.startswith("127."):
                    return f"http://{a.address}:{port}"
    except ImportError:
        pass
    return f"http://{socket.gethostname()}:{port}"


def check_class(args: argparse.Namespace) -> None:
    """Refuse, in one sentence and before anything starts, a class folder this server cannot write
    or a class file it cannot read."""
    from .store import ClassFileError, Store, check_folder

    folder = class_folder(args)
    try:
        check_folder(folder)
        Store(folder / "class.sqlite3").close()
    except ClassFileError as exc:
        raise ClassroomRefused(str(exc)) from None


def announce(args: argparse.Namespace, settings: Config) -> str:
    """Print the short address and code students type, and the teacher's own page (and return
    those three lines); the class's cookie secret is kept with it, so the students' pages stay
    logged in across a restart."""
    from .store import ClassFileError
    from .teacher import Class

    try:
        the_class = Class.open(
            class_folder(args),
            args.token,
            public_address(args.ip, args.port),
            getattr(args, "language", "en"),
        )
    except ClassFileError as exc:
        raise ClassroomRefused(str(exc)) from None
    settings.Voila.cookie_secret = the_class.cookie_secret.encode()
    try:
        lines = _(
            "Students open {address}/join and type the class code {code}\n"
            "  (or open {join} , the address in the QR code on your page)\n"
            "Your teacher's page (keep it to yourself): {teacher}"
        ).format(
            address=the_class.address,
            code=the_class.code,
            join=the_class.join_url(),
            teacher=the_class.teacher_url(),
        )
        print(lines, flush=True)
    finally:
        the_class.store.close()
    return lines


def announce_when_ready(
    lines: str, args: argparse.Namespace, timeout: float = 600
) -> threading.Thread:
    """Print the teacher's three lines again, last, once the server answers and the kernels that
    start with it (waiting for the first students) have run their lessons: the server's and the
    kernels' start-up lines (a few dozen) no longer hide them."""
    host = args.ip if args.ip not in ("", "0.0.0.0", "::") else "127.0.0.1"

    def pools_filled() -> bool:
        from .server import Classroom

        if not Classroom.initialized():
            return False
        try:
            pools = list(getattr(Classroom.instance().kernel_manager, "_pools", {}).values())
            return all(task.done() for pool in pools for task in list(pool))
        except RuntimeError:  # the pools changed while read: look again
            return False

    def wait_and_print() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                socket.create_connection((host, args.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        else:
            return
        while not pools_filled() and time.monotonic() < deadline:
            time.sleep(1)
        time.sleep(1)  # the last kernel's own lines
        with speaking(getattr(args, "language", "en")):
            ready = _("The classroom is ready.")
        print(f"\n{ready}\n{lines}", flush=True)

    thread = threading.Thread(target=wait_and_print, name="announce", daemon=True)
    thread.start()
    return thread


def pool_sizes(args: argparse.Namespace, names: list[str]) -> tuple[dict, dict]:
    """The kernels that run their lesson before the students come: Voilà's pools (lesson -> size)
    at the start, and the class's lesson's size once the class has taken its kernels.

    A class that names its lesson gets a kernel for each student and one more (a reload, a late
    student), one for the lesson list, and none for the other lessons unless ``--pool`` asks: a
    kernel waiting for each of a dozen lessons holds memory and took the CPU the class came for.

    >>> from argparse import Namespace
    >>> names = ["index.ipynb", "00_start.ipynb", "05_play.ipynb", "08_more.ipynb"]
    >>> pool_sizes(Namespace(lesson="05", students=25, pool=None), names)
    ({'index.ipynb': {'pool_size': 1}, '00_start.ipynb': {'pool_size': 0}, '05_play.ipynb': {'pool_size': 26}, 'default': {'pool_size': 0}}, {'05_play.ipynb': 1})
    >>> pool_sizes(Namespace(lesson="", students=0, pool=None), names)[0]["00_start.ipynb"]
    {'pool_size': 1}
    >>> pool_sizes(Namespace(lesson="05", students=3, pool=0), names)[0]["05_play.ipynb"]
    {'pool_size': 3}
    """
    pooled = [n for n in names if not n.startswith(OPTIONAL)]
    spare = 1 if args.pool is None else args.pool  # waiting beside the class's own kernels
    others = args.pool if args.pool is not None else (0 if args.lesson else 1)
    pools = {n: {"pool_size": others} for n in pooled}
    steady = {}
    if args.lesson:
        first = lesson_file(args.lesson, names)
        if first.startswith(OPTIONAL):
            raise ClassroomRefused(
                _("{lesson} is optional and starts when opened: name a lesson 00 to 07").format(
                    lesson=first
                )
            )
        index = next((n for n in pools if english_name(n) == INDEX), None)
        if args.pool is None and index:
            pools[index] = {"pool_size": 1}
        pools[first] = {"pool_size": args.students + spare}
        steady[first] = spare
    pools["default"] = {"pool_size": 0}
    return pools, steady


def voila_settings(
    args: argparse.Namespace, names: list[str], served: list[str] | None = None
) -> Config:
    """The teacher's choices, as Voilà settings that win over voila.py. ``names``: the lessons in
    the class's language (their kernels wait for the students); ``served``: every lesson the class
    may open, in every language (``names`` by default)."""
    pools, steady = pool_sizes(args, names)
    first = next(iter(steady), "")
    waiting = sum(p["pool_size"] for p in pools.values())
    # The class's own kernels become its students' once taken: the bound leaves room for the pools
    # as they stay afterwards, and never seats fewer than the class.
    staying = waiting - args.students
    bound = args.max_students or max(default_bound(machine_memory_mb(), staying), args.students)
    if first:
        said = _(
            "Classroom: {bound} students at a time (each open lesson is a kernel of about {mb} MB); "
            "{waiting} kernels start now, ready for the first students, {some} of them for {first}."
        )
    else:
        said = _(
            "Classroom: {bound} students at a time (each open lesson is a kernel of about {mb} MB); "
            "{waiting} kernels start now, ready for the first students."
        )
    some = pools[first]["pool_size"] if first else 0
    print(
        said.format(bound=bound, mb=KERNEL_MB, waiting=waiting, some=some, first=first), flush=True
    )
    settings = Config()
    settings.Voila.ip = args.ip
    settings.Voila.port = args.port
    settings.Voila.port_retries = 0
    settings.Voila.open_browser = False
    if args.token:
        settings.Voila.token = args.token
    settings.Classroom.lessons = list(served or names)
    settings.Classroom.language = getattr(args, "language", "en")
    if settings.Classroom.language != "en":
        with speaking(settings.Classroom.language):
            trouble = _(CELL_TROUBLE)
        settings.VoilaExecutor.cell_error_instruction = trouble
        settings.VoilaExecutor.cell_timeout_instruction = trouble
    settings.Classroom.class_dir = str(class_folder(args))
    settings.Classroom.public_address = public_address(args.ip, args.port)
    settings.ClassroomKernelManager.max_students = bound
    settings.ClassroomKernelManager.steady_pool_sizes = steady
    settings.VoilaKernelManager.kernel_pools_config = pools
    return settings


def main(argv: list[str] | None = None) -> None:
    args = parse(sys.argv[1:] if argv is None else argv)
    use_language(args.language)  # what this command prints, and the class's pages by default
    from .lessons import (
        LessonsError,
        lesson_names,
        prepare,
    )  # after the checks: a refusal starts nothing
    from .server import Classroom

    if args.lesson:
        try:
            lesson_file(args.lesson, lesson_names())  # before anything is copied
        except LessonsError as exc:
            raise ClassroomRefused(str(exc)) from None
    check_class(args)
    # The classroom's own copy of the lessons (about 1 MB) lives while it serves: removed when it
    # stops, however it stops, and at once after a refusal (a teacher's --lessons-dir stays).
    made = None if args.lessons_dir else Path(tempfile.mkdtemp(prefix="corinth-classroom-"))
    folder = args.lessons_dir or made / "lessons"
    # the students' kernels' IPython folder, beside the lessons' copy (or of its own for a teacher's)
    ipython = made / "ipython" if made else Path(tempfile.mkdtemp(prefix="corinth-ipython-"))
    try:
        try:
            names = prepare(folder)
        except LessonsError as exc:
            raise ClassroomRefused(str(exc)) from None
        # every language's lessons are served; the class's own wait for its students
        served = names + translations(names, folder)
        settings = voila_settings(args, in_language(names, args.language, folder), served)
        announce_when_ready(announce(args, settings), args)
        quiet_history(ipython)
        # The boards' front ends, written by the kernels and served as files beside the lessons
        # (corinth.shared.front_ends); removed with the kernels' folder.
        os.environ[FRONT_ENDS] = str(ipython / "front-ends")
        (ipython / "front-ends").mkdir(parents=True, exist_ok=True)
        Classroom.launch_instance([*args.voila_args, str(folder)], config=settings)
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        if made is None:
            shutil.rmtree(ipython, ignore_errors=True)


def quiet_history(folder: Path) -> None:
    """The students' kernels keep no IPython history: dozens of kernels starting at once share one
    history file, and a kernel that finds it locked printed "History will not be written to the
    database" into the student's lesson. Their IPython folder is one of the classroom's own."""
    config = folder / "profile_default" / "ipython_kernel_config.py"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("c.HistoryManager.enabled = False\n", encoding="utf-8")
    os.environ["IPYTHONDIR"] = str(folder)  # the kernels inherit the server's environment


if __name__ == "__main__":
    main()
