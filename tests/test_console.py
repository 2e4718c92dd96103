"""The solitaires' shared front end (cardgames.console): the seed prompt, N I, their main."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import console

ROOT = Path(__file__).resolve().parent.parent


def test_read_seed_prompts_again_until_an_integer():
    lines = iter(["", "abc", " 12 "])
    prompts = []

    def read(prompt):
        prompts.append(prompt)
        return next(lines)

    assert console.read_seed(read=read) == 12
    assert prompts == [console.SEED_PROMPT] * 3


def test_read_seed_returns_none_at_end_of_input():
    def read(prompt):
        raise EOFError

    assert console.read_seed(read=read) is None


@pytest.mark.parametrize("argv", [[], ["1"], ["1", "2", "3"], ["x", "0"], ["0", "0"],
                                  ["-3", "0"], ["1", "y"]])
def test_bad_simulate_arguments(argv):
    with pytest.raises(console.UsageError):
        console.parse_simulate_argv(argv)


@pytest.mark.parametrize("n, i", [(0, 0), (-1, 0), (True, 0), (1.0, 0), ("3", 0), (1, False),
                                  (1, 2.0), (1, None)])
def test_check_simulate_args_rejects(n, i):
    with pytest.raises(ValueError):
        console.check_simulate_args(n, i)


@pytest.mark.parametrize("script", ["solitaire_1.py", "solitaire_2.py"])
def test_a_huge_seed_line_plays_without_a_traceback(script):
    seed = "9" * 5000
    run = subprocess.run([sys.executable, script], input=(seed + "\nq\n").encode(),
                         capture_output=True, cwd=ROOT, timeout=60, check=False)
    assert run.returncode == 0 and run.stderr == b""
    assert run.stdout.startswith((console.SEED_PROMPT + "\n").encode())


@pytest.mark.parametrize("script", ["solitaire_1.py", "solitaire_2.py"])
def test_closed_stdin_is_the_end_of_input(script):
    run = subprocess.run([sys.executable, script], preexec_fn=lambda: os.close(0),
                         capture_output=True, cwd=ROOT, timeout=60, check=False)
    assert run.returncode == 1
    assert run.stderr.decode().strip() == console.NO_SEED_MESSAGE
