"""The log of an odds run: a header line (``# classic rules, budget ..., tier ..., memory
...``), then ``seed STATUS seconds positions`` per deal, in the order they finish.  A run that
stops (Ctrl-C, a kill, a power cut) keeps every deal it finished: the same command goes on
from there."""

from __future__ import annotations

import os
from typing import BinaryIO

from cardgames.aces_up.odds.run import Deal, Run
from cardgames.aces_up.search import Status


class LogError(ValueError):
    """A log that cannot be read as, or continued by, the run asked for."""


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
