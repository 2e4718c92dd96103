"""The ``cardgames aces-up`` subcommand: the classic Aces Up game."""

from __future__ import annotations

import argparse

from cardgames.console import parse_integer
from cardgames.aces_up.program import main


def _seed(text: str) -> int:
    """An argparse type: a decimal integer, as ``aces_up.py --seed`` reads it."""
    seed = parse_integer(text)
    if seed is None:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    return seed


def _play(args: argparse.Namespace) -> int:
    """Play the classic game; Ctrl-C ends it quietly with status 0."""
    try:
        main(seed=args.seed)
    except KeyboardInterrupt:
        pass
    return 0


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``aces-up`` subcommand."""
    parser = subparsers.add_parser(
        "aces-up", help="Aces Up solitaire (D, F x, T x y, R, H, Q at the prompt)",
        description="Play Aces Up with the classic command menu.")
    parser.add_argument("--seed", type=_seed, default=None, metavar="N",
                        help="seed every shuffle with N (random.seed(N)), so games replay")
    parser.set_defaults(func=_play)
    return parser
