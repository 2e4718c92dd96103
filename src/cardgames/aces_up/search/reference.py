"""The reference search of Aces Up with the stock known (the full-information game).

``solve`` takes a position of the rules (``rules.Position``) and says whether it can be
won, with a winning line of the rules' commands (``rules.Command``: ``D``, ``F x``,
``T x y``), or proves that no line wins; a search that runs out of its node or time budget
says UNSETTLED, never LOST.  Inside, for speed, it reads the position in the codes of
``model`` (``model.codes``).

Structure: the search goes deal level by deal level.  Between two deals the player can only
discard and move cards to empty columns, so ``_Search._level`` lists, once each, the positions
reachable before the next deal, and the search deals from each of them (emptiest first).  A
level that fails marks all its positions lost (proof in ``search``).

Pruning: the facts the search prunes with are in ``pruning``, each a named function with its
proof, and the search calls them:

* ``pruning.is_safe_discard`` (in ``_level``): a discardable card that no remaining card of its
  suit is lower than is discarded at once (classic rules).
* ``pruning.discard_all``, ``endgame_key``, ``endgame_transfers`` (in ``_Search.endgame``):
  with the stock empty, every discard is safe, a card alone in its column never needs to
  move, and all empty columns are alike; positions are memoised with their columns sorted.
* ``pruning.essential``: a card lower than a card of its suit in the last deal is never
  needed as the only beater (classic rules, which relax the no-lone-moves variant); if the
  game without those cards (a smaller game, with holes in the deals) is lost, so is the real
  one.  Each level is checked in that relaxed game first, after a short plain first phase
  that finds the easy wins; at a level where those checks keep failing to prove a loss they
  are thinned out (``_Search._worth_relaxing``: a question of cost, never of verdict).
* ``pruning.upper``: the game restricted to the highest cards of every suit (an upward-closed
  set of cards) can only be easier; the relaxed games are chained, each checked in a smaller
  one.
* ``pruning.locked_and_lost``: when no column can ever be emptied again, no card moves
  again, and an ace over a card, an ace still in the stock, or a card beaten by nothing
  outside its column loses the game.
* Memoisation: a position is searched once per solve (``lost``, one set per deal level).
  Before the stock is empty the columns are NOT interchangeable (deal i lands on column i),
  so the key keeps their order.  Past its memory bound the memo is forgotten
  (``_Limits.check``): that costs time, never a verdict.  Every memo and cache belongs to
  one solve (its ``_Limits`` and ``_Search`` objects) and goes with it.

This search is the reference.  ``compiled_search`` transcribes it for Numba (the ``jit``
extra), position for position, and ``compiled_driver`` drives that transcription; the
package's ``solve`` runs that one when it is installed.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field

from cardgames import clock
from cardgames.aces_up.rules import Command, Position
from cardgames.aces_up.search import pruning
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
    Column,
    Columns,
    Solution,
    Status,
    Stock,
    codes,
    won,
)
from cardgames.aces_up.search.pruning import (
    LockFacts,
    card_bits,
    discard_all,
    discardable,
    endgame_key,
    endgame_transfers,
    incoming_cards,
    is_safe_discard,
    locked_and_lost,
)
from cardgames.aces_up.search.relaxation import RELAXATION_TOPS, kept_cards, relaxation

__all__ = ["solve", "safe_discard", "release_stopped", "BYTES_PER_ENTRY", "CHECK_EVERY"]

#: The memory the reference search takes per position it remembers: its memo (sets of tuples
#: of tuples) and the caches that grow with it.  Measured as resident memory over the memo's
#: size on seeds 3 and 6 (390 and 450 bytes), with room for the work of the search under
#: way; ``tests/test_aces_up_search_reference.py`` checks the bound in resident memory.
BYTES_PER_ENTRY = 500
#: How often (in positions counted) the reference search looks at its clock and memory.
CHECK_EVERY = 1024
#: No bound (the memo's size when no memory budget is given to a ``_Search``).
UNBOUNDED = 1 << 62
#: The most columns a search's ``kept`` cache holds before it starts afresh (recomputing a
#: relaxed column costs time only; the cache also counts in the memory bound).
KEPT_LIMIT = 1 << 18


def safe_discard(position: Position, lone_moves: bool = True) -> Command | None:
    """The discard the search makes at once in this position, or None: a discardable card
    lower than every card of its suit still in play (``pruning.is_safe_discard``; classic
    rules, or any rules once the stock is empty)."""
    if not lone_moves and position.stock:
        return None
    columns, stock = codes(position)
    x = pruning.safe_discard(columns, card_bits(columns + stock))
    return None if x is None else DISCARDS[x]


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


@dataclass
class _Limits:
    """What one reference solve shares between its search and its relaxed searches: the
    deadline, the memo's size bound, the progress callback, every search's memo and the
    cache of ``pruning.locked_and_lost``."""

    deadline: float | None
    max_entries: int
    progress: Callable[[int, float], None] | None = None
    started: float = field(default_factory=clock.now)
    shown: float = 0.0
    searches: list[_Search] = field(default_factory=list)
    lock_facts: LockFacts = field(default_factory=LockFacts)

    def check(self) -> None:
        """Raise _OutOfBudget past the deadline; forget the memo past the memory bound.

        Forgetting costs time only: a memo entry only saves a search whose answer it
        records, and nothing else depends on it (``_level`` keeps its own ``reached``).
        """
        now = clock.now()
        if self.deadline is not None and now > self.deadline:
            raise _OutOfBudget
        remembered = sum(search.remembered() for search in self.searches)
        if remembered + len(self.lock_facts) > self.max_entries:
            for search in self.searches:
                search.forget()
            self.lock_facts.clear()
        if self.progress is not None and now - self.shown >= PROGRESS_SECONDS:
            self.shown = now
            self.progress(sum(search.nodes for search in self.searches), now - self.started)


@dataclass
class _Search:
    """One solve's search of one game (the real one or a relaxed one): the fixed stock, the
    options, the budget, the memo and the relaxed game below it."""

    stock: Stock
    lone_moves: bool
    max_nodes: int | None
    limits: _Limits = field(default_factory=lambda: _Limits(None, UNBOUNDED))
    relax: bool = True                # check each level in the relaxed game first
    remember_wins: bool = False       # keep ``winners`` (a relaxed game: its positions recur)
    tops: tuple[int, ...] = ()        # the relaxation chain below this search (``upper``)
    nodes: int = field(default=0, init=False)
    line: list[Command] = field(default_factory=list, init=False)
    #: incoming[k][x]: the cards (a bit set) that deals k, k+1, ... will put on column x.
    incoming: list[tuple[int, ...]] = field(init=False)
    #: parts[k][x]: what deal k adds to column x (one card, or nothing for a hole).
    parts: list[Columns] = field(init=False)
    #: lost[k]: the positions before deal k known lost (lost[-1]: endgame keys).
    lost: list[set[Columns]] = field(init=False)
    #: winners[k]: the positions before deal k known won (only with ``remember_wins``).
    winners: list[set[Columns]] = field(init=False)
    #: checks[k]: the relaxed checks made at level k; cuts[k]: how many proved a loss.
    checks: list[int] = field(init=False)
    cuts: list[int] = field(init=False)
    #: The relaxed game, once enabled (``enable_relaxation``) and when it drops a card.
    relaxed: _Search | None = field(default=None, init=False)
    #: The cards the relaxed game keeps (a bit set), and a column -> its kept cards.
    essential: int = field(default=0, init=False)
    kept: dict[Column, Column] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.limits.searches.append(self)
        self.incoming = incoming_cards(self.stock)
        self.parts = [tuple(() if card == HOLE else (card,) for card in deal)
                      for deal in self.stock]
        self.lost = [set() for _ in range(len(self.stock) + 1)]
        self.winners = [set() for _ in range(len(self.stock) + 1)] if self.remember_wins \
            else []
        self.checks = [0] * len(self.stock)
        self.cuts = [0] * len(self.stock)
        if self.relax:
            self.enable_relaxation()

    def enable_relaxation(self) -> None:
        """Check each level's start in the relaxed game first (see ``pruning.essential``).

        With ``tops``, the relaxed game keeps only the essential cards among the ``tops[0]``
        highest of each suit (``pruning.upper``), and has its own relaxed game for
        ``tops[1:]``.  The relaxed game is always played under the classic rules: with
        --no-lone-moves that only relaxes it further (every line of the variant is a line of
        the classic game), so a relaxed game lost under the classic rules is lost in the
        variant too.
        """
        if self.relaxed is None:
            relaxed = relaxation(self.stock, self.tops)
            if relaxed is not None:
                self.kept = {}
                self.essential = relaxed.keep
                self.relaxed = _Search(relaxed.stock, True, self.max_nodes, self.limits,
                                       relax=bool(self.tops[1:]), remember_wins=True,
                                       tops=self.tops[1:])

    def total_nodes(self) -> int:
        """The nodes counted by this search and its relaxed search."""
        return self.nodes + (self.relaxed.total_nodes() if self.relaxed is not None else 0)

    def tick(self) -> None:
        """Count a node; raise _OutOfBudget when the budget is spent."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if self.nodes % CHECK_EVERY == 0:
            self.limits.check()

    def remembered(self) -> int:
        """The positions this search's memo holds, and its cache of relaxed columns."""
        return sum(map(len, self.lost)) + sum(map(len, self.winners)) + len(self.kept)

    def forget(self) -> None:
        """Empty the memo and the cache (see ``_Limits.check``)."""
        for known in self.lost:
            known.clear()
        for known in self.winners:
            known.clear()
        self.kept.clear()

    def search(self, columns: Columns, k: int, remaining: int) -> bool:
        """True (with a winning line appended to self.line) when the position can be won.

        A search that fails leaves ``self.line`` as it found it.

        ``k`` is the index of the next deal; ``remaining`` is the bit set of the cards still
        in the tableau or the stock (bit ``code``).  The search goes deal level by deal level:
        between two deals the player can only discard and move cards to empty columns, so
        ``_level`` lists every position reachable before the next deal (each once), and the
        search deals from each of them in turn, the emptiest first.
        """
        if k == len(self.stock):
            return self.endgame(columns, remaining)
        lost = self.lost[k]
        if columns in lost:
            return False
        if self.remember_wins and columns in self.winners[k]:
            return True
        self.tick()
        if self.relaxed is not None and self._worth_relaxing(k) \
                and not self._relaxation_won(columns, k, remaining):
            self.cuts[k] += 1
            lost.add(columns)
            return False
        reached, candidates = self._level(columns, k, remaining)
        candidates.sort(key=_candidate_size)
        one, two, three, four = self.parts[k]
        incoming = self.incoming[k + 1]
        facts = self.limits.lock_facts
        mark = len(self.line)
        for before, left in candidates:
            # a deal moves cards from the stock to the tableau: ``left`` stays the same
            dealt = (before[0] + one, before[1] + two, before[2] + three, before[3] + four)
            if locked_and_lost(dealt, incoming, left, facts):
                continue
            if self.search(dealt, k + 1, left):
                # the moves to this deal go before those the deeper search appended
                self.line[mark:mark] = _path(reached, before) + [DEAL]
                if self.remember_wins:
                    self.winners[k].add(columns)
                return True
        # Every position of ``reached`` is now lost.  Proof: suppose one is won and take a
        # won one with the fewest cards, then the shortest winning line.  If a safe discard
        # was forced in it, the position after that discard is won (is_safe_discard), is
        # in ``reached`` and has fewer cards.  If it was already known lost, no.  Otherwise
        # its every successor before the deal is in ``reached`` and dealing from it failed;
        # the first move of its line is a discard (a won member with fewer cards) or a move
        # (a won member with a shorter line): a contradiction either way.
        lost.update(reached)
        return False

    def _worth_relaxing(self, k: int) -> bool:
        """Whether to check this position of level k in the relaxed game first.

        Skipping a check never changes a verdict (the check only prunes), so this is a
        question of cost alone.  On some deals the relaxed game is won from nearly every
        position of a level, and checking each costs as much as searching it: after
        RELAX_TRIAL checks at a level, it goes on checking every position only while at
        least one check in RELAX_RATE proves a loss, and every RELAX_SAMPLE-th position
        otherwise (so that the rate is still measured).
        """
        checks = self.checks[k]
        self.checks[k] = checks + 1
        return checks < RELAX_TRIAL or self.cuts[k] * RELAX_RATE >= checks \
            or checks % RELAX_SAMPLE == 0

    def _relaxation_won(self, columns: Columns, k: int, remaining: int) -> bool:
        """False when the position without the cards the relaxed game drops is lost.

        The relaxed game keeps the essential cards (``pruning.essential``) among the highest
        ranks (``pruning.upper``), with the same deals and holes where the dropped cards were;
        it has its own memo, and its own relaxed game while ``tops`` goes on.  Budget
        exhaustion propagates.
        """
        relaxed = self.relaxed
        assert relaxed is not None
        kept = self.kept
        keep = self.essential
        parts = []
        for column in columns:
            part = kept.get(column)
            if part is None:
                if len(kept) > KEPT_LIMIT:
                    kept.clear()
                part = kept[column] = kept_cards(column, keep)
            parts.append(part)
        mark = len(relaxed.line)
        self.nodes += 1
        won = relaxed.search(tuple(parts), k, remaining & keep)
        del relaxed.line[mark:]
        return won

    def _level(self, columns: Columns, k: int,
               remaining: int) -> tuple[_Reached, list[_Candidate]]:
        """The positions reachable from ``columns`` without dealing, and those to deal from.

        ``reached`` maps each position to (previous position, move) for ``_path``.  A position
        already known lost (``lost``) is not expanded; one with a safe discard only takes it
        (``pruning.is_safe_discard``, classic rules) and is not dealt from, which loses
        nothing: it is won exactly when the position after the discard is.
        """
        reached: _Reached = {columns: None}
        stack = [(columns, remaining)]
        candidates = []
        lost = self.lost[k]
        lone = self.lone_moves
        while stack:
            cols, left = stack.pop()
            if cols in lost:
                continue
            self.tick()
            successors = []
            for x in discardable(cols):
                column = cols[x]
                card = column[-1]
                after = list(cols)
                after[x] = column[:-1]
                if lone and is_safe_discard(card, left):
                    successors = [(tuple(after), DISCARDS[x], left & ~(1 << card))]
                    break
                successors.append((tuple(after), DISCARDS[x], left & ~(1 << card)))
            else:
                candidates.append((cols, left))
                if not all(cols):
                    empty = [y for y in range(COLUMNS) if not cols[y]]
                    for x in range(COLUMNS):
                        column = cols[x]
                        if len(column) > 1 or (column and lone):
                            for y in empty:
                                after = list(cols)
                                after[x] = column[:-1]
                                after[y] = column[-1:]
                                successors.append((tuple(after), TRANSFERS[x][y], left))
            for position, move, position_left in successors:
                if position not in reached:
                    reached[position] = (cols, move)
                    stack.append((position, position_left))
        return reached, candidates

    def endgame(self, columns: Columns, remaining: int) -> bool:
        """Search a position whose stock is empty: every discard made at once
        (``pruning.discard_all``), memoised up to the order of the columns
        (``pruning.endgame_key``), the moves of ``pruning.endgame_transfers`` tried in turn."""
        cols, sources, gone = discard_all(columns)
        if sources:
            remaining &= ~gone
            self.line.extend([DISCARDS[x] for x in sources])
        if won(cols):
            return True
        key = endgame_key(cols)
        lost = self.lost[-1]
        # A key enters ``lost`` once its position is known lost; moves fill empty columns,
        # so the search cannot cycle.
        if key not in lost:
            self.tick()
            for x, y in endgame_transfers(cols):
                self.line.append(TRANSFERS[x][y])
                after = list(cols)
                after[x] = cols[x][:-1]
                after[y] = cols[x][-1:]
                if self.endgame(tuple(after), remaining):
                    return True
                self.line.pop()
            lost.add(key)
        del self.line[len(self.line) - len(sources):]
        return False


#: A position of a level to deal from: its columns and the cards still in play.
_Candidate = tuple[Columns, int]


def _candidate_size(candidate: _Candidate) -> int:
    """How many cards remain with a candidate: the fewest look best."""
    _, remaining = candidate
    return remaining.bit_count()


#: ``_level``'s map: each position reached to (the position before it, the move), the
#: level's start to None.
_Reached = dict[Columns, "tuple[Columns, Command] | None"]


def _path(reached: _Reached, end: Columns) -> list[Command]:
    """The moves that led to ``end`` in a ``_level`` map."""
    path = []
    step = reached[end]
    while step is not None:
        end, move = step
        path.append(move)
        step = reached[end]
    path.reverse()
    return path


def solve(position: Position, lone_moves: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, memory: int = DEFAULT_MEMORY,
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Decide whether the position can be won, within an optional node and time budget.

    ``memory`` bounds the bytes of the memo: past it the search forgets what it knows, which
    costs time, never a verdict.  ``progress(positions, seconds)`` is called about four
    times a second.  Ctrl-C ends the search UNSETTLED (``interrupted``).

    Two phases share one memo: a plain search of at most FIRST_PHASE_NODES nodes finds the
    easy wins fast; then the search goes on checking each level in the relaxed games first
    (``pruning.essential``, ``pruning.upper``), which proves most losses quickly but slows
    the search for a win.
    """
    release_stopped()
    columns, stock = codes(position)
    return _solve_paused(columns, stock, lone_moves, max_nodes, max_seconds, memory, progress)


#: The searches Ctrl-C stopped: their memo is freed by the next solve, or never (the
#: process ends first), so that an interrupted solve answers at once.
_STOPPED: list[_Search] = []


def release_stopped() -> None:
    """Let the memo of the searches Ctrl-C stopped go (a solve of either tier calls it)."""
    _STOPPED.clear()


def _solve_paused(columns: Columns, stock: Stock, lone_moves: bool, max_nodes: int | None,
                  max_seconds: float | None, memory: int,
                  progress: Callable[[int, float], None] | None) -> Solution:
    """The reference search, the garbage collector paused.

    The search keeps millions of tuples and sets, most of them until it ends, and forms no
    reference cycles; the collector's full passes over them cost about a third of the time
    of a one-minute search.  It is restored as found, whatever happens.
    """
    collecting = gc.isenabled()
    try:
        gc.disable()
        return _solve(columns, stock, lone_moves, max_nodes, max_seconds, memory, progress)
    finally:
        if collecting:
            gc.enable()


def _solve(columns: Columns, stock: Stock, lone_moves: bool, max_nodes: int | None,
           max_seconds: float | None, memory: int,
           progress: Callable[[int, float], None] | None) -> Solution:
    """``solve`` itself, the garbage collector paused."""
    start = clock.now()
    deadline = None if max_seconds is None else start + max_seconds
    limits = _Limits(deadline, memory // BYTES_PER_ENTRY, progress, start)
    first = FIRST_PHASE_NODES if max_nodes is None else min(max_nodes, FIRST_PHASE_NODES)
    search = _Search(stock, lone_moves, first, limits, relax=False, tops=RELAXATION_TOPS)
    remaining = card_bits(columns + stock)
    try:
        try:
            found = search.search(columns, 0, remaining)
        except _OutOfBudget:
            if search.nodes <= first or (max_nodes is not None and max_nodes <= first):
                raise
            search.line.clear()
            search.max_nodes = max_nodes
            search.enable_relaxation()
            found = search.search(columns, 0, remaining)
    except _OutOfBudget:
        return Solution(Status.UNSETTLED, (), search.total_nodes(), clock.now() - start)
    except KeyboardInterrupt:
        _STOPPED.append(search)     # freeing a big memo takes seconds: not while one waits
        return Solution(Status.UNSETTLED, (), search.total_nodes(), clock.now() - start,
                        interrupted=True)
    status = Status.WINNABLE if found else Status.LOST
    return Solution(status, tuple(search.line) if found else (), search.total_nodes(),
                    clock.now() - start)
