"""The exact counts of stock orders won with one or two deals left, against an expectimax
written from the rules."""

from functools import lru_cache
from itertools import permutations

import pytest
from aces_up_helpers import beaten, plain
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples, honest_positions, sample

from cardgames.aces_up.players.lookahead import last_deal_wins, last_two_wins
from cardgames.aces_up.players.turn import turn_ends
from cardgames.aces_up.search.pruning import card_bits, cards_of


def dealt(columns, cards):
    return tuple(column + (card,) for column, card in zip(columns, cards))


def reachable(columns):
    """Every position the rules reach from ``columns`` without a deal (any move)."""
    start = tuple(map(tuple, columns))
    seen, stack = {start}, [start]
    while stack:
        cols = stack.pop()
        for x in range(4):
            nexts = []
            if cols[x] and beaten(cols, x):
                nexts.append((x, None))
            nexts += [(x, y) for y in range(4) if cols[x] and not cols[y]]
            for source, target in nexts:
                after = list(cols)
                after[source] = cols[source][:-1]
                if target is not None:
                    after[target] = cols[source][-1:]
                if tuple(after) not in seen:
                    seen.add(tuple(after))
                    stack.append(tuple(after))
    return seen


@lru_cache(maxsize=None)
def open_won(columns):
    """``plain`` of a position whose stock is empty, by its columns in sorted order (no deal
    is left to tell the columns apart)."""
    return plain(columns)


@lru_cache(maxsize=None)
def last_deal_by_the_rules(columns, unseen):
    return sum(open_won(tuple(sorted(dealt(columns, order))))
               for order in permutations(cards_of(unseen)))


def last_two_by_the_rules(columns, unseen):
    total = 0
    for draw in permutations(cards_of(unseen), 4):
        left = unseen & ~card_bits([draw])
        total += max(last_deal_by_the_rules(cols, left) for cols in reachable(dealt(columns, draw)))
    return total


@examples(15, deadline=None)
@given(honest_positions(stocks=(4,)), st.permutations(range(4)))
def test_the_last_deal_count_is_the_rules_count_whatever_the_order_of_the_columns(drawn, order):
    _, view = drawn
    for end in turn_ends(view.columns):
        expected = last_deal_by_the_rules(end.columns, view.unseen)
        assert last_deal_wins(end.columns, view.unseen) == expected
        assert last_deal_wins(tuple(end.columns[i] for i in order), view.unseen) == expected


def test_the_last_deal_counts_met_are_of_both_kinds():
    # the property above meets turns that cannot win and turns that can: on a fixed sample
    best = {max(last_deal_wins(end.columns, view.unseen) for end in turn_ends(view.columns)) > 0
            for _, view in sample(honest_positions(stocks=(4,)), 40)}
    assert best == {False, True}


#: Positions with two deals left small enough for the expectimax of the rules (its cost
#: grows a hundredfold with two more cards): one card, then two, in the columns.
SMALL_TWO_DEALS = [(((), (), (46,), ()), ((56, 27, 29, 38), (14, 10, 62, 30))),
                   (((), (34, 14), (), ()), ((62, 8, 30, 39), (3, 19, 46, 56)))]


@pytest.mark.parametrize("columns, deals", SMALL_TWO_DEALS)
def test_the_last_two_count_is_an_expectimax_of_the_rules(columns, deals):
    unseen = card_bits(deals)
    assert last_two_wins(columns, unseen) == last_two_by_the_rules(columns, unseen)
