"""Every tier plays the Sevens games of the rules, game by game."""

import pytest
from tier_helpers import GAME_RANGES, needs, range_id

from cardgames import tiers
from cardgames.solitaire_sevens import program, rules


@pytest.mark.parametrize("tier", tiers.TIERS)
@pytest.mark.parametrize("seeds", GAME_RANGES, ids=range_id)
def test_every_tier_gives_the_rules_outcome_game_by_game(tier, seeds):
    needs(tier)
    expected = [rules.outcome(rules.deal(seed)) for seed in seeds]
    assert list(program.cards_left_codes(seeds, tier)) == expected
    assert program.count_cards_left(seeds.start, seeds.stop, tier) == {
        left: expected.count(left) for left in set(expected)}
