"""The batched shuffle is random.shuffle, bit for bit, seed for seed."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from cardgames import fastshuffle
from cardgames.cards import seeded_shuffle
from tier_helpers import random_decks

pytestmark = pytest.mark.skipif(not fastshuffle.available(), reason="needs NumPy")


@pytest.mark.parametrize("size", [32, 48, 52])
@pytest.mark.parametrize("seeds", [range(0, 3000), range(-2500, 0),
                                   range(2**32 - 100, 2**32 + 100),
                                   range(10**30, 10**30 + 200)])
def test_permutations_equal_random_shuffle(size, seeds):
    assert fastshuffle.permutations(size, seeds).tolist() == random_decks(size, seeds)


@given(st.integers(min_value=-(2**80), max_value=2**80), st.integers(2, 60))
@examples(60, deadline=None)
def test_any_seed_and_size(seed, size):
    assert fastshuffle.permutations(size, range(seed, seed + 3)).tolist() == random_decks(
        size, range(seed, seed + 3))


@pytest.mark.parametrize("words", [1, 20, 40, 60])
def test_games_that_run_short_of_words_are_redone_exactly(monkeypatch, words):
    monkeypatch.setattr(fastshuffle, "words_needed", lambda size: words)
    seeds = range(500)
    assert fastshuffle.permutations(48, seeds).tolist() == random_decks(48, seeds)


def test_words_needed_covers_almost_every_game():
    # mean + 5 sd: the plain path redoes at most a handful of games in 20,000
    drawn = fastshuffle.words_needed(32)
    used = []

    class Counting(random.Random):
        def getrandbits(self, k):
            used.append(k)
            return super().getrandbits(k)

    generator, over = Counting(), 0
    for seed in range(20_000):
        used.clear()
        generator.seed(seed)
        generator.shuffle(list(range(32)))
        over += len(used) > drawn
    assert over <= 2


def test_card_places_are_the_sorted_places_of_the_cards():
    seeds = range(-50, 200)
    places = fastshuffle.card_places(32, seeds, (0, 8, 16, 24))
    for row, seed in zip(places.tolist(), seeds):
        deck = seeded_shuffle(range(32), seed)
        assert row == sorted(deck.index(card) for card in (0, 8, 16, 24))


@pytest.mark.parametrize("seeds", [range(0, 2000), range(-1000, 1000, 7),
                                   range(2**32 - 64, 2**32 + 64), range(2**64 - 64, 2**64 + 64),
                                   range(-(2**64) - 8, -(2**64) + 8),
                                   range(2**(32 * 624) - 4, 2**(32 * 624) + 4)])
def test_first_words_are_the_outputs_of_the_seeded_generator(seeds):
    words = fastshuffle.TWISTED_AT_ONCE
    expected = []
    for seed in seeds:
        generator = random.Random(seed)
        expected.append([generator.getrandbits(32) for _ in range(words)])
    assert fastshuffle.first_words(seeds, words).T.tolist() == expected


@pytest.mark.parametrize("words", [0, fastshuffle.TWISTED_AT_ONCE + 1])
def test_first_words_refuses_more_than_one_twist_gives(words):
    with pytest.raises(ValueError):
        fastshuffle.first_words(range(3), words)


def test_keys_are_grouped_by_length():
    seeds = range(-(2**32) - 1, -(2**32) + 2)   # |s| = 2**32 + 1, 2**32, 2**32 - 1
    groups = fastshuffle.key_groups(seeds)
    assert sorted(groups) == [1, 2]
    columns, keys = groups[2]
    assert columns.tolist() == [0, 1] and keys.T.tolist() == [[1, 1], [0, 1]]
    columns, keys = groups[1]
    assert columns.tolist() == [2] and keys.T.tolist() == [[2**32 - 1]]


def test_empty_seed_range():
    assert fastshuffle.permutations(32, range(5, 5)).shape == (0, 32)
