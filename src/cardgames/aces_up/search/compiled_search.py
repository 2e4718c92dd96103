"""The Aces Up solver's search, compiled (the Numba tier; needs the ``jit`` extra).

A transcription of ``reference._Search`` (``search``, ``_level``, ``endgame``,
``_worth_relaxing``, ``_relaxation_won``), of the pruning facts it calls (``pruning``:
``discardable``, ``is_safe_discard``, ``discard_all``, ``endgame_key``, ``endgame_transfers``,
``locked_and_lost``; ``essential`` and ``upper`` are computed by ``compiled_driver``) and of
``reference._solve``'s two phases: the same positions are visited in the same order, so the
verdict, the winning line and the count of positions are those of the reference, as long as
the memo forgets nothing.  No rule is added here; each proof lives beside its fact in
``pruning``.

What differs is the machinery:

* Recursion is an explicit stack of frames held in arrays, so the search can stop after a
  number of steps and be resumed: the driver (``compiled_driver.solve``) runs it in slices of a few
  milliseconds, watches the clock, shows progress and answers Ctrl-C between slices.
* A column is a code, not a tuple.  A card reaches a non-empty column only by a deal, and
  the card of deal i for column x is fixed, so a column is its head (nothing, one card, or
  the first L cards the position started with there) followed by the dealt cards still on
  it, a 12-bit set of deal indices: ``head | deals << 7``.  In the endgame (no deal left)
  the columns are compared up to order, as in ``endgame``; there a column that holds dealt
  cards or a starting prefix is tagged with its index (``x << 19``), since its cards depend
  on it.  Every code names exactly one sequence of cards.
* The memo is one table of exact keys (game, deal level, the four column codes: 90 bits,
  stored whole in two words); a key may take any of WINDOW slots.  When they are all taken
  the entry that cost the least work is forgotten: a smaller table costs time, never a
  verdict, since an entry only ever saves a search whose answer it records.
* The relaxed games of ``pruning.essential``/``pruning.upper`` are games 1..3 of the same tables, each
  with its stock (holes where dropped cards were) and its starting columns.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

# Frame states.
ENTER, AFTER_CHECK, NEXT, AFTER_CHILD, ENDGAME_NEXT, ENDGAME_AFTER = range(6)
# What ``run`` returns.
RUNNING, WON, LOST, STOPPED, POOL_FULL, DEEP = range(6)
# The registers (``regs``): top frame, pending result of a popped child, phase node limit
# (-1 none), relaxation on, table generation, next free pool entry, slots filled, slots
# filled at which to pause so that the driver grows the table.
R_TOP, R_RESULT, R_LIMIT, R_RELAX, R_GENERATION, R_POOL, R_FILLED, R_GROW_AT = range(8)
R_NODES = 8            # R_NODES + g: the positions counted by game g (``_Search.nodes``)
# ``_worth_relaxing``'s constants, passed in (not compiled in: a kernel cached on disk would
# keep old values, as Numba checks this file only).
R_TRIAL, R_RATE, R_SAMPLE = 12, 13, 14
REGISTERS = 16
# Table memo values.
MEMO_LOST, MEMO_WON = 1, 2
HEAD_PREFIX = 64       # head >= 64: the first head - 64 cards the column started with
HOLE = -1
GAMES = 4
#: Frames: each game goes at most 12 levels and an endgame of at most 52 moves deep, and
#: four games are chained: 4 * 64 frames at most.
FRAMES = 512
EMPTY_COLUMN = 0
SLOT_BYTES = 16        # a memo slot: two int64 words
WORK_BITS = 20
GENERATION_BITS = 12



#: HIGHEST_BIT[v]: the index of the highest set bit of v (0 < v < 2**14).
HIGHEST_BIT = np.zeros(1 << 14, dtype=np.int64)
for _value in range(2, 1 << 14):
    HIGHEST_BIT[_value] = _value.bit_length() - 1


@njit(cache=True, inline="always")
def _highest_bit(value: int) -> int:
    """The index of the highest set bit of a value below 2**14 (a suit, a set of deals)."""
    return HIGHEST_BIT[value]


@njit(cache=True, inline="always")
def _bottom(code: int, x: int, g: int, stock: Any, start: Any) -> int:
    """The bottom card of a column (-1 when empty)."""
    deals = code >> 7
    if deals:
        return stock[g, _highest_bit(deals), x]
    head = code & 127
    if head >= HEAD_PREFIX:
        return start[g, x, head - HEAD_PREFIX - 1]
    return head - 1


@njit(cache=True, inline="always")
def _without_bottom(code: int, x: int, g: int, start: Any) -> int:
    """The column code with its bottom card removed (``column[:-1]``)."""
    deals = code >> 7
    head = code & 127
    if deals:
        deals &= ~(np.int64(1) << _highest_bit(deals))
        return head | deals << 7
    if head >= HEAD_PREFIX:
        length = head - HEAD_PREFIX - 1
        if length == 1:
            return start[g, x, 0] + 1
        return HEAD_PREFIX + length
    return EMPTY_COLUMN


@njit(cache=True, inline="always")
def _length(code: int) -> int:
    """The number of cards in a column."""
    head = code & 127
    n = _popcount(code >> 7)
    if head >= HEAD_PREFIX:
        return n + head - HEAD_PREFIX
    if head:
        return n + 1
    return n


@njit(cache=True, inline="always")
def _first(code: int, x: int, g: int, start: Any) -> int:
    """The first (topmost) card of a non-empty column."""
    head = code & 127
    if head >= HEAD_PREFIX:
        return start[g, x, 0]
    return head - 1


@njit(cache=True, inline="always")
def _bits(code: int, x: int, g: int, prefix_bits: Any, dealt_low: Any, dealt_high: Any) -> int:
    """The bit set of the cards of a column."""
    head = code & 127
    bits = np.int64(0)
    if head >= HEAD_PREFIX:
        bits = prefix_bits[g, x, head - HEAD_PREFIX]
    elif head:
        bits = np.int64(1) << (head - 1)
    deals = code >> 7
    return bits | dealt_low[g, x, deals & 63] | dealt_high[g, x, deals >> 6]


@njit(cache=True, inline="always")
def _popcount(value: int) -> int:
    """The number of set bits of a non-negative 64-bit value."""
    v = np.uint64(value)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def _positions(regs: Any) -> int:
    """The positions counted so far, all games together (``_Search.total_nodes``)."""
    return regs[R_NODES] + regs[R_NODES + 1] + regs[R_NODES + 2] + regs[R_NODES + 3]


@njit(cache=True, inline="always")
def _pop(regs: Any, top: int, result: int) -> None:
    """Return ``result`` from the top frame to the one below it."""
    regs[R_RESULT] = result
    regs[R_TOP] = top - 1


@njit(cache=True, inline="always")
def _level_key(g: int, k: int, cols: Any) -> tuple[int, int]:
    """The exact memo key of a position before deal k (columns in order)."""
    high = np.int64(g) | np.int64(k) << 2 | np.int64(cols[0]) << 6 | np.int64(cols[1]) << 27
    low = np.int64(cols[2]) | np.int64(cols[3]) << 21
    return high, low


@njit(cache=True, inline="always")
def _tagged(code: int, x: int) -> int:
    """An endgame column code: tagged with its index when its cards depend on it."""
    if code >> 7 or code & 127 >= HEAD_PREFIX:
        return code | np.int64(x) << 19
    return code


@njit(cache=True, inline="always")
def _endgame_key(g: int, k: int, cols: Any) -> tuple[int, int]:
    """The exact memo key of a position with the stock empty: its columns up to order."""
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
    high = np.int64(g) | np.int64(k) << 2 | a << 6 | b << 27
    low = c | d << 21
    return high, low


@njit(cache=True, inline="always")
def _slot(high: int, low: int, slots: int) -> int:
    """The first slot of a key's window."""
    h = np.uint64(high) * np.uint64(0x9E3779B97F4A7C15) \
        ^ np.uint64(low) * np.uint64(0xC2B2AE3D27D4EB4F)
    h ^= h >> np.uint64(31)
    h *= np.uint64(0xD6E8FEB86659FD93)
    h ^= h >> np.uint64(32)
    return np.int64(((h & np.uint64(0xFFFFFFFF)) * np.uint64(slots)) >> np.uint64(32))


KEY_HIGH_BITS = 48     # a key's first word; the generation and value sit above it
KEY_LOW_BITS = 42      # its second word; the work sits above it
#: The slots a key may take, from its first: a key goes to the first free one, and when
#: all are taken the entry that cost the least work is forgotten.  Nothing is ever
#: emptied within a generation, so a lookup stops at the first free slot.
WINDOW = 32


@njit(cache=True, inline="always")
def _lookup(table: Any, high: int, low: int, generation: int) -> int:
    """The memo value of a key (0 when unknown)."""
    slots = table.shape[0]
    s = _slot(high, low, slots)
    key_mask = (np.int64(1) << KEY_HIGH_BITS) - 1
    low_mask = (np.int64(1) << KEY_LOW_BITS) - 1
    for _ in range(WINDOW):
        word = table[s, 0]
        if (word >> KEY_HIGH_BITS) & 4095 != generation:
            return 0
        if word & key_mask == high and table[s, 1] & low_mask == low:
            return (word >> 60) & 3
        s += 1
        if s == slots:
            s = 0
    return 0


@njit(cache=True)
def _store(table: Any, high: int, low: int, generation: int, value: int, work: int) -> int:
    """Remember a key's value; a full window forgets its cheapest entry.

    Returns 1 when the key took a free slot, else 0.
    """
    slots = table.shape[0]
    s = _slot(high, low, slots)
    key_mask = (np.int64(1) << KEY_HIGH_BITS) - 1
    low_mask = (np.int64(1) << KEY_LOW_BITS) - 1
    cap = (np.int64(1) << WORK_BITS) - 1
    if work > cap:
        work = cap
    victim = s
    cheapest = cap + 1
    filled = 0
    for _ in range(WINDOW):
        word = table[s, 0]
        if (word >> KEY_HIGH_BITS) & 4095 != generation:
            victim = s
            filled = 1
            break
        if word & key_mask == high and table[s, 1] & low_mask == low:
            victim = s
            break
        cost = table[s, 1] >> KEY_LOW_BITS
        if cost < cheapest:
            cheapest = cost
            victim = s
        s += 1
        if s == slots:
            s = 0
    table[victim, 0] = high | np.int64(generation) << KEY_HIGH_BITS | np.int64(value) << 60
    table[victim, 1] = low | np.int64(work) << KEY_LOW_BITS
    return filled


@njit(cache=True)
def rehash(old: Any, new: Any, generation: int) -> int:
    """Copy a generation's entries into a bigger table; the number copied."""
    key_mask = (np.int64(1) << KEY_HIGH_BITS) - 1
    low_mask = (np.int64(1) << KEY_LOW_BITS) - 1
    moved = 0
    for s in range(old.shape[0]):
        word = old[s, 0]
        if (word >> KEY_HIGH_BITS) & 4095 == generation:
            moved += _store(new, word & key_mask, old[s, 1] & low_mask, generation,
                            (word >> 60) & 3, old[s, 1] >> KEY_LOW_BITS)
    return moved


@njit(cache=True, inline="always")
def _highest_bottoms(cols: Any, g: int, stock: Any, start: Any, highest: Any) -> None:
    """The highest bottom card of each suit (0 for none): ``pruning.discardable``'s first
    half; a bottom card may be discarded when ``card < highest[card >> 4]``."""
    for s in range(4):
        highest[s] = 0
    for x in range(4):
        if cols[x]:
            card = _bottom(cols[x], x, g, stock, start)
            if card > highest[card >> 4]:
                highest[card >> 4] = card


@njit(cache=True, inline="always")
def _won(cols: Any, g: int, stock: Any, start: Any) -> bool:
    """``model.won``: every column holds exactly one card, an ace."""
    for x in range(4):
        if _length(cols[x]) != 1 or _bottom(cols[x], x, g, stock, start) & 15 != 14:
            return False
    return True


ACES = (1 << 14) | (1 << 30) | (1 << 46) | (1 << 62)


@njit(cache=True, inline="always")
def _beaten(cards: Any, outside: int, above: Any) -> bool:
    """True when ``outside`` beats every non-ace card of ``cards`` (``pruning.needs``)."""
    for s in range(4):
        suit = (cards >> (16 * s)) & 0x3FFF      # strengths 0..13: the ace (14) left out
        if suit:
            if not outside & above[16 * s + _highest_bit(suit)]:
                return False
    return True


@njit(cache=True, inline="always")
def _locked_and_lost(cols: Any, g: int, k: int, remaining: int, incoming: Any, start: Any,
                     prefix_bits: Any, dealt_low: Any, dealt_high: Any, above: Any,
                     bits: Any, outside: Any) -> bool:
    """``pruning.locked_and_lost`` (its proof is there); ``bits`` and ``outside`` are
    work space of four."""
    for x in range(4):
        if not cols[x]:
            return False
        bits[x] = _bits(cols[x], x, g, prefix_bits, dealt_low, dealt_high)
        outside[x] = remaining & ~(bits[x] | incoming[g, k, x])
    for x in range(4):
        if not bits[x] & ACES and _beaten(bits[x], outside[x], above):
            return False        # this column may be emptied
    for x in range(4):
        if bits[x] & ACES & ~(np.int64(1) << _first(cols[x], x, g, start)):
            return True         # an ace over a card
        bound = incoming[g, k, x]
        if bound & ACES:
            return True
        if not _beaten(bits[x], outside[x], above) or not _beaten(bound, outside[x], above):
            return True
    return False


@njit(cache=True)
def _relaxed_column(code: int, x: int, g: int, stock: Any, start: Any, kept_deals: Any,
                    kept_prefix: Any, essential: Any) -> int:
    """A game-g column without the cards game g + 1 drops (``_relaxation_won``'s ``kept``)."""
    head = code & 127
    deals = (code >> 7) & kept_deals[g, x]
    new_head = EMPTY_COLUMN
    if head >= HEAD_PREFIX:
        length = kept_prefix[g, x, head - HEAD_PREFIX]
        if length >= 2:
            new_head = HEAD_PREFIX + length
        elif length == 1:
            new_head = start[g + 1, x, 0] + 1
    elif head and essential[g] >> (head - 1) & 1:
        new_head = head
    if new_head == EMPTY_COLUMN and deals:
        first = _highest_bit(deals & -deals)
        new_head = stock[g + 1, first, x] + 1
        deals &= deals - 1
    return new_head | deals << 7


@njit(cache=True)
def run(regs: Any, frames: Any, frame_cols: Any, frame_left: Any, frame_moves: Any,
        pool_cols: Any, pool_left: Any, pool_link: Any, candidates: Any, scratch: Any,
        table: Any, checks: Any, cuts: Any, visited: Any,
        stock: Any, start: Any, prefix_bits: Any, dealt_low: Any, dealt_high: Any,
        incoming: Any, kept_deals: Any, kept_prefix: Any, essential: Any, relaxed: Any,
        lone: Any, below: Any, above: Any, deals_total: int, steps: int) -> int:
    """Run the search for about ``steps`` frame entries; RUNNING when not done yet.

    ``frames[f]``: game, level, state, pool start, reached, candidates, next, discards.
    ``visited[g, k]`` counts the positions of game g at level k (deal k next).
    Returns WON (the frames 0..top are the winning line's path), LOST (the root failed),
    STOPPED (the phase's node limit, as ``_OutOfBudget`` in the first phase), POOL_FULL
    or DEEP (more than FRAMES frames: cannot happen, see FRAMES).
    """
    generation = regs[R_GENERATION]
    highest = np.zeros(4, dtype=np.int64)
    cols = np.empty(4, dtype=np.int64)
    after = np.empty(4, dtype=np.int64)
    capacity = pool_cols.shape[0]
    empties = np.empty(4, dtype=np.int64)
    bits = np.empty(4, dtype=np.int64)
    outside = np.empty(4, dtype=np.int64)
    limit = regs[R_LIMIT]
    while True:
        top = regs[R_TOP]
        if top < 0:
            return LOST
        f = top
        g = frames[f, 0]
        k = frames[f, 1]
        state = frames[f, 2]
        if state == ENTER:
            if steps <= 0 or regs[R_FILLED] > regs[R_GROW_AT]:
                return RUNNING
            steps -= 1
            for x in range(4):
                cols[x] = frame_cols[f, x]
            if k == deals_total:
                # ``endgame``: discard greedily (``pruning.discard_all``, in its order: pass
                # after pass over the columns, each as long as it can), then try each move
                # of ``pruning.endgame_transfers``.
                left = frame_left[f]
                pushed = 0
                progress = True
                while progress:
                    progress = False
                    _highest_bottoms(cols, g, stock, start, highest)
                    for x in range(4):
                        while cols[x]:
                            card = _bottom(cols[x], x, g, stock, start)
                            if not card < highest[card >> 4]:
                                break
                            left &= ~(np.int64(1) << card)
                            cols[x] = _without_bottom(cols[x], x, g, start)
                            frame_moves[f, pushed] = x
                            pushed += 1
                            progress = True
                            if cols[x]:
                                card = _bottom(cols[x], x, g, stock, start)
                                if card > highest[card >> 4]:
                                    highest[card >> 4] = card
                frames[f, 7] = pushed
                for x in range(4):
                    frame_cols[f, x] = cols[x]
                frame_left[f] = left
                if _won(cols, g, stock, start):
                    if g == 0:
                        return WON
                    _pop(regs, top, 1)
                    continue
                high, low = _endgame_key(g, k, cols)
                if _lookup(table, high, low, generation) == MEMO_LOST:
                    _pop(regs, top, 0)
                    continue
                regs[R_NODES + g] += 1
                visited[g, k] += 1
                if 0 <= limit < regs[R_NODES + g]:
                    return STOPPED
                frames[f, 6] = 0
                frames[f, 2] = ENDGAME_NEXT
                frames[f, 8] = _positions(regs)
                continue
            high, low = _level_key(g, k, cols)
            known = _lookup(table, high, low, generation)
            if known == MEMO_LOST:
                _pop(regs, top, 0)
                continue
            if g > 0 and known == MEMO_WON:
                _pop(regs, top, 1)
                continue
            regs[R_NODES + g] += 1
            visited[g, k] += 1
            if 0 <= limit < regs[R_NODES + g]:
                return STOPPED
            frames[f, 8] = _positions(regs)
            if regs[R_RELAX] and relaxed[g]:
                # ``_worth_relaxing``
                done = checks[g, k]
                checks[g, k] = done + 1
                if done < regs[R_TRIAL] or cuts[g, k] * regs[R_RATE] >= done \
                        or done % regs[R_SAMPLE] == 0:
                    # ``_relaxation_won``: search the relaxed position in game g + 1
                    regs[R_NODES + g] += 1
                    if top + 1 >= frames.shape[0]:
                        return DEEP
                    child = top + 1
                    for x in range(4):
                        frame_cols[child, x] = _relaxed_column(cols[x], x, g, stock, start,
                                                               kept_deals, kept_prefix,
                                                               essential)
                    frame_left[child] = frame_left[f] & essential[g]
                    frames[child, 0] = g + 1
                    frames[child, 1] = k
                    frames[child, 2] = ENTER
                    frames[child, 3] = regs[R_POOL]
                    frames[f, 2] = AFTER_CHECK
                    regs[R_TOP] = child
                    continue
            state = AFTER_CHECK
            regs[R_RESULT] = 1
        if state == AFTER_CHECK:
            for x in range(4):
                cols[x] = frame_cols[f, x]
            if not regs[R_RESULT]:
                cuts[g, k] += 1
                high, low = _level_key(g, k, cols)
                regs[R_FILLED] += _store(table, high, low, generation, MEMO_LOST,
                                         _positions(regs) - frames[f, 8])
                _pop(regs, top, 0)
                continue
            # ``_level``: the positions reachable before the next deal, each once.
            base = regs[R_POOL]
            if base + 1 >= capacity:
                return POOL_FULL
            frames[f, 3] = base
            for x in range(4):
                pool_cols[base, x] = cols[x]
            pool_left[base] = frame_left[f]
            pool_link[base, 0] = -1
            pool_link[base, 1] = -1
            reached = 1
            found = 0
            depth = 0
            scratch[0] = base
            depth = 1
            lone_moves = lone[g]
            while depth:
                depth -= 1
                i = scratch[depth]
                for x in range(4):
                    cols[x] = pool_cols[i, x]
                left = pool_left[i]
                if i != base:     # the level's start was looked up on entry, and is not lost
                    high, low = _level_key(g, k, cols)
                    if _lookup(table, high, low, generation) == MEMO_LOST:
                        continue
                regs[R_NODES + g] += 1
                visited[g, k] += 1
                if 0 <= limit < regs[R_NODES + g]:
                    return STOPPED
                _highest_bottoms(cols, g, stock, start, highest)
                successors = 0        # kept in after-arrays as we go: generate, then add
                safe = False
                first_new = base + reached
                for x in range(4):
                    if cols[x]:
                        card = _bottom(cols[x], x, g, stock, start)
                        if card < highest[card >> 4]:
                            for y in range(4):
                                after[y] = cols[y]
                            after[x] = _without_bottom(cols[x], x, g, start)
                            move = x
                            new_left = left & ~(np.int64(1) << card)
                            # ``pruning.is_safe_discard``: below = LOWER_IN_SUIT
                            if lone_moves and not left & below[card]:
                                safe = True
                            if safe:
                                # the safe discard replaces every successor found so far
                                reached = first_new - base
                                successors = 0
                            reached, added = _add(pool_cols, pool_left, pool_link, base,
                                                  reached, after, new_left, i, move, capacity)
                            if reached < 0:
                                return POOL_FULL
                            if added:
                                scratch[depth + successors] = base + reached - 1
                                successors += 1
                            if safe:
                                break
                if not safe:
                    candidates[base + found] = i
                    found += 1
                    n_empty = 0
                    for y in range(4):
                        if not cols[y]:
                            empties[n_empty] = y
                            n_empty += 1
                    if n_empty:
                        for x in range(4):
                            if cols[x] and (lone_moves or _length(cols[x]) > 1):
                                card = _bottom(cols[x], x, g, stock, start)
                                rest = _without_bottom(cols[x], x, g, start)
                                for e in range(n_empty):
                                    y = empties[e]
                                    for z in range(4):
                                        after[z] = cols[z]
                                    after[x] = rest
                                    after[y] = card + 1
                                    reached, added = _add(pool_cols, pool_left, pool_link,
                                                          base, reached, after, left, i,
                                                          4 + 4 * x + y, capacity)
                                    if reached < 0:
                                        return POOL_FULL
                                    if added:
                                        scratch[depth + successors] = base + reached - 1
                                        successors += 1
                # the stack takes the new positions in the order they were found
                depth += successors
            regs[R_POOL] = base + reached
            frames[f, 4] = reached
            frames[f, 5] = found
            # ``candidates.sort(key=_candidate_size)``: stable, fewest cards first
            for a in range(base + 1, base + found):
                item = candidates[a]
                size = _popcount(pool_left[item])
                b = a - 1
                while b >= base and _popcount(pool_left[candidates[b]]) > size:
                    candidates[b + 1] = candidates[b]
                    b -= 1
                candidates[b + 1] = item
            frames[f, 6] = 0
            frames[f, 2] = NEXT
            state = NEXT
        if state == AFTER_CHILD:
            if regs[R_RESULT]:
                if g > 0:
                    for x in range(4):
                        cols[x] = frame_cols[f, x]
                    high, low = _level_key(g, k, cols)
                    regs[R_FILLED] += _store(table, high, low, generation, MEMO_WON,
                                             _positions(regs) - frames[f, 8])
                _pop(regs, top, 1)
                regs[R_POOL] = frames[f, 3]
                continue
            frames[f, 6] += 1
            state = NEXT
        if state == NEXT:
            base = frames[f, 3]
            found = frames[f, 5]
            n = frames[f, 6]
            pushed_child = False
            while n < found:
                i = candidates[base + n]
                for x in range(4):
                    card = stock[g, k, x]
                    code = pool_cols[i, x]
                    if card == HOLE:
                        after[x] = code
                    elif code == EMPTY_COLUMN:
                        after[x] = card + 1
                    else:
                        after[x] = code | np.int64(1) << (7 + k)
                if _locked_and_lost(after, g, k + 1, pool_left[i], incoming, start,
                                    prefix_bits, dealt_low, dealt_high, above, bits, outside):
                    n += 1
                    continue
                if top + 1 >= frames.shape[0]:
                    return DEEP
                child = top + 1
                for x in range(4):
                    frame_cols[child, x] = after[x]
                frame_left[child] = pool_left[i]
                frames[child, 0] = g
                frames[child, 1] = k + 1
                frames[child, 2] = ENTER
                frames[child, 3] = regs[R_POOL]
                frames[f, 6] = n
                frames[f, 2] = AFTER_CHILD
                regs[R_TOP] = child
                pushed_child = True
                break
            if pushed_child:
                continue
            # every position reached is lost (proof in ``search``)
            work = _positions(regs) - frames[f, 8]
            for i in range(base, base + frames[f, 4]):
                for x in range(4):
                    cols[x] = pool_cols[i, x]
                high, low = _level_key(g, k, cols)
                regs[R_FILLED] += _store(table, high, low, generation, MEMO_LOST, work)
            regs[R_POOL] = base
            _pop(regs, top, 0)
            continue
        if state == ENDGAME_AFTER:
            if regs[R_RESULT]:
                _pop(regs, top, 1)
                continue
            frames[f, 6] += 1
            state = ENDGAME_NEXT
        if state == ENDGAME_NEXT:
            for x in range(4):
                cols[x] = frame_cols[f, x]
            empty = -1
            for y in range(4):
                if not cols[y]:
                    empty = y
                    break
            x = frames[f, 6]
            if empty >= 0:
                while x < 4 and _length(cols[x]) <= 1:
                    x += 1
            else:
                x = 4
            if x < 4:
                if top + 1 >= frames.shape[0]:
                    return DEEP
                child = top + 1
                for z in range(4):
                    frame_cols[child, z] = cols[z]
                frame_cols[child, x] = _without_bottom(cols[x], x, g, start)
                frame_cols[child, empty] = _bottom(cols[x], x, g, stock, start) + 1
                frame_left[child] = frame_left[f]
                frames[child, 0] = g
                frames[child, 1] = k
                frames[child, 2] = ENTER
                frames[child, 3] = regs[R_POOL]
                frames[f, 6] = x
                frames[f, 9] = empty
                frames[f, 2] = ENDGAME_AFTER
                regs[R_TOP] = child
                continue
            high, low = _endgame_key(g, k, cols)
            regs[R_FILLED] += _store(table, high, low, generation, MEMO_LOST,
                                     _positions(regs) - frames[f, 8])
            _pop(regs, top, 0)
            continue


@njit(cache=True, inline="always")
def _add(pool_cols: Any, pool_left: Any, pool_link: Any, base: int, reached: int,
         after: Any, left: int, parent: int, move: int, capacity: int) -> tuple[int, bool]:
    """Add a position to a level's ``reached`` unless it is there: (reached, added).

    ``reached`` is -1 when the pool is full.
    """
    for i in range(base, base + reached):
        if pool_cols[i, 0] == after[0] and pool_cols[i, 1] == after[1] \
                and pool_cols[i, 2] == after[2] and pool_cols[i, 3] == after[3]:
            return reached, False
    i = base + reached
    if i >= capacity:
        return -1, False
    for x in range(4):
        pool_cols[i, x] = after[x]
    pool_left[i] = left
    pool_link[i, 0] = parent
    pool_link[i, 1] = move
    return reached + 1, True
