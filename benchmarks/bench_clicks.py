"""Benchmark, not a test: how long from a click on a board to the board's update, in a real browser.

    python -m benchmarks.bench_clicks [--clicks 30]

Starts JupyterLab (random token) and headless Chromium, runs ``notebooks/boards.ipynb`` of the browser
tests, then clicks a market cell on and off (each click adds or takes back a steward step) and a harbor
group on and off. Each time is from the click to the first change of the clicked board's DOM: the
message to the kernel, the Python side's checks, the new board data back, and the redraw. Prints the
median and the maximum for each board; nothing is asserted, so a busy machine fails nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
from pathlib import Path

from tests.browser.lab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    open_and_run,
    start_lab,
    wait_for_events,
)

# In the page: click `selector` `n` times, timing each click to the first DOM change under `board`.
_TIMED_CLICKS = """
async ([selector, board, n]) => {
  const target = document.querySelector(selector);
  const root = document.querySelector(board);
  const times = [];
  for (let i = 0; i < n; i++) {
    const changed = new Promise((resolve) => {
      const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now()); });
      seen.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const start = performance.now();
    target.click();
    times.push((await changed) - start);
    await new Promise((r) => setTimeout(r, 50));  // let the rest of the update land
  }
  return times;
}
"""


def measure(clicks: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="corinth-bench-"))
    root, home = work / "lab", work / "home"
    root.mkdir()
    try:
        with start_lab(root, home) as lab, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(60_000)
            open_and_run(page, lab, "bench.ipynb", source=NOTEBOOKS / "boards.ipynb")
            page.locator(".corinth-cell[data-cell='r1c2']").wait_for()
            wait_for_events(root, lambda e: "selected" in e)
            page.locator(".corinth-district[data-district='goats']").click()
            wait_for_events(root, lambda e: e["selected"] == "goats")
            times = {
                "sheet (a market cell: one step on, one off)": page.evaluate(
                    _TIMED_CLICKS, [".corinth-cell[data-cell='r1c2']", ".corinth-sheet", clicks]
                ),
                "harbor (a group: off, on)": page.evaluate(
                    _TIMED_CLICKS,
                    [".corinth-district[data-district='goats']", ".corinth-harbor", clicks],
                ),
            }
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="clicks per board (at least 20)")
    parser.add_argument("--json", action="store_true", help="print the raw times as JSON")
    args = parser.parse_args(argv)
    if args.clicks < 20:
        parser.error("--clicks must be at least 20, so the median means something")
    times = measure(args.clicks)
    if args.json:
        print(json.dumps(times))
        return 0
    print(f"click -> board update in headless Chromium, {args.clicks} clicks per board (ms)")
    every = [t for ts in times.values() for t in ts]
    for name, ts in [*times.items(), ("all clicks", every)]:
        print(f"  {name:<45} median {statistics.median(ts):6.1f}   max {max(ts):6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
