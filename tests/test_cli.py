"""The ``cardgames`` command: subcommands, --help, --version, errors."""

import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import __version__, cli

ROOT = Path(__file__).resolve().parent.parent


def test_every_game_has_a_subcommand(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for command in ("solitaire-1", "solitaire-2", "aces-up", "24"):
        assert command in out


def test_version(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out.strip() == f"cardgames {__version__}"


@pytest.mark.parametrize("argv", [[], ["no-such-game"], ["solitaire-1", "--games", "x"]])
def test_usage_errors_exit_with_status_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().out == ""


def test_python_m_cardgames_runs_a_subcommand():
    run = subprocess.run([sys.executable, "-m", "cardgames", "solitaire-1", "--exact"],
                         capture_output=True, cwd=ROOT, timeout=120,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0 and run.stderr == b""
    assert run.stdout.decode().splitlines()[2] == "                                4 |    18.77%"
