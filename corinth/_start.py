"""The ``corinth`` command's entry point: Ctrl-C answered with one line and exit 130 from the start.

A console script imports its function's module before calling it; importing the command line takes a
few tenths of a second (numpy, the rules), and a Ctrl-C then would print a traceback of the import.
This module is imported first, with nothing of the engine loaded yet, and answers Ctrl-C itself until
the command runs, which then answers it as every command does ("corinth simulate: interrupted"), and again once
the command has ended: a Ctrl-C as it exits never shows a traceback.
"""

import os
import signal
import sys

INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C


def _interrupted(_signum, _frame) -> None:
    sys.stderr.write("corinth: interrupted\n")
    sys.stderr.flush()
    os._exit(INTERRUPTED)  # no traceback of a half-done import, no cleanup left to run


_running = False  # True while the command runs: it answers Ctrl-C itself (KeyboardInterrupt)


def _on_sigint(signum, frame) -> None:
    if _running:
        raise KeyboardInterrupt
    _interrupted(signum, frame)  # importing, or the command has ended: one line, exit 130


def main() -> int:
    global _running
    signal.signal(signal.SIGINT, _on_sigint)
    from corinth.cli import main as command

    try:
        try:
            _running = True
            code = command()
        finally:
            _running = False
    except KeyboardInterrupt:  # between two steps the command does not watch (argument parsing)
        _interrupted(signal.SIGINT, None)
        return INTERRUPTED
    return code
