"""What an odds run solves (the rules and the budget) and the solving of its deals, in one
process or a pool of them."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.search import solve
from cardgames.numbers import integer_text
from cardgames.simulate import prepare_worker, stop_pool, terminate_as_exit

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
    """What a run solves: the rules and the budget, which decide its verdicts."""

    lone_moves: bool
    budget: Budget

    def identity(self) -> str:
        """The start of the log's header: two logs with the same identity can be merged."""
        return f"{RULES[self.lone_moves]}, {self.budget.text()}"


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
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=prepare_worker)
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
