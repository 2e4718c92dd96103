"""Tests of cardgames.aces_up.cli: the ``cardgames aces-up`` subcommand."""

import argparse
import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import CLASSIC_LOG
from rich_game_helpers import ROOT, cardgames

from cardgames.aces_up import cli
from cardgames.aces_up.search import Status
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


@pytest.mark.parametrize("tier, message", [("fast", "unknown tier")])
def test_a_tier_the_solver_does_not_have_is_refused(tier, message):
    args = parser().parse_args(["aces-up", "--solve", "--seed", "1", "--tier", tier])
    with pytest.raises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()) as err:
        args.func(args.parser, args)
    assert done.value.code == 2 and message in err.getvalue()


def test_the_reference_search_answers_with_its_name_and_work(capsys):
    args = parser().parse_args(["aces-up", "--solve", "--seed", "10", "--tier", "stdlib",
                                "--memory", "64"])
    assert args.func(args.parser, args) == 1
    err = capsys.readouterr().err
    assert err.startswith("seed 10: cannot be won (proved by exhaustive search; reference "
                          f"search, {seed_10_positions():,} positions in ")


def seed_10_positions() -> int:
    """The positions the reference search (classic rules) counts to prove seed 10 lost."""
    from cardgames.aces_up import rules
    from cardgames.aces_up.search import deferred

    found = deferred.solve(rules.seeded_position(10))
    assert found.status is Status.LOST
    return found.nodes


# ------------------------------------------------------------- rough edges (issue 26)

def odds_run(tmp_path, monkeypatch, cores, *argv):
    """``aces-up --odds`` on a machine of ``cores`` cores, small budget: the log's header."""
    from cardgames import simulate
    from cardgames.cli import main

    monkeypatch.setattr(simulate, "cores", lambda: cores, raising=False)
    log = tmp_path / "odds.log"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["aces-up", "--odds", "--positions", "30000", "--tier", "stdlib",
                     "--log", str(log), *argv]) == 0
    return log.read_text().splitlines()[0]


@pytest.mark.parametrize("seeds, jobs, cores, started", [
    ("0:1", "3", 2, "1 process"),          # one deal: one process, this one
    ("0:3", "256", 2, "2 processes"),      # no more processes than cores
    ("0:3", "2", 4, "2 processes"),
])
def test_odds_start_at_most_a_process_per_core_and_per_deal(tmp_path, monkeypatch, seeds,
                                                             jobs, cores, started):
    header = odds_run(tmp_path, monkeypatch, cores, "--seeds", seeds, "--jobs", jobs)
    assert header.endswith(f", {started}")


@pytest.mark.parametrize("seeds", ["-10:10", "-5:-1", "-1:0"])
def test_a_seed_range_with_a_negative_seed_is_refused_with_the_reason(seeds, capsys):
    from cardgames.cli import build_parser

    with pytest.raises(SystemExit) as stop:     # parsed only: a run would solve the deals
        build_parser().parse_args(["aces-up", "--odds", f"--seeds={seeds}"])
    out, err = capsys.readouterr()
    assert (stop.value.code, out) == (2, "")
    assert err.splitlines()[-1] == (
        f"cardgames aces-up: error: --seeds: no negative seed, not {seeds!r}: random.seed(-s) "
        "deals the deal of random.seed(s), so the range would count deals twice")


@pytest.mark.parametrize("how", ["option", "environment"])
def test_numpy_means_the_reference_search_for_the_solver_however_it_is_asked(how, capsys,
                                                                             monkeypatch):
    from cardgames.aces_up.search import wanted_tier

    tier = ["--tier", "numpy"] if how == "option" else []
    monkeypatch.setenv("CARDGAMES_TIER", "numpy" if how == "environment" else "auto")
    args = parser().parse_args(["aces-up", "--solve", "--seed", "10", "--memory", "64", *tier])
    assert args.func(args.parser, args) == 1
    assert capsys.readouterr().err.startswith("seed 10: cannot be won (proved by exhaustive "
                                              "search; reference search, "
                                              f"{seed_10_positions():,} positions in ")
    assert wanted_tier("numpy") == "stdlib"


def aces_up_help(monkeypatch):
    from cardgames.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:
        build_parser().parse_args(["aces-up", "--help"])
    return out.getvalue()


def test_the_help_ends_with_examples_that_run_and_the_exit_statuses_of_solve(monkeypatch):
    from cardgames.cli import build_parser

    text = aces_up_help(monkeypatch)
    examples = text.split("\nexamples:\n")[1].split("\n\n")[0].splitlines()
    assert len(examples) >= 4
    for example in examples:
        command = example.split("#")[0].split("|")[0].split()
        assert command[:2] == ["cardgames", "aces-up"]
        build_parser().parse_args(command[1:])       # no SystemExit: each example parses
    statuses = text.split("\n--solve's exit statuses:\n")[1].splitlines()
    assert [line.split(":")[0].strip() for line in statuses] == [
        "0", "1", "2", "3", "71", "74", "130"]
    assert "   71: out of memory" in statuses
    assert all(len(line) <= 79 for line in text.splitlines())


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


def test_out_of_memory_in_solve_is_one_line_and_status_71_not_a_verdict(capsys, monkeypatch):
    from cardgames.aces_up import cli as aces_up_cli
    from cardgames.cli import main

    def exhausted(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(aces_up_cli, "solve_seed", exhausted)
    assert main(["aces-up", "--solve", "--seed", "3", "--tier", "stdlib"]) == 71
    out, err = capsys.readouterr()
    assert out == "" and err == ("cardgames: out of memory (a smaller --memory, or fewer "
                                 "--jobs, may help)\n")


def test_out_of_memory_in_odds_keeps_the_deals_done(capsys, monkeypatch, tmp_path):
    from cardgames.aces_up import cli as aces_up_cli
    from cardgames.aces_up import odds
    from cardgames.cli import main

    solved = odds.solved

    def until_exhausted(seeds, *args):
        for deal in solved(seeds, *args):
            if deal.seed == 2:
                raise MemoryError
            yield deal
    monkeypatch.setattr(aces_up_cli.odds, "solved", until_exhausted)
    log = tmp_path / "run.log"
    status = main(["aces-up", "--odds", "--seeds", "0:4", "--positions", "30000", "--tier",
                   "stdlib", "--log", str(log)])
    out, err = capsys.readouterr()
    assert (status, out) == (71, "")
    assert err.splitlines() == [
        "stopped: out of memory (a smaller --memory, or fewer --jobs, may help) after 2 of 4 "
        "deals", f"{log} keeps them: the same command goes on from there"]
    assert [deal.seed for deal in odds.read_log(str(log))[1]] == [0, 1]


@pytest.mark.parametrize("tier, said", [(None, True), ("stdlib", False)])
def test_odds_says_when_the_reference_search_runs_for_want_of_the_jit_extra(
        capsys, monkeypatch, tier, said):
    from cardgames.aces_up import cli as aces_up_cli
    from cardgames.cli import main

    monkeypatch.setattr(aces_up_cli, "solver_tier", lambda asked=None: "stdlib")
    monkeypatch.delenv("CARDGAMES_TIER", raising=False)
    argv = ["aces-up", "--odds", "--seeds", "0:1", "--positions", "1000"]
    assert main(argv + (["--tier", tier] if tier else [])) == 0
    err = capsys.readouterr().err
    assert (aces_up_cli.NO_COMPILED_SEARCH in err) is said
    assert "pip install 'cardgames[jit]'" in aces_up_cli.NO_COMPILED_SEARCH


def test_solve_option_prints_a_line_that_wins_through_the_root_script():
    solved = cardgames("--solve", "--seed", "12")
    assert solved.returncode == 0 and b"winnable" in solved.stderr
    played = subprocess.run([sys.executable, "aces_up.py", "--seed", "12"], cwd=ROOT,
                            input=solved.stdout, capture_output=True, timeout=60)
    assert played.stdout.endswith("You won!\n".encode())


def test_solve_option_on_a_lost_deal_and_bad_combinations():
    lost = cardgames("--solve", "--seed", "10")
    assert lost.returncode == 1 and lost.stdout == b"" and b"cannot be won" in lost.stderr
    assert cardgames("--solve").returncode == 2
    assert cardgames("--classic", "--no-lone-moves").returncode == 2
    assert cardgames("--classic", "--solve", "--seed", "1").returncode == 2


# --------------------------------------------- the odds of a player (issue 25)

@pytest.mark.parametrize("argv, message", [
    (["--odds", "--seeds", "0:5", "--player", "best"],
     "--player: no player 'best': the players are greedy, turn, last-deal, last-two"),
    (["--player", "turn"], "--player: only with --demo or --odds"),
    (["--against", "x.log"], "--against: only with --odds"),
    (["--odds", "--seeds", "0:5", "--player", "turn", "--budget", "10"],
     "--budget: a player has no budget"),
    (["--odds", "--seeds", "0:5", "--player", "turn", "--positions", "100", "--memory", "64"],
     "--positions, --memory: a player has no budget"),
    (["--odds", "--seeds", "0:5", "--against", "x.log"], "--against: only with --player"),
    (["--odds", "--seeds", "0:5", "--paired-with", "x.log"],
     "--paired-with: only with --player"),
    (["--odds", "--seeds", "0:5", "--player", "turn", "--tier", "fast"], "unknown tier"),
])
def test_player_option_errors_say_why_with_status_2(capsys, argv, message):
    with pytest.raises(SystemExit) as done:
        main(["aces-up", *argv])
    out, err = capsys.readouterr()
    assert (done.value.code, out) == (2, "") and message in err and "Traceback" not in err


def test_no_honest_win_is_on_a_deal_the_published_log_proves_lost(greedy_against_published):
    from cardgames.aces_up import odds

    status, out, _ = greedy_against_published
    verdicts = [deal.status for deal in odds.read_log(str(CLASSIC_LOG))[1]]
    winnable, lost = verdicts.count("WINNABLE"), verdicts.count("LOST")
    lines = out.splitlines()
    at = lines.index(f"with the stock known ({CLASSIC_LOG}):")
    won = int(lines[1].split()[1])
    assert status == 0 and won > 10 and winnable + lost > 990
    assert lines[at + 1].startswith(f"  winnable      {winnable:>5}; won by the player {won:>5}: ")
    assert lines[at + 2] == f"  cannot be won {lost:>5}; won by the player     0"
    assert all(len(line) <= 79 for line in lines if str(CLASSIC_LOG) not in line)


def test_an_honest_win_on_a_deal_proved_lost_fails_loudly_and_keeps_the_log(capsys, tmp_path,
                                                                          played_logs):
    from cardgames.aces_up import odds

    run = odds.Run(True, odds.Budget(positions=1000))
    key = odds.Header(run.identity(), "deferred-discard search, tier stdlib, "
                                         "memory 64 MiB per process").key()
    wrong = tmp_path / "wrong.log"                 # a solver's log that says seed 82 is lost
    wrong.write_text(f"# {odds.header(run, 'stdlib', 64 << 20, 1)}\n" + "".join(
        odds.deal_line(odds.Deal(seed, "LOST" if seed in (80, 82) else "WINNABLE", 0.1, 9),
                       key) for seed in range(100)))
    log = tmp_path / "turn.log"
    status = main(["aces-up", "--odds", "--seeds", "70:90", "--player", "turn", "--against",
                   str(wrong), "--log", str(log)])
    out, err = capsys.readouterr()
    assert status == cli.CONTRADICTION == 70
    assert err.splitlines()[-1] == (
        f"cardgames aces-up: the player won 1 deal that {wrong} proves lost (seed 82): the "
        "rules, the player or the solver is wrong; please report it (the logs keep every "
        "deal)")
    assert "  cannot be won  2; won by the player  1" in out
    assert log.read_text().count("\n") == 21                  # the header and every deal
    status = main(["aces-up", "--odds", "--seeds", "70:90", "--player", "turn", "--against",
                   str(wrong), "--log", str(log)])            # from the log alone: the same
    assert status == 70 and capsys.readouterr().out == out


def test_two_players_are_compared_deal_by_deal_from_their_logs(capsys, played_logs):
    greedy, turn = (str(played_logs[name][2]) for name in ("greedy", "turn"))
    before = [Path(path).read_bytes() for path in (greedy, turn)]
    status = main(["aces-up", "--odds", "--seeds", "70:90", "--player", "turn", "--log", turn,
                   "--paired-with", greedy])
    out = capsys.readouterr().out
    assert status == 0 and out.splitlines()[-3:] == [
        f"paired with player greedy on the same deals ({greedy}):",
        "  won by both 1, by turn alone 1, by greedy alone 0, by neither 18",
        "  turn minus greedy: +5.0 points; McNemar's exact test (two-sided): p = 1"]
    assert out.startswith(played_logs["turn"][1])       # the summary, then the pairing
    assert [Path(path).read_bytes() for path in (greedy, turn)] == before


def test_a_log_to_compare_with_that_cannot_be_used_is_status_2_before_any_play(capsys,
                                                                               tmp_path,
                                                                               played_logs):
    log = tmp_path / "never.log"
    for option, path, message in [
            ("--against", str(tmp_path / "missing.log"), "cannot read --against "),
            ("--against", str(played_logs["turn"][2]), "not a log of the odds with the "
                                                       "stock known"),
            ("--paired-with", str(CLASSIC_LOG), "not a log of a player's --odds run")]:
        status = main(["aces-up", "--odds", "--seeds", "0:3", "--player", "turn", option,
                       path, "--log", str(log)])
        out, err = capsys.readouterr()
        assert (status, out) == (2, "") and message in err and len(err.splitlines()) == 1
        assert not log.exists()


def test_demo_plays_a_deal_and_replays_it_byte_for_byte():
    first = cardgames("--seed", "71", "--demo")
    again = cardgames("--seed", "71", "--demo")
    assert first.returncode == again.returncode == 0 and first.stdout == again.stdout
    text = first.stdout.decode()
    assert text.startswith("Seed 71 (replay it: cardgames aces-up --seed 71)\n")
    assert "\ndemo> " in text and text.endswith("Won by the last-deal player. (seed 71)\n")


def test_demo_with_another_player_and_without_a_seed():
    done = cardgames("--demo", "--player", "greedy", "--delay", "0")
    assert done.returncode == 0 and b"The greedy player plays the rest" in done.stdout
    seed = done.stdout.split(b" ")[1]
    assert cardgames("--seed", seed.decode(), "--demo", "--player", "greedy").stdout == done.stdout


@pytest.mark.parametrize("argv, message", [
    (["--player", "greedy"], b"--player: only with --demo or --odds"),
    (["--demo", "--player", "bogus"],
     b"no player 'bogus': the players are greedy, turn, last-deal, last-two"),
    (["--demo", "--classic"], b"--demo watches a player play"),
    (["--demo", "--delay", "-1"], b"not a number of seconds from 0 to 60"),
])
def test_bad_demo_options_exit_2(argv, message):
    done = cardgames(*argv)
    assert done.returncode == 2 and message in done.stderr and b"Traceback" not in done.stderr
