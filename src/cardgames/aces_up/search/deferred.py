"""The search of the deferred-discard game (``ghosts``): the full-information game of Aces Up,
under the classic rules or without lone moves, with far fewer positions than the plain game on
hard deals.

``solve`` takes a rules position and answers as ``reference.solve`` does (a verdict, a
winning line of the rules' commands, the positions counted); a search out of its budget says
UNSETTLED, never LOST.

Structure: as in ``reference``, deal level by deal level.  ``_Search._level`` lists the
settled positions (``ghosts.settle``) reachable by macro moves (``ghosts.macro_moves``) before
the next deal, and the search deals from them, fewest real cards first.  A position dominated
by one already listed (D1 of ``ghosts``: the same cards in the same places, a superset of
ghosts; the search does not look for D2, added ghosts, which ``ghosts.dominates`` also
recognises) is not listed: whatever it reaches, the other reaches a dominating position of;
and only the undominated positions are dealt from.  A level that fails marks every position it
listed lost, and a position dominated by a lost one is lost (``_Memo``).  Proof that a failed
level is lost: suppose a listed position wins, by a line whose first deal is made from Q.
Each position of that line before the deal is dominated by a listed or known-lost position
(induction along the line: a listed position's every macro move was tried, and its result, or
a position dominating it, was listed, or was known lost; the dominance argument of
``ghosts``).  So Q is dominated by a listed position Q' (a known-lost one cannot dominate a
won one), whose deal dominates Q's and is won, and Q' is dealt from, or is dominated by a
position dealt from: the deeper search would have found the win.

With the stock empty the search is a depth-first search on positions whose columns are sorted
(``pruning.endgame_key``); it cannot cycle (a cycle deletes no ghost, so fills no empty
column and moves no card; its marks alone would have to revive the lowest card it marks).
Without lone moves the same holds: a restore comes only with a MOVE (``ghosts``), which a
cycle holds none of, so a cycle still consists of marks alone.

The locked test (``pruning.locked_and_lost``) reads a ghost position as the position of its
real cards with every ghost counted among the cards that may beat: a ghost never blocks (it can
be deleted), and it may beat a lower card (it can be made real), so a column holding ghosts only
counts as empty and the test's proof carries over.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field

from cardgames import clock
from cardgames.aces_up.rules import Position
from cardgames.aces_up.search.ghosts import (
    DEAL_MOVE,
    MARK,
    GhostMove,
    dominates,
    layout,
    macro_moves,
    plain_line,
    real_columns,
    settle,
)
from cardgames.aces_up.search.model import (
    DEFAULT_MEMORY,
    HOLE,
    PROGRESS_SECONDS,
    Columns,
    Solution,
    Status,
    Stock,
    codes,
    won,
)
from cardgames.aces_up.search.pruning import LockFacts, card_bits, incoming_cards, locked_and_lost

__all__ = ["solve", "BYTES_PER_ENTRY"]

#: The memory the search takes per position it remembers (bytes; see ``reference``).  The
#: levels' maps are not counted: a few hundred positions at most (``compiled_deferred``).
BYTES_PER_ENTRY = 600
#: How often (in positions counted) the search looks at its clock and memory.
CHECK_EVERY = 1024


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


class _Memo:
    """The positions of one deal level known lost, by layout (``ghosts.layout``): the ghost
    sets they were lost with.  A position is known lost when a lost position with its layout
    has all its ghosts (D1: that one dominates it)."""

    def __init__(self) -> None:
        self.lost: dict[Columns, list[int]] = {}
        self.size = 0

    def known(self, columns: Columns, ghosts: int) -> bool:
        """True when a lost position dominates this one (same layout, a superset of ghosts)."""
        sets = self.lost.get(layout(columns))
        if sets:
            for known in sets:
                if known & ghosts == ghosts:
                    return True
        return False

    def add(self, columns: Columns, ghosts: int) -> None:
        """Record a lost position."""
        sets = self.lost.setdefault(layout(columns), [])
        sets.append(ghosts)
        self.size += 1

    def clear(self) -> None:
        self.lost.clear()
        self.size = 0


@dataclass
class _Search:
    """One solve: the stock, the budget, the memo and the line found."""

    stock: Stock
    lone_moves: bool
    max_nodes: int | None
    deadline: float | None
    max_entries: int
    progress: Callable[[int, float], None] | None = None
    started: float = field(default_factory=clock.now)
    shown: float = 0.0
    nodes: int = 0
    line: list[GhostMove] = field(default_factory=list)
    facts: LockFacts = field(default_factory=LockFacts)
    memos: list[_Memo] = field(init=False)
    ends: set[Columns] = field(default_factory=set)
    incoming: list[tuple[int, ...]] = field(init=False)

    def __post_init__(self) -> None:
        self.memos = [_Memo() for _ in self.stock]
        self.incoming = incoming_cards(self.stock)

    def tick(self) -> None:
        """Count a position; check the budget, the memory and the progress now and then."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if self.nodes % CHECK_EVERY == 0:
            now = clock.now()
            if self.deadline is not None and now > self.deadline:
                raise _OutOfBudget
            if sum(memo.size for memo in self.memos) + len(self.ends) + len(self.facts) \
                    > self.max_entries:
                for memo in self.memos:
                    memo.clear()
                self.ends.clear()
                self.facts.clear()
            if self.progress is not None and now - self.shown >= PROGRESS_SECONDS:
                self.shown = now
                self.progress(self.nodes, now - self.started)

    def search(self, columns: Columns, k: int, real: int, ghosts: int) -> bool:
        """True (a winning line appended to self.line) when the settled position before deal
        k can be won; a failed search leaves the line as it found it."""
        if k == len(self.stock):
            return self.endgame(columns, real, ghosts)
        memo = self.memos[k]
        if memo.known(columns, ghosts):
            return False
        reached, candidates = self._level(columns, k, real, ghosts)
        candidates.sort(key=_real_count)
        deal = self.stock[k]
        incoming = self.incoming[k + 1]
        last = k + 1 == len(self.stock)
        mark = len(self.line)
        for before, left, spooks in candidates:
            dealt = tuple(column + (() if card == HOLE else (card,))
                          for column, card in zip(before, deal))
            dealt, left, spooks, marks = settle(dealt, left, spooks, last, self.lone_moves)
            if locked_and_lost(real_columns(dealt), incoming, left | spooks, self.facts):
                continue
            if self.search(dealt, k + 1, left, spooks):
                self.line[mark:mark] = _path(reached, before) + [DEAL_MOVE] + marks
                return True
        for position, (_, _, spooks) in reached.items():
            memo.add(position, spooks)
        return False

    def _level(self, columns: Columns, k: int, real: int,
               ghosts: int) -> tuple[_Reached, list[_Candidate]]:
        """The settled positions reachable before the next deal (``reached``: each to the
        position before it, the moves, its ghosts), and those to deal from: the listed ones
        no other listed position dominates (with their real cards and ghosts)."""
        reached: _Reached = {columns: (None, [], ghosts)}
        by_layout: dict[Columns, list[Columns]] = {layout(columns): [columns]}
        superseded: set[Columns] = set()
        stack = [(columns, real, ghosts)]
        expanded = []
        memo = self.memos[k]
        while stack:
            cols, left, spooks = stack.pop()
            if cols in superseded:
                continue            # dominated by a position listed after it
            self.tick()
            expanded.append((cols, left, spooks))
            for move, after, revived, deleted in macro_moves(cols, False, self.lone_moves):
                new_left, new_spooks = _cards_after(move, left, spooks, revived, deleted)
                after, new_left, new_spooks, marks = settle(after, new_left, new_spooks, False,
                                                            self.lone_moves)
                if after in reached or memo.known(after, new_spooks):
                    continue
                key = layout(after)
                alike = by_layout.setdefault(key, [])
                if any(reached[other][2] & new_spooks == new_spooks for other in alike):
                    continue
                for other in [other for other in alike
                              if new_spooks & reached[other][2] == reached[other][2]]:
                    alike.remove(other)
                    superseded.add(other)
                alike.append(after)
                reached[after] = (cols, [move] + marks, new_spooks)
                stack.append((after, new_left, new_spooks))
        candidates = [entry for entry in expanded if entry[0] not in superseded]
        return reached, candidates

    def endgame(self, columns: Columns, real: int, ghosts: int) -> bool:
        """Search a settled position whose stock is empty, its columns sorted in the memo."""
        if won(real_columns(columns)):
            return True
        key = tuple(sorted(columns))
        if key in self.ends:
            return False
        self.tick()
        for move, after, revived, deleted in macro_moves(columns, True, self.lone_moves):
            left, spooks = _cards_after(move, real, ghosts, revived, deleted)
            after, left, spooks, marks = settle(after, left, spooks, True, self.lone_moves)
            mark = len(self.line)
            self.line.append(move)
            self.line.extend(marks)
            if self.endgame(after, left, spooks):
                return True
            del self.line[mark:]
        self.ends.add(key)
        return False


#: A position to deal from: its columns, its real cards (tableau and stock), its ghosts.
_Candidate = tuple[Columns, int, int]
#: ``_level``'s map: each position listed to (the position before it or None, the moves from
#: it, the position's ghosts).
_Reached = dict[Columns, "tuple[Columns | None, list[GhostMove], int]"]


def _cards_after(move: GhostMove, real: int, ghosts: int, revived: int,
                 deleted: int) -> tuple[int, int]:
    """The real cards and the ghosts after a macro move (``ghosts.macro_moves``): a MARK makes
    its card a ghost, the ghost it revives (or a MOVE restores) is real, the deleted ones go."""
    if move.kind == MARK:
        real &= ~(1 << move.card)
        ghosts |= 1 << move.card
    return real | revived, ghosts & ~revived & ~deleted


def _real_count(candidate: _Candidate) -> int:
    """How many real cards a candidate has left: the fewest look best."""
    return candidate[1].bit_count()


def _path(reached: _Reached, end: Columns) -> list[GhostMove]:
    """The ghost moves that led to ``end`` in a ``_level`` map."""
    path: list[GhostMove] = []
    before, moves, _ = reached[end]
    while before is not None:
        path[:0] = moves
        before, moves, _ = reached[before]
    return path


def solve(position: Position, lone_moves: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, memory: int = DEFAULT_MEMORY,
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Decide whether the position can be won, under the classic rules or (``lone_moves``
    False) without lone moves, in the deferred-discard game, within an optional node and time
    budget and a memory bound (forgetting costs time, never a verdict).  Ctrl-C ends the
    search UNSETTLED (``interrupted``)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(position, lone_moves, max_nodes, max_seconds, memory, progress)
    finally:
        if collecting:
            gc.enable()


def _solve(position: Position, lone_moves: bool, max_nodes: int | None,
           max_seconds: float | None, memory: int,
           progress: Callable[[int, float], None] | None) -> Solution:
    """``solve``, the garbage collector paused."""
    start = clock.now()
    columns, stock = codes(position)
    deadline = None if max_seconds is None else start + max_seconds
    search = _Search(stock, lone_moves, max_nodes, deadline, memory // BYTES_PER_ENTRY,
                     progress, start)
    real = card_bits(columns + stock)
    settled, real, ghosts, marks = settle(columns, real, 0, not stock, lone_moves)
    try:
        found = search.search(settled, 0, real, ghosts)
    except _OutOfBudget:
        return Solution(Status.UNSETTLED, (), search.nodes, clock.now() - start)
    except KeyboardInterrupt:
        return Solution(Status.UNSETTLED, (), search.nodes, clock.now() - start,
                        interrupted=True)
    if not found:
        return Solution(Status.LOST, (), search.nodes, clock.now() - start)
    line = plain_line(marks + search.line)
    return Solution(Status.WINNABLE, tuple(line), search.nodes, clock.now() - start)

