"""Every tier plays the Sevens games of the rules, game by game."""

import pytest

from cardgames import tiers
from cardgames.solitaire_sevens import program, rules


@pytest.mark.parametrize("tier", tiers.TIERS)
@pytest.mark.parametrize("start, stop", [(0, 5000), (-4200, -4000), (2**70, 2**70 + 500),
                                         (2**32 - 80, 2**32 + 80), (3, 4), (8, 8),
                                         (2**(32 * 624) - 3, 2**(32 * 624) + 3)],
                         ids=lambda bound: f"{bound.bit_length()}-bit")
def test_every_tier_gives_the_rules_outcome_game_by_game(tier, start, stop):
    if not tiers.installed(tier):
        pytest.skip(f"the {tier} tier is not installed")
    seeds = range(start, stop)
    expected = [rules.outcome(rules.deal(seed)) for seed in seeds]
    assert list(program.cards_left_codes(seeds, tier)) == expected
    assert program.count_cards_left(start, stop, tier) == {
        left: expected.count(left) for left in set(expected)}
