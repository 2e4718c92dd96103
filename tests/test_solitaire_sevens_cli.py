"""The ``cardgames solitaire-2`` subcommand."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from report_helpers import bare_table

from cardgames.solitaire_sevens import cli

GOLDEN = Path(__file__).parent / "golden" / "solitaire_2"


def parse(*argv: str) -> argparse.Namespace:
    """Parse a command line with only the solitaire-2 subcommand defined."""
    parser = argparse.ArgumentParser(prog="cardgames")
    cli.add_parser(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(["solitaire-2", *argv])


def test_games_prints_the_table(capsys):
    args = parse("--games", "1000", "--seed", "0", "--jobs", "2")
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert bare_table(out).encode() == (GOLDEN / "sim_n1000_i0.out").read_bytes()
    assert out.splitlines()[-1] == "                   0 |    59.00% |  55.92% –  62.01%"


def test_the_seed_defaults_to_0_when_simulating(capsys):
    args = parse("--games", "1000")
    assert args.func(args) == 0
    assert bare_table(capsys.readouterr().out).encode() == (
        GOLDEN / "sim_n1000_i0.out").read_bytes()


def test_json_has_the_integer_counts(capsys):
    args = parse("--games", "1000", "--json")
    assert args.func(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["games"], result["first_seed"]) == (1000, 0)
    assert sum(row["games"] for row in result["rows"]) == 1000
    assert result["rows"][-1]["cards_left"] == 0 and result["rows"][-1]["games"] == 590
    low, high = result["rows"][-1]["ci95"]
    assert low < 0.59 < high


def test_a_seed_without_games_plays_that_game_without_the_prompt(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    args = parse("--seed", "-678")
    assert args.func(args) == 0
    quit_out = (GOLDEN / "seed_678_quit.out").read_text(encoding="utf-8")
    # the spec's transcript minus the prompt line, and minus the last prompt (input() prints it)
    assert capsys.readouterr().out == quit_out.split("\n", 1)[1][:-7]


@pytest.mark.parametrize("argv", [["--games", "0"], ["--games", "x"], ["--jobs", "0"],
                                  ["--seed", "1.5"], ["--games", "\u0663"], ["extra"]])
def test_bad_options_exit_with_status_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        parse(*argv)
    assert stop.value.code == 2
    assert capsys.readouterr().out == ""
