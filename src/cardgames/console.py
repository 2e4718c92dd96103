"""What the programs' front ends share: the integer syntax, the seed prompt, the
``N I`` command line of the probability modes, and a clean exit on Ctrl-C or a closed pipe.

Only front ends (``main`` functions) use this module; rules never read or print.
"""

from __future__ import annotations

import functools
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Sequence

from cardgames.tiers import TierError

SEED_PROMPT = "Please enter an integer to feed the seed() function: "
NO_SEED_MESSAGE = "Error: no integer was given for the seed."

_INTEGER = re.compile(r"[+-]?[0-9]+")


class UsageError(ValueError):
    """The command line cannot be read; the message says why."""


def parse_integer(text: str) -> int | None:
    """The int written by ``text`` (optional sign, ASCII digits, surrounding blanks), else None.

    Any length is read, beyond the digit limit that ``int(str)`` enforces since Python 3.11.
    """
    text = text.strip()
    if _INTEGER.fullmatch(text) is None:
        return None
    sign, digits = (-1, text[1:]) if text[0] == "-" else (1, text.lstrip("+"))
    return sign * _digits_value(digits.lstrip("0") or "0")


#: Digits converted per ``int`` call: below the interpreter's default limit of 4,300.
_DIGITS_AT_ONCE = 4000


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
    return 10 ** exponent


def integer(text: str) -> int:
    """An argparse ``type``: an int in the seed syntax; ValueError makes argparse say "invalid integer"."""
    value = parse_integer(text)
    if value is None:
        raise ValueError(f"not an integer: {text!r}")
    return value


def positive_integer(text: str) -> int:
    """An argparse ``type``: an int >= 1 in the seed syntax."""
    value = integer(text)
    if value < 1:
        raise ValueError(f"not a positive integer: {text!r}")
    return value


def read_seed(prompt: str = SEED_PROMPT, read: Callable[[str], str] = input) -> int | None:
    """Prompt until a line holds an integer and return it; None when input ends first."""
    while True:
        try:
            line = read(prompt)
        except (EOFError, RuntimeError):  # RuntimeError: input() finds stdin closed (<&-)
            return None
        seed = parse_integer(line)
        if seed is not None:
            return seed


def check_simulate_args(n: object, i: object) -> None:
    """Raise ValueError unless n is a positive int and i an int (bools are neither)."""
    if type(n) is not int or n < 1:
        raise ValueError(f"n must be a positive integer, not {n!r}")
    if type(i) is not int:
        raise ValueError(f"i must be an integer, not {i!r}")


def parse_simulate_argv(argv: Sequence[str]) -> tuple[int, int]:
    """Read the ``N I`` arguments of a probability mode, or raise UsageError."""
    if len(argv) != 2:
        raise UsageError(f"expected 2 arguments N I, got {len(argv)}")
    n, i = (parse_integer(arg) for arg in argv)
    if n is None or i is None:
        bad = argv[0] if n is None else argv[1]
        raise UsageError(f"not an integer: {bad!r}")
    if n < 1:
        raise UsageError(f"N must be a positive integer, not {n}")
    return n, i


def run_solitaire(argv: Sequence[str], program: str,
                  play: Callable[[int], int | None],
                  simulate: Callable[[int, int], None]) -> int:
    """The shared ``main`` of the two solitaires: no argument plays, ``N I`` simulates."""
    if not argv:
        seed = read_seed()
        if seed is None:
            print(NO_SEED_MESSAGE, file=sys.stderr)
            return 1
        print()
        return play(seed) or 0
    try:
        n, i = parse_simulate_argv(argv)
    except UsageError as error:
        print(f"usage: python3 {program} [N I]  ({error})", file=sys.stderr)
        return 2
    try:
        simulate(n, i)
    except TierError as error:  # $CARDGAMES_TIER names a tier that cannot run here
        print(f"{program}: {error}", file=sys.stderr)
        return 2
    return 0


def use_utf8() -> None:
    """Read and write UTF-8 whatever the locale; undecodable input bytes pass through as they are.

    Such bytes become lone surrogates (``surrogateescape``): never a card, a seed or a command,
    so they get the ordinary message for bad input, and echoing them writes the same bytes.
    """
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "surrogateescape"),
                           (sys.stderr, "backslashreplace")):
        try:
            stream.reconfigure(encoding="utf-8", errors=errors)
        except (AttributeError, ValueError):  # not a text stream, or closed
            pass


def run(main: Callable[[], int | None], interrupted_status: int = 130) -> int:
    """Run a program's ``main`` with UTF-8 streams, ending quietly on Ctrl-C or a closed pipe."""
    if sys.stdout is None:  # started with its output closed (>&-): nowhere to write
        return 1
    use_utf8()
    try:
        if threading.current_thread() is threading.main_thread():
            # from here on Ctrl-C is KeyboardInterrupt, handled below (a script may have
            # set a handler of its own for the time it loads)
            signal.signal(signal.SIGINT, signal.default_int_handler)
        status = main() or 0
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return interrupted_status
    except BrokenPipeError:
        # The reader went away (``| head``): point stdout at nothing so the final flush is silent.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
