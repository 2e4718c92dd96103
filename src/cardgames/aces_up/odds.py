"""The odds of winning Aces Up with the stock known: the seeded deals of a range, each solved
within a budget, kept in a log one line per deal, and summed up with Wilson 95% intervals.

A deal the solver settles is winnable or proved lost whatever the machine; a deal it leaves
unsettled is counted apart, and the summary bounds the share of winnable deals by counting
the unsettled ones as lost, then as won.  A budget in positions (``max_nodes``) gives the same
log on any machine at any load (the two tiers visit the same positions); a budget in seconds
depends on both.

The log starts with a header line (``# classic rules, budget ..., tier ..., memory ...``),
then ``seed STATUS seconds positions`` per deal, in the order they finish.  A run that stops
(Ctrl-C, a kill, a power cut) keeps every deal it finished: the same command goes on from
there.  This module plays no I/O but the log; ``cli`` prints.
"""

from __future__ import annotations

import os
import statistics
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.solver import Status, solve
from cardgames.simulate import wilson_interval

if TYPE_CHECKING:
    from concurrent.futures import Future

#: How the log and the summary name the two sets of rules.
RULES = {True: "classic rules", False: "no lone moves"}
#: Deals handed to each worker ahead of the results: enough to keep it busy.
AHEAD = 2


class Deal(NamedTuple):
    """One solved deal: its seed, the verdict's name (``Status``), seconds and positions."""

    seed: int
    status: str
    seconds: float
    positions: int


@dataclass(frozen=True)
class Budget:
    """What one deal may spend: seconds, positions or both (None: no limit on that).

    ``positions`` bounds the positions of the real game searched (``solve``'s
    ``max_nodes``); the relaxed games the solver searches as well count apart, so a deal's
    total of positions may pass it.
    """

    seconds: float | None = None
    positions: int | None = None

    def text(self) -> str:
        """``budget 10 s per deal``, ``budget 25,000,000 positions per deal``, or both."""
        parts = ([f"{self.seconds:g} s"] if self.seconds is not None else []) + (
            [f"{self.positions:,} game positions"] if self.positions is not None else [])
        return f"budget {' and '.join(parts) or 'unlimited'} per deal"


@dataclass(frozen=True)
class Run:
    """What a run solves: the rules and the budget, which decide its verdicts."""

    lone_moves: bool
    budget: Budget

    def identity(self) -> str:
        """The start of the log's header: two logs with the same identity can be merged."""
        return f"{RULES[self.lone_moves]}, {self.budget.text()}"


class LogError(ValueError):
    """A log that cannot be read as, or continued by, the run asked for."""


def solve_deal(seed: int, run: Run, tier: str | None, memory: int) -> Deal:
    """Solve the opening deal of ``seed`` within the run's budget.

    Raises KeyboardInterrupt when Ctrl-C stopped the search: an interrupted deal is not
    unsettled, and must not be logged as such.
    """
    found = solve(seeded_position(seed), run.lone_moves, max_nodes=run.budget.positions,
                  max_seconds=run.budget.seconds, tier=tier, memory=memory)
    if found.interrupted:
        raise KeyboardInterrupt
    return Deal(seed, found.status.name, found.seconds, found.nodes)


def header(run: Run, tier: str, memory: int, jobs: int) -> str:
    """The log's first line, without ``#``: the run's identity, then how it ran."""
    return f"{run.identity()}, {_how(tier, memory)}, {jobs} process{'es' if jobs > 1 else ''}"


def _how(tier: str, memory: int) -> str:
    """The part of the header that, besides the identity, can change a verdict: with a
    budget in seconds the tier's speed, with a budget in positions the memory (past it the
    search forgets, and counts positions again)."""
    return f"tier {tier}, memory {memory >> 20} MiB per process"


def parse_line(line: str) -> Deal:
    """A log line ``seed STATUS seconds positions``; ValueError when it is not one."""
    seed, status, seconds, positions = line.split()
    if status not in Status.__members__:
        raise ValueError(f"unknown verdict {status!r}")
    return Deal(int(seed), status, float(seconds), int(positions))


def deal_line(deal: Deal) -> str:
    """The log line of a deal (the inverse of ``parse_line``), newline included."""
    return f"{deal.seed} {deal.status} {deal.seconds!r} {deal.positions}\n"


def parse_log(text: str, name: str) -> tuple[list[str], list[Deal]]:
    """The header lines (without ``#``) and the deals of a log's text.

    A last line without its newline was cut by a stop in the middle of its writing: it is
    dropped, even when what is left of it reads as a deal.  A deal logged twice is refused
    (two runs mixed), so is a line that cannot be read.
    """
    lines = text.split("\n")[:-1]          # the piece after the last newline is cut
    headers: list[str] = []
    deals: list[Deal] = []
    for number, line in enumerate(lines, 1):
        if line.startswith("#"):
            headers.append(line[1:].strip())
        elif line.strip():
            try:
                deals.append(parse_line(line))
            except ValueError:
                raise LogError(f"{name}, line {number}: not 'seed verdict seconds "
                               f"positions': {line[:60]!r}") from None
    seeds = [deal.seed for deal in deals]
    if len(set(seeds)) < len(seeds):
        raise LogError(f"{name}: a seed is logged twice (two runs in one log?)")
    return headers, deals


def read_log(path: str) -> tuple[list[str], list[Deal]]:
    """The header lines and the deals of the log at ``path`` (see ``parse_log``)."""
    with open(path, encoding="utf-8", newline="") as log:
        return parse_log(log.read(), path)


class Log:
    """A run's log, open for reading and appending, locked against a second run.

    Opening it cuts the piece of a line a stop left at its end, so that the next deal
    starts a line of its own.  A log that cannot be written (a read-only file) can still
    be read, for its summary.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        if os.path.isdir(path):
            raise LogError(f"{path} is a folder: give the path of a file for the log")
        if os.path.exists(path) and not os.path.isfile(path):
            raise LogError(f"{path} is not a regular file: give the path of a file for the log")
        try:
            self.file: BinaryIO = open(path, "a+b")   # noqa: SIM115 (closed by close())
            self.writable = True
        except OSError:
            if not os.path.isfile(path):
                raise
            self.file = open(path, "rb")    # noqa: SIM115
            self.writable = False
        try:
            if self.writable:
                self._lock()
                self._cut_last_piece()
            self.file.seek(0)
            self.headers, self.deals = parse_log(self.file.read().decode("utf-8"), path)
        except BaseException:
            self.file.close()
            raise

    def _lock(self) -> None:
        """Hold the log for this run alone (where the system has ``fcntl``)."""
        try:
            import fcntl
        except ImportError:
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LogError(f"{self.path} is being written by another run") from None

    def _cut_last_piece(self) -> None:
        """Truncate the file after its last newline."""
        self.file.seek(0)
        data = self.file.read()
        if data and not data.endswith(b"\n"):
            self.file.truncate(data.rfind(b"\n") + 1)

    def deals_of(self, run: Run) -> list[Deal]:
        """The deals logged, checked to be of ``run`` (LogError when they are another's)."""
        if self.headers and not self.headers[0].startswith(run.identity() + ","):
            raise LogError(f"{self.path} holds another run ({self.headers[0]}); this one is "
                           f"{run.identity()}: give another --log")
        if self.deals and not self.headers:
            raise LogError(f"{self.path} holds deals but no header: not a log of --odds")
        return self.deals

    def go_on(self, run: Run, tier: str, memory: int, jobs: int) -> None:
        """Write the header of the run about to add deals (``continued:`` when the log holds
        some); LogError when the log was made with another tier or memory, which could
        change verdicts."""
        if not self.writable:
            raise LogError(f"cannot write the log {self.path}")
        how = _how(tier, memory)
        if self.headers and f", {how}," not in f"{self.headers[0]},":
            raise LogError(f"{self.path} was made as {self.headers[0]}; go on with the same "
                           "--tier and --memory")
        continued = "continued: " if self.headers else ""
        self._write(f"# {continued}{header(run, tier, memory, jobs)}\n")

    def add(self, deal: Deal) -> None:
        """Write one deal's line, whole, at once."""
        self._write(deal_line(deal))

    def _write(self, text: str) -> None:
        """Append ``text`` and push it to the file."""
        self.file.write(text.encode("utf-8"))
        self.file.flush()

    def close(self) -> None:
        """Close the file (and so release the lock)."""
        self.file.close()


def solved(seeds: Iterable[int], run: Run, tier: str, memory: int,
           jobs: int = 1) -> Iterator[Deal]:
    """Solve each seed, yielding its deal as soon as it and the ones before it are done.

    The seeds are taken as they are needed (a range of any size costs no memory).
    ``jobs > 1`` solves in a pool of processes (started once the caller has loaded the
    solver, so that forked workers inherit it).  Ctrl-C or SIGTERM stops the pool at once:
    the deals already yielded are all that is kept.
    """
    if jobs == 1:
        for seed in seeds:
            yield solve_deal(seed, run, tier, memory)
        return
    from concurrent.futures import ProcessPoolExecutor

    from cardgames.simulate import ignore_interrupts, stop_pool, terminate_as_exit

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=ignore_interrupts)
    with terminate_as_exit():
        try:
            waiting: deque[Future[Deal]] = deque()
            for seed in seeds:
                waiting.append(pool.submit(solve_deal, seed, run, tier, memory))
                if len(waiting) >= AHEAD * jobs:
                    yield waiting.popleft().result()
            while waiting:
                yield waiting.popleft().result()
        except BaseException:
            stop_pool(pool)
            raise
    pool.shutdown(wait=True)


@dataclass(frozen=True)
class Tally:
    """How many deals of a run are winnable, proved lost and unsettled."""

    won: int
    lost: int
    unsettled: int

    @classmethod
    def of(cls, deals: Iterable[Deal]) -> Tally:
        """Count the verdicts of ``deals``."""
        statuses = [deal.status for deal in deals]
        return cls(statuses.count(Status.WINNABLE.name), statuses.count(Status.LOST.name),
                   statuses.count(Status.UNSETTLED.name))

    def plus(self, deal: Deal) -> Tally:
        """The tally with one more deal."""
        return Tally(self.won + (deal.status == Status.WINNABLE.name),
                     self.lost + (deal.status == Status.LOST.name),
                     self.unsettled + (deal.status == Status.UNSETTLED.name))

    @property
    def total(self) -> int:
        """The number of deals."""
        return self.won + self.lost + self.unsettled

    def bounds(self) -> tuple[float, float, float, float]:
        """The share winnable over all deals at least and at most, each with its outer 95%
        limit: (least, its lower limit, most, its upper limit).  Unsettled deals count as
        lost for the least, as won for the most."""
        least, most = self.won / self.total, (self.won + self.unsettled) / self.total
        return (least, wilson_interval(self.won, self.total)[0],
                most, wilson_interval(self.won + self.unsettled, self.total)[1])


def summary(deals: Sequence[Deal], title: str) -> list[str]:
    """The report of a run, in lines of at most 79 columns (but the title): the verdicts,
    the share winnable with its bounds, the time and the work."""
    if not deals:
        return [title, "no deals"]
    tally = Tally.of(deals)
    width = len(f"{tally.total:,}")
    lines = [title] + [f"  {name:<14}{count:>{width},}  ({count / tally.total:.1%})"
                       for name, count in (("winnable", tally.won),
                                           ("cannot be won", tally.lost),
                                           ("unsettled", tally.unsettled))]
    least, lowest, most, highest = tally.bounds()
    lines.append(f"share winnable over all deals: between {least:.1%} and {most:.1%}")
    lines.append(f"  (95% CI from {lowest:.1%} to {highest:.1%}; the unsettled deals "
                 "counted as lost, then won)")
    settled = tally.won + tally.lost
    if settled:
        low, high = wilson_interval(tally.won, settled)
        lines.append(f"among the settled deals: {tally.won / settled:.1%} (95% CI {low:.1%} "
                     f"to {high:.1%})")
        lines.append("  (biased: the deals that settle fast are more often won)")
    seconds = [deal.seconds for deal in deals]
    positions = [deal.positions for deal in deals]
    rate = sum(positions) / max(sum(seconds), 1e-9)
    lines.append(f"time per deal: median {statistics.median(seconds):.2f} s, max "
                 f"{max(seconds):.2f} s; {rate:,.0f} positions a second")
    lines.append("positions per deal (relaxed games included): median "
                 f"{statistics.median(positions):,.0f}")
    settled_work = [d.positions for d in deals if d.status != Status.UNSETTLED.name]
    open_work = [d.positions for d in deals if d.status == Status.UNSETTLED.name]
    extremes = [f"most for a settled deal {max(settled_work):,}"] if settled_work else []
    if open_work:
        extremes.append(f"least for an unsettled one {min(open_work):,}")
    if extremes:
        lines.append(f"  {'; '.join(extremes)}")
    return lines


def title(run: Run, seeds: range) -> str:
    """The summary's first line."""
    return f"Aces Up, {RULES[run.lone_moves]}: seeds {seeds.start}..{seeds.stop - 1}, " \
           f"{run.budget.text()}"


def progress_text(done: int, total: int, tally: Tally, seconds: float) -> str:
    """The status line of a run under way: deals done, verdicts so far, time left."""
    text = (f"{done:,} of {total:,} deals: {tally.won:,} won, {tally.lost:,} lost, "
            f"{tally.unsettled:,} open")
    if done:
        left = seconds / done * (total - done)
        text += f", {_duration(left)} left"
    return text


def _duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``3 h 20 min``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes} min"
