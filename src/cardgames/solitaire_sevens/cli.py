"""The ``cardgames solitaire-2`` subcommand: one game and its line viewer, or a simulation."""

from __future__ import annotations

import argparse

from cardgames import report, simulation_cli
from cardgames.solitaire_sevens import program

#: The people's table: every outcome by cards left, from the most down to 0 (won).
LAYOUT = report.Layout("Cards left", descending=True)

#: The answer to ``solitaire-2 --exact``, an option of solitaire-1 only.
NO_EXACT = ("the exact odds are solitaire-1's (cardgames solitaire-1 --exact): "
            "solitaire-2's can only be simulated (--games N)")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
               ) -> argparse.ArgumentParser:
    """Add the ``solitaire-2`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-2", help="the 52-card Sevens solitaire, with a line viewer",
        description="The 52-card Sevens solitaire. With no option, prompt for a seed, play "
                    "its game and page through the narration; with --games, print the table "
                    "of cards left.")
    simulation_cli.add_simulation_options(parser)
    parser.add_argument("--exact", action="store_true", help=argparse.SUPPRESS)
    parser.set_defaults(func=run, parser=parser)
    return parser


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.exact:
        parser.error(NO_EXACT)
    simulation_cli.check_simulation_options(parser, args)
    if args.games is not None:
        game = simulation_cli.Game("solitaire-2", "cards_left", LAYOUT, "cards left")
        return simulation_cli.print_simulation(args, game, program.count_cards_left)
    if args.seed is not None:
        return program.play_seed(args.seed)
    return program.main([])
