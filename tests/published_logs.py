"""What the tests of the published Aces Up odds read: the run logs in benchmarks/results,
their verdicts taken with those of their follow-up runs, and the README's figures as the
summary prints them."""

import re
from pathlib import Path

from cardgames.aces_up import odds

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def read_run(log):
    """The header lines and the deals of a log in benchmarks/results (read as a run reads
    it: every line checked against its header)."""
    return odds.read_log(str(RESULTS / log))


def read(log):
    """The header and the (seed, status, seconds, positions) of a published log."""
    headers, deals = read_run(log)
    return headers[0], deals


#: The classic run the README's odds quote, and the runs with a larger budget of deals it
#: left unsettled (one deal each), whose verdicts it takes.
DEFERRED = "aces_up_classic_deferred_positions_seeds_0-999.log"
FOLLOW_UPS = {439: "aces_up_classic_deferred_positions_seed_439.log",
              762: "aces_up_classic_deferred_positions_seed_762.log"}
#: The plain search's runs of the same seeds: by positions (25 million), by seconds (10).
PLAIN_CLASSIC = ("aces_up_classic_positions_seeds_0-999.log", "aces_up_classic_seeds_0-999.log")
#: The same for the rules without lone moves: the deferred run, its follow-ups, the plain run.
NO_LONE = "aces_up_no_lone_moves_deferred_positions_seeds_0-999.log"
NO_LONE_FOLLOW_UPS = {542: "aces_up_no_lone_moves_deferred_positions_seed_542.log"}
PLAIN_NO_LONE = "aces_up_no_lone_moves_positions_seeds_0-999.log"


def counts(results):
    """How many deals are winnable, proved lost and unsettled."""
    return [sum(1 for r in results if r[1] == status)
            for status in ("WINNABLE", "LOST", "UNSETTLED")]


def share_text(results):
    """The README's share of all deals winnable: one figure with its 95% interval when every
    deal is settled, else its bounds with their outer limits, as the summary prints them."""
    lines = odds.summary(results, "")
    at = next(i for i, line in enumerate(lines) if line.startswith("share winnable over all"))
    if counts(results)[2] == 0:
        share, low, high = re.findall(r"\d+\.\d%", lines[at])
        return f"{share} ({low} to {high})"
    low, high, low_ci, high_ci = re.findall(r"\d+\.\d%", lines[at] + lines[at + 1])
    return f"between {low} (CI from {low_ci}) and {high} (CI to {high_ci})"


def seeds_text(seeds):
    """Seeds as the README names them: "seed 4", "seeds 4 and 7", "seeds 1, 4 and 7"."""
    names = [str(seed) for seed in seeds]
    if len(names) == 1:
        return f"seed {names[0]}"
    return f"seeds {', '.join(names[:-1])} and {names[-1]}"


def open_seeds(results):
    """The seeds of the unsettled deals."""
    return [r[0] for r in results if r[1] == "UNSETTLED"]


def budget(header):
    """The budget in positions a run's header names."""
    return int(re.search(r"budget ([\d,]+) game positions", header)[1].replace(",", ""))


def memory(header):
    """The memory in MiB a run's header names."""
    return int(re.search(r"memory (\d+) MiB per process", header)[1])


def readme_text():
    """The README with its lines joined by single spaces."""
    return " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())


def followed_up(log, follow_ups, name):
    """A deferred run's header and deals, and its deals with each unsettled one's verdict
    taken from its follow-up run (``with_follow_ups``)."""
    header, results = read(log)
    assert [r[0] for r in results] == list(range(1000))
    return header, results, with_follow_ups(header, results, follow_ups, name)


def with_follow_ups(header, results, follow_ups, name):
    """A deferred run's deals with each unsettled one's verdict taken from its follow-up run
    (its budget larger, its rules and search the same)."""
    assert header.startswith(f"{name}, budget ") and "deferred-discard search" in header
    by_seed = {r[0]: r for r in results}
    assert set(follow_ups) <= set(open_seeds(results))
    for seed, later_log in follow_ups.items():
        later, (deal,) = read(later_log)
        assert deal[0] == seed and later.startswith(f"{name}, budget ")
        assert "deferred-discard search, tier numba" in later and budget(later) > budget(header)
        by_seed[seed] = deal
    return list(by_seed.values())
