"""A JupyterLab server and headless Chromium for the browser tests and the click benchmark.

The server binds 127.0.0.1 with a random token and XSRF checks on, as a teacher's would; pages are
opened with the token in their address.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from corinth.handouts.printing import ARGS as HEADLESS
from corinth.handouts.printing import UNUSED_FEATURES

CHROMIUM = os.environ.get("CORINTH_CHROMIUM", "/usr/bin/chromium")


def _playwright_disabled_features() -> list[str]:
    """The features Playwright turns off in the Chromium it launches (its ``disabledFeatures``).

    Chromium reads only the last ``--disable-features`` it is given, and Playwright puts its own
    first: ours must repeat Playwright's list, or the browser would run with them on. Read from
    Playwright's own code; an empty list if that code has another shape."""
    import re

    try:
        import playwright

        bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
        found = re.search(r"disabledFeatures = \[(.*?)\]", bundle.read_text(), re.S)
    except (ImportError, OSError):
        return []
    return re.findall(r'^\s*"(\w+)"', found.group(1), re.M) if found else []


# The flags the handouts print with, Playwright's disabled features kept beside ours.
CHROMIUM_ARGS = [a for a in HEADLESS if not a.startswith("--disable-features=")] + [
    "--disable-features=" + ",".join([*_playwright_disabled_features(), *UNUSED_FEATURES])
]
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


class LabError(RuntimeError):
    """JupyterLab did not start (the message names its log file)."""


@dataclass(frozen=True)
class Lab:
    """A running test server: its base URL, the folder it serves and its token."""

    url: str
    root: Path
    token: str

    def address(self, path: str) -> str:
        """The address of ``path`` (e.g. ``lab/tree/x.ipynb``) on this server, with its token."""
        sep = "&" if "?" in path else "?"
        return f"{self.url}/{path.lstrip('/')}{sep}token={self.token}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _quiet_settings(settings: Path) -> None:
    """No news pop-up, and start a notebook's own kernel without asking."""
    files = {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
        # JupyterLab 4's own place for it (the notebook tracker's settings, not the document
        # manager's, where it was ignored and the "Select Kernel" dialog could still block a click).
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
            "autoStartDefaultKernel": True
        },
    }
    for name, values in files.items():
        target = settings / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))


@contextlib.contextmanager
def start_lab(root: Path, home: Path) -> Iterator[Lab]:
    """Run JupyterLab serving ``root`` (settings under ``home``) until the block ends."""
    port = free_port()
    # A fresh token per run: no other local process can drive the test server while it runs.
    token = secrets.token_hex(24)
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.token={token}",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    env = dict(os.environ)
    # Keep the user's own Lab settings and workspaces out of the test.
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "workspaces")
    _quiet_settings(home / "settings")
    url = f"http://127.0.0.1:{port}"
    status = urllib.request.Request(
        f"{url}/api/status", headers={"Authorization": f"token {token}"}
    )
    with serve(cmd, root, root.parent / f"lab-{port}.log", status, "JupyterLab", env):
        yield Lab(url, root, token)


@contextlib.contextmanager
def serve(
    cmd: list[str],
    cwd: Path,
    log_path: Path,
    ready: urllib.request.Request | str,
    name: str,
    env: dict | None = None,
) -> Iterator[subprocess.Popen]:
    """Run a test server (JupyterLab, Voilà) until the block ends, once ``ready`` answers 200; the
    block gets its process."""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(ready, timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise LabError(f"{name} did not start; see {log_path}")
                time.sleep(0.3)
            yield proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def wait_for_events(root: Path, check: Callable[[dict], bool], timeout: float = 20.0) -> dict:
    """Poll the notebook's .events.json until ``check(events)`` holds.

    The file is hidden (a leading dot) so that JupyterLab's file browser never lists it: the server
    answers a listing with 404 when a listed file is removed while it is being listed
    (``run_all_again`` removes this one), and JupyterLab then shows "Directory not found".
    """
    path = root / ".events.json"
    deadline = time.monotonic() + timeout
    events: dict = {}
    while time.monotonic() < deadline:
        try:
            events = json.loads(path.read_text())
        except (OSError, ValueError):
            events = {}
        if events and check(events):
            return events
        time.sleep(0.1)
    raise AssertionError(f"the Python side did not change as expected; last events: {events}")


def write_notebook(path: Path, *sources: str) -> None:
    """A test notebook of one code cell per source, naming its kernel (kernelspec metadata), so
    JupyterLab opens it without asking which kernel to start."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    nbformat.write(nb, str(path))


def open_and_run(page, lab: Lab, name: str, source: Path | None = None) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, and run all cells; with ``source``, first
    copy that notebook into the Lab's folder as ``name``.

    The notebooks name their kernel (kernelspec metadata), so no "Select Kernel" dialog should block
    the clicks; if one shows anyway (or any other dialog) it is accepted.
    """
    if source is not None:
        shutil.copy(source, lab.root / name)
    # The notebook's kernel is started first, through the server's API: the page joins it. Left to the
    # page, on a busy machine JupyterLab asks which kernel to start (the kernel list came too late).
    start_kernel(lab, name)
    # Any dialog that still stands in the way of a click is accepted, and said.
    page.add_locator_handler(page.locator(".jp-Dialog").first, _accept_dialog)
    page.goto(lab.address(f"lab/tree/{name}?reset"))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    # On a busy machine a "Run All Cells" given as the kernel connects can be lost, wholly (no cell
    # runs, the prompts stay "[ ]:") or in part (the first cell ran, the second stayed "[ ]:"): until
    # every code cell has run or is queued, ask again. A queued cell's prompt turns to "[*]:" in the
    # page itself, at once: a few seconds without it is a lost request.
    started = (
        "() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
        ".every((p) => /\\[(\\*|\\d+)\\]/.test(p.textContent))"
    )
    for attempt in range(5):
        _run_all_cells(page)
        try:
            page.wait_for_function(started, timeout=5_000)
            return
        except Exception:
            if attempt == 4:
                raise


def start_kernel(lab: Lab, name: str) -> None:
    """Start the kernel of notebook ``name`` (its session, as JupyterLab would), unless it runs."""
    body = {"path": name, "name": name, "type": "notebook", "kernel": {"name": "python3"}}
    request = urllib.request.Request(
        f"{lab.url}/api/sessions",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as reply:
        assert reply.status in (200, 201), reply.status


def _accept_dialog(dialog) -> None:
    """Accept a JupyterLab dialog (a "Select Kernel" dialog: the notebook's own kernel), and print
    what it said: shown with the test's output if the test fails."""
    try:
        print(f"JupyterLab's dialog accepted: {dialog.inner_text()!r}")
        dialog.locator(".jp-mod-accept").click()
    except Exception as exc:
        # The page closed meanwhile (a page replaced by a new one): raised from here, the error
        # would fail whatever the test does next. Any other failure is the test's.
        if type(exc).__name__ != "TargetClosedError" and not dialog.page.is_closed():
            raise
        print(f"JupyterLab's dialog left: its page closed ({type(exc).__name__})")


def _run_all_cells(page) -> None:
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


_PROMPTS = (
    "() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
    ".map(p => p.textContent)"
)


def run_all_again(page, lab: Lab) -> None:
    """Run every cell of the notebook open in ``page`` again, in the same kernel: new widgets in
    every output, a new .events.json (the old one is removed first). Returns once every cell has run.

    A notebook's page costs seconds of Chromium to load; its cells, a fraction of that. Tests that
    share a notebook share its page and start from fresh widgets this way (``opened`` fixture).
    """
    (lab.root / ".events.json").unlink(missing_ok=True)
    before = page.evaluate(_PROMPTS)
    _run_all_cells(page)
    page.wait_for_function(
        f"(before) => {{ const now = ({_PROMPTS})(); return now.length === before.length"
        " && now.every((p, i) => /\\[\\d+\\]/.test(p) && p !== before[i]); }",
        arg=before,
        timeout=60_000,
    )
