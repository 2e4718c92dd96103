"""The log of an odds run, checked whole before anything is written to it.

A log is ASCII text: a header line (``# classic rules, budget ..., deferred-discard search,
tier ..., memory ..., J processes``, or for a player's run ``# classic rules, player NAME, tier ..., J
processes``; ``J Dask workers`` for a run on a cluster), then ``seed STATUS seconds work check`` per deal, in the order they finish
(``run.Deal`` says what the verdicts and the work are); a run that goes on from a log adds a
``# continued: ...`` header with the same rules, budget or player, tier and memory.  ``check`` is eight hex digits of a CRC-32 of the run's identity
and the line: a line edited by hand, or copied from another run's log, is refused (this
catches mistakes, not forgeries: anyone can compute it).  A run that stops (Ctrl-C, a kill,
a power cut) keeps every deal it finished: the same command goes on from there.

A file that is not such a log, whole, is refused and never written to: nothing in it is cut
or added.  The only change made to a log before the run's first line is to drop the piece of
a line that a stop left at its end.
"""

from __future__ import annotations

import math
import os
import re
import zlib
from typing import BinaryIO

from cardgames.aces_up.odds.run import PLAYED, RULES, SOLVED, Deal, Run
from cardgames.aces_up.search import Status, search_name

__all__ = ["LogError", "Header", "header", "parse_header", "parse_line", "deal_line",
           "parse_log", "read_log", "compared_log", "settled_log", "Log"]

#: The most bytes of a piece after the last newline taken for a line cut by a stop.
CUT_PIECE_LIMIT = 200


class LogError(ValueError):
    """A file that cannot be read as, or continued by, the run asked for."""


def _how(run: Run, tier: str, memory: int) -> str:
    """The part of the header that, besides the identity, can change a verdict: the search
    (``search_name``: each counts its own positions), with a budget in seconds the tier's
    speed, with a budget in positions the memory (past it the search forgets, and counts
    positions again); a player has no budget: its tier alone (which must not change a game:
    a log keeps one).  Logs made before the search was named have no search in their
    header: they were made with the plain search, and are read, not continued."""
    if run.player is not None:
        return f"tier {tier}"
    return (f"{search_name()} search, tier {tier}, "
            f"memory {memory >> 20} MiB per process")


def header(run: Run, tier: str, memory: int, jobs: int, cluster: bool = False) -> str:
    """The log's first line, without ``#``: the run's identity, then how it ran (``jobs``
    processes here, or the workers of a Dask cluster when it started)."""
    where = f"Dask worker{'s' if jobs > 1 else ''}" if cluster else \
        f"process{'es' if jobs > 1 else ''}"
    return f"{run.identity()}, {_how(run, tier, memory)}, {jobs} {where}"


_HEADER = re.compile(r"(?P<identity>(classic rules|no lone moves), "
                     r"(budget [ -~]+ per deal|player (?P<player>[a-z][a-z-]*))), "
                     r"(?P<how>(?P<search>(deferred-discard|plain) search, )?tier [a-z]+"
                     r"(?P<memory>, memory [0-9]+ MiB per process)?), "
                     r"[1-9][0-9]* (process(es)?|Dask workers?)")
_PLAYER = re.compile(r"(classic rules|no lone moves), player (?P<player>[a-z][a-z-]*)")
_LINE = re.compile(r"(?P<seed>-?(0|[1-9][0-9]*)) (?P<status>[A-Z]+) "
                   r"(?P<seconds>[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?) (?P<positions>0|[1-9][0-9]*)"
                   r" (?P<check>[0-9a-f]{8})")


class Header:
    """What a log's header says of its run: its identity (rules, budget or player) and how
    it ran."""

    def __init__(self, identity: str, how: str) -> None:
        self.identity = identity
        self.how = how

    def key(self) -> str:
        """What each line's check is computed over, besides the line."""
        return f"{self.identity}, {self.how}"

    @property
    def player(self) -> str | None:
        """The player of a player's run, None for the solver's."""
        found = _PLAYER.fullmatch(self.identity)
        return found["player"] if found else None

    @property
    def relaxed(self) -> bool:
        """Whether the run's positions count the relaxed games too: those of the plain
        search, named or made before the search was named (the deferred search has none)."""
        return " search, " not in self.how or "plain search" in self.how

    def verdicts(self) -> tuple[str, ...]:
        """The verdicts its deals can have."""
        return SOLVED if self.player is None else PLAYED


def parse_header(text: str) -> Header | None:
    """The Header of a header line's text (without ``#`` and ``continued:``), else None: a
    solver's run says its memory (and, since it was named, its search), a player's does not."""
    found = _HEADER.fullmatch(text)
    if found is None or (found["player"] is None) != (found["memory"] is not None) or (
            found["player"] is not None and found["search"] is not None):
        return None
    return Header(found["identity"], found["how"])


def _check(key: str, line: str) -> str:
    """The check of a deal's line (without its check) in the log of the run ``key``."""
    return f"{zlib.crc32(f'{key}|{line}'.encode('ascii')):08x}"


def parse_line(line: str) -> Deal:
    """A log line ``seed STATUS seconds work check``; ValueError when it is not one
    (ASCII digits only, a known verdict, finite seconds).  The check is read, not verified:
    ``parse_log`` verifies it, and the verdict's kind, against the header."""
    found = _LINE.fullmatch(line)
    if found is None:
        raise ValueError(f"not a deal's line: {line[:60]!r}")
    if found["status"] not in SOLVED + PLAYED:
        raise ValueError(f"unknown verdict {found['status']!r}")
    seconds = float(found["seconds"])
    if not math.isfinite(seconds):
        raise ValueError(f"not a finite time: {found['seconds']!r}")
    return Deal(int(found["seed"]), found["status"], seconds, int(found["positions"]))


def deal_line(deal: Deal, key: str) -> str:
    """The log line of a deal in the log of the run ``key`` (``Header.key``), newline
    included: the inverse of ``parse_line``."""
    line = f"{deal.seed} {deal.status} {deal.seconds!r} {deal.positions}"
    return f"{line} {_check(key, line)}\n"


def parse_log(text: str, name: str) -> tuple[list[str], list[Deal]]:
    """The header lines (without ``#``) and the deals of a log's text; LogError unless the
    whole text is a log (see the module's docstring).

    A last line without its newline was cut by a stop in the middle of its writing: it is
    left out, even when what is left of it reads as a deal.
    """
    lines = text.split("\n")
    if len(lines[-1]) > CUT_PIECE_LIMIT or not lines[-1].isascii():
        raise LogError(f"{name}: not a log of --odds (its last line is no line of one)")
    headers: list[str] = []
    deals: list[Deal] = []
    first: Header | None = None
    for number, line in enumerate(lines[:-1], 1):
        where = f"{name}, line {number}"
        if line.startswith("#"):
            text = line[1:].strip()
            found = parse_header(text.removeprefix("continued: ") if headers else text)
            if found is None or (first is not None and found.key() != first.key()):
                raise LogError(f"{where}: not the header of this log's run: {line[:80]!r}")
            first = first or found
            headers.append(text)
            continue
        if first is None:
            raise LogError(f"{name}: not a log of --odds (it does not start with its header)")
        try:
            deal = parse_line(line)
        except ValueError as error:
            raise LogError(f"{where}: {error}") from None
        if deal_line(deal, first.key()) != line + "\n":
            raise LogError(f"{where}: the line does not pass its check (edited by hand, or "
                           f"from another run's log?): {line[:60]!r}")
        if deal.status not in first.verdicts():
            raise LogError(f"{where}: no verdict of this log's run: {line[:60]!r}")
        deals.append(deal)
    seeds = [deal.seed for deal in deals]
    if len(set(seeds)) < len(seeds):
        raise LogError(f"{name}: a seed is logged twice (two runs in one log?)")
    return headers, deals


def _text(data: bytes, name: str) -> str:
    """A log's bytes as text; LogError when they are not ASCII."""
    if not data.isascii():
        raise LogError(f"{name}: not a log of --odds (a log is ASCII text)")
    return data.decode("ascii")


def read_log(path: str) -> tuple[list[str], list[Deal]]:
    """The header lines and the deals of the log at ``path`` (see ``parse_log``)."""
    with open(path, "rb") as log:
        return parse_log(_text(log.read(), path), path)


def compared_log(path: str, option: str, lone_moves: bool, played: bool,
                 seeds: range) -> tuple[Header, dict[int, str]]:
    """The header and the verdicts by seed of the log at ``path``, which ``option`` names to
    compare a player's run with: a log of the same rules, of a player's run when ``played``
    (else of the solver's), holding every seed of ``seeds``.  LogError when it is not such
    a log, OSError when it cannot be read; it is only read."""
    found, deals = _log_of(path, option, lone_moves, played)
    verdicts = {deal.seed: deal.status for deal in deals}
    held = sum(1 for seed in verdicts if seed in seeds)
    if held < seeds.stop - seeds.start:
        missing = next(seed for seed in seeds if seed not in verdicts)
        raise LogError(f"{option} {path}: holds {held:,} of the seeds of --seeds, not seed "
                       f"{missing} for one: give a log of (at least) the same seeds")
    return found, verdicts


def settled_log(path: str, option: str, lone_moves: bool) -> list[Deal]:
    """The deals settled (winnable or lost) in the log at ``path``, which ``option`` names: a
    solver's log of the same rules, of any budget, search or seeds (a settled verdict is
    exact).  LogError when it is not such a log, OSError when it cannot be read; it is only
    read."""
    _, deals = _log_of(path, option, lone_moves, played=False)
    return [deal for deal in deals if deal.status != Status.UNSETTLED.name]


def _log_of(path: str, option: str, lone_moves: bool, played: bool) -> tuple[Header, list[Deal]]:
    """The header and deals of the log at ``path``, checked to be of the rules and of a
    player's run when ``played`` (else of the solver's); LogError when not."""
    if os.path.exists(path) and not os.path.isfile(path):
        what = "a folder" if os.path.isdir(path) else "not a regular file"
        raise LogError(f"{option} {path}: {what}: give the --log of an --odds run")
    try:
        headers, deals = read_log(path)
    except LogError as error:       # it names the file and the line: and the option here
        raise LogError(f"{option} {error}") from None
    found = parse_header(headers[0]) if headers else None
    kind = "a player's --odds run (with --player)" if played else \
        "the odds with the stock known (--odds without --player)"
    if found is None or (found.player is not None) != played:
        raise LogError(f"{option} {path}: not a log of {kind}")
    if not found.identity.startswith(f"{RULES[lone_moves]}, "):
        raise LogError(f"{option} {path}: a log of other rules ({headers[0]}): give a log "
                       f"of {RULES[lone_moves]}")
    return found, deals


class Log:
    """A run's log, open for reading and appending, locked against a second run.

    Opening it reads and checks it whole and changes nothing.  A log that cannot be written
    (a read-only file) can still be read, for its summary.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        if os.path.isdir(path):
            raise LogError(f"{path} is a folder: give the path of a file for the log")
        if os.path.exists(path) and not os.path.isfile(path):
            raise LogError(f"{path} is not a regular file: give the path of a file for the log")
        try:
            # unbuffered: each line reaches the file whole or fails at once, and closing
            # has nothing left to write (a full disk is told once, by the write that failed)
            self.file: BinaryIO = open(path, "a+b", buffering=0)   # noqa: SIM115
            self.writable = True
        except OSError:
            if not os.path.isfile(path):
                raise
            self.file = open(path, "rb", buffering=0)    # noqa: SIM115
            self.writable = False
        try:
            if self.writable:
                self._lock()
            self.file.seek(0)
            self.data = self.file.read()
            self.headers, self.deals = parse_log(_text(self.data, path), path)
        except BaseException:
            self.file.close()
            raise
        #: What the first header says (None for an empty log); parse_log checked it.
        self.header = parse_header(self.headers[0]) if self.headers else None

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

    def deals_of(self, run: Run) -> list[Deal]:
        """The deals logged, checked to be of ``run`` (LogError when they are another's)."""
        if self.header is not None and self.header.identity != run.identity():
            raise LogError(f"{self.path} holds another run ({self.headers[0]}); this one is "
                           f"{run.identity()}: give another --log")
        return self.deals

    def go_on(self, run: Run, tier: str, memory: int, jobs: int, cluster: bool = False) -> None:
        """Drop a piece of a line a stop left at the end, then write the header of the run
        about to add deals (``continued:`` when the log has one); LogError when the log was
        made with another tier or memory, which could change verdicts."""
        if not self.writable:
            raise LogError(f"cannot write the log {self.path}")
        line = header(run, tier, memory, jobs, cluster)
        ours = Header(run.identity(), _how(run, tier, memory))
        if self.header is not None and ours.key() != self.header.key():
            same = "--tier" if run.player is not None else "--tier and --memory"
            if run.player is None and f"{search_name()} search, " not in self.header.how:
                raise LogError(f"{self.path} was made as {self.headers[0]}, with the plain "
                               f"search of an earlier version; this one runs the "
                               f"{search_name()} search: give another --log")
            raise LogError(f"{self.path} was made as {self.headers[0]}; go on with the same "
                           f"{same}")
        if not self.data.endswith(b"\n"):
            self.file.truncate(self.data.rfind(b"\n") + 1)
        continued = "continued: " if self.header is not None else ""
        self.header = ours
        self._write(f"# {continued}{line}\n")

    def add(self, deal: Deal) -> None:
        """Write one deal's line, whole, at once (after ``go_on``)."""
        assert self.header is not None, "go_on writes the header first"
        self._write(deal_line(deal, self.header.key()))

    def _write(self, text: str) -> None:
        """Append ``text`` to the file."""
        data = memoryview(text.encode("ascii"))
        while data:     # a short write (the disk filling up) is followed by the one that fails
            data = data[self.file.write(data) or 0:]

    def kept(self) -> int | None:
        """How many deals the run added to the file, read back from it (a Ctrl-C may come
        after a line's write and before the caller counts it); None when it cannot be read."""
        try:
            self.file.seek(0)
            return len(parse_log(_text(self.file.read(), self.path), self.path)[1]) - \
                len(self.deals)
        except (OSError, LogError):
            return None

    def close(self) -> None:
        """Close the file (and so release the lock)."""
        self.file.close()
