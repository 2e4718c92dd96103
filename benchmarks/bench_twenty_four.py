"""Speed of the 24 solver over all 1,820 hands against the plain brute force, in one process.

The baseline is the straightforward program: for each hand, the 7,680 candidates of the
spec (24 position orderings x 64 operator triples x 5 shapes), each run through the
assignment's ``evaluate``.  It is timed on a sample of hands and scaled to all 1,820.
Ours: the whole statistics run (``cardgames 24 --all-hands``) from cold memos, and the
solution lines that ``twenty_four.py`` prints, for every hand, from cold memos.  Times are
CPU seconds of this process, best of R rounds; the ratios are what to compare between
machines.

    python3 benchmarks/bench_twenty_four.py [SAMPLE [R]]      (default: 40 3)
"""

from __future__ import annotations

import itertools
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames.twenty_four import program  # noqa: E402
from cardgames.twenty_four.stats import hand_statistics  # noqa: E402

CARDS = "A234567890JQK"
HANDS = ["".join(hand) for hand in itertools.combinations_with_replacement(CARDS, 4)]


def shapes(c, i, j, k):
    """The five postfix shapes of spec section 5."""
    return ([c[0], c[1], i, c[2], c[3], j, k], [c[0], c[1], c[2], c[3], i, j, k],
            [c[0], c[1], c[2], i, c[3], j, k], [c[0], c[1], i, c[2], j, c[3], k],
            [c[0], c[1], c[2], i, j, c[3], k])


def brute_force(hands: list[str]) -> None:
    """The plain program: every candidate of every hand through evaluate."""
    for cards in hands:
        results = set()
        for order in itertools.permutations(range(4)):
            c = [cards[p] for p in order]
            for i, j, k in itertools.product(program.ops, repeat=3):
                for tokens in shapes(c, i, j, k):
                    if program.evaluate(tokens) == 24:
                        results.add(str(tokens))


def all_solution_lines() -> None:
    """What twenty_four.py computes, for every hand."""
    for cards in HANDS:
        program.solution_lines(list(cards))


def seconds(function, *args) -> float:
    """CPU seconds of this process spent in one call, from cold memos."""
    program.forget()
    began = time.process_time()
    function(*args)
    return time.process_time() - began


def main(argv: list[str]) -> None:
    """Time the three runs, R rounds, and print the best times and ratios."""
    sample_size, rounds = [int(arg) for arg in argv] + [40, 3][len(argv):]
    sample = random.Random(24).sample(HANDS, sample_size)
    base = stats = lines = float("inf")
    for _ in range(rounds):
        base = min(base, seconds(brute_force, sample) * len(HANDS) / sample_size)
        stats = min(stats, seconds(hand_statistics))
        lines = min(lines, seconds(all_solution_lines))
    print(f"all {len(HANDS)} hands, best of {rounds} rounds, CPU seconds")
    print(f"plain brute force (7,680 evaluate calls a hand; {sample_size} hands, scaled): {base:8.2f} s")
    print(f"statistics run, cold (cardgames 24 --all-hands)   : {stats:8.2f} s"
          f"   ratio {stats / base:.4f} (x{base / stats:.0f} faster)")
    print(f"twenty_four.py solution lines, every hand, cold   : {lines:8.2f} s"
          f"   ratio {lines / base:.4f} (x{base / lines:.0f} faster)")


if __name__ == "__main__":
    main(sys.argv[1:])
