"""The deferred-discard game of Aces Up (classic rules), the facts it is searched with, each
with its proof, and the conversion of its winning lines to the rules' commands.

The plain game branches on every discardable card twice (discard it now, or keep it to beat a
lower card of its suit later), and most positions of a hard lost deal are orders and choices
of discards.  The deferred-discard game ("the ghost game") does not decide a discard when it
becomes possible:

* MARK a bottom card e (not an ace) beaten by the bottom card h of another column: e becomes
  a *ghost* and stays where it lies; h, if it was a ghost, becomes real again.
* DELETE a ghost, wherever it lies: read it as "it was discarded when it was last marked".
* T: a bottom card (real or ghost) to an empty column; D: deal, as in the rules.
* Won: the stock is empty and the real cards of each column are exactly one ace.

In the search's codes (``model``) a ghost is its card's code with the GHOST bit set; a column
is a tuple of such elements, bottom last.

**The two games win the same positions.**  A plain discard is MARK then DELETE, a plain move or
deal is the same move, so every plain win is a ghost win.  Conversely take a winning ghost
line; a card whose last event (marked, or used as the higher card of a mark) is a mark ends a
ghost or deleted: say it is *discarded at that mark*.  Let the plain line discard each such
card at that mark, skip every other mark and every move of a card already discarded, and keep
the other moves and deals.  At every step the plain position is the ghost position without
the cards discarded so far (induction): a deleted ghost was discarded at its last mark,
before its deletion; a ghost that is not yet discarded is real in the plain game.  So each
kept move is legal: a card e discarded at a mark is, in the plain position, the bottom of its
column (what lay under it in the ghost game were ghosts, deleted by then or discarded), and so
is h, which is still there (it is used now, so it is not discarded before); a moved card is a
bottom and its target empty, for the same reason; deals are the same.  The ghost line ends
with four lone real aces and only ghosts besides, all discarded: the plain line wins.
``plain_line`` is that conversion.

**Dominance** (S' >= S: every position S can win, S' can win too), with S' obtained from S
by two operations:

* D1: flag some real cards as ghosts (a flag only adds the option to delete; a flagged card
  used as a higher card becomes real at that mark);
* D2: add ghosts of cards S does not hold, anywhere in its columns.

Proof, one move at a time: the positions a search reaches are described by the *macro
moves* below (``macro_moves``), each a move with the deletions it needs just before it.  Let
S <= S' and m a macro move of S.  Every element after the moved or marked element, and every
element of an "empty" target column, is a ghost of S, hence a ghost of S' too, together with
the ghosts D2 inserted there: S' makes the same macro move (if m marks e and e is a ghost of
S' already, S' makes no move at all) and the result still dominates m's.  A deal adds the same
cards at the ends of the same columns, which keeps the relation; a won S has only aces for
real cards (a mark never flags an ace), so S' is won too.  Induction on a winning line of S.

**Without lone moves** (``lone_moves=False``) a ghost under a card would make it movable where
the plain card is alone, so the game there has two rules more:

* a MOVE needs a *real* card under the moved element in its column (it is a ghost or real);
* RESTORE: a ghost may be made real again at any time.

The two games still win the same positions.  A plain line maps to a ghost line without ghosts
(each discard a MARK and its DELETE at once), whose moves have the plain cards beneath them.
Conversely, convert a winning ghost line as above, a card's last event now being a mark, a
revival or a restore: a card real at some moment of the ghost line is not discarded by then
(its last event so far is not a mark), so it lies in the plain column, and every kept move
has a card under it in the plain game too.  A restored card, in the plain game, was never
discarded at the mark before it: it stays real there all along.

D1 holds here because of RESTORE (S' restores the flagged cards and is S), D2 as above (an
added ghost takes no real card away).  Every restore can wait until just before a MOVE that
has no real card under it, and then one ghost under it is restored, so the search only makes
restores there (``_moves``, ``GhostMove.restored``).  Proof: follow a winning line L of S from
S' >= S, keeping S' = S with a set F of its real cards flagged (D1).  A restore of L, or a
mark of a card of F, is skipped (F gains the restored card, or the higher card the mark would
revive; the mark's deletions are of ghosts of S' too); any other mark is made as in L; a MOVE
of L has a real card r under it in S, in F if no real card lies there in S': S' restores r
just before it, and F loses r; a deal is the same deal.  At the end S' has the real cards of
S, or fewer, and the aces (never marked) real: S' is won.

What does not carry over is ``_doomed_ghosts``: a ghost that no card needs as a higher card
may still be restored, to lie under a card that must move (after a move of its own to an
empty column), so the ghosts are only deleted by the macro moves that need it.  The locked
test and lazy deletion keep their proofs (a restore only adds a real card, and is made with
the move it serves).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from cardgames.aces_up.rules import Command
from cardgames.aces_up.search.model import ACE, COLUMNS, DEAL, DISCARDS, TRANSFERS, Column, Columns
from cardgames.aces_up.search.pruning import LOWER_IN_SUIT, cards_of

__all__ = ["GHOST", "CARD", "GhostMove", "MARK", "MOVE", "DEALT", "exposed", "settle",
           "macro_moves", "layout", "dominates", "plain_line", "real_columns"]

#: The bit that flags an element of a column as a ghost (card codes are below 64).
GHOST = 64
#: The mask of an element's card.
CARD = 63

#: The kinds of a ghost move.
MARK, MOVE, DEALT = "mark", "move", "deal"


class GhostMove(NamedTuple):
    """A move of the ghost game: a MARK of ``card`` (in ``source``) beaten by ``higher`` (in
    ``target``), a MOVE of ``card`` from ``source`` to ``target`` (without lone moves, first
    restoring the ghost ``restored`` under it when no real card lies there), or a DEALT."""

    kind: str
    source: int = -1
    target: int = -1
    card: int = -1
    higher: int = -1
    restored: int = -1


DEAL_MOVE = GhostMove(DEALT)


def exposed(column: Column) -> int:
    """The index of the first element of the column's *exposed run*: its trailing ghosts and
    the first real card under them (0 when the column holds ghosts only).  Every element of the
    run can be made the bottom card by deleting the ghosts after it."""
    i = len(column) - 1
    while i > 0 and column[i] & GHOST:
        i -= 1
    return max(i, 0)


def _ghost_only(column: Column) -> bool:
    """True when every element of the column is a ghost (an empty column too): once they are
    deleted the column is empty."""
    for element in column:
        if not element & GHOST:
            return False
    return True


def _ghost_bits(column: Sequence[int]) -> int:
    """The cards of the ghosts among some elements, a bit set."""
    bits = 0
    for element in column:
        if element & GHOST:
            bits |= 1 << (element & CARD)
    return bits


def real_columns(columns: Sequence[Column]) -> Columns:
    """The columns without their ghosts."""
    return tuple(tuple(e for e in column if not e & GHOST) for column in columns)


def layout(columns: Sequence[Column]) -> Columns:
    """The columns with every flag cleared: which card lies where."""
    return tuple(tuple(e & CARD for e in column) for column in columns)


def dominates(stronger: Sequence[Column], weaker: Sequence[Column]) -> bool:
    """True when ``stronger`` is ``weaker`` with some real cards flagged and some ghosts added
    (D1 and D2; the columns in the same order).  Every card ``weaker`` holds, ``stronger``
    holds in the same column and order, a ghost wherever it is one in ``weaker``; every other
    element of ``stronger`` is a ghost."""
    for strong, weak in zip(stronger, weaker):
        i = 0
        for element in strong:
            if i < len(weak) and element & CARD == weak[i] & CARD:
                if weak[i] & GHOST and not element & GHOST:
                    return False
                i += 1
            elif not element & GHOST:
                return False
        if i < len(weak):
            return False
    return True


# --- the forced steps ---------------------------------------------------------------------

def _doomed_ghosts(columns: Sequence[Column], real: int, ghosts: int, endgame: bool) -> int:
    """The ghosts (a bit set) that are never needed again and are deleted at once.

    * A ghost g with no real card of its suit lower than it left (tableau or stock).  Proof:
      g can only matter as the higher card of a mark, of a real card lower than g in its
      suit; real cards are never created (a revived ghost is revived by a mark of a lower
      real card, itself lower than g), so none ever exists again.  A ghost never used is
      deleted in the end, and deleting it now only empties columns sooner (D2 backwards:
      S minus g is S' >= S whenever g is never revived; its moves are the moves of a
      card already discarded).
    * With the stock empty, a ghost lower than a real bottom card b of its suit.  Proof: no
      card can be put on a bottom card again (no deal; moves go to empty columns), so the
      highest real bottom card of each suit only leaves the bottoms when a mark replaces it by
      a higher one: it never decreases.  A mark of e (lower than g) using g as its higher card
      can use that highest real bottom card instead (at least b, higher than g; a bottom, so
      not in e's column, whose bottom is e or a ghost); the position then has g still a ghost
      and the ghosts after g in place, which dominates (D1, D2).  So g is never needed.
    """
    doomed = 0
    for g in cards_of(ghosts):
        if not real & LOWER_IN_SUIT[g]:
            doomed |= 1 << g
    if endgame:
        best = [0, 0, 0, 0]
        for column in columns:
            if column and not column[-1] & GHOST and column[-1] > best[column[-1] >> 4]:
                best[column[-1] >> 4] = column[-1]
        for g in cards_of(ghosts & ~doomed):
            if g < best[g >> 4]:
                doomed |= 1 << g
    return doomed


def settle(columns: Sequence[Column], real: int, ghosts: int, endgame: bool,
           lone_moves: bool = True) -> tuple[Columns, int, int, list[GhostMove]]:
    """Make the forced steps until none is left: delete the doomed ghosts
    (``_doomed_ghosts``; under the classic rules only, see the module) and mark every real
    bottom card beaten by a real bottom card.

    (The columns, the real cards of tableau and stock, the ghosts, the marks made.)  A mark of
    a real bottom e beaten by a real bottom h only flags e (h is real already, nothing is
    deleted): the position after it dominates the one before (D1) and is reached from it, so
    the two are won or lost together.
    """
    cols = list(columns)
    marks: list[GhostMove] = []
    while True:
        doomed = _doomed_ghosts(cols, real, ghosts, endgame) if lone_moves else 0
        if doomed:
            ghosts &= ~doomed
            cols = [tuple(e for e in column if not (e & GHOST and doomed >> (e & CARD) & 1))
                    for column in cols]
        best = [-1, -1, -1, -1]
        where = [0, 0, 0, 0]
        for y in range(COLUMNS):
            column = cols[y]
            if column and not column[-1] & GHOST and column[-1] > best[column[-1] >> 4]:
                best[column[-1] >> 4] = column[-1]
                where[column[-1] >> 4] = y
        marked = False
        for x in range(COLUMNS):
            column = cols[x]
            if column:
                e = column[-1]
                if not e & GHOST and e & 15 != ACE and e < best[e >> 4]:
                    cols[x] = column[:-1] + (e | GHOST,)
                    real &= ~(1 << e)
                    ghosts |= 1 << e
                    marks.append(GhostMove(MARK, x, where[e >> 4], e, best[e >> 4]))
                    marked = True
        if not doomed and not marked:
            return tuple(cols), real, ghosts, marks


# --- the macro moves ----------------------------------------------------------------------

def macro_moves(columns: Columns, endgame: bool,
                lone_moves: bool = True) -> Iterator[tuple[GhostMove, Columns, int, int]]:
    """The moves worth making in a settled position, each with the deletions it needs just
    before it: (the move, the columns after it, the ghost it made real, the ghosts it
    deleted; bit sets; a MARK also makes its card a ghost).

    Lazy deletion: a deletion only matters to the next move that touches its column, and the
    position with the ghost still there dominates (D2) until then; a deal that comes first
    keeps it (D2 again).  So a line needs deletions only right before a move of its column:
    * MOVE: an element of the exposed run of x (``exposed``), the ghosts after it deleted, to
      a column y != x holding ghosts only, deleted.  With the stock empty (``endgame``) the
      columns are interchangeable (``pruning.endgame_key``): a card is never moved from index
      0 (x would hold nothing then: the result is the position before, x and y exchanged,
      with fewer ghosts: dominated), and one literally empty target stands for all the
      targets (a target holding ghosts only gives a dominated position, columns exchanged).
      Without lone moves a real card must lie under the element; when only ghosts do, there
      is one move for each of them, restored (see the module).
    * MARK: the first real card e of x's exposed run, not an ace, its trailing ghosts deleted,
      beaten by an element h of the exposed run of another column, the ghosts after h deleted
      and h made real.  If a real bottom card of e's suit beats e, only the mark by the highest
      such card is made: it deletes nothing in its column and leaves every ghost h a ghost,
      so its result dominates the others (D1, D2).
    """
    starts = [exposed(column) for column in columns]
    targets = [y for y in range(COLUMNS) if _ghost_only(columns[y])]
    if endgame and targets:
        empty = [y for y in targets if not columns[y]]
        if empty:
            targets = empty[:1]
    yield from _moves(columns, starts, targets, endgame, lone_moves)
    yield from _marks(columns, starts)


def _moves(columns: Columns, starts: list[int], targets: list[int], endgame: bool,
           lone_moves: bool) -> Iterator[tuple[GhostMove, Columns, int, int]]:
    """The MOVE macros of ``macro_moves``."""
    for x in range(COLUMNS):
        column = columns[x]
        if not column or (endgame and len(column) == 1):
            continue
        for i in range(max(starts[x], 1 if endgame else 0), len(column)):
            element = column[i]
            gone_here = _ghost_bits(column[i + 1:])
            for j in _bases(column, i, lone_moves):
                left, restored = column[:i], -1
                if j >= 0:
                    restored = column[j] & CARD
                    left = column[:j] + (restored,) + column[j + 1:i]
                for y in targets:
                    if y != x:
                        after = list(columns)
                        after[x] = left
                        after[y] = (element,)
                        yield (GhostMove(MOVE, x, y, element & CARD, restored=restored),
                               tuple(after), 1 << restored if j >= 0 else 0,
                               gone_here | _ghost_bits(columns[y]))


def _bases(column: Column, i: int, lone_moves: bool) -> range | tuple[int, ...]:
    """The ghosts to restore before a move of element i of the column (their indices), -1
    for none: none under the classic rules, or when a real card lies under it; else each of
    the ghosts under it (none when nothing lies under it: the move is not made)."""
    if lone_moves:
        return (-1,)
    for j in range(i):
        if not column[j] & GHOST:
            return (-1,)
    return range(i)


def _marks(columns: Columns, starts: list[int]) -> Iterator[tuple[GhostMove, Columns, int, int]]:
    """The MARK macros of ``macro_moves``."""
    for x in range(COLUMNS):
        column = columns[x]
        if not column:
            continue
        i = starts[x]
        e = column[i]
        if e & GHOST or e & 15 == ACE:
            continue
        beaters: list[tuple[int, int]] = []
        best_real = -1
        for y in range(COLUMNS):
            other = columns[y]
            if y == x or not other:
                continue
            if not other[-1] & GHOST and other[-1] >> 4 == e >> 4 and other[-1] > e:
                if best_real < 0 or other[-1] > columns[best_real][-1]:
                    best_real = y
            for j in range(starts[y], len(other)):
                h = other[j] & CARD
                if h >> 4 == e >> 4 and h > e:
                    beaters.append((y, j))
        if best_real >= 0:
            beaters = [(best_real, len(columns[best_real]) - 1)]
        for y, j in beaters:
            other = columns[y]
            h = other[j]
            after = list(columns)
            after[x] = column[:i] + (e | GHOST,)
            after[y] = other[:j] + (h & CARD,)
            made_real = _ghost_bits((h,))
            yield (GhostMove(MARK, x, y, e, h & CARD), tuple(after), made_real,
                   _ghost_bits(column[i + 1:]) | _ghost_bits(other[j + 1:]))


# --- the conversion to the rules' commands ------------------------------------------------

def plain_line(moves: Sequence[GhostMove]) -> list[Command]:
    """The rules' commands of a winning ghost line (see the module's proof): each card whose
    last event is a mark (not a revival or a restore) is discarded at that mark; marks of
    other cards, and moves of cards already discarded, are left out."""
    discarded_at: dict[int, int] = {}
    for t, move in enumerate(moves):
        if move.kind == MARK:
            discarded_at[move.card] = t
            discarded_at.pop(move.higher, None)
        elif move.kind == MOVE:
            discarded_at.pop(move.restored, None)
    line: list[Command] = []
    for t, move in enumerate(moves):
        if move.kind == DEALT:
            line.append(DEAL)
        elif move.kind == MARK:
            if discarded_at.get(move.card) == t:
                line.append(DISCARDS[move.source])
        elif discarded_at.get(move.card, len(moves)) > t:
            line.append(TRANSFERS[move.source][move.target])
    return line
