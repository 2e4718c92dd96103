"""The ``cardgames aces-up`` subcommand: the rich game (default), the classic game
(``--classic``) and the solver (``--solve``)."""

from __future__ import annotations

import argparse
import sys

from cardgames.console import integer, integer_text, parse_number
from cardgames.aces_up.program import main


def _budget(text: str) -> float:
    """An argparse type: a positive number of seconds, in the number syntax of every option."""
    seconds = parse_number(text)
    if seconds is None or not seconds > 0:
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return seconds


def _play(args: argparse.Namespace) -> int:
    """Play the chosen game, or solve a deal; Ctrl-C ends a game quietly with status 0."""
    check(args)
    if args.solve:
        return _solve(args)
    try:
        if args.classic:
            main(seed=args.seed)
        else:
            from cardgames.aces_up.interactive import Session, play
            play(Session(args.seed, not args.no_lone_moves, args.budget))
    except KeyboardInterrupt:
        pass
    return 0


def _solve(args: argparse.Namespace) -> int:
    """Print the verdict on stderr and a winning line's commands on stdout.

    Exit status: 0 winnable, 1 cannot be won, 3 unsettled within the budget (74, from
    ``cardgames.cli``, when the output cannot be written).
    """
    from cardgames.aces_up.interactive import solve_seed
    from cardgames.aces_up.solver import Status, line_commands
    verdict = solve_seed(args.seed, not args.no_lone_moves, args.budget)
    rules = " (no lone moves)" if args.no_lone_moves else ""
    seed = integer_text(args.seed)  # any size: str() refuses more than 4,300 digits
    if verdict.status is Status.WINNABLE:
        print(f"seed {seed}{rules}: winnable, a winning line of {len(verdict.line)} "
              f"commands follows", file=sys.stderr)
        print("\n".join(line_commands(verdict.line)))
        return 0
    if verdict.status is Status.LOST:
        print(f"seed {seed}{rules}: cannot be won (proved by exhaustive search)",
              file=sys.stderr)
        return 1
    print(f"seed {seed}{rules}: unsettled within {args.budget:g} s", file=sys.stderr)
    return 3


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``aces-up`` subcommand."""
    parser = subparsers.add_parser(
        "aces-up", help="Aces Up solitaire (D, F x, T x y, R, H, Q at the prompt)",
        description="Play Aces Up: the classic commands plus undo (U), hints (? or hint) "
                    "and solve; --classic plays the classic game of aces_up.py; "
                    "--solve --seed N prints a winning line for a deal.")
    parser.add_argument("--seed", type=integer, default=None, metavar="N",
                        help="seed every shuffle with N (random.seed(N)), so games replay")
    parser.add_argument("--classic", action="store_true",
                        help="the classic game exactly as aces_up.py plays it (no undo, hints "
                             "or solver)")
    parser.add_argument("--solve", action="store_true",
                        help="do not play: say whether deal N can be won (on stderr) and "
                             "print a winning line of commands for aces_up.py --seed N")
    parser.add_argument("--no-lone-moves", action="store_true",
                        help="variant: a card alone in its column may not move "
                             "(not with --classic)")
    parser.add_argument("--budget", type=_budget, default=None, metavar="SECONDS",
                        help="the solver's time budget per question (default 10; not with "
                             "--classic, which has no solver)")
    parser.set_defaults(func=_play, parser=parser)
    return parser


def check(args: argparse.Namespace) -> None:
    """Reject option combinations that make no sense (argparse exits with status 2)."""
    if args.solve and args.seed is None:
        args.parser.error("--solve needs --seed N")
    if args.classic and (args.solve or args.no_lone_moves or args.budget is not None):
        args.parser.error("--classic plays aces_up.py's game: no --solve, --no-lone-moves "
                          "or --budget")
    if args.budget is None and not args.classic:
        from cardgames.aces_up.interactive import DEFAULT_BUDGET
        args.budget = DEFAULT_BUDGET
