"""The deferred-discard search, compiled (the Numba tier; needs the ``jit`` extra).

A transcription of ``deferred._Search`` and of the ``ghosts`` functions it calls, function by
function; the same positions are visited in the same order, so the verdict, the winning line
and the count of positions are the reference's as long as the memo forgets nothing.  No rule
is added here: each proof lives beside its fact in ``ghosts``, ``deferred`` and ``pruning``.
``deferred_driver`` runs it (in a thread of its own, the GIL released, so that the caller
watches the clock and answers Ctrl-C) and turns its answer into the rules' commands.

=============================  ===================================================
here                           mirrors
=============================  ===================================================
``search``                     ``deferred._Search.search``, its recursion a loop over one
                               frame per level; ``next_deal`` its loop over its candidates
                               up to the deeper call, ``record`` its line once that call
                               won, ``sort_candidates`` its ``candidates.sort``
``level``                      ``deferred._Search._level``
``path``                       ``deferred._path``
``endgame``                    ``deferred._Search.endgame``, its recursion a loop over one
                               frame per depth
``tick``                       ``deferred._Search.tick`` (the clock is the driver's)
``memo_known``, ``memo_add``   ``deferred._Memo.known``, ``.add``
``ends_known``, ``remember``   ``endgame``'s ``ends`` (``in``, ``add``)
``settle``                     ``ghosts.settle``; ``doomed_ghosts`` ``ghosts._doomed_ghosts``
``macro_moves``                ``ghosts.macro_moves`` (into a buffer of macro moves);
                               ``real_under`` ``ghosts._bases``
``apply``                      the columns, revived and deleted ghosts each macro yields;
                               ``cards_after`` ``deferred._cards_after``
``exposed``, ``ghost_only``    ``ghosts.exposed``, ``ghosts._ghost_only``
``locked_and_lost``            ``pruning.locked_and_lost`` on ``ghosts.real_columns``
``needs_met``                  ``pruning.needs``, met by the cards outside a column
``is_won``                     ``model.won`` on ``ghosts.real_columns``
=============================  ===================================================

What differs is the machinery:

* A position is four rows of an array (``Position``: the elements of each column, bottom
  last, a ghost with its GHOST bit, and the columns' lengths); the moves and marks of a line
  are int64 codes (``move_code``).
* A position's key is exact and short.  A card reaches a non-empty column only by a deal,
  and deal k's card for column x is fixed, so every element of a column after its first lies
  there "naturally": it started in that column, or was dealt to it, and it lies after the
  column's other natural cards in the order they came (``Natural``: each card's column and
  rank).  A column is therefore its first element and its set of cards, and a position is
  its level, the four first cards, the four sets and the set of ghosts: ``key`` (six words);
  without the ghosts it is the position's layout (``ghosts.layout``), which ``layout_of``
  takes, and ``decode`` rebuilds the columns from a key.  In the endgame the columns are
  compared up to order (``tuple(sorted(columns))``): ``end_key`` sorts the four (first,
  set) pairs.
* The memo and ``ends`` are rows of one int64 array, four words a row: ``packed`` writes a
  layout (or an endgame's sorted columns) as each card's column in three bits, the head
  above, then the ghosts; equal words are equal keys.  An index of int32 slots (linear
  probing, at most half full, doubling as the rows fill) finds them; a memo layout's rows
  lie in one run of it, each checked for the ghosts.  The driver gives as many rows as
  ``--memory`` holds at 40 bytes a row and its two slots (a typed dict took about 110);
  when they are full both forget everything (``remember``).  The levels' tables below are
  not counted: a level holds the positions one position reaches before its next deal, a
  few hundred at most on the hardest deals measured (219 entries, 0.2 MB for all levels, on
  seed 49; 61 on seed 542 without lone moves), where the memo takes gigabytes.
* ``reached`` and ``by_layout``: Numba typed dicts on the keys; a level's entries are
  the rows of an int64 table (``T_KEY`` .. ``T_ALIKE``) that doubles when full, its moves,
  stack and candidates int64 arrays (a typed list's every read is a call that counts
  references), ``superseded`` a flag on each entry, ``by_layout`` a chain through the
  entries of one layout.
* The recursions are loops over frames: Numba segfaults loading a recursive function from
  its cache on disk (numba issue #6061).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.typed import Dict, List

from cardgames.aces_up.search.model import ACE, COLUMNS
from cardgames.aces_up.search.pruning import HIGHER_IN_SUIT, LOWER_IN_SUIT

#: Compiled with Numba, cached on disk beside this file, the GIL released (the driver watches
#: the clock in another thread while the search runs).
compiled = njit(cache=True, nogil=True)

#: The bit that flags a ghost, and the mask of an element's card (``ghosts.GHOST``, ``CARD``).
GHOST = 64
CARD = 63
#: The most elements a column may hold (a deck).
LENGTH = 52
#: The kinds of a move code (``ghosts.MARK``, ``MOVE``, ``DEALT``).
MARK, MOVE, DEALT = 0, 1, 2
#: What ``search`` and ``endgame`` answer: LOST, WON, or STOPPED (the node budget is spent,
#: or the driver asked to stop: the search unwinds and says nothing).
LOST, WON, STOPPED = 0, 1, 2
#: The bits of a suit in a bit set of cards.
SUIT_BITS = 16
#: The most macro moves a position can have: a move of each element to each other column,
#: once for each ghost under it that it may restore (without lone moves), and a mark of each
#: column's card by each element of the others (a deck holds LENGTH elements in all).
MOST_MACROS = (COLUMNS - 1) * LENGTH * (LENGTH + 1) // 2 + COLUMNS * LENGTH
#: The fields of a macro move in ``macro_moves``' buffer: kind, x, i, y, j (MARK: the card at
#: i in x beaten by the element at j in y; MOVE: the element at i in x to column y, the ghost
#: at j in x restored first, none when j is -1).
MACRO_FIELDS = 5
#: How often (positions counted) ``tick`` reports to the driver and checks the memory.
CHECK_EVERY = 1024

# --- the shared state (``state``, an int64 array) and the driver's control ----------------
#: The positions counted, the node budget (-1: none), a flag: stopped, the rows the memo and
#: ``ends`` hold together (``remember``), the slots of their index in use.
S_NODES, S_LIMIT, S_STOPPED, S_ROWS, S_SPAN = range(5)
STATE_FIELDS = 5
#: ``control``, shared with the driver while the search runs: the positions counted (written
#: here every CHECK_EVERY), and the driver's request to stop.
C_NODES, C_STOP = 0, 1
CONTROL_FIELDS = 2

Key = types.UniTuple(types.int64, 6)
Layout = types.UniTuple(types.int64, 5)


#: ``pruning.LOWER_IN_SUIT`` and ``HIGHER_IN_SUIT`` as arrays, by card.
LOWER = np.array(LOWER_IN_SUIT, dtype=np.int64)
HIGHER = np.array(HIGHER_IN_SUIT, dtype=np.int64)


# --- bit sets -----------------------------------------------------------------------------

@compiled
def popcount(bits: int) -> int:
    """The cards of a bit set: the bits summed in pairs, then nibbles, then bytes, in a few
    word operations whatever the set (not a loop over its cards)."""
    bits = bits - ((bits >> 1) & 0x5555555555555555)
    bits = (bits & 0x3333333333333333) + ((bits >> 2) & 0x3333333333333333)
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((bits * 0x0101010101010101) >> 56) & 0xFF


@compiled
def lowest_card(bits: int) -> int:
    """The lowest card of a non-empty bit set: the count of the bits below its lowest bit."""
    return popcount((bits & -bits) - 1)


@compiled
def ghost_bits(cols: Any, x: int, start: int, end: int) -> int:
    """``ghosts._ghost_bits`` of the elements start..end-1 of column x."""
    bits = 0
    for i in range(start, end):
        if cols[x, i] & GHOST:
            bits |= 1 << (cols[x, i] & CARD)
    return bits


@compiled
def move_code(kind: int, source: int, target: int, card: int, higher: int,
              restored: int) -> int:
    """A ghost move as one int64 (``GhostMove``: -1 where a field is not used)."""
    return (kind | (source + 1) << 2 | (target + 1) << 5 | (card + 1) << 8
            | (higher + 1) << 15 | (restored + 1) << 22)


# --- keys ---------------------------------------------------------------------------------

@compiled
def card_set(cols: Any, lens: Any, x: int) -> int:
    """The set of the cards of column x, its ghosts included."""
    bits = 0
    for i in range(lens[x]):
        bits |= 1 << (cols[x, i] & CARD)
    return bits


@compiled
def key(cols: Any, lens: Any, k: int, ghosts: int) -> Any:
    """The exact key of a position before deal k: the level and the columns' first cards,
    the columns' sets of cards, the ghosts."""
    head = k
    for x in range(COLUMNS):
        if lens[x]:
            head |= ((cols[x, 0] & CARD) + 1) << (4 + 7 * x)
    return (head, card_set(cols, lens, 0), card_set(cols, lens, 1), card_set(cols, lens, 2),
            card_set(cols, lens, 3), ghosts)


@compiled
def layout_of(exact: Any) -> Any:
    """The layout of a key (``ghosts.layout``: the ghosts left out)."""
    return (exact[0], exact[1], exact[2], exact[3], exact[4])


@compiled
def end_key(cols: Any, lens: Any, ghosts: int, pairs: Any) -> Any:
    """The key of an endgame position up to the order of its columns (``endgame``'s
    ``tuple(sorted(columns))``): the (first card, set) pairs sorted, as the row of ``ends``
    that names them (``packed``, the sorted firsts and END_TAG its head), then the ghosts.
    ``pairs`` is room for the pairs (two rows of COLUMNS), the caller's, kept from one call
    to the next."""
    firsts, sets = pairs[0], pairs[1]
    for x in range(COLUMNS):
        firsts[x] = 0
        if lens[x]:
            firsts[x] = (cols[x, 0] & CARD) + 1
        sets[x] = card_set(cols, lens, x)
    for a in range(1, COLUMNS):          # insertion sort of the pairs
        b = a
        while b > 0 and (firsts[b - 1] > firsts[b]
                         or (firsts[b - 1] == firsts[b] and sets[b - 1] > sets[b])):
            firsts[b - 1], firsts[b] = firsts[b], firsts[b - 1]
            sets[b - 1], sets[b] = sets[b], sets[b - 1]
            b -= 1
    head = END_TAG
    for x in range(COLUMNS):
        head |= firsts[x] << (7 * x)
    low, mid, high = packed(head, sets[0], sets[1], sets[2], sets[3])
    return low, mid, high, ghosts


@compiled
def decode(exact: Any, natural: Any, rank_order: Any, cols: Any, lens: Any) -> None:
    """The columns of a key, into ``cols``/``lens``: each column its first card, then the
    other cards of its set in the order they came to their column (``natural[card]``: the
    column a card started in or is dealt to; ``rank_order[x]``: that column's cards in that
    order, -1 past its end)."""
    ghosts = exact[5]
    for x in range(COLUMNS):
        first = ((exact[0] >> (4 + 7 * x)) & 127) - 1
        if first < 0:
            lens[x] = 0
            continue
        cols[x, 0] = first | (GHOST if (ghosts >> first) & 1 else 0)
        n = 1
        rest = exact[1 + x] & ~(1 << first)
        if rest:
            z = natural[lowest_card(rest)]
            for t in range(rank_order.shape[1]):
                card = rank_order[z, t]
                if card < 0:
                    break
                if (rest >> card) & 1:
                    cols[x, n] = card | (GHOST if (ghosts >> card) & 1 else 0)
                    n += 1
        lens[x] = n


# --- the game: ghosts' functions ----------------------------------------------------------

@compiled
def exposed(cols: Any, lens: Any, x: int) -> int:
    """``ghosts.exposed``: the first index of the column's exposed run."""
    i = lens[x] - 1
    while i > 0 and cols[x, i] & GHOST:
        i -= 1
    return max(i, 0)


@compiled
def ghost_only(cols: Any, lens: Any, y: int) -> bool:
    """``ghosts._ghost_only``: every element of the column is a ghost."""
    for i in range(lens[y]):
        if not cols[y, i] & GHOST:
            return False
    return True


#: ``tops``: for each suit, TOP_BITS bits of one word: the highest real bottom card of the suit
#: (0 for none: a card's code is at least 2) and, above its 7 bits, the column it lies in.
TOP_BITS = 9


@compiled
def top_card(found: int, suit: int) -> int:
    """The highest real bottom card of a suit in ``tops``' word, 0 for none."""
    return (found >> (suit * TOP_BITS)) & 127


@compiled
def top_column(found: int, suit: int) -> int:
    """The column of the highest real bottom card of a suit in ``tops``' word."""
    return (found >> (suit * TOP_BITS + 7)) & 3


@compiled
def tops(cols: Any, lens: Any) -> int:
    """The highest real bottom card of each suit and the column it lies in (``ghosts.settle``'s
    ``best`` and ``where``), as one word, TOP_BITS bits a suit: a word, not an array on the
    heap, as this runs for every position made."""
    found = 0
    for y in range(COLUMNS):
        if lens[y]:
            b = cols[y, lens[y] - 1]
            if not b & GHOST and b > top_card(found, b >> 4):
                shift = (b >> 4) * TOP_BITS
                found = (found & ~(((1 << TOP_BITS) - 1) << shift)) | (b | y << 7) << shift
    return found


@compiled
def doomed_ghosts(cols: Any, lens: Any, real: int, ghosts: int, endgame: bool) -> int:
    """``ghosts._doomed_ghosts``: the ghosts never needed again."""
    doomed = 0
    bits = ghosts
    while bits:
        g = lowest_card(bits)
        bits &= bits - 1
        if not real & LOWER[g]:
            doomed |= 1 << g
    if endgame:
        best = tops(cols, lens)
        bits = ghosts & ~doomed
        while bits:
            g = lowest_card(bits)
            bits &= bits - 1
            if g < top_card(best, g >> 4):
                doomed |= 1 << g
    return doomed


#: The room of a buffer of marks (``mark_room``): its count, then at most one mark a card (a
#: settle marks real cards only, and makes none real again).
MARK_ROOM = 1 + LENGTH


@compiled
def mark_room() -> Any:
    """A buffer of marks: its first word the count, the move codes after it (an array, not
    a typed list, whose every use counts references: ``settle`` fills one for every
    position made)."""
    marks = np.empty(MARK_ROOM, dtype=np.int64)
    marks[0] = 0
    return marks


@compiled
def settle(cols: Any, lens: Any, real: int, ghosts: int, endgame: bool, lone: bool,
           marks: Any) -> tuple[int, int]:
    """``ghosts.settle``, in place: delete the doomed ghosts (``lone``: under the classic
    rules only) and mark every real bottom card beaten by a real bottom card, until neither
    is left; the marks made are the buffer ``marks`` (``mark_room``), what it held before
    dropped.  (The real cards, the ghosts.)"""
    marks[0] = 0
    while True:
        doomed = doomed_ghosts(cols, lens, real, ghosts, endgame) if lone else 0
        if doomed:
            ghosts &= ~doomed
            for x in range(COLUMNS):
                n = 0
                for i in range(lens[x]):
                    e = cols[x, i]
                    if not (e & GHOST and (doomed >> (e & CARD)) & 1):
                        cols[x, n] = e
                        n += 1
                lens[x] = n
        best = tops(cols, lens)
        marked = False
        for x in range(COLUMNS):
            if lens[x]:
                e = cols[x, lens[x] - 1]
                h = top_card(best, e >> 4)
                if not e & GHOST and e & 15 != ACE and e < h:
                    cols[x, lens[x] - 1] = e | GHOST
                    real &= ~(1 << e)
                    ghosts |= 1 << e
                    marks[0] += 1
                    marks[marks[0]] = move_code(MARK, x, top_column(best, e >> 4), e, h, -1)
                    marked = True
        if not doomed and not marked:
            return real, ghosts


@compiled
def real_under(cols: Any, x: int, i: int) -> bool:
    """A real card lies under element i of column x (``ghosts._bases``)."""
    for j in range(i):
        if not cols[x, j] & GHOST:
            return True
    return False


#: ``macro_moves``' word of the columns' exposed indices: START_BITS bits a column.
START_BITS = 6


@compiled
def start(starts: int, x: int) -> int:
    """The exposed index of column x in ``macro_moves``' word ``starts``."""
    return (starts >> (START_BITS * x)) & ((1 << START_BITS) - 1)


@compiled
def macro_moves(cols: Any, lens: Any, endgame: bool, lone: bool, macros: Any) -> int:
    """``ghosts.macro_moves``: the macro moves of a settled position, in its order, into the
    rows of ``macros`` (kind, x, i, y, j); how many."""
    n = 0
    starts = 0                          # each column's exposed index, START_BITS a column
    for x in range(COLUMNS):
        starts |= exposed(cols, lens, x) << (START_BITS * x)
    targets = 0                         # the target columns, a bit set
    for y in range(COLUMNS):
        if ghost_only(cols, lens, y):
            targets |= 1 << y
    if endgame and targets:
        for y in range(COLUMNS):
            if targets >> y & 1 and lens[y] == 0:
                targets = 1 << y
                break
    for x in range(COLUMNS):                                    # ghosts._moves
        if lens[x] == 0 or (endgame and lens[x] == 1):
            continue
        for i in range(max(start(starts, x), 1 if endgame else 0), lens[x]):
            low, high = -1, 0                   # ghosts._bases: no ghost to restore ...
            if not lone and not real_under(cols, x, i):
                low, high = 0, i                # ... or each of the ghosts under it
            for j in range(low, high):
                for y in range(COLUMNS):
                    if targets >> y & 1 and y != x:
                        macros[n, 0], macros[n, 1], macros[n, 2] = MOVE, x, i
                        macros[n, 3], macros[n, 4] = y, j
                        n += 1
    for x in range(COLUMNS):                                    # ghosts._marks
        if lens[x] == 0:
            continue
        i = start(starts, x)
        e = cols[x, i]
        if e & GHOST or e & 15 == ACE:
            continue
        best_real = -1
        for y in range(COLUMNS):
            if y == x or lens[y] == 0:
                continue
            b = cols[y, lens[y] - 1]
            if not b & GHOST and b >> 4 == e >> 4 and b > e:
                if best_real < 0 or b > cols[best_real, lens[best_real] - 1]:
                    best_real = y
        if best_real >= 0:
            macros[n, 0], macros[n, 1], macros[n, 2] = MARK, x, i
            macros[n, 3], macros[n, 4] = best_real, lens[best_real] - 1
            n += 1
            continue
        for y in range(COLUMNS):
            if y == x or lens[y] == 0:
                continue
            for j in range(start(starts, y), lens[y]):
                h = cols[y, j] & CARD
                if h >> 4 == e >> 4 and h > e:
                    macros[n, 0], macros[n, 1], macros[n, 2] = MARK, x, i
                    macros[n, 3], macros[n, 4] = y, j
                    n += 1
    return n


@compiled
def copy_columns(cols: Any, lens: Any, into: Any, into_lens: Any) -> None:
    """The columns into ``into``/``into_lens``, element by element (a slice of an array is a
    view whose references are counted)."""
    for x in range(COLUMNS):
        into_lens[x] = lens[x]
        for i in range(lens[x]):
            into[x, i] = cols[x, i]


@compiled
def apply(cols: Any, lens: Any, macros: Any, m: int, after: Any,
          after_lens: Any) -> tuple[int, int, int]:
    """The result of macro move m of ``macros`` into ``after``: (its move code, the ghost it
    made real, the ghosts it deleted), as ``ghosts._moves`` and ``_marks`` yield them."""
    copy_columns(cols, lens, after, after_lens)
    kind, x, i, y, j = macros[m, 0], macros[m, 1], macros[m, 2], macros[m, 3], macros[m, 4]
    if kind == MOVE:
        element = cols[x, i]
        deleted = ghost_bits(cols, x, i + 1, lens[x]) | ghost_bits(cols, y, 0, lens[y])
        after_lens[x] = i
        restored, revived = -1, 0
        if j >= 0:
            restored = cols[x, j] & CARD
            after[x, j] = restored
            revived = 1 << restored
        after[y, 0] = element
        after_lens[y] = 1
        return move_code(MOVE, x, y, element & CARD, -1, restored), revived, deleted
    e = cols[x, i]
    h = cols[y, j]
    deleted = ghost_bits(cols, x, i + 1, lens[x]) | ghost_bits(cols, y, j + 1, lens[y])
    after[x, i] = e | GHOST
    after_lens[x] = i + 1
    after[y, j] = h & CARD
    after_lens[y] = j + 1
    revived = (1 << (h & CARD)) if h & GHOST else 0
    return move_code(MARK, x, y, e, h & CARD, -1), revived, deleted


@compiled
def cards_after(move: int, real: int, ghosts: int, revived: int,
                deleted: int) -> tuple[int, int]:
    """``deferred._cards_after``: the real cards and the ghosts after a macro move."""
    if move & 3 == MARK:
        card = (move >> 8 & 127) - 1
        real &= ~(1 << card)
        ghosts |= 1 << card
    return real | revived, ghosts & ~revived & ~deleted


@compiled
def is_won(cols: Any, lens: Any) -> bool:
    """``model.won`` of the real cards: each column one real card, an ace, four aces."""
    aces = 0
    for x in range(COLUMNS):
        count = 0
        for i in range(lens[x]):
            e = cols[x, i]
            if not e & GHOST:
                count += 1
                if count > 1 or e & 15 != ACE:
                    return False
                aces |= 1 << e
        if count != 1:
            return False
    return popcount(aces) == COLUMNS


#: The four aces, a bit set.
ACES = 1 << ACE | 1 << (SUIT_BITS + ACE) | 1 << (2 * SUIT_BITS + ACE) | 1 << (3 * SUIT_BITS + ACE)


@compiled
def needs_met(bits: int, outside: int) -> bool:
    """``outside`` meets every beater ``pruning.needs`` names for a bit set of cards: for
    each suit, a card of ``outside`` beats the highest non-ace card of ``bits`` in it."""
    for suit in range(4):
        here = (bits >> (suit * SUIT_BITS)) & ((1 << ACE) - 1)
        if here:
            highest = suit * SUIT_BITS
            while here >> 1:
                here >>= 1
                highest += 1
            if not outside & HIGHER[highest]:
                return False
    return True


@compiled
def real_set(cols: Any, lens: Any, x: int) -> int:
    """The real cards of column x, a bit set."""
    bits = 0
    for i in range(lens[x]):
        if not cols[x, i] & GHOST:
            bits |= 1 << cols[x, i]
    return bits


@compiled
def buried_ace(cols: Any, lens: Any, x: int) -> bool:
    """A real card lies under a real ace in column x."""
    index = 0
    for i in range(lens[x]):
        e = cols[x, i]
        if not e & GHOST:
            if e & 15 == ACE and index > 0:
                return True
            index += 1
    return False


@compiled
def locked_and_lost(cols: Any, lens: Any, incoming: Any, remaining: int) -> bool:
    """``pruning.locked_and_lost`` of the real cards of the columns (``deferred``: a ghost
    never blocks and may beat, as the cards ``remaining`` counts).  A column's facts are
    computed again in each of the three passes, not kept in arrays on the heap: this runs
    for every deal tried."""
    for x in range(COLUMNS):
        if not real_set(cols, lens, x):
            return False
    for x in range(COLUMNS):
        bits = real_set(cols, lens, x)
        if not bits & ACES and needs_met(bits, remaining & ~(bits | incoming[x])):
            return False
    for x in range(COLUMNS):
        bits = real_set(cols, lens, x)
        outside = remaining & ~(bits | incoming[x])
        if buried_ace(cols, lens, x) or incoming[x] & ACES:
            return True
        if not (needs_met(bits, outside) and needs_met(incoming[x], outside)):
            return True
    return False


# --- the search ---------------------------------------------------------------------------

@compiled
def tick(state: Any, control: Any) -> bool:
    """``deferred._Search.tick``: count a position; False when the search must stop (the
    node budget spent, or the driver's request).  Now and then: report the count.  (The
    memo and ``ends`` forget in ``remember``, when their rows are full.)"""
    state[S_NODES] += 1
    if state[S_LIMIT] >= 0 and state[S_NODES] > state[S_LIMIT]:
        state[S_STOPPED] = 1
        return False
    if state[S_NODES] % CHECK_EVERY == 0:
        control[C_NODES] = state[S_NODES]
        if control[C_STOP]:
            state[S_STOPPED] = 1
            return False
    return True


# --- the memo and ``ends``: packed rows of one table, found through one index ---------------
#: A row (``R_LOW`` .. ``R_GHOSTS``): a layout or an endgame's columns in three words, then
#: the ghosts.  Each of the 52 cards has a column code of CODE_BITS bits (0: in no column, x + 1:
#: in column x), CARDS_PER_WORD to a word by ``card_index``, the last word's spare bits the
#: head (HEAD_SHIFT up); an endgame's head carries END_TAG, so that no endgame row equals a
#: memo row.
R_LOW, R_MID, R_HIGH, R_GHOSTS = range(4)
ROW_WORDS = 4
CODE_BITS = 3
CARDS_PER_WORD = 21
HEAD_SHIFT = 30
END_TAG = 1 << 32
#: The slots of the index a solve starts with (they double as the rows fill, up to all of
#: ``slots``, two per row: at most half are ever taken).
FIRST_SPAN = 1 << 12
#: The odd multipliers of ``first_slot``.
HASH_LOW, HASH_MID, HASH_HIGH, HASH_MIX = (0x1E3779B97F4A7C15, 0x42B2AE3D27D4EB4F,
                                           0x165667B19E3779F9, 0x27D4EB2F165667C5)
#: A card's index among the 52 (``card_index``) fits the three words with the head above.
assert 3 * CARDS_PER_WORD * CODE_BITS >= 52 * CODE_BITS and CARDS_PER_WORD * CODE_BITS < 64
assert (52 - 2 * CARDS_PER_WORD) * CODE_BITS <= HEAD_SHIFT and HEAD_SHIFT + 33 < 64


@compiled
def card_index(card: int) -> int:
    """The index 0..51 of a card code (``16 * suit + strength``, strength 2..14)."""
    return (card >> 4) * 13 + (card & 15) - 2


@compiled
def packed(head: int, a: int, b: int, c: int, d: int) -> Any:
    """Three words that name a head (below 1 << 33) and four disjoint sets of cards: each
    card's column code at its index, the head above the last card's code.  Two heads and
    sets give the same words exactly when they are the same (each card lies in at most one
    set, so its code says which)."""
    low = mid = high = 0
    sets = (a, b, c, d)
    for x in range(COLUMNS):
        bits = sets[x]
        while bits:
            j = card_index(lowest_card(bits))
            bits &= bits - 1
            if j < CARDS_PER_WORD:
                low |= (x + 1) << (CODE_BITS * j)
            elif j < 2 * CARDS_PER_WORD:
                mid |= (x + 1) << (CODE_BITS * (j - CARDS_PER_WORD))
            else:
                high |= (x + 1) << (CODE_BITS * (j - 2 * CARDS_PER_WORD))
    return low, mid, high | head << HEAD_SHIFT


@compiled
def first_slot(low: int, mid: int, high: int, span: int) -> int:
    """The slot of the index where the search for a row's three words starts."""
    h = low * HASH_LOW + mid * HASH_MID + high * HASH_HIGH
    h ^= h >> 31
    h *= HASH_MIX
    h ^= h >> 29
    return (h & 0x3FFFFFFFFFFFFFFF) % span


@compiled
def place(rows: Any, slots: Any, span: int, row: int) -> None:
    """Enter a row in the index: the first free slot from its first (a slot holds row + 1,
    0 when free)."""
    s = first_slot(rows[row, R_LOW], rows[row, R_MID], rows[row, R_HIGH], span)
    while slots[s]:
        s += 1
        if s == span:
            s = 0
    slots[s] = row + 1


@compiled
def reindexed(rows: Any, slots: Any, state: Any, span: int) -> None:
    """The index made anew over ``span`` slots: the old slots emptied, every row entered."""
    slots[:span] = 0
    state[S_SPAN] = span
    for row in range(state[S_ROWS]):
        place(rows, slots, span, row)


@compiled
def remember(rows: Any, slots: Any, state: Any, low: int, mid: int, high: int,
             ghosts: int) -> None:
    """Add a row.  When the rows are full, the memo and ``ends`` forget everything first
    (it costs positions, never a verdict: a row only ever saves a search); the index
    doubles when half its slots are taken."""
    if len(rows) == 0:
        return
    if state[S_ROWS] == len(rows):
        state[S_ROWS] = 0
        reindexed(rows, slots, state, min(FIRST_SPAN, len(slots)))
    row = state[S_ROWS]
    rows[row, R_LOW], rows[row, R_MID], rows[row, R_HIGH] = low, mid, high
    rows[row, R_GHOSTS] = ghosts
    state[S_ROWS] = row + 1
    if 2 * state[S_ROWS] > state[S_SPAN]:
        reindexed(rows, slots, state, min(2 * state[S_SPAN], len(slots)))
    else:
        place(rows, slots, state[S_SPAN], row)


@compiled
def memo_known(rows: Any, slots: Any, state: Any, exact: Any) -> bool:
    """``deferred._Memo.known``: a lost position with the layout of ``key`` ``exact`` has
    all its ghosts.  The rows of one layout lie in one run of the index, which ends at a
    free slot."""
    if state[S_ROWS] == 0:
        return False
    low, mid, high = packed(exact[0], exact[1], exact[2], exact[3], exact[4])
    ghosts, span = exact[5], state[S_SPAN]
    s = first_slot(low, mid, high, span)
    while slots[s]:
        row = slots[s] - 1
        if (rows[row, R_LOW] == low and rows[row, R_MID] == mid and rows[row, R_HIGH] == high
                and rows[row, R_GHOSTS] & ghosts == ghosts):
            return True
        s += 1
        if s == span:
            s = 0
    return False


@compiled
def memo_add(rows: Any, slots: Any, state: Any, exact: Any) -> None:
    """``deferred._Memo.add``: record the lost position of ``key`` ``exact``."""
    low, mid, high = packed(exact[0], exact[1], exact[2], exact[3], exact[4])
    remember(rows, slots, state, low, mid, high, exact[5])


@compiled
def ends_known(rows: Any, slots: Any, state: Any, end: Any) -> bool:
    """``end in ends``, for the row ``end`` of ``end_key``."""
    if state[S_ROWS] == 0:
        return False
    span = state[S_SPAN]
    s = first_slot(end[R_LOW], end[R_MID], end[R_HIGH], span)
    while slots[s]:
        row = slots[s] - 1
        if (rows[row, R_LOW] == end[R_LOW] and rows[row, R_MID] == end[R_MID]
                and rows[row, R_HIGH] == end[R_HIGH] and rows[row, R_GHOSTS] == end[R_GHOSTS]):
            return True
        s += 1
        if s == span:
            s = 0
    return False


#: The fields of an entry of a level's table (``_level``'s ``reached`` map, a row per entry):
#: its key (T_KEY..T_KEY + 5), real cards, ghosts, the entry before, the first of its moves
#: in the level's moves, how many, superseded (1 or 0), the next entry of its layout.
T_KEY = 0
T_REAL, T_GHOSTS, T_BEFORE, T_FIRST, T_COUNT, T_SUPERSEDED, T_ALIKE = range(6, 13)
TABLE_FIELDS = 13
#: The rows a level's table and moves start with (each doubles when full).
FIRST_ROWS = 64


@compiled
def doubled_table(table: Any) -> Any:
    """A level's table with twice its rows, the old ones copied."""
    bigger = np.empty((2 * len(table), TABLE_FIELDS), dtype=np.int64)
    bigger[:len(table)] = table
    return bigger


@compiled
def doubled(values: Any) -> Any:
    """An array of int64 with twice its room, the old values copied."""
    bigger = np.empty(2 * len(values), dtype=np.int64)
    bigger[:len(values)] = values
    return bigger


@compiled
def row_key(table: Any, entry: int) -> Any:
    """The key of an entry of a level's table."""
    return (table[entry, T_KEY], table[entry, T_KEY + 1], table[entry, T_KEY + 2],
            table[entry, T_KEY + 3], table[entry, T_KEY + 4], table[entry, T_KEY + 5])


@compiled
def set_entry(table: Any, entry: int, exact: Any, real: int, ghosts: int, before: int,
              first: int, count: int, alike: int) -> None:
    """Fill row ``entry`` of a level's table (not superseded)."""
    for f in range(6):
        table[entry, T_KEY + f] = exact[f]
    table[entry, T_REAL], table[entry, T_GHOSTS], table[entry, T_BEFORE] = real, ghosts, before
    table[entry, T_FIRST], table[entry, T_COUNT] = first, count
    table[entry, T_SUPERSEDED], table[entry, T_ALIKE] = 0, alike


@compiled
def level_room() -> Any:
    """Room for ``level``'s work, made once for all its calls (each ends before the next
    begins): the position expanded and each one made from it (columns, lengths), the marks
    of its ``settle``."""
    return (np.empty((COLUMNS, LENGTH), dtype=np.int64), np.empty(COLUMNS, dtype=np.int64),
            np.empty((COLUMNS, LENGTH), dtype=np.int64), np.empty(COLUMNS, dtype=np.int64),
            mark_room())


@compiled
def level(cols: Any, lens: Any, k: int, real: int, ghosts: int, game: Any, lone: bool,
          state: Any, control: Any, rows: Any, slots: Any, table: Any, moves: Any,
          macros: Any, work: Any) -> Any:
    """``deferred._Search._level``: list the settled positions reachable before deal k into
    the rows of ``table`` (their moves into ``moves``) and the undominated ones to deal from,
    the candidates, in the order they were expanded.  Its answer: (False when the search must
    stop, the table, the moves (new arrays when they had to grow), the entries, the
    candidates' array and how many)."""
    natural, rank_order = game[0], game[1]
    root = key(cols, lens, k, ghosts)
    reached = Dict.empty(Key, types.int64)
    by_layout = Dict.empty(Layout, types.int64)
    reached[root] = 0
    by_layout[layout_of(root)] = 0
    set_entry(table, 0, root, real, ghosts, -1, 0, 0, -1)
    size, used = 1, 0
    stack = np.empty(len(table), dtype=np.int64)        # both hold each entry at most once
    expanded = np.empty(len(table), dtype=np.int64)
    stack[0] = 0
    top, done = 1, 0
    here, here_lens, after, after_lens, marks = work
    while top:
        top -= 1
        entry = stack[top]
        if table[entry, T_SUPERSEDED]:
            continue            # dominated by a position listed after it
        if not tick(state, control):
            return False, table, moves, size, expanded, 0
        expanded[done] = entry
        done += 1
        decode(row_key(table, entry), natural, rank_order, here, here_lens)
        left, ghost_set = table[entry, T_REAL], table[entry, T_GHOSTS]
        n = macro_moves(here, here_lens, False, lone, macros)
        for m in range(n):
            move, revived, deleted = apply(here, here_lens, macros, m, after, after_lens)
            new_left, new_spooks = cards_after(move, left, ghost_set, revived, deleted)
            new_left, new_spooks = settle(after, after_lens, new_left, new_spooks, False, lone,
                                          marks)
            exact = key(after, after_lens, k, new_spooks)
            layout = layout_of(exact)
            if exact in reached or memo_known(rows, slots, state, exact):
                continue
            head = by_layout[layout] if layout in by_layout else -1
            if dominated(head, new_spooks, table):
                continue
            if size == len(table):
                table, stack, expanded = doubled_table(table), doubled(stack), doubled(expanded)
            while used + 1 + marks[0] > len(moves):
                moves = doubled(moves)
            new = size
            size += 1
            set_entry(table, new, exact, new_left, new_spooks, entry, used, 1 + marks[0],
                      head)
            moves[used] = move
            used += 1
            for t in range(1, 1 + marks[0]):
                moves[used] = marks[t]
                used += 1
            by_layout[layout] = new
            reached[exact] = new
            stack[top] = new
            top += 1
    count = 0
    for t in range(done):
        if not table[expanded[t], T_SUPERSEDED]:
            expanded[count] = expanded[t]
            count += 1
    return True, table, moves, size, expanded, count


@compiled
def dominated(head: int, ghosts: int, table: Any) -> bool:
    """``_level``'s test of a new position against the listed ones of its layout (the chain
    from ``head``): True when one of them has all its ghosts (the new one is not listed);
    otherwise every one whose ghosts it has is superseded."""
    other = head
    while other >= 0:
        if not table[other, T_SUPERSEDED] and table[other, T_GHOSTS] & ghosts == ghosts:
            return True
        other = table[other, T_ALIKE]
    other = head
    while other >= 0:
        spooks = table[other, T_GHOSTS]
        if not table[other, T_SUPERSEDED] and ghosts & spooks == spooks:
            table[other, T_SUPERSEDED] = 1
        other = table[other, T_ALIKE]
    return False


@compiled
def path(table: Any, moves: Any, end: int, out: Any) -> None:
    """``deferred._path``: the moves that led to entry ``end`` of a level's table, appended
    to ``out``."""
    chain = List.empty_list(types.int64)
    entry = end
    while table[entry, T_BEFORE] >= 0:
        chain.append(entry)
        entry = table[entry, T_BEFORE]
    for t in range(len(chain) - 1, -1, -1):
        entry = chain[t]
        first = table[entry, T_FIRST]
        for m in range(first, first + table[entry, T_COUNT]):
            out.append(moves[m])


# --- the recursions, as loops over frames -------------------------------------------------
#: What ``search``'s loop does next with frame k: ENTER it (the call begins), RETURN to it
#: the answer of frame k + 1, or deal from its NEXT candidate.
ENTER, RETURN, NEXT = range(3)
#: A level frame's fields (``fields[k]``): the candidate dealt from next, the line's length on
#: entry (where its moves go when it wins), how many candidates, how many entries.
L_NEXT, L_MARK, L_COUNT, L_SIZE = 0, 1, 2, 3
#: An endgame frame's fields (``ends_fields[d]``): its macro moves, the next one, the line's
#: length before the move, the real cards, the ghosts.
E_MOVES, E_NEXT, E_MARK, E_REAL, E_GHOSTS = range(5)
FRAME_FIELDS = 5


@compiled
def search(cols: Any, lens: Any, real: int, ghosts: int, game: Any, lone: bool, state: Any,
           control: Any, rows: Any, slots: Any, line: Any) -> int:
    """``deferred._Search.search`` from level 0: WON (a winning line in ``line``), LOST or
    STOPPED.  The recursion is a loop over one frame per level k (``deferred``'s call of
    ``search`` before deal k): its position (``at[k]``, ``at_lens[k]``, ``fields[k]``), its
    level's table and moves, its candidates and the marks of the deal it is searching (each
    level's arrays kept for its next call, grown as it needs)."""
    natural, rank_order, stock, incoming = game
    levels = len(stock)
    at = np.empty((levels + 1, COLUMNS, LENGTH), dtype=np.int64)
    at_lens = np.empty((levels + 1, COLUMNS), dtype=np.int64)
    reals = np.empty(levels + 1, dtype=np.int64)
    spook_sets = np.empty(levels + 1, dtype=np.int64)
    fields = np.zeros((levels + 1, FRAME_FIELDS), dtype=np.int64)
    tables = List()
    move_lists = List()
    candidate_lists = List()
    deal_marks = np.zeros((levels, MARK_ROOM), dtype=np.int64)
    for k in range(levels):
        tables.append(np.empty((FIRST_ROWS, TABLE_FIELDS), dtype=np.int64))
        move_lists.append(np.empty(FIRST_ROWS, dtype=np.int64))
        candidate_lists.append(np.empty(0, dtype=np.int64))      # made by ``level``
    macros = np.empty((MOST_MACROS, MACRO_FIELDS), dtype=np.int64)
    work = level_room()
    frames = end_frames(FIRST_DEPTH)
    at[0] = cols
    at_lens[0] = lens
    reals[0], spook_sets[0] = real, ghosts
    k = 0
    action = ENTER
    found = LOST
    while True:
        if action == ENTER:                           # search(columns, k, real, ghosts)
            if k == levels:
                found, frames = endgame(at[k], at_lens[k], reals[k], spook_sets[k], lone,
                                        state, control, rows, slots, line, frames)
                k, action = k - 1, RETURN
            elif memo_known(rows, slots, state, key(at[k], at_lens[k], k, spook_sets[k])):
                found = LOST
                k, action = k - 1, RETURN
            else:
                go_on, table, moves, size, candidates, count = level(
                    at[k], at_lens[k], k, reals[k], spook_sets[k], game, lone, state, control,
                    rows, slots, tables[k], move_lists[k], macros, work)
                if not go_on:
                    return STOPPED
                tables[k], move_lists[k], candidate_lists[k] = table, moves, candidates
                sort_candidates(table, candidates, count)
                fields[k, L_NEXT] = 0
                fields[k, L_COUNT] = count
                fields[k, L_SIZE] = size
                fields[k, L_MARK] = len(line)
                action = NEXT
        elif action == RETURN:                        # the search of frame k + 1 answered
            if k < 0 or found == STOPPED:
                return found
            if found == WON:
                record(tables[k], move_lists[k], candidate_lists[k][fields[k, L_NEXT] - 1],
                       deal_marks[k], line, fields[k, L_MARK])
                k -= 1
            else:
                action = NEXT
        elif next_deal(k, at, at_lens, reals, spook_sets, fields, tables[k],
                       candidate_lists[k], deal_marks[k], game, lone):
            k, action = k + 1, ENTER                  # search from the deal, in frame k + 1
        else:                                         # every deal failed: the level is lost
            table = tables[k]
            for entry in range(fields[k, L_SIZE]):
                memo_add(rows, slots, state, row_key(table, entry))
            found = LOST
            k, action = k - 1, RETURN


@compiled
def sort_candidates(table: Any, candidates: Any, count: int) -> None:
    """``candidates.sort(key=_real_count)`` of the first ``count``: fewest real cards first,
    a stable sort."""
    sizes = np.empty(count, dtype=np.int64)
    for c in range(count):
        sizes[c] = popcount(table[candidates[c], T_REAL])
    order = np.argsort(sizes, kind="mergesort")
    ordered = np.empty(count, dtype=np.int64)
    for c in range(count):
        ordered[c] = candidates[order[c]]
    candidates[:count] = ordered


@compiled
def next_deal(k: int, at: Any, at_lens: Any, reals: Any, spook_sets: Any, fields: Any,
              table: Any, candidates: Any, marks: Any, game: Any, lone: bool) -> bool:
    """``search``'s loop over its candidates, up to the deeper call: deal from the next
    candidate not locked and lost, into frame k + 1; False when none is left."""
    natural, rank_order, stock, incoming = game
    last = k + 1 == len(stock)
    while fields[k, L_NEXT] < fields[k, L_COUNT]:
        entry = candidates[fields[k, L_NEXT]]
        fields[k, L_NEXT] += 1
        dealt, dealt_lens = at[k + 1], at_lens[k + 1]
        decode(row_key(table, entry), natural, rank_order, dealt, dealt_lens)
        for x in range(COLUMNS):
            dealt[x, dealt_lens[x]] = stock[k, x]
            dealt_lens[x] += 1
        left, spooks = settle(dealt, dealt_lens, table[entry, T_REAL], table[entry, T_GHOSTS],
                              last, lone, marks)
        if locked_and_lost(dealt, dealt_lens, incoming[k + 1], left | spooks):
            continue
        reals[k + 1], spook_sets[k + 1] = left, spooks
        return True
    return False


@compiled
def record(table: Any, moves: Any, entry: int, marks: Any, line: Any, mark: int) -> None:
    """``self.line[mark:mark] = _path(reached, before) + [DEAL_MOVE] + marks``."""
    segment = List.empty_list(types.int64)
    path(table, moves, entry, segment)
    segment.append(move_code(DEALT, -1, -1, -1, -1, -1))
    for t in range(1, 1 + marks[0]):
        segment.append(marks[t])
    for t in range(len(segment)):
        line.insert(mark + t, segment[t])


#: The depths an endgame's frames start with (they double when the search goes deeper).
FIRST_DEPTH = 8


@compiled
def end_frames(depth: int) -> Any:
    """Room for ``depth`` frames of ``endgame``: their positions (columns, lengths), macro
    moves, fields and keys."""
    return (np.empty((depth, COLUMNS, LENGTH), dtype=np.int64),
            np.empty((depth, COLUMNS), dtype=np.int64),
            np.empty((depth, MOST_MACROS, MACRO_FIELDS), dtype=np.int64),
            np.zeros((depth, FRAME_FIELDS), dtype=np.int64),
            np.zeros((depth, ROW_WORDS), dtype=np.int64))


@compiled
def deeper(frames: Any) -> Any:
    """``endgame``'s frames with room for twice the depths, the old ones copied."""
    more = end_frames(2 * len(frames[0]))
    depth = len(frames[0])
    more[0][:depth] = frames[0]
    more[1][:depth] = frames[1]
    more[2][:depth] = frames[2]
    more[3][:depth] = frames[3]
    more[4][:depth] = frames[4]
    return more


@compiled
def endgame(cols: Any, lens: Any, real: int, ghosts: int, lone: bool, state: Any,
            control: Any, rows: Any, slots: Any, line: Any, frames: Any) -> Any:
    """``deferred._Search.endgame``: search a settled position whose stock is empty, its
    columns compared up to order in ``ends``.  The recursion is a loop over one frame per
    depth d of ``frames`` (``end_frames``: its position, its macro moves, its fields and
    key), which doubles when the search first goes deeper than it holds.  (The answer, the
    frames.)"""
    at, at_lens, macro_lists, fields, keys = frames
    pairs = np.empty((2, COLUMNS), dtype=np.int64)
    marks = mark_room()
    d = 0
    found = LOST
    entering = True
    while d >= 0:
        here, here_lens, macros, frame = at[d], at_lens[d], macro_lists[d], fields[d]
        if entering:
            entering = False
            if d == 0:
                copy_columns(cols, lens, here, here_lens)
                frame[E_REAL], frame[E_GHOSTS] = real, ghosts
            if is_won(here, here_lens):
                found = WON
                d -= 1
                continue
            end = end_key(here, here_lens, frame[E_GHOSTS], pairs)
            if ends_known(rows, slots, state, end):
                found = LOST
                d -= 1
                continue
            if not tick(state, control):
                return STOPPED, frames
            for f in range(ROW_WORDS):
                keys[d, f] = end[f]
            frame[E_MOVES] = macro_moves(here, here_lens, True, lone, macros)
            frame[E_NEXT] = 0
        elif found != LOST:
            d -= 1
            continue
        else:
            while len(line) > frame[E_MARK]:
                line.pop()
        if frame[E_NEXT] == frame[E_MOVES]:
            remember(rows, slots, state, keys[d, R_LOW], keys[d, R_MID], keys[d, R_HIGH],
                     keys[d, R_GHOSTS])
            found = LOST
            d -= 1
            continue
        if d + 1 == len(at):
            frames = deeper(frames)
            at, at_lens, macro_lists, fields, keys = frames
            here, here_lens, macros, frame = at[d], at_lens[d], macro_lists[d], fields[d]
        m = frame[E_NEXT]
        frame[E_NEXT] += 1
        after, after_lens, child = at[d + 1], at_lens[d + 1], fields[d + 1]
        move, revived, deleted = apply(here, here_lens, macros, m, after, after_lens)
        left, spooks = cards_after(move, frame[E_REAL], frame[E_GHOSTS], revived, deleted)
        frame[E_MARK] = len(line)
        line.append(move)
        left, spooks = settle(after, after_lens, left, spooks, True, lone, marks)
        for t in range(1, 1 + marks[0]):
            line.append(marks[t])
        child[E_REAL], child[E_GHOSTS] = left, spooks
        d += 1
        entering = True
    return found, frames


@compiled
def solve(cols: Any, lens: Any, real: int, ghosts: int, natural: Any, rank_order: Any,
          stock: Any, incoming: Any, lone: bool, limit: int, rows: Any, slots: Any,
          control: Any) -> Any:
    """The search from a settled position (``lone``: under the classic rules, else without
    lone moves), its memo and ``ends`` in ``rows`` (ROW_WORDS
    int64 each, as many as the memory allows) and ``slots`` (int32, two a row; neither
    need be zero): (LOST, WON or STOPPED, the positions counted, the winning line's move
    codes)."""
    state = np.zeros(STATE_FIELDS, dtype=np.int64)
    state[S_LIMIT] = limit
    reindexed(rows, slots, state, min(FIRST_SPAN, len(slots)))
    line = List.empty_list(types.int64)
    game = (natural, rank_order, stock, incoming)
    found = search(cols, lens, real, ghosts, game, lone, state, control, rows, slots, line)
    codes = np.empty(len(line), dtype=np.int64)
    for t in range(len(line)):
        codes[t] = line[t]
    control[C_NODES] = state[S_NODES]
    return found, state[S_NODES], codes


#: Every function here, callees before their callers (the order to recompile them in: a
#: caller links its callees' code when it is compiled).
COMPILED = (popcount, lowest_card, ghost_bits, move_code, card_set, key, layout_of, card_index,
            packed, end_key, decode, exposed, ghost_only, top_card, top_column, tops,
            doomed_ghosts, mark_room, settle, real_under, start, macro_moves, copy_columns,
            apply, cards_after, is_won, needs_met, real_set, buried_ace, locked_and_lost,
            tick, first_slot, place, reindexed, remember, memo_known, memo_add, ends_known,
            doubled_table, doubled, row_key, set_entry, dominated, level_room, level, path,
            sort_candidates, next_deal, record, end_frames, deeper,
            endgame, search, solve)
