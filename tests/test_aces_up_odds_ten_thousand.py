"""The logs of the runs over seeds 0..9,999 that are under way: each is a log of the same run
as the published thousand (so the odds command goes on from it), holds those deals line for
line, and its other deals are each a seed of the range once, within the run's budget."""

import re
from pathlib import Path

import pytest

import published_logs
from cardgames.aces_up import odds

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
#: The published run of each rule set, and the log over seeds 0..9,999 that begins with it.
RUNS = {"classic": ("aces_up_classic_deferred_positions_seeds_0-999.log",
                    "aces_up_classic_deferred_positions_seeds_0-9999.log"),
        "no lone moves": ("aces_up_no_lone_moves_deferred_positions_seeds_0-999.log",
                          "aces_up_no_lone_moves_deferred_positions_seeds_0-9999.log")}


def read(name):
    """The header lines and the deals of a log in benchmarks/results (read as a run reads
    it: every line checked against its header)."""
    return odds.read_log(str(RESULTS / name))


@pytest.mark.parametrize("rules", sorted(RUNS))
def test_the_ten_thousand_log_is_a_log_of_the_published_run(rules):
    thousand, ten_thousand = RUNS[rules]
    published_headers, published = read(thousand)
    headers, deals = read(ten_thousand)
    key = odds.parse_header(published_headers[0]).key()
    for header in headers:
        text = header.removeprefix("continued: ")
        assert odds.parse_header(text).key() == key, header
    assert deals[:len(published)] == published          # the thousand, line for line
    assert len(deals) > len(published)                  # and more deals than those


@pytest.mark.parametrize("rules", sorted(RUNS))
def test_each_deal_of_the_ten_thousand_log_is_a_seed_once_within_the_budget(rules):
    headers, deals = read(RUNS[rules][1])
    budget = int(re.search(r"budget ([\d,]+) game positions", headers[0])[1].replace(",", ""))
    seeds = [deal.seed for deal in deals]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 10_000 for seed in seeds)
    for deal in deals:
        # a search out of its budget has counted one position past it, a settled one not
        assert (deal.status == "UNSETTLED") == (deal.positions > budget), deal
        assert deal.positions <= budget + 1, deal


def test_the_readme_names_the_logs_and_how_to_go_on():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for _, ten_thousand in RUNS.values():
        assert f"`{ten_thousand}`" in readme
    assert "`--seeds 0:10000`" in readme


#: The follow-up runs whose verdicts the README takes for deals these logs left open.
FOLLOW_UPS = {"classic": (published_logs.FOLLOW_UPS, "classic rules"),
              "no lone moves": (published_logs.NO_LONE_FOLLOW_UPS, "no lone moves")}


def so_far(rules):
    """What the README says of a log over seeds 0..9,999 so far: the seeds it holds, its
    counts with the follow-ups' verdicts, the seeds still open, the share of deals winnable."""
    headers, deals = read(RUNS[rules][1])
    assert [deal.seed for deal in deals] == list(range(len(deals)))    # from 0, none missing
    follow_ups, name = FOLLOW_UPS[rules]
    settled = published_logs.with_follow_ups(headers[0], deals, follow_ups, name)
    won, lost, unsettled = published_logs.counts(settled)
    still = published_logs.open_seeds(settled)
    return (f"seeds 0..{len(deals) - 1:,}: {won:,} winnable, {lost:,} proved lost"
            + (f", {unsettled} unsettled ({published_logs.seeds_text(still)})" if still
               else ", none unsettled")
            + f", so the share of all deals winnable is {one_figure(settled)}")


def one_figure(settled):
    """The share of deals winnable as the README's table gives it, one figure where the
    unsettled deals counted as lost and as won give the same."""
    share = published_logs.share_text(settled)
    bounds = re.fullmatch(r"between (\S+) \(CI from (\S+)\) and (\S+) \(CI to (\S+)\)", share)
    if bounds and bounds[1] == bounds[3]:
        return f"{bounds[1]} ({bounds[2]} to {bounds[4]}, the unsettled counted lost, then won)"
    return share


def test_the_readme_quotes_the_logs_so_far():
    text = published_logs.readme_text()
    assert f"So far the classic log holds {so_far('classic')};" in text
    assert f"the log without lone moves holds {so_far('no lone moves')}." in text
    again = [seed for follow_ups, _ in FOLLOW_UPS.values() for seed in sorted(follow_ups)]
    assert (f"These take the verdicts of {published_logs.seeds_text(again)} from their runs "
            "again above") in text
