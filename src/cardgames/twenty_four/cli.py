"""The ``cardgames 24`` subcommand: solve any values for any target, or print the statistics.

How the values are read (all at parse time, so a bad one is a usage error, status 2):

- One token of exactly four cards is a hand, as ``twenty_four.py`` reads it: ``3388``,
  ``A23Q``, ``10JQK``, ``aaaa`` (cards in any case; the ten is ``0``, ``T`` or ``10``).
- Otherwise each token is one value: a card (``A 2-9 T J Q K``, ``0`` or ``10`` for the
  ten) or a whole number with an optional sign.  A bare ``0`` is the ten, as in a hand, and
  a note on stderr says so; zero is written ``+0`` (or ``-0``, ``00``).
- A single token that is one value (``1111``, ``1038``, ``24``) gets a note on stderr, as
  one value is rarely what was meant: the answer is the value itself or no solution.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import NamedTuple

from cardgames.numbers import integer_text, parse_integer
from cardgames.twenty_four import solver
from cardgames.twenty_four.stats import HAND_SIZE, hand_statistics, statistics_lines

MAX_VALUES = 6
WIDTH = 79
_CARD_LETTERS = {"A": 1, "T": 10, "0": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_CARDS = re.compile(r"(?:10|[2-9ATJQK0])+", re.IGNORECASE)
_CARD = re.compile(r"10|[2-9ATJQK0]", re.IGNORECASE)
_LONGEST_CARDS = 2 * MAX_VALUES  # six tens, ``101010101010``
_VALUE_SYNTAX = "values are whole numbers (ASCII digits) or cards: A 2-9 T J Q K"
_NOTE_ROOM = WIDTH - len("cardgames 24: note: ")
ZERO_NOTE = "0 is the ten, as in twenty_four.py; zero is +0"


class ValuesError(ValueError):
    """The values cannot be read; the message says why, in the user's words."""


class Reading(NamedTuple):
    """The values read from the command line, and notes on how they were read."""

    values: list[int]
    notes: list[str]


def shown(text: str, limit: int = 12) -> str:
    """A token as a message quotes it: ``repr``, cut short past ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit])[:-1] + "...'"


def cards_of(token: str) -> list[str] | None:
    """The cards of a token made only of cards (``10jq`` -> ``10 J Q``), else None."""
    text = token.strip()
    if len(text) > _LONGEST_CARDS or not text.isascii() or not _CARDS.fullmatch(text):
        return None
    return [card.upper() for card in _CARD.findall(text)]


def card_values(token: str) -> list[int] | None:
    """The values of a token made only of cards (``3388``, ``10jq``), else None."""
    cards = cards_of(token)
    return None if cards is None else [_CARD_LETTERS.get(card) or int(card) for card in cards]


def parse_value(text: str) -> int:
    """One value: a card (A 2-9 T J Q K, any case; 0 or 10 is the ten) or a whole number."""
    token = text.strip()
    if token.isascii() and token.upper() in _CARD_LETTERS:
        return _CARD_LETTERS[token.upper()]
    number = parse_integer(text)
    if number is not None:
        return number
    cards = cards_of(text)
    if cards is not None and len(cards) == HAND_SIZE:
        raise ValuesError(f"{shown(text)} is a hand: give it alone or its cards apart")
    if cards is not None:
        raise ValuesError(f"{shown(text)} is {len(cards)} cards (a hand is four): "
                          "give them apart")
    raise ValuesError(f"cannot read {shown(text)} as a value\n{_VALUE_SYNTAX}")


def _one_value_note(token: str) -> str:
    """The note for a single token read as one value, with how to give several instead.

    A token of digits suggests its cards (``1038``: 10 3 8) or else its digits (``1111``).
    """
    text = token.strip()
    parts = cards_of(text)
    if parts is None and text.isdigit() and len(text) <= MAX_VALUES:
        parts = list(text)
    if parts is not None and len(parts) > 1:
        apart = " ".join("10" if part in ("0", "T") else part for part in parts)
        note = f"{shown(text)} is one value; for {apart}, give them apart"
        if len(note) <= _NOTE_ROOM:
            return note
    return "read one value; give a hand (3388) or several values apart"


def _cards_apart_note(token: str) -> str:
    """The note for a number among other values that also reads as several cards."""
    apart = " ".join("10" if card == "0" else card for card in cards_of(token) or ())
    note = f"{shown(token)} is one value here; for {apart}, give them apart"
    return note if len(note) <= _NOTE_ROOM else f"{shown(token)} is one value here"


def read_values(tokens: Sequence[str]) -> Reading:
    """The values of the command line's tokens (module docstring), or ValuesError."""
    if len(tokens) == 1:
        cards = card_values(tokens[0])
        if cards is not None and len(cards) == HAND_SIZE:
            return Reading(cards, [])
    values = [parse_value(token) for token in tokens]
    notes = [ZERO_NOTE] if any(token.strip() == "0" for token in tokens) else []
    if len(tokens) == 1:
        notes.append(_one_value_note(tokens[0]))
    else:
        notes += [_cards_apart_note(token) for token in tokens
                  if token.strip().isdigit() and len(cards_of(token) or ()) > 1]
    return Reading(values, notes)


class ReadValues(argparse.Action):
    """Stores ``values`` and ``notes`` from the tokens; an unreadable one is a usage error."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 tokens: object, option_string: str | None = None) -> None:
        """Read the tokens (a list of strings) into the namespace."""
        try:
            reading = read_values(list(tokens) if isinstance(tokens, list) else [])
        except ValuesError as error:
            parser.error(str(error))
        namespace.values, namespace.notes = reading


def target_number(text: str) -> int:
    """An argparse ``type`` for ``--target``: a whole number, with a message in plain words."""
    number = parse_integer(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}")
    return number


def _plural(n: int, noun: str) -> str:
    """``1 form``, ``12 forms``, ``1,234 forms``."""
    return f"{integer_text(n, ',')} {noun}{'' if n == 1 else 's'}"


def _aligned(rows: list[tuple[str, str]]) -> list[str]:
    """``left  right`` lines, the right column aligned where the lines stay within WIDTH."""
    width = max((len(left) for left, right in rows if len(left) + 2 + len(right) <= WIDTH),
                default=0)
    return [f"{left:<{width}}  {right}" for left, right in rows]


def distinct_lines(values: list[int], target: int) -> list[str]:
    """Each distinct solution with the number of postfix forms behind it, then the count."""
    found = solver.distinct_solution_counts(values, target)
    if not found:
        return ["No solution."]
    rows = sorted((solver.infix(expr), n) for expr, n in found)
    forms = sum(n for _, n in rows)
    return _aligned([(text, f"({_plural(n, 'form')})") for text, n in rows]) + [
        f"{_plural(len(rows), 'distinct solution')} ({_plural(forms, 'postfix form')})."]


def forms_lines(values: list[int], target: int) -> list[str]:
    """Every postfix form that makes the target, in readable infix, sorted, then the count."""
    lines = sorted(solver.infix(expr) for expr in solver.solutions(values, target))
    return lines + [f"{_plural(len(lines), 'postfix form')}." if lines else "No solution."]


DESCRIPTION = """\
Combine every value once with + - * / (exact fractions allowed) to make the
target. Solutions that differ only in the order or grouping of + and -, or of
* and /, are one distinct solution, listed with the number of postfix forms
(as twenty_four.py prints them) behind it."""

EXAMPLES = """\
examples:
  cardgames 24 3388                   a hand: 8/(3-8/3)
  cardgames 24 A 2 3 Q                3 distinct solutions (33 postfix forms)
  cardgames 24 --forms A23Q           all 33 postfix forms
  cardgames 24 --target 100 1 5 6 7 9
  cardgames 24 --target 0 +0 5        zero is +0 (a bare 0 is the ten)"""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
               ) -> argparse.ArgumentParser:
    """Add the ``24`` subcommand."""
    parser = subparsers.add_parser(
        "24", help="the 24 game: make a target from values with + - * /",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description=DESCRIPTION)
    parser.add_argument("values", nargs="*", action=ReadValues, default=[], metavar="VALUE",
                        help=f"1 to {MAX_VALUES} values: cards A 2-9 T J Q K (0 or 10 is the "
                             "ten) or whole numbers (zero is +0); or one token of four "
                             "cards, a hand, as twenty_four.py reads it: 3388, A23Q, 10JQK")
    parser.add_argument("--target", type=target_number, default=solver.TARGET,
                        help=f"the whole number to make ({solver.TARGET})")
    parser.add_argument("--forms", action="store_true",
                        help="list every postfix form (each order and grouping) instead")
    parser.add_argument("--distinct", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--all-hands", action="store_true",
                        help="statistics over all 1,820 hands of four values from 1 to 13")
    parser.set_defaults(notes=[], func=run, parser=parser)
    return parser


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Print the solutions or the statistics."""
    if args.all_hands:
        if args.values:
            parser.error("--all-hands takes no values")
        if args.distinct or args.forms:  # the statistics count every postfix form
            parser.error("--all-hands counts every postfix form: "
                         f"no {'--distinct' if args.distinct else '--forms'}")
        lines = statistics_lines(hand_statistics(args.target))
    else:
        check_count(parser, len(args.values))
        if args.distinct and args.forms:
            parser.error("give --forms or --distinct, not both")
        for note in args.notes:
            print(f"{parser.prog}: note: {note}", file=sys.stderr)
        lines = (forms_lines if args.forms else distinct_lines)(args.values, args.target)
    print("\n".join(lines))
    return 0


def check_count(parser: argparse.ArgumentParser, count: int) -> None:
    """A usage error unless there are 1 to MAX_VALUES values."""
    if count == 0:
        parser.error(f"give 1 to {MAX_VALUES} values, or a hand of four cards as in 3388")
    if count > MAX_VALUES:
        parser.error(f"give at most {MAX_VALUES} values, not {count}")
