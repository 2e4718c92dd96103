"""The batched simulation of the Aces solitaire counts exactly what the plain one counts."""

from itertools import combinations
from math import comb

import pytest

from cardgames import fastshuffle
from cardgames.solitaire_aces import program, rules


def test_shipped_outcome_table_is_what_the_rules_compute():
    # regenerate with: python3 tools/make_outcome_table.py
    assert program.outcome_codes() == rules.outcome_codes()


def test_placement_rank_numbers_every_placement_once():
    ranks = {rules.placement_rank(places) for places in combinations(range(32), 4)}
    assert ranks == set(range(comb(32, 4)))


def test_outcome_codes_agree_with_the_spec_counts():
    codes = rules.outcome_codes()
    assert [codes.count(k) for k in (4, 5, 6)] == [6750, 2198, 399]
    assert set(codes) == {0, 4, 5, 6}


def test_stage_kept_is_what_the_narrated_stage_keeps():
    for seed in range(-20, 200):
        deck = tuple(program.shuffled_deck(seed))
        for n in rules.STACK_COUNTS:
            assert rules.stage_kept(deck, n) == rules.play_stage(deck, n, ()).kept
            deck = rules.stage_kept(deck, n)


@pytest.mark.skipif(not fastshuffle.available(), reason="needs NumPy")
@pytest.mark.parametrize("start, stop", [(0, 6000), (-4100, 50), (2**40, 2**40 + 3000),
                                         (7, 8), (9, 9)])
def test_batched_counts_equal_plain_counts(start, stop):
    assert program.count_wins_batched(start, stop) == program.count_wins_plain(start, stop)


def test_without_numpy_the_plain_counter_is_used(monkeypatch):
    monkeypatch.setattr(fastshuffle, "available", lambda: False)
    monkeypatch.setattr(program, "count_wins_batched", None)  # would fail if called
    assert program.count_wins(0, 1000) == program.count_wins_plain(0, 1000)
