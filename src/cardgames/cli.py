"""The ``cardgames`` command: one subcommand per game, each defined by its game's package.

Every game package has a ``cli`` module with ``add_parser(subparsers)``, which adds its
subcommand and sets ``func(args) -> int`` as the parser default.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
from collections.abc import Sequence

from cardgames import __version__

#: The subcommands, in the order ``--help`` lists them, and the modules that define them.
GAMES = (
    "cardgames.solitaire_aces.cli",
    "cardgames.solitaire_sevens.cli",
    "cardgames.aces_up.cli",
    "cardgames.twenty_four.cli",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every game's subcommand."""
    parser = argparse.ArgumentParser(
        prog="cardgames",
        description="Classic card games: the Aces and Sevens solitaires, Aces Up, the 24 game.")
    parser.add_argument("--version", action="version", version=f"cardgames {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in GAMES:
        importlib.import_module(module).add_parser(subparsers)
    return parser


def command() -> int:
    """The ``cardgames`` command: ``main``, with Ctrl-C ending quietly while the games load."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not when ignored
        signal.signal(signal.SIGINT, lambda *_: sys.exit(130))  # until console.run takes over
    return main()


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen subcommand; return the exit status."""
    from cardgames.console import IO_ERROR_STATUS, replace_closed_streams, run

    replace_closed_streams()  # argparse writes stderr's messages on stdout if stderr is None
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    return run(lambda: args.func(args), unwritable_status=IO_ERROR_STATUS)
