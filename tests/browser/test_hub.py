"""End to end: the school's JupyterHub (corinth/classroom/jupyterhub_config.py) with its real proxy.

Two students log in through the hub's login form, each in a browser of their own, open lesson 05 as
an app in their own server and play a move by clicks; one student's moves never reach the other's page.
A student who logs out has their server stopped while the other's still runs, and stopping the hub
leaves no process behind: no proxy, no server, no kernel. (Two students show all of it: a third would
add a server and two kernels, not a check.)

The hub runs as a school's trial does (shared class password, one process per student), on 127.0.0.1
only, with its database and cookie secret in a temporary folder.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import secrets
import shutil
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil  # ipykernel's own dependency: always beside Jupyter
import pytest

from .conftest import ARTIFACTS, VIEWPORT, _missing
from .lab import LabError, free_port, serve
from .moves import play_first_move

try:
    from playwright.sync_api import expect
except ImportError:  # the ``browser`` fixture reports this, and fails on CI
    expect = None

# The school hub: JupyterHub, its proxy and a server per student (make check runs it).
pytestmark = [pytest.mark.browser, pytest.mark.long]

HUB_CONFIG = Path(__file__).resolve().parents[2] / "corinth" / "classroom" / "jupyterhub_config.py"
STUDENTS = ("ana", "ben")
# What this test adds to the school's config: a service whose token may read the users' servers.
TEST_CONFIG = """\
import os
c = get_config()
load_subconfig({config!r})
c.JupyterHub.services.append({{"name": "hub-test", "api_token": os.environ["HUB_TEST_TOKEN"]}})
c.JupyterHub.load_roles.append(
    {{"name": "hub-test", "scopes": ["list:users", "read:servers"], "services": ["hub-test"]}}
)
"""

# A test started in the background by a script has SIGINT ignored, and so would the hub's idle culler:
# it would then stop only after the hub's 30 s wait for it. The hub starts with SIGINT as usual.
HUB_MAIN = (
    "import signal; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "from jupyterhub.app import main; main()"
)


@dataclass(frozen=True)
class Hub:
    """A running hub: its public URL, the class password, an API token and the hub's process."""

    url: str
    password: str
    token: str
    process: psutil.Process
    folder: Path  # the hub's run folder: its log, the lessons, the class's store

    def server(self, name: str) -> dict | None:
        """The student's server as the hub's REST API reports it (None: not running)."""
        request = urllib.request.Request(
            f"{self.url}/hub/api/users/{name}", headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.load(r)["servers"].get("")

    def processes(self, name: str | None = None) -> list[psutil.Process]:
        """The hub's descendants (proxy, services, servers, kernels), or one student's server and
        its kernels."""
        found = []
        for proc in self.process.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if name is None or proc.environ().get("JUPYTERHUB_USER") == name:
                    found.append(proc)
        return found


def _running(procs: list[psutil.Process]) -> list[psutil.Process]:
    alive = []
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            if proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE:
                alive.append(proc)
    return alive


def _wait_gone(procs: list[psutil.Process], timeout: float) -> list[psutil.Process]:
    deadline = time.monotonic() + timeout
    while (alive := _running(procs)) and time.monotonic() < deadline:
        time.sleep(0.3)
    return alive


@contextlib.contextmanager
def run_hub(run: Path) -> Iterator[Hub]:
    """JupyterHub with the school's config in ``run`` (database, cookie secret, lessons, homes)."""
    port, hub_port, proxy_api_port = free_port(), free_port(), free_port()
    password, token = secrets.token_hex(12), secrets.token_hex(32)
    wrapper = run / "hub_test_config.py"
    wrapper.write_text(TEST_CONFIG.format(config=str(HUB_CONFIG)))
    env = dict(os.environ)
    env.update(
        CORINTH_HUB_IP="127.0.0.1",
        CORINTH_HUB_PORT=str(port),
        CORINTH_HUB_PASSWORD=password,
        CORINTH_HUB_AUTHENTICATOR="shared-password",
        CORINTH_HUB_SPAWNER="simple",
        CORINTH_HUB_TRIAL_AS_ROOT="yes",  # CI runs as root, on 127.0.0.1 only
        CORINTH_HUB_USERS="",
        CORINTH_LESSONS=str(run / "lessons"),
        CORINTH_CLASS_DIR=str(run / "class"),
        CORINTH_CLASS_PORT=str(free_port()),
        HUB_TEST_TOKEN=token,
    )
    cmd = [
        sys.executable,
        "-c",
        HUB_MAIN,
        "-f",
        str(wrapper),
        # The hub's own ports too, so that nothing else on the machine is in the way.
        f"--JupyterHub.hub_port={hub_port}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{proxy_api_port}",
        f"--SimpleLocalProcessSpawner.home_dir_template={run / 'home' / '{username}'}",
    ]
    url = f"http://127.0.0.1:{port}"
    descendants: list[psutil.Process] = []
    try:
        with serve(cmd, run, run / "jupyterhub.log", f"{url}/hub/api/", "JupyterHub", env):
            (process,) = [
                p
                for p in psutil.Process().children()
                if str(wrapper) in p.cmdline()  # the hub this test started
            ]
            hub = Hub(url, password, token, process, run)
            try:
                yield hub
            finally:
                descendants = [process, *hub.processes()]
    finally:
        # serve() has sent the hub SIGTERM and waited for it: the hub stops the servers, their
        # kernels end with them, the proxy and the idle culler go too.
        left = _wait_gone(descendants, timeout=20)
        names = []
        for proc in left:
            with contextlib.suppress(psutil.Error):
                names.append(f"{proc.pid} {' '.join(proc.cmdline())}")
                proc.kill()
        assert not left, f"left running after the hub stopped: {names}"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if importlib.util.find_spec("jupyterhub") is None:
        _missing("jupyterhub is not installed (pip install corinth[dev])")
    if shutil.which("configurable-http-proxy") is None:
        _missing("JupyterHub's proxy is not installed (make proxy installs it, as root)")
    run = tmp_path_factory.mktemp("hub")
    print(f"JupyterHub's log: {run / 'jupyterhub.log'}")  # shown when the test fails
    try:
        with run_hub(run) as running:
            yield running
    except LabError as exc:
        pytest.fail(str(exc), pytrace=False)


def log_in(page, hub: Hub, name: str) -> None:
    """The hub's login form; the hub then starts the student's server."""
    page.goto(f"{hub.url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", hub.password)
    page.click("#login_submit")


def open_game(page, hub: Hub, name: str) -> None:
    """From the lesson list (where the server opens) to lesson 05's first board."""
    lesson = page.get_by_role("link", name="05 Play a game").first  # the table; the map has one too
    lesson.wait_for(timeout=120_000)
    assert page.url == f"{hub.url}/user/{name}/voila/render/index.ipynb"
    lesson.click()
    page.locator(".corinth-harbor").first.wait_for(state="visible", timeout=180_000)
    assert page.url == f"{hub.url}/user/{name}/voila/render/05_play_a_game.ipynb"


def undo(page, district: str) -> None:
    """The next click: Undo takes the student's first take back (and the bots' answers)."""
    game = page.locator(".corinth-game")
    game.get_by_role("button", name="Undo").click()
    expect(page.locator(".corinth-log").first).not_to_contain_text(
        f"You took the {district.capitalize()} group", timeout=30_000
    )


def test_two_students_play_in_servers_of_their_own(hub, browser, record_property):
    contexts = [browser.new_context(viewport=VIEWPORT) for _ in STUDENTS]
    pages = [context.new_page() for context in contexts]
    try:
        start = time.monotonic()
        for page, name in zip(pages, STUDENTS, strict=True):
            page.set_default_timeout(30_000)
            log_in(page, hub, name)  # the servers start side by side
        for page, name in zip(pages, STUDENTS, strict=True):
            open_game(page, hub, name)
        record_property("two_boards_seconds", time.monotonic() - start)
        taken = [play_first_move(page) for page in pages]
        ARTIFACTS.mkdir(exist_ok=True)
        pages[0].screenshot(path=str(ARTIFACTS / "hub-lesson05.png"))

        # Every student has a game of their own: one student's next move is not on the other's page.
        logs = [page.locator(".corinth-log").first for page in pages]
        before = [log.inner_text() for log in logs]
        undo(pages[0], taken[0])
        pages[1].wait_for_timeout(1_000)  # time for a stray message to arrive, were there one
        for log, text, district in zip(logs[1:], before[1:], taken[1:], strict=True):
            assert log.inner_text() == text
            expect(log).to_contain_text(f"You took the {district.capitalize()} group")

        # Logging out stops that student's server and its kernels; the other's keeps running.
        servers = {name: hub.server(name) for name in STUDENTS}
        assert all(server and server["ready"] for server in servers.values()), servers
        ana = hub.processes("ana")
        assert len(ana) >= 2, "ana's server and the kernel of her lesson"
        pages[0].goto(f"{hub.url}/hub/logout")
        deadline = time.monotonic() + 30
        while hub.server("ana") is not None and time.monotonic() < deadline:
            time.sleep(0.3)
        assert hub.server("ana") is None, "ana's server still runs 30 s after she logged out"
        assert not _wait_gone(ana, timeout=20), "ana's server or kernel still runs"
        assert all(hub.server(name)["ready"] for name in STUDENTS[1:])
        undo(pages[1], taken[1])  # ben's game still answers
        pages[0].goto(f"{hub.url}/user/ana/voila/render/05_play_a_game.ipynb")
        expect(pages[0].locator("#login_submit")).to_be_visible()  # logged out: the login form
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        for page, name in zip(pages, STUDENTS, strict=True):
            with contextlib.suppress(Exception):
                page.screenshot(path=str(ARTIFACTS / f"hub-{name}-failed.png"), full_page=True)
        raise
    finally:
        for context in contexts:
            context.close()


def test_the_class_behind_the_hub_sees_a_student_and_their_lesson(hub, browser):
    """The class's service (corinth/classroom/service.py): a student of the hub reaches the class's
    page from the lesson list, joins with a name, and the teacher's page sees them and their lesson."""
    student = browser.new_context(viewport=VIEWPORT).new_page()
    teacher = browser.new_context(viewport=VIEWPORT).new_page()
    try:
        student.set_default_timeout(30_000)
        log_in(student, hub, "cleo")
        join = student.get_by_role(
            "link", name="Your class: join it and answer your teacher's puzzles →"
        )
        join.wait_for(timeout=180_000)
        join.click()
        student.fill("#name", "Cleo")
        student.click("#name-form button[type=submit]")
        expect(student.locator("#joined")).to_have_text("You are in the class as Cleo.")
        note = (hub.folder / "class" / "teacher.txt").read_text()
        teacher.goto(hub.url + note.split(": ", 1)[1].strip())  # the path on the hub
        expect(teacher.locator("#students")).to_contain_text("Cleo")
        student.get_by_role("link", name="Go to the lessons").click()
        student.get_by_role("link", name="01 The harbor").first.click()
        row = teacher.locator("#students tr").filter(has_text="Cleo")
        expect(row).to_contain_text("Step 1", timeout=180_000)
        # Another site's page cannot post as Cleo: the class's calls need its own pages' header.
        status = student.evaluate(
            "async () => (await fetch('/services/class/class/api/join', {method: 'POST',"
            " body: '{}'})).status"
        )
        assert status == 403
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            student.screenshot(path=str(ARTIFACTS / "hub-class-student-failed.png"), full_page=True)
            teacher.screenshot(path=str(ARTIFACTS / "hub-class-teacher-failed.png"), full_page=True)
        raise
    finally:
        student.context.close()
        teacher.context.close()
