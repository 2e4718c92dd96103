"""What the Aces Up search tests share besides strategies: positions in the search's codes
played by the rules, the plain searches, and the witness positions.

The pruning facts are stated in the search's codes (``cardgames.aces_up.search.model``):
four columns (bottom card last) and the deals still to come (next first).  ``coded`` turns
them into the rules' position that ``search.solve`` takes; ``plain`` is a search with no
pruning at all, written from the rules (spec §3), not from the search, that also plays the
relaxed games (``model.HOLE`` in a deal: no card); ``rules_plain`` searches over ``rules``
alone.  The witnesses are positions on which a plausible but wrong variant of a pruning fact
loses a won game (``test_aces_up_search_pruning``, ``test_aces_up_search_audit``).
"""

from pathlib import Path

from cardgames.aces_up import rules
from cardgames.aces_up.search.model import ACE, HOLE, decode, encode
from cardgames.cards import Card, Suit

#: An odds run's seeds and budget that leave 7..9 unsettled, prove 10 lost and win 11 and 12,
#: in a few seconds (``conftest.odds_of_six``).
ODDS_SEEDS = "7:13"
ODDS_RANGE = range(7, 13)
ODDS_BUDGET = ("--positions", "30000")

#: The published full-information log of the classic rules that the README's odds quote:
#: seeds 0..999 with the deferred-discard search.
CLASSIC_LOG = (Path(__file__).resolve().parent.parent / "benchmarks" / "results"
               / "aces_up_classic_deferred_positions_seeds_0-999.log")


def coded(columns, stock=()):
    """The rules position of columns and deals in codes (no holes)."""
    dealt = [card for deal in stock for card in deal]
    return rules.Position(tuple(decode(card) for card in reversed(dealt)),
                          tuple(tuple(map(decode, column)) for column in columns))


def hand_built(columns, deals=()):
    """A rules position from card texts: columns top first, deals next first, each dealt
    onto columns 1 to 4 (``["A♠ 2♠", "A♥", "3♠", ""], ["A♦ A♣ K♣ Q♣"]``)."""
    dealt = [Card.parse(word) for deal in deals for word in deal.split()]
    return rules.Position(tuple(reversed(dealt)),
                          tuple(tuple(map(Card.parse, text.split())) for text in columns))


def beaten(cols, x):
    """True when the bottom card of column x may be discarded."""
    card = cols[x][-1]
    return card & 15 != ACE and any(
        y != x and cols[y] and cols[y][-1] >> 4 == card >> 4 and cols[y][-1] > card
        for y in range(4))


def won_now(cols, stock):
    """True when the stock is empty and each column holds exactly one ace."""
    return not stock and all(len(c) == 1 and c[0] & 15 == ACE for c in cols)


def plain(cols, stock=(), lone=True):
    """True when the position can be won (plain depth-first search, visited set)."""
    visited = set()

    def rec(cols, stock):
        if won_now(cols, stock):
            return True
        if (cols, stock) in visited:
            return False
        visited.add((cols, stock))
        nexts = []
        for x in range(4):
            if cols[x] and beaten(cols, x):
                n = list(cols)
                n[x] = cols[x][:-1]
                nexts.append((tuple(n), stock))
            if cols[x] and (len(cols[x]) > 1 or lone):
                for y in range(4):
                    if not cols[y]:
                        n = list(cols)
                        n[x] = cols[x][:-1]
                        n[y] = cols[x][-1:]
                        nexts.append((tuple(n), stock))
        if stock:
            nexts.append((tuple(c + (() if d == HOLE else (d,)) for c, d in zip(cols, stock[0])),
                          stock[1:]))
        return any(rec(*n) for n in nexts)

    return rec(tuple(map(tuple, cols)), tuple(map(tuple, stock)))


def replay(start, line, lone_moves=True):
    """Play a line of commands by the rules (IllegalMove if one is illegal); the last
    position."""
    for command in line:
        start = rules.apply(start, command, lone_moves)
    return start


def wins(start, line, lone_moves=True):
    """True when every command of ``line`` is legal in turn and the line wins."""
    try:
        return rules.is_won(replay(start, line, lone_moves))
    except rules.IllegalMove:
        return False


def rules_plain(start, lone_moves=True):
    """True when a rules position can be won: a plain search over ``rules`` alone."""
    visited = set()

    def rec(at):
        if rules.is_won(at):
            return True
        if at in visited:
            return False
        visited.add(at)
        return any(rec(rules.apply(at, command, lone_moves))
                   for command in rules.legal_commands(at, lone_moves))

    return rec(start)


def random_position(rng):
    """A random small position: a few ranks per suit, some cards gone, a stock of deals (as
    ``strategies.small_positions`` draws them, from a ``random.Random``)."""
    ranks = [1] + rng.sample(range(2, 14), rng.choice((1, 2, 3)))
    cards = [encode(Card(rank, suit)) for suit in Suit for rank in ranks]
    rng.shuffle(cards)
    aces = [card for card in cards if card & 15 == ACE]
    others = [card for card in cards if card & 15 != ACE]
    del others[:rng.randrange(0, len(others) // 2 + 1)]            # already discarded
    pool = aces + others
    rng.shuffle(pool)
    deals = rng.randrange(0, len(pool) // 4 + 1)
    stock = [tuple(pool[i * 4:i * 4 + 4]) for i in range(deals)]
    columns = [[], [], [], []]
    for card in pool[deals * 4:]:
        columns[rng.randrange(4)].append(card)
    return coded(columns, stock)


# --- witnesses: on each, a plausible but wrong variant of a pruning fact loses a won game ---

#: Dropping every card lower than a card of its suit ANYWHERE in the stock (instead of in
#: the last deal only) loses this win.
WRONG_ESSENTIAL = (((), (), (), ()),
                   ((62, 30, 14, 46), (45, 38, 39, 10), (13, 3, 35, 55)))
#: The safe discard taken under no-lone-moves before the stock is empty loses this win.
WRONG_SAFE_DISCARD = (((38,), (30,), (), (24,)),
                      ((14, 51, 45, 46), (3, 55, 62, 59)))
#: Dropping the 9♣ that must beat the 2♣ (a set that is not upward closed) loses this win.
WRONG_UPPER = (((14, 2), (62, 9), (30,), (46,)), ())        # A♣ 2♣ | A♠ 9♣ | A♦ | A♥
WITNESSES = (WRONG_ESSENTIAL, WRONG_SAFE_DISCARD, WRONG_UPPER)
