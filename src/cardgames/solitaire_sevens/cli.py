"""The ``cardgames solitaire-2`` subcommand: one game and its line viewer, or a simulation."""

from __future__ import annotations

import argparse

from cardgames.console import parse_integer
from cardgames.solitaire_sevens import program


def _integer(text: str) -> int:
    """An argparse type: an integer written as the seed prompt reads it (sign, ASCII digits)."""
    value = parse_integer(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    return value


def _positive(text: str) -> int:
    """An argparse type: a positive integer."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {value}")
    return value


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``solitaire-2`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-2", help="the 52-card Sevens solitaire, with a line viewer",
        description="The 52-card Sevens solitaire. With no option, prompt for a seed, play "
                    "its game and page through the narration; with --games, print the table "
                    "of cards left.")
    parser.add_argument("--games", type=_positive, metavar="N",
                        help="simulate N games and print the table of cards left")
    parser.add_argument("--seed", type=_integer, default=None, metavar="I",
                        help="first seed of the simulation (default 0); without --games, "
                             "play the game of seed I without asking for it")
    parser.add_argument("--jobs", type=_positive, default=1, metavar="J",
                        help="worker processes for the simulation (default 1)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.games is not None:
        program.simulate(args.games, args.seed or 0, jobs=args.jobs)
        return 0
    if args.seed is not None:
        return program.play(args.seed)
    return program.main([])
