"""The front-end helpers shared by the programs: integer syntax, seed prompt, N I, exits."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import console

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("text, value", [("0", 0), ("-5", -5), ("+7", 7), (" 0042\t", 42),
                                         ("1099511627776", 1099511627776)])
def test_integers_are_read(text, value):
    assert console.parse_integer(text) == value


@pytest.mark.parametrize("text", ["", " ", "abc", "1.5", "1_000", "+-1", "--1", "٣", "1 2", "0x10"])
def test_other_text_is_not_an_integer(text):
    assert console.parse_integer(text) is None


@given(st.integers())
def test_parse_integer_inverts_str(value):
    assert console.parse_integer(str(value)) == value


def test_integers_longer_than_the_interpreter_digit_limit():
    digits = "7" * 9000
    value = console.parse_integer("-" + digits)
    assert value < 0 and value % 10**9000 != 0
    assert value == -sum(7 * 10**k for k in range(9000))


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


@pytest.mark.parametrize("argv", [["solitaire_1.py", "10", "0"], ["solitaire_2.py", "10", "0"],
                                  ["twenty_four.py"], ["aces_up.py", "--seed", "10"]])
def test_a_closed_stdout_ends_with_status_1_and_no_traceback(argv):
    run = subprocess.run([sys.executable, *argv], preexec_fn=lambda: os.close(1),
                         stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, timeout=60,
                         check=False)
    assert (run.returncode, run.stderr) == (1, b"")


def test_a_million_digit_seed_is_read_exactly():
    digits = "123456789" * 111_112
    assert console.parse_integer(digits) % 10**18 == 123456789123456789
    thirds = [int(digits[k:k + 3000]) for k in (0, 3000, 6000)]
    assert console.parse_integer(digits[:9000]) == (thirds[0] * 10**6000 + thirds[1] * 10**3000
                                                    + thirds[2])


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self):
        return True


def test_a_status_line_is_rewritten_in_place_and_erased():
    stream = Terminal()
    with console.StatusLine(stream) as status:
        status.show("solving: 1,000 positions")
        status.show("solving: 2 positions")
    assert stream.getvalue() == ("\rsolving: 1,000 positions\x1b[K"
                                 "\rsolving: 2 positions\x1b[K"
                                 "\r\x1b[K")


def test_a_status_line_fits_the_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "20")
    stream = Terminal()
    console.StatusLine(stream).show("x" * 100)
    assert stream.getvalue() == "\r" + "x" * 17 + "\x1b[K"    # room for an echoed ^C


def test_no_status_line_off_a_terminal():
    stream = io.StringIO()
    with console.StatusLine(stream) as status:
        status.show("solving")
    assert stream.getvalue() == ""


def test_a_status_line_on_a_closed_stream_is_dropped():
    stream = Terminal()
    status = console.StatusLine(stream)
    stream.close()
    status.show("solving")            # no exception: the line is simply not shown
    assert not status.on


@pytest.mark.parametrize("convert, text, message", [
    (console.integer, "1.5", "needs a whole number, not '1.5'"),
    (console.integer, "", "needs a whole number, not ''"),
    (console.positive_integer, "0", "needs a positive whole number, not '0'"),
    (console.positive_integer, "-3", "needs a positive whole number, not '-3'"),
    (console.positive_integer, "x" * 100, ("needs a positive whole number, not "
                                          "'xxxxxxxxxxxxxxxxxxxx'… (100 characters)"))])
def test_option_types_say_what_they_need(convert, text, message):
    import argparse

    with pytest.raises(argparse.ArgumentTypeError) as error:
        convert(text)
    assert str(error.value) == message


@given(st.integers(min_value=1))
def test_positive_integer_reads_what_integer_text_writes(value):
    assert console.positive_integer(console.integer_text(value)) == value
    assert console.integer(console.integer_text(-value)) == -value
