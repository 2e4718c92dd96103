"""Tests of ``cardgames aces-up --odds`` and cardgames.aces_up.odds: the odds of winning over
a seed range, a log one line per deal, a run that goes on where it stopped."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.aces_up import odds
from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.search import solve
from cardgames.cli import main
from cardgames.simulate import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
#: A budget that wins seed 0, proves seed 1 lost and leaves 2..5 unsettled, in a blink.
SMALL = ["--positions", "30000"]


def run_odds(capsys, *argv):
    """``cardgames aces-up --odds ...`` in this process: (status, stdout, stderr)."""
    status = main(["aces-up", "--odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def lines_of(path):
    """The deal lines of a log (headers left out)."""
    return [line for line in Path(path).read_text().splitlines() if not line.startswith("#")]


def test_the_verdicts_are_the_solvers_within_the_same_budget(capsys, tmp_path):
    log = tmp_path / "run.log"
    status, out, _ = run_odds(capsys, "--seeds", "0:6", *SMALL, "--log", str(log))
    assert status == 0
    deals = {deal.seed: deal for deal in map(odds.parse_line, lines_of(log))}
    assert sorted(deals) == list(range(6))
    for seed, deal in deals.items():
        found = solve(seeded_position(seed), max_nodes=30_000)
        assert (deal.status, deal.positions) == (found.status.name, found.nodes)
    tally = odds.Tally.of(deals.values())
    for name, count in (("winnable", tally.won), ("cannot be won", tally.lost),
                        ("unsettled", tally.unsettled)):
        assert f"\n  {name:<14}{count}  ({count / 6:.1%})\n" in out
    assert tally.unsettled > 0 and tally.won > 0 and tally.lost > 0   # the budget bites
    assert all(len(line) <= 79 for line in out.splitlines())
    assert out.startswith("Aces Up, classic rules: seeds 0..5, budget 30,000 game positions")


def test_a_run_goes_on_from_its_log_and_solves_only_what_is_missing(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:6", *SMALL, "--log", str(log))
    whole = log.read_text()
    header, *deals = whole.splitlines()
    cut = deals[2][:deals[2].rindex(" ") + 2]     # reads as a deal, with a wrong count
    assert odds.parse_line(cut) != odds.parse_line(deals[2])
    log.write_text("\n".join([header, *deals[:2], cut]))   # a stop cut line 3
    status, out, _ = run_odds(capsys, "--seeds", "0:6", *SMALL, "--log", str(log))
    assert status == 0
    again = lines_of(log)
    assert again[:2] == deals[:2]                  # kept, not solved again
    assert sorted(odds.parse_line(line).seed for line in again) == list(range(6))
    assert sorted(odds.parse_line(line)[::3] + odds.parse_line(line)[1:2] for line in again) \
        == sorted(odds.parse_line(line)[::3] + odds.parse_line(line)[1:2] for line in deals)
    assert "# continued: classic rules, budget 30,000 game positions" in log.read_text()
    before = log.read_text()
    status, again_out, _ = run_odds(capsys, "--seeds", "0:6", *SMALL, "--log", str(log))
    assert status == 0 and log.read_text() == before           # nothing left to solve
    assert again_out.splitlines()[:4] == out.splitlines()[:4]  # the same verdicts and odds


def test_a_log_of_another_run_is_refused_and_left_as_it_is(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", str(log))
    before = log.read_text()
    for other in (["--positions", "5000"], ["--budget", "10"], [*SMALL, "--no-lone-moves"]):
        status, out, err = run_odds(capsys, "--seeds", "0:3", *other, "--log", str(log))
        assert (status, out) == (2, "")
        assert "holds another run (classic rules, budget 30,000 game positions" in err
        assert log.read_text() == before


def test_a_log_made_with_another_memory_or_tier_is_not_continued(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", str(log))
    before = log.read_text()
    status, out, err = run_odds(capsys, "--seeds", "0:3", *SMALL, "--memory", "512",
                                "--log", str(log))
    assert (status, out) == (2, "") and "go on with the same --tier and --memory" in err
    assert log.read_text() == before
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *SMALL, "--memory", "512",
                              "--log", str(log))
    assert status == 0 and "winnable" in out          # nothing to solve: its summary


def test_a_log_is_held_by_one_run_at_a_time(tmp_path):
    path = str(tmp_path / "run.log")
    first = odds.Log(path)
    try:
        with pytest.raises(odds.LogError, match="being written by another run"):
            odds.Log(path)
    finally:
        first.close()
    odds.Log(path).close()                            # free again


def test_a_read_only_log_still_gives_its_summary(capsys, tmp_path, monkeypatch):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", str(log))

    def read_only(path, mode="r", *args, **kwargs):
        if "+" in mode or "a" in mode or "w" in mode:
            raise PermissionError(13, "Permission denied", path)
        return open(path, mode, *args, **kwargs)
    monkeypatch.setattr(odds.log, "open", read_only, raising=False)
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", str(log))
    assert status == 0 and "winnable" in out
    status, _, err = run_odds(capsys, "--seeds", "0:3", *SMALL, "--log", str(log))
    assert status == 2 and "cannot write the log" in err


def test_a_log_that_cannot_be_read_or_written_is_one_line_and_status_2(capsys, tmp_path):
    bad = tmp_path / "bad.log"
    bad.write_text("# classic rules, budget 100,000 game positions per deal\n0 WON 1 2\n\n")
    status, _, err = run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", str(bad))
    assert status == 2 and "line 2" in err and "Traceback" not in err
    status, _, err = run_odds(capsys, "--seeds", "0:2", *SMALL,
                              "--log", str(tmp_path / "no" / "such.log"))
    assert status == 2 and "cannot use the log" in err
    headless = tmp_path / "headless.log"
    headless.write_text("0 LOST 1.0 10\n")
    status, _, err = run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", str(headless))
    assert status == 2 and "no header" in err


def test_two_processes_give_the_same_log_as_one(capsys, tmp_path):
    one, two = tmp_path / "one.log", tmp_path / "two.log"
    run_odds(capsys, "--seeds", "0:6", *SMALL, "--log", str(one))
    run_odds(capsys, "--seeds", "0:6", *SMALL, "--jobs", "2", "--log", str(two))
    verdicts = [sorted(odds.parse_line(line)[::3] + (odds.parse_line(line).status,)
                       for line in lines_of(log)) for log in (one, two)]
    assert verdicts[0] == verdicts[1]
    assert "2 processes" in two.read_text().splitlines()[0]


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
def test_option_errors_say_why_with_status_2(capsys, argv, message):
    with pytest.raises(SystemExit) as done:
        main(["aces-up", *argv])
    assert done.value.code == 2
    assert message in capsys.readouterr().err


def group_members(group):
    """The processes still in a process group (Linux's /proc), zombies left out."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(stat.parent.name)
    return members


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_the_deals_done_and_says_how_to_go_on(tmp_path, jobs):
    log = tmp_path / "run.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "aces-up", "--odds", "--seeds", "0:5", "--tier",
         "stdlib", "--positions", "3000000", "--jobs", jobs, "--log", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)
    deadline = time.monotonic() + 120
    while len(lines_of(log) if log.exists() else []) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)     # seeds 0, 1, 2 take a second or two; seed 3 far longer
    os.killpg(child.pid, signal.SIGINT)              # as the terminal does: the whole group
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130 and out == ""
    done = [odds.parse_line(line).seed for line in lines_of(log)]
    assert f"interrupted after {len(done)} of 5 deals\n{log} keeps them" in err
    assert sorted(done)[:3] == [0, 1, 2] and 3 not in done   # seed 3 was under way
    assert "Traceback" not in err
    if Path("/proc/self/stat").exists():
        assert group_members(child.pid) == []        # no worker left behind


def test_the_published_logs_summarize_through_the_command(capsys):
    log = ROOT / "benchmarks" / "results" / "aces_up_classic_seeds_0-999.log"
    before = log.read_text()
    status, out, _ = run_odds(capsys, "--seeds", "0:1000", "--budget", "10", "--log", str(log))
    assert status == 0 and log.read_text() == before
    assert "  winnable        495  (49.5%)\n  cannot be won   399  (39.9%)\n" in out


statuses = st.lists(st.sampled_from(["WINNABLE", "LOST", "UNSETTLED"]), min_size=1)


@given(statuses)
def test_the_bounds_hold_the_settled_share_and_widen_with_the_unsettled(names):
    tally = odds.Tally.of(odds.Deal(seed, name, 0.1, 5) for seed, name in enumerate(names))
    least, lowest, most, highest = tally.bounds()
    assert (tally.won, tally.lost, tally.unsettled) == tuple(
        names.count(name) for name in ("WINNABLE", "LOST", "UNSETTLED"))
    assert lowest <= least <= most <= highest
    assert most - least == pytest.approx(tally.unsettled / tally.total)
    assert lowest == wilson_interval(tally.won, tally.total)[0]


def test_a_log_with_a_seed_twice_is_refused(tmp_path):
    log = tmp_path / "twice.log"
    log.write_text("# classic rules, budget 10 s per deal\n4 LOST 1.0 10\n4 WINNABLE 1.0 10\n")
    with pytest.raises(odds.LogError, match="twice"):
        odds.read_log(str(log))


@pytest.mark.parametrize("seconds, text", [(42, "42 s"), (7 * 60, "7 min"),
                                           (3 * 3600 + 20 * 60, "3 h 20 min")])
def test_time_left_reads_as_people_write_it(seconds, text):
    tally = odds.Tally(1, 0, 0)
    assert odds.progress_text(1, 2, tally, seconds).endswith(f", {text} left")


@pytest.mark.parametrize("path, message", [("/dev/null", "not a regular file"),
                                           (".", "is a folder")])
def test_a_log_that_is_not_a_file_is_refused(capsys, path, message):
    status, out, err = run_odds(capsys, "--seeds", "0:2", *SMALL, "--log", path)
    assert (status, out) == (2, "") and message in err


def test_a_range_of_any_size_is_taken_a_seed_at_a_time(capsys, monkeypatch):
    huge = 10 ** 30
    taken = []

    def stop_after_two(seeds, *args, **kwargs):
        for seed in seeds:
            taken.append(seed)
            if len(taken) == 2:
                raise KeyboardInterrupt
            yield odds.Deal(seed, "LOST", 0.0, 1)
    monkeypatch.setattr(odds, "solved", stop_after_two)
    status, _, err = run_odds(capsys, f"--seeds={huge}:{3 * huge}", *SMALL)
    assert status == 130 and taken == [huge, huge + 1]
    assert f"interrupted after 1 of {2 * huge:,} deals" in err
