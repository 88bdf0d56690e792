"""The built wheel carries the sheet data and the widget front ends, and works outside the repo."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("corinth-*.whl")
    return found


def test_wheel_contains_seeds_and_widgets(wheel):
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert "corinth/seeds/sheets/default.toml" in names
    assert any(n.startswith("corinth/widgets/") for n in names) or not any(
        (ROOT / "widgets").glob("*.js")
    )
    assert not any(n.startswith("tests/") for n in names)


def test_wheel_installs_and_plays_in_a_fresh_venv(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    # The venv sees this interpreter's packages for numpy & co (no download), but corinth comes from
    # the wheel, installed by this interpreter's pip into the venv (pip --python): a venv's own pip
    # would take seconds to install first (the way left where this interpreter has no pip).
    own_pip = importlib.util.find_spec("pip") is None
    venv.EnvBuilder(with_pip=own_pip, system_site_packages=True).create(env_dir)
    py = env_dir / "bin" / "python"
    pip = [py, "-m", "pip"] if own_pip else [sys.executable, "-m", "pip", "--python", py]
    subprocess.run(
        [*pip, "install", "-q", "--no-deps", "--force-reinstall", "--disable-pip-version-check"]
        + [str(wheel)],
        check=True,
    )
    script = (
        "import corinth, pathlib;"
        "assert 'venv' in corinth.__file__, corinth.__file__;"
        "from corinth.solver.bots import GreedyBot, play_game;"
        "s = play_game(corinth.new_game(players=2, seed=3), [GreedyBot(), GreedyBot()]);"
        "print(s.round, corinth.default_sheet().name)"
    )
    out = subprocess.run(
        [py, "-c", script], check=True, capture_output=True, text=True, cwd=tmp_path
    )
    assert out.stdout.split()[0] == "12"
    assert "Default sheet" in out.stdout
