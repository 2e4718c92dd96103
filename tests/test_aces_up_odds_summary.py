"""Tests of cardgames.aces_up.odds.summary: the counts of a run and their intervals as text,
the time left, and a published log summed up through ``cardgames aces-up --odds``."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.aces_up import odds
from cardgames.cli import main
from cardgames.simulate import wilson_interval

ROOT = Path(__file__).resolve().parent.parent


def run_odds(capsys, *argv):
    """``cardgames aces-up --odds ...`` in this process: (status, stdout, stderr)."""
    status = main(["aces-up", "--odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


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


@pytest.mark.parametrize("seconds, text", [(42, "42 s"), (7 * 60, "7 min"),
                                           (3 * 3600 + 20 * 60, "3 h 20 min")])
def test_time_left_reads_as_people_write_it(seconds, text):
    tally = odds.Tally(1, 0, 0)
    assert odds.progress_text(1, 2, tally, seconds).endswith(f", {text} left")


def test_a_range_of_any_size_is_written_exactly_in_the_title_and_the_status_line():
    huge = 10 ** 5000 - 1                      # 5,000 nines: past str()'s limit
    run = odds.Run(True, odds.Budget(positions=huge))
    assert odds.title(run, range(0, huge)).startswith("Aces Up, classic rules: seeds 0..99")
    assert run.budget.text() == f"budget 99,{','.join(['999'] * 1666)} game positions per deal"
    text = odds.progress_text(3, huge, odds.Tally(1, 1, 1), 2.0)
    assert text.startswith("3 of 99,999,999,") and text.endswith(" open, over a year left")
    assert odds.progress_text(2, 4, odds.Tally(1, 1, 0), 10.0).endswith(", 10 s left")
