"""The ``cardgames 24`` subcommand: solve any values for any target, or print the statistics."""

from __future__ import annotations

import argparse

from cardgames.console import integer, parse_integer
from cardgames.twenty_four import solver
from cardgames.twenty_four.stats import hand_statistics, statistics_lines

MAX_VALUES = 6
_CARD_LETTERS = {"A": 1, "0": 10, "J": 11, "Q": 12, "K": 13}


def parse_value(text: str) -> int:
    """A card letter (A 2..9 0 J Q K, any case; 0 is the ten) or a whole number."""
    card = _CARD_LETTERS.get(text.strip().upper())
    if card is not None:
        return card
    number = parse_integer(text)
    if number is None:
        raise argparse.ArgumentTypeError(
            f"cannot read {text!r} as a value (use A 2-9 10 J Q K, 0 for ten, or a whole number)")
    return number


def _count_line(n: int, what: str) -> str:
    """``No solution.``, ``1 solution.`` or ``<n> solutions.`` (with ``distinct`` when asked)."""
    if n == 0:
        return f"No {what}solution."
    return f"{n} {what}solution{'s' if n > 1 else ''}."


def solve_lines(values: list[int], target: int, distinct: bool) -> list[str]:
    """The solutions in readable infix, sorted, then the count line."""
    found = (solver.distinct_solutions if distinct else solver.solutions)(values, target)
    lines = sorted(solver.infix(expr) for expr in found)
    return lines + [_count_line(len(lines), "distinct " if distinct else "")]


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``24`` subcommand."""
    parser = subparsers.add_parser(
        "24", help="the 24 game: make a target from values with + - * /",
        description="Combine every value once with + - * / (exact fractions allowed) to make "
                    "the target, and print every way. Values are whole numbers or card letters "
                    "A 2-9 0 J Q K (0 is the ten).")
    parser.add_argument("values", nargs="*", type=parse_value, metavar="VALUE",
                        help=f"the values to combine (1 to {MAX_VALUES})")
    parser.add_argument("--target", type=integer, default=24, help="the number to make (24)")
    parser.add_argument("--distinct", action="store_true",
                        help="count expressions that differ only in order or grouping once")
    parser.add_argument("--all-hands", action="store_true",
                        help="statistics over all 1,820 hands of four values from 1 to 13")

    def run(args: argparse.Namespace) -> int:
        """Print the solutions or the statistics."""
        if args.all_hands:
            if args.values:
                parser.error("--all-hands takes no values")
            if args.distinct:  # the statistics count every postfix solution
                parser.error("--all-hands counts every solution: no --distinct")
            lines = statistics_lines(hand_statistics(args.target))
        elif not 1 <= len(args.values) <= MAX_VALUES:
            parser.error(f"give 1 to {MAX_VALUES} values, not {len(args.values)}")
        else:
            lines = solve_lines(args.values, args.target, args.distinct)
        print("\n".join(lines))
        return 0

    parser.set_defaults(func=run)
    return parser
