"""Tests of cardgames.aces_up.search.relaxation: the chain of relaxed games, each won when the
game above it is (the plain search judges), each smaller than the one above."""

from aces_up_helpers import plain
from hypothesis import event, given
from hypothesis import strategies as st
from strategies import CLAIM_POSITIONS, examples

from cardgames.aces_up import rules
from cardgames.aces_up.search import pruning, relaxation
from cardgames.aces_up.search.model import HOLE, codes

#: Chains of one to three relaxations, fewer ranks kept at each.
TOPS = st.lists(st.integers(1, 13), min_size=1, max_size=3, unique=True).map(
    lambda tops: tuple(sorted(tops, reverse=True)))


def games_of(position, tops):
    """The games of the chain below a position in codes, as positions: (columns, stock)."""
    return [(columns, stock) for stock, columns, _ in
            relaxation.relaxed_games(*position, tops)[1:]]


@examples(300, deadline=None)
@given(CLAIM_POSITIONS, TOPS)
def test_the_chained_relaxed_games_are_won_when_the_game_is(position, tops):
    games = games_of(position, tops)
    event(f"relaxed games: {len(games)}")
    if games and plain(*position):
        assert all(plain(*game) for game in games)


def test_the_chains_meet_won_games_they_relax(claim_sample):
    chains = [(10, 7, 4), (13,), (7,), (4, 2)]
    relaxed = sum(bool(games_of(position, chains[i % 4])) and plain(*position)
                  for i, position in enumerate(claim_sample))
    assert relaxed >= 10


@given(CLAIM_POSITIONS, st.integers(1, 13))
def test_a_relaxation_keeps_the_essential_cards_among_the_highest(position, top):
    columns, stock = position
    relaxed = relaxation.relaxation(stock, (top,))
    if not stock:
        assert relaxed is None
        return
    keep = pruning.essential(stock[-1]) & pruning.upper(top)
    dropped = tuple(tuple(card if card != HOLE and keep >> card & 1 else HOLE
                          for card in deal) for deal in stock)
    if dropped == stock:
        assert relaxed is None                       # nothing to drop: no relaxed game
    else:
        assert relaxed == (keep, dropped)
    assert all(relaxation.kept_cards(column, keep) == tuple(
        card for card in column if keep >> card & 1) for column in columns)


def test_the_relaxations_are_chained_smaller_and_smaller():
    games = relaxation.relaxed_games(*codes(rules.seeded_position(3)), (10, 7, 4))
    sizes = [pruning.card_bits(stock).bit_count() for stock, _, _ in games]
    assert len(sizes) == 4 and sizes[0] > sizes[1] > sizes[2] > sizes[3] and sizes[-1] < 16
    assert all(len(deal) == 4 for stock, _, _ in games for deal in stock)
    assert games[-1][2] == 0                         # the last game keeps nothing below it


def test_the_chain_stops_where_no_card_is_dropped():
    aces_only = (((14,), (30,), (46,), (62,)), ())
    assert relaxation.relaxed_games(*aces_only) == [((), aces_only[0], 0)]
    assert relaxation.relaxation((), (10,)) is None
