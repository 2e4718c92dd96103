"""The assignment's ``twenty_four.py``: every postfix solution that makes 24 from four cards.

``ops``, ``d``, ``ListStack``, ``evaluate``, ``evaluate_all_ops`` and ``main`` behave exactly
as the spec says.  ``evaluate`` is the literal stack machine; ``evaluate_all_ops`` is a view
of the general solver: its candidates (the five shapes times 64 operator triples over one
card order) are exactly the expression trees whose leaves are the cards in that order, and
a candidate that divides by zero evaluates to 0, never 24, just as the solver never counts
an undefined tree.  So the solver's solutions with those leaves are the same set.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Generic, TypeVar

from cardgames.lines import LineTooLong, read_line
from cardgames.streams import run
from cardgames.twenty_four import solver

__all__ = ["ops", "d", "ListStack", "evaluate", "evaluate_all_ops", "main",
           "CardsError", "read_cards", "solution_lines"]

ops = ['+', '-', '*', '/']
d = {'A': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9,
     '0': 10, 'J': 11, 'Q': 12, 'K': 13}
_CARD_OF_VALUE: dict[solver.Value, str] = {value: card for card, value in d.items()}

_Item = TypeVar("_Item")


class ListStack(Generic[_Item]):
    """A stack on a Python list, top at the end."""

    def __init__(self) -> None:
        self._L: list[_Item] = []

    def push(self, item: _Item) -> None:
        """Put ``item`` on top."""
        self._L.append(item)

    def pop(self) -> _Item:
        """Remove and return the top item; IndexError when empty."""
        if not self._L:
            raise IndexError("pop from an empty stack")
        return self._L.pop()

    def peek(self) -> _Item:
        """The top item, left in place; IndexError when empty."""
        if not self._L:
            raise IndexError("peek at an empty stack")
        return self._L[-1]

    def __len__(self) -> int:
        return len(self._L)

    def isempty(self) -> bool:
        """True iff the stack holds nothing."""
        return not self._L


def evaluate(postfix_list: Iterable[str]) -> solver.Value:
    """The value of a postfix list of card and operator tokens; 0 at once on a zero divisor."""
    stack: ListStack[solver.Value] = ListStack()
    for token in postfix_list:
        if token not in ops:
            stack.push(d[token])
            continue
        a = stack.pop()
        b = stack.pop()
        if token == '+':
            stack.push(b + a)
        elif token == '-':
            stack.push(b - a)
        elif token == '*':
            stack.push(b * a)
        elif a == 0:
            return 0
        else:
            stack.push(Fraction(b, a))
    return stack.pop()


@cache
def _solutions_by_order(hand: tuple[int, ...]) -> dict[tuple[solver.Value, ...], set[str]]:
    """For a sorted tuple of values: card order (a tuple of values) -> its solution strings."""
    by_order: dict[tuple[solver.Value, ...], set[str]] = {}
    for expr in solver.solutions(hand, solver.TARGET):
        tokens = solver.postfix(expr)
        card_order = tuple(token for token in tokens if not isinstance(token, str))  # the values
        cards = [token if isinstance(token, str) else _CARD_OF_VALUE[token] for token in tokens]
        by_order.setdefault(card_order, set()).add(str(cards))
    return by_order


def forget() -> None:
    """Empty the solution memos (to time a cold run)."""
    _solutions_by_order.cache_clear()
    solver.forget()


def evaluate_all_ops(cards: Iterable[str]) -> set[str]:
    """The set of ``str(token_list)`` of every solution keeping the cards in the given order."""
    values = tuple(d[card] for card in cards)
    return set(_solutions_by_order(tuple(sorted(values))).get(values, ()))


class CardsError(ValueError):
    """The input line is not four cards; the message is the spec's."""


def read_cards(line: str) -> list[str]:
    """The four card characters of a line, or CardsError with the spec's message."""
    if len(line) != 4:
        raise CardsError(f"Error: expected 4 cards, got {len(line)}.")
    for char in line:
        if char not in d:
            raise CardsError(f"Error: invalid card {char!r} (use A 2 3 4 5 6 7 8 9 0 J Q K).")
    return list(line)


def solution_lines(cards: list[str]) -> list[str]:
    """The solution lines for four cards: the union over the 24 orderings, sorted."""
    results = set()
    for order in itertools.permutations(range(4)):
        results |= evaluate_all_ops([cards[i] for i in order])
    return sorted(results)


def _read_line() -> str:
    """One line of standard input without its final newline; empty at end of input (§3).

    A line longer than ``lines.LINE_LIMIT`` is not kept: its characters are counted in
    chunks of bounded size and it raises the spec's CardsError with that count.
    """
    try:
        line = read_line(measure=True)
    except LineTooLong as error:
        raise CardsError(f"Error: expected 4 cards, got {error.length}.") from None
    return "" if line is None else line


def _main() -> int:
    """The program: prompt, read, check, print every solution and the count."""
    print('Input the cards:')
    try:
        cards = read_cards(_read_line())
    except CardsError as error:
        print(error, file=sys.stderr)
        return 1
    print(cards)
    results = solution_lines(cards)
    for line in results:
        print(line)
    print(len(results), ' solutions.')
    return 0


def main() -> int:
    """Run the program; return the exit status (Ctrl-C and a closed pipe end quietly)."""
    return run(_main)
