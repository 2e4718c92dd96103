"""The statistics over all 1,820 hands, checked against the independent brute force."""

import ast
from fractions import Fraction
from functools import cache

from cardgames.twenty_four.stats import all_hands, hand_statistics, statistics_lines
from twenty_four_brute import ALL_HANDS, CARD_VALUES, OPS, brute_solutions, infix_value



@cache
def stats():
    """The statistics for 24, computed once."""
    return hand_statistics(24)


def whole_all_along(tokens):
    """Whether every value a postfix list puts on the stack is a whole number."""
    stack = []
    for token in tokens:
        if token in OPS:
            a, b = stack.pop(), stack.pop()
            stack.append({'+': b + a, '-': b - a, '*': b * a}[token] if token != '/'
                         else Fraction(b, a))
        else:
            stack.append(Fraction(CARD_VALUES[token]))
        if stack[-1].denominator != 1:
            return False
    return True


def test_hands_are_the_1820_multisets_in_card_order():
    hands = all_hands()
    assert len(hands) == len(set(hands)) == 1820
    assert [tuple(CARD_VALUES[c] for c in cards) for cards in ALL_HANDS] == hands


def test_counts_match_the_brute_force():
    counts = {hand: len(brute_solutions(cards)) for hand, cards in zip(all_hands(), ALL_HANDS)}
    assert stats().hands == 1820
    assert stats().solvable == sum(1 for n in counts.values() if n) == 1362
    assert stats().solutions == sum(counts.values())
    assert stats().most_solutions == max(counts.values())
    assert stats().most_solved == tuple(h for h, n in counts.items() if n == stats().most_solutions)


def test_fraction_only_hands_match_the_brute_force():
    expected = tuple(hand for hand, cards in zip(all_hands(), ALL_HANDS)
                     if brute_solutions(cards) and not any(
                         whole_all_along(ast.literal_eval(line)) for line in brute_solutions(cards)))
    assert stats().fraction_only == expected
    assert (3, 3, 8, 8) in expected and (1, 1, 1, 11) not in expected


def test_lines():
    lines = statistics_lines(stats())
    assert lines[0] == "Hands: 1820 multisets of 4 values from 1 to 13"
    assert lines[1] == "Solvable (making 24): 1362 (74.8%)"
    assert lines[2] == f"Postfix solutions in all: {stats().solutions}"
    assert lines[4] == f"Solvable only through a fraction: {len(stats().fraction_only)} hands"
    assert "  3 3 8 8: 8/(3-8/3)" in lines
    for line in lines[5:]:
        hand, example = line.strip().split(": ")
        assert infix_value(example) == (24, sorted(map(int, hand.split())))
