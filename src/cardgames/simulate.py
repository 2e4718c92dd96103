"""Monte-Carlo over a seed range, as a map-reduce of integer counts.

A game supplies a *batch counter*: a picklable function ``count(start, stop)`` that plays the
seeded games ``start .. stop-1`` without building any text and returns ``{outcome: games}``.
This module splits a seed range into chunks, runs them in this process or on any
``concurrent.futures.Executor``, and merges the counts.  Tables are formatted from the
integer counts only at the last step.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor

BatchCounter = Callable[[int, int], Mapping[int, int]]

#: Seeds per chunk sent to a worker: large enough to hide the dispatch cost.
CHUNK = 20_000


def chunks(start: int, n: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """Split the seeds start .. start+n-1 into (start, stop) pieces of at most ``size`` seeds."""
    stop = start + n
    return [(lo, min(lo + size, stop)) for lo in range(start, stop, size)]


def count_outcomes(count: BatchCounter, start: int, n: int, jobs: int = 1,
                   executor: Executor | None = None) -> Counter:
    """Play seeds start .. start+n-1 and return how many games ended with each outcome.

    With ``executor`` the chunks are mapped over it (any Executor, local or distributed);
    otherwise ``jobs > 1`` starts a local process pool and ``jobs == 1`` stays in this process.
    The counts are the same whichever way the work is split.
    """
    if executor is None and jobs == 1:
        return Counter(count(start, start + n))
    pieces = chunks(start, n, max(1, min(CHUNK, -(-n // max(jobs, 1)))))
    if executor is not None:
        return merge(executor.map(count, *zip(*pieces)))
    with ProcessPoolExecutor(max_workers=min(jobs, os.cpu_count() or 1, len(pieces))) as pool:
        return merge(pool.map(count, *zip(*pieces)))


def merge(parts: Iterable[Mapping[int, int]]) -> Counter:
    """Add up the counts of several chunks."""
    total: Counter = Counter()
    for part in parts:
        total.update(part)
    return total


def table_lines(header: str, counts: Mapping[int, int], n: int,
                descending: bool = False) -> list[str]:
    """The probability table: header, a rule as wide as it, then ``k | percent`` rows.

    One row per outcome counted at least once; the percentage is ``count / n`` formatted as
    ``9.2%``, so a positive frequency that rounds to zero still shows as ``0.00%``.
    """
    key_width = header.index(" | ")
    rows = [f"{k:>{key_width}} | {counts[k] / n:9.2%}"
            for k in sorted(counts, reverse=descending) if counts[k]]
    return [header, "-" * len(header), *rows]
