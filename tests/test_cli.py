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


def test_python_m_cardgames_runs_a_subcommand_at_a_fixed_width_when_piped():
    run = subprocess.run([sys.executable, "-m", "cardgames", "solitaire-1", "--exact"],
                         capture_output=True, cwd=ROOT, timeout=120, check=False,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin",
                              "COLUMNS": "200"})
    assert run.returncode == 0 and run.stderr == b""
    lines = run.stdout.decode().splitlines()
    assert lines[2].startswith("              4 |           6,750 | 18.77% | ████")
    assert max(len(line) for line in lines) == 80  # not $COLUMNS: a pipe gets the same bytes


@pytest.mark.parametrize("message, human", [
    ("argument --games: needs a positive whole number, not '0'",
     "--games needs a positive whole number, not '0'"),
    ("argument --budget: not a positive number of seconds: 'x'",
     "--budget: not a positive number of seconds: 'x'"),
    ("argument --tier: invalid choice: 'gpu' (choose from 'auto', 'stdlib')",
     "--tier can be auto or stdlib, not 'gpu'"),
    ("argument COMMAND: invalid choice: 'x' (choose from 'a', 'b', 'c')",
     "a game can be a, b or c, not 'x'"),
    ("argument --games: expected one argument", "--games needs a value"),
    ("--jobs goes with --games N", "--jobs goes with --games N")])
def test_argparse_messages_in_users_words(message, human):
    assert cli.human_message(message) == human


def error_lines(argv, capsys):
    """The stderr lines of a refused ``cardgames argv`` (status 2, nothing on stdout)."""
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    out, err = capsys.readouterr()
    assert (stop.value.code, out) == (2, "") and "Traceback" not in err
    return err.splitlines()


def test_a_missing_game_lists_the_games(capsys):
    assert error_lines([], capsys)[-1] == ("cardgames: error: which game? solitaire-1, "
                                           "solitaire-2, aces-up or 24 (cardgames --help "
                                           "says more)")


@pytest.mark.parametrize("command", ["solitaire-1", "solitaire-2", "aces-up", "24"])
def test_an_unknown_option_gets_its_subcommands_usage(command, capsys):
    lines = error_lines([command, "--no-such-option"], capsys)
    assert lines[0].startswith(f"usage: cardgames {command} ")
    assert lines[-1] == (f"cardgames {command}: error: no option --no-such-option here "
                         "(--help lists them)")


@pytest.mark.parametrize("argv", [["solitaire-1", "--seed", "x"], ["aces-up", "--seed", "x"],
                                  ["24", "--target", "x"], ["solitaire-2", "--jobs", "x"]])
def test_no_message_names_a_python_function(argv, capsys):
    message = error_lines(argv, capsys)[-1]
    assert "invalid" not in message and "_" not in message.split(": error: ")[1]
    assert message.split(": error: ")[1].startswith(argv[1])


@pytest.mark.parametrize("argv", [["aces-up", "--odds", "--seeds", "-3:2"],
                                  ["aces-up", "--budget", "-1e3"],
                                  ["aces-up", "--seed", "-1_0"],
                                  ["solitaire-2", "--games", "-1.5"],
                                  ["solitaire-1", "--games", "-.5"],
                                  ["24", "--target", "-3:2", "1", "2"]])
def test_a_value_starting_with_minus_and_a_digit_needs_no_equals_sign(argv, capsys):
    spaced = error_lines(argv, capsys)[-1]
    option = next(i for i, arg in enumerate(argv) if arg.startswith("--") and
                  argv[i + 1][:1] == "-" and argv[i + 1][1:2] in "0123456789.")
    joined = [*argv[:option], f"{argv[option]}={argv[option + 1]}", *argv[option + 2:]]
    assert spaced == error_lines(joined, capsys)[-1]
    assert "needs a value" not in spaced


def test_each_subcommand_is_described_on_its_own_line(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    lines = capsys.readouterr().out.splitlines()
    for command in ("solitaire-1", "solitaire-2", "aces-up", "24"):
        line = next(line for line in lines if line.strip().split(" ")[0] == command)
        assert line.startswith(f"    {command} ") and len(line.split()) > 1, line


def test_an_internal_error_shows_its_traceback_and_a_status_no_answer_has(capsys, monkeypatch):
    from cardgames.solitaire_aces import cli as solitaire_cli

    def broken(parser, args):
        raise RuntimeError("a bug")
    monkeypatch.setattr(solitaire_cli, "run", broken)
    assert cli.main(["solitaire-1", "--exact"]) == cli.INTERNAL_ERROR_STATUS == 70
    err = capsys.readouterr().err
    assert "Traceback" in err and "RuntimeError: a bug" in err
    assert err.splitlines()[-1] == ("cardgames: internal error (exit status 70): please report "
                                    "it with the lines above")


def test_the_help_lists_the_exit_statuses_every_subcommand_shares(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    for status in ("2 a usage error", "70 an error of the program itself", "71 out of memory",
                   "74 the output cannot be written", "130 Ctrl-C"):
        assert status in text
