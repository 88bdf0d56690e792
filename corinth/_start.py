"""The ``corinth`` command's entry point: Ctrl-C answered with one line and exit 130 from the start.

A console script imports its function's module before calling it; importing the command line takes a
few tenths of a second (numpy, the rules), and a Ctrl-C then would print a traceback of the import.
This module is imported first, with nothing of the engine loaded yet, and answers Ctrl-C itself until
the command runs, which then answers it as every command does ("corinth simulate: interrupted").
"""

import os
import signal
import sys

INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C


def _interrupted(_signum, _frame) -> None:
    sys.stderr.write("corinth: interrupted\n")
    sys.stderr.flush()
    os._exit(INTERRUPTED)  # no traceback of a half-done import, no cleanup left to run


def main() -> int:
    signal.signal(signal.SIGINT, _interrupted)
    from corinth.cli import main as command

    signal.signal(signal.SIGINT, signal.default_int_handler)  # the command handles it from here
    try:
        return command()
    except KeyboardInterrupt:  # between two steps the command does not watch (argument parsing)
        _interrupted(signal.SIGINT, None)
        return INTERRUPTED
