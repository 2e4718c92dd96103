"""The Aces Up solver's search, compiled (the Numba tier; needs the ``jit`` extra).

A transcription of ``reference._Search``, of the pruning facts it calls (``pruning``) and of
``reference._solve``'s two phases (driven by ``compiled_driver``): the same positions are
visited in the same order, so the verdict, the winning line and the count of positions are
those of the reference, as long as the memo forgets nothing.  No rule is added here; each
proof lives beside its fact in ``pruning``.  ``pruning.essential`` and ``pruning.upper`` are
computed by ``compiled_driver``, which hands over the relaxed games as games 1..3 of the same
arrays (``Games``), each with its stock (HOLE where dropped cards were) and starting columns.

Side by side with the reference, function by function:

=============================  ===================================================
here                           mirrors
=============================  ===================================================
``_search``                    ``_Search.search`` from its start to its relaxed check
``_worth_relaxing``            ``_Search._worth_relaxing``
``_relaxation_won``            ``_Search._relaxation_won`` up to the relaxed search
``_relaxed_column``            ``relaxation.kept_cards`` (the ``kept`` cache's value)
``_search_level``              ``search`` after the relaxed check: a cut, or ``_level``
                               and ``candidates.sort(key=_candidate_size)``
``_level``                     ``_Search._level``; ``_level_discards`` its loop over
                               ``discardable`` with ``is_safe_discard``, ``_level_transfers``
                               its moves to empty columns
``_search_deal``               ``search``'s loop over its candidates (``locked_and_lost``,
                               the deal, the deeper ``search``); ``lost.update(reached)``
``_search_dealt``              ``search`` once the deeper search answered
``_endgame``                   ``_Search.endgame`` up to its transfers (``discard_all``,
                               ``model.won``, ``endgame_key``, ``tick``)
``_endgame_transfer``          ``endgame``'s loop over ``endgame_transfers``
``_endgame_transferred``       ``endgame`` once the deeper endgame answered
``_tick``                      ``_Search.tick`` (the node budget; the clock is the driver's)
``_highest_bottoms``           ``pruning.highest_bottoms``
``_discardable``               ``pruning.discardable``, for one bottom card
``_is_safe_discard``           ``pruning.is_safe_discard``
``_discard_all``               ``pruning.discard_all``
``_endgame_key``               ``pruning.endgame_key``
``_endgame_transfers``         ``pruning.endgame_transfers``
``_locked_and_lost``           ``pruning.locked_and_lost``; ``_beaten`` ``pruning.needs``
``_bits``                      ``pruning.card_bits``, for one column
``_won``                       ``model.won``
``run``                        the recursion: it calls the state function of the top frame
=============================  ===================================================

What differs is the machinery:

* Recursion is an explicit stack of frames held in arrays (``Stack``), so the search can stop
  after a number of steps and be resumed: the driver runs it in slices of a few
  milliseconds, watches the clock, shows progress and answers Ctrl-C between slices.  A
  frame is one call of ``search`` or ``endgame`` under way; its fields (``frames[f, F_*]``)
  are F_GAME, F_LEVEL, F_STATE, F_POOL, F_REACHED, F_FOUND, F_NEXT, F_DISCARDS,
  F_WORK_START and F_EMPTY (each documented where it is defined), and its position is
  ``Stack.cols[f]`` with ``Stack.left[f]`` (``remaining``).  Its state says where in the
  reference function the call stands: ENTER, AFTER_RELAXATION, NEXT_DEAL, AFTER_DEAL,
  NEXT_TRANSFER, AFTER_TRANSFER.  A call returns its answer in ``regs[R_RESULT]``.
* A level's ``reached`` is a run of entries of the ``Pool`` (from ``F_POOL``, ``F_REACHED``
  of them), each with the entry it came from and its move, for the winning line.
* A column is a code, not a tuple.  A card reaches a non-empty column only by a deal, and
  the card of deal i for column x is fixed, so a column is its head followed by the dealt
  cards still on it, a set of deal indices: ``head | deals << HEAD_BITS``.  The head is
  EMPTY_COLUMN (nothing), ``card + 1`` (one card) or ``HEAD_PREFIX + L`` (the first L >= 2
  cards the column started with in its game).  In the endgame (no deal left) the columns
  are compared up to order, as in ``endgame_key``; there a column that holds dealt cards or
  a starting prefix is tagged with its index (``x << COLUMN_BITS``), since its cards depend
  on it.  Every code (CODE_BITS bits) names exactly one sequence of cards.
* The memo is one table of exact keys, two words a slot: the first holds the game
  (GAME_BITS), the level (LEVEL_BITS) and the first two column codes, then the table's
  generation (GENERATION_BITS) and the value (MEMO_LOST or MEMO_WON); the second holds the
  other two column codes, then the work the entry cost (WORK_BITS, in positions).  A key
  may take any of WINDOW slots; when they are all taken the entry that cost the least work
  is forgotten: a smaller table costs time, never a verdict, since an entry only ever saves
  a search whose answer it records.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit

from cardgames.aces_up.search.model import ACE, COLUMNS, HOLE

#: How the functions here are compiled: cached on disk beside this file, and without Numba's
#: reference counts (``_nrt=False``).  Every array is the driver's and outlives the call, and
#: nothing here allocates; but Numba counts a reference for each array passed to a function,
#: and in branching code it cannot prune the counts (numba issue #2350): with them, the
#: small functions below, inlined, run three to four times slower.
compiled = njit(cache=True, _nrt=False)
#: Inlined where called (at the level of Numba's IR), so that a state reads as a function
#: and costs what the same lines written in place would.  ``_level``, which walks a whole
#: level, is compiled apart: inlined it would cost a quarter more compile time (Numba copies
#: an inlined function's IR at every level of nesting) for 0.2% fewer instructions run.
inlined = njit(cache=True, _nrt=False, inline="always")

# --- what ``run`` returns, and the states of a frame ----------------------------------------

RUNNING, WON, LOST, STOPPED, POOL_FULL, DEEP = range(6)
#: A state function's answer when the search goes on (not returned by ``run``).
CONTINUE = -1
#: ENTER: ``search`` or ``endgame`` is called; AFTER_RELAXATION: the relaxed search answered
#: (or was skipped); NEXT_DEAL: deal from the next candidate; AFTER_DEAL: the search from a
#: deal answered; NEXT_TRANSFER: try the next endgame transfer; AFTER_TRANSFER: it answered.
ENTER, AFTER_RELAXATION, NEXT_DEAL, AFTER_DEAL, NEXT_TRANSFER, AFTER_TRANSFER = range(6)

# --- the registers (``regs``) -----------------------------------------------------------------

#: The top frame, the answer of the frame popped last, the phase's node limit (-1: none),
#: relaxation on, the table's generation, the next free pool entry, the slots filled, the
#: slots filled at which to pause so that the driver grows the table.
R_TOP, R_RESULT, R_LIMIT, R_RELAX, R_GENERATION, R_POOL, R_FILLED, R_GROW_AT = range(8)
R_NODES = 8            # R_NODES + g: the positions counted by game g (``_Search.nodes``)
#: ``_worth_relaxing``'s constants, passed in (not compiled in: a kernel cached on disk would
#: keep old values, as Numba checks this file only).
R_TRIAL, R_RATE, R_SAMPLE = 12, 13, 14
REGISTERS = 16

# --- a frame's fields (``frames[f, F_*]``) ----------------------------------------------------

F_GAME = 0             # the game searched: 0 the real one, g > 0 the g-th relaxed one
F_LEVEL = 1            # the level k: deal k comes next (k == the number of deals: the endgame)
F_STATE = 2            # where the call stands (ENTER ... AFTER_TRANSFER)
F_POOL = 3             # the pool entry where its level's ``reached`` starts (the next free
                       # one on ENTER: the pool is given back there when the call returns)
F_REACHED = 4          # how many positions its ``reached`` holds
F_FOUND = 5            # how many of them are candidates (``Pool.candidates[F_POOL:]``)
F_NEXT = 6             # the candidate dealt from; in the endgame, the transfer's source column
F_DISCARDS = 7         # endgame: the discards made on entry (``Stack.moves[f, :F_DISCARDS]``)
F_WORK_START = 8       # the positions counted when the call began (its work, for the memo)
F_EMPTY = 9            # endgame: the transfer's target column (the first empty one)
FRAME_FIELDS = 10
#: Frames: each game goes at most 12 levels and an endgame of at most 52 moves deep, and
#: four games are chained: 4 * 64 frames at most.
FRAMES = 512
CARDS = 52             # in a deck
#: The discards an endgame frame may make on entry (at most CARDS).
FRAME_MOVES = 64
GAMES = 4
SUITS = 4

# --- cards, columns, keys and memo words: the bit widths --------------------------------------

#: A card is ``suit << STRENGTH_BITS | strength`` (``model``: 16 * suit + strength).
STRENGTH_BITS = 4
STRENGTH_MASK = (1 << STRENGTH_BITS) - 1
#: A suit's cards below the ace, in its 1 << STRENGTH_BITS bits of a bit set.
BELOW_ACE = (1 << ACE) - 1
#: The bit set of the four aces.
ACES = sum(1 << (suit << STRENGTH_BITS | ACE) for suit in range(SUITS))
#: A column code: its head in HEAD_BITS, then one bit per deal still on it (DEAL_BITS).
HEAD_BITS = 7
HEAD_MASK = (1 << HEAD_BITS) - 1
EMPTY_COLUMN = 0
HEAD_PREFIX = 64       # head >= HEAD_PREFIX: the first head - HEAD_PREFIX cards it started with
DEAL_BITS = 12         # at most 12 deals (``model.compiles``)
#: ``Games.dealt_low``/``dealt_high`` take a set of deals in two halves.
DEAL_HALF_BITS = DEAL_BITS // 2
DEAL_HALF_MASK = (1 << DEAL_HALF_BITS) - 1
COLUMN_BITS = HEAD_BITS + DEAL_BITS
INDEX_BITS = 2         # a column's index, 0..3
CODE_BITS = COLUMN_BITS + INDEX_BITS  # an endgame code: its column's index above
#: A key: game, level and two codes in its first word, two codes in its second.
GAME_BITS = 2
LEVEL_BITS = 4
KEY_HIGH_BITS = GAME_BITS + LEVEL_BITS + 2 * CODE_BITS
KEY_LOW_BITS = 2 * CODE_BITS
KEY_HIGH_MASK = (1 << KEY_HIGH_BITS) - 1
KEY_LOW_MASK = (1 << KEY_LOW_BITS) - 1
#: Above a key's first word, the generation and the value; above its second, the work.
GENERATION_BITS = 12
GENERATION_MASK = (1 << GENERATION_BITS) - 1
VALUE_SHIFT = KEY_HIGH_BITS + GENERATION_BITS
VALUE_BITS = 2
VALUE_MASK = (1 << VALUE_BITS) - 1
MEMO_LOST, MEMO_WON = 1, 2
WORK_BITS = 20
WORK_CAP = (1 << WORK_BITS) - 1
SLOT_BYTES = 16        # a memo slot: two int64 words
#: The widths hold: a one-card head (card + 1) is below HEAD_PREFIX, a prefix of 52 cards fits.
assert (SUITS - 1 << STRENGTH_BITS | ACE) + 1 < HEAD_PREFIX and HEAD_PREFIX + CARDS <= HEAD_MASK
assert VALUE_SHIFT + VALUE_BITS < 64 and KEY_LOW_BITS + WORK_BITS < 64
#: The slots a key may take, from its first: a key goes to the first free one, and when
#: all are taken the entry that cost the least work is forgotten.  Nothing is ever
#: emptied within a generation, so a lookup stops at the first free slot.
WINDOW = 32
#: A key's first slot: its two words times two odd 64-bit constants, mixed by xor-shifts and
#: a third, its low 32 bits scaled to the table (multiply and shift).
HASH_HIGH, HASH_LOW, HASH_MIX = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0xD6E8FEB86659FD93
#: A move code of ``Pool.link``: x, a discard from column x; COLUMNS + COLUMNS * x + y, a
#: transfer from x to y.
TRANSFER_MOVES = COLUMNS

#: HIGHEST_BIT[v]: the index of the highest set bit of v (0 < v < 2**ACE).
HIGHEST_BIT = np.zeros(1 << ACE, dtype=np.int64)
for _value in range(2, 1 << ACE):
    HIGHEST_BIT[_value] = _value.bit_length() - 1


# --- the arrays ``run`` works on ----------------------------------------------------------------

class Games(NamedTuple):
    """A position's games, by game g (0 the real one, then the relaxed ones): constant."""

    stock: Any          # stock[g, k, x]: the card deal k puts on column x (HOLE: none)
    start: Any          # start[g, x, i]: the i-th card column x started with
    prefix_bits: Any    # prefix_bits[g, x, L]: the first L cards column x started with
    dealt_low: Any      # dealt_low[g, x, s]: the cards deals i in s (i < 6) put on x
    dealt_high: Any     # dealt_high[g, x, s]: the cards deals 6 + i, i in s, put on x
    incoming: Any       # incoming[g, k, x]: the cards deals k, k+1, ... put on x
    kept_deals: Any     # kept_deals[g, x]: the deals whose card for x game g + 1 keeps
    kept_prefix: Any    # kept_prefix[g, x, L]: of the first L cards x started with, those kept
    essential: Any      # essential[g]: the cards game g + 1 keeps (``Relaxed.keep``)
    relaxed: Any        # relaxed[g]: game g has a relaxed game below it
    lone: Any           # lone[g]: lone cards may move in game g (``_Search.lone_moves``)
    below: Any          # below[card]: ``pruning.LOWER_IN_SUIT``
    above: Any          # above[card]: ``pruning.HIGHER_IN_SUIT``
    deals: int          # the number of deals (the endgame's level)


class Stack(NamedTuple):
    """The frames: one per call of ``search`` or ``endgame`` under way, 0 the root."""

    frames: Any         # frames[f, F_*]: its fields
    cols: Any           # cols[f, x]: its position's column codes
    left: Any           # left[f]: the cards still in play (``remaining``)
    moves: Any          # moves[f, i]: an endgame call's discards on entry, by column


class Pool(NamedTuple):
    """The positions of the levels on the stack (``_level``'s ``reached``), one entry each."""

    cols: Any           # cols[i, x]: its column codes
    left: Any           # left[i]: the cards still in play
    link: Any           # link[i]: the entry it was reached from (-1: none) and the move code
    candidates: Any     # candidates[F_POOL + n]: a level's n-th candidate to deal from
    scratch: Any        # the stack of ``_level``'s walk


class Counts(NamedTuple):
    """What ``run`` counts by game g and level k."""

    checks: Any         # checks[g, k]: ``_Search.checks``
    cuts: Any           # cuts[g, k]: ``_Search.cuts``
    visited: Any        # visited[g, k]: the positions counted


class Work(NamedTuple):
    """Work space of four, by column x or suit s."""

    cols: Any           # cols[x]: the position being looked at
    after: Any          # after[x]: a position after a move or a deal, being built
    highest: Any        # highest[s]: ``highest_bottoms``
    empties: Any        # the empty columns, in order
    bits: Any           # bits[x]: ``locked_and_lost``'s cards of column x
    outside: Any        # outside[x]: ``locked_and_lost``'s cards outside column x


# --- columns ------------------------------------------------------------------------------------

@inlined
def _highest_bit(value: int) -> int:
    """The index of the highest set bit of a value below 2**ACE (a suit, a set of deals)."""
    return HIGHEST_BIT[value]


@inlined
def _single(card: int) -> int:
    """The code of a column holding one card."""
    return card + 1


@inlined
def _bottom(code: int, x: int, g: int, games: Any) -> int:
    """The bottom card of a non-empty column (``column[-1]``)."""
    deals = code >> HEAD_BITS
    if deals:
        return games.stock[g, _highest_bit(deals), x]
    head = code & HEAD_MASK
    if head >= HEAD_PREFIX:
        return games.start[g, x, head - HEAD_PREFIX - 1]
    return head - 1


@inlined
def _without_bottom(code: int, x: int, g: int, games: Any) -> int:
    """The column code with its bottom card removed (``column[:-1]``)."""
    deals = code >> HEAD_BITS
    head = code & HEAD_MASK
    if deals:
        deals &= ~(np.int64(1) << _highest_bit(deals))
        return head | deals << HEAD_BITS
    if head >= HEAD_PREFIX:
        length = head - HEAD_PREFIX - 1
        if length == 1:
            return _single(games.start[g, x, 0])
        return HEAD_PREFIX + length
    return EMPTY_COLUMN


@inlined
def _length(code: int) -> int:
    """The number of cards in a column."""
    head = code & HEAD_MASK
    n = _popcount(code >> HEAD_BITS)
    if head >= HEAD_PREFIX:
        return n + head - HEAD_PREFIX
    if head:
        return n + 1
    return n


@inlined
def _first(code: int, x: int, g: int, games: Any) -> int:
    """The first (topmost) card of a non-empty column (``column[0]``)."""
    head = code & HEAD_MASK
    if head >= HEAD_PREFIX:
        return games.start[g, x, 0]
    return head - 1


@inlined
def _bits(code: int, x: int, g: int, games: Any) -> int:
    """The bit set of the cards of a column (``pruning.card_bits``)."""
    head = code & HEAD_MASK
    bits = np.int64(0)
    if head >= HEAD_PREFIX:
        bits = games.prefix_bits[g, x, head - HEAD_PREFIX]
    elif head:
        bits = np.int64(1) << (head - 1)
    deals = code >> HEAD_BITS
    return bits | games.dealt_low[g, x, deals & DEAL_HALF_MASK] \
        | games.dealt_high[g, x, deals >> DEAL_HALF_BITS]


@inlined
def _popcount(value: int) -> int:
    """The number of set bits of a non-negative 64-bit value (the bit-parallel count)."""
    v = np.uint64(value)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@compiled
def _relaxed_column(code: int, x: int, g: int, stock: Any, start: Any, kept_deals: Any,
                    kept_prefix: Any, essential: Any) -> int:
    """A game-g column without the cards game g + 1 drops (``relaxation.kept_cards``)."""
    head = code & HEAD_MASK
    deals = (code >> HEAD_BITS) & kept_deals[g, x]
    new_head = EMPTY_COLUMN
    if head >= HEAD_PREFIX:
        length = kept_prefix[g, x, head - HEAD_PREFIX]
        if length >= 2:
            new_head = HEAD_PREFIX + length
        elif length == 1:
            new_head = _single(start[g + 1, x, 0])
    elif head and essential[g] >> (head - 1) & 1:
        new_head = head
    if new_head == EMPTY_COLUMN and deals:
        first = _highest_bit(deals & -deals)
        new_head = _single(stock[g + 1, first, x])
        deals &= deals - 1
    return new_head | deals << HEAD_BITS


# --- the memo -----------------------------------------------------------------------------------

@inlined
def _key(g: int, k: int, a: int, b: int, c: int, d: int) -> tuple[int, int]:
    """The memo key of game g at level k with these four column codes: its two words."""
    high = np.int64(g) | np.int64(k) << GAME_BITS | np.int64(a) << (GAME_BITS + LEVEL_BITS) \
        | np.int64(b) << (GAME_BITS + LEVEL_BITS + CODE_BITS)
    return high, np.int64(c) | np.int64(d) << CODE_BITS


@inlined
def _level_key(g: int, k: int, cols: Any) -> tuple[int, int]:
    """The exact memo key of a position before deal k (columns in order: ``lost[k]``)."""
    return _key(g, k, cols[0], cols[1], cols[2], cols[3])


@inlined
def _tagged(code: int, x: int) -> int:
    """An endgame column code: tagged with its index when its cards depend on it."""
    if code >> HEAD_BITS or code & HEAD_MASK >= HEAD_PREFIX:
        return code | np.int64(x) << COLUMN_BITS
    return code


@inlined
def _endgame_key(g: int, k: int, cols: Any) -> tuple[int, int]:
    """``pruning.endgame_key``: the exact memo key of a position with the stock empty, its
    columns up to order."""
    a, b = _tagged(cols[0], 0), _tagged(cols[1], 1)
    c, d = _tagged(cols[2], 2), _tagged(cols[3], 3)
    # a sorting network of four
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return _key(g, k, a, b, c, d)


@inlined
def _slot(high: int, low: int, slots: int) -> int:
    """The first slot of a key's window."""
    h = np.uint64(high) * np.uint64(HASH_HIGH) ^ np.uint64(low) * np.uint64(HASH_LOW)
    h ^= h >> np.uint64(31)
    h *= np.uint64(HASH_MIX)
    h ^= h >> np.uint64(32)
    return np.int64(((h & np.uint64(0xFFFFFFFF)) * np.uint64(slots)) >> np.uint64(32))


@inlined
def _lookup(table: Any, high: int, low: int, generation: int) -> int:
    """The memo value of a key (0 when unknown)."""
    slots = table.shape[0]
    s = _slot(high, low, slots)
    for _ in range(WINDOW):
        word = table[s, 0]
        if (word >> KEY_HIGH_BITS) & GENERATION_MASK != generation:
            return 0
        if word & KEY_HIGH_MASK == high and table[s, 1] & KEY_LOW_MASK == low:
            return (word >> VALUE_SHIFT) & VALUE_MASK
        s += 1
        if s == slots:
            s = 0
    return 0


@compiled
def _store(table: Any, high: int, low: int, generation: int, value: int, work: int) -> int:
    """Remember a key's value; a full window forgets its cheapest entry.

    Returns 1 when the key took a free slot, else 0.
    """
    slots = table.shape[0]
    s = _slot(high, low, slots)
    if work > WORK_CAP:
        work = WORK_CAP
    victim = s
    cheapest = WORK_CAP + 1
    filled = 0
    for _ in range(WINDOW):
        word = table[s, 0]
        if (word >> KEY_HIGH_BITS) & GENERATION_MASK != generation:
            victim = s
            filled = 1
            break
        if word & KEY_HIGH_MASK == high and table[s, 1] & KEY_LOW_MASK == low:
            victim = s
            break
        cost = table[s, 1] >> KEY_LOW_BITS
        if cost < cheapest:
            cheapest = cost
            victim = s
        s += 1
        if s == slots:
            s = 0
    table[victim, 0] = high | np.int64(generation) << KEY_HIGH_BITS \
        | np.int64(value) << VALUE_SHIFT
    table[victim, 1] = low | np.int64(work) << KEY_LOW_BITS
    return filled


@compiled
def rehash(old: Any, new: Any, generation: int) -> int:
    """Copy a generation's entries into a bigger table; the number copied."""
    moved = 0
    for s in range(old.shape[0]):
        word = old[s, 0]
        if (word >> KEY_HIGH_BITS) & GENERATION_MASK == generation:
            moved += _store(new, word & KEY_HIGH_MASK, old[s, 1] & KEY_LOW_MASK, generation,
                            (word >> VALUE_SHIFT) & VALUE_MASK, old[s, 1] >> KEY_LOW_BITS)
    return moved


@inlined
def _remember(regs: Any, table: Any, key: tuple[int, int], value: int, work: int) -> None:
    """Store a key's value (``lost.add``, ``winners[k].add``), counting the slots filled."""
    regs[R_FILLED] += _store(table, key[0], key[1], regs[R_GENERATION], value, work)


# --- registers and frames -----------------------------------------------------------------------

@inlined
def _positions(regs: Any) -> int:
    """The positions counted so far, all games together (``_Search.total_nodes``)."""
    return regs[R_NODES] + regs[R_NODES + 1] + regs[R_NODES + 2] + regs[R_NODES + 3]


@inlined
def _tick(regs: Any, counts: Any, g: int, k: int) -> int:
    """``_Search.tick``: count a position of game g; STOPPED past the phase's node limit."""
    regs[R_NODES + g] += 1
    counts.visited[g, k] += 1
    if 0 <= regs[R_LIMIT] < regs[R_NODES + g]:
        return STOPPED
    return CONTINUE


@inlined
def _pop(regs: Any, result: int) -> int:
    """Return ``result`` from the top frame to the one below it."""
    regs[R_RESULT] = result
    regs[R_TOP] -= 1
    return CONTINUE


@inlined
def _push(stack: Any, regs: Any, g: int, k: int) -> int:
    """A new top frame, to search game g at level k (its position is the caller's to set):
    its index, or -1 when the frames are all taken."""
    child = regs[R_TOP] + 1
    if child >= stack.frames.shape[0]:
        return -1
    stack.frames[child, F_GAME] = g
    stack.frames[child, F_LEVEL] = k
    stack.frames[child, F_STATE] = ENTER
    stack.frames[child, F_POOL] = regs[R_POOL]
    regs[R_TOP] = child
    return child


@inlined
def _load(stack: Any, f: int, cols: Any) -> None:
    """Copy frame f's position into ``cols``."""
    for x in range(COLUMNS):
        cols[x] = stack.cols[f, x]


# --- the rule and the pruning facts -------------------------------------------------------------

@inlined
def _highest_bottoms(cols: Any, g: int, games: Any, highest: Any) -> None:
    """``pruning.highest_bottoms``: the highest bottom card of each suit (0 for none)."""
    for s in range(SUITS):
        highest[s] = 0
    for x in range(COLUMNS):
        if cols[x]:
            card = _bottom(cols[x], x, g, games)
            if card > highest[card >> STRENGTH_BITS]:
                highest[card >> STRENGTH_BITS] = card


@inlined
def _discardable(card: int, highest: Any) -> bool:
    """``pruning.discardable`` for one bottom card: lower than the highest of its suit."""
    return card < highest[card >> STRENGTH_BITS]


@inlined
def _is_safe_discard(card: int, remaining: int, games: Any) -> bool:
    """``pruning.is_safe_discard``: no remaining card of its suit is lower."""
    return not remaining & games.below[card]


@inlined
def _won(cols: Any, g: int, games: Any) -> bool:
    """``model.won``: every column holds exactly one card, an ace."""
    for x in range(COLUMNS):
        if _length(cols[x]) != 1 or _bottom(cols[x], x, g, games) & STRENGTH_MASK != ACE:
            return False
    return True


@inlined
def _discard_all(f: int, cols: Any, left: int, g: int, stack: Any, games: Any,
                 highest: Any) -> tuple[int, int]:
    """``pruning.discard_all`` on ``cols``, in its order: (the discards, written to
    ``stack.moves[f]``; the cards still in play)."""
    discards = 0
    progress = True
    while progress:
        progress = False
        _highest_bottoms(cols, g, games, highest)
        for x in range(COLUMNS):
            while cols[x]:
                card = _bottom(cols[x], x, g, games)
                if not _discardable(card, highest):
                    break
                left &= ~(np.int64(1) << card)
                cols[x] = _without_bottom(cols[x], x, g, games)
                stack.moves[f, discards] = x
                discards += 1
                progress = True
                if cols[x]:
                    card = _bottom(cols[x], x, g, games)
                    if card > highest[card >> STRENGTH_BITS]:
                        highest[card >> STRENGTH_BITS] = card
    return discards, left


@inlined
def _endgame_transfers(cols: Any, x: int) -> tuple[int, int]:
    """``pruning.endgame_transfers`` from source x on: (the next column with a card under its
    bottom card, or COLUMNS for none; the first empty column)."""
    empty = -1
    for y in range(COLUMNS):
        if not cols[y]:
            empty = y
            break
    if empty < 0:
        return COLUMNS, empty
    while x < COLUMNS and _length(cols[x]) <= 1:
        x += 1
    return x, empty


@inlined
def _beaten(cards: int, outside: int, games: Any) -> bool:
    """True when ``outside`` beats every non-ace card of ``cards`` (``pruning.needs``)."""
    for s in range(SUITS):
        suit = (cards >> (s << STRENGTH_BITS)) & BELOW_ACE
        if suit:
            if not outside & games.above[s << STRENGTH_BITS | _highest_bit(suit)]:
                return False
    return True


@inlined
def _locked_and_lost(cols: Any, g: int, k: int, remaining: int, games: Any, work: Any) -> bool:
    """``pruning.locked_and_lost`` (its proof is there), ``incoming`` being that of level k."""
    bits, outside = work.bits, work.outside
    for x in range(COLUMNS):
        if not cols[x]:
            return False
        bits[x] = _bits(cols[x], x, g, games)
        outside[x] = remaining & ~(bits[x] | games.incoming[g, k, x])
    for x in range(COLUMNS):
        if not bits[x] & ACES and _beaten(bits[x], outside[x], games):
            return False        # this column may be emptied
    for x in range(COLUMNS):
        if bits[x] & ACES & ~(np.int64(1) << _first(cols[x], x, g, games)):
            return True         # an ace over a card
        bound = games.incoming[g, k, x]
        if bound & ACES:
            return True
        if not _beaten(bits[x], outside[x], games) or not _beaten(bound, outside[x], games):
            return True
    return False


# --- ``_Search.search`` -------------------------------------------------------------------------

@inlined
def _search(f: int, g: int, k: int, regs: Any, stack: Any, table: Any, counts: Any,
            games: Any, work: Any) -> int:
    """``_Search.search`` from its start to its relaxed check (k before the endgame)."""
    cols = work.cols
    _load(stack, f, cols)
    high, low = _level_key(g, k, cols)
    known = _lookup(table, high, low, regs[R_GENERATION])
    if known == MEMO_LOST:
        return _pop(regs, 0)
    if g > 0 and known == MEMO_WON:           # ``remember_wins``: the relaxed games
        return _pop(regs, 1)
    if _tick(regs, counts, g, k) == STOPPED:
        return STOPPED
    stack.frames[f, F_WORK_START] = _positions(regs)
    if regs[R_RELAX] and games.relaxed[g] and _worth_relaxing(regs, counts, g, k):
        return _relaxation_won(f, g, k, regs, stack, games, work)
    regs[R_RESULT] = 1                         # unchecked: as if the relaxed game were won
    stack.frames[f, F_STATE] = AFTER_RELAXATION
    return CONTINUE


@inlined
def _worth_relaxing(regs: Any, counts: Any, g: int, k: int) -> bool:
    """``_Search._worth_relaxing``: whether to check this position in the relaxed game."""
    done = counts.checks[g, k]
    counts.checks[g, k] = done + 1
    return done < regs[R_TRIAL] or counts.cuts[g, k] * regs[R_RATE] >= done \
        or done % regs[R_SAMPLE] == 0


@inlined
def _relaxation_won(f: int, g: int, k: int, regs: Any, stack: Any, games: Any,
                    work: Any) -> int:
    """``_Search._relaxation_won`` up to the relaxed search: a frame for the position
    without the cards game g + 1 drops, in game g + 1 (its answer: AFTER_RELAXATION)."""
    regs[R_NODES + g] += 1
    child = _push(stack, regs, g + 1, k)
    if child < 0:
        return DEEP
    for x in range(COLUMNS):
        stack.cols[child, x] = _relaxed_column(work.cols[x], x, g, games.stock, games.start,
                                               games.kept_deals, games.kept_prefix,
                                               games.essential)
    stack.left[child] = stack.left[f] & games.essential[g]
    stack.frames[f, F_STATE] = AFTER_RELAXATION
    return CONTINUE


@inlined
def _search_level(f: int, g: int, k: int, regs: Any, stack: Any, pool: Any, table: Any,
                  counts: Any, games: Any, work: Any) -> int:
    """``search`` after its relaxed check: a loss cuts the position; else ``_level`` and
    its candidates sorted (``candidates.sort(key=_candidate_size)``)."""
    cols = work.cols
    _load(stack, f, cols)
    if not regs[R_RESULT]:
        counts.cuts[g, k] += 1
        _remember(regs, table, _level_key(g, k, cols), MEMO_LOST,
                  _positions(regs) - stack.frames[f, F_WORK_START])
        return _pop(regs, 0)
    status = _level(f, g, k, regs, stack, pool, table, counts, games, work)
    if status != CONTINUE:
        return status
    _sort_candidates(pool, stack.frames[f, F_POOL], stack.frames[f, F_FOUND])
    stack.frames[f, F_NEXT] = 0
    stack.frames[f, F_STATE] = NEXT_DEAL
    return CONTINUE


@inlined
def _sort_candidates(pool: Any, base: int, found: int) -> None:
    """``candidates.sort(key=_candidate_size)``: stable, fewest cards first."""
    candidates = pool.candidates
    for a in range(base + 1, base + found):
        item = candidates[a]
        size = _popcount(pool.left[item])
        b = a - 1
        while b >= base and _popcount(pool.left[candidates[b]]) > size:
            candidates[b + 1] = candidates[b]
            b -= 1
        candidates[b + 1] = item


@inlined
def _search_deal(f: int, g: int, k: int, regs: Any, stack: Any, pool: Any, table: Any,
                 games: Any, work: Any) -> int:
    """``search``'s loop over its candidates: a frame for the next deal that is not
    ``locked_and_lost`` (its answer: AFTER_DEAL); none left, every position reached is lost."""
    frames, after = stack.frames, work.after
    base = frames[f, F_POOL]
    found = frames[f, F_FOUND]
    n = frames[f, F_NEXT]
    while n < found:
        i = pool.candidates[base + n]
        _deal(pool, i, g, k, games, after)
        if _locked_and_lost(after, g, k + 1, pool.left[i], games, work):
            n += 1
            continue
        child = _push(stack, regs, g, k + 1)
        if child < 0:
            return DEEP
        for x in range(COLUMNS):
            stack.cols[child, x] = after[x]
        stack.left[child] = pool.left[i]
        frames[f, F_NEXT] = n
        frames[f, F_STATE] = AFTER_DEAL
        return CONTINUE
    # every position reached is lost (proof in ``search``): ``lost.update(reached)``
    cost = _positions(regs) - frames[f, F_WORK_START]
    for i in range(base, base + frames[f, F_REACHED]):
        _remember(regs, table, _key(g, k, pool.cols[i, 0], pool.cols[i, 1], pool.cols[i, 2],
                                    pool.cols[i, 3]), MEMO_LOST, cost)
    regs[R_POOL] = base
    return _pop(regs, 0)


@inlined
def _deal(pool: Any, i: int, g: int, k: int, games: Any, after: Any) -> None:
    """The columns of pool entry i after deal k, into ``after`` (``before[x] + parts[k][x]``)."""
    for x in range(COLUMNS):
        card = games.stock[g, k, x]
        code = pool.cols[i, x]
        if card == HOLE:
            after[x] = code
        elif code == EMPTY_COLUMN:
            after[x] = _single(card)
        else:
            after[x] = code | np.int64(1) << (HEAD_BITS + k)


@inlined
def _search_dealt(f: int, g: int, k: int, regs: Any, stack: Any, table: Any,
                  work: Any) -> int:
    """``search`` once the search from a deal answered: won (remembered in a relaxed game,
    ``winners[k]``), or on to the next candidate."""
    if not regs[R_RESULT]:
        stack.frames[f, F_NEXT] += 1
        stack.frames[f, F_STATE] = NEXT_DEAL
        return CONTINUE
    if g > 0:
        _load(stack, f, work.cols)
        _remember(regs, table, _level_key(g, k, work.cols), MEMO_WON,
                  _positions(regs) - stack.frames[f, F_WORK_START])
    regs[R_POOL] = stack.frames[f, F_POOL]
    return _pop(regs, 1)


# --- ``_Search._level`` -------------------------------------------------------------------------

@compiled
def _level(f: int, g: int, k: int, regs: Any, stack: Any, pool: Any, table: Any, counts: Any,
           games: Any, work: Any) -> int:
    """``_Search._level``: the positions reachable from frame f's before the next deal, each
    once, into the pool from ``regs[R_POOL]`` on; the candidates among them."""
    base = regs[R_POOL]
    if base + 1 >= pool.cols.shape[0]:
        return POOL_FULL
    stack.frames[f, F_POOL] = base
    cols = work.cols
    for x in range(COLUMNS):
        pool.cols[base, x] = cols[x]
    pool.left[base] = stack.left[f]
    pool.link[base, 0] = -1
    pool.link[base, 1] = -1
    reached = 1
    found = 0
    pool.scratch[0] = base
    depth = 1
    while depth:
        depth -= 1
        i = pool.scratch[depth]
        for x in range(COLUMNS):
            cols[x] = pool.cols[i, x]
        left = pool.left[i]
        if i != base:     # the level's start was looked up on entry, and is not lost
            high, low = _level_key(g, k, cols)
            if _lookup(table, high, low, regs[R_GENERATION]) == MEMO_LOST:
                continue
        if _tick(regs, counts, g, k) == STOPPED:
            return STOPPED
        reached, successors, safe = _level_discards(pool, i, left, g, base, reached, depth,
                                                    games, work)
        if reached >= 0 and not safe:
            pool.candidates[base + found] = i
            found += 1
            reached, successors = _level_transfers(pool, i, left, g, base, reached, depth,
                                                   successors, games, work)
        if reached < 0:
            return POOL_FULL
        depth += successors     # the walk takes the new positions in the order found
    regs[R_POOL] = base + reached
    stack.frames[f, F_REACHED] = reached
    stack.frames[f, F_FOUND] = found
    return CONTINUE


@inlined
def _level_discards(pool: Any, i: int, left: int, g: int, base: int, reached: int, depth: int,
                    games: Any, work: Any) -> tuple[int, int, bool]:
    """``_level``'s discards from entry i (``discardable``), or its first safe one alone
    (``is_safe_discard``): (reached, successors, safe); reached is -1 when the pool is full."""
    cols, after, highest = work.cols, work.after, work.highest
    _highest_bottoms(cols, g, games, highest)
    lone_moves = games.lone[g]
    successors = 0
    safe = False
    first_new = base + reached
    for x in range(COLUMNS):
        if cols[x]:
            card = _bottom(cols[x], x, g, games)
            if _discardable(card, highest):
                for y in range(COLUMNS):
                    after[y] = cols[y]
                after[x] = _without_bottom(cols[x], x, g, games)
                if lone_moves and _is_safe_discard(card, left, games):
                    safe = True         # it replaces every successor found so far
                    reached = first_new - base
                    successors = 0
                reached, added = _add(pool, base, reached, after, left & ~(np.int64(1) << card),
                                      i, x)
                if reached < 0:
                    return reached, successors, safe
                if added:
                    pool.scratch[depth + successors] = base + reached - 1
                    successors += 1
                if safe:
                    break
    return reached, successors, safe


@inlined
def _level_transfers(pool: Any, i: int, left: int, g: int, base: int, reached: int, depth: int,
                     successors: int, games: Any, work: Any) -> tuple[int, int]:
    """``_level``'s moves from entry i of a bottom card to an empty column (a lone card only
    with lone moves): (reached, successors); reached is -1 when the pool is full."""
    cols, after, empties = work.cols, work.after, work.empties
    lone_moves = games.lone[g]
    n_empty = 0
    for y in range(COLUMNS):
        if not cols[y]:
            empties[n_empty] = y
            n_empty += 1
    if not n_empty:
        return reached, successors
    for x in range(COLUMNS):
        if cols[x] and (lone_moves or _length(cols[x]) > 1):
            card = _bottom(cols[x], x, g, games)
            rest = _without_bottom(cols[x], x, g, games)
            for e in range(n_empty):
                y = empties[e]
                for z in range(COLUMNS):
                    after[z] = cols[z]
                after[x] = rest
                after[y] = _single(card)
                reached, added = _add(pool, base, reached, after, left, i,
                                      TRANSFER_MOVES + COLUMNS * x + y)
                if reached < 0:
                    return reached, successors
                if added:
                    pool.scratch[depth + successors] = base + reached - 1
                    successors += 1
    return reached, successors


@inlined
def _add(pool: Any, base: int, reached: int, after: Any, left: int, parent: int,
         move: int) -> tuple[int, bool]:
    """Add a position to a level's ``reached`` unless it is there: (reached, added).

    ``reached`` is -1 when the pool is full.
    """
    cols = pool.cols
    for i in range(base, base + reached):
        if cols[i, 0] == after[0] and cols[i, 1] == after[1] \
                and cols[i, 2] == after[2] and cols[i, 3] == after[3]:
            return reached, False
    i = base + reached
    if i >= cols.shape[0]:
        return -1, False
    for x in range(COLUMNS):
        cols[i, x] = after[x]
    pool.left[i] = left
    pool.link[i, 0] = parent
    pool.link[i, 1] = move
    return reached + 1, True


# --- ``_Search.endgame`` ------------------------------------------------------------------------

@inlined
def _endgame(f: int, g: int, k: int, regs: Any, stack: Any, table: Any, counts: Any,
             games: Any, work: Any) -> int:
    """``_Search.endgame`` up to its transfers: ``discard_all``, ``won``, the memo
    (``endgame_key``), ``tick``."""
    cols = work.cols
    _load(stack, f, cols)
    discards, left = _discard_all(f, cols, stack.left[f], g, stack, games, work.highest)
    stack.frames[f, F_DISCARDS] = discards
    for x in range(COLUMNS):
        stack.cols[f, x] = cols[x]
    stack.left[f] = left
    if _won(cols, g, games):
        if g == 0:
            return WON
        return _pop(regs, 1)
    high, low = _endgame_key(g, k, cols)
    if _lookup(table, high, low, regs[R_GENERATION]) == MEMO_LOST:
        return _pop(regs, 0)
    if _tick(regs, counts, g, k) == STOPPED:
        return STOPPED
    stack.frames[f, F_NEXT] = 0
    stack.frames[f, F_STATE] = NEXT_TRANSFER
    stack.frames[f, F_WORK_START] = _positions(regs)
    return CONTINUE


@inlined
def _endgame_transfer(f: int, g: int, k: int, regs: Any, stack: Any, table: Any, games: Any,
                      work: Any) -> int:
    """``endgame``'s loop over ``endgame_transfers``: a frame for the next one (its answer:
    AFTER_TRANSFER); none left, the position is lost (``lost.add(key)``)."""
    cols = work.cols
    _load(stack, f, cols)
    x, empty = _endgame_transfers(cols, stack.frames[f, F_NEXT])
    if x == COLUMNS:
        _remember(regs, table, _endgame_key(g, k, cols), MEMO_LOST,
                  _positions(regs) - stack.frames[f, F_WORK_START])
        return _pop(regs, 0)
    child = _push(stack, regs, g, k)
    if child < 0:
        return DEEP
    for z in range(COLUMNS):
        stack.cols[child, z] = cols[z]
    stack.cols[child, x] = _without_bottom(cols[x], x, g, games)
    stack.cols[child, empty] = _single(_bottom(cols[x], x, g, games))
    stack.left[child] = stack.left[f]
    stack.frames[f, F_NEXT] = x
    stack.frames[f, F_EMPTY] = empty
    stack.frames[f, F_STATE] = AFTER_TRANSFER
    return CONTINUE


@inlined
def _endgame_transferred(f: int, regs: Any, stack: Any) -> int:
    """``endgame`` once the endgame after a transfer answered: won, or the next transfer."""
    if regs[R_RESULT]:
        return _pop(regs, 1)
    stack.frames[f, F_NEXT] += 1
    stack.frames[f, F_STATE] = NEXT_TRANSFER
    return CONTINUE


# --- the machine --------------------------------------------------------------------------------

@compiled
def run(regs: Any, stack: Any, pool: Any, table: Any, counts: Any, games: Any, work: Any,
        steps: int) -> int:
    """Run the search for about ``steps`` calls entered; RUNNING when not done yet.

    Returns WON (the frames 0..top are the winning line's path), LOST (the root failed),
    STOPPED (the phase's node limit, as ``_OutOfBudget`` in the first phase), POOL_FULL
    or DEEP (more than FRAMES frames: cannot happen, see FRAMES).
    """
    status = CONTINUE
    while status == CONTINUE:
        f = regs[R_TOP]
        if f < 0:
            return LOST
        g = stack.frames[f, F_GAME]
        k = stack.frames[f, F_LEVEL]
        state = stack.frames[f, F_STATE]
        if state == ENTER:
            if steps <= 0 or regs[R_FILLED] > regs[R_GROW_AT]:
                return RUNNING
            steps -= 1
            if k == games.deals:
                status = _endgame(f, g, k, regs, stack, table, counts, games, work)
            else:
                status = _search(f, g, k, regs, stack, table, counts, games, work)
        elif state == AFTER_RELAXATION:
            status = _search_level(f, g, k, regs, stack, pool, table, counts, games, work)
        elif state == NEXT_DEAL:
            status = _search_deal(f, g, k, regs, stack, pool, table, games, work)
        elif state == AFTER_DEAL:
            status = _search_dealt(f, g, k, regs, stack, table, work)
        elif state == NEXT_TRANSFER:
            status = _endgame_transfer(f, g, k, regs, stack, table, games, work)
        else:
            status = _endgame_transferred(f, regs, stack)
    return status


#: Every function here compiled on its own, callees before their callers (the order to
#: recompile them in: a caller links its callees' code when it is compiled).
COMPILED = (_relaxed_column, _store, rehash, _level, run)
