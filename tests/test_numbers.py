"""Integers and numbers as the programs read and write them (cardgames.numbers)."""

import argparse

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import numbers


@pytest.mark.parametrize("text, value", [("0", 0), ("-5", -5), ("+7", 7), (" 0042\t", 42),
                                         ("1099511627776", 1099511627776)])
def test_integers_are_read(text, value):
    assert numbers.parse_integer(text) == value


@pytest.mark.parametrize("text", ["", " ", "abc", "1.5", "1_000", "+-1", "--1", "٣", "1 2", "0x10"])
def test_other_text_is_not_an_integer(text):
    assert numbers.parse_integer(text) is None


@given(st.integers())
def test_parse_integer_inverts_str(value):
    assert numbers.parse_integer(str(value)) == value


def test_integers_longer_than_the_interpreter_digit_limit():
    digits = "7" * 9000
    value = numbers.parse_integer("-" + digits)
    assert value < 0 and value % 10**9000 != 0
    assert value == -sum(7 * 10**k for k in range(9000))


def test_a_million_digit_seed_is_read_exactly():
    digits = "123456789" * 111_112
    assert numbers.parse_integer(digits) % 10**18 == 123456789123456789
    thirds = [int(digits[k:k + 3000]) for k in (0, 3000, 6000)]
    assert numbers.parse_integer(digits[:9000]) == (thirds[0] * 10**6000 + thirds[1] * 10**3000
                                                    + thirds[2])


@pytest.mark.parametrize("convert, text, message", [
    (numbers.integer, "1.5", "needs a whole number, not '1.5'"),
    (numbers.integer, "", "needs a whole number, not ''"),
    (numbers.positive_integer, "0", "needs a positive whole number, not '0'"),
    (numbers.positive_integer, "-3", "needs a positive whole number, not '-3'"),
    (numbers.positive_integer, "x" * 100, ("needs a positive whole number, not "
                                          "'xxxxxxxxxxxxxxxxxxxx'… (100 characters)"))])
def test_option_types_say_what_they_need(convert, text, message):
    with pytest.raises(argparse.ArgumentTypeError) as error:
        convert(text)
    assert str(error.value) == message


@given(st.integers(min_value=1))
def test_positive_integer_reads_what_integer_text_writes(value):
    assert numbers.positive_integer(numbers.integer_text(value)) == value
    assert numbers.integer(numbers.integer_text(-value)) == -value
