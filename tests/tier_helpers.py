"""What the tests of the simulation tiers share: the reference decks, the seed ranges that
try a tier hardest, and skipping a tier that is not installed."""

import random

import pytest

from cardgames import tiers

#: Seed ranges for the games of every tier: key lengths meeting (2**32, 2**64, 624 words),
#: negative seeds, past int64, a range of one seed and an empty one.
GAME_RANGES = [range(0, 5000), range(-4200, 50), range(2**32 - 80, 2**32 + 80),
               range(2**64 - 100, 2**64 + 100), range(2**70, 2**70 + 300), range(7, 8),
               range(9, 9), range(2**(32 * 624) - 3, 2**(32 * 624) + 3)]


def range_id(seeds):
    """A short name for a seed range in a test's id."""
    return f"{len(seeds)}-from-{seeds.start.bit_length()}-bit"


def random_decks(size, seeds):
    """``random.seed(s); random.shuffle(deck)`` for each seed: the definition of every game."""
    decks = []
    for seed in seeds:
        deck = list(range(size))
        random.seed(seed)
        random.shuffle(deck)
        decks.append(deck)
    return decks


def needs(tier):
    """Skip the test when ``tier`` cannot run here."""
    if not tiers.installed(tier):
        pytest.skip(f"the {tier} tier is not installed")
