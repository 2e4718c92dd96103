"""The simulation subcommands' shared options: what goes together, where a picture can go,
and the run itself (through ``cardgames solitaire-2``, the smaller of the two games)."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import simulation_cli
from cardgames.cli import main

ROOT = Path(__file__).resolve().parent.parent


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
    assert capsys.readouterr().err == f"cardgames: wrote the plot to {tmp_path / 'odds.svg'}\n"
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


# ------------------------------------------------------------- where the picture goes (issue 26)

def test_a_plot_named_for_another_format_is_refused_and_nothing_is_written(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    picture = tmp_path / "odds.png"
    with pytest.raises(SystemExit) as stop:
        main(["solitaire-2", "--games", "10", "--plot", "odds.png"])
    out, err = capsys.readouterr()
    assert (stop.value.code, out) == (2, "")
    assert err.splitlines()[-1].endswith(
        "--plot needs a file name ending in .svg (the picture is SVG), not 'odds.png'")
    assert not picture.exists()


@pytest.mark.parametrize("name", ["odds.svg", "ODDS.SVG"])
def test_a_plot_file_is_named_on_stderr_once_written(tmp_path, capsys, name):
    picture = tmp_path / name
    assert main(["solitaire-2", "--games", "10", "--plot", str(picture), "--tier", "stdlib"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Cards left") and picture.read_text().startswith("<svg")
    assert err == f"cardgames: wrote the plot to {picture}\n"


def test_a_plot_on_standard_output_is_printed_alone(capsys):
    assert main(["solitaire-2", "--games", "10", "--plot", "-", "--tier", "stdlib"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("<svg") and out.endswith("</svg>\n") and "Cards left" not in out
    assert err == ""


@pytest.mark.parametrize("target", ["/dev/stdout", "same file"])
def test_a_plot_to_the_file_of_standard_output_is_not_mixed_with_the_table(tmp_path, target):
    output = tmp_path / "out.svg"
    path = str(output) if target == "same file" else target
    with open(output, "w") as file:
        run = subprocess.run([sys.executable, "-m", "cardgames", "solitaire-1", "--exact",
                              "--plot", path], stdout=file, stderr=subprocess.PIPE, text=True,
                             cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                             check=False, timeout=120)
    assert (run.returncode, run.stderr) == (0, "")
    text = output.read_text()
    assert text.startswith("<svg") and text.endswith("</svg>\n") and text.count("<svg") == 1
    assert "Placements" not in text


def test_a_plot_may_go_to_a_device(capsys):
    assert main(["solitaire-1", "--exact", "--plot", "/dev/null"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Won, cards left") and err == "cardgames: wrote the plot to /dev/null\n"
