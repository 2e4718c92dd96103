"""Tests of cardgames.aces_up.odds.log: a log one line per deal, a run that goes on where it
stopped, and the logs refused (another run's, another tier's or memory's, one being written,
one that cannot be read or written), through ``cardgames aces-up --odds``."""

from pathlib import Path

import pytest
from aces_up_helpers import ODDS_BUDGET

from cardgames.aces_up import odds
from cardgames.cli import main


def run_odds(capsys, *argv):
    """``cardgames aces-up --odds ...`` in this process: (status, stdout, stderr)."""
    status = main(["aces-up", "--odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def lines_of(path):
    """The deal lines of a log (headers left out)."""
    return [line for line in Path(path).read_text().splitlines() if not line.startswith("#")]


def test_a_run_goes_on_from_its_log_and_solves_only_what_is_missing(capsys, tmp_path,
                                                                     odds_of_six):
    log = tmp_path / "run.log"
    whole = odds_of_six[2]
    header, *deals = whole.splitlines()
    cut = deals[2][:deals[2].rindex(" ") + 2]     # reads as a deal, with a wrong count
    assert odds.parse_line(cut) != odds.parse_line(deals[2])
    log.write_text("\n".join([header, *deals[:2], cut]))   # a stop cut line 3
    status, out, _ = run_odds(capsys, "--seeds", "0:6", *ODDS_BUDGET, "--log", str(log))
    assert status == 0
    again = lines_of(log)
    assert again[:2] == deals[:2]                  # kept, not solved again
    assert sorted(odds.parse_line(line).seed for line in again) == list(range(6))
    assert sorted(odds.parse_line(line)[::3] + odds.parse_line(line)[1:2] for line in again) \
        == sorted(odds.parse_line(line)[::3] + odds.parse_line(line)[1:2] for line in deals)
    assert "# continued: classic rules, budget 30,000 game positions" in log.read_text()
    before = log.read_text()
    status, again_out, _ = run_odds(capsys, "--seeds", "0:6", *ODDS_BUDGET, "--log", str(log))
    assert status == 0 and log.read_text() == before           # nothing left to solve
    assert again_out.splitlines()[:4] == out.splitlines()[:4]  # the same verdicts and odds


def test_a_log_of_another_run_is_refused_and_left_as_it_is(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    before = log.read_text()
    for other in (["--positions", "5000"], ["--budget", "10"], [*ODDS_BUDGET, "--no-lone-moves"]):
        status, out, err = run_odds(capsys, "--seeds", "0:3", *other, "--log", str(log))
        assert (status, out) == (2, "")
        assert "holds another run (classic rules, budget 30,000 game positions" in err
        assert log.read_text() == before


def test_a_log_made_with_another_memory_or_tier_is_not_continued(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    before = log.read_text()
    status, out, err = run_odds(capsys, "--seeds", "0:3", *ODDS_BUDGET, "--memory", "512",
                                "--log", str(log))
    assert (status, out) == (2, "") and "go on with the same --tier and --memory" in err
    assert log.read_text() == before
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--memory", "512",
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
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))

    def read_only(path, mode="r", *args, **kwargs):
        if "+" in mode or "a" in mode or "w" in mode:
            raise PermissionError(13, "Permission denied", path)
        return open(path, mode, *args, **kwargs)
    monkeypatch.setattr(odds.log, "open", read_only, raising=False)
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    assert status == 0 and "winnable" in out
    status, _, err = run_odds(capsys, "--seeds", "0:3", *ODDS_BUDGET, "--log", str(log))
    assert status == 2 and "cannot write the log" in err


def test_a_log_that_cannot_be_read_or_written_is_one_line_and_status_2(capsys, tmp_path):
    bad = tmp_path / "bad.log"
    bad.write_text("# classic rules, budget 100,000 game positions per deal\n0 WON 1 2\n\n")
    status, _, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(bad))
    assert status == 2 and "line 2" in err and "Traceback" not in err
    status, _, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET,
                              "--log", str(tmp_path / "no" / "such.log"))
    assert status == 2 and "cannot use the log" in err
    headless = tmp_path / "headless.log"
    headless.write_text("0 LOST 1.0 10\n")
    status, _, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(headless))
    assert status == 2 and "no header" in err


def test_a_log_with_a_seed_twice_is_refused(tmp_path):
    log = tmp_path / "twice.log"
    log.write_text("# classic rules, budget 10 s per deal\n4 LOST 1.0 10\n4 WINNABLE 1.0 10\n")
    with pytest.raises(odds.LogError, match="twice"):
        odds.read_log(str(log))


@pytest.mark.parametrize("path, message", [("/dev/null", "not a regular file"),
                                           (".", "is a folder")])
def test_a_log_that_is_not_a_file_is_refused(capsys, path, message):
    status, out, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", path)
    assert (status, out) == (2, "") and message in err
