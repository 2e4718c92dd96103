"""The simulation subcommands' shared options: what goes together, where a picture can go,
and the run itself (through ``cardgames solitaire-2``, the smaller of the two games)."""

import argparse
import os

import pytest

from cardgames import simulation_cli
from cardgames.cli import main


def parser_and_args(*argv):
    parser = argparse.ArgumentParser(prog="cardgames solitaire-2", exit_on_error=False)
    simulation_cli.add_simulation_options(parser)
    return parser, parser.parse_args(list(argv))


@pytest.mark.parametrize("argv, message", [
    (["--jobs", "2"], "--jobs goes with --games N"),
    (["--json", "--tier", "stdlib"], "--tier and --json go with --games N"),
    (["--games", "5", "--jobs", "2", "--scheduler", "tcp://h:1"],
     "--jobs and --scheduler exclude each other"),
])
def test_options_that_mean_nothing_together_are_refused(capsys, argv, message):
    parser, args = parser_and_args(*argv)
    with pytest.raises(SystemExit) as stop:
        simulation_cli.check_simulation_options(parser, args)
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_options_that_go_together_pass():
    parser, args = parser_and_args("--games", "5", "--jobs", "2", "--json", "--tier", "stdlib")
    simulation_cli.check_simulation_options(parser, args)     # no SystemExit


def test_a_picture_goes_only_where_a_file_can_be_written(tmp_path):
    assert simulation_cli.writable_file(str(tmp_path / "odds.svg")) == str(tmp_path / "odds.svg")
    for path, reason in ((str(tmp_path), "a folder"), ("", "empty"),
                         (str(tmp_path / "no" / "x.svg"), "no folder")):
        with pytest.raises(argparse.ArgumentTypeError, match=reason):
            simulation_cli.writable_file(path)
    if os.geteuid() != 0:                       # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(argparse.ArgumentTypeError, match="not writable"):
            simulation_cli.writable_file(str(locked / "x.svg"))


def test_write_plot_says_why_it_cannot_and_returns_the_io_status(tmp_path, capsys):
    assert simulation_cli.write_plot(str(tmp_path / "odds.svg"), "<svg/>") == 0
    assert (tmp_path / "odds.svg").read_text() == "<svg/>"
    assert simulation_cli.write_plot(str(tmp_path / "no" / "x.svg"), "<svg/>") == 74
    assert capsys.readouterr().err.startswith(
        f"cardgames: cannot write the plot to {tmp_path / 'no' / 'x.svg'}: ")


def test_a_run_prints_the_table_of_its_games_and_the_picture_first(tmp_path, capsys):
    picture = tmp_path / "odds.svg"
    assert main(["solitaire-2", "--games", "200", "--seed", "5", "--plot", str(picture),
                 "--tier", "stdlib"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Cards left")
    rows = [line for line in out.split("\n")[2:] if line.strip()]
    assert sum(int(row.split("|")[1].replace(",", "")) for row in rows) == 200
    assert picture.read_text().startswith("<svg")
