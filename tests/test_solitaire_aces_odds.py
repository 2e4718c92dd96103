"""Exact odds of the Aces solitaire over all 35,960 ace placements (spec §9)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from cardgames.solitaire_aces import odds


def test_placements_are_all_c_32_4():
    assert odds.placements() == comb(32, 4) == 35_960


def test_win_counts_match_the_spec():
    assert odds.win_counts() == {4: 6750, 5: 2198, 6: 399}


def test_outcome_odds_are_fractions_that_sum_to_one():
    probabilities = odds.outcome_odds()
    assert all(isinstance(p, Fraction) and p > 0 for p in probabilities.values())
    assert sum(probabilities.values()) == 1


def test_win_odds_are_the_spec_counts_over_35960():
    assert odds.win_odds() == {4: Fraction(6750, 35960), 5: Fraction(2198, 35960),
                               6: Fraction(399, 35960)}


def test_what_can_happen_with_each_number_of_kept_cards():
    outcomes = set(odds.outcome_counts())
    lost = {left for won, left in outcomes if not won}
    won = {left for won, left in outcomes if won}
    assert lost == set(range(5, 17))    # lost games end with 5 to 16 cards
    assert won == {4, 5, 6}             # 7 or more always lose, 4 always win
