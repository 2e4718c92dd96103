"""The ``cardgames solitaire-2`` subcommand: one game and its line viewer, or a simulation."""

from __future__ import annotations

import argparse

from cardgames import report
from cardgames.solitaire_sevens import program


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``solitaire-2`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-2", help="the 52-card Sevens solitaire, with a line viewer",
        description="The 52-card Sevens solitaire. With no option, prompt for a seed, play "
                    "its game and page through the narration; with --games, print the table "
                    "of cards left.")
    report.add_simulation_options(parser)
    parser.set_defaults(func=lambda args: run(parser, args))
    return parser


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    report.check_simulation_options(parser, args)
    if args.games is not None:
        return report.print_simulation(args, "solitaire-2", program.count_cards_left, program.HEADER,
                                       "cards_left", descending=True)
    if args.seed is not None:
        return program.play(args.seed)
    return program.main([])
