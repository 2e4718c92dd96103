"""Exact odds of the Aces solitaire, over every placement of the four aces in the deck.

A shuffle puts the aces at each of the C(32, 4) = 35,960 sets of places with the same
probability, and the outcome depends on nothing else, so counting outcomes over the sets
gives the exact probabilities.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from cardgames.solitaire_aces.rules import Outcome, ace_masks, outcome_of_mask


@cache
def outcome_counts() -> Counter[Outcome]:
    """How many ace placements end in each (won, cards kept) outcome."""
    return Counter(outcome_of_mask(mask) for mask in ace_masks())


def placements() -> int:
    """The number of ace placements: C(32, 4)."""
    return sum(outcome_counts().values())


def win_counts() -> dict[int, int]:
    """{cards left in a won game: number of ace placements}."""
    return {left: count for (won, left), count in sorted(outcome_counts().items()) if won}


def outcome_odds() -> dict[Outcome, Fraction]:
    """The exact probability of each (won, cards kept) outcome; they add up to 1."""
    total = placements()
    return {result: Fraction(count, total) for result, count in sorted(outcome_counts().items())}


def win_odds() -> dict[int, Fraction]:
    """The exact probability of winning with each number of cards left."""
    total = placements()
    return {left: Fraction(count, total) for left, count in win_counts().items()}
