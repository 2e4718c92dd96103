"""The two solitaires' shared front end: the seed prompt, the ``N I`` command line of their
probability mode (its UsageError is the Aces Up course program's too), and their ``main``.

Only front ends (``main`` functions) use this module; rules never read or print.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from cardgames.lines import read_line
from cardgames.numbers import integer_text, parse_integer
from cardgames.tiers import TierError

__all__ = ["NO_SEED_MESSAGE", "SEED_PROMPT", "UsageError", "check_simulate_args",
           "parse_simulate_argv", "read_seed", "run_solitaire"]

SEED_PROMPT = "Please enter an integer to feed the seed() function: "
NO_SEED_MESSAGE = "Error: no integer was given for the seed."


class UsageError(ValueError):
    """The command line cannot be read; the message says why."""


def read_seed(prompt: str = SEED_PROMPT,
              read: Callable[[str], str | None] = read_line) -> int | None:
    """Prompt until a line holds an integer and return it; None when input ends first.

    ``read`` returns None or raises EOFError at the end of input; ``read_line`` makes a
    closed stdin and an over-long line the end of input too (spec: one stderr line, status 1).
    """
    while True:
        try:
            line = read(prompt)
        except EOFError:
            line = None
        if line is None:
            return None
        seed = parse_integer(line)
        if seed is not None:
            return seed


def check_simulate_args(n: object, i: object) -> None:
    """Raise ValueError unless n is a positive int and i an int (bools are neither)."""
    if type(n) is not int or n < 1:
        shown = integer_text(n) if type(n) is int else repr(n)
        raise ValueError(f"n must be a positive integer, not {shown}")
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
        raise UsageError(f"N must be a positive integer, not {integer_text(n)}")
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

