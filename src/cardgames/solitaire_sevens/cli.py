"""The ``cardgames solitaire-2`` subcommand: one game and its line viewer, or a simulation."""

from __future__ import annotations

import argparse

from cardgames.console import integer, positive_integer
from cardgames.solitaire_sevens import program


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``solitaire-2`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-2", help="the 52-card Sevens solitaire, with a line viewer",
        description="The 52-card Sevens solitaire. With no option, prompt for a seed, play "
                    "its game and page through the narration; with --games, print the table "
                    "of cards left.")
    parser.add_argument("--games", type=positive_integer, metavar="N",
                        help="simulate N games and print the table of cards left")
    parser.add_argument("--seed", type=integer, default=None, metavar="I",
                        help="first seed of the simulation (default 0); without --games, "
                             "play the game of seed I without asking for it")
    parser.add_argument("--jobs", type=positive_integer, default=1, metavar="J",
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
