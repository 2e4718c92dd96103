"""The ``cardgames solitaire-1`` subcommand: the game, a simulation, or the exact odds."""

from __future__ import annotations

import argparse

from cardgames.solitaire_aces import odds, program


def positive(text: str) -> int:
    """An argparse type: a positive integer."""
    value = int(text)
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
    parser.add_argument("--seed", type=int, default=0, metavar="I",
                        help="first seed of the simulation (default 0)")
    parser.add_argument("--jobs", type=positive, default=1, metavar="J",
                        help="worker processes for the simulation (default 1)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.exact:
        program.write_lines(program.table_lines(odds.win_counts(), odds.placements()))
        return 0
    if args.games is not None:
        program.simulate(args.games, args.seed, jobs=args.jobs)
        return 0
    return program.main([])
