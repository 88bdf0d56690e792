"""HTML pages printed to PDF by Chromium's own print: a headless Chromium with a profile of its own
opens each page as a ``file://`` address and prints it at the size its print CSS gives (the DevTools
protocol's ``Page.printToPDF``, through a pipe: no server, no port).

The PDF is made the same from the same page: Chromium writes the time it printed (the PDF's
creation and modification dates), which is set to a fixed date here, in place, with as many
characters, so that nothing else of the file moves.

>>> steady(b"/CreationDate (D:20261128092702+00'00')")
b"/CreationDate (D:20000101000000+00'00')"
>>> page_count(b"<</Type /Pages /Count 2>> <</Type /Page>> <</Type/Page /Parent 1 0 R>>")
2
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

FIXED_DATE = b"D:20000101000000"
_DATE = re.compile(rb"D:\d{14}")
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
# Chromium's own pages that a headless browser has no use for: the address bar's pop-up and its
# "AI mode" pop-up are web pages that Chromium loads in a renderer of their own for every profile
# (0.5 s of CPU each time; a page's test or benchmark opens a fresh profile per student).
UNUSED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-features=" + ",".join(UNUSED_FEATURES),
)


class PrintError(RuntimeError):
    """A handout could not be printed; the message says why and what to do."""


def chromium() -> str:
    """The Chromium to print with: ``CORINTH_CHROMIUM`` if set, else the first on the ``PATH``."""
    given = os.environ.get("CORINTH_CHROMIUM")
    if given:
        if not Path(given).exists():
            raise PrintError(f"CORINTH_CHROMIUM names {given}, which does not exist")
        return given
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    raise PrintError(
        "printing the handouts needs Chromium: install it (make browser, as root: apt-get install "
        "chromium), or set CORINTH_CHROMIUM to a Chromium or Chrome"
    )


class Printer:
    """One headless Chromium that prints page after page, driven through its DevTools pipe
    (``--remote-debugging-pipe``: the protocol's messages on the child's descriptors 3 and 4, no
    port opened). A Chromium starts in about two seconds and prints a page in a fraction of one,
    so one for all the handouts. Use it in a ``with`` block: the browser ends with it."""

    def __init__(self, browser: str | None = None, timeout: float = 60):
        self.browser = browser or chromium()
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="corinth-print-")
        self._next = 0
        self._buffer = b""
        self._events: list[dict] = []
        commands, self._to_browser = os.pipe()
        self._from_browser, answers = os.pipe()

        def descriptors() -> None:  # in the child, before Chromium starts: its pipe on 3 and 4
            a, b = os.dup(commands), os.dup(answers)
            os.dup2(a, 3)
            os.dup2(b, 4)

        command = [self.browser, *ARGS, "--remote-debugging-pipe"]
        command.append(f"--user-data-dir={self._profile.name}")
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                close_fds=False,  # only 3 and 4 are inheritable (PEP 446): they alone pass
                preexec_fn=descriptors,  # noqa: PLW1509 - before any thread of ours starts
            )
        finally:
            os.close(commands)
            os.close(answers)

    def __enter__(self) -> Printer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for fd in (self._to_browser, self._from_browser):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        # Chromium's helper processes may still write the profile for a moment after the browser
        # itself ended ("Directory not empty" once in a make check): try again, then leave no error.
        for _attempt in range(30):
            try:
                self._profile.cleanup()
                return
            except OSError:
                time.sleep(0.1)
        shutil.rmtree(self._profile.name, ignore_errors=True)

    def pdf(self, page: Path, pdf: Path) -> Path:
        """Print the HTML file ``page`` to ``pdf`` at the page's own size (its print CSS); the PDF
        is made steady (``steady``)."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        try:
            self.call("Page.enable", session=session)
            self.call("Page.navigate", session=session, url=Path(page).resolve().as_uri())
            self.event("Page.loadEventFired", session)
            ready = "document.fonts.ready.then(() => true)"
            self.call("Runtime.evaluate", session=session, expression=ready, awaitPromise=True)
            printed = self.call("Page.printToPDF", session=session, preferCSSPageSize=True)
        finally:
            self.call("Target.closeTarget", targetId=target)
        pdf = Path(pdf)
        pdf.write_bytes(steady(base64.b64decode(printed["data"])))
        return pdf

    def call(self, method: str, session: str = "", **params: object) -> dict:
        """Send one command of the DevTools protocol and return its result."""
        self._next += 1
        message: dict = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        try:
            os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        except OSError as exc:
            raise PrintError(f"Chromium stopped before {method}: {exc}") from None
        while True:
            answer = self._read(method)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise PrintError(f"Chromium refused {method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self._events.append(answer)

    def event(self, method: str, session: str) -> dict:
        """Wait for the event ``method`` of ``session`` (those already come first)."""
        while True:
            for i, seen in enumerate(self._events):
                if seen.get("method") == method and seen.get("sessionId") == session:
                    return self._events.pop(i)
            self._events.append(self._read(method))

    def _read(self, waiting_for: str) -> dict:
        """The next message from Chromium, within the timeout."""
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from_browser], [], [], max(0.0, left))
            chunk = os.read(self._from_browser, 1 << 20) if ready else b""
            if not chunk:
                said = "did not answer in time" if not ready else "stopped"
                raise PrintError(f"Chromium {said} (waiting for {waiting_for})")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)


def print_pdf(page: Path, pdf: Path, browser: str | None = None) -> Path:
    """Print one HTML file ``page`` to ``pdf`` (a ``Printer`` of its own)."""
    with Printer(browser) as printer:
        return printer.pdf(page, pdf)


def steady(data: bytes) -> bytes:
    """The PDF ``data`` with its print dates fixed (as many bytes: its cross-references stay)."""
    return _DATE.sub(FIXED_DATE, data)


def page_count(data: bytes) -> int:
    """How many pages the PDF ``data`` has: its page objects (Chromium's PDF keeps them plain)."""
    return len(_PAGE.findall(data))
