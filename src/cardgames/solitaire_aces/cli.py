"""The ``cardgames solitaire-1`` subcommand: the game, a simulation, or the exact odds."""

from __future__ import annotations

import argparse
import json

from cardgames import report
from cardgames.solitaire_aces import odds, program


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``solitaire-1`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-1", help="the 32-card Aces solitaire",
        description="The 32-card Aces solitaire. With no option, prompt for a seed and "
                    "narrate its game.")
    parser.add_argument("--exact", action="store_true",
                        help="print the exact odds over all 35,960 ace placements")
    report.add_simulation_options(parser)
    parser.set_defaults(func=lambda args: run(parser, args))
    return parser


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.exact and (args.games is not None or args.seed is not None or args.jobs is not None
                       or args.scheduler is not None):
        parser.error("--exact goes alone (or with --json)")
    report.check_simulation_options(parser, args, json_alone=args.exact)
    if args.exact:
        if args.json:
            exact = {left: str(p) for left, p in odds.win_odds().items()}
            print(json.dumps({"game": "solitaire-1", "placements": odds.placements(),
                              "cards_left_when_winning": exact}, indent=2))
        else:
            program.write_lines(program.table_lines(odds.win_counts(), odds.placements()))
        return 0
    if args.games is not None:
        return report.print_simulation(args, "solitaire-1", program.count_wins,
                                       program.TABLE_HEADER, "cards_left_when_winning",
                                       exact=odds.win_odds())
    if args.seed is not None:
        program.play_seed(args.seed)
        return 0
    return program.main([])
