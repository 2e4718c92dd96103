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


FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv, stdin, status, name", [
    (["solitaire_1.py", "1000", "0"], b"", 1, "solitaire_1.py"),
    (["solitaire_1.py"], b"10\n", 1, "solitaire_1.py"),
    (["solitaire_2.py", "1000", "0"], b"", 1, "solitaire_2.py"),
    (["twenty_four.py"], b"3388\n", 1, "twenty_four.py"),
    (["aces_up.py"], b"q\n", 1, "aces_up.py"),
    (["-m", "cardgames", "24", "3388"], b"", 74, "cardgames"),
    (["-m", "cardgames", "solitaire-2", "--games", "1000"], b"", 74, "cardgames"),
    (["-m", "cardgames", "aces-up", "--solve", "--seed", "0", "--tier", "stdlib"], b"", 74,
     "cardgames"),                          # winnable: the line cannot be written, no verdict
])
@pytest.mark.parametrize("stdout, reason", [("full", "no space left on device"),
                                            ("read-only", "bad file descriptor")])
def test_an_unwritable_stdout_ends_with_one_line_and_no_verdict(argv, stdin, status, name,
                                                                stdout, reason):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with (FULL.open("wb") if stdout == "full" else open(os.devnull, "rb")) as unwritable:
        run = subprocess.run([sys.executable, *argv], input=stdin, stdout=unwritable,
                             stderr=subprocess.PIPE, cwd=ROOT, timeout=120, check=False,
                             env=env)
    last = run.stderr.decode().splitlines()[-1]
    assert (run.returncode, last) == (status, f"{name}: cannot write: {reason}")
    assert b"Traceback" not in run.stderr


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("stderr", ["full", "read-only"])
@pytest.mark.parametrize("argv, status", [
    (["-m", "cardgames", "aces-up", "--solve", "--seed", "12", "--tier", "stdlib"], 74),
    (["aces_up.py", "--seed", "-x"], 1),
])
def test_an_unwritable_stderr_ends_with_the_unwritable_status_and_no_verdict(argv, status,
                                                                            stderr):
    # --solve writes its verdict on stderr before the line on stdout: seed 12 is winnable,
    # and neither "cannot be won" (1) nor a line without its verdict may come out
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with (FULL.open("wb") if stderr == "full" else open(os.devnull, "rb")) as unwritable:
        run = subprocess.run([sys.executable, *argv], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=unwritable, cwd=ROOT, timeout=120,
                             check=False, env=env)
    assert (run.returncode, run.stdout) == (status, b"")


def test_out_of_memory_ends_with_one_line_and_status_71(capsys):
    from cardgames import streams

    def exhausted():
        raise MemoryError
    assert streams.run(exhausted, name="prog") == streams.OUT_OF_MEMORY_STATUS == 71
    assert capsys.readouterr().err == ("prog: out of memory (a smaller --memory, or fewer "
                                       "--jobs, may help)\n")


def test_other_errors_are_not_taken_for_a_failure_of_the_machine():
    from cardgames import streams

    def broken():
        raise OSError(2, "No such file or directory")
    with pytest.raises(FileNotFoundError):
        streams.run(broken)
