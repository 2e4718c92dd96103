"""The facts the Aces Up solver prunes with, each a named function with its proof.

The reference search (``reference._Search``) calls these very functions; ``compiled_search``
transcribes them for Numba.  ``tests/test_aces_up_search_pruning.py`` checks each one against
a plain search written from the rules (``tests/aces_up_helpers.py``) on positions drawn by
hypothesis, and against witness positions on which a plausible but wrong version of a fact
loses a won game (``tests/test_aces_up_search_audit.py`` checks the whole search on them).

Cards, columns, deals and sets of cards are in the codes of ``model``.

The facts:

* ``discardable``: the discard rule itself, the one place the solver states it.
* ``is_safe_discard``: a discardable card lower than every remaining card of its suit can be
  discarded at once (classic rules).
* ``discard_all``: with the stock empty every discard is safe; ``endgame_key`` and
  ``endgame_transfers``: the columns are then interchangeable, a lone card never needs to
  move and one empty column stands for all.
* ``essential`` and ``upper``: games without some cards that can only be easier; if such a
  relaxed game is lost, so is the real one.
* ``locked_and_lost``: no column can ever be emptied again, and that loses the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from cardgames.aces_up.search.model import ACE, COLUMNS, HOLE, Column


def _lower_in_suit(card: int) -> int:
    """The bit set of the cards of the same suit that ``card`` beats (every lower one)."""
    return (1 << card) - (1 << (card & ~15))


def _higher_in_suit(card: int) -> int:
    """The bit set of the cards of the same suit that beat ``card``."""
    return ((1 << ((card & ~15) + 15)) - 1) & ~((1 << (card + 1)) - 1)


#: LOWER_IN_SUIT[card], HIGHER_IN_SUIT[card]: bit sets, by card code (0..63).
LOWER_IN_SUIT = tuple(_lower_in_suit(code) for code in range(64))
HIGHER_IN_SUIT = tuple(_higher_in_suit(code) for code in range(64))


def card_bits(groups: Iterable[Iterable[int]]) -> int:
    """The bit set of the cards in some columns or deals (holes left out)."""
    bits = 0
    for group in groups:
        for card in group:
            if card != HOLE:
                bits |= 1 << card
    return bits


def cards_of(bits: int) -> Iterable[int]:
    """The cards of a bit set, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


# --- the rule -----------------------------------------------------------------------------

def highest_bottoms(columns: Sequence[Column]) -> list[int]:
    """The highest bottom card of each suit (0 for none): the table of ``discardable``."""
    highest = [0, 0, 0, 0]
    for column in columns:
        if column:
            card = column[-1]
            if card > highest[card >> 4]:
                highest[card >> 4] = card
    return highest


def discardable(columns: Sequence[Column]) -> list[int]:
    """The columns (0-based, in order) whose bottom card may be discarded.

    The discard rule: a bottom card may be discarded exactly when it is lower than the
    highest bottom card of its suit.  That card beats it and lies in another column (a column
    has one bottom card); an ace is never lower than a card of its suit.
    """
    highest = highest_bottoms(columns)
    ready = []
    x = 0
    for column in columns:
        if column and column[-1] < highest[column[-1] >> 4]:
            ready.append(x)
        x += 1
    return ready


# --- safe discards ------------------------------------------------------------------------

def is_safe_discard(card: int, remaining: int) -> bool:
    """True when a discardable ``card`` may be discarded at once: no remaining card of its
    suit is lower (``remaining``: the cards in the tableau and the stock).

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
    Not so with --no-lone-moves before the stock is empty: there, c may be the card under
    some e, and removing c would leave e alone and unable to move (the audit's witness
    WRONG_SAFE_DISCARD).
    """
    return not remaining & LOWER_IN_SUIT[card]


def safe_discard(columns: Sequence[Column], remaining: int) -> int | None:
    """The first column (0-based) whose bottom card ``is_safe_discard``, or None."""
    for x in discardable(columns):
        if is_safe_discard(columns[x][-1], remaining):
            return x
    return None


# --- the endgame: the stock is empty ------------------------------------------------------

def discard_all(columns: Sequence[Column]) -> tuple[list[Column], list[int], int]:
    """Discard while any discard is legal: (the columns then, the columns discarded from in
    order, the bit set of the cards discarded).  For a position whose stock is empty.

    Every discard is safe once the stock is empty.  Proof: no card can ever be covered again
    (moves go to empty columns only), so the highest exposed card of each suit never leaves
    the bottoms until an even higher exposed card of that suit discards it: the highest
    exposed rank per suit never decreases.  Let P' be P after discarding c (beaten by an
    exposed h).  Replay any line from P in P', skipping the moves of c: whenever the line
    discards d using c, the highest exposed card of c's suit (at least h > c > d, and not in
    d's column, since it is not d) does the same job.  Every other move stays legal: bottoms
    other than c are unchanged, columns are emptier, and no card is ever placed on c, so no
    card is alone in P' that is not alone in P (the no-lone-moves rule too).  The line ends
    with c discarded, so it ends in the same won position.  Hence discarding greedily, in
    any order, loses nothing.

    The order (the winning line shows it): pass after pass over the columns, each column as
    long as it can.  ``tests/test_aces_up_search_pruning.py`` checks every discard against
    ``discardable`` and that none is left.
    """
    cols = list(columns)
    sources: list[int] = []
    gone = 0
    progress = True
    while progress:
        progress = False
        # ``discardable``'s rule, its table kept up to date card by card: a discard leaves
        # the highest bottom of its suit in place (it is in another column) and exposes one
        # card, which may raise the highest bottom of its own suit.
        highest = highest_bottoms(cols)
        for x in range(COLUMNS):
            column = cols[x]
            while column and column[-1] < highest[column[-1] >> 4]:
                gone |= 1 << column[-1]
                column = column[:-1]
                sources.append(x)
                progress = True
                if column and column[-1] > highest[column[-1] >> 4]:
                    highest[column[-1] >> 4] = column[-1]
            cols[x] = column
    return cols, sources, gone


def endgame_key(columns: Sequence[Column]) -> tuple[Column, ...]:
    """What decides an endgame position: its columns in sorted order.

    Proof: with no deal left the rules no longer tell the columns apart (a deal is what puts
    a card on column i), so a position and any permutation of its columns are won or lost
    together.
    """
    return tuple(sorted(columns))


def endgame_transfers(columns: Sequence[Column]) -> list[tuple[int, int]]:
    """The moves (source, target; 0-based) worth trying in an endgame position once every
    discard is made: each card with a card under it, to the first empty column.

    Proof (see ``endgame_key``): moving a card that is alone, or moving to another empty
    column, only permutes the columns of a position reached anyway.
    """
    empty = next((y for y in range(COLUMNS) if not columns[y]), None)
    if empty is None:
        return []
    return [(x, empty) for x in range(COLUMNS) if len(columns[x]) > 1]


# --- relaxed games ------------------------------------------------------------------------

def upper(top: int) -> int:
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

    The searches chain such relaxations (``relaxation.RELAXATION_TOPS``): each level of a search is
    first checked in the game restricted to the essential cards of the top ``tops[0]`` ranks,
    which is checked in turn in the game of the top ``tops[1]`` ranks, and so on.  Each is a
    smaller game with its own memo, and the same position of a smaller game serves many
    positions of the larger one.  Restricting a game to its essential cards (``essential``)
    and then to U is two relaxations in a row, so the game of the cards in both sets is a
    relaxation too.
    """
    if not 1 <= top <= 13:
        raise ValueError(f"the top {top} ranks of a suit: 1 to 13 (the ace must stay)")
    bits = 0
    for suit in range(4):
        for strength in range(ACE - top + 1, ACE + 1):
            bits |= 1 << (16 * suit + strength)
    return bits


def essential(last_deal: Sequence[int]) -> int:
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
    ``discard_all``), and right after that deal the bottoms were its cards, one of them
    g > h; so a bottom of e's suit at least g > e exists in P' now, not in e's column (it is
    not e).  The line ends with only the aces left, in P' too.
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


# --- locked positions ---------------------------------------------------------------------

class ColumnFacts(NamedTuple):
    """What ``locked_and_lost`` asks of the cards of a column."""

    bits: int               # the cards, a bit set
    has_ace: bool           # an ace among them
    buried_ace: bool        # an ace with a card under it
    needs: tuple[int, ...]  # ``needs`` of the cards


class BoundFacts(NamedTuple):
    """What ``locked_and_lost`` asks of the stock cards bound for a column."""

    has_ace: bool
    needs: tuple[int, ...]


def needs(cards: Iterable[int]) -> tuple[int, ...]:
    """The beaters (bit sets) of the highest non-ace card of each suit among some cards.

    A set of cards outside a column beats every non-ace card of that column exactly when it
    meets each of these: a card beating the highest card of a suit beats the lower ones too.
    """
    highest = [0, 0, 0, 0]
    for card in cards:
        if card & 15 != ACE and card > highest[card >> 4]:
            highest[card >> 4] = card
    return tuple(HIGHER_IN_SUIT[card] for card in highest if card)


def column_facts(column: Column) -> ColumnFacts:
    """The ``ColumnFacts`` of a column."""
    aces = [i for i, card in enumerate(column) if card & 15 == ACE]
    return ColumnFacts(card_bits((column,)), bool(aces), any(i > 0 for i in aces),
                       needs(column))


def bound_facts(bits: int) -> BoundFacts:
    """The ``BoundFacts`` of a set of stock cards."""
    cards = list(cards_of(bits))
    return BoundFacts(any(card & 15 == ACE for card in cards), needs(cards))


#: The most columns, and sets of stock cards, a ``LockFacts`` remembers: past them it starts
#: afresh (recomputing costs time, never a verdict).  A solve meets a few hundred thousand
#: distinct columns at most on a hard deal (about 200 bytes each here), and the sets bound
#: for a column are few (one per column and deal level); the solve's memory bound
#: (``reference._Limits``) counts these entries too.
COLUMN_FACTS_LIMIT = 1 << 20
BOUND_FACTS_LIMIT = 1 << 16


class LockFacts:
    """The ``ColumnFacts`` and ``BoundFacts`` one solve has computed (a cache)."""

    def __init__(self) -> None:
        self.columns: dict[Column, ColumnFacts] = {}
        self.bounds: dict[int, BoundFacts] = {}

    def column(self, column: Column) -> ColumnFacts:
        """``column_facts(column)``, remembered."""
        facts = self.columns.get(column)
        if facts is None:
            if len(self.columns) > COLUMN_FACTS_LIMIT:
                self.columns.clear()
            facts = self.columns[column] = column_facts(column)
        return facts

    def bound(self, bits: int) -> BoundFacts:
        """``bound_facts(bits)``, remembered."""
        facts = self.bounds.get(bits)
        if facts is None:
            if len(self.bounds) > BOUND_FACTS_LIMIT:
                self.bounds.clear()
            facts = self.bounds[bits] = bound_facts(bits)
        return facts

    def __len__(self) -> int:
        return len(self.columns) + len(self.bounds)

    def clear(self) -> None:
        """Forget everything (the solve's memory bound is reached)."""
        self.columns.clear()
        self.bounds.clear()


def incoming_cards(stock: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """``incoming[k][x]``: the bit set of the cards that deals k, k+1, ... of the stock will
    put on column x (holes put none); ``incoming[len(stock)]`` is all zeros.  The argument
    ``incoming`` of ``locked_and_lost``, before deal k."""
    bound = (0,) * COLUMNS
    incoming = [bound]
    for deal in reversed(stock):
        bound = tuple(mask | (1 << card if card != HOLE else 0) for mask, card in zip(bound, deal))
        incoming.append(bound)
    incoming.reverse()
    return incoming


def locked_and_lost(columns: Sequence[Column], incoming: Sequence[int], remaining: int,
                    facts: LockFacts | None = None) -> bool:
    """True when no column can ever be empty again and, then, the position is lost.

    ``incoming[x]`` is the bit set of the stock cards that deals will put on column x;
    ``facts`` a cache to use (a fresh one when None).

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
    if facts is None:
        facts = LockFacts()
    known = facts.columns
    infos = []
    for column, bound in zip(columns, incoming):
        if not column:
            return False
        info = known.get(column) or facts.column(column)     # (a lookup is all it takes)
        infos.append((info, bound, remaining & ~(info.bits | bound)))
    for (_, has_ace, _, needs_here), _, outside in infos:
        if not has_ace:
            for need in needs_here:
                if not outside & need:
                    break
            else:
                return False        # this column may be emptied
    for (_, _, buried_ace, needs_here), bound, outside in infos:
        if buried_ace:
            return True
        bound_ace, bound_needs = facts.bounds.get(bound) or facts.bound(bound)
        if bound_ace:
            return True
        for need in needs_here + bound_needs:
            if not outside & need:
                return True
    return False
