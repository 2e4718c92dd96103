"""The ``cardgames solitaire-1`` subcommand: the game, a simulation, or the exact odds."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from cardgames import report, simulation_cli
from cardgames.solitaire_aces import odds, program

#: The people's table: wins only, by cards left, with the total of wins below.
LAYOUT = report.Layout("Won, cards left", total_label="won")
#: The same table, counting ace placements instead of games.
EXACT_LAYOUT = dataclasses.replace(LAYOUT, count_header="Placements")

#: What the picture's horizontal axis shows.
X_LABEL = "cards left in a won game"


def exact() -> report.Exact:
    """The exact odds: wins by cards left, counted over all 35,960 ace placements."""
    return report.Exact(odds.win_counts(), odds.placements(), "placements")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
               ) -> argparse.ArgumentParser:
    """Add the ``solitaire-1`` subcommand."""
    parser = subparsers.add_parser(
        "solitaire-1", help="the 32-card Aces solitaire",
        description="The 32-card Aces solitaire. With no option, prompt for a seed and "
                    "narrate its game.")
    parser.add_argument("--exact", action="store_true",
                        help="print the exact odds over all 35,960 ace placements")
    simulation_cli.add_simulation_options(parser, exact=True)
    parser.set_defaults(func=run, parser=parser)
    return parser


def exact_lines(width: int = report.DEFAULT_WIDTH) -> list[str]:
    """The exact odds table: the placements of each outcome, their share, the total of wins."""
    table = exact()
    return report.table(EXACT_LAYOUT, table.counts, table.total, intervals=False, width=width)


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out the subcommand; return the exit status."""
    if args.exact:
        given = [name for name, on in (("--games", args.games is not None),
                                       ("--seed", args.seed is not None),
                                       ("--jobs", args.jobs is not None),
                                       ("--scheduler", args.scheduler is not None),
                                       ("--tier", bool(args.tier))) if on]
        if given:
            parser.error(f"--exact counts every ace placement: no {', '.join(given)} "
                         "(--json and --plot are allowed)")
    simulation_cli.check_simulation_options(parser, args, has_exact=True)
    if args.exact:
        return print_exact(args)
    if args.games is not None:
        game = simulation_cli.Game("solitaire-1", "cards_left_when_winning", LAYOUT, X_LABEL,
                                   exact())
        return simulation_cli.print_simulation(args, game, program.count_wins)
    if args.seed is not None:
        program.play_seed(args.seed)
        return 0
    return program.main([])


def print_exact(args: argparse.Namespace) -> int:
    """Print the exact odds (table or JSON), and draw them if asked; return the status."""
    title = f"solitaire-1: exact odds over {report.count_text(exact().total)} ace placements"
    if args.json:
        text = report.exact_json("solitaire-1", exact(), "cards_left_when_winning", "won")
    else:
        text = "\n".join(exact_lines(report.output_width(sys.stdout)))
    return simulation_cli.print_with_plot(
        args.plot, lambda: report.exact_plot(title, X_LABEL, exact()), lambda: text)
