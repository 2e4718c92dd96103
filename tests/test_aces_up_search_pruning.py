"""Tests of cardgames.aces_up.search.pruning: each fact against the rules' own functions or
against the plain search (``aces_up_helpers.plain``), one claim per property on positions
drawn by hypothesis (a failure shrinks to a small position); the witness positions on which
a plausible but wrong variant of a fact loses a won game (the checks are sensitive); and the
search calling these very functions."""

import pytest
from aces_up_helpers import (
    WRONG_ESSENTIAL,
    WRONG_SAFE_DISCARD,
    WRONG_UPPER,
    coded,
    plain,
    won_now,
)
from hypothesis import event, given
from hypothesis import strategies as st
from strategies import (
    CLAIM_POSITIONS,
    coded_positions,
    examples,
    locked_test_positions,
    mid_game_positions,
    sample,
    short_stock_positions,
    small_positions,
)

from cardgames.aces_up import rules
from cardgames.aces_up.search import Status, pruning, reference, relaxation
from cardgames.aces_up.search.model import ACE, HOLE, codes, decode, encode
from cardgames.cards import Card

#: The positions of the locked claim, where locks are common.
LOCK_POSITIONS = coded_positions(max_cards=14, aces_first=True)
#: Per suit, the lowest strength an upward-closed set keeps (the aces always: a game needs them).
THRESHOLDS = st.lists(st.integers(2, ACE), min_size=4, max_size=4)
ALL_CARDS = (1 << 64) - 1


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


def upward_closed(thresholds):
    """The bit set of the cards of each suit from its threshold up (an upward-closed set)."""
    return sum(1 << (16 * suit + strength) for suit, lowest in enumerate(thresholds)
               for strength in range(lowest, ACE + 1))


def inessential(position):
    """The position without the cards that do not matter against its last deal."""
    return without(position, pruning.essential(position[1][-1]))


def safely_discarded(position):
    """The position after its safe discard, or None when it has none."""
    x = pruning.safe_discard(position[0], remaining(position))
    return None if x is None else discarded(position, x)


def locked(position):
    """``pruning.locked_and_lost`` on a position in codes."""
    columns, stock = position
    return pruning.locked_and_lost(columns, pruning.incoming_cards(stock)[0],
                                   remaining(position))


# --- the rule -----------------------------------------------------------------------------

@examples(200, deadline=None)
@given(coded_positions(max_cards=16))
def test_discardable_is_the_rules_discard(position):
    columns, _ = position
    cards = coded(columns).columns                  # the same columns as the rules' Cards
    assert pruning.discardable(columns) == [
        number - 1 for number in rules.COLUMNS if rules.can_discard(cards, number)]


@examples(200, deadline=None)
@given(coded_positions(max_cards=16))
def test_the_highest_bottom_of_a_suit_outranks_the_other_bottoms_of_its_suit(position):
    bottoms = [decode(column[-1]) for column in position[0] if column]
    highest = pruning.highest_bottoms(position[0])
    for suit in range(4):
        of_suit = [card for card in bottoms if card.suit - 1 == suit]
        if not of_suit:
            assert highest[suit] == 0
        else:
            top = decode(highest[suit])             # it outranks every other bottom
            assert top in of_suit and all(rules.outranks(top, card)
                                          for card in of_suit if card != top)


# --- safe discards ------------------------------------------------------------------------

@examples(300, deadline=None)
@given(CLAIM_POSITIONS)
def test_a_safe_discard_never_turns_a_won_position_into_a_lost_one(position):
    after = safely_discarded(position)
    event(f"safe discard: {after is not None}")
    if after is not None:
        assert won(after) == won(position)


@examples(200, deadline=None)
@given(CLAIM_POSITIONS)
def test_the_safe_discard_is_a_discardable_card_lower_than_its_suit(position):
    x = pruning.safe_discard(position[0], remaining(position))
    safe = [y for y in pruning.discardable(position[0])
            if pruning.is_safe_discard(position[0][y][-1], remaining(position))]
    assert x == (safe[0] if safe else None)
    if x is not None:
        card = position[0][x][-1]
        assert not any(other >> 4 == card >> 4 and other < card
                       for other in pruning.cards_of(remaining(position)))


def test_witness_safe_discard_needs_lone_moves():
    cols, stock = WRONG_SAFE_DISCARD
    x = pruning.safe_discard(cols, remaining(WRONG_SAFE_DISCARD))
    assert x is not None and pruning.is_safe_discard(cols[x][-1], remaining(WRONG_SAFE_DISCARD))
    after = discarded(WRONG_SAFE_DISCARD, x)
    assert plain(cols, stock, False) and not plain(*after, False)       # sensitive
    assert plain(*after, True)                              # classic rules: safe indeed


# --- the endgame --------------------------------------------------------------------------

@examples(150, deadline=None)
@given(coded_positions(max_cards=16, max_deals=0))
def test_discard_all_makes_legal_discards_until_none_is_left(position):
    columns, sources, gone = pruning.discard_all(position[0])
    at = coded(position[0])
    for x in sources:
        assert rules.can_discard(at.columns, x + 1)      # legal at that moment
        at = rules.discard(at, x + 1)
    assert codes(at)[0] == tuple(columns)
    assert not any(rules.can_discard(at.columns, number) for number in rules.COLUMNS)
    assert gone == remaining(position) & ~pruning.card_bits(columns)


@examples(150, deadline=None)
@given(coded_positions(max_cards=14, max_deals=0), st.booleans())
def test_discarding_everything_in_an_endgame_keeps_the_verdict(position, lone_moves):
    columns = tuple(pruning.discard_all(position[0])[0])
    assert won((columns, ()), lone_moves) == won(position, lone_moves)


def discards_pass_by_pass(columns):
    """The endgame's discards as ``compiled_search`` makes them: pass after pass over the
    columns, each column as long as it can."""
    cols, sources, progress = list(columns), [], True
    while progress:
        progress = False
        for x in range(4):
            while x in pruning.discardable(cols):
                cols[x] = cols[x][:-1]
                sources.append(x)
                progress = True
    return sources


@examples(200, deadline=None)
@given(coded_positions(max_cards=16, max_deals=0))
def test_the_endgame_discards_in_the_compiled_search_order(position):
    assert pruning.discard_all(position[0])[1] == discards_pass_by_pass(position[0])


@examples(100, deadline=None)
@given(coded_positions(max_cards=12, max_deals=0), st.booleans(), st.permutations(range(4)))
def test_endgame_positions_are_won_up_to_the_order_of_their_columns(position, lone_moves,
                                                                    order):
    permuted = (tuple(position[0][x] for x in order), ())
    assert pruning.endgame_key(permuted[0]) == pruning.endgame_key(position[0])
    assert won(permuted, lone_moves) == won(position, lone_moves)


@examples(100, deadline=None)
@given(coded_positions(max_cards=12, max_deals=0), st.booleans())
def test_the_endgame_transfers_are_enough(position, lone_moves):
    columns = tuple(pruning.discard_all(position[0])[0])
    by_transfers = won_now(columns, ()) or any(
        plain(transferred(columns, x, y), (), lone_moves)
        for x, y in pruning.endgame_transfers(columns))
    assert by_transfers == plain(columns, (), lone_moves)


# --- relaxed games ------------------------------------------------------------------------

@examples(300, deadline=None)
@given(CLAIM_POSITIONS)
def test_a_game_without_its_inessential_cards_is_won_when_the_game_is(position):
    relaxed = inessential(position) if position[1] else position
    event(f"cards dropped: {relaxed != position}")
    if relaxed != position and won(position):
        assert won(relaxed)


def test_witness_essential():
    cols, stock = WRONG_ESSENTIAL
    assert plain(cols, stock)
    stock_cards = [card for deal in stock for card in deal]
    wrong = 0              # every card lower than a card of its suit anywhere in the stock
    for card in [card for col in cols for card in col] + stock_cards:
        if card & 15 != ACE and card not in stock[-1] and any(
                other >> 4 == card >> 4 and other > card for other in stock_cards):
            wrong |= 1 << card
    assert not plain(*without(WRONG_ESSENTIAL, ALL_CARDS & ~wrong))      # sensitive
    assert plain(*inessential(WRONG_ESSENTIAL))


@examples(300, deadline=None)
@given(CLAIM_POSITIONS, THRESHOLDS)
def test_a_game_of_an_upward_closed_set_of_cards_is_won_when_the_game_is(position,
                                                                         thresholds):
    relaxed = without(position, upward_closed(thresholds))
    event(f"cards dropped: {relaxed != position}")
    if relaxed != position and won(position):
        assert won(relaxed)


def test_the_upper_sets_are_upward_closed():
    for top in range(1, 14):
        assert pruning.upper(top) == upward_closed([ACE + 1 - top] * 4)


def test_witness_upper():
    cols, stock = WRONG_UPPER
    assert plain(cols, stock)
    assert not plain(*without(WRONG_UPPER, ALL_CARDS & ~(1 << 9)))       # sensitive
    kept = pruning.upper(12)                                            # drops the twos
    assert not kept & (1 << 2) and kept & (1 << 9)
    assert plain(*without(WRONG_UPPER, kept))


def test_essential_cards_are_those_above_the_last_deal_in_their_suit():
    last = [encode(Card.parse(text)) for text in "9♠ 5♣ 10♠ A♥".split()]
    essential = pruning.essential(last)
    kept = {str(decode(code)) for code in range(64) if essential >> code & 1}
    assert kept == set("9♠ 5♣ 10♠ J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ A♥ A♦".split()
                       + [f"{rank}♦" for rank in "2 3 4 5 6 7 8 9 10 J Q K".split()])


def test_upper_sets_hold_the_highest_ranks_of_every_suit():
    kept = {str(decode(code)) for code in range(64) if pruning.upper(3) >> code & 1}
    assert kept == {f"{rank}{suit}" for rank in "Q K A".split() for suit in "♣♦♥♠"}
    assert pruning.upper(13).bit_count() == 52


def test_upper_sets_always_keep_the_aces():
    aces = sum(1 << (16 * suit + ACE) for suit in range(4))
    assert all(pruning.upper(top) & aces == aces for top in range(1, 14))
    for top in (0, 14, -1):
        with pytest.raises(ValueError):
            pruning.upper(top)


# --- locked positions ---------------------------------------------------------------------

@examples(300, deadline=None)
@given(LOCK_POSITIONS, st.booleans())
def test_a_locked_and_lost_position_has_no_winning_line(position, lone_moves):
    is_locked = locked(position)
    event(f"locked and lost: {is_locked}")
    if is_locked:
        assert not won(position, lone_moves)


def test_the_claims_meet_positions_they_say_something_of(claim_sample):
    wins = [(position, [2 + (i + suit) % 13 for suit in range(4)])      # thresholds
            for i, position in enumerate(claim_sample) if won(position)]
    counts = {
        "essential": sum(bool(p[1]) and inessential(p) != p for p, _ in wins),
        "upper": sum(without(p, upward_closed(t)) != p for p, t in wins),
        "safe": sum(safely_discarded(p) is not None for p, _ in wins),
        "locked": sum(map(locked, sample(LOCK_POSITIONS, 200))),
    }
    assert min(counts.values()) >= 10, counts


def locked_and_lost_card_by_card(columns, incoming, remaining):
    """The locked test as its docstring states it, one card at a time (no shortcuts)."""
    if not all(columns):
        return False
    ace = lambda card: card & 15 == ACE                            # noqa: E731
    beats = lambda high, low: high >> 4 == low >> 4 and high > low  # noqa: E731
    bound = [[card for card in range(64) if mask >> card & 1] for mask in incoming]
    held = [set(column) | set(cards) for column, cards in zip(columns, bound)]
    alive = [card for card in range(64) if remaining >> card & 1]

    def beaten_from_outside(card, x):
        return any(beats(other, card) for other in alive if other not in held[x])

    if any(all(not ace(card) and beaten_from_outside(card, x) for card in column)
           for x, column in enumerate(columns)):
        return False                                   # some column may still be emptied
    return any(any(ace(card) for card in column[1:])
               or any(ace(card) or not beaten_from_outside(card, x) for card in bound[x])
               or any(not ace(card) and not beaten_from_outside(card, x) for card in column)
               for x, column in enumerate(columns))


def locked_by_both(position):
    """The locked test's verdict on a rules position, by ``pruning`` and card by card (the
    two must agree)."""
    columns, stock = codes(position)
    incoming = pruning.incoming_cards(stock)[0]
    remaining = pruning.card_bits(columns + stock)
    expected = locked_and_lost_card_by_card(columns, incoming, remaining)
    assert pruning.locked_and_lost(columns, incoming, remaining) == expected
    return expected


@examples(500, deadline=None)
@given(locked_test_positions())
def test_the_locked_test_is_its_card_by_card_statement(position):
    event(f"locked and lost: {locked_by_both(position)}")


def test_the_positions_of_the_locked_test_are_locked_and_not_alike():
    locked_count = sum(map(locked_by_both, sample(locked_test_positions(), 200)))
    assert 20 < locked_count < 180            # both verdicts, often


def test_the_lock_facts_are_remembered_within_their_limits(monkeypatch):
    monkeypatch.setattr(pruning, "COLUMN_FACTS_LIMIT", 2)
    facts = pruning.LockFacts()
    columns = [(2,), (3,), (4,), (5,)]
    for column in columns:
        assert facts.column(column) == pruning.column_facts(column)
    assert len(facts.columns) <= 3
    facts.clear()
    assert len(facts) == 0


@examples(150, deadline=None)
@given(st.one_of(mid_game_positions(), short_stock_positions(), small_positions()))
def test_the_incoming_cards_are_those_the_rules_deal_onto_each_column(position):
    dealt = []                   # by the rules: the card each deal puts on each column
    at = position
    while at.stock:
        after = rules.deal(at)
        dealt.append([tuple(map(encode, column[len(before):]))
                      for before, column in zip(at.columns, after.columns)])
        at = after
    incoming = pruning.incoming_cards(codes(position)[1])
    assert len(incoming) == len(dealt) + 1
    for k, bound in enumerate(incoming):
        assert bound == tuple(pruning.card_bits(deal[x] for deal in dealt[k:])
                              for x in range(4))


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
    found = reference.solve(rules.seeded_position(0))
    assert found.status is Status.WINNABLE and calls
