"""The driver of the compiled deferred-discard search (``compiled_deferred``; needs the
``jit`` extra): it settles the start as ``deferred.solve`` does, builds the deal's arrays, runs
the search in a thread of its own and turns its answer into a ``Solution``.

The search releases the GIL while it runs, so this thread watches the clock: it asks the
search to stop at the time budget (the search looks every ``compiled_deferred.CHECK_EVERY``
positions), calls ``progress`` about four times a second and answers Ctrl-C by stopping the
search (the solve then ends UNSETTLED, ``interrupted``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from cardgames import clock
from cardgames.aces_up import rules
from cardgames.aces_up.rules import Position
from cardgames.aces_up.search import compiled_deferred as kernel
from cardgames.aces_up.search import deferred
from cardgames.aces_up.search.ghosts import DEALT, MARK, MOVE, GhostMove, plain_line, settle
from cardgames.aces_up.search.model import (
    COLUMNS,
    DEFAULT_MEMORY,
    PROGRESS_SECONDS,
    Columns,
    Solution,
    Status,
    Stock,
    codes,
    compiles,
)
from cardgames.aces_up.search.pruning import card_bits, incoming_cards
from cardgames.tiers import NUMBA, agrees_or_recompiled

__all__ = ["solve", "agrees", "BYTES_PER_ENTRY"]

#: The memory the compiled search takes per entry of its memo and ``ends``, which ``memory``
#: bounds: a row of ``kernel.ROW_WORDS`` int64 words and two int32 slots of its index.
BYTES_PER_ENTRY = kernel.ROW_WORDS * 8 + 2 * 4
#: The most rows a solve may have (an int32 slot holds row + 1).
MOST_ROWS = (1 << 31) - 2
#: A node budget at least this large is none (the kernel counts in int64).
NO_LIMIT = 1 << 62
#: How often the driver looks at the clock while the search runs (seconds).
WATCH_SECONDS = 0.02
#: The kinds of ``kernel.move_code``.
KINDS = {kernel.MARK: MARK, kernel.MOVE: MOVE, kernel.DEALT: DEALT}


def _arrays(columns: Columns, stock: Stock) -> tuple[Any, ...]:
    """The kernel's view of a settled start: its columns and lengths, each card's natural
    column (where it starts or is dealt to) and each column's natural cards in the order
    they come, the stock, and ``pruning.incoming_cards`` of it."""
    cols = np.zeros((COLUMNS, kernel.LENGTH), dtype=np.int64)
    lens = np.zeros(COLUMNS, dtype=np.int64)
    natural = np.full(64, -1, dtype=np.int64)
    orders: list[list[int]] = [[] for _ in range(COLUMNS)]
    for x, column in enumerate(columns):
        cols[x, :len(column)] = column
        lens[x] = len(column)
        orders[x].extend(element & kernel.CARD for element in column)
    for deal in stock:
        for x, card in enumerate(deal):
            orders[x].append(card)
    rank_order = np.full((COLUMNS, max(len(order) for order in orders) + 1), -1, dtype=np.int64)
    for x, order in enumerate(orders):
        rank_order[x, :len(order)] = order
        natural[order] = x
    stock_array = np.array(stock, dtype=np.int64).reshape(len(stock), COLUMNS)
    incoming = np.array(incoming_cards(stock), dtype=np.int64).reshape(len(stock) + 1, COLUMNS)
    return cols, lens, natural, rank_order, stock_array, incoming


def _move(code: int) -> GhostMove:
    """The ghost move of a ``kernel.move_code``."""
    return GhostMove(KINDS[code & 3], (code >> 2 & 7) - 1, (code >> 5 & 7) - 1,
                     (code >> 8 & 127) - 1, (code >> 15 & 127) - 1, (code >> 22 & 127) - 1)


def solve(position: Position, lone_moves: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, memory: int = DEFAULT_MEMORY,
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """``deferred.solve`` compiled: the same verdicts, lines and positions counted (while the
    memo forgets nothing).  Ctrl-C ends the solve UNSETTLED, ``interrupted``."""
    start = clock.now()
    try:
        return _solve(position, lone_moves, max_nodes, max_seconds, memory, progress, start)
    except KeyboardInterrupt:       # before the search began: nothing to stop
        return Solution(Status.UNSETTLED, (), 0, clock.now() - start, NUMBA, True)


def _solve(position: Position, lone_moves: bool, max_nodes: int | None,
           max_seconds: float | None, memory: int,
           progress: Callable[[int, float], None] | None, start: float) -> Solution:
    """``solve``, from ``start`` on."""
    columns, stock = codes(position)
    if not compiles(stock) or any(len(column) > kernel.LENGTH for column in columns):
        return deferred.solve(position, lone_moves, max_nodes, max_seconds, memory, progress)
    real = card_bits(columns + stock)
    settled, real, ghosts, marks = settle(columns, real, 0, not stock, lone_moves)
    cols, lens, natural, rank_order, stock_array, incoming = _arrays(settled, stock)
    control = np.zeros(kernel.CONTROL_FIELDS, dtype=np.int64)
    # a budget past 64 bits is no limit, as for the reference (the search cannot reach it)
    limit = -1 if max_nodes is None or max_nodes >= NO_LIMIT else max(max_nodes, 0)
    # the rows and slots of the memory bound, taken from the system as they are first used
    room = min(max(memory // BYTES_PER_ENTRY, 0), MOST_ROWS)
    rows = np.empty((room, kernel.ROW_WORDS), dtype=np.int64)
    slots = np.empty(2 * room, dtype=np.int32)
    answer: list[Any] = []
    done = threading.Event()

    def run() -> None:
        try:
            answer.append(kernel.solve(cols, lens, real, ghosts, natural, rank_order,
                                       stock_array, incoming, lone_moves, limit, rows, slots,
                                       control))
        except BaseException as error:          # handed to the caller's thread
            answer.append(error)
        finally:
            done.set()

    thread = threading.Thread(target=run, name="aces-up search", daemon=True)
    thread.start()
    interrupted = _watch(done, control, start, max_seconds, progress)
    seconds = clock.now() - start
    if isinstance(answer[0], BaseException):
        raise answer[0]
    found, nodes, line = answer[0]
    if found == kernel.WON:
        moves = marks + [_move(int(code)) for code in line]
        return Solution(Status.WINNABLE, tuple(plain_line(moves)), int(nodes), seconds, NUMBA)
    if found == kernel.LOST:
        return Solution(Status.LOST, (), int(nodes), seconds, NUMBA)
    return Solution(Status.UNSETTLED, (), int(nodes), seconds, NUMBA, interrupted)


def _watch(done: threading.Event, control: Any, start: float, max_seconds: float | None,
           progress: Callable[[int, float], None] | None) -> bool:
    """Wait for the search's thread to be ``done``, asking it to stop at the time budget or
    on Ctrl-C, and show its progress; True when Ctrl-C stopped it.  (An event, not
    ``Thread.join``: a join that Ctrl-C interrupts may take the thread for ended.)"""
    deadline = None if max_seconds is None else start + max_seconds
    shown = start
    interrupted = False
    while not done.is_set():
        try:
            done.wait(WATCH_SECONDS)
            now = clock.now()
            if deadline is not None and now > deadline:
                control[kernel.C_STOP] = 1
            if progress is not None and now - shown >= PROGRESS_SECONDS and not done.is_set():
                shown = now
                progress(int(control[kernel.C_NODES]), now - start)
        except KeyboardInterrupt:
            interrupted = True
            control[kernel.C_STOP] = 1
    return interrupted


#: Deals both searches settle in a few thousand positions, won and lost (through their
#: endgames), under both rule sets (classic: lone moves), and one stopped by its node budget:
#: each load checks the compiled search against ``deferred`` on them.
SAMPLE = ((4, True, None), (10, True, None), (12, True, None), (1, True, 3_000),
          (0, False, None), (2, False, None))


def agrees() -> bool:
    """True when this search gives ``deferred``'s verdicts, lines and counts on SAMPLE.

    When they differ, the kernel is recompiled once and checked again: a kernel cached on
    disk may be older than this driver, whose arrays it reads (Numba checks the kernel's own
    file only).
    """
    return agrees_or_recompiled(_agrees_on_sample, kernel.COMPILED)


def _agrees_on_sample() -> bool:
    """True when both searches give the same verdict, line and count on every SAMPLE deal."""
    for seed, lone_moves, budget in SAMPLE:
        position = rules.seeded_position(seed)
        ours = solve(position, lone_moves, budget)
        theirs = deferred.solve(position, lone_moves, budget)
        if ours.interrupted or theirs.interrupted:
            raise KeyboardInterrupt     # Ctrl-C while loading: no verdict on the tier
        if (ours.status, ours.line, ours.nodes) != (theirs.status, theirs.line, theirs.nodes):
            return False
    return True
