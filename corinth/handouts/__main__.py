"""``python -m corinth.handouts``: the lessons' handouts and answer keys as PDFs, and their index.

python -m corinth.handouts --out build/handouts          # every lesson that asks exercises
python -m corinth.handouts --out build/handouts 05 11b   # these lessons (the index lists all)
python -m corinth.handouts --language fr                 # the French lessons (where translated)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from corinth.shared.language import LANGUAGES, _, from_environment, use_language

from .build import NoHandout, build, index_name
from .lesson import NOTEBOOKS
from .printing import PrintError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m corinth.handouts",
        description="Print the lessons' handouts and answer keys to PDF (with Chromium).",
    )
    parser.add_argument("lessons", nargs="*", metavar="LESSON", help="lesson numbers (05, 11b)")
    parser.add_argument("--out", type=Path, default=Path("build/handouts"), help="the folder")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the lessons' folder")
    parser.add_argument(
        "--language",
        default="",
        help="the handouts' language: en, fr or de (default: the environment's)",
    )
    args = parser.parse_args(argv)
    language = args.language.strip().lower() or from_environment()
    if language not in LANGUAGES:
        spoken = ", ".join(f"{name} ({key})" for key, name in LANGUAGES.items())
        print(
            f"handouts: no language {args.language!r}: the lessons speak {spoken}", file=sys.stderr
        )
        return 2
    use_language(language)
    os.environ.setdefault("TQDM_DISABLE", "1")  # a lesson's answers may run a bar: not here
    start = time.monotonic()
    try:
        written = build(args.out, args.lessons or None, args.notebooks)
    except (NoHandout, PrintError) as exc:
        print(f"handouts: {exc}", file=sys.stderr)
        return 2
    seconds = time.monotonic() - start
    print(
        _("{n} PDFs in {folder} ({seconds} s); open {index}").format(
            n=len(written),
            folder=args.out,
            seconds=f"{seconds:.0f}",
            index=args.out / index_name(language),
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
