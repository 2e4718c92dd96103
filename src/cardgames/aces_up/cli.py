"""The ``cardgames aces-up`` subcommand: the rich game (default), the classic game
(``--classic``) and the solver (``--solve``)."""

from __future__ import annotations

import argparse
import math
import os
import sys

from cardgames.console import StatusLine, integer, integer_text, parse_number
from cardgames.tiers import TierError
from cardgames.aces_up.program import main


def _budget(text: str) -> float:
    """An argparse type: a positive number of seconds, in the number syntax of every option,
    or ``inf`` (no time limit: the memory the solver may use is bounded by --memory)."""
    if text.strip().lower() == "inf":
        return math.inf
    seconds = parse_number(text)
    if seconds is None or not seconds > 0:
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return seconds


def _play(args: argparse.Namespace) -> int:
    """Play the chosen game, or solve a deal; Ctrl-C ends a game quietly with status 0."""
    check(args)
    tier = None
    if not args.classic:
        from cardgames.aces_up.solver import solver_tier, wanted_tier
        try:
            if args.solve or args.tier is not None:
                with StatusLine() as status:
                    status.show(LOADING)
                    tier = solver_tier(args.tier)
            else:   # the game loads the solver at its first hint; a bad $CARDGAMES_TIER: now
                wanted_tier()
        except TierError as error:
            args.parser.error(str(error))
    if args.solve:
        return _solve(args, tier)
    try:
        if args.classic:
            main(seed=args.seed)
        else:
            from cardgames.aces_up.interactive import Session, play
            play(Session(args.seed, not args.no_lone_moves, args.budget,
                         memory=args.memory << 20, tier=tier))
    except KeyboardInterrupt:
        pass
    return 0


def _solve(args: argparse.Namespace, tier: str | None) -> int:
    """Print the verdict on stderr and a winning line's commands on stdout.

    Exit status: 0 winnable, 1 cannot be won, 3 unsettled within the budget, 130 unsettled
    because Ctrl-C stopped the search (74, from ``cardgames.cli``, when the output cannot
    be written).
    """
    from cardgames.aces_up.interactive import solve_seed
    from cardgames.aces_up.solver import Status, line_commands
    from cardgames.aces_up.text import solving_line
    rules = " (no lone moves)" if args.no_lone_moves else ""
    seed = integer_text(args.seed)  # any size: str() refuses more than 4,300 digits
    with StatusLine() as status:
        verdict = solve_seed(args.seed, not args.no_lone_moves, args.budget, tier=tier,
                             memory=args.memory << 20,
                             progress=lambda positions, seconds:
                             status.show(solving_line(positions, seconds)))
    work = (f"{SEARCH_NAMES[verdict.tier]}, {verdict.nodes:,} positions in "
            f"{verdict.seconds:.2f} s")
    if verdict.status is Status.WINNABLE:
        print(f"seed {seed}{rules}: winnable, a winning line of {len(verdict.line)} "
              f"commands follows ({work})", file=sys.stderr)
        print("\n".join(line_commands(verdict.line)))
        return 0
    if verdict.status is Status.LOST:
        print(f"seed {seed}{rules}: cannot be won (proved by exhaustive search; {work})",
              file=sys.stderr)
        return 1
    if verdict.interrupted:
        print(f"seed {seed}{rules}: unsettled, interrupted ({work})", file=sys.stderr)
        sys.stderr.flush()
        os._exit(130)   # at once: freeing what the search remembered can take seconds
    print(f"seed {seed}{rules}: unsettled within {args.budget:g} s ({work})",
          file=sys.stderr)
    return 3


LOADING = "loading the solver (the first time, compiling it takes about 20 s)"
#: How the verdict names the search that ran.
SEARCH_NAMES = {"stdlib": "reference search", "numba": "compiled search"}


def _memory(text: str) -> int:
    """An argparse type: the solver's memory budget in MiB (at least MIN_MEMORY_MIB)."""
    value = parse_number(text)
    if value is None or value != int(value) or not MIN_MEMORY_MIB <= value <= MAX_MEMORY_MIB:
        raise argparse.ArgumentTypeError(
            f"not a whole number of MiB from {MIN_MEMORY_MIB} to {MAX_MEMORY_MIB:,}: {text!r}")
    return int(value)


MIN_MEMORY_MIB = 64
MAX_MEMORY_MIB = 1 << 20


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
                        help="the solver's time budget per question (default 10, inf for no "
                             "limit; not with --classic, which has no solver)")
    parser.add_argument("--memory", type=_memory, default=None, metavar="MIB",
                        help="the most memory the solver may use for what it remembers, "
                             "in MiB (default 1024): past it, it forgets, which costs time, "
                             "never a verdict")
    parser.add_argument("--tier", default=None, metavar="TIER",
                        help="the solver's search: numba (compiled, the default when the "
                             "jit extra is installed) or stdlib (the reference)")
    parser.set_defaults(func=_play, parser=parser)
    return parser


def check(args: argparse.Namespace) -> None:
    """Reject option combinations that make no sense (argparse exits with status 2)."""
    if args.solve and args.seed is None:
        args.parser.error("--solve needs --seed N")
    if args.classic and (args.solve or args.no_lone_moves or args.budget is not None
                         or args.memory is not None or args.tier is not None):
        args.parser.error("--classic plays aces_up.py's game: no --solve, --no-lone-moves, "
                          "--budget, --memory or --tier")
    if args.budget is None and not args.classic:
        from cardgames.aces_up.interactive import DEFAULT_BUDGET
        args.budget = DEFAULT_BUDGET
    if args.memory is None and not args.classic:
        from cardgames.aces_up.solver import DEFAULT_MEMORY
        args.memory = DEFAULT_MEMORY >> 20
