"""The standard streams of a program (cardgames.streams): a closed stdout ends quietly."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("argv", [["solitaire_1.py", "10", "0"], ["solitaire_2.py", "10", "0"],
                                  ["twenty_four.py"], ["aces_up.py", "--seed", "10"]])
def test_a_closed_stdout_ends_with_status_1_and_no_traceback(argv):
    run = subprocess.run([sys.executable, *argv], preexec_fn=lambda: os.close(1),
                         stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, timeout=60,
                         check=False)
    assert (run.returncode, run.stderr) == (1, b"")
