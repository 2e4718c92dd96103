"""Integers and numbers as the programs read and write them: any size, ASCII digits only.

``parse_integer`` reads the seed syntax, ``integer_text`` writes an int of any size, and
``integer``/``positive_integer`` are the argparse types of the options that take them.
"""

from __future__ import annotations

import functools
import math
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import decimal

__all__ = ["integer", "integer_text", "parse_integer", "parse_number", "positive_integer",
           "shown_argument"]

_INTEGER = re.compile(r"[+-]?[0-9]+")


def parse_integer(text: str) -> int | None:
    """The int written by ``text`` (optional sign, ASCII digits, surrounding blanks), else None.

    Any length is read, beyond the digit limit that ``int(str)`` enforces since Python 3.11.
    """
    text = text.strip()
    if _INTEGER.fullmatch(text) is None:
        return None
    sign, digits = (-1, text[1:]) if text[0] == "-" else (1, text.lstrip("+"))
    return sign * _digits_value(digits.lstrip("0") or "0")


#: Digits converted per ``int`` call: below 640, the lowest limit an interpreter may set.
_DIGITS_AT_ONCE = 600


def _digits_value(digits: str) -> int:
    """The value of a string of ASCII digits of any length (halves, joined by one product).

    Splitting in halves keeps a million-digit line to about a second, where converting
    it a few thousand digits at a time, or ``int()`` without its limit, is quadratic.
    """
    if len(digits) <= _DIGITS_AT_ONCE:
        return int(digits)
    low = len(digits) // 2
    return _digits_value(digits[:-low]) * _power_of_ten(low) + _digits_value(digits[-low:])


@functools.lru_cache(maxsize=64)
def _power_of_ten(exponent: int) -> int:
    """10 ** exponent, remembered: the halves of one long line share their powers."""
    power: int = 10 ** exponent  # typeshed's int ** int is Any: a negative exponent is a float
    return power


#: Bits that ``str()`` converts at once: about 570 digits, below the lowest limit (640).
_BITS_AT_ONCE = 1_900


def integer_text(value: int, separator: str = "") -> str:
    """``str(value)`` for an int of any size; ``separator`` goes between groups of three digits.

    The one way the programs print a number a user gave: ``str()`` and f-strings refuse an
    int of more than 4,300 digits since Python 3.11, although ``parse_integer`` reads it.
    Past that size the digits come from the ``decimal`` module, halves joined by one exact
    product, so a million digits take well under a second (``str()`` without its limit is
    quadratic).  ``integer_text(1234567, ",")`` is ``f"{1234567:,}"``: ``1,234,567``.
    """
    if value.bit_length() <= _BITS_AT_ONCE:
        text = str(int(value))
    else:
        size = abs(value)
        text = ("-" if value < 0 else "") + str(_exact_decimal(size, size.bit_length()))
    if not separator:
        return text
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    head = len(digits) % 3 or 3
    groups = [digits[:head], *(digits[at:at + 3] for at in range(head, len(digits), 3))]
    return sign + separator.join(groups)


def _exact_decimal(value: int, bits: int) -> decimal.Decimal:
    """``value`` (>= 0, at most ``bits`` bits) as a ``decimal.Decimal``, exactly."""
    import decimal  # only for numbers past str()'s limit

    if bits <= _BITS_AT_ONCE:
        return decimal.Decimal(value)  # converted from the int's binary digits, not via str
    low = bits // 2
    return _decimal_context().fma(_exact_decimal(value >> low, bits - low), _power_of_two(low),
                                  _exact_decimal(value & ((1 << low) - 1), low))


@functools.lru_cache(maxsize=1)
def _decimal_context() -> decimal.Context:
    """A decimal context in which sums and products of integers are exact (or raise)."""
    import decimal

    return decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                           traps=[decimal.Inexact, decimal.Rounded, decimal.Overflow])


@functools.lru_cache(maxsize=64)
def _power_of_two(exponent: int) -> decimal.Decimal:
    """2 ** exponent as an exact Decimal, remembered: the halves of one number share them."""
    import decimal

    return _decimal_context().power(decimal.Decimal(2), exponent)


#: The number syntax of every option that takes a number that need not be whole (--budget):
#: the integer syntax, optionally with a decimal point and ASCII digits after it.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def parse_number(text: str) -> float | None:
    """The number written by ``text`` as a float, else None.

    The syntax is ``parse_integer``'s (ASCII digits only, surrounding blanks ignored) with an
    optional fraction: ``3``, ``0.5``, ``.5``, ``2.``.  No exponent, ``inf``, ``nan``,
    underscore or non-ASCII digit, which ``float()`` would all accept; None as well for a
    number too large for a float.
    """
    text = text.strip()
    if _NUMBER.fullmatch(text) is None:
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def shown_argument(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message; a long one cut, with its length."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit // 2]!r}… ({len(text):,} characters)"


def integer(text: str) -> int:
    """An argparse ``type``: an int in the seed syntax (ASCII digits, optional sign).

    The message reads after the option's name: ``--seed needs a whole number, not '1.5'``.
    """
    from argparse import ArgumentTypeError  # only the cardgames command parses options

    value = parse_integer(text)
    if value is None:
        raise ArgumentTypeError(f"needs a whole number, not {shown_argument(text)}")
    return value


def positive_integer(text: str) -> int:
    """An argparse ``type``: an int >= 1 in the seed syntax."""
    from argparse import ArgumentTypeError

    value = parse_integer(text)
    if value is None or value < 1:
        raise ArgumentTypeError(
            f"needs a positive whole number, not {shown_argument(text)}")
    return value

