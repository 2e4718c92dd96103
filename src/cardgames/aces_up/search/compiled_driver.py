"""The driver of the compiled search: builds a deal's tables, runs ``compiled_search.run`` in
slices and turns its stack into a winning line (needs the ``jit`` extra).

The search is ``reference``'s, transcribed in ``compiled_search``; this module only drives it:

* slices of a few milliseconds, so the time budget is kept to within a slice, Ctrl-C is
  answered between two slices (the solve then ends UNSETTLED) and ``progress`` is called
  about four times a second;
* one memo table per process, reused by every solve (a generation number tells the solves
  apart, so nothing is cleared between deals), grown by rehashing as it fills, never past
  the memory budget; once at its bound it forgets cheap entries instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardgames.aces_up import rules
from cardgames.aces_up.rules import Command, Position
from cardgames.aces_up.search import compiled_search as kernel
from cardgames.aces_up.search import reference
from cardgames.aces_up.search.model import (
    DEAL,
    DEFAULT_MEMORY,
    DISCARDS,
    FIRST_PHASE_NODES,
    HOLE,
    PROGRESS_SECONDS,
    RELAX_RATE,
    RELAX_SAMPLE,
    RELAX_TRIAL,
    TRANSFERS,
    Solution,
    Status,
    codes,
    compiles,
)
from cardgames.aces_up.search.pruning import HIGHER_IN_SUIT, LOWER_IN_SUIT, card_bits
from cardgames.aces_up.search.relaxation import relaxed_games
from cardgames.tiers import NUMBA

__all__ = ["solve", "agrees", "memory_in_use"]
#: Work space: positions of the levels on the stack (grown when needed), frames.
POOL = 1 << 16
POOL_BYTES_PER_ENTRY = 4 * 8 + 8 + 2 * 8 + 8 + 8
#: A frame's arrays: ``frames``, ``frame_cols``, ``frame_left``, ``frame_moves``.
FRAME_BYTES = (10 + 4 + 1 + 64) * 8
FIRST_TABLE_SLOTS = 1 << 18
#: The most frame entries a slice may run (the slices double while they are short).
MAX_STEPS = 1 << 24
#: The share of a table's slots filled at which it grows (x4) while the budget allows: low
#: enough that no key's window (``kernel.WINDOW``) is ever full before, so that nothing is
#: forgotten (and a solve counts the reference's positions) until the table is at its bound.
GROW_AT = 0.35
#: How fast a table grows, in bytes of the new table a second (measured: 800 MB in 0.84 s,
#: most of it the first touch of fresh memory); no growth starts that would overrun the
#: time budget, since neither the clock nor Ctrl-C is watched while it runs.
REHASH_BYTES_PER_SECOND = 1e9
SLICE_SECONDS = 0.02


@dataclass
class _Work:
    """The arrays a solve runs on (kept between solves in one process)."""

    table: Any
    generation: int
    pool: int

    def pool_arrays(self) -> tuple[Any, ...]:
        return (np.zeros((self.pool, 4), dtype=np.int64), np.zeros(self.pool, dtype=np.int64),
                np.zeros((self.pool, 2), dtype=np.int64), np.zeros(self.pool, dtype=np.int64),
                np.zeros(self.pool, dtype=np.int64))


_WORK: _Work | None = None


def memory_in_use() -> int:
    """The bytes held by the solver's table and work space in this process."""
    if _WORK is None:
        return 0
    return int(_WORK.table.nbytes) + _WORK.pool * POOL_BYTES_PER_ENTRY


def _table_slots(memory: int, pool: int) -> int:
    """The most slots (a multiple of four) a table may have within ``memory`` bytes."""
    free = memory - pool * POOL_BYTES_PER_ENTRY - kernel.FRAMES * FRAME_BYTES
    return max(4, free // kernel.SLOT_BYTES // 4 * 4)


def _work(memory: int) -> _Work:
    """The process's work arrays, fitted to ``memory`` bytes, and a fresh generation."""
    global _WORK
    work = _WORK
    if work is None or work.table.shape[0] > _table_slots(memory, work.pool):
        slots = min(FIRST_TABLE_SLOTS, _table_slots(memory, POOL))
        work = _WORK = _Work(np.zeros((slots, 2), dtype=np.int64), 0, POOL)
    work.generation += 1
    if work.generation >= 1 << kernel.GENERATION_BITS:
        work.table[:] = 0
        work.generation = 1
    return work


@dataclass(frozen=True)
class _Tables:
    """A position's constant arrays for ``kernel.run``: its games, from the real one (0)
    to the most relaxed (``relaxation.relaxed_games``)."""

    arrays: tuple[Any, ...]
    deals: int
    root: tuple[int, int, int, int]
    remaining: int


def _tables(position: Position, lone_moves: bool) -> _Tables:
    """The arrays that describe a position's games to the kernel."""
    columns, real_stock = codes(position)
    if not compiles(real_stock):
        raise ValueError("the compiled solver takes at most 12 deals of four cards")
    chain = relaxed_games(columns, real_stock)
    stocks = [stock for stock, _, _ in chain]
    starts = [start for _, start, _ in chain]
    essentials = [keep for _, _, keep in chain[:-1]]
    games, deals = len(stocks), len(real_stock)
    stock = np.full((games, max(deals, 1), 4), HOLE, dtype=np.int64)
    start = np.zeros((games, 4, 53), dtype=np.int64)
    prefix_bits = np.zeros((games, 4, 54), dtype=np.int64)
    dealt_low = np.zeros((games, 4, 64), dtype=np.int64)
    dealt_high = np.zeros((games, 4, 64), dtype=np.int64)
    incoming = np.zeros((games, deals + 1, 4), dtype=np.int64)
    kept_deals = np.zeros((games, 4), dtype=np.int64)
    kept_prefix = np.zeros((games, 4, 54), dtype=np.int64)
    essential = np.zeros(games, dtype=np.int64)
    essential[:len(essentials)] = essentials
    relaxed = np.array([g < len(essentials) for g in range(games)], dtype=np.bool_)
    lone = np.array([lone_moves] + [True] * (games - 1), dtype=np.bool_)
    for g in range(games):
        for k, deal in enumerate(stocks[g]):
            stock[g, k] = deal
        for x in range(4):
            column = starts[g][x]
            start[g, x, :len(column)] = column
            for length in range(1, len(column) + 1):
                prefix_bits[g, x, length] = prefix_bits[g, x, length - 1] | 1 << column[length - 1]
                if g < len(essentials):
                    kept_prefix[g, x, length] = kept_prefix[g, x, length - 1] \
                        + (essentials[g] >> column[length - 1] & 1)
            dealt = [0 if deal[x] == HOLE else 1 << deal[x] for deal in stocks[g]]
            dealt += [0] * (12 - len(dealt))
            for part in range(64):
                dealt_low[g, x, part] = _union(dealt[i] for i in range(6) if part >> i & 1)
                dealt_high[g, x, part] = _union(dealt[6 + i] for i in range(6)
                                                if part >> i & 1)
            for k in range(deals - 1, -1, -1):
                incoming[g, k, x] = incoming[g, k + 1, x] | dealt[k]
            if g < len(essentials):
                kept_deals[g, x] = sum(1 << k for k in range(deals)
                                       if stocks[g + 1][k][x] != HOLE)
    below = np.array(LOWER_IN_SUIT, dtype=np.int64)
    above = np.array(HIGHER_IN_SUIT, dtype=np.int64)
    arrays = (stock, start, prefix_bits, dealt_low, dealt_high, incoming, kept_deals,
              kept_prefix, essential, relaxed, lone, below, above)
    root = tuple(_code(column) for column in columns)
    remaining = card_bits(columns + real_stock)
    return _Tables(arrays, deals, root, remaining)  # type: ignore[arg-type]


def _union(parts: Any) -> int:
    bits = 0
    for part in parts:
        bits |= part
    return bits


def _code(column: tuple[int, ...]) -> int:
    """The kernel's code of a starting column (its whole length as the prefix)."""
    if not column:
        return kernel.EMPTY_COLUMN
    if len(column) == 1:
        return column[0] + 1
    return kernel.HEAD_PREFIX + len(column)


def _move(code: int) -> Command:
    """The rules command of a kernel move code (0..3 discard, 4 + 4x + y transfer)."""
    if code < 4:
        return DISCARDS[code]
    return TRANSFERS[(code - 4) // 4][(code - 4) % 4]


def _line(frames: Any, pool_link: Any, candidates: Any, frame_moves: Any, top: int,
          deals: int) -> tuple[Command, ...]:
    """The winning line held by frames 0..top of a WON run."""
    line: list[Command] = []
    for f in range(top + 1):
        if frames[f, 1] < deals:
            i = candidates[frames[f, 3] + frames[f, 6]]
            path = []
            while pool_link[i, 0] >= 0:
                path.append(_move(int(pool_link[i, 1])))
                i = pool_link[i, 0]
            line.extend(reversed(path))
            line.append(DEAL)
        else:
            line.extend(DISCARDS[int(x)] for x in frame_moves[f, :frames[f, 7]])
            if f < top:
                line.append(TRANSFERS[frames[f, 6]][frames[f, 9]])
    return tuple(line)


def _grow(work: _Work, slots: int, regs: Any) -> None:
    """Move the memo into a table of ``slots`` slots (this solve's entries only)."""
    table = np.zeros((slots // 4 * 4, 2), dtype=np.int64)
    regs[kernel.R_FILLED] = kernel.rehash(work.table, table, work.generation)
    work.table = table


def solve(position: Position, lone_moves: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, memory: int = DEFAULT_MEMORY,
          progress: Callable[[int, float], None] | None = None,
          visited: Any = None) -> Solution:
    """``reference.solve`` compiled: the same verdicts, lines and positions counted.

    ``memory`` bounds the bytes of the table and work space; ``progress(positions,
    seconds)`` is called about four times a second.  Ctrl-C ends the solve UNSETTLED.
    ``visited``, an int64 array of shape (4, 13), gets the positions counted per game
    (0 the real one, then the relaxed ones) and per deal level.
    """
    began = time.monotonic()
    deadline = None if max_seconds is None else began + max_seconds
    tables = _tables(position, lone_moves)
    work = _work(memory)
    frames = np.zeros((kernel.FRAMES, 10), dtype=np.int64)
    frame_cols = np.zeros((kernel.FRAMES, 4), dtype=np.int64)
    frame_left = np.zeros(kernel.FRAMES, dtype=np.int64)
    frame_moves = np.zeros((kernel.FRAMES, 64), dtype=np.int64)
    games = len(tables.arrays[1])
    checks = np.zeros((games, tables.deals + 1), dtype=np.int64)
    cuts = np.zeros((games, tables.deals + 1), dtype=np.int64)
    regs = np.zeros(kernel.REGISTERS, dtype=np.int64)
    if visited is None:
        visited = np.zeros((kernel.GAMES, 13), dtype=np.int64)
    first = FIRST_PHASE_NODES if max_nodes is None else min(max_nodes, FIRST_PHASE_NODES)
    phase = 1
    pool = work.pool_arrays()
    max_slots = _table_slots(memory, work.pool)

    def grow_at() -> int:
        slots = work.table.shape[0]
        # grown, the table must be bigger, and both together within the budget
        return int(GROW_AT * slots) if max_slots - slots > slots else 1 << 62

    def restart(limit: int, relax: int) -> None:
        regs[kernel.R_TOP] = 0
        regs[kernel.R_LIMIT] = limit
        regs[kernel.R_RELAX] = relax
        regs[kernel.R_GENERATION] = work.generation
        regs[kernel.R_POOL] = 0
        regs[kernel.R_GROW_AT] = grow_at()
        regs[kernel.R_TRIAL] = RELAX_TRIAL
        regs[kernel.R_RATE] = RELAX_RATE
        regs[kernel.R_SAMPLE] = RELAX_SAMPLE
        frames[0, :4] = (0, 0, kernel.ENTER, 0)
        frame_cols[0] = tables.root
        frame_left[0] = tables.remaining

    def nodes() -> int:
        return int(regs[kernel.R_NODES:kernel.R_NODES + kernel.GAMES].sum())

    def unsettled(interrupted: bool = False) -> Solution:
        return Solution(Status.UNSETTLED, (), nodes(), time.monotonic() - began, NUMBA,
                        interrupted)

    restart(first, 0)
    steps = 64
    shown = began
    try:
        while True:
            sliced = time.monotonic()
            status = kernel.run(regs, frames, frame_cols, frame_left, frame_moves, *pool,
                                work.table, checks, cuts, visited, *tables.arrays, tables.deals, steps)
            now = time.monotonic()
            if status == kernel.WON:
                line = _line(frames, pool[2], pool[3], frame_moves, int(regs[kernel.R_TOP]),
                             tables.deals)
                return Solution(Status.WINNABLE, line, nodes(), now - began, NUMBA)
            if status == kernel.LOST:
                return Solution(Status.LOST, (), nodes(), now - began, NUMBA)
            if status == kernel.STOPPED:
                if phase == 2 or (max_nodes is not None and max_nodes <= first):
                    return unsettled()
                phase = 2
                restart(-1 if max_nodes is None else max_nodes, 1)
                continue
            if status == kernel.DEEP:
                raise RuntimeError("the compiled Aces Up search went deeper than its frames")
            if status == kernel.POOL_FULL:
                if work.pool >= 1 << 24:
                    raise MemoryError("an Aces Up level with more than 16 M positions")
                work.pool *= 4
                pool = work.pool_arrays()
                max_slots = _table_slots(memory, work.pool)
                restart(int(regs[kernel.R_LIMIT]), int(regs[kernel.R_RELAX]))
                continue
            # RUNNING: a slice ended; keep slices near SLICE_SECONDS
            spent = now - sliced
            if spent < SLICE_SECONDS / 2 and steps < MAX_STEPS:
                steps *= 2
            elif spent > SLICE_SECONDS * 2 and steps > 1:
                steps //= 2
            if deadline is not None and now > deadline:
                return unsettled()
            if progress is not None and now - shown >= PROGRESS_SECONDS:
                shown = now
                progress(nodes(), now - began)
            if regs[kernel.R_FILLED] > regs[kernel.R_GROW_AT]:
                # both tables are held while the entries move: together within the budget
                slots = work.table.shape[0]
                bigger = min(4 * slots, max_slots - slots)
                if deadline is not None and \
                        deadline - now < 2 * bigger * kernel.SLOT_BYTES / REHASH_BYTES_PER_SECOND:
                    regs[kernel.R_GROW_AT] = 1 << 62    # too late to grow: forget instead
                else:
                    _grow(work, bigger, regs)
                    regs[kernel.R_GROW_AT] = grow_at()
    except KeyboardInterrupt:
        return unsettled(interrupted=True)


#: Deals the two searches settle in a few thousand positions, lost and won, with and
#: without lone moves: each load checks the compiled search against the reference on them.
SAMPLE = ((0, True, None), (10, True, None), (12, True, None), (20, True, None),
          (0, False, None), (10, False, None),
          (1, True, 25_000))      # into the second phase: the relaxed games (0.2 s)


def agrees() -> bool:
    """True when this search gives the reference's verdicts, lines and counts on SAMPLE.

    When they differ, the kernel is recompiled once and checked again: a kernel cached on
    disk may be older than this driver, whose tables it runs on (Numba checks the kernel's
    own file only).
    """
    def same() -> bool:
        for seed, lone_moves, budget in SAMPLE:
            position = rules.seeded_position(seed)
            ours = solve(position, lone_moves, budget)
            theirs = reference.solve(position, lone_moves, budget)
            if ours.interrupted or theirs.interrupted:
                raise KeyboardInterrupt     # Ctrl-C while loading: no verdict on the tier
            if (ours.status, ours.line, ours.nodes) != \
                    (theirs.status, theirs.line, theirs.nodes):
                return False
        return True

    if same():
        return True
    for function in (kernel.run, kernel.rehash):
        function.recompile()
    return same()
