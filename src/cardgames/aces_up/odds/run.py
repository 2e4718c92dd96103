"""What an odds run does (the rules, and the budget of the solver or the player that plays)
and the solving or playing of its deals, in one process, a pool of them or any Executor (a
Dask cluster's)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import islice
from threading import Lock
from typing import TYPE_CHECKING, NamedTuple

from cardgames import clock
from cardgames.aces_up.players.tiers import play_seed, player_tier
from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.search import Status, solve, solver_tier
from cardgames.numbers import integer_text
from cardgames.simulate import prepare_worker, stop_pool, terminate_as_exit

if TYPE_CHECKING:
    from concurrent.futures import Future

#: How the log and the summary name the two sets of rules.
RULES = {True: "classic rules", False: "no lone moves"}
#: Deals (or pieces of a player's deals) handed to each worker and not yet finished.
AHEAD = 2
#: The most pieces handed out and not yet yielded, finished or not: a run stopped loses
#: those finished behind an unfinished one (the log keeps the deals in order).
HELD = 256
#: The verdicts of a deal a player played: won or lost.
WON, PLAYED_LOST = "WON", "LOST"
PLAYED = (WON, PLAYED_LOST)
#: The verdicts of a deal the solver solved (``Status``'s names).
SOLVED = tuple(Status.__members__)
#: About how long a piece of a player's deals takes in a worker, and the most deals in one:
#: a player's deal can take a fraction of a millisecond, less than handing it over.
PIECE_SECONDS = 0.25
PIECE_MOST = 1000
#: One deal at a time in a process: the compiled search and players keep their work arrays
#: in the process, from deal to deal, so two threads of one Dask worker must not use them at
#: once.  A deal's seconds are counted once it holds the lock.
ONE_AT_A_TIME = Lock()


class Deal(NamedTuple):
    """One deal: its seed, the verdict's name, seconds and work.

    Solved, the verdict is a ``Status`` name and the work the positions searched; played,
    the verdict is ``WON`` or ``LOST`` and the work the commands of the game (deals
    included).
    """

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
        parts = ([f"{_exact(self.seconds)} s"] if self.seconds is not None else []) + (
            [f"{integer_text(self.positions, ',')} game positions"] if self.positions is not None else [])
        return f"budget {' and '.join(parts) or 'unlimited'} per deal"


def _exact(seconds: float) -> str:
    """A number of seconds as it was given: ``10``, ``0.5``, ``3.0000001``, ``inf``."""
    if float(seconds).is_integer() and abs(seconds) < 1e16:
        return str(int(seconds))
    return repr(float(seconds))


@dataclass(frozen=True)
class Run:
    """What a run does: the rules and either the solver's budget or the player (a name of
    ``players.PLAYERS``) that plays each deal honestly; they decide its verdicts."""

    lone_moves: bool
    budget: Budget = field(default_factory=Budget)
    player: str | None = None

    def what(self) -> str:
        """``budget ... per deal`` for the solver, ``player NAME`` for a player."""
        return self.budget.text() if self.player is None else f"player {self.player}"

    def identity(self) -> str:
        """The start of the log's header: two logs with the same identity can be merged."""
        return f"{RULES[self.lone_moves]}, {self.what()}"


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


def play_deal(seed: int, run: Run, tier: str) -> Deal:
    """Play the deal of ``seed`` to its end with the run's player, who never sees the
    stock: won or lost, the seconds it took and the commands played (``tier`` as
    ``player_tier``).  Ctrl-C raises KeyboardInterrupt, and no deal is made of it."""
    assert run.player is not None, "a run of a player"
    with clock.stops_excluded():
        started = clock.now()
        game = play_seed(seed, run.player, run.lone_moves, tier)
        seconds = clock.now() - started
    return Deal(seed, WON if game.won else PLAYED_LOST, seconds, len(game.line))


def deal_of(seed: int, run: Run, tier: str, memory: int) -> Deal:
    """The deal of ``seed`` solved (``solve_deal``) or, in a player's run, played
    (``play_deal``)."""
    if run.player is None:
        return solve_deal(seed, run, tier, memory)
    return play_deal(seed, run, tier)


def deals_of(seeds: list[int], run: Run, tier: str, memory: int) -> list[Deal]:
    """``deal_of`` each seed, in order: a piece of work for a worker."""
    return [deal_of(seed, run, tier, memory) for seed in seeds]


def deals_in_turn(seeds: list[int], run: Run, tier: str, memory: int) -> list[Deal]:
    """``deals_of``, one piece at a time in this process (``ONE_AT_A_TIME``): a piece of
    work for a worker of an Executor that may run several in threads."""
    with ONE_AT_A_TIME:
        return deals_of(seeds, run, tier, memory)


def load_tier(run: Run, tier: str | None) -> str:
    """Load the run's solver (or its players) in this process, and say which tier runs:
    ``solver_tier`` or ``player_tier`` of ``tier``.  Run on each worker of a cluster before
    its deals, so that no deal's seconds include a compile."""
    with ONE_AT_A_TIME:
        return player_tier(tier) if run.player is not None else solver_tier(tier)


def piece_size(deals: list[Deal]) -> int:
    """How many of a player's deals the next piece handed to a worker holds: about
    ``PIECE_SECONDS`` of work at the pace of ``deals``, the last piece's."""
    seconds = sum(deal.seconds for deal in deals) / len(deals)
    return max(1, min(PIECE_MOST, int(PIECE_SECONDS / max(seconds, 1e-6))))


def solved(seeds: Iterable[int], run: Run, tier: str, memory: int,
           jobs: int = 1, executor: Executor | None = None) -> Iterator[Deal]:
    """Solve (or play) each seed, yielding its deal as soon as it and the ones before it
    are done.

    The seeds are taken as they are needed (a range of any size costs no memory).
    ``jobs > 1`` works in a pool of processes (started once the caller has loaded the
    solver, so that forked workers inherit it), a seed at a time for the solver, in pieces
    of a fraction of a second for a player.  Ctrl-C or SIGTERM stops the pool at once: the
    deals already yielded are all that is kept.  With ``executor`` (a Dask cluster's) the
    pieces go to it instead, ``AHEAD`` for each of its ``jobs`` workers, each piece solved
    in turn in its worker (``deals_in_turn``); a stop cancels the pieces not yet started.
    """
    if executor is not None:
        try:
            yield from _pooled(executor, iter(seeds), run, tier, memory, jobs, deals_in_turn)
        except BaseException:       # Ctrl-C, a lost worker, or the caller stopped reading
            executor.shutdown(wait=False)
            raise
        return
    if jobs == 1:
        for seed in seeds:
            yield deal_of(seed, run, tier, memory)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=prepare_worker)
    with terminate_as_exit():
        try:
            yield from _pooled(pool, iter(seeds), run, tier, memory, jobs, deals_of)
        except BaseException:
            stop_pool(pool)
            raise
    pool.shutdown(wait=True)


def _pooled(pool: Executor, seeds: Iterator[int], run: Run, tier: str, memory: int, jobs: int,
            work: Callable[[list[int], Run, str, int], list[Deal]]) -> Iterator[Deal]:
    """The deals of ``seeds`` worked out in ``pool`` by ``work``, in order: ``AHEAD``
    pieces a worker handed out and not yet finished, and up to ``HELD`` pieces finished
    and kept until the ones before them are (a deal's time varies a thousandfold: waiting
    on the oldest piece alone would leave the other workers idle behind a hard deal)."""
    waiting: deque[Future[list[Deal]]] = deque()
    size = 1
    more = True
    while True:
        while more and len(waiting) < HELD \
                and sum(not future.done() for future in waiting) < AHEAD * jobs:
            piece = list(islice(seeds, size))
            more = bool(piece)
            if piece:
                waiting.append(pool.submit(work, piece, run, tier, memory))
        if not waiting:
            return
        if not waiting[0].done():
            wait([future for future in waiting if not future.done()],
                 return_when=FIRST_COMPLETED)
        while waiting and waiting[0].done():
            deals = waiting.popleft().result()
            yield from deals
            if run.player is not None:
                size = piece_size(deals)
