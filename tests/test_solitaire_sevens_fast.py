"""The batched simulation of the Sevens solitaire counts exactly what the plain one counts."""

import pytest

from cardgames import fastshuffle
from cardgames.solitaire_sevens import rules


def plain_counts(start, stop):
    """The counts with the plain shuffle, one seed at a time."""
    counts = {}
    for seed in range(start, stop):
        left = rules.outcome(rules.deal(seed))
        counts[left] = counts.get(left, 0) + 1
    return counts


@pytest.mark.skipif(not fastshuffle.available(), reason="needs NumPy")
@pytest.mark.parametrize("start, stop", [(0, 5000), (-4200, -4000), (2**70, 2**70 + 500),
                                         (3, 4), (8, 8)])
def test_batched_counts_equal_plain_counts(start, stop):
    assert rules.count_cards_left(start, stop) == plain_counts(start, stop)


def test_without_numpy_the_plain_shuffle_is_used(monkeypatch):
    monkeypatch.setattr(fastshuffle, "available", lambda: False)
    monkeypatch.setattr(fastshuffle, "permutations", None)  # would fail if called
    assert rules.count_cards_left(-100, 900) == plain_counts(-100, 900)
