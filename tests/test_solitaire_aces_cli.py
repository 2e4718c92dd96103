"""The ``cardgames solitaire-1`` subcommand: --exact, --games/--seed/--jobs, the bad options."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from report_helpers import bare_table

from cardgames.solitaire_aces import cli

GOLDEN = Path(__file__).resolve().parent / "golden" / "solitaire_1"


def run(argv: list[str]) -> int:
    """Parse ``solitaire-1 argv`` with a parser holding only this subcommand, then run it."""
    parser = argparse.ArgumentParser(prog="cardgames")
    cli.add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["solitaire-1", *argv])
    return args.func(args)


def test_exact_prints_the_spec_counts_over_35960_in_the_table_format(capsys):
    assert run(["--exact"]) == 0
    spec_counts = {4: 6750, 5: 2198, 6: 399}  # spec §9
    expected = ["Number of cards left when winning | Frequency", "-" * 45]
    expected += [f"{k:>33} | {count / 35960:9.2%}" for k, count in spec_counts.items()]
    assert capsys.readouterr().out == "\n".join(expected) + "\n"


def test_games_seed_prints_the_simulation_table(capsys):
    assert run(["--games", "1000", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert bare_table(out) == (GOLDEN / "sim_n1000_i0.out").read_text(encoding="utf-8")
    assert out.splitlines()[2].endswith("|  16.69% –  21.55% |    18.77%")  # Wilson, by hand; 6750/35960
    assert run(["--games", "1", "--seed", "705", "--jobs", "1"]) == 0
    out = capsys.readouterr().out  # no win: the rows show the exact odds, each seen 0 times
    assert [line.split(" | ")[1] for line in out.splitlines()[2:]] == ["    0.00%"] * 3


@pytest.mark.parametrize("argv", [["--games", "0"], ["--games", "x"], ["--jobs", "0", "--games", "5"],
                                  ["--exact", "--games", "5"], ["--exact", "--seed", "5"], ["--jobs", "2"],
                                  ["--jobs", "2", "--seed", "3"], ["--games", "-1"], ["--json"],
                                  ["--seed", "1.5", "--games", "5"]])
def test_bad_options_exit_with_status_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        run(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().out == ""


def test_seed_alone_narrates_that_game_without_a_prompt(capsys):
    assert run(["--seed", "-678"]) == 0
    expected = (GOLDEN / "seed_678.out").read_text(encoding="utf-8")
    assert capsys.readouterr().out == expected.split("\n", 1)[1]  # all but the prompt line
