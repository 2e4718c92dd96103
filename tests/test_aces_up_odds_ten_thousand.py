"""The logs of the runs over seeds 0..9,999 that are under way: each is a log of the same run
as the published thousand (so the odds command goes on from it), holds those deals line for
line, and its other deals are each a seed of the range once, within the run's budget; the
README quotes what they hold so far."""

import re

import pytest

from cardgames.aces_up import odds
from published_logs import (DEFERRED, FOLLOW_UPS, NO_LONE, NO_LONE_FOLLOW_UPS, budget, counts,
                            open_seeds, read_run, readme_text, seeds_text, share_text,
                            with_follow_ups)

#: The published run of each rule set, and the log over seeds 0..9,999 that begins with it.
RUNS = {"classic": (DEFERRED, "aces_up_classic_deferred_positions_seeds_0-9999.log"),
        "no lone moves": (NO_LONE, "aces_up_no_lone_moves_deferred_positions_seeds_0-9999.log")}
#: The runs again, with a larger budget, of deals a log over seeds 0..9,999 left open (by
#: seed), whose verdicts the README takes, and the name its headers give the rules.
TEN_THOUSAND_FOLLOW_UPS = {"classic": (dict(FOLLOW_UPS), "classic rules"),
                           "no lone moves": (dict(NO_LONE_FOLLOW_UPS), "no lone moves")}


@pytest.mark.parametrize("rules", sorted(RUNS))
def test_the_ten_thousand_log_is_a_log_of_the_published_run(rules):
    thousand, ten_thousand = RUNS[rules]
    published_headers, published = read_run(thousand)
    headers, deals = read_run(ten_thousand)
    key = odds.parse_header(published_headers[0]).key()
    for header in headers:
        text = header.removeprefix("continued: ")
        assert odds.parse_header(text).key() == key, header
    assert deals[:len(published)] == published          # the thousand, line for line
    assert len(deals) > len(published)                  # and more deals than those


@pytest.mark.parametrize("rules", sorted(RUNS))
def test_each_deal_of_the_ten_thousand_log_is_a_seed_once_within_the_budget(rules):
    headers, deals = read_run(RUNS[rules][1])
    most = budget(headers[0])
    seeds = [deal.seed for deal in deals]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 10_000 for seed in seeds)
    for deal in deals:
        # a search out of its budget has counted one position past it, a settled one not
        assert (deal.status == "UNSETTLED") == (deal.positions > most), deal
        assert deal.positions <= most + 1, deal


def test_the_readme_names_the_logs_and_how_to_go_on():
    readme = readme_text()
    for _, ten_thousand in RUNS.values():
        assert f"`{ten_thousand}`" in readme
    assert "`--seeds 0:10000`" in readme


def so_far(rules):
    """What the README says of a log over seeds 0..9,999 so far: the seeds it holds, its
    counts with the follow-ups' verdicts, the seeds still open, the share of deals winnable."""
    headers, deals = read_run(RUNS[rules][1])
    assert [deal.seed for deal in deals] == list(range(len(deals)))    # from 0, none missing
    follow_ups, name = TEN_THOUSAND_FOLLOW_UPS[rules]
    settled = with_follow_ups(headers[0], deals, follow_ups, name)
    won, lost, unsettled = counts(settled)
    still = open_seeds(settled)
    return (f"seeds 0..{len(deals) - 1:,}: {won:,} winnable, {lost:,} proved lost"
            + (f", {unsettled} unsettled ({seeds_text(still)})" if still else ", none unsettled")
            + f", so the share of all deals winnable is {so_far_share(settled)}")


def so_far_share(settled):
    """The share of all deals winnable with its 95% interval: one figure when every deal is
    settled, or when the unsettled ones counted lost and counted won give the same figure
    (the interval then from the lower limit of the one to the upper of the other), else the
    two bounds with their limits (``share_text``)."""
    share = share_text(settled)
    one = re.fullmatch(r"(\S+) \((\S+) to (\S+)\)", share)
    if one:
        return f"{one[1]} (95% CI {one[2]} to {one[3]})"
    bounds = re.fullmatch(r"between (\S+) \(CI from (\S+)\) and (\S+) \(CI to (\S+)\)", share)
    assert bounds, share
    if bounds[1] != bounds[3]:
        return share
    return (f"{bounds[1]} (95% CI {bounds[2]} to {bounds[4]}: the lower limit counts the "
            "unsettled deals lost, the upper counts them won)")


def test_the_readme_quotes_the_logs_so_far():
    again = {rules: seeds_text(sorted(follow_ups))
             for rules, (follow_ups, _) in TEN_THOUSAND_FOLLOW_UPS.items()}
    assert (f"So far, with {again['classic']} (classic) and {again['no lone moves']} (no lone "
            "moves) at the verdicts of their runs again above, the classic log holds "
            f"{so_far('classic')}; the log without lone moves holds {so_far('no lone moves')}."
            ) in readme_text()
