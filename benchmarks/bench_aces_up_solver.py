"""How often an Aces Up deal can be won with the stock known, and how fast the solver says so.

Solves the classic seeded deals of a seed range, each with a time budget, and prints the
share winnable with its 95% Wilson confidence interval, how many deals stayed unsettled,
and the median and maximum solve times.  Unsettled deals are left out of the share and
counted apart; the bounds that treat them all as lost or all as won are printed too.

    python3 benchmarks/bench_aces_up_solver.py [--seeds A:B] [--budget S] [--no-lone-moves]
                                               [--jobs J] [--log FILE]
    python3 benchmarks/bench_aces_up_solver.py --summarize FILE    # the summary of a log

(default: seeds 0:100, budget 10 s, one process).  CPU-heavy: run big ranges with nice.
The times are wall-clock: with --jobs, leave that many cores idle for the run.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames.aces_up.solver import (  # noqa: E402
    DEFAULT_MEMORY, Status, deal_position, solve, solver_tier)


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def solve_seed(job: tuple[int, float, bool, str, int]) -> tuple[int, str, float, int]:
    """Solve one seed: (seed, status name, seconds, nodes)."""
    seed, budget, lone_moves, tier, memory = job
    found = solve(deal_position(seed), lone_moves, max_seconds=budget, tier=tier,
                  memory=memory)
    return seed, found.status.name, found.seconds, found.nodes


def summary(results: list[tuple[int, str, float, int]], title: str) -> list[str]:
    """The report's lines for a list of (seed, status name, seconds, nodes)."""
    counts = {status.name: sum(1 for r in results if r[1] == status.name) for status in Status}
    won, lost, unsettled = counts["WINNABLE"], counts["LOST"], counts["UNSETTLED"]
    total = len(results)
    if not total:
        return [title, "no deals"]
    settled = won + lost
    lines = [title, f"winnable {won}, cannot be won {lost}, unsettled {unsettled} of {total}"]
    if settled:
        low, high = wilson(won, settled)
        lines.append(f"share winnable among settled deals: {won / settled:.1%} "
                     f"(95% CI {low:.1%} .. {high:.1%}; biased to the deals settled fast)")
    lowest, _ = wilson(won, total)
    _, highest = wilson(won + unsettled, total)
    lines.append(f"share winnable over all deals: at least {won / total:.1%} "
                 f"(95% CI from {lowest:.1%}), at most {(won + unsettled) / total:.1%} "
                 f"(95% CI to {highest:.1%})")
    times = [r[2] for r in results]
    lines.append(f"time per deal: median {statistics.median(times):.2f} s, "
                 f"max {max(times):.2f} s; "
                 f"nodes per second {sum(r[3] for r in results) / max(sum(times), 1e-9):,.0f}")
    settled_nodes = [r[3] for r in results if r[1] != "UNSETTLED"] or [0]
    lines.append(f"positions per deal: median {statistics.median(r[3] for r in results):,.0f}, "
                 f"most for a settled deal {max(settled_nodes):,}, least for an unsettled "
                 f"one {min((r[3] for r in results if r[1] == 'UNSETTLED'), default=0):,}")
    return lines


def read_log(path: str) -> tuple[str, list[tuple[int, str, float, int]]]:
    """The run written by --log: its "# rules, budget" header and its "seed status seconds
    nodes" lines.  A log that mixes runs (two headers, or a seed twice) is refused."""
    headers, results, seeds = set(), [], set()
    with open(path, encoding="utf-8") as log:
        for line in log:
            if line.startswith("#"):
                headers.add(line[1:].strip())
            elif line.strip():
                seed, status, seconds, nodes = line.split()
                results.append((int(seed), status, float(seconds), int(nodes)))
                seeds.add(int(seed))
    if len(headers) > 1 or len(seeds) < len(results):
        sys.exit(f"{path}: more than one run in this log")
    return (headers.pop() if headers else "rules and budget not recorded"), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="0:100", help="seed range A:B (B excluded)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--no-lone-moves", action="store_true", help="the variant")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--tier", default=None,
                        help="stdlib (the reference search) or numba (compiled); default: "
                             "numba when installed")
    parser.add_argument("--memory", type=int, default=DEFAULT_MEMORY >> 20, metavar="MIB",
                        help="memory per process for the solver's memo (MiB, default "
                             "%(default)s)")
    parser.add_argument("--log", help="write one line per seed to this file (replaced)")
    parser.add_argument("--summarize", metavar="LOG", help="print the summary of a log")
    args = parser.parse_args()
    if args.summarize:
        header, results = read_log(args.summarize)
        seeds = [r[0] for r in results] or [0]
        print("\n".join(summary(results, f"{len(results)} deals, seeds {min(seeds)}.."
                                          f"{max(seeds)}, {header}")))
        return
    start, stop = (int(part) for part in args.seeds.split(":"))
    tier = solver_tier(args.tier)
    jobs = [(seed, args.budget, not args.no_lone_moves, tier, args.memory << 20)
            for seed in range(start, stop)]
    rules = "no lone moves" if args.no_lone_moves else "classic rules"
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    if log:
        print(f"# {rules}, budget {args.budget:g} s per deal, tier {tier}, memory "
              f"{args.memory} MiB per process, {args.jobs} processes", file=log, flush=True)
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(solve_seed, jobs):
            results.append(result)
            if log:
                print(*result, file=log, flush=True)
    print("\n".join(summary(results, f"seeds {start}..{stop - 1}, {rules}, "
                                      f"budget {args.budget:g} s per deal")))


if __name__ == "__main__":
    main()
