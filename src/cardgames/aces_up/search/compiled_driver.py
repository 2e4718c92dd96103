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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardgames import clock
from cardgames.aces_up import rules
from cardgames.aces_up.rules import Command, Position
from cardgames.aces_up.search import compiled_search as kernel
from cardgames.aces_up.search import reference
from cardgames.aces_up.search.model import (
    COLUMNS,
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
from cardgames.tiers import NUMBA, agrees_or_recompiled

__all__ = ["solve", "agrees", "memory_in_use"]
#: Work space: positions of the levels on the stack (grown when needed), frames.
POOL = 1 << 16
#: A pool entry: its columns, its cards left, its link (two words), a candidate, a scratch slot.
POOL_BYTES_PER_ENTRY = (COLUMNS + 1 + 2 + 1 + 1) * 8
#: A frame: its fields, its columns, its cards left, its endgame discards.
FRAME_BYTES = (kernel.FRAME_FIELDS + COLUMNS + 1 + kernel.FRAME_MOVES) * 8
FIRST_TABLE_SLOTS = 1 << 18
#: The frame entries of a first slice, and the most a slice may run (the slices double
#: while they are short).
FIRST_STEPS = 64
MAX_STEPS = 1 << 24
#: The share of a table's slots filled at which it grows (x4) while the budget allows: low
#: enough that no key's window (``kernel.WINDOW``) is ever full before, so that nothing is
#: forgotten (and a solve counts the reference's positions) until the table is at its bound.
GROW_AT = 0.35
#: A count of slots filled that is never reached: the table is not to grow.
NEVER = 1 << 62
#: How fast a table grows, in bytes of the new table a second (measured: 800 MB in 0.84 s,
#: most of it the first touch of fresh memory); no growth starts that would overrun the
#: time budget, since neither the clock nor Ctrl-C is watched while it runs.
REHASH_BYTES_PER_SECOND = 1e9
SLICE_SECONDS = 0.02
#: The most pool entries a solve may take (a level of more positions is refused).
MOST_POOL = 1 << 24


@dataclass
class _Work:
    """The arrays a solve runs on (kept between solves in one process)."""

    table: Any
    generation: int
    pool: int

    def pool_arrays(self) -> kernel.Pool:
        """Fresh pool arrays of ``pool`` entries."""
        entries = self.pool
        return kernel.Pool(np.zeros((entries, COLUMNS), dtype=np.int64),
                           np.zeros(entries, dtype=np.int64),
                           np.zeros((entries, 2), dtype=np.int64),
                           np.zeros(entries, dtype=np.int64), np.zeros(entries, dtype=np.int64))


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
    """A position's games for ``kernel.run``, from the real one (0) to the most relaxed
    (``relaxation.relaxed_games``), its root columns and its cards."""

    games: kernel.Games
    root: tuple[int, int, int, int]
    remaining: int


def _tables(position: Position, lone_moves: bool) -> _Tables:
    """The arrays that describe a position's games to the kernel (``kernel.Games``)."""
    columns, real_stock = codes(position)
    if not compiles(real_stock):
        raise ValueError("the compiled solver takes at most 12 deals of four cards")
    chain = relaxed_games(columns, real_stock)
    stocks = [stock for stock, _, _ in chain]
    starts = [start for _, start, _ in chain]
    essentials = [keep for _, _, keep in chain[:-1]]
    games, deals = len(stocks), len(real_stock)
    halves = 1 << kernel.DEAL_HALF_BITS
    stock = np.full((games, max(deals, 1), COLUMNS), HOLE, dtype=np.int64)
    lengths = kernel.CARDS + 2            # a prefix's length L, 0..CARDS, indexes these
    start = np.zeros((games, COLUMNS, kernel.CARDS + 1), dtype=np.int64)
    prefix_bits = np.zeros((games, COLUMNS, lengths), dtype=np.int64)
    dealt_low = np.zeros((games, COLUMNS, halves), dtype=np.int64)
    dealt_high = np.zeros((games, COLUMNS, halves), dtype=np.int64)
    incoming = np.zeros((games, deals + 1, COLUMNS), dtype=np.int64)
    kept_deals = np.zeros((games, COLUMNS), dtype=np.int64)
    kept_prefix = np.zeros((games, COLUMNS, lengths), dtype=np.int64)
    essential = np.zeros(games, dtype=np.int64)
    essential[:len(essentials)] = essentials
    relaxed = np.array([g < len(essentials) for g in range(games)], dtype=np.bool_)
    lone = np.array([lone_moves] + [True] * (games - 1), dtype=np.bool_)
    for g in range(games):
        for k, deal in enumerate(stocks[g]):
            stock[g, k] = deal
        for x in range(COLUMNS):
            column = starts[g][x]
            start[g, x, :len(column)] = column
            for length in range(1, len(column) + 1):
                prefix_bits[g, x, length] = prefix_bits[g, x, length - 1] | 1 << column[length - 1]
                if g < len(essentials):
                    kept_prefix[g, x, length] = kept_prefix[g, x, length - 1] \
                        + (essentials[g] >> column[length - 1] & 1)
            dealt = [0 if deal[x] == HOLE else 1 << deal[x] for deal in stocks[g]]
            dealt += [0] * (kernel.DEAL_BITS - len(dealt))
            half = kernel.DEAL_HALF_BITS
            for part in range(halves):
                dealt_low[g, x, part] = _union(dealt[i] for i in range(half) if part >> i & 1)
                dealt_high[g, x, part] = _union(dealt[half + i] for i in range(half)
                                                if part >> i & 1)
            for k in range(deals - 1, -1, -1):
                incoming[g, k, x] = incoming[g, k + 1, x] | dealt[k]
            if g < len(essentials):
                kept_deals[g, x] = sum(1 << k for k in range(deals)
                                       if stocks[g + 1][k][x] != HOLE)
    below = np.array(LOWER_IN_SUIT, dtype=np.int64)
    above = np.array(HIGHER_IN_SUIT, dtype=np.int64)
    arrays = kernel.Games(stock, start, prefix_bits, dealt_low, dealt_high, incoming, kept_deals,
                          kept_prefix, essential, relaxed, lone, below, above, deals)
    root = tuple(_code(column) for column in columns)
    remaining = card_bits(columns + real_stock)
    return _Tables(arrays, root, remaining)  # type: ignore[arg-type]


def _union(parts: Any) -> int:
    """The union of some bit sets."""
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
    """The rules command of a kernel move code (x: a discard, TRANSFER_MOVES + 4x + y)."""
    if code < kernel.TRANSFER_MOVES:
        return DISCARDS[code]
    x, y = divmod(code - kernel.TRANSFER_MOVES, COLUMNS)
    return TRANSFERS[x][y]


def _line(stack: kernel.Stack, pool: kernel.Pool, top: int, deals: int) -> tuple[Command, ...]:
    """The winning line held by frames 0..top of a WON run."""
    line: list[Command] = []
    frames = stack.frames
    for f in range(top + 1):
        if frames[f, kernel.F_LEVEL] < deals:
            i = pool.candidates[frames[f, kernel.F_POOL] + frames[f, kernel.F_NEXT]]
            path = []
            while pool.link[i, 0] >= 0:
                path.append(_move(int(pool.link[i, 1])))
                i = pool.link[i, 0]
            line.extend(reversed(path))
            line.append(DEAL)
        else:
            discards = stack.moves[f, :frames[f, kernel.F_DISCARDS]]
            line.extend(DISCARDS[int(x)] for x in discards)
            if f < top:
                line.append(TRANSFERS[frames[f, kernel.F_NEXT]][frames[f, kernel.F_EMPTY]])
    return tuple(line)


def _grow(work: _Work, slots: int, regs: Any) -> None:
    """Move the memo into a table of ``slots`` slots (this solve's entries only)."""
    table = np.zeros((slots // 4 * 4, 2), dtype=np.int64)
    regs[kernel.R_FILLED] = kernel.rehash(work.table, table, work.generation)
    work.table = table


def _next_steps(steps: int, spent: float) -> int:
    """The frame entries of the next slice: slices kept near SLICE_SECONDS."""
    if spent < SLICE_SECONDS / 2 and steps < MAX_STEPS:
        return steps * 2
    if spent > SLICE_SECONDS * 2 and steps > 1:
        return steps // 2
    return steps


#: A node budget this large is no limit: at millions of positions a second a search would
#: take millennia to reach it, and the kernel counts in 64-bit registers.
UNREACHABLE_NODES = 1 << 62


class _Solve:
    """One compiled solve under way: its arrays, its phase (``reference._solve``'s two) and
    its clock."""

    def __init__(self, position: Position, lone_moves: bool, max_nodes: int | None,
                 max_seconds: float | None, memory: int, visited: Any) -> None:
        self.began = clock.now()
        self.deadline = None if max_seconds is None else self.began + max_seconds
        if max_nodes is not None and max_nodes >= UNREACHABLE_NODES:
            max_nodes = None        # no search gets there: the kernel's int64 needs no limit
        self.max_nodes = max_nodes
        self.first = FIRST_PHASE_NODES if max_nodes is None else min(max_nodes, FIRST_PHASE_NODES)
        self.phase = 1
        self.memory = memory
        self.tables = _tables(position, lone_moves)
        self.work = _work(memory)
        frames = kernel.FRAMES
        self.stack = kernel.Stack(np.zeros((frames, kernel.FRAME_FIELDS), dtype=np.int64),
                                  np.zeros((frames, COLUMNS), dtype=np.int64),
                                  np.zeros(frames, dtype=np.int64),
                                  np.zeros((frames, kernel.FRAME_MOVES), dtype=np.int64))
        games, levels = self.tables.games.start.shape[0], self.tables.games.deals + 1
        if visited is None:
            visited = np.zeros((kernel.GAMES, kernel.DEAL_BITS + 1), dtype=np.int64)
        self.counts = kernel.Counts(np.zeros((games, levels), dtype=np.int64),
                                    np.zeros((games, levels), dtype=np.int64), visited)
        self.regs = np.zeros(kernel.REGISTERS, dtype=np.int64)
        self.space = kernel.Work(*(np.zeros(COLUMNS, dtype=np.int64) for _ in kernel.Work._fields))
        self.pool = self.work.pool_arrays()
        self.max_slots = _table_slots(memory, self.work.pool)
        self.restart(self.first, 0)

    def nodes(self) -> int:
        """The positions counted so far, all games together."""
        return int(self.regs[kernel.R_NODES:kernel.R_NODES + kernel.GAMES].sum())

    def unsettled(self, interrupted: bool = False) -> Solution:
        """The answer of a solve stopped by its budget or by Ctrl-C."""
        return Solution(Status.UNSETTLED, (), self.nodes(), clock.now() - self.began, NUMBA,
                        interrupted)

    def grow_at(self) -> int:
        """The slots filled at which the table is to grow: bigger, and with the table it
        replaces, within the budget."""
        slots = self.work.table.shape[0]
        return int(GROW_AT * slots) if self.max_slots - slots > slots else NEVER

    def restart(self, limit: int, relax: int) -> None:
        """Start the search from the root: a node limit (-1: none), relaxation on or off."""
        regs = self.regs
        regs[kernel.R_TOP] = 0
        regs[kernel.R_LIMIT] = limit
        regs[kernel.R_RELAX] = relax
        regs[kernel.R_GENERATION] = self.work.generation
        regs[kernel.R_POOL] = 0
        regs[kernel.R_GROW_AT] = self.grow_at()
        regs[kernel.R_TRIAL] = RELAX_TRIAL
        regs[kernel.R_RATE] = RELAX_RATE
        regs[kernel.R_SAMPLE] = RELAX_SAMPLE
        self.stack.frames[0, kernel.F_GAME] = 0
        self.stack.frames[0, kernel.F_LEVEL] = 0
        self.stack.frames[0, kernel.F_STATE] = kernel.ENTER
        self.stack.frames[0, kernel.F_POOL] = 0
        self.stack.cols[0] = self.tables.root
        self.stack.left[0] = self.tables.remaining

    def search(self, progress: Callable[[int, float], None] | None) -> Solution:
        """Run the kernel in slices until it answers or the time is up."""
        steps = FIRST_STEPS
        shown = self.began
        while True:
            sliced = clock.now()
            status = kernel.run(self.regs, self.stack, self.pool, self.work.table, self.counts,
                                self.tables.games, self.space, steps)
            now = clock.now()
            if status != kernel.RUNNING:
                settled = self.settle(status, now)
                if settled is not None:
                    return settled
                continue
            steps = _next_steps(steps, now - sliced)
            if self.deadline is not None and now > self.deadline:
                return self.unsettled()
            if progress is not None and now - shown >= PROGRESS_SECONDS:
                shown = now
                progress(self.nodes(), now - self.began)
            if self.regs[kernel.R_FILLED] > self.regs[kernel.R_GROW_AT]:
                self.grow_table(now)

    def settle(self, status: int, now: float) -> Solution | None:
        """The answer of a run that ended (not RUNNING), or None when the search goes on:
        in its second phase, or with a bigger pool."""
        if status == kernel.WON:
            line = _line(self.stack, self.pool, int(self.regs[kernel.R_TOP]),
                         self.tables.games.deals)
            return Solution(Status.WINNABLE, line, self.nodes(), now - self.began, NUMBA)
        if status == kernel.LOST:
            return Solution(Status.LOST, (), self.nodes(), now - self.began, NUMBA)
        if status == kernel.STOPPED:
            if self.phase == 2 or (self.max_nodes is not None and self.max_nodes <= self.first):
                return self.unsettled()
            self.phase = 2
            self.restart(-1 if self.max_nodes is None else self.max_nodes, 1)
            return None
        if status == kernel.POOL_FULL:
            self.grow_pool()
            return None
        raise RuntimeError("the compiled Aces Up search went deeper than its frames")

    def grow_pool(self) -> None:
        """Start the phase again with a pool four times as big."""
        if self.work.pool >= MOST_POOL:
            raise MemoryError("an Aces Up level with more than 16 M positions")
        self.work.pool *= 4
        self.pool = self.work.pool_arrays()
        self.max_slots = _table_slots(self.memory, self.work.pool)
        self.restart(int(self.regs[kernel.R_LIMIT]), int(self.regs[kernel.R_RELAX]))

    def grow_table(self, now: float) -> None:
        """Grow the memo (x4, within the budget), unless that would overrun the deadline:
        then it forgets instead."""
        # both tables are held while the entries move: together within the budget
        slots = self.work.table.shape[0]
        bigger = min(4 * slots, self.max_slots - slots)
        rehash_seconds = 2 * bigger * kernel.SLOT_BYTES / REHASH_BYTES_PER_SECOND
        if self.deadline is not None and self.deadline - now < rehash_seconds:
            self.regs[kernel.R_GROW_AT] = NEVER
        else:
            _grow(self.work, bigger, self.regs)
            self.regs[kernel.R_GROW_AT] = self.grow_at()


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
    solving = _Solve(position, lone_moves, max_nodes, max_seconds, memory, visited)
    try:
        return solving.search(progress)
    except KeyboardInterrupt:
        return solving.unsettled(interrupted=True)


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
    return agrees_or_recompiled(_agrees_on_sample, kernel.COMPILED)


def _agrees_on_sample() -> bool:
    """True when both searches give the same verdict, line and count on every SAMPLE deal."""
    for seed, lone_moves, budget in SAMPLE:
        position = rules.seeded_position(seed)
        ours = solve(position, lone_moves, budget)
        theirs = reference.solve(position, lone_moves, budget)
        if ours.interrupted or theirs.interrupted:
            raise KeyboardInterrupt     # Ctrl-C while loading: no verdict on the tier
        if (ours.status, ours.line, ours.nodes) != (theirs.status, theirs.line, theirs.nodes):
            return False
    return True
