"""Speed of solitaire_2's simulation against the naive ``seed(s); shuffle(cards)`` loop.

Both run over the same seeds in this process; the ratio (ours / naive) is what to compare
between machines.  "Ours" is the batch counter behind ``simulate``: the same seeded shuffle,
then the whole game played without building any text.  The narrated game is timed on a
sample too, to show what building the collected lines would cost.

    python3 benchmarks/bench_solitaire_2.py [N] [I]      (default: 100000 0)
"""

from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from cardgames.solitaire_sevens.program import game_lines  # noqa: E402
from cardgames.solitaire_sevens.rules import CARDS, count_cards_left  # noqa: E402


def naive(start: int, stop: int) -> None:
    """The floor: one seeded shuffle of a fresh sorted list of the 48 cards per seed."""
    for s in range(start, stop):
        cards = list(CARDS)
        random.seed(s)
        random.shuffle(cards)


def narrated(start: int, stop: int) -> None:
    """Every game with its collected lines built (what simulate avoids)."""
    for s in range(start, stop):
        game_lines(s)


def seconds(function, *args) -> float:
    """Wall-clock seconds of one call."""
    began = time.perf_counter()
    function(*args)
    return time.perf_counter() - began


def main(argv: list[str]) -> None:
    """Time the loops over seeds I .. I+N-1 and print the times and the ratios."""
    n, i = (int(argv[0]), int(argv[1])) if argv else (100_000, 0)
    sample = max(1, n // 100)
    base = seconds(naive, i, i + n)
    ours = seconds(count_cards_left, i, i + n)
    text = seconds(narrated, i, i + sample) * n / sample
    print(f"seeds {i}..{i + n - 1}")
    print(f"naive seed+shuffle loop   : {base:7.3f} s")
    print(f"count_cards_left          : {ours:7.3f} s   ratio {ours / base:.2f}")
    print(f"with collected lines (est): {text:7.3f} s   ratio {text / base:.2f}"
          f"   ({sample} games timed)")


if __name__ == "__main__":
    main(sys.argv[1:])
