"""Tests of cardgames.aces_up.cli: the ``cardgames aces-up`` subcommand."""

import argparse
import contextlib
import io
import sys

import pytest

from cardgames.aces_up import cli
from cardgames.cli import main


def parser():
    top = argparse.ArgumentParser(prog="cardgames")
    cli.add_parser(top.add_subparsers(dest="command", required=True))
    return top


@pytest.mark.parametrize("argv, seed", [(["aces-up"], None), (["aces-up", "--seed", "10"], 10),
                                        (["aces-up", "--seed=-4"], -4), (["aces-up", "--seed", "-4"], -4)])
def test_seed_option(argv, seed):
    assert parser().parse_args(argv).seed == seed


@pytest.mark.parametrize("argv", [["aces-up", "--seed"], ["aces-up", "--seed", "1_0"],
                                  ["aces-up", "--seed", "x"], ["aces-up", "extra"]])
def test_bad_arguments_exit_2(argv):
    with pytest.raises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()):
        parser().parse_args(argv)
    assert done.value.code == 2


def test_classic_option_plays_the_classic_game(monkeypatch):
    args = parser().parse_args(["aces-up", "--classic", "--seed", "10"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("Q\n"))
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert args.func(args.parser, args) == 0
    assert "XX      J\u2665  3\u2663  2\u2665  5\u2665  \n" in out.getvalue()
    assert out.getvalue().endswith("(DFTRHQ): You have chosen to quit.\n")


def test_the_subcommand_plays_the_rich_game_by_default(monkeypatch):
    args = parser().parse_args(["aces-up", "--seed", "10"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("U\nQ\n"))
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert args.func(args.parser, args) == 0
    assert "aces-up> " in out.getvalue() and "(DFTRHQ)" not in out.getvalue()
    assert out.getvalue().endswith("You have chosen to quit.\n")


@pytest.mark.parametrize("extra", [[], ["--classic"]])
def test_ctrl_c_ends_the_subcommand_with_status_0(monkeypatch, extra):
    def interrupt(prompt=""):
        raise KeyboardInterrupt
    monkeypatch.setattr("builtins.input", interrupt)
    args = parser().parse_args(["aces-up", *extra])
    with contextlib.redirect_stdout(io.StringIO()):
        assert args.func(args.parser, args) == 0


@pytest.mark.parametrize("argv", [["aces-up", "--memory", "10"], ["aces-up", "--memory", "x"],
                                  ["aces-up", "--memory", "100.5"],
                                  ["aces-up", "--memory", str(1 << 21)]])
def test_a_memory_budget_outside_its_range_is_refused(argv):
    with pytest.raises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()) as err:
        parser().parse_args(argv)
    assert done.value.code == 2 and "MiB" in err.getvalue()


@pytest.mark.parametrize("extra", [["--memory", "64"], ["--tier", "stdlib"]])
def test_the_classic_game_has_no_solver_options(extra):
    args = parser().parse_args(["aces-up", "--classic", *extra])
    with pytest.raises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()) as err:
        args.func(args.parser, args)
    assert done.value.code == 2 and "--classic" in err.getvalue()


@pytest.mark.parametrize("tier, message", [("numpy", "no numpy tier"), ("fast", "unknown tier")])
def test_a_tier_the_solver_does_not_have_is_refused(tier, message):
    args = parser().parse_args(["aces-up", "--solve", "--seed", "1", "--tier", tier])
    with pytest.raises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()) as err:
        args.func(args.parser, args)
    assert done.value.code == 2 and message in err.getvalue()


def test_the_reference_search_answers_with_its_name_and_work(capsys):
    args = parser().parse_args(["aces-up", "--solve", "--seed", "1", "--tier", "stdlib",
                                "--memory", "64"])
    assert args.func(args.parser, args) == 1
    err = capsys.readouterr().err
    assert err.startswith("seed 1: cannot be won (proved by exhaustive search; reference "
                          "search, 40,856 positions in ")


@pytest.mark.parametrize("argv, message", [
    (["--seeds", "0:5"], "only with --odds"),
    (["--log", "x"], "only with --odds"),
    (["--odds"], "--odds needs --seeds A:B"),
    (["--odds", "--seeds", "5:5"], "holds no seed"),
    (["--odds", "--seeds", "5"], "not a seed range"),
    (["--odds", "--seeds", "a:b"], "not a seed range"),
    (["--odds", "--seeds", "0:5", "--jobs", "0"], "not a number of processes"),
    (["--odds", "--seeds", "0:5", "--positions", "-3"], "not a positive whole number"),
    (["--odds", "--seeds", "0:5", "--seed", "3"], "no --classic, --solve or --seed"),
    (["--odds", "--seeds", "0:5", "--classic"], "no --classic, --solve or --seed"),
])
def test_odds_option_errors_say_why_with_status_2(capsys, argv, message):
    with pytest.raises(SystemExit) as done:
        main(["aces-up", *argv])
    assert done.value.code == 2
    assert message in capsys.readouterr().err
