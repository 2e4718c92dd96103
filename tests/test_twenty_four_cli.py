"""The ``cardgames 24`` subcommand."""

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.twenty_four import cli
from twenty_four_brute import infix_value

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    """(status, stdout, stderr) of ``cardgames 24 ARGV`` through a parser with only this command."""
    parser = argparse.ArgumentParser(prog="cardgames")
    cli.add_parser(parser.add_subparsers(dest="command", required=True))
    try:
        args = parser.parse_args(["24", *argv])
        status = args.func(args)
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


def test_3388(capsys):
    assert run(capsys, "3", "3", "8", "8") == (0, "8/(3-8/3)\n1 solution.\n", "")


def test_card_letters_and_distinct(capsys):
    assert run(capsys, "--distinct", "A", "2", "3", "q") == (
        0, "(3+1)*12/2\n(3+1-2)*12\n12/(3/2-1)\n3 distinct solutions.\n", "")
    status, out, _ = run(capsys, "A", "2", "3", "Q")
    assert status == 0 and out.endswith("\n33 solutions.\n") and len(out.splitlines()) == 34


def test_no_solution(capsys):
    assert run(capsys, "1", "1", "1", "1") == (0, "No solution.\n", "")


def test_target_and_five_values(capsys):
    status, out, _ = run(capsys, "--target", "100", "1", "5", "6", "7", "9")
    *lines, count = out.splitlines()
    assert status == 0 and count == f"{len(lines)} solutions." and lines == sorted(set(lines))
    for line in lines:
        assert infix_value(line) == (100, [1, 5, 6, 7, 9])


@pytest.mark.parametrize("text, value", [
    ("A", 1), ("a", 1), ("2", 2), ("9", 9), ("10", 10), ("0", 10), ("j", 11), ("Q", 12),
    ("K", 13), ("-3", -3), ("100", 100)])
def test_values(text, value):
    assert cli.parse_value(text) == value


@pytest.mark.parametrize("argv, message", [
    (["x", "1"], "cannot read 'x' as a value"),
    (["1.5"], "cannot read '1.5' as a value"),
    ([], "give 1 to 6 values, not 0"),
    (["1"] * 7, "give 1 to 6 values, not 7"),
    (["--target", "abc", "1"], "argument --target: invalid integer value: 'abc'"),
    (["--all-hands", "1"], "--all-hands takes no values"),
])
def test_errors_exit_2_with_a_clear_message(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("usage: cardgames 24") and "cardgames 24: error: " in err
    assert message in err


def test_all_hands(capsys):
    status, out, _ = run(capsys, "--all-hands")
    assert status == 0
    assert "Solvable (making 24): 1362 (74.8%)\n" in out and "  3 3 8 8: 8/(3-8/3)\n" in out


def test_the_cardgames_command_runs_it():
    result = subprocess.run([sys.executable, "-m", "cardgames", "24", "3", "3", "8", "8"],
                            capture_output=True, cwd=ROOT / "src", timeout=60)
    assert (result.stdout, result.stderr, result.returncode) == (b"8/(3-8/3)\n1 solution.\n", b"", 0)
