"""Speed of solitaire_1's simulation against the naive ``seed(s); shuffle(deck)`` loop.

Both run over the same seeds in this process, taking turns, and each is timed in CPU
seconds of this process (so other load on the machine matters less); the best of R rounds
is kept.  The ratio (ours / naive) is what to compare between machines.  "cold" clears the
outcome memo first, so it pays for working out every ace placement it meets, as a fresh
``simulate(n, i)`` does; "warm" is the steady state of a long simulation.

    python3 benchmarks/bench_solitaire_1.py [N [I [R]]]      (default: 100000 0 3)
"""

from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames.solitaire_aces import rules  # noqa: E402
from cardgames.solitaire_aces.program import count_wins  # noqa: E402


def naive(start: int, stop: int) -> None:
    """The floor: one seeded shuffle of a fresh sorted deck per seed, nothing else."""
    for s in range(start, stop):
        deck = list(range(32))
        random.seed(s)
        random.shuffle(deck)


def seconds(function, *args) -> float:
    """CPU seconds of this process spent in one call."""
    began = time.process_time()
    function(*args)
    return time.process_time() - began


def main(argv: list[str]) -> None:
    """Time both loops over seeds I .. I+N-1, R rounds, and print the best times and ratios."""
    n, i, rounds = [int(arg) for arg in argv] + [100_000, 0, 3][len(argv):]
    base = cold = warm = float("inf")
    for _ in range(rounds):
        base = min(base, seconds(naive, i, i + n))
        rules.forget_outcomes()
        cold = min(cold, seconds(count_wins, i, i + n))
        warm = min(warm, seconds(count_wins, i, i + n))
    placements = len(rules._OUTCOME_OF_DECK)
    print(f"seeds {i}..{i + n - 1}: {placements} distinct ace placements; best of {rounds}")
    print(f"naive seed+shuffle loop : {base:7.3f} s CPU")
    print(f"count_wins (cold memo)  : {cold:7.3f} s CPU   ratio {cold / base:.2f}")
    print(f"count_wins (warm memo)  : {warm:7.3f} s CPU   ratio {warm / base:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
