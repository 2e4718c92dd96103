"""The honest players compiled (the Numba tier; needs the ``jit`` extra).

A transcription of ``turn``, ``evaluation``, ``lookahead``, ``players`` and ``game``: for every
view the same plan, command for command, as the reference player, and for every position
the same counts.  No rule and no choice is added here; what each function states, and why
it holds, is said beside its reference.

Side by side with the reference, function by function:

=====================  ==========================================================
here                   mirrors
=====================  ==========================================================
``turn_ends``          ``turn.turn_ends`` (the same depth-first order, so the same
                       end for each key and the same line to it); ``_successors``
                       ``turn._successors``; ``_line`` ``turn._line``
``endgame_won``        ``turn.endgame_won`` (the same positions; a verdict only)
``_discard_all``       ``pruning.discard_all``
``_won``               ``model.won``; ``_highest_bottoms`` ``pruning.highest_bottoms``
``_discardable``       ``pruning.discardable``, for one column
``score``              ``evaluation.score``
``last_deal_wins``     ``lookahead.last_deal_wins``
``last_two_wins``      ``lookahead.last_two_wins``; ``_best_last_deal`` its ``max``
                       over the ends of the turn after a draw (stopped at 24, the most)
``value``              ``players.value``; ``_only_aces`` ``model.won`` on columns
``best_end``           ``players.best_end`` (value, then score, then the lowest key)
``_key_less``          Python's order of ``End.key`` (the columns sorted as tuples:
                       ``_sort_columns``, ``_compare``)
``greedy``             ``players.greedy``
``plan``               ``PLAYERS[name](view)``, by the player's number (``NUMBERS``)
``play``               ``game.play`` from a dealt deck, each command checked by the
                       rules (``rules.check_discard``, ``rules.check_move``)
``play_games``         ``play`` for a batch of decks
=====================  ==========================================================

What differs is the machinery:

* Columns are arrays: ``cols[x, i]`` the i-th card of column x (bottom card last) and
  ``lens[x]`` its length, cards in ``search.model``'s codes; a set of cards is a bit set.
* In a turn search or an endgame, every column is a prefix of a column the search started
  from, or one card moved from one (moves go to empty columns, and a moved card is never
  covered before the next deal), so a column is a small code relative to the search's
  start (``_bottom``): EMPTY, ``1 + card`` (one card) or ``PREFIX + 16 * x + L`` (the first
  L >= 2 cards of start column x).  The four codes sorted are an exact key of the position
  up to the order of its columns (``pruning.endgame_key``'s equivalence): a card sequence
  has one code.
* The turn search holds its ends in arrays of a given capacity; a search that would pass it
  returns -1 (OVERFLOW), which every caller passes up, and the driver runs the whole
  question again with more room: a bound that costs time, never a plan.
* ``endgame_won`` remembers the positions it has tried in a table of at most
  ``len(endgame.keys) // 2`` entries, forgotten all at once when full (the positions form
  no cycle: each card moves at most once, so forgetting costs time, never a verdict).
* ``last_deal_wins`` remembers its counts in ``Memo``, a table of exact keys (the columns,
  in order of their first card, six bits a card, and the unseen cards), at most
  ``len(memo.values) // 2`` entries, cleared when full.  The reference remembers by key
  too; neither memo changes a count.
* Commands are numbers: DISCARD x (0..3) is x, MOVE x to y is ``4 + 4 * x + y``, DEAL is
  ``DEAL``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit

from cardgames.aces_up.search.model import ACE, COLUMNS

#: How the functions here are compiled: cached on disk beside this file.
compiled = njit(cache=True, _nrt=False)
#: Small functions, inlined where called.
inlined = njit(cache=True, _nrt=False)

#: The most cards a column holds (at most 13 in a game: one per deal) and a code's room.
HEIGHT = 16
EMPTY = 0
PREFIX = 64
#: Command numbers (see the module's docstring).
MOVES = 4
DEAL = 20
#: What a search returns when its room is too small.
OVERFLOW = -1
#: The number of each player (``players.PLAYERS``, simplest first) and its lookahead.
GREEDY, TURN, LAST_DEAL, LAST_TWO = range(4)
#: A plan, a game's line: at most 48 discards, 52 moves (a card moves at most once: once
#: moved it is alone, at the top of its column) and 12 deals.
LINE = 256
#: The most moves deep an endgame goes (each moves another card): at most 52.
FRAMES = 64
#: The separator of columns in a memo key (no card has strength 15), the key's words.
SEPARATOR = 63
KEY_WORDS = 7
SYMBOLS_PER_WORD = 10
#: How many slots past its own a memo key may take.
WINDOW = 32
#: The orders ``last_deal_wins`` counts among.
LAST_DEAL_ORDERS = 24


class Turn(NamedTuple):
    """A turn search's room: its start, its ends and its table of keys."""

    start: Any      # start[x, i], lens[x]: the columns it started from
    lens: Any
    codes: Any      # codes[n, x]: end n's column codes (end 0 the start)
    parent: Any     # parent[n]: the end it was first reached from (-1 for the start)
    command: Any    # command[n]: the command from there
    stack: Any      # the ends still to expand
    keys: Any       # the table: keys[s] with stamps[s] == stamp[0] are in it, values[s]
    stamps: Any     # their end
    values: Any
    stamp: Any


class Endgame(NamedTuple):
    """An endgame's room: its start, its frames, the positions it has tried."""

    start: Any
    lens: Any
    codes: Any      # codes[f, x]: frame f's columns
    next: Any       # next[f]: the next column frame f moves from
    keys: Any
    stamps: Any
    stamp: Any
    count: Any      # count[0]: the positions in the table
    high: Any       # scratch: the highest bottom of each suit


class Memo(NamedTuple):
    """``last_deal_wins``' counts by exact key, and the room of ``last_deal_wins`` and
    ``last_two_wins``."""

    keys: Any       # keys[s, :]: a key, values[s] its count (-1: a free slot)
    values: Any
    count: Any      # count[0]: the slots taken
    key: Any        # scratch: the key being looked up
    order: Any      # scratch: an order of four columns
    dealt: Any      # dealt[x, i], dealt_lens[x]: the columns after the last deal
    dealt_lens: Any
    drawn: Any      # drawn[x, i], drawn_lens[x]: the columns after the next deal
    drawn_lens: Any
    end: Any        # end[x, i], end_lens[x]: an end of the turn after the next deal
    end_lens: Any
    cards: Any      # scratch: the eight unseen cards


class Table(NamedTuple):
    """A player's room in a game: the game's columns, the ends it compares, its plan."""

    cols: Any
    lens: Any
    end: Any
    end_lens: Any
    best: Any
    best_lens: Any
    order: Any
    other: Any
    plan: Any


def turn_room(capacity: int) -> Turn:
    """A turn search's room for ``capacity`` ends."""
    table = 4 * capacity
    return Turn(np.zeros((COLUMNS, HEIGHT), np.int64), np.zeros(COLUMNS, np.int64),
                np.zeros((capacity, COLUMNS), np.int64), np.zeros(capacity, np.int64),
                np.zeros(capacity, np.int64), np.zeros(capacity, np.int64),
                np.zeros(table, np.int64), np.zeros(table, np.int64), np.zeros(table, np.int64),
                np.zeros(1, np.int64))


def endgame_room(slots: int) -> Endgame:
    """An endgame's room, its table of ``slots`` (a power of two)."""
    return Endgame(np.zeros((COLUMNS, HEIGHT), np.int64), np.zeros(COLUMNS, np.int64),
                   np.zeros((FRAMES, COLUMNS), np.int64), np.zeros(FRAMES, np.int64),
                   np.zeros(slots, np.int64), np.zeros(slots, np.int64), np.zeros(1, np.int64),
                   np.zeros(1, np.int64), np.zeros(COLUMNS, np.int64))


def memo_room(slots: int) -> Memo:
    """``last_deal_wins``' memo of ``slots`` (a power of two) and its scratch."""
    def columns() -> Any:
        return np.zeros((COLUMNS, HEIGHT), np.int64)

    def lengths() -> Any:
        return np.zeros(COLUMNS, np.int64)

    return Memo(np.zeros((slots, KEY_WORDS), np.int64), np.full(slots, -1, np.int64),
                np.zeros(1, np.int64), np.zeros(KEY_WORDS, np.int64), lengths(),
                columns(), lengths(), columns(), lengths(), columns(), lengths(),
                np.zeros(8, np.int64))


def table_room() -> Table:
    """A player's room in a game."""
    return Table(np.zeros((COLUMNS, HEIGHT), np.int64), np.zeros(COLUMNS, np.int64),
                 np.zeros((COLUMNS, HEIGHT), np.int64), np.zeros(COLUMNS, np.int64),
                 np.zeros((COLUMNS, HEIGHT), np.int64), np.zeros(COLUMNS, np.int64),
                 np.zeros(COLUMNS, np.int64), np.zeros(COLUMNS, np.int64),
                 np.zeros(LINE, np.int64))


# --- copies (written out: Numba's copy of a slice allocates) -------------------------------

@inlined
def _copy_columns(cols, lens, out, out_lens):
    """out, out_lens = cols, lens (the cards in the columns only)."""
    for x in range(COLUMNS):
        out_lens[x] = lens[x]
        for i in range(lens[x]):
            out[x, i] = cols[x, i]


@inlined
def _copy_row(codes, i, j):
    """codes[j] = codes[i]."""
    for x in range(COLUMNS):
        codes[j, x] = codes[i, x]


# --- column codes -------------------------------------------------------------------------

@inlined
def _bottom(code, start):
    """The bottom card of a column code."""
    if code < PREFIX:
        return code - 1
    return start[(code - PREFIX) >> 4, ((code - PREFIX) & 15) - 1]


@inlined
def _length(code):
    """How many cards a column code holds."""
    if code == EMPTY:
        return 0
    if code < PREFIX:
        return 1
    return (code - PREFIX) & 15


@inlined
def _without_bottom(code, start):
    """The column code once its bottom card is gone."""
    if code < PREFIX:
        return EMPTY
    if (code - PREFIX) & 15 == 2:
        return 1 + start[(code - PREFIX) >> 4, 0]
    return code - 1


@inlined
def _start_code(x, start, lens):
    """The code of start column x, whole."""
    if lens[x] == 0:
        return EMPTY
    if lens[x] == 1:
        return 1 + start[x, 0]
    return PREFIX + 16 * x + lens[x]


@inlined
def _columns_of(codes, start, cols, lens):
    """cols, lens = the columns of four codes."""
    for x in range(COLUMNS):
        code = codes[x]
        size = _length(code)
        lens[x] = size
        if code < PREFIX:
            cols[x, 0] = code - 1
        else:
            for i in range(size):
                cols[x, i] = start[(code - PREFIX) >> 4, i]


@inlined
def _state_key(codes):
    """The four codes in increasing order, seven bits each: ``pruning.endgame_key``'s
    equivalence (the same columns in any order)."""
    a, b, c, d = codes[0], codes[1], codes[2], codes[3]
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
    return a | b << 7 | c << 14 | d << 21


@inlined
def _slot_of(key, mask):
    """A key's first slot in a table of mask + 1 slots."""
    h = (key * 2654435761) >> 7
    return (h ^ (h >> 17)) & mask


@inlined
def _find_or_add(key, value, keys, stamps, values, stamp):
    """The value of ``key`` in a stamped table, or -1 after adding it with ``value``."""
    mask = len(keys) - 1
    slot = _slot_of(key, mask)
    while True:
        if stamps[slot] != stamp:
            stamps[slot] = stamp
            keys[slot] = key
            values[slot] = value
            return -1
        if keys[slot] == key:
            return values[slot]
        slot = (slot + 1) & mask


@inlined
def _added(key, keys, stamps, stamp):
    """True after adding ``key`` to a stamped set; False when it is in it already."""
    mask = len(keys) - 1
    slot = _slot_of(key, mask)
    while stamps[slot] == stamp:
        if keys[slot] == key:
            return False
        slot = (slot + 1) & mask
    stamps[slot] = stamp
    keys[slot] = key
    return True


@inlined
def _highest_bottoms(codes, start):
    """``pruning.highest_bottoms`` of four codes: the highest bottom of each suit (0: none)."""
    h0 = h1 = h2 = h3 = 0
    for x in range(COLUMNS):
        if codes[x] != EMPTY:
            card = _bottom(codes[x], start)
            suit = card >> 4
            if suit == 0 and card > h0:
                h0 = card
            elif suit == 1 and card > h1:
                h1 = card
            elif suit == 2 and card > h2:
                h2 = card
            elif suit == 3 and card > h3:
                h3 = card
    return (h0, h1, h2, h3)


@inlined
def _first_empty(codes):
    """The first empty column of four codes, or -1."""
    for y in range(COLUMNS):
        if codes[y] == EMPTY:
            return y
    return -1


# --- the turn search ----------------------------------------------------------------------

@inlined
def _reach(turn, i, n, x, y, top):
    """Add end n (its codes written) when its key is new, reached from end i by discarding
    from x (y < 0) or moving x to y; the new stack top."""
    if _find_or_add(_state_key(turn.codes[n]), n, turn.keys, turn.stamps, turn.values,
                    turn.stamp[0]) >= 0:
        return top
    turn.parent[n] = i
    turn.command[n] = x if y < 0 else MOVES + 4 * x + y
    turn.stack[top] = n
    return top + 1


@compiled
def _successors(turn, i, n, top):
    """Expand end i (``turn._successors``, in order): its discards, then its moves to the
    first empty column; (the ends now, the stack top), or (OVERFLOW, 0)."""
    codes, start, capacity = turn.codes, turn.start, len(turn.parent)
    highest = _highest_bottoms(codes[i], start)
    for x in range(COLUMNS):
        code = codes[i, x]
        if code != EMPTY:
            card = _bottom(code, start)
            if card < highest[card >> 4]:
                if n == capacity:
                    return OVERFLOW, 0
                _copy_row(codes, i, n)
                codes[n, x] = _without_bottom(code, start)
                before = top
                top = _reach(turn, i, n, x, -1, top)
                n += top - before
    empty = _first_empty(codes[i])
    if empty >= 0:
        for x in range(COLUMNS):
            code = codes[i, x]
            if _length(code) > 1:
                if n == capacity:
                    return OVERFLOW, 0
                _copy_row(codes, i, n)
                codes[n, x] = _without_bottom(code, start)
                codes[n, empty] = 1 + _bottom(code, start)
                before = top
                top = _reach(turn, i, n, x, empty, top)
                n += top - before
    return n, top


@compiled
def turn_ends(cols, lens, turn):
    """Every position reachable from the columns by discards and moves, one per key, in
    the order a depth-first search first reaches them (the start first): their number, the
    ends in ``turn`` (codes, parent, command); OVERFLOW when they are more than its room."""
    _copy_columns(cols, lens, turn.start, turn.lens)
    turn.stamp[0] += 1
    for x in range(COLUMNS):
        turn.codes[0, x] = _start_code(x, turn.start, turn.lens)
    turn.parent[0] = -1
    turn.command[0] = -1
    _find_or_add(_state_key(turn.codes[0]), 0, turn.keys, turn.stamps, turn.values,
                 turn.stamp[0])
    n, top = 1, 1
    turn.stack[0] = 0
    while top > 0:
        top -= 1
        n, top = _successors(turn, turn.stack[top], n, top)
        if n == OVERFLOW:
            return OVERFLOW
    return n


@compiled
def _line(turn, i, plan):
    """The commands from the turn's start to end i, into ``plan``: their number."""
    size = 0
    j = i
    while turn.parent[j] >= 0:
        size += 1
        j = turn.parent[j]
    j = i
    for k in range(size - 1, -1, -1):
        plan[k] = turn.command[j]
        j = turn.parent[j]
    return size


# --- the endgame --------------------------------------------------------------------------

@compiled
def _discard_all(codes, start, high):
    """``pruning.discard_all`` on four codes, in place: pass after pass over the columns,
    each as long as it can."""
    progress = True
    while progress:
        progress = False
        h = _highest_bottoms(codes, start)
        for s in range(4):
            high[s] = h[s]
        for x in range(COLUMNS):
            code = codes[x]
            while code != EMPTY:
                card = _bottom(code, start)
                if card >= high[card >> 4]:
                    break
                code = _without_bottom(code, start)
                progress = True
                if code != EMPTY:
                    card = _bottom(code, start)
                    if card > high[card >> 4]:
                        high[card >> 4] = card
            codes[x] = code


@inlined
def _won(codes):
    """``model.won`` of four codes: one ace alone in each column (four cards: four aces)."""
    for x in range(COLUMNS):
        code = codes[x]
        if code == EMPTY or code >= PREFIX or (code - 1) & 15 != ACE:
            return False
    return True


@inlined
def _tried(endgame, f):
    """True when frame f's position was tried before in this endgame; else remember it
    (forgetting every position when the table is half full)."""
    if 2 * endgame.count[0] >= len(endgame.keys):
        endgame.stamp[0] += 1
        endgame.count[0] = 0
    if not _added(_state_key(endgame.codes[f]), endgame.keys, endgame.stamps, endgame.stamp[0]):
        return True
    endgame.count[0] += 1
    return False


@compiled
def endgame_won(cols, lens, endgame):
    """True when columns whose stock is empty can be won: every discard made at once, then
    each move of a card with a card under it to the first empty column, each followed by
    every discard, until a position is won."""
    start, codes = endgame.start, endgame.codes
    _copy_columns(cols, lens, start, endgame.lens)
    endgame.stamp[0] += 1
    endgame.count[0] = 0
    for x in range(COLUMNS):
        codes[0, x] = _start_code(x, start, endgame.lens)
    _discard_all(codes[0], start, endgame.high)
    if _won(codes[0]):
        return True
    _tried(endgame, 0)
    endgame.next[0] = 0
    depth = 1
    while depth > 0:
        f = depth - 1
        empty = _first_empty(codes[f])
        x = endgame.next[f]
        while x < COLUMNS and (empty < 0 or _length(codes[f, x]) <= 1):
            x += 1
        if x == COLUMNS:
            depth -= 1
            continue
        endgame.next[f] = x + 1
        _copy_row(codes, f, depth)
        codes[depth, x] = _without_bottom(codes[f, x], start)
        codes[depth, empty] = 1 + _bottom(codes[f, x], start)
        _discard_all(codes[depth], start, endgame.high)
        if _won(codes[depth]):
            return True
        if not _tried(endgame, depth):
            endgame.next[depth] = 0
            depth += 1
    return False


# --- the score ----------------------------------------------------------------------------

@compiled
def score(cols, lens):
    """``evaluation.score``: the heuristic worth of columns (its WEIGHTS written out)."""
    total = 0
    for x in range(COLUMNS):
        size = lens[x]
        total += -20 * size - size * size
        if size == 0:
            total += 6
            continue
        if cols[x, 0] & 15 == ACE:
            total += 10
        for i in range(1, size):
            if cols[x, i] & 15 == ACE:
                total -= 12
        for i in range(size):
            for j in range(i + 1, size):
                if cols[x, i] >> 4 == cols[x, j] >> 4 and cols[x, i] > cols[x, j]:
                    total -= 3
    return total


# --- the lookahead ------------------------------------------------------------------------

@inlined
def _put(key, s, symbol):
    """Symbol s of a memo key (six bits each)."""
    w = s // SYMBOLS_PER_WORD
    key[w] |= symbol << (6 * (s - w * SYMBOLS_PER_WORD))


@compiled
def _memo_key(cols, lens, unseen, memo):
    """memo.key = the exact key of columns up to their order, and the unseen cards: the
    columns by their first card (empty ones first), each card then SEPARATOR."""
    order, key = memo.order, memo.key
    for x in range(COLUMNS):
        order[x] = x
    for i in range(1, COLUMNS):
        j = i
        while j > 0 and _first_card(cols, lens, order[j]) < _first_card(cols, lens, order[j - 1]):
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    key[:] = 0
    s = 0
    for k in range(COLUMNS):
        x = order[k]
        for i in range(lens[x]):
            _put(key, s, cols[x, i])
            s += 1
        _put(key, s, SEPARATOR)
        s += 1
    key[KEY_WORDS - 1] = unseen


@inlined
def _first_card(cols, lens, x):
    """The first card of column x, -1 when it is empty."""
    return cols[x, 0] if lens[x] else -1


@compiled
def _memo_slot(memo):
    """The slot of memo.key, or of the first free slot of its window; -1: none."""
    keys, values, key = memo.keys, memo.values, memo.key
    mask = len(values) - 1
    h = 0
    for w in range(KEY_WORDS):
        h = (h ^ key[w]) * 1099511628211
    slot = (h ^ (h >> 29)) & mask
    for _ in range(WINDOW):
        if values[slot] < 0:
            return slot
        same = True
        for w in range(KEY_WORDS):
            if keys[slot, w] != key[w]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & mask
    return -1


@compiled
def _remember(memo, slot, count):
    """Store count under memo.key (found free at ``slot``, -1 for none): the memo is
    cleared first when half full or when the key's window is."""
    if slot < 0 or 2 * memo.count[0] >= len(memo.values):
        memo.values[:] = -1
        memo.count[0] = 0
        slot = _memo_slot(memo)
    for w in range(KEY_WORDS):
        memo.keys[slot, w] = memo.key[w]
    memo.values[slot] = count
    memo.count[0] += 1


@inlined
def _deal(cols, lens, a, b, c, d, out, out_lens):
    """out = the columns after a deal of cards a, b, c, d, one on each column in order."""
    _copy_columns(cols, lens, out, out_lens)
    out[0, lens[0]] = a
    out[1, lens[1]] = b
    out[2, lens[2]] = c
    out[3, lens[3]] = d
    for x in range(COLUMNS):
        out_lens[x] += 1


@inlined
def _card(bits, k):
    """The k-th lowest card of a bit set."""
    for _ in range(k):
        bits &= bits - 1
    low = bits & -bits
    card = 0
    while low > 1:
        low >>= 1
        card += 1
    return card


@compiled
def last_deal_wins(cols, lens, unseen, endgame, memo):
    """Of the 24 orders of the four ``unseen`` cards, how many leave the endgame won."""
    _memo_key(cols, lens, unseen, memo)
    slot = _memo_slot(memo)
    if slot >= 0 and memo.values[slot] >= 0:
        return memo.values[slot]
    cards = (_card(unseen, 0), _card(unseen, 1), _card(unseen, 2), _card(unseen, 3))
    count = 0
    for a in range(4):
        for b in range(4):
            if b == a:
                continue
            for c in range(4):
                if c == a or c == b:
                    continue
                d = 6 - a - b - c
                _deal(cols, lens, cards[a], cards[b], cards[c], cards[d], memo.dealt,
                      memo.dealt_lens)
                if endgame_won(memo.dealt, memo.dealt_lens, endgame):
                    count += 1
    _remember(memo, slot, count)
    return count


@compiled
def _best_last_deal(turn, left, endgame, memo):
    """The highest ``last_deal_wins`` of a turn's ends (24 is the most)."""
    best = 0
    for i in range(turn_ends(memo.drawn, memo.drawn_lens, turn)):
        _columns_of(turn.codes[i], turn.start, memo.end, memo.end_lens)
        wins = last_deal_wins(memo.end, memo.end_lens, left, endgame, memo)
        if wins > best:
            best = wins
            if best == LAST_DEAL_ORDERS:
                break
    return best


@compiled
def last_two_wins(cols, lens, unseen, turn, endgame, memo):
    """Of the 40,320 orders of the eight ``unseen`` cards, how many a player wins who sees
    the next deal and then ends its turn where ``last_deal_wins`` is highest; OVERFLOW
    when a turn search needs more room.  Not remembered: a player asks it once for each
    end of one turn, and the ends have different keys."""
    cards = memo.cards
    for k in range(8):
        cards[k] = _card(unseen, k)
    total = 0
    for a in range(8):
        for b in range(8):
            if b == a:
                continue
            for c in range(8):
                if c == a or c == b:
                    continue
                for d in range(8):
                    if d == a or d == b or d == c:
                        continue
                    _deal(cols, lens, cards[a], cards[b], cards[c], cards[d], memo.drawn,
                          memo.drawn_lens)
                    left = unseen & ~(1 << cards[a] | 1 << cards[b] | 1 << cards[c]
                                      | 1 << cards[d])
                    if turn_ends(memo.drawn, memo.drawn_lens, turn) == OVERFLOW:
                        return OVERFLOW
                    total += _best_last_deal(turn, left, endgame, memo)
    return total


# --- the players --------------------------------------------------------------------------

@inlined
def _only_aces(cols, lens):
    """``model.won`` (``rules.only_aces``): one ace alone in each column."""
    for x in range(COLUMNS):
        if lens[x] != 1 or cols[x, 0] & 15 != ACE:
            return False
    return True


@compiled
def value(cols, lens, stock, unseen, lookahead, turn, endgame, memo):
    """``players.value``: won once the stock is empty, the orders won with one deal left
    (lookahead 1 or more) or two (lookahead 2), else 0; OVERFLOW as ``last_two_wins``."""
    if stock == 0:
        return 1 if _only_aces(cols, lens) else 0
    if stock == 4 and lookahead >= 1:
        return last_deal_wins(cols, lens, unseen, endgame, memo)
    if stock == 8 and lookahead >= 2:
        return last_two_wins(cols, lens, unseen, turn, endgame, memo)
    return 0


@inlined
def _compare(a, a_len, b, b_len):
    """Python's comparison of two card tuples: -1, 0 or 1."""
    for i in range(min(a_len, b_len)):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    if a_len != b_len:
        return -1 if a_len < b_len else 1
    return 0


@compiled
def _sort_columns(cols, lens, order):
    """order = the columns' indices in the order of ``sorted`` on their tuples."""
    for x in range(COLUMNS):
        order[x] = x
    for i in range(1, COLUMNS):
        j = i
        while j > 0 and _compare(cols[order[j]], lens[order[j]], cols[order[j - 1]],
                                 lens[order[j - 1]]) < 0:
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1


@compiled
def _key_less(a, a_lens, b, b_lens, table):
    """True when the key of columns a (``endgame_key``) is below the key of columns b."""
    _sort_columns(a, a_lens, table.order)
    _sort_columns(b, b_lens, table.other)
    for k in range(COLUMNS):
        x, y = table.order[k], table.other[k]
        order = _compare(a[x], a_lens[x], b[y], b_lens[y])
        if order != 0:
            return order < 0
    return False


@compiled
def best_end(stock, unseen, lookahead, table, turns, endgame, memo):
    """The end of the turn from table.cols a searching player chooses (the highest value,
    then score, then the lowest key): its index in turns[0]; OVERFLOW."""
    outer, inner = turns
    n = turn_ends(table.cols, table.lens, outer)
    if n == OVERFLOW:
        return OVERFLOW
    best, best_value, best_score = -1, 0, 0
    for i in range(n):
        _columns_of(outer.codes[i], outer.start, table.end, table.end_lens)
        worth = value(table.end, table.end_lens, stock, unseen, lookahead, inner, endgame, memo)
        if worth == OVERFLOW:
            return OVERFLOW
        points = score(table.end, table.end_lens)
        if (best < 0 or worth > best_value
                or (worth == best_value
                    and (points > best_score
                         or (points == best_score
                             and _key_less(table.end, table.end_lens, table.best,
                                           table.best_lens, table))))):
            best, best_value, best_score = i, worth, points
            _copy_columns(table.end, table.end_lens, table.best, table.best_lens)
    return best


@inlined
def _discardable(cols, lens, x):
    """``pruning.discardable`` for column x: its bottom card is below the highest bottom
    of its suit."""
    if lens[x] == 0:
        return False
    card = cols[x, lens[x] - 1]
    for y in range(COLUMNS):
        if lens[y] and cols[y, lens[y] - 1] >> 4 == card >> 4 and cols[y, lens[y] - 1] > card:
            return True
    return False


@compiled
def _allowed_after(cols, lens, x, y):
    """How many columns are discardable after the move of x's bottom card to empty y."""
    cols[y, 0] = cols[x, lens[x] - 1]
    lens[y] = 1
    lens[x] -= 1
    allowed = 0
    for z in range(COLUMNS):
        if _discardable(cols, lens, z):
            allowed += 1
    lens[x] += 1
    lens[y] = 0
    return allowed


@compiled
def greedy(table):
    """``players.greedy`` from table.cols: the plan into table.plan, its length."""
    cols, lens = table.end, table.end_lens
    _copy_columns(table.cols, table.lens, cols, lens)
    size = 0
    while True:
        ready = -1
        for x in range(COLUMNS):
            if _discardable(cols, lens, x):
                ready = x
                break
        if ready >= 0:
            lens[ready] -= 1
            table.plan[size] = ready
            size += 1
            continue
        empty = -1
        for y in range(COLUMNS):
            if lens[y] == 0:
                empty = y
                break
        best, best_allowed = -1, -1
        if empty >= 0:
            for x in range(COLUMNS):
                if lens[x] > 1:
                    allowed = _allowed_after(cols, lens, x, empty)
                    if allowed > best_allowed:
                        best, best_allowed = x, allowed
        if best < 0:
            return size
        cols[empty, 0] = cols[best, lens[best] - 1]
        lens[empty] = 1
        lens[best] -= 1
        table.plan[size] = MOVES + 4 * best + empty
        size += 1


@compiled
def plan(player, stock, unseen, table, turns, endgame, memo):
    """The plan of player number ``player`` for the view of table.cols (the ``stock``
    unseen cards ``unseen``), into table.plan: its length, or OVERFLOW."""
    if player == GREEDY:
        return greedy(table)
    best = best_end(stock, unseen, player - 1, table, turns, endgame, memo)
    if best == OVERFLOW:
        return OVERFLOW
    return _line(turns[0], best, table.plan)


# --- the game -----------------------------------------------------------------------------

@compiled
def _apply(command, cols, lens, lone_moves):
    """Play a command if the rules allow it (``rules.check_discard``, ``check_move``);
    False if not."""
    if command < MOVES:
        x = command
        if lens[x] == 0:
            return False
        card = cols[x, lens[x] - 1]
        if card & 15 == ACE:
            return False
        for y in range(COLUMNS):
            if y != x and lens[y] and cols[y, lens[y] - 1] >> 4 == card >> 4 \
                    and cols[y, lens[y] - 1] > card:
                lens[x] -= 1
                return True
        return False
    x, y = (command - MOVES) >> 2, (command - MOVES) & 3
    if lens[x] == 0 or lens[y] != 0 or (not lone_moves and lens[x] == 1):
        return False
    cols[y, 0] = cols[x, lens[x] - 1]
    lens[y] = 1
    lens[x] -= 1
    return True


@inlined
def _deal_from(deck, stock, cols, lens):
    """``rules.deal``: one card from the top of the stock (deck[stock - 1]) onto each
    column; the stock left."""
    for x in range(COLUMNS):
        if stock == 0:
            break
        stock -= 1
        cols[x, lens[x]] = deck[stock]
        lens[x] += 1
    return stock


@compiled
def play(deck, player, lone_moves, line, table, turns, endgame, memo):
    """``game.play`` of the deck (top card last), dealt: (won, the line's length in
    ``line``); the length is OVERFLOW when a turn search needs more room, -2 when a
    command breaks the rules (never: the players' plans are legal)."""
    cols, lens = table.cols, table.lens
    lens[:] = 0
    stock = _deal_from(deck, len(deck), cols, lens)
    size = 0
    while True:
        unseen = 0
        for i in range(stock):
            unseen |= 1 << deck[i]
        length = plan(player, stock, unseen, table, turns, endgame, memo)
        if length == OVERFLOW:
            return False, OVERFLOW
        for k in range(length):
            if not _apply(table.plan[k], cols, lens, lone_moves):
                return False, -2
            line[size] = table.plan[k]
            size += 1
        if stock == 0:
            return _only_aces(cols, lens), size
        stock = _deal_from(deck, stock, cols, lens)
        line[size] = DEAL
        size += 1


@compiled
def play_games(decks, first, player, lone_moves, won, lines, sizes, table, turns, endgame,
               memo):
    """``play`` of decks[g] for g from ``first`` on, into won[g], lines[g], sizes[g]: the
    first game that needs more room (its size OVERFLOW), or the number of decks."""
    for g in range(first, len(decks)):
        won[g], sizes[g] = play(decks[g], player, lone_moves, lines[g], table, turns, endgame,
                                memo)
        if sizes[g] == OVERFLOW:
            return g
    return len(decks)


#: Every entry point, compiled on its own (the order to recompile them in).
COMPILED = (turn_ends, endgame_won, score, last_deal_wins, last_two_wins, plan, play_games)
