"""Fixtures for the end-to-end tests: a JupyterLab server (token, XSRF on), the classroom's Voilà server
(token), headless Chromium.

The tests never skip silently: when Chromium or Playwright is missing they skip locally with the reason,
and fail when the environment variable CI is set.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

from .classroom import start_classroom
from .lab import CHROMIUM, CHROMIUM_ARGS, LabError, open_and_run, run_all_again, start_lab

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
VIEWPORT = {"width": 1400, "height": 1000}  # a page's size unless a test asks for another

# The tests that share the classroom fixture (a Voilà with a kernel per lesson that has run it:
# the dearest server here). Under `pytest -n` they all run on one worker, so it starts once.
SHARED_CLASSROOM = (
    "tests/browser/test_classroom.py::",
    "tests/browser/test_corintho_lesson.py::",
    "tests/browser/test_courts_lesson.py::",
    "tests/browser/test_lesson_words.py::",
    "tests/browser/test_lessons_in_languages.py::",
    "tests/browser/test_classroom_server.py::"
    "test_only_the_lessons_are_served_and_no_request_is_a_server_error",
)


def server_scope(nodeid: str) -> str:
    """The unit of work of ``pytest -n``: the shared classroom's tests are one; every other test is
    its own (a JupyterLab starts in seconds, and a worker starts one when it first needs it)."""
    return "classroom" if nodeid.startswith(SHARED_CLASSROOM) else nodeid


def pytest_xdist_make_scheduler(config, log):
    """Under ``pytest -n``, the shared classroom's tests as one unit, every other test by itself
    (xdist's own scheduler by scope; its ``loadgroup`` marks are lost under pytest 9.2, xdist issue
    1386)."""
    from xdist.scheduler import LoadScopeScheduling

    if config.getvalue("dist") not in ("load", "loadscope"):
        return None  # another --dist asked for: xdist's own

    class ByServer(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return server_scope(nodeid)

    return ByServer(config, log)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by mark
def pytest_collection_modifyitems(config, items):
    """The shared classroom's tests are long (make check): its server runs a dozen lessons in
    waiting kernels, and each page another, about half of the browser tests' CPU. make test
    checks the boards in JupyterLab; make check the lessons served as the classroom app too."""
    for item in items:
        if "classroom" in item.fixturenames and server_scope(item.nodeid) != "classroom":
            raise pytest.UsageError(
                f"{item.nodeid} uses the shared classroom: add it to SHARED_CLASSROOM in "
                "tests/browser/conftest.py, so that it runs beside the others under pytest -n"
            )
        if server_scope(item.nodeid) == "classroom":
            item.add_marker(pytest.mark.long)


def _missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run on CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 with a random token and XSRF checks on (``lab.Lab``)."""
    if shutil.which("jupyter") is None and not Path(sys.executable).with_name("jupyter").exists():
        _missing("jupyter is not installed (pip install corinth[dev])")
    root = tmp_path_factory.mktemp("lab")
    home = tmp_path_factory.mktemp("jupyter-home")
    try:
        with start_lab(root, home) as server:
            yield server
    except LabError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="session")
def classroom_room(tmp_path_factory):
    """The classroom command as `make classroom` runs it (Voilà, pre-heated lessons, the bound), on a
    free port, behind a token, started before the class comes: its waiting kernels (the lesson list
    and every lesson but the optional 08-10) have run their lessons. The kernels import corinth from
    this checkout.
    """
    if importlib.util.find_spec("voila") is None:
        _missing("voila is not installed (pip install corinth[lab])")
    try:
        with start_classroom(tmp_path_factory.mktemp("classroom")) as room:
            # On a busy 2-core machine a dozen kernels running their lessons take minutes; a
            # student arriving meanwhile waits for their lesson's kernel, which is not what a class
            # sees. One waits for each lesson but the optional 08-10.
            from corinth.classroom.lessons import course_names

            room.wait_for_pools(len(course_names()), timeout=600)
            yield room
    except LabError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="session")
def classroom(classroom_room):
    """(base URL, token) of the running classroom (``classroom_room``)."""
    return classroom_room.url, classroom_room.token


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium driven by Playwright (Playwright's own download is not used)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install playwright)")
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CORINTH_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser, request):
    """A fresh page; on failure its screenshot goes to test-artifacts/<test name>.png."""
    context = browser.new_context(viewport=VIEWPORT)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
        except Exception as exc:  # the page may be gone; the test's own failure matters more
            print(f"no screenshot: {exc}")
        if "classroom" in request.fixturenames:  # what the server said, for a failure on CI
            log = request.getfixturevalue("classroom_room").log
            print(f"--- the classroom's log, last lines ({log}) ---")
            print("\n".join(log.read_text(errors="replace").splitlines()[-60:]))
    context.close()


@pytest.fixture(scope="session")
def _notebook_pages(browser):
    """JupyterLab pages kept open for the whole run, one per test notebook (``opened``)."""
    pages: dict[str, object] = {}
    yield pages
    for pg in pages.values():
        with contextlib.suppress(Exception):
            pg.context.close()


@pytest.fixture
def opened(lab, browser, _notebook_pages, request):
    """``opened(name, source=None, viewport=None)``: the JupyterLab page of notebook ``name`` (copied
    from ``source`` first, if given) with every cell just run, at ``viewport`` (default 1400×1000).

    The first test of a notebook opens its page; the next ones share it and run its cells again
    (``lab.run_all_again``: new widgets, a new .events.json), which spares a JupyterLab page load
    (seconds of Chromium) per test. A page that does not answer is replaced by a newly opened one.
    On failure, the screenshot of the test's last page goes to test-artifacts/<test name>.png.
    """
    used = []

    def open_page(name: str, source: Path | None = None, viewport: dict | None = None):
        pg = _notebook_pages.get(name)
        if pg is not None:
            try:
                pg.set_viewport_size(viewport or VIEWPORT)
                run_all_again(pg, lab)
            except Exception as exc:  # a page left unusable: open the notebook anew
                print(f"{name}: its page is opened again ({exc.__class__.__name__})")
                with contextlib.suppress(Exception):
                    pg.context.close()
                pg = None
        fresh = pg is None
        if fresh:
            pg = _notebook_pages[name] = browser.new_context(
                viewport=viewport or VIEWPORT
            ).new_page()
            pg.set_default_timeout(30_000)
        used.append(pg)  # before opening: a page that fails to open is the one to show
        if fresh:
            open_and_run(pg, lab, name, source)
        return pg

    yield open_page
    failed = [getattr(request.node, f"rep_{when}", None) for when in ("setup", "call")]
    if used and any(report is not None and report.failed for report in failed):
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            used[-1].screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def pytest_terminal_summary(terminalreporter):
    """Timings the browser tests measured (reported, never asserted: the machine may be busy)."""
    timings = [
        (report.nodeid, name, value)
        for report in terminalreporter.stats.get("passed", [])
        if report.when == "call"
        for name, value in report.user_properties
        if name.endswith("_seconds")
    ]
    if timings:
        terminalreporter.section("measured in the browser")
        for nodeid, name, value in timings:
            terminalreporter.write_line(f"{name.replace('_', ' ')}: {value:.1f} ({nodeid})")
