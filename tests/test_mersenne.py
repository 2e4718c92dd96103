"""The written-out Mersenne Twister is CPython's random, output for output."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from cardgames import mersenne

#: Seeds whose keys are 1, 2, 3, 624, 625 and 700 words long, and their negatives.
EDGES = [0, 1, 2**32 - 1, 2**32, 2**64 - 1, 2**64, 2**(32 * 624) - 1, 2**(32 * 624),
         2**(32 * 700) + 12345]


@pytest.mark.parametrize("seed", EDGES + [-seed for seed in EDGES],
                         ids=lambda seed: f"{'-' if seed < 0 else ''}{seed.bit_length()}-bit")
def test_outputs_equal_random_over_three_twists(seed):
    generator, reference = mersenne.Generator(seed), random.Random(seed)
    assert [generator.word() for _ in range(3 * mersenne.N)] == \
        [reference.getrandbits(32) for _ in range(3 * mersenne.N)]


def test_the_state_after_seeding_is_randoms():
    for seed in (0, 5, -(2**40), 2**(32 * 650)):
        state = random.Random(seed).getstate()[1]
        assert mersenne.seed_state(mersenne.key_words(seed)) + [mersenne.N] == list(state)


def test_a_whole_twist_equals_twisting_word_by_word():
    state = mersenne.seed_state([7, 8, 9])
    whole = list(state)
    mersenne.twist(whole)
    generator = mersenne.Generator(0)
    generator.mt = list(state)
    assert [generator.word() for _ in range(mersenne.N)] == [mersenne.temper(y) for y in whole]


@given(st.integers(min_value=-(2**2000), max_value=2**2000), st.integers(0, 60))
@examples(150, deadline=None)
def test_shuffle_equals_random_shuffle(seed, size):
    items, expected = list(range(size)), list(range(size))
    mersenne.shuffle(items, seed)
    random.seed(seed)
    random.shuffle(expected)
    assert items == expected


def test_key_words_are_the_magnitude_in_32_bit_words():
    assert mersenne.key_words(0) == [0]
    assert mersenne.key_words(-(2**32 + 5)) == [5, 1]
    assert mersenne.key_words(2**64 - 1) == [2**32 - 1, 2**32 - 1]
