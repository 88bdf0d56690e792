"""``corinth show`` of a finished game of The Four Courts, and the end of ``corinth play``: the table,
then why the game ended as it did (the engine's sentences, ``corinth.courts.ending``), then who won
(issue 43, item 4)."""

from __future__ import annotations

import subprocess
import sys

from corinth.courts import to_json
from corinth.courts.bots import GreedyBot, play_game
from corinth.courts.ending import end_words


def test_g6_show_of_a_finished_game_explains_the_tie_break(tmp_path):
    final = play_game([GreedyBot(s) for s in range(4)], seed=1)  # East, South, West tie on 6
    save = tmp_path / "game.json"
    save.write_text(to_json(final), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "corinth.cli", "show", str(save), "--game", "four-courts"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = done.stdout
    assert done.returncode == 0 and "Traceback" not in out + done.stderr
    lines = out.splitlines()
    start = lines.index("The end of the game:")
    assert lines[start + 1 : start + 1 + len(end_words(final))] == [
        f"  {line}" for line in end_words(final)
    ]
    assert "  South has the highest total, 80, and wins (G6)." in lines
    assert lines[-1].startswith("The game is over") and "player 3 (South) won" in lines[-1]
