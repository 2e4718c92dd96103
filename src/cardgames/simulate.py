"""Monte-Carlo over a seed range, as a map-reduce of integer counts.

A game supplies a *batch counter*: a picklable function ``count(start, stop)`` that plays the
seeded games ``start .. stop-1`` without building any text and returns ``{outcome: games}``
(the games' counters take a ``tier`` too, bound by :func:`on_tier`).
This module splits a seed range into chunks, runs them in this process or on any
``concurrent.futures.Executor``, and merges the counts.  Tables are formatted from the
integer counts only at the last step.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, cast

from cardgames import tiers

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

BatchCounter = Callable[[int, int], Mapping[int, int]]


class TieredCounter(Protocol):
    """A game's batch counter, which also takes the tier to play on (see ``tiers``) and the
    size of the whole run, which the automatic choice of tier goes by."""

    def __call__(self, start: int, stop: int, tier: str | None = None,
                 run_games: int | None = None) -> Mapping[int, int]: ...


#: Seeds per chunk sent to a worker: large enough to hide the dispatch cost.
CHUNK = 20_000
#: Chunks handed to a local pool ahead of the results, per worker: enough to keep every
#: worker busy, few enough that memory does not grow with the number of games.
AHEAD = 4
#: The same for an executor given by the caller, whose number of workers is not known.
EXECUTOR_AHEAD = 64


def chunks(start: int, n: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """Split the seeds start .. start+n-1 into (start, stop) pieces of at most ``size`` seeds."""
    stop = start + n
    return ((lo, min(lo + size, stop)) for lo in range(start, stop, size))


def on_tier(count: TieredCounter, n: int, tier: str | None = None) -> BatchCounter:
    """``count`` bound to the tier that suits a run of n games (see ``tiers.choose``).

    Raises ``tiers.TierError`` when the tier asked for is unknown or not installed.
    """
    return functools.partial(count, tier=tiers.choose(tier, n))


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):      # no affinity here (macOS, Windows)
        return os.cpu_count() or 1


def worker_processes(jobs: int, tasks: int) -> int:
    """How many worker processes ``--jobs jobs`` starts for ``tasks`` pieces of work: one
    rule for every ``--jobs``, at most one per core and one per piece (more only wait)."""
    return max(1, min(jobs, cores(), tasks))


def count_outcomes(count: BatchCounter, start: int, n: int, jobs: int = 1,
                   executor: Executor | None = None,
                   progress: Callable[[int], None] | None = None) -> Counter[int]:
    """Play seeds start .. start+n-1 and return how many games ended with each outcome.

    With ``executor`` the chunks are submitted to it (any Executor, local or distributed);
    otherwise ``jobs > 1`` starts a local process pool and ``jobs == 1`` stays in this process.
    Chunks are made as they are submitted, a few per worker ahead of the results, so memory
    does not grow with n.  ``progress``, if given, is called with the number of games done
    after each chunk.  The counts are the same whichever way the work is split.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if executor is None and jobs == 1 and progress is None:
        return Counter(count(start, start + n))
    size = max(1, min(CHUNK, -(-n // jobs)))
    pieces = chunks(start, n, size)
    if executor is None and jobs == 1:
        return merge(_reporting(((count(lo, hi), hi - lo) for lo, hi in pieces), progress))
    if executor is not None:
        return merge(_reporting(_submitted(executor, count, pieces, EXECUTOR_AHEAD), progress))
    from concurrent.futures import ProcessPoolExecutor  # loads multiprocessing: only when used
    # One game first, here: forked workers inherit what it loads and checks once (NumPy, the
    # compiled kernels, the tier's self-check) instead of each paying for it again.
    count(start, start + 1)
    workers = worker_processes(jobs, -(-n // size))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=prepare_worker)
    with terminate_as_exit():
        try:
            counts = merge(_reporting(_submitted(pool, count, pieces, AHEAD * workers),
                                      progress))
        except BaseException:  # Ctrl-C, a kill: the run's results are dropped, so are its workers
            stop_pool(pool)
            raise
        pool.shutdown(wait=True)
        return counts


def stop_pool(pool: Any) -> None:
    """End a local pool at once: its waiting chunks cancelled, its workers terminated.

    Waiting for the running chunks could take for ever if a second Ctrl-C or kill came
    meanwhile; the signals wait until the workers are gone.  The pool keeps its workers in
    ``_processes`` and its manager thread in ``_executor_manager_thread``: there is no public
    way to terminate them or wait for it before Python 3.14.
    """
    import signal

    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)  # forgotten at shutdown
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(5)
        # The pool's manager thread closes its wake-up pipe once it sees the workers gone;
        # until it has, the interpreter's exit hook may write to that pipe while it is being
        # closed ("Exception ignored ... Bad file descriptor" on stderr after a Ctrl-C).
        if manager is not None:
            manager.join(5)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def prepare_worker() -> None:
    """In a worker: ignore Ctrl-C, which the terminal sends to every process of the group,
    and end when the process that started it is gone.

    The main process stops the pool; a worker interrupted inside the pool's own queues
    could leave it waiting for ever.  A main process killed by a signal it cannot catch
    (``kill -9``) stops nothing: its workers see that their parent changed and end within
    PARENT_CHECK_SECONDS, releasing what they hold (a log's lock, their memory).
    """
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the main's handler, inherited by fork
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True,
                     name="end-with-parent").start()


#: How often a worker looks whether the process that started it is still there (seconds).
PARENT_CHECK_SECONDS = 0.5
#: A worker's exit status when its parent is gone.
ORPHANED_STATUS = 1


def _end_with_parent(parent: int) -> None:
    """End this process at once when its parent is no longer ``parent``."""
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(ORPHANED_STATUS)


@contextlib.contextmanager
def terminate_as_exit() -> Iterator[None]:
    """Inside the block, SIGTERM (from kill, timeout, a job scheduler) ends the run cleanly.

    Its default action would kill this process alone and leave the workers of its pool
    running; as SystemExit(143) it stops them first.  Only the main thread can do this.
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _submitted(executor: Executor, count: BatchCounter, pieces: Iterable[tuple[int, int]],
               ahead: int) -> Iterator[tuple[Mapping[int, int], int]]:
    """(counts, games) of each chunk in order, with at most ``ahead`` chunks submitted ahead."""
    waiting: deque[tuple[Future[Mapping[int, int]], int]] = deque()
    for lo, hi in pieces:
        waiting.append((executor.submit(count, lo, hi), hi - lo))
        if len(waiting) >= ahead:
            future, games = waiting.popleft()
            yield future.result(), games
    while waiting:
        future, games = waiting.popleft()
        yield future.result(), games


def _reporting(parts: Iterable[tuple[Mapping[int, int], int]],
               progress: Callable[[int], None] | None) -> Iterator[Mapping[int, int]]:
    """Pass the chunks' counts through, telling ``progress`` how many games are done."""
    done = 0
    for part, games in parts:
        done += games
        if progress is not None:
            progress(done)
        yield part


def tally(codes: Iterable[int]) -> Counter[int]:
    """How many games gave each code: codes are ints, or a NumPy array of small ints."""
    if hasattr(codes, "dtype"):  # NumPy: count in C
        import numpy as np

        counts = np.bincount(cast(Any, codes)).tolist()
        return Counter({code: count for code, count in enumerate(counts) if count})
    return Counter(codes)


def tally_by_block(codes_of: Callable[[range], Iterable[int]], seeds: range) -> Counter[int]:
    """tally(codes_of(seeds)), CHUNK seeds at a time: memory does not grow with the range."""
    total: Counter[int] = Counter()
    for lo, hi in chunks(seeds.start, seeds.stop - seeds.start):  # len() stops at 2**63
        total.update(tally(codes_of(range(lo, hi))))
    return total


def merge(parts: Iterable[Mapping[int, int]]) -> Counter[int]:
    """Add up the counts of several chunks."""
    total: Counter[int] = Counter()
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


#: The standard normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion of k successes in n trials."""
    z = Z95
    if n <= 0:
        raise ValueError("n must be positive")
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high
