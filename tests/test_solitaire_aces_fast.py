"""The batched simulation of the Aces solitaire counts exactly what the plain one counts."""

from itertools import combinations
from math import comb

import pytest

from tier_helpers import GAME_RANGES, needs, range_id

from cardgames import tiers
from cardgames.solitaire_aces import outcomes, program, rules


def test_shipped_outcome_table_is_what_the_rules_compute():
    # regenerate with: python3 tools/make_outcome_table.py
    assert outcomes.shipped_outcome_codes() == rules.outcome_codes()


def test_placement_rank_numbers_every_placement_once():
    ranks = {rules.placement_rank(places) for places in combinations(range(32), 4)}
    assert ranks == set(range(comb(32, 4)))


def test_outcome_codes_agree_with_the_spec_counts():
    codes = rules.outcome_codes()
    assert [codes.count(k) for k in (4, 5, 6)] == [6750, 2198, 399]
    assert set(codes) == {0, 4, 5, 6}


def test_stage_kept_is_what_the_narrated_stage_keeps():
    for seed in range(-20, 200):
        deck = tuple(outcomes.shuffled_deck(seed))
        for n in rules.STACK_COUNTS:
            assert rules.stage_kept(deck, n) == rules.play_stage(deck, n, ()).kept
            deck = rules.stage_kept(deck, n)


def reference_codes(seeds):
    """Each seed's outcome code straight from the rules: cards left when won, else 0."""
    codes = []
    for seed in seeds:
        won, left = rules.outcome(outcomes.shuffled_deck(seed))
        codes.append(left if won else 0)
    return codes


@pytest.mark.parametrize("tier", tiers.TIERS)
@pytest.mark.parametrize("seeds", GAME_RANGES, ids=range_id)
def test_every_tier_gives_the_rules_outcome_game_by_game(tier, seeds):
    needs(tier)
    expected = reference_codes(seeds)
    assert list(program.win_codes(seeds, tier)) == expected
    wins = {left: expected.count(left) for left in set(expected) - {0}}
    assert program.count_wins(seeds.start, seeds.stop, tier) == wins
