"""Speed of the two solitaires' simulations against the naive seed-and-shuffle loop.

For each game the baseline is the loop any straightforward program pays before it even
plays: ``deck = sorted_deck[:]; random.seed(s); random.shuffle(deck)`` for every seed.  It
runs in this process over the same seeds as what it is compared with, in alternation, R
rounds; the medians are printed, and the ratios (ours / baseline) are what to compare
between machines.  Rows:

- ``batched``: ``simulate``'s counter as shipped (NumPy batched shuffle when importable);
- ``plain``: the same counter on the standard library alone (what ``python3 -S`` runs);
- ``jobs=2``: wall-clock speed-up of two worker processes over one, on the batched counter.

    python3 benchmarks/bench_simulate.py [N [R]]      (default: N = 100000 seeds from 0, R = 5)
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames import fastshuffle  # noqa: E402
from cardgames.simulate import count_outcomes  # noqa: E402
from cardgames.solitaire_aces.program import count_wins  # noqa: E402
from cardgames.solitaire_aces.rules import sorted_deck  # noqa: E402
from cardgames.solitaire_sevens.rules import CARDS, count_cards_left  # noqa: E402

JOBS_TARGET = 1.7
GAMES = [("solitaire_1", list(sorted_deck()), count_wins, 0.6),
         ("solitaire_2", list(CARDS), count_cards_left, 1.5)]


def naive(deck: list[int], start: int, stop: int) -> None:
    """The baseline: one seeded shuffle of a fresh copy of the sorted deck per seed."""
    for s in range(start, stop):
        cards = deck[:]
        random.seed(s)
        random.shuffle(cards)


def seconds(function, *args) -> float:
    """Wall-clock seconds of one call."""
    began = time.perf_counter()
    function(*args)
    return time.perf_counter() - began


def plain(count, start: int, stop: int) -> None:
    """The counter with the fast path turned off."""
    with fastshuffle.turned_off():
        count(start, stop)


def bench_game(name: str, deck: list[int], count, target: float, n: int, rounds: int) -> None:
    """Print the median times and ratios of one game's counter against its baseline."""
    base, fast, slow = [], [], []
    for _ in range(rounds):
        base.append(seconds(naive, deck, 0, n))
        fast.append(seconds(count, 0, n))
        slow.append(seconds(plain, count, 0, n))
    b, f, s = (statistics.median(times) for times in (base, fast, slow))
    verdict = "meets" if f / b <= target else "MISSES"
    print(f"{name}: {n} seeds, median of {rounds}")
    print(f"  naive seed+shuffle loop : {b:7.3f} s")
    print(f"  batched (as shipped)    : {f:7.3f} s   ratio {f / b:.2f}   "
          f"({verdict} the target {target}x)")
    print(f"  plain (standard library): {s:7.3f} s   ratio {s / b:.2f}")


def bench_jobs(name: str, count, n: int, rounds: int) -> None:
    """Print the wall-clock speed-up of 2 worker processes over 1 on n seeds."""
    one = statistics.median(seconds(count_outcomes, count, 0, n, 1) for _ in range(rounds))
    two = statistics.median(seconds(count_outcomes, count, 0, n, 2) for _ in range(rounds))
    verdict = "meets" if one / two >= JOBS_TARGET else "MISSES"
    print(f"  jobs=1 {one:6.3f} s, jobs=2 {two:6.3f} s on {n} seeds: speed-up {one / two:.2f}   "
          f"({verdict} the target {JOBS_TARGET}x; needs two idle cores)")


def main(argv: list[str]) -> None:
    """Run every benchmark and print its results."""
    n, rounds = [int(arg) for arg in argv] + [100_000, 5][len(argv):]
    print(f"NumPy batched shuffle: {'on' if fastshuffle.available() else 'off (no NumPy)'}")
    for name, deck, count, target in GAMES:
        bench_game(name, deck, count, target, n, rounds)
        bench_jobs(name, count, 2 * n, rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
