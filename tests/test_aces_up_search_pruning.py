"""Each fact of cardgames.aces_up.pruning against the plain search, on positions drawn by
hypothesis (a failure shrinks to a small position), and the search calling those very
functions."""

import pytest
from aces_up_helpers import coded, plain, won_now
from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules, search
from cardgames.aces_up.search import Status, pruning, reference, relaxation
from cardgames.aces_up.search.model import ACE, HOLE

SUITS = range(4)


@st.composite
def positions(draw, max_cards=12, stock=True, aces_first=False):
    """A small position in codes, (columns, deals): the four aces and a few other cards of
    each suit, 0..2 deals of four, the rest in the columns (``aces_first``: the aces mostly
    at the columns' tops, as in a game, which makes locked positions common)."""
    cards = [16 * suit + ACE for suit in SUITS]
    for suit in SUITS:
        ranks = draw(st.sets(st.integers(2, 13), max_size=3))
        cards += sorted(16 * suit + rank for rank in ranks)
    cards = cards[:max_cards]
    cards = draw(st.permutations(cards))
    deals = draw(st.integers(0, min(2, len(cards) // 4))) if stock else 0
    deal_cards, rest = cards[:4 * deals], list(cards[4 * deals:])
    columns = [[], [], [], []]
    if aces_first:
        for x, card in enumerate([card for card in rest if card & 15 == ACE]):
            if draw(st.integers(0, 3)):           # three times in four
                columns[x].append(card)
                rest.remove(card)
    for card in rest:
        columns[draw(st.integers(0, 3))].append(card)
    return (tuple(map(tuple, columns)),
            tuple(tuple(deal_cards[i:i + 4]) for i in range(0, len(deal_cards), 4)))


def won(position, lone_moves=True):
    """The plain search's verdict (no pruning at all)."""
    return plain(*position, lone_moves)


def remaining(position):
    """The bit set of the cards in the columns and the deals."""
    columns, stock = position
    return pruning.card_bits(columns + stock)


def discarded(position, x):
    """The position after discarding the bottom card of column x (0-based)."""
    columns, stock = position
    after = list(columns)
    after[x] = columns[x][:-1]
    return tuple(after), stock


def transferred(columns, x, y):
    """The columns after moving the bottom card of column x to column y (0-based)."""
    after = list(columns)
    after[x], after[y] = columns[x][:-1], columns[x][-1:]
    return tuple(after)


def without(position, keep):
    """The position with only the cards of the bit set ``keep`` (holes in the deals)."""
    columns, stock = position
    kept = lambda card: card != HOLE and keep >> card & 1          # noqa: E731
    return (tuple(tuple(filter(kept, column)) for column in columns),
            tuple(tuple(card if kept(card) else HOLE for card in deal) for deal in stock))


# --- the rule -----------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(positions(max_cards=16))
def test_discardable_is_the_rules_discard(position):
    columns, _ = position
    cards = coded(columns).columns                  # the same columns as the rules' Cards
    assert pruning.discardable(columns) == [
        number - 1 for number in rules.COLUMNS if rules.can_discard(cards, number)]


# --- safe discards ------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(positions())
def test_a_safe_discard_never_turns_a_won_position_into_a_lost_one(position):
    x = pruning.safe_discard(position[0], remaining(position))
    if x is not None:
        assert won(discarded(position, x)) == won(position)
        card = position[0][x][-1]
        assert pruning.is_safe_discard(card, remaining(position))


# --- the endgame --------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(positions(max_cards=14, stock=False), st.booleans())
def test_discarding_everything_in_an_endgame_keeps_the_verdict(position, lone_moves):
    columns, sources, gone = pruning.discard_all(position[0])
    after = position
    for x in sources:
        assert x in pruning.discardable(after[0])
        after = discarded(after, x)
    assert list(after[0]) == columns and not pruning.discardable(columns)
    assert gone == remaining(position) & ~remaining(after)
    assert won(after, lone_moves) == won(position, lone_moves)


def discards_pass_by_pass(columns):
    """The endgame's discards as ``kernel`` makes them: pass after pass over the columns,
    each column as long as it can."""
    cols, sources, progress = list(columns), [], True
    while progress:
        progress = False
        for x in range(4):
            while x in pruning.discardable(cols):
                cols[x] = cols[x][:-1]
                sources.append(x)
                progress = True
    return sources


@settings(max_examples=200, deadline=None)
@given(positions(max_cards=16, stock=False))
def test_the_endgame_discards_in_the_compiled_search_order(position):
    assert pruning.discard_all(position[0])[1] == discards_pass_by_pass(position[0])


@settings(max_examples=100, deadline=None)
@given(positions(max_cards=12, stock=False), st.booleans(), st.permutations(range(4)))
def test_endgame_positions_are_won_up_to_the_order_of_their_columns(position, lone_moves,
                                                                    order):
    permuted = (tuple(position[0][x] for x in order), ())
    assert pruning.endgame_key(permuted[0]) == pruning.endgame_key(position[0])
    assert won(permuted, lone_moves) == won(position, lone_moves)


@settings(max_examples=100, deadline=None)
@given(positions(max_cards=12, stock=False), st.booleans())
def test_the_endgame_transfers_are_enough(position, lone_moves):
    columns = tuple(pruning.discard_all(position[0])[0])
    by_transfers = won_now(columns, ()) or any(
        plain(transferred(columns, x, y), (), lone_moves)
        for x, y in pruning.endgame_transfers(columns))
    assert by_transfers == plain(columns, (), lone_moves)


# --- relaxed games ------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(positions())
def test_a_game_without_its_inessential_cards_is_won_when_the_game_is(position):
    stock = position[1]
    if stock and won(position):
        assert won(without(position, pruning.essential(stock[-1])))


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(1, 13))
def test_a_game_of_the_highest_cards_is_won_when_the_game_is(position, top):
    if won(position):
        assert won(without(position, pruning.upper(top)))


@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(1, 13))
def test_the_chained_relaxed_games_are_won_when_the_game_is(position, top):
    stock = position[1]
    if stock and won(position):
        keep = pruning.essential(stock[-1]) & pruning.upper(top)
        assert won(without(position, keep))


# --- locked positions ---------------------------------------------------------------------

@settings(max_examples=500, deadline=None)
@given(positions(max_cards=14, aces_first=True), st.booleans())
def test_a_locked_and_lost_position_has_no_winning_line(position, lone_moves):
    columns, stock = position
    incoming = pruning.incoming_cards(stock)[0]
    locked = pruning.locked_and_lost(columns, incoming, remaining(position))
    event(f"locked and lost: {locked}")
    if locked:
        assert not won(position, lone_moves)


def test_the_lock_facts_are_remembered_within_their_limits(monkeypatch):
    monkeypatch.setattr(pruning, "COLUMN_FACTS_LIMIT", 2)
    facts = pruning.LockFacts()
    columns = [(2,), (3,), (4,), (5,)]
    for column in columns:
        assert facts.column(column) == pruning.column_facts(column)
    assert len(facts.columns) <= 3
    facts.clear()
    assert len(facts) == 0


# --- the search calls these functions -----------------------------------------------------

@pytest.mark.parametrize("name", ["discardable", "is_safe_discard", "discard_all",
                                  "endgame_key", "endgame_transfers", "locked_and_lost",
                                  "essential", "upper"])
def test_the_search_calls_the_facts_tested_here(monkeypatch, name):
    calls = []
    fact = getattr(pruning, name)

    def spied(*args):
        calls.append(args)
        return fact(*args)

    monkeypatch.setattr(relaxation if name in ("essential", "upper") else reference, name, spied)
    monkeypatch.setattr(reference, "FIRST_PHASE_NODES", 0)     # the relaxed games at once
    found = search.solve(rules.seeded_position(0), tier="stdlib")
    assert found.status is Status.WINNABLE and calls

