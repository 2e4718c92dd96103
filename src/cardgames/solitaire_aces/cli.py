"""The ``cardgames solitaire-1`` subcommand: the game, a simulation, or the exact odds."""

from __future__ import annotations

import argparse

from cardgames.console import integer, positive_integer
from cardgames.solitaire_aces import odds, program


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``solitaire-1`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-1", help="the 32-card Aces solitaire",
        description="The 32-card Aces solitaire. With no option, prompt for a seed and "
                    "narrate its game.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true",
                      help="print the exact odds over all 35,960 ace placements")
    mode.add_argument("--games", type=positive_integer, metavar="N",
                      help="simulate N games and print the odds table")
    parser.add_argument("--seed", type=integer, metavar="I",
                        help="first seed of the simulation (default 0); without --games, "
                             "narrate the game of seed I without asking for it")
    parser.add_argument("--jobs", type=positive_integer, metavar="J",
                        help="worker processes for the simulation (default 1)")
    parser.set_defaults(func=lambda args: run(parser, args))
    return parser


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.jobs is not None and args.games is None:
        parser.error("--jobs goes with --games")
    if args.seed is not None and args.exact:
        parser.error("--seed goes with --games, or alone")
    if args.exact:
        program.write_lines(program.table_lines(odds.win_counts(), odds.placements()))
        return 0
    if args.games is not None:
        program.simulate(args.games, args.seed or 0, jobs=args.jobs or 1)
        return 0
    if args.seed is not None:
        program.play_seed(args.seed)
        return 0
    return program.main([])
