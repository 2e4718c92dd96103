"""The ``cardgames solitaire-1`` subcommand: the game, a simulation, or the exact odds."""

from __future__ import annotations

import argparse

from cardgames.console import parse_integer
from cardgames.solitaire_aces import odds, program


def integer(text: str) -> int:
    """An argparse type: an integer in the seed syntax (sign, ASCII digits)."""
    value = parse_integer(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    return value


def positive(text: str) -> int:
    """An argparse type: a positive integer."""
    value = integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {value}")
    return value


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``solitaire-1`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-1", help="the 32-card Aces solitaire",
        description="The 32-card Aces solitaire. With no option, prompt for a seed and "
                    "narrate its game.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true",
                      help="print the exact odds over all 35,960 ace placements")
    mode.add_argument("--games", type=positive, metavar="N",
                      help="simulate N games and print the odds table")
    parser.add_argument("--seed", type=integer, metavar="I",
                        help="first seed of the simulation (default 0)")
    parser.add_argument("--jobs", type=positive, metavar="J",
                        help="worker processes for the simulation (default 1)")
    parser.set_defaults(func=lambda args: run(parser, args))
    return parser


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.games is None and (args.seed is not None or args.jobs is not None):
        parser.error("--seed and --jobs go with --games")
    if args.exact:
        program.write_lines(program.table_lines(odds.win_counts(), odds.placements()))
        return 0
    if args.games is not None:
        program.simulate(args.games, args.seed or 0, jobs=args.jobs or 1)
        return 0
    return program.main([])
