"""Fixtures for the end-to-end tests: a JupyterLab server (token, XSRF on), the classroom's Voilà server
(token), headless Chromium.

The tests never skip silently: when Chromium or Playwright is missing they skip locally with the reason,
and fail when the environment variable CI is set.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import shutil
import sys
from pathlib import Path

import pytest

from .lab import CHROMIUM, CHROMIUM_ARGS, LabError, free_port, serve, start_lab

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TUTORIAL = Path(__file__).resolve().parents[2] / "notebooks"


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
def classroom(tmp_path_factory):
    """Voilà serving the tutorial as `make classroom` does, on a free port, behind a token.

    Yields (base URL, token). The kernels import corinth from this checkout (PYTHONPATH is passed on).
    """
    if importlib.util.find_spec("voila") is None:
        _missing("voila is not installed (pip install corinth[lab])")
    port = free_port()
    token = secrets.token_hex(8)
    cmd = [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--progressive_rendering=True",
        f"--token={token}",
        str(TUTORIAL),
    ]
    url = f"http://127.0.0.1:{port}"
    log_path = tmp_path_factory.mktemp("voila") / f"voila-{port}.log"
    try:
        with serve(cmd, TUTORIAL.parent, log_path, f"{url}/?token={token}", "Voilà"):
            yield url, token
    except LabError as exc:
        pytest.fail(str(exc), pytrace=False)


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
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
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
    context.close()


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
