"""Independent references for twenty_four.py, written straight from spec sections 5 and 6.

Nothing here is shared with the program.  ``literal_solutions`` is the spec word for word:
7,680 token lists per hand, each run through ``literal_evaluate``.  That takes a few
hundredths of a second per hand, so ``brute_solutions`` visits the same candidates
faster, for all 1,820 hands: for each card order and each of the five shapes it tabulates
the values of the two operands of the last operator k, and finds the k that make 24 by
solving for the missing operand (``x + y == 24`` iff ``y == 24 - x``, ...) instead of
trying 4 x 16 pairs.  Each hit is checked again with ``literal_evaluate``; the tests
compare the two references on a sample of hands.
"""

import ast
import itertools
from fractions import Fraction
from functools import cache

CARD_VALUES = {'A': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9,
               '0': 10, 'J': 11, 'Q': 12, 'K': 13}
OPS = ['+', '-', '*', '/']
CARDS = "A234567890JQK"
ALL_HANDS = ["".join(hand) for hand in itertools.combinations_with_replacement(CARDS, 4)]


def literal_evaluate(tokens):
    """Spec section 6: a stack, Fraction division, 0 at once on a zero divisor."""
    stack = []
    for token in tokens:
        if token in OPS:
            a = stack.pop()
            b = stack.pop()
            if token == '+':
                stack.append(b + a)
            elif token == '-':
                stack.append(b - a)
            elif token == '*':
                stack.append(b * a)
            else:
                if a == 0:
                    return 0
                stack.append(Fraction(b, a))
        else:
            stack.append(CARD_VALUES[token])
    return stack.pop()


def shape_tokens(c, shape, i, j, k):
    """The seven tokens of a shape, numbered 1 to 5 as in spec section 5."""
    return {
        1: [c[0], c[1], i, c[2], c[3], j, k],   # (c0 i c1) k (c2 j c3)
        2: [c[0], c[1], c[2], c[3], i, j, k],   # c0 k (c1 j (c2 i c3))
        3: [c[0], c[1], c[2], i, c[3], j, k],   # c0 k ((c1 i c2) j c3)
        4: [c[0], c[1], i, c[2], j, c[3], k],   # ((c0 i c1) j c2) k c3
        5: [c[0], c[1], c[2], i, j, c[3], k],   # (c0 j (c1 i c2)) k c3
    }[shape]


def literal_solutions(cards):
    """Spec section 5 word for word: the sorted distinct strings of the candidates making 24."""
    results = set()
    for order in itertools.permutations(range(4)):
        c = [cards[p] for p in order]
        for i, j, k in itertools.product(OPS, repeat=3):
            for shape in range(1, 6):
                tokens = shape_tokens(c, shape, i, j, k)
                if literal_evaluate(tokens) == 24:
                    results.add(str(tokens))
    return sorted(results)


def combine(x, op, y):
    """x op y as evaluate computes it; None where evaluate would return 0 at once."""
    if x is None or y is None:
        return None
    if op == '+':
        return x + y
    if op == '-':
        return x - y
    if op == '*':
        return x * y
    return None if y == 0 else Fraction(x, y)


def whole(q):
    """q, as an int when it is one (equal and hashing alike either way, but faster)."""
    return q.numerator if type(q) is Fraction and q.denominator == 1 else q


def right_making_24(x, k):
    """The y with x k y == 24, or None."""
    if k == '+':
        return whole(24 - x)
    if k == '-':
        return whole(x - 24)
    if x == 0:
        return None
    return whole(Fraction(24, x) if k == '*' else Fraction(x, 24))


def left_making_24(y, k):
    """The x with x k y == 24, or None."""
    if k == '+':
        return whole(24 - y)
    if k == '-':
        return whole(24 + y)
    if y == 0:
        return None
    return whole(Fraction(24, y) if k == '*' else 24 * y)


def index(pairs):
    """value -> the operator choices that give it, skipping zero divisors."""
    table = {}
    for choice, value in pairs:
        if value is not None:
            table.setdefault(whole(value), []).append(choice)
    return table


@cache
def pair_index(a, b):
    """value of ``a i b`` -> [i]."""
    return index((i, combine(a, i, b)) for i in OPS)


@cache
def right_nested_index(a, b, c):
    """value of ``a j (b i c)`` -> [(i, j)]."""
    return index(((i, j), combine(a, j, combine(b, i, c))) for i in OPS for j in OPS)


@cache
def left_nested_index(a, b, c):
    """value of ``(a i b) j c`` -> [(i, j)]."""
    return index(((i, j), combine(combine(a, i, b), j, c)) for i in OPS for j in OPS)


@cache
def right_needs(x):
    """[(k, y)]: the right operand y that x k y needs to make 24."""
    return [(k, y) for k in OPS for y in [right_making_24(x, k)] if y is not None]


@cache
def left_needs(y):
    """[(k, x)]: the left operand x that x k y needs to make 24."""
    return [(k, x) for k in OPS for x in [left_making_24(y, k)] if x is not None]


@cache
def pair_needs(a, b):
    """[(i, k, y)]: (a i b) k y makes 24."""
    return [(i, k, y) for x, i_list in pair_index(a, b).items() for i in i_list
            for k, y in right_needs(x)]


def order_hits(c):
    """(shape, i, j, k) of every candidate for one card order c0 c1 c2 c3 that makes 24."""
    v = [CARD_VALUES[card] for card in c]
    hits = []
    right_pair = pair_index(v[2], v[3])
    for i, k, y in pair_needs(v[0], v[1]):
        hits += [(1, i, j, k) for j in right_pair.get(y, ())]
    for k, y in right_needs(v[0]):
        hits += [(2, i, j, k) for i, j in right_nested_index(v[1], v[2], v[3]).get(y, ())]
        hits += [(3, i, j, k) for i, j in left_nested_index(v[1], v[2], v[3]).get(y, ())]
    for k, x in left_needs(v[3]):
        hits += [(4, i, j, k) for i, j in left_nested_index(v[0], v[1], v[2]).get(x, ())]
        hits += [(5, i, j, k) for i, j in right_nested_index(v[0], v[1], v[2]).get(x, ())]
    return hits


@cache
def brute_solutions(cards):
    """The sorted solution lines for four card characters, each hit checked literally."""
    results = set()
    for order in set(itertools.permutations(cards)):  # equal cards give equal strings
        for shape, i, j, k in order_hits(order):
            tokens = shape_tokens(order, shape, i, j, k)
            assert literal_evaluate(tokens) == 24, tokens
            results.add(str(tokens))
    return sorted(results)


def infix_value(text):
    """(exact value, sorted numbers) of an infix expression such as ``8/(3-8/3)``."""
    numbers = []

    def value(node):
        if isinstance(node, ast.BinOp):
            a, b = value(node.left), value(node.right)
            op = type(node.op)
            return a + b if op is ast.Add else a - b if op is ast.Sub else \
                a * b if op is ast.Mult else Fraction(a) / b
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            numbers.append(-node.operand.value)
            return -node.operand.value
        numbers.append(node.value)
        return node.value

    result = value(ast.parse(text, mode="eval").body)
    return result, sorted(numbers)
