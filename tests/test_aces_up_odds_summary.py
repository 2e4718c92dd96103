"""Tests of cardgames.aces_up.odds.summary: the counts of a run and their intervals as text,
the time left, and a published log summed up through ``cardgames aces-up --odds``."""

import math
from fractions import Fraction
from pathlib import Path

import pytest
from aces_up_helpers import CLASSIC_LOG
from hypothesis import given
from hypothesis import strategies as st

from cardgames.aces_up import odds
from cardgames.aces_up.odds.summary import paired_lines
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
    assert "\npositions per deal (relaxed games included): median " in out   # the plain search
    deferred = CLASSIC_LOG
    status, out, _ = run_odds(capsys, "--seeds", "0:1000", "--positions", "100000000",
                              "--memory", "8192", "--jobs", "2", "--log", str(deferred))
    assert status == 0 and "\npositions per deal: median " in out        # it has no relaxed games


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


def test_with_every_deal_settled_the_share_is_one_figure_with_its_interval():
    deals = [odds.Deal(seed, "WINNABLE" if seed % 4 else "LOST", 0.5, 10 + seed)
             for seed in range(40)]
    lines = odds.summary(deals, "title")
    low, high = wilson_interval(30, 40)
    assert f"share winnable over all deals: 75.0% (95% CI {low:.1%} to {high:.1%})" in lines
    assert not any("between" in line or "settled deals" in line for line in lines)
    assert "positions per deal: median 30" in lines        # of 10..49
    unsettled = odds.summary(deals[:-1] + [odds.Deal(39, "UNSETTLED", 0.5, 49)], "title")
    assert "share winnable over all deals: between 72.5% and 75.0%" in unsettled
    assert any(line.startswith("among the settled deals: 74.4% (95% CI") for line in unsettled)


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


# --- a player's run (issue 25) -----------------------------------------------------------

GOLDEN_PLAYED = """\
Aces Up, classic rules: seeds 0..9, player last-deal
  won            3  (30.0%)
  lost           7  (70.0%)
wins 3 of 10 deals: 30.0% (95% CI 10.8% to 60.3%), about 1 game in 3
time per deal: median 4.00 ms, max 500 ms; 536 ms in all
commands per deal (deals included): median 54
with the stock known (full.log):
  winnable       5; won by the player  2: 40.0% (95% CI 11.8% to 76.9%)
  cannot be won  4; won by the player  0
  unsettled      1; won by the player  1
paired with player greedy on the same deals (greedy.log):
  won by both 1, by last-deal alone 2, by greedy alone 1, by neither 6
  last-deal minus greedy: +10.0 points; McNemar's exact test (two-sided): p = 1
"""


def played_deals():
    """Ten deals of a player: won 2, 5 and 7; 4 ms each but the last, 500 ms."""
    return [odds.Deal(seed, "WON" if seed in (2, 5, 7) else "LOST",
                      0.5 if seed == 9 else 0.004, 50 + seed) for seed in range(10)]


def test_a_players_summary_with_both_comparisons_is_these_bytes():
    solver = {seed: "WINNABLE" if seed in (0, 1, 2, 3, 5) else
              "UNSETTLED" if seed == 7 else "LOST" for seed in range(12)}
    greedy = {seed: "WON" if seed in (2, 8) else "LOST" for seed in range(10)}
    run = odds.Run(True, player="last-deal")
    lines = odds.played_summary(played_deals(), odds.title(run, range(10)),
                                odds.Compared("full.log", None, solver),
                                ("last-deal", odds.Compared("greedy.log", "greedy", greedy)))
    assert "\n".join(lines) + "\n" == GOLDEN_PLAYED
    assert odds.lost_wins(played_deals(), odds.Compared("full.log", None, solver)) == []
    solver[5] = "LOST"
    assert odds.lost_wins(played_deals(), odds.Compared("full.log", None, solver)) == [5]


def test_a_player_paired_with_its_own_log_names_the_two_apart():
    logged = {seed: "WON" if seed in (2, 8) else "LOST" for seed in range(10)}
    lines = paired_lines(played_deals(), "greedy",
                         odds.Compared("greedy.log", "greedy", logged))
    assert lines == [
        "paired with player greedy on the same deals (greedy.log):",
        "  won by both 1, by greedy alone 2, by greedy (log) alone 1, by neither 6",
        "  greedy minus greedy (log): +10.0 points; McNemar's exact test (two-sided): p = 1"]


def test_a_players_summary_without_comparisons_or_wins_says_nothing_of_them():
    deals = [odds.Deal(seed, "LOST", 0.02, 60) for seed in range(4)]
    lines = odds.played_summary(deals, "title")
    assert lines[3] == "wins 0 of 4 deals: 0.0% (95% CI 0.0% to 49.0%)"
    assert lines[4] == "time per deal: median 20 ms, max 20 ms; 80 ms in all"
    assert len(lines) == 6 and not any("stock known" in line or "paired" in line
                                       for line in lines)
    assert odds.played_summary([], "title") == ["title", "no deals"]


def test_the_status_line_of_a_players_run_has_no_open_deals():
    text = odds.progress_text(4, 10, odds.Tally.of(played_deals()[:4]), 2.0, played=True)
    assert text == "4 of 10 deals: 1 won, 3 lost, 3 s left"


def binomial_p(alone, other_alone):
    """McNemar's exact p-value written from its definition: twice the probability of a
    count at most as far from even in fair coin flips, at most 1."""
    n = alone + other_alone
    tail = sum(Fraction(math.comb(n, i), 2 ** n) for i in range(n + 1)
               if i <= min(alone, other_alone))
    return min(Fraction(1), 2 * tail)


@given(st.integers(0, 60), st.integers(0, 60))
def test_mcnemars_exact_test_is_the_doubled_binomial_tail(alone, other_alone):
    p = odds.mcnemar_p(alone, other_alone)
    assert p == float(binomial_p(alone, other_alone))
    assert p == odds.mcnemar_p(other_alone, alone)


def test_mcnemars_test_on_known_counts():
    assert odds.mcnemar_p(0, 0) == 1.0
    assert odds.mcnemar_p(12, 2) == (1 + 14 + 91) / 2 ** 13
    assert 0 < odds.mcnemar_p(551, 57) < 1e-80            # the note's pair of players: z = +20
    alone, other_alone = 30_000, 31_000                     # a large count, still exact
    z = (other_alone - alone - 1) / math.sqrt(alone + other_alone)
    assert odds.mcnemar_p(alone, other_alone) == pytest.approx(math.erfc(z / math.sqrt(2)),
                                                               rel=0.02)
