"""An exact solver for Aces Up with the stock known (the full-information game).

A position is four columns and the stock as a sequence of four-card deals.  ``solve`` says
whether the position can be won, with a winning line of moves, or proves that no line wins;
a search that runs out of its node or time budget says UNSETTLED, never LOST.

Representation (independent of the rules module, for speed): a card is a small int
``16 * suit + strength`` where suit is 0..3 (clubs, diamonds, hearts, spades) and strength is
2..13 for 2..K and 14 for the Ace (aces high), so "same suit and higher" is
``a >> 4 == b >> 4 and a > b``.  A column is a tuple of cards, its last element being the
bottom (movable) card.  Columns are numbered 1..4 in moves, as in the game's commands.

Structure: the search goes deal level by deal level.  Between two deals the player can only
discard and move cards to empty columns, so ``_Search._level`` lists, once each, the positions
reachable before the next deal, and the search deals from each of them (emptiest first).  A
level that fails marks all its positions lost (proof in ``search``).

Pruning rules, each with its proof next to its code:

* ``_safe_discard`` (inlined in ``_level``): a discardable card that no remaining card of its
  suit is lower than is discarded at once (classic rules, or any rules once the stock is empty).
* ``_Search.endgame``: with the stock empty, every discard is safe, a card alone in its
  column never needs to move, and all empty columns are alike; positions are memoised with their
  columns sorted.
* ``_essential``: a card lower than a card of its suit in the last deal is never needed
  as the only beater (classic rules, which relax the no-lone-moves variant); if the game
  without those cards (a smaller game, with holes in the deals) is lost, so is the real one.
  Each level is checked in that relaxed game first, after a short plain first phase that
  finds the easy wins; at a level where those checks keep failing to prove a loss they are
  thinned out (``_Search._worth_relaxing``: a question of cost, never of verdict).
* ``_upper``: the game restricted to the highest cards of every suit (an upward-closed set of
  cards) can only be easier; the relaxed games are chained, each checked in a smaller one.
* ``_locked_and_lost``: when no column can ever be emptied again, no card moves again, and
  an ace over a card, an ace still in the stock, or a card beaten by nothing outside its
  column loses the game.
* Memoisation: a position is searched once per solve (``lost``, one set per deal level).
  Before the stock is empty the columns are NOT interchangeable (deal i lands on column i),
  so the key keeps their order.  Past its memory bound the memo is forgotten
  (``_Limits.check``): that costs time, never a verdict.

This search is the reference.  ``kernel`` transcribes it for Numba (the ``jit`` extra),
position for position, and ``compiled`` drives that transcription; ``solve`` runs it when
it is installed.
"""

from __future__ import annotations

import enum
import gc
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cardgames.cards import Card, Suit, classic_deck, seeded_shuffle
from cardgames.tiers import AUTO, EXTRA, NUMBA, NUMPY, STDLIB, TierError, _importable, requested

__all__ = [
    "Move", "Position", "Status", "Solution", "encode", "decode", "deal_position",
    "seeded_deal", "legal_moves", "apply_move", "is_won", "solve", "solve_plain",
    "command", "line_commands", "solver_tier", "wanted_tier", "compiled_available",
    "DEFAULT_MEMORY",
]

ACE = 14
COLUMNS = 4


def encode(card: Card) -> int:
    """The solver's int for a card: 16 * (suit - 1) + strength (aces high = 14)."""
    return 16 * (int(card.suit) - 1) + (ACE if card.rank == 1 else card.rank)


def decode(code: int) -> Card:
    """The Card for a solver int (inverse of ``encode``)."""
    strength = code & 15
    return Card(1 if strength == ACE else strength, Suit((code >> 4) + 1))


class Move(NamedTuple):
    """A move: kind 'D' (deal), 'F' (discard column source) or 'T' (source to target)."""

    kind: str
    source: int = 0
    target: int = 0


DEAL = Move("D")
DISCARDS = tuple(Move("F", x + 1) for x in range(4))
TRANSFERS = tuple(tuple(Move("T", x + 1, y + 1) for y in range(4)) for x in range(4))


def command(move: Move) -> str:
    """The classic game's command for a move: ``D``, ``F x`` or ``T x y``."""
    if move.kind == "D":
        return "D"
    if move.kind == "F":
        return f"F {move.source}"
    return f"T {move.source} {move.target}"


def line_commands(line: Iterable[Move]) -> list[str]:
    """The commands of a line of moves."""
    return [command(move) for move in line]


@dataclass(frozen=True)
class Position:
    """Four columns (bottom card last) and the deals still in the stock (next deal first)."""

    columns: tuple[tuple[int, ...], ...]
    stock: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of_cards(cls, columns: Sequence[Sequence[Card]],
                 stock: Sequence[Sequence[Card]] = ()) -> Position:
        """A position from Card columns and Card deals."""
        return cls(tuple(tuple(encode(card) for card in column) for column in columns),
                   tuple(tuple(encode(card) for card in deal) for deal in stock))


def seeded_deal(seed: int) -> list[Card]:
    """The classic seeded deal order: the cards in the order they are dealt."""
    deck = seeded_shuffle(classic_deck(), seed)
    return deck[::-1]


def deal_position(seed: int) -> Position:
    """The opening position of the classic game with this seed (first four cards dealt)."""
    order = [encode(card) for card in seeded_deal(seed)]
    deals = [tuple(order[i:i + COLUMNS]) for i in range(0, len(order), COLUMNS)]
    return Position(tuple((card,) for card in deals[0]), tuple(deals[1:]))


def _highest_bottoms(columns: Sequence[tuple[int, ...]]) -> list[int]:
    """The highest bottom card of each suit (0 for none).

    The discard rule in one place: a bottom card may be discarded exactly when it is lower
    than the highest bottom card of its suit.  That card beats it and lies in another column
    (a column has one bottom card); an ace is never lower than a card of its suit.
    """
    highest = [0, 0, 0, 0]
    for column in columns:
        if column:
            card = column[-1]
            if card > highest[card >> 4]:
                highest[card >> 4] = card
    return highest


def _can_discard(columns: Sequence[tuple[int, ...]], x: int) -> bool:
    """True when the bottom card of column x (0-based) may go to the foundation."""
    column = columns[x]
    return bool(column) and column[-1] < _highest_bottoms(columns)[column[-1] >> 4]


def _moves(columns: Sequence[tuple[int, ...]], has_stock: bool,
           lone_moves: bool) -> list[Move]:
    """Every legal move, in the order the search tries them (1-based columns)."""
    moves = [Move("F", x + 1) for x in range(COLUMNS) if _can_discard(columns, x)]
    empty = [y for y in range(COLUMNS) if not columns[y]]
    lone = []
    if empty:
        for x, column in enumerate(columns):
            if len(column) > 1:
                moves.extend(Move("T", x + 1, y + 1) for y in empty)
            elif column and lone_moves:
                lone.extend(Move("T", x + 1, y + 1) for y in empty)
    if has_stock:
        moves.append(DEAL)
    return moves + lone


def legal_moves(position: Position, lone_moves: bool = True) -> list[Move]:
    """Every legal move in a position (``lone_moves=False``: a lone card may not move)."""
    return _moves(position.columns, bool(position.stock), lone_moves)


def _apply(columns: tuple[tuple[int, ...], ...], move: Move,
           deal: tuple[int, ...] = ()) -> tuple[tuple[int, ...], ...]:
    """The columns after a move (``deal`` holds the four cards a deal adds)."""
    if move.kind == "D":
        return tuple(column + (card,) for column, card in zip(columns, deal))
    cols = list(columns)
    x = move.source - 1
    card = cols[x][-1]
    cols[x] = cols[x][:-1]
    if move.kind == "T":
        cols[move.target - 1] = (card,)
    return tuple(cols)


def apply_move(position: Position, move: Move) -> Position:
    """The position after a legal move."""
    if move.kind == "D":
        return Position(_apply(position.columns, move, position.stock[0]), position.stock[1:])
    return Position(_apply(position.columns, move), position.stock)


def _won(columns: Sequence[tuple[int, ...]]) -> bool:
    """True when every column holds exactly one card, an ace."""
    return all(len(column) == 1 and column[0] & 15 == ACE for column in columns)


def is_won(position: Position) -> bool:
    """True when the stock is empty and each column holds exactly one ace."""
    return not position.stock and _won(position.columns)


class Status(enum.Enum):
    """What the solver could establish about a position."""

    WINNABLE = "winnable"
    LOST = "cannot be won"
    UNSETTLED = "unsettled"


@dataclass(frozen=True)
class Solution:
    """The verdict, a winning line when WINNABLE, and the work it took.

    ``tier``: the search that ran (``stdlib``, the reference, or ``numba``, compiled);
    ``interrupted``: UNSETTLED because Ctrl-C stopped the search.
    """

    status: Status
    line: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    tier: str = "stdlib"
    interrupted: bool = False


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


#: The memory a solve may use when none is given (bytes): its memo and work space.
DEFAULT_MEMORY = 1 << 30
#: The memory the reference search takes per position it remembers: its memo (sets of tuples
#: of tuples) and the caches that grow with it.  Measured as resident memory over the memo's
#: size on seeds 3 and 6 (390 and 450 bytes), with room for the work of the search under
#: way; ``tests/test_aces_up_solver.py`` checks the bound in resident memory.
BYTES_PER_ENTRY = 500
#: How often (in positions counted) the reference search looks at its clock and memory.
CHECK_EVERY = 1024
UNBOUNDED = 1 << 62


@dataclass
class _Limits:
    """What one reference solve shares between its search and its relaxed searches: the
    deadline, the memo's size bound, the progress callback and every search's memo."""

    deadline: float | None
    max_entries: int
    progress: Callable[[int, float], None] | None = None
    started: float = field(default_factory=time.monotonic)
    shown: float = 0.0
    searches: list[_Search] = field(default_factory=list)

    def check(self) -> None:
        """Raise _OutOfBudget past the deadline; forget the memo past the memory bound.

        Forgetting costs time only: a memo entry only saves a search whose answer it
        records, and nothing else depends on it (``_level`` keeps its own ``reached``).
        """
        now = time.monotonic()
        if self.deadline is not None and now > self.deadline:
            raise _OutOfBudget
        remembered = sum(search.remembered() for search in self.searches)
        if remembered + len(_COLUMN_INFO) + len(_BOUND_INFO) > self.max_entries:
            for search in self.searches:
                search.forget()
            _COLUMN_INFO.clear()
            _BOUND_INFO.clear()
        if self.progress is not None and now - self.shown >= PROGRESS_SECONDS:
            self.shown = now
            self.progress(sum(search.nodes for search in self.searches), now - self.started)


PROGRESS_SECONDS = 0.25


@dataclass
class _Search:
    """One solve: the fixed stock, the options, the budget and the memo."""

    stock: tuple[tuple[int, ...], ...]
    lone_moves: bool
    max_nodes: int | None
    limits: _Limits = field(default_factory=lambda: _Limits(None, UNBOUNDED))
    nodes: int = 0
    lost: list = field(default_factory=list)     # lost[k]: the positions before deal k known lost
    line: list = field(default_factory=list)
    incoming: list = field(default_factory=list)
    relax: bool = True
    winners: list | None = None       # winners[k]: positions known won: relaxed search only
    tops: tuple[int, ...] = ()        # the relaxation chain below this search (``_upper``)

    def __post_init__(self) -> None:
        self.limits.searches.append(self)
        # A card of a deal may be HOLE (no card for that column) in a relaxed search.
        # incoming[k][x]: the cards that deals k, k+1, ... will put on column x.
        bound = [0] * COLUMNS
        self.incoming = [tuple(bound)]
        for deal in reversed(self.stock):
            bound = [mask | (1 << card if card != HOLE else 0) for mask, card in zip(bound, deal)]
            self.incoming.append(tuple(bound))
        self.incoming.reverse()
        # parts[k][x]: what deal k adds to column x (one card, or nothing for a hole).
        self.parts = [tuple(() if card == HOLE else (card,) for card in deal)
                      for deal in self.stock]
        self.lost = [set() for _ in range(len(self.stock) + 1)]
        self.checks = [0] * len(self.stock)     # relaxed checks made at each level ...
        self.cuts = [0] * len(self.stock)       # ... and how many of them proved a loss
        if self.winners is not None:
            self.winners = [set() for _ in range(len(self.stock) + 1)]
        self.relaxed = None
        if self.relax:
            self.enable_relaxation()

    def enable_relaxation(self) -> None:
        """Check each level's start in the relaxed game first (see ``_essential``).

        With ``tops``, the relaxed game keeps only the essential cards among the ``tops[0]``
        highest of each suit (``_upper``), and has its own relaxed game for ``tops[1:]``.
        The relaxed game is always played under the classic rules: with --no-lone-moves
        that only relaxes it further (every line of the variant is a line of the classic
        game), so a relaxed game lost under the classic rules is lost in the variant too.
        """
        if self.stock and self.relaxed is None:
            self.kept = {}       # a column -> the cards of it the relaxed game keeps
            self.essential = _essential(self.stock[-1])
            if self.tops:
                self.essential &= _upper(self.tops[0])
            stock = tuple(tuple(card if card != HOLE and self.essential >> card & 1 else HOLE
                                for card in deal)
                          for deal in self.stock)
            if stock != self.stock:
                self.relaxed = _Search(stock, True, self.max_nodes, self.limits,
                                       relax=bool(self.tops[1:]), winners=[],
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
        return sum(map(len, self.lost)) + sum(map(len, self.winners or ())) \
            + len(getattr(self, "kept", ()))

    def forget(self) -> None:
        """Empty the memo and the cache (see ``_Limits.check``)."""
        for known in self.lost:
            known.clear()
        for known in self.winners or ():
            known.clear()
        if hasattr(self, "kept"):
            self.kept.clear()

    def search(self, columns: tuple[tuple[int, ...], ...], k: int, remaining: int) -> bool:
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
        if self.winners is not None and columns in self.winners[k]:
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
        mark = len(self.line)
        for before, left in candidates:
            # a deal moves cards from the stock to the tableau: ``left`` stays the same
            dealt = (before[0] + one, before[1] + two, before[2] + three, before[3] + four)
            if _locked_and_lost(dealt, incoming, left):
                continue
            if self.search(dealt, k + 1, left):
                # the moves to this deal go before those the deeper search appended
                self.line[mark:mark] = _path(reached, before) + [DEAL]
                if self.winners is not None:
                    self.winners[k].add(columns)
                return True
        # Every position of ``reached`` is now lost.  Proof: suppose one is won and take a
        # won one with the fewest cards, then the shortest winning line.  If a safe discard
        # was forced in it, the position after that discard is won (see _safe_discard), is
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

    def _relaxation_won(self, columns: tuple, k: int, remaining: int) -> bool:
        """False when the position without the cards the relaxed game drops is lost.

        The relaxed game keeps the essential cards (``_essential``) among the highest ranks
        (``_upper``), with the same deals and holes where the dropped cards were; it has its
        own memo, and its own relaxed game while ``tops`` goes on.  Budget exhaustion
        propagates.
        """
        kept = self.kept
        essential = self.essential
        relaxed = []
        for column in columns:
            part = kept.get(column)
            if part is None:
                if len(kept) > 1 << 18:
                    kept.clear()
                part = kept[column] = tuple(card for card in column if essential >> card & 1)
            relaxed.append(part)
        relaxed = tuple(relaxed)
        mark = len(self.relaxed.line)
        self.nodes += 1
        won = self.relaxed.search(relaxed, k, remaining & essential)
        del self.relaxed.line[mark:]
        return won

    def _level(self, columns: tuple[tuple[int, ...], ...], k: int,
               remaining: int) -> tuple[dict, list]:
        """The positions reachable from ``columns`` without dealing, and those to deal from.

        ``reached`` maps each position to (previous position, move) for ``_path``.  A position
        already known lost (``lost``) is not expanded; one with a safe discard only takes it
        (``_safe_discard``) and is not dealt from, which loses nothing: it is won exactly when
        the position after the discard is.
        """
        reached = {columns: None}
        stack = [(columns, remaining)]
        candidates = []
        lost = self.lost[k]
        lone = self.lone_moves
        while stack:
            cols, left = stack.pop()
            if cols in lost:
                continue
            self.tick()
            highest = _highest_bottoms(cols)
            successors = []
            for x in range(COLUMNS):
                column = cols[x]
                if column and column[-1] < highest[column[-1] >> 4]:
                    card = column[-1]
                    after = list(cols)
                    after[x] = column[:-1]
                    if lone and not left & BELOW[card]:
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
            for after, move, after_left in successors:
                if after not in reached:
                    reached[after] = (cols, move)
                    stack.append((after, after_left))
        return reached, candidates

    def endgame(self, columns: tuple[tuple[int, ...], ...], remaining: int) -> bool:
        """Search a position whose stock is empty (see the proofs in the body)."""
        # Every discard is safe once the stock is empty.  Proof: no card can ever be covered
        # again (moves go to empty columns only), so the highest exposed card of each suit
        # never leaves the bottoms until an even higher exposed card of that suit discards
        # it: the highest exposed rank per suit never decreases.  Let P' be P after
        # discarding c (beaten by an exposed h).  Replay any line from P in P', skipping the
        # moves of c: whenever the line discards d using c, the highest exposed card of c's
        # suit (at least h > c > d, and not in d's column, since it is not d) does the same
        # job.  Every other move stays legal: bottoms other than c are unchanged, columns
        # are emptier, and no card is ever placed on c, so no card is alone in P' that is not
        # alone in P (the no-lone-moves rule too).  The line ends with c discarded, so it ends
        # in the same won position.  Hence discarding greedily, in any order, loses nothing.
        pushed = 0
        cols = list(columns)
        progress = True
        while progress:
            progress = False
            highest = _highest_bottoms(cols)
            for x in range(COLUMNS):
                column = cols[x]
                while column and column[-1] < highest[column[-1] >> 4]:
                    remaining &= ~(1 << column[-1])
                    column = column[:-1]
                    self.line.append(DISCARDS[x])
                    pushed += 1
                    progress = True
                    if column and column[-1] > highest[column[-1] >> 4]:
                        highest[column[-1] >> 4] = column[-1]
                cols[x] = column
        if _won(cols):
            return True
        # The rules no longer tell the columns apart (no deal is left), so a position and any
        # permutation of its columns are won or lost together: memoise on sorted columns,
        # never move a card that is alone (that only permutes the columns), and try one empty
        # column only (moving to another empty column gives a permutation of the result).
        key = tuple(sorted(cols))
        lost = self.lost[-1]
        # A key enters ``lost`` once its position is known lost; moves fill empty columns,
        # so the search cannot cycle.
        if key not in lost:
            self.tick()
            empty = next((y for y in range(COLUMNS) if not cols[y]), None)
            if empty is not None:
                for x in range(COLUMNS):
                    if len(cols[x]) > 1:
                        move = Move("T", x + 1, empty + 1)
                        self.line.append(move)
                        if self.endgame(_apply(tuple(cols), move), remaining):
                            return True
                        self.line.pop()
            lost.add(key)
        del self.line[len(self.line) - pushed:]
        return False


HOLE = -1


def _upper(top: int) -> int:
    """The ``top`` highest cards of every suit (aces high), as a bit set: an upward-closed set.

    Claim: if P is won, so is P' = P without the cards outside an upward-closed set U (a set
    that holds, with each card, every higher card of its suit), under the classic rules, in
    the tableau and in the stock (their places in the deals become holes).  Proof: replay a
    winning line of P in P', skipping the moves of the dropped cards.  P' stays P without
    them: deals add the same kept cards to the same columns; the bottom card of a column of P,
    when kept, is the bottom card of that column in P'; an empty column of P is empty in P'.
    A move of a kept card stays legal (lone cards may move under the classic rules).  A
    discard of a kept card e beaten by h stays legal: h is higher than e in e's suit, so h is
    kept (U is upward closed) and is the bottom card of its column in P' too.  The line ends
    with only the aces left, which U keeps.  Hence if P' cannot be won, neither can P.

    The solver chains such relaxations (``RELAXATION_TOPS``): each level of a search is first
    checked in the game restricted to the essential cards of the top ``tops[0]`` ranks, which
    is checked in turn in the game of the top ``tops[1]`` ranks, and so on.  Each is a smaller
    game with its own memo, and the same position of a smaller game serves many positions of
    the larger one.  Restricting a game to its essential cards (``_essential``) and then to U
    is two relaxations in a row, so the game of the cards in both sets is a relaxation too.
    """
    if not 1 <= top <= 13:
        raise ValueError(f"the top {top} ranks of a suit: 1 to 13 (the ace must stay)")
    bits = 0
    for suit in range(4):
        for strength in range(ACE - top + 1, ACE + 1):
            bits |= 1 << (16 * suit + strength)
    return bits


def _essential(last_deal: Sequence[int]) -> int:
    """The cards that matter against the last deal: a bit set (classic rules).

    Essential: the aces, the cards of the last deal, and every card higher than all cards
    of its suit in the last deal.  Claim: if P is won, so is P' = P without its inessential
    cards, in the tableau and in the stock (their places in the deals become holes).
    Proof: an inessential card r is lower than a card g of its suit in the last deal, so
    every card r beats is lower than g too, hence inessential or a card of the last deal.
    Replay a winning line of P in P', skipping the moves of inessential cards; P' stays P
    without them (deals add the same essential cards to the same columns; a moved essential
    card is a bottom in P' as in P and an empty column of P is empty in P'; lone cards may
    move).  A discard of an essential e beaten by an essential h stays legal (h is a bottom
    in P' too).  If h is inessential, e is a card of the last deal, so the stock is empty:
    the highest exposed card of e's suit never decreases from the last deal on (see
    ``endgame``), and right after that deal the bottoms were its cards, one of them g > h;
    so a bottom of e's suit at least g > e exists in P' now, not in e's column (it is not
    e).  The line ends with only the aces left, in P' too.
    """
    best = [0] * 4
    bits = 0
    for card in last_deal:
        if card != HOLE:
            bits |= 1 << card
            best[card >> 4] = max(best[card >> 4], card)
    for code in range(64):
        if code & 15 == ACE or (2 <= code & 15 < ACE and code > best[code >> 4]):
            bits |= 1 << code
    return bits


def _safe_discard(columns: Sequence[tuple[int, ...]], remaining: int) -> Move | None:
    """A discard that can be forced: the card is the lowest remaining card of its suit.

    Sound under the classic rules (lone cards may move).  Proof: let c be discardable in P
    and lower than every other remaining card of its suit, and P' = P after discarding c.
    Then c can never be the higher card of any discard (no remaining card of its suit is
    lower).  Replay any line from P in P', skipping the moves of c (its moves to empty
    columns and its discard).  P' always equals P's state without c: deals add the same
    cards to the same columns; any other discard uses a higher card other than c, and a
    bottom card other than c in P is the bottom card of the same column in P'; a move of a
    card e != c from x to an empty y stays legal (x still holds e, y is empty in P' too).
    The line ends with c discarded (it is not an ace), so it ends in the same won position.
    So P' is won whenever P is, and P' is reachable from P: forcing the discard is sound.
    Not used with --no-lone-moves before the stock is empty: there, c may be the card under
    some e, and removing c would leave e alone and unable to move.
    """
    for x, column in enumerate(columns):
        if column and _can_discard(columns, x):
            card = column[-1]
            below = remaining & ((1 << card) - (1 << (card & ~15)))
            if not below:
                return Move("F", x + 1)
    return None


BELOW = tuple((1 << code) - (1 << (code & ~15)) for code in range(64))


def _tableau_bits(columns: Iterable[Iterable[int]]) -> int:
    """The bit set of the cards in some columns or deals (holes left out)."""
    bits = 0
    for column in columns:
        for card in column:
            if card != HOLE:
                bits |= 1 << card
    return bits


def _candidate_size(candidate: tuple) -> int:
    """How many cards remain with a (columns, remaining) candidate: the fewest look best."""
    return candidate[1].bit_count()


def _path(reached: dict, end: tuple) -> list[Move]:
    """The moves that led to ``end`` in a ``_level`` map."""
    path = []
    step = reached[end]
    while step is not None:
        end, move = step
        path.append(move)
        step = reached[end]
    path.reverse()
    return path


def _above(card: int) -> int:
    """The bit set of the cards of the same suit that beat ``card``."""
    return ((1 << ((card & ~15) + 15)) - 1) & ~((1 << (card + 1)) - 1)


ABOVE = tuple(_above(code) for code in range(64))


_COLUMN_INFO: dict = {}
_BOUND_INFO: dict = {}


def _needs(cards: Iterable[int]) -> tuple[int, ...]:
    """The beaters (bit sets) of the highest non-ace card of each suit among some cards.

    A set of cards outside a column beats every non-ace card of that column exactly when it
    meets each of these: a card beating the highest card of a suit beats the lower ones too.
    """
    highest = [0, 0, 0, 0]
    for card in cards:
        if card & 15 != ACE and card > highest[card >> 4]:
            highest[card >> 4] = card
    return tuple(ABOVE[card] for card in highest if card)


def _column_info(column: tuple[int, ...]) -> tuple:
    """(bit set, holds an ace, holds an ace over a card, ``_needs``) of a column, memoised."""
    info = _COLUMN_INFO.get(column)
    if info is None:
        if len(_COLUMN_INFO) > 1 << 20:
            _COLUMN_INFO.clear()
        bits = _tableau_bits((column,))
        aces = [i for i, card in enumerate(column) if card & 15 == ACE]
        info = (bits, bool(aces), any(i > 0 for i in aces), _needs(column))
        _COLUMN_INFO[column] = info
    return info


def _bound_info(bits: int) -> tuple:
    """(holds an ace, ``_needs``) of the stock cards bound for a column, memoised."""
    info = _BOUND_INFO.get(bits)
    if info is None:
        if len(_BOUND_INFO) > 1 << 16:
            _BOUND_INFO.clear()
        cards = list(_cards(bits))
        info = (any(card & 15 == ACE for card in cards), _needs(cards))
        _BOUND_INFO[bits] = info
    return info


def _locked_and_lost(columns: Sequence[tuple[int, ...]], incoming: Sequence[int],
                     remaining: int) -> bool:
    """True when no column can ever be empty again and, then, the position is lost.

    ``incoming[x]`` is the bit set of the stock cards that deals will put on column x.

    Locked: no column is empty now, and no column x can be emptied by discards alone, i.e.
    some card now in x is an ace, or has no card beating it outside x (outside x meaning in
    another column, or in the stock bound for another column).  Proof that no column ever
    empties: moves need an empty column, so until the first column empties no card changes
    column and every dealt card stays on the column it was dealt to.  For x to empty first,
    each card now in x must be discarded before, beaten by a card in another column at that
    moment, hence by a card now in another column or dealt to another column.  If that fails
    for every column, no column ever empties and no move is ever legal again.

    Lost, once locked: (a) an ace in the stock lands on a non-empty column and the cards under
    it can never be exposed; (b) likewise an ace now in a column with a card under it (two
    aces in a column is a case of this); (c) a non-ace card, in a column or bound for one,
    with no card beating it outside that column can never be discarded, since without moves
    it only ever shares a column with the cards of that column.
    """
    infos = []
    for column, bound in zip(columns, incoming):
        if not column:
            return False
        info = _column_info(column)
        outside = remaining & ~(info[0] | bound)
        infos.append((info, bound, outside))
    for (_, has_ace, _, needs), _, outside in infos:
        if not has_ace:
            for need in needs:
                if not outside & need:
                    break
            else:
                return False        # this column may be emptied
    for (_, _, buried, needs), bound, outside in infos:
        if buried:
            return True
        bound_ace, bound_needs = _bound_info(bound)
        if bound_ace:
            return True
        for need in needs + bound_needs:
            if not outside & need:
                return True
    return False


def _cards(bits: int) -> Iterable[int]:
    """The cards of a bit set."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _remaining(position: Position) -> int:
    """The bit set of the cards in the tableau and the stock."""
    return _tableau_bits(position.columns + position.stock)


FIRST_PHASE_NODES = 20_000
RELAX_TRIAL, RELAX_RATE, RELAX_SAMPLE = 256, 32, 16     # see ``_Search._worth_relaxing``
RELAXATION_TOPS = (10, 7, 4)


def solve(position: Position, lone_moves: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, *, tier: str | None = None,
          memory: int = DEFAULT_MEMORY,
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Decide whether the position can be won, within an optional node and time budget.

    ``tier``: ``stdlib`` (this module's search, the reference), ``numba`` (the same search
    compiled, ``cardgames.aces_up.compiled``) or None/``auto``: the compiled one when it is
    installed (see ``cardgames.tiers``; $CARDGAMES_TIER also chooses).  ``memory`` bounds
    the bytes of the memo: past it the search forgets what it knows, which costs time,
    never a verdict.  ``progress(positions, seconds)`` is called about four times a second.
    Ctrl-C ends the search UNSETTLED (``interrupted``).

    Two phases share one memo: a plain search of at most FIRST_PHASE_NODES nodes finds the
    easy wins fast; then the search goes on checking each level in the relaxed games first
    (``_essential``, ``_upper``), which proves most losses quickly but slows the search for
    a win.
    """
    _STOPPED.clear()
    if solver_tier(tier) == NUMBA and _compiles(position):
        from cardgames.aces_up import compiled
        return compiled.solve(position, lone_moves, max_nodes, max_seconds, memory, progress)
    return _solve_paused(position, lone_moves, max_nodes, max_seconds, memory, progress)


#: The searches Ctrl-C stopped: their memo is freed by the next solve, or never (the
#: process ends first), so that an interrupted solve answers at once.
_STOPPED: list[_Search] = []


def _compiles(position: Position) -> bool:
    """True when the compiled search takes the position: at most 12 deals of four cards (a
    game's positions always are; others go to this search)."""
    return len(position.stock) <= 12 and all(len(deal) == COLUMNS for deal in position.stock)


def _solve_paused(position: Position, lone_moves: bool, max_nodes: int | None,
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
        return _solve(position, lone_moves, max_nodes, max_seconds, memory, progress)
    finally:
        if collecting:
            gc.enable()


def _solve(position: Position, lone_moves: bool, max_nodes: int | None,
           max_seconds: float | None, memory: int,
           progress: Callable[[int, float], None] | None) -> Solution:
    """``solve`` itself, the garbage collector paused."""
    start = time.monotonic()
    deadline = None if max_seconds is None else start + max_seconds
    limits = _Limits(deadline, memory // BYTES_PER_ENTRY, progress, start)
    first = FIRST_PHASE_NODES if max_nodes is None else min(max_nodes, FIRST_PHASE_NODES)
    search = _Search(position.stock, lone_moves, first, limits, relax=False,
                     tops=RELAXATION_TOPS)
    remaining = _remaining(position)
    try:
        try:
            found = search.search(position.columns, 0, remaining)
        except _OutOfBudget:
            if search.nodes <= first or (max_nodes is not None and max_nodes <= first):
                raise
            search.line.clear()
            search.max_nodes = max_nodes
            search.enable_relaxation()
            found = search.search(position.columns, 0, remaining)
    except _OutOfBudget:
        return Solution(Status.UNSETTLED, (), search.total_nodes(), time.monotonic() - start)
    except KeyboardInterrupt:
        _STOPPED.append(search)     # freeing a big memo takes seconds: not while one waits
        return Solution(Status.UNSETTLED, (), search.total_nodes(), time.monotonic() - start,
                        interrupted=True)
    status = Status.WINNABLE if found else Status.LOST
    return Solution(status, tuple(search.line) if found else (), search.total_nodes(),
                    time.monotonic() - start)


def solver_tier(tier: str | None = None) -> str:
    """The search to run: ``stdlib`` or ``numba`` (``tier``, else $CARDGAMES_TIER, else the
    compiled one when installed); TierError when the tier asked for cannot run.

    $CARDGAMES_TIER=numpy (a simulation tier) runs the reference search, which is what the
    solver has without compiled code; asked for by name (``tier``), numpy is refused.
    """
    tier = wanted_tier(tier)
    if tier == AUTO:
        return NUMBA if compiled_available() else STDLIB
    if tier == NUMBA and not compiled_available():
        raise TierError("the compiled solver disagrees with the reference here, so it is "
                        "not used: please report it")
    return tier


def wanted_tier(tier: str | None = None) -> str:
    """The solver tier asked for (``auto``, ``stdlib`` or ``numba``), without loading any:
    TierError when it is unknown, or numba and Numba is not installed."""
    named = tier
    tier = requested(tier)
    if tier == NUMPY:
        if named is not None:
            raise TierError("the solver has no numpy tier: choose stdlib or numba")
        return STDLIB
    if tier == NUMBA and not _importable("numba"):
        raise TierError(f"the numba tier is not installed here: "
                        f"pip install 'cardgames[{EXTRA[NUMBA]}]'")
    return tier


_COMPILED: bool | None = None


def compiled_available() -> bool:
    """True when the compiled search loads and agrees with this one on a sample."""
    global _COMPILED
    if _COMPILED is None:
        try:
            from cardgames.aces_up import compiled
        except ImportError:
            _COMPILED = False
        else:
            _COMPILED = compiled.agrees()
    return _COMPILED


def solve_plain(position: Position, lone_moves: bool = True) -> tuple[Move, ...] | None:
    """Reference search without any pruning: a winning line, or None.  Small positions only."""
    seen = set()
    line: list[Move] = []

    def search(pos: Position) -> bool:
        if is_won(pos):
            return True
        if pos in seen:
            return False
        seen.add(pos)
        for move in legal_moves(pos, lone_moves):
            line.append(move)
            if search(apply_move(pos, move)):
                return True
            line.pop()
        return False

    return tuple(line) if search(position) else None
