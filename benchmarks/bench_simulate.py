"""Speed of the two solitaires' simulations on each tier against the naive seed-and-shuffle loop.

For each game the baseline is the loop any straightforward program pays before it even
plays: ``cards = deck[:]; random.seed(s); random.shuffle(cards)`` per seed.  It runs in this
process over the same seeds as each tier's counter (``cardgames.tiers``), interleaved round
by round, after a warm-up that also checks every tier's counts against the stdlib tier's.
The ratios (tier / naive, per round) are what to compare between machines.  Last, the
wall-clock speed-up of ``count_outcomes`` with two local processes over one.

    python3 benchmarks/bench_simulate.py [--games N] [--rounds R] [--tiers T,...] (see --help)
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames import tiers  # noqa: E402
from cardgames.simulate import count_outcomes  # noqa: E402
from cardgames.solitaire_aces.program import count_wins  # noqa: E402
from cardgames.solitaire_aces.rules import sorted_deck  # noqa: E402
from cardgames.solitaire_sevens.program import count_cards_left  # noqa: E402
from cardgames.solitaire_sevens.rules import CARDS  # noqa: E402

#: name: (sorted deck, batch counter, {tier: goal for its ratio to the naive loop})
GAMES = {"solitaire_1": (list(sorted_deck()), count_wins, {"numpy": 0.35, "numba": 0.10}),
         "solitaire_2": (list(CARDS), count_cards_left, {"numpy": 0.85, "numba": 0.15})}
#: Seeds each tier plays once before timing; more than one NumPy batch (8,192 seeds).
WARM_UP = (0, 10_000)
JOBS_GOAL = 1.8
#: Default seeds of the jobs comparison, per tier: enough work (several seconds) for the
#: process pool's start-up to matter little.
JOBS_GAMES = {"stdlib": 400_000, "numpy": 1_000_000, "numba": 5_000_000}


def naive(deck: list[int], start: int, stop: int) -> None:
    """The baseline: one seeded shuffle of a fresh copy of the sorted deck per seed."""
    for s in range(start, stop):
        cards = deck[:]
        random.seed(s)
        random.shuffle(cards)


def interleaved(rounds: int, calls: list) -> list[list[float]]:
    """Wall-clock seconds of each call (no arguments) in each round, calls taking turns."""
    times: list[list[float]] = [[] for _ in calls]
    for _ in range(rounds):
        for call, column in zip(calls, times):
            began = time.perf_counter()
            call()
            column.append(time.perf_counter() - began)
    return times


def warm_up_and_check(name: str, tier_names: set[str]) -> None:
    """Play the warm-up seeds once on each tier; exit if its counts differ from stdlib's."""
    count = GAMES[name][1]
    expected = dict(count(*WARM_UP, tier="stdlib"))
    for tier in [tier for tier in tiers.TIERS[1:] if tier in tier_names]:
        got = dict(count(*WARM_UP, tier=tier))
        if got != expected:
            sys.exit(f"{name}, seeds {WARM_UP[0]}..{WARM_UP[1] - 1}: the {tier} tier counts "
                     f"{sorted(got.items())}, the stdlib tier {sorted(expected.items())}")


def header(*columns: tuple[str, int]) -> None:
    """Print a table's header row and its rule: (title, width) per column."""
    print(" | ".join(f"{title:<{width}}" for title, width in columns).rstrip())
    print(" | ".join("-" * width for _, width in columns))


def spread(ratios: list[float]) -> str:
    """Median of the per-round ratios, with their min-max as the noise."""
    return f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})"


def bench_game(name: str, tier_names: list[str], n: int, rounds: int) -> None:
    """Print one game's table: each tier's median time and its ratio to the naive loop."""
    deck, count, goals = GAMES[name]
    base, *times = interleaved(rounds, [functools.partial(naive, deck, 0, n)] + [
        functools.partial(count, 0, n, tier=tier) for tier in tier_names])
    print(f"\n{name}: seeds 0..{n - 1}, interleaved rounds: {rounds}; ratio = tier / naive "
          f"per round, median (min-max)")
    header(("tier", 7), ("median s", 8), ("ratio (min-max)", 21), ("goal", 17))
    print(f"{'naive':<7} | {statistics.median(base):8.3f} | {'1':<21} | baseline")
    for tier, seconds in zip(tier_names, times):
        ratios = [t / b for t, b in zip(seconds, base)]
        goal = goals.get(tier)
        verdict = ("reference" if goal is None else f"<= {goal:.2f}: "
                   f"{'meets' if statistics.median(ratios) <= goal else 'MISSES'}")
        print(f"{tier:<7} | {statistics.median(seconds):8.3f} | {spread(ratios):<21} | "
              f"{verdict}")


def bench_jobs(name: str, tier: str, n: int, rounds: int) -> None:
    """Print the wall-clock speed-up of 2 local worker processes over 1 on n seeds."""
    count = functools.partial(GAMES[name][1], tier=tier)
    one, two = interleaved(rounds, [functools.partial(count_outcomes, count, 0, n, jobs=jobs)
                                    for jobs in (1, 2)])  # wall clock: pool start-up included
    speed_ups = [a / b for a, b in zip(one, two)]
    met = statistics.median(speed_ups) >= JOBS_GOAL
    print(f"{name:<11} | {statistics.median(one):8.3f} | {statistics.median(two):8.3f} | "
          f"{spread(speed_ups):<21} | >= {JOBS_GOAL}: {'meets' if met else 'MISSES'}")


def parse(argv: list[str]) -> argparse.Namespace:
    """The options, checked: tiers known and installed, sizes sensible."""
    installed = [tier for tier in tiers.TIERS if tiers.installed(tier)]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, metavar="N",
                        help="time seeds 0..N-1 of each game (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=5, metavar="R",
                        help="rounds, medians taken over them (default %(default)s)")
    parser.add_argument("--tiers", default=",".join(installed), metavar="T,...",
                        help="tiers to time (default every installed one: %(default)s)")
    parser.add_argument("--game", choices=[*GAMES, "both"], default="both", help="default both")
    parser.add_argument("--jobs-games", type=int, metavar="N",
                        help="seeds of the jobs=1/jobs=2 comparison (default by tier: "
                             "400,000 stdlib, 1,000,000 numpy, 5,000,000 numba; 0 skips it)")
    parser.add_argument("--jobs-tier", choices=installed, default=installed[-1],
                        help="tier of the jobs comparison (default the fastest: %(default)s)")
    args = parser.parse_args(argv)
    args.tiers = [tier.strip() for tier in args.tiers.split(",") if tier.strip()]
    for tier in args.tiers:
        if tier not in installed:
            parser.error(f"tier {tier!r} is unknown or not installed here; installed: "
                         f"{', '.join(installed)}")
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    if args.jobs_games is None:
        args.jobs_games = JOBS_GAMES[args.jobs_tier]
    return args


def main(argv: list[str]) -> None:
    """Run the benchmarks asked for and print their tables."""
    args = parse(argv)
    names = list(GAMES) if args.game == "both" else [args.game]
    warmed = set(args.tiers) | ({args.jobs_tier} if args.jobs_games > 0 else set())
    for name in names:
        warm_up_and_check(name, warmed)
    versions = [f"{module} {sys.modules[module].__version__}"
                for module in ("numpy", "numba") if module in sys.modules]
    print(f"Python {sys.version.split()[0]}{''.join(', ' + v for v in versions)}; "
          f"{os.cpu_count()} CPUs; tiers timed: {', '.join(args.tiers)}")
    print(f"Warm-up, not timed: each tier once on seeds {WARM_UP[0]}..{WARM_UP[1] - 1} (imports,")
    print("  Numba's load and compilation); every tier's counts there equal the stdlib tier's.")
    for name in names:
        bench_game(name, args.tiers, args.games, args.rounds)
    if args.jobs_games > 0:
        print(f"\ncount_outcomes, {args.jobs_tier} tier, seeds 0..{args.jobs_games - 1}, "
              f"interleaved rounds: {args.rounds}; wall clock, needs two idle cores")
        header(("game", 11), ("jobs=1 s", 8), ("jobs=2 s", 8), ("speed-up (min-max)", 21),
               ("goal", 15))
        for name in names:
            bench_jobs(name, args.jobs_tier, args.jobs_games, args.rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
