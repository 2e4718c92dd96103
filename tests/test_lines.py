"""One way to read a line (``lines.read_line``): closed streams, over-long lines, statuses.

Issue 15, items 1, 6 and 7.  Every prompt reads through ``read_line``, which prints the prompt
as ``input(prompt)`` does and maps the end of file, a closed standard input and a line longer
than ``lines.LINE_LIMIT`` to the end of input; ``twenty_four.py`` counts a long line instead,
since its spec prints the line's length.  The behaviour about the process (closed streams,
memory, time) is checked in subprocesses: ``<&-`` closes a stream in ``bash -c``, ``ulimit -v``
bounds the memory.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import os
import pty
import select
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import console, lines, streams, viewer
from cardgames.aces_up.course.program import get_option
from cardgames.aces_up.rich_game.loop import play_session
from cardgames.aces_up.rich_game.session import Session

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CLI = [PYTHON, "-m", "cardgames"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}  # the tree under test, for -m cardgames

SEED_PROMPT = console.SEED_PROMPT.encode()
NO_SEED = (console.NO_SEED_MESSAGE + "\n").encode()
ACES_UP_PROMPT = b"\nInput an option (DFTRHQ): "
VIEWER_PROMPT = b" " * 7
#: Far above what any of these programs needs (all run within 100 MB), far below what an
#: unbounded line would take.
MEMORY_KB = 300_000


def shell(command: str, stdin: bytes | None = None, timeout: float = 120):
    """Run a bash command line in the project root; the completed process and its duration."""
    start = time.monotonic()
    run = subprocess.run(["bash", "-c", command], input=stdin, capture_output=True, cwd=ROOT,
                         env=ENV, timeout=timeout)
    return run, time.monotonic() - start


def line(argv: list[str]) -> str:
    """A command line for bash."""
    return shlex.join(argv)


# ---------------------------------------------------------------- item 1 and 7: closed stdin

CLOSED_STDIN_CASES = [
    [PYTHON, "solitaire_1.py"],
    [PYTHON, "-S", "solitaire_1.py"],
    [PYTHON, "solitaire_2.py"],
    [PYTHON, "aces_up.py", "--seed", "3"],
    [PYTHON, "-S", "aces_up.py", "--seed", "3"],
    [PYTHON, "twenty_four.py"],
    [*CLI, "solitaire-2", "--seed", "5"],
    [*CLI, "aces-up", "--seed", "3"],
    [*CLI, "aces-up", "--classic", "--seed", "3"],
]


@pytest.mark.parametrize("argv", CLOSED_STDIN_CASES, ids=lambda argv: " ".join(argv[1:]))
def test_a_closed_stdin_is_the_end_of_an_empty_pipe(argv):
    closed, _ = shell(line(argv) + " <&-")
    empty, _ = shell(line(argv) + " </dev/null")
    assert b"Traceback" not in closed.stderr
    assert (closed.returncode, closed.stdout, closed.stderr) == (
        empty.returncode, empty.stdout, empty.stderr)


@pytest.mark.parametrize("argv, prompt", [
    ([PYTHON, "solitaire_1.py"], SEED_PROMPT), ([PYTHON, "solitaire_2.py"], SEED_PROMPT),
    ([PYTHON, "aces_up.py", "--seed", "3"], ACES_UP_PROMPT),
    ([*CLI, "solitaire-2", "--seed", "5"], VIEWER_PROMPT),
    ([*CLI, "aces-up", "--seed", "3"], b"\naces-up> \n")])
def test_a_closed_stdin_still_prints_the_last_prompt(argv, prompt):
    run, _ = shell(line(argv) + " <&-")
    assert run.stdout.endswith(prompt)
    assert run.returncode == (1 if prompt == SEED_PROMPT else 0)


# ---------------------------------------------------------------- item 6: over-long lines

@pytest.mark.parametrize("argv, status, stdout_end, stderr", [
    ([PYTHON, "solitaire_1.py"], 1, SEED_PROMPT, NO_SEED),
    ([PYTHON, "solitaire_2.py"], 1, SEED_PROMPT, NO_SEED),
    ([PYTHON, "aces_up.py", "--seed", "3"], 0, ACES_UP_PROMPT, b""),
    ([*CLI, "aces-up", "--seed", "3"], 0, b"\naces-up> \n", b""),
    ([*CLI, "aces-up", "--classic", "--seed", "3"], 0, ACES_UP_PROMPT, b""),
    ([*CLI, "solitaire-1"], 1, SEED_PROMPT, NO_SEED),
], ids=lambda value: " ".join(value[1:]) if isinstance(value, list) else None)
def test_an_endless_line_is_the_end_of_input_in_bounded_memory(argv, status, stdout_end, stderr):
    run, seconds = shell(f"ulimit -v {MEMORY_KB}; {line(argv)} </dev/zero", timeout=60)
    assert (run.returncode, run.stderr) == (status, stderr)
    assert run.stdout.endswith(stdout_end)
    assert seconds < 10


def test_the_seed_prompt_reads_no_more_than_the_limit():
    """A seed line past the limit: the end of input, the rest of the line left unread."""
    stdin = b"7" * (3 * lines.LINE_LIMIT) + b"\n5\n"
    run, _ = shell(line([PYTHON, "solitaire_1.py"]) + "; echo; wc -c", stdin)
    prompt, left = run.stdout.split(b"\n")[:2]
    assert (prompt, run.stderr) == (SEED_PROMPT, NO_SEED)
    # what the program read: the limit and one character, and at most its buffers beyond
    assert len(stdin) - int(left) <= lines.LINE_LIMIT + 1 + 65536


def test_a_ten_megabyte_seed_line_is_refused_at_once():
    run, seconds = shell(line([PYTHON, "solitaire_1.py"]), b"7" * 10**7 + b"\n")
    assert (run.returncode, run.stdout, run.stderr) == (1, SEED_PROMPT, NO_SEED)
    assert seconds < 5  # it took 19 s to convert, then played the game


def test_a_million_digit_seed_still_plays():
    run, _ = shell(line([PYTHON, "solitaire_1.py"]), b"7" * 10**6 + b"\n")
    assert (run.returncode, run.stderr) == (0, b"")
    assert run.stdout.startswith(SEED_PROMPT + b"\nDeck shuffled, ready to start!\n")


def test_a_ten_megabyte_viewer_request_ends_the_viewer_at_once():
    run, seconds = shell(line([PYTHON, "solitaire_2.py"]), b"5\n" + b"7" * 10**7 + b"\nq\n")
    quiet, _ = shell(line([PYTHON, "solitaire_2.py"]), b"5\n")
    assert (run.returncode, run.stdout, run.stderr) == (0, quiet.stdout, b"")
    assert seconds < 5  # it took 28 s to be rejected


def test_a_long_viewer_request_is_rejected_like_a_short_one():
    long_request = b"5\n" + b"7" * (lines.LINE_LIMIT - 10) + b"\n1--2\nq\n"
    run, seconds = shell(line([PYTHON, "solitaire_2.py"]), long_request)
    short, _ = shell(line([PYTHON, "solitaire_2.py"]), b"5\n8888\n1--2\nq\n")
    assert (run.returncode, run.stdout, run.stderr) == (0, short.stdout, b"")
    assert seconds < 10


def test_the_viewer_compares_lengths_before_converting():
    # int() refuses more than 4,300 digits (the default, set here whatever the environment
    # says): a number converted before its length is checked would raise here instead of
    # being an invalid request
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    try:
        for request in ("9" * 5000, "-" + "9" * 5000, "1--" + "9" * 5000,
                        "00" + "9" * 5000 + "--3"):
            assert viewer.parse_request(request, 1070) is viewer.Answer.INVALID
        assert viewer.parse_request("0" * 5000 + "1070", 1070) == viewer.Selection(1, 1070)
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.mark.parametrize("length", [5, 1000, lines.LINE_LIMIT + 1, 10**7])
def test_twenty_four_counts_a_long_line(length):
    run, seconds = shell(line([PYTHON, "twenty_four.py"]), b"A" * length + b"\nAAAJ\n")
    assert (run.returncode, run.stdout) == (1, b"Input the cards:\n")
    assert run.stderr == f"Error: expected 4 cards, got {length}.\n".encode()
    assert seconds < 10


def test_twenty_four_counts_a_gigabyte_line_in_bounded_memory():
    run, seconds = shell(f"head -c 1000000000 /dev/zero | (ulimit -v {MEMORY_KB}; "
                         f"{line([PYTHON, 'twenty_four.py'])})", timeout=120)
    assert (run.returncode, run.stdout) == (1, b"Input the cards:\n")
    assert run.stderr == b"Error: expected 4 cards, got 1000000000.\n"
    assert seconds < 60  # about 0.6 s: counted in chunks, never kept


# ---------------------------------------------------------------- item 7: exit statuses

@pytest.mark.parametrize("argv", [
    [PYTHON, "solitaire_1.py", "1"], [PYTHON, "solitaire_2.py", "x", "0"],
    [PYTHON, "aces_up.py", "--bogus"], [PYTHON, "-S", "aces_up.py", "--seed"],
    [*CLI, "aces-up", "--bogus"], [*CLI, "solitaire-1", "--games", "0"], [*CLI, "--bogus"]])
def test_a_usage_error_with_stderr_closed_is_status_2_and_nothing_on_stdout(argv):
    run, _ = shell(line(argv) + " 2>&-")
    assert (run.returncode, run.stdout) == (2, b"")
    both, _ = shell(line(argv) + " 2>&- >&-")
    assert both.returncode == 2
    gone, _ = shell(line(argv) + " 2>&- | true; exit ${PIPESTATUS[0]}")
    assert gone.returncode == 2


def test_solve_with_stdout_closed_is_no_verdict():
    closed, _ = shell(line([*CLI, "aces-up", "--solve", "--seed", "0"]) + " >&-")
    assert closed.returncode == streams.IO_ERROR_STATUS == 74  # 1 would mean "cannot be won"
    assert b"Traceback" not in closed.stderr
    kept, _ = shell(line([*CLI, "aces-up", "--solve", "--seed", "0"]) + " >/dev/null")
    assert kept.returncode == 0 and b"winnable" in kept.stderr


def test_solve_into_a_pipe_nobody_reads_is_no_verdict():
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write fails with EPIPE, whatever the timing
    try:
        run = subprocess.run([*CLI, "aces-up", "--solve", "--seed", "0"], stdout=write_end,
                             stderr=subprocess.PIPE, cwd=ROOT, env=ENV, timeout=120)
    finally:
        os.close(write_end)
    assert run.returncode == streams.IO_ERROR_STATUS
    assert b"Traceback" not in run.stderr


@pytest.mark.parametrize("argv, status", [
    ([PYTHON, "solitaire_1.py", "10", "0"], 1), ([PYTHON, "twenty_four.py"], 1),
    ([PYTHON, "aces_up.py", "--seed", "10"], 1),
    ([*CLI, "aces-up", "--solve", "--seed", "0"], streams.IO_ERROR_STATUS),
    ([*CLI, "solitaire-1", "--games", "10"], streams.IO_ERROR_STATUS)])
def test_output_to_a_closed_stdout_fails(argv, status):
    run, _ = shell(line(argv) + " >&- </dev/null")
    assert run.returncode == status and b"Traceback" not in run.stderr


# ---------------------------------------------------------------- read_line in process

def read_both(content: str, prompt: str, monkeypatch):
    """(what input() returns or None, what it printed), then the same for read_line."""
    results = []
    for read in (builtins.input, lines.read_line):
        monkeypatch.setattr(sys, "stdin", io.StringIO(content))
        with contextlib.redirect_stdout(io.StringIO()) as out:
            try:
                value = read(prompt)
            except EOFError:
                value = None
        results.append((value, out.getvalue(), sys.stdin.read()))
    return results


@given(st.text(max_size=30), st.sampled_from(["", "> ", "\nInput an option (DFTRHQ): "]))
def test_read_line_reads_as_input_does(content, prompt):
    with pytest.MonkeyPatch.context() as monkeypatch:
        from_input, from_read_line = read_both(content, prompt, monkeypatch)
    assert from_read_line == from_input


def test_read_line_reads_at_most_one_character_past_the_limit(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("x" * 10 + "\n" + "y" * 11 + "\nrest\n"))
    assert lines.read_line("> ", limit=10) == "x" * 10
    assert lines.read_line("> ", limit=10) is None
    assert sys.stdin.read() == "\nrest\n"
    assert capsys.readouterr().out == "> > "


def test_read_line_measures_a_long_line_when_asked(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("y" * 300_000 + "\nrest\n"))
    with pytest.raises(lines.LineTooLong) as long_line:
        lines.read_line(limit=10, measure=True)
    assert long_line.value.length == 300_000
    assert lines.read_line() == "rest" and lines.read_line() is None


def test_read_line_with_a_closed_stdin_prints_the_prompt(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)
    assert lines.read_line("> ") is None
    assert console.read_seed() is None
    assert capsys.readouterr().out == "> " + console.SEED_PROMPT


def test_every_prompt_ends_at_a_closed_stdin(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(EOFError):  # the course API: get_option lets EOFError through (§9)
        get_option()
    assert viewer.view(["a", "b"]) == 0
    assert play_session(Session(3)) == 0
    out = capsys.readouterr().out
    assert out.startswith("\nInput an option (DFTRHQ): There are 2 lines")
    assert out.endswith("\naces-up> \n")


def test_a_replaced_input_still_reads_every_prompt(monkeypatch, capsys):
    """Graders script the course API by replacing builtins.input: it is still what reads."""
    answers = iter(["F 2", "5", " q "])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    monkeypatch.setattr(sys, "stdin", None)
    assert get_option() == ["F", 2]
    assert console.read_seed() == 5
    assert viewer.view(["a"]) == 0
    assert capsys.readouterr().out.endswith("<= n <= 1)\n")  # no prompt: input's job

    def end(prompt=""):
        raise EOFError

    monkeypatch.setattr(builtins, "input", end)
    with pytest.raises(EOFError):
        get_option()


def test_a_seed_typed_on_a_terminal_plays_the_game():
    """On a terminal (where read_line hands over to input()) a typed seed still plays."""
    controller, terminal = pty.openpty()
    try:
        child = subprocess.Popen([PYTHON, "solitaire_1.py"], stdin=terminal, stdout=terminal,
                                 stderr=terminal, cwd=ROOT, env=ENV)
    finally:
        os.close(terminal)
    output = b""
    try:
        os.write(controller, b"5\n")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 1)
            if ready:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:  # EIO: the child has gone and closed the terminal
                    break
                if not chunk:
                    break
                output += chunk
            elif child.poll() is not None:
                break
    finally:
        os.close(controller)
        child.wait(timeout=60)
    assert child.returncode == 0
    assert console.SEED_PROMPT.encode() in output and b"Deck shuffled, ready to start!" in output
