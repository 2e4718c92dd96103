"""How often an Aces Up deal can be won with the stock known, and how fast the solver says so.

The run itself is ``cardgames aces-up --odds`` (``cardgames.aces_up.odds``): this script
keeps the benchmark's defaults (a budget in seconds, 10 per deal, as the published runs)
and rebuilds the summary of any log.

    python3 benchmarks/bench_aces_up_solver.py [--seeds A:B] [--budget S | --positions N]
                                               [--no-lone-moves] [--jobs J] [--log FILE]
                                               [--tier T] [--memory MIB]
    python3 benchmarks/bench_aces_up_solver.py --summarize FILE    # the summary of a log

(default: seeds 0:100, budget 10 s, one process).  CPU-heavy: run big ranges with nice.
With a budget in seconds, leave as many cores idle as --jobs for the run.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames.aces_up import odds
from cardgames.cli import main as cardgames


def summarize(path: str) -> list[str]:
    """The summary of a log, titled by its header and its seeds."""
    headers, deals = odds.read_log(path)
    seeds = [deal.seed for deal in deals] or [0]
    header = headers[0] if headers else "rules and budget not recorded"
    return [f"{len(deals):,} deals, seeds {min(seeds)}..{max(seeds)}:",
            *odds.summary(deals, f"  {header}")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="0:100", help="seed range A:B (B excluded)")
    parser.add_argument("--budget", default=None, help="seconds per deal (default 10)")
    parser.add_argument("--positions", default=None, help="game positions per deal instead")
    parser.add_argument("--no-lone-moves", action="store_true", help="the variant")
    parser.add_argument("--jobs", default="1")
    parser.add_argument("--tier", default=None, help="stdlib or numba (default: numba when "
                                                     "installed)")
    parser.add_argument("--memory", default=None, metavar="MIB", help="per process (1024)")
    parser.add_argument("--log", help="one line per seed; a stopped run goes on from it")
    parser.add_argument("--summarize", metavar="LOG", help="print the summary of a log")
    args = parser.parse_args()
    if args.summarize:
        print("\n".join(summarize(args.summarize)))
        return 0
    budget = args.budget if args.budget is not None or args.positions is not None else "10"
    argv = ["aces-up", "--odds", "--seeds", args.seeds, "--jobs", args.jobs]
    for option, value in (("--budget", budget), ("--positions", args.positions),
                          ("--tier", args.tier), ("--memory", args.memory), ("--log", args.log)):
        argv += [option, value] if value is not None else []
    return cardgames(argv + (["--no-lone-moves"] if args.no_lone_moves else []))


if __name__ == "__main__":
    sys.exit(main())
