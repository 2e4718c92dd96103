"""Simulation results for people and for scripts: the odds table with a 95% confidence
interval per row (and the exact value where it is known), as text or JSON, and a progress
bar on a terminal.

The root scripts print the assignment's bare table (``simulate.table_lines``); the
``cardgames`` command prints this richer one.  Everything comes from integer counts.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TextIO

from cardgames.simulate import wilson_interval
from cardgames import tiers
from cardgames.tiers import AUTO, TIERS, TierError

#: Runs of at least this many games show a progress bar (on a terminal only).
LONG_RUN = 100_000


def rows(counts: Mapping[int, int], exact: Mapping[int, Fraction] | None = None,
         descending: bool = False) -> list[int]:
    """The outcomes to list: every one seen, and every one with a known positive probability."""
    keys = {k for k, c in counts.items() if c} | {k for k, p in (exact or {}).items() if p}
    return sorted(keys, reverse=descending)


def table(header: str, counts: Mapping[int, int], n: int,
          exact: Mapping[int, Fraction] | None = None, descending: bool = False) -> list[str]:
    """The odds table with a Wilson 95% interval per row, and the exact odds when given."""
    key_width = header.index(" | ")
    head = f"{header} |      95% interval"
    if exact is not None:
        head += " |     Exact"
    lines = [head, "-" * len(head)]
    for k in rows(counts, exact, descending):
        count = counts.get(k, 0)
        low, high = wilson_interval(count, n)
        line = f"{k:>{key_width}} | {count / n:9.2%} | {low:7.2%} – {high:7.2%}"
        if exact is not None:
            line += f" | {float(exact.get(k, 0)):9.2%}"
        lines.append(line)
    return lines


def as_json(game: str, counts: Mapping[int, int], n: int, first_seed: int, outcome: str,
            exact: Mapping[int, Fraction] | None = None, descending: bool = False) -> str:
    """The same results as a JSON document (counts as integers, exact odds as fractions)."""
    listed = []
    for k in rows(counts, exact, descending):
        count = counts.get(k, 0)
        row = {outcome: k, "games": count, "frequency": count / n,
               "ci95": list(wilson_interval(count, n))}
        if exact is not None:
            probability = exact.get(k, Fraction(0))
            row["exact"] = str(probability)
            row["exact_value"] = float(probability)
        listed.append(row)
    return json.dumps({"game": game, "games": n, "first_seed": first_seed, "rows": listed},
                      indent=2)


def progress_bar(total: int, stream: TextIO | None = None,
                 width: int = 30) -> Callable[[int], None] | None:
    """A callback drawing a progress bar on ``stream`` (stderr), or None when not wanted.

    Only a long run on a terminal gets one, so pipes and files never see it.
    """
    stream = sys.stderr if stream is None else stream
    if total < LONG_RUN or not getattr(stream, "isatty", lambda: False)():
        return None
    started = time.monotonic()

    def show(done: int) -> None:
        filled = width * done // total
        elapsed = time.monotonic() - started
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} games "
                     f"{elapsed:5.1f} s")
        if done >= total:
            stream.write("\r" + " " * (width + 40) + "\r")
        stream.flush()

    return show


def add_simulation_options(parser) -> None:
    """The options of a simulation subcommand: --games, --seed, --jobs, --json."""
    from cardgames.console import integer, positive_integer

    parser.add_argument("--games", type=positive_integer, metavar="N",
                        help="simulate N games and print the odds with 95%% intervals")
    parser.add_argument("--seed", type=integer, metavar="I",
                        help="first seed of the simulation (default 0); without --games, "
                             "play the game of seed I without asking for it")
    parser.add_argument("--jobs", type=positive_integer, metavar="J",
                        help="worker processes for the simulation (default 1)")
    parser.add_argument("--json", action="store_true",
                        help="with --games (or --exact): print the results as JSON")
    parser.add_argument("--tier", choices=(AUTO, *TIERS), metavar="TIER",
                        help="with --games: how to play the games: stdlib, numpy, numba, or "
                             "auto (default: the fastest installed; the table is the same)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --games: run on a Dask cluster, e.g. tcp://host:8786 "
                             "(needs the 'distributed' extra)")


def check_simulation_options(parser, args, json_alone: bool = False) -> None:
    """Reject options that mean nothing together (argparse's error: usage, status 2).

    ``json_alone``: --json is allowed without --games (e.g. with solitaire-1's --exact).
    """
    if args.games is None and (args.jobs is not None or args.scheduler or args.tier
                               or (args.json and not json_alone)):
        parser.error("--jobs, --scheduler, --tier and --json go with --games")
    if args.jobs is not None and args.scheduler:
        parser.error("--jobs and --scheduler exclude each other (the cluster has its workers)")


def print_simulation(args, game: str, count, header: str, outcome: str,
                     exact: Mapping[int, Fraction] | None = None,
                     descending: bool = False) -> int:
    """Run the simulation the options ask for and print its table (or JSON); return the status."""
    from cardgames.simulate import count_outcomes, on_tier

    first, n = args.seed or 0, args.games
    try:
        if args.scheduler:  # the workers choose, among their own tiers, for a run of n games
            count = functools.partial(count, tier=tiers.requested(args.tier), run_games=n)
        else:
            count = on_tier(count, n, args.tier)
    except TierError as error:
        print(f"cardgames: {error}", file=sys.stderr)
        return 2
    progress = progress_bar(n)
    if args.scheduler:
        try:
            from distributed import Client  # optional: the 'distributed' extra
        except ImportError:
            print("cardgames: --scheduler needs Dask: pip install 'cardgames[distributed]'",
                  file=sys.stderr)
            return 2
        try:
            with Client(args.scheduler, timeout="10s") as client:
                counts = count_outcomes(count, first, n, executor=client.get_executor(),
                                        progress=progress)
        except OSError as error:  # no scheduler there, or it went away
            print(f"cardgames: cannot use the scheduler {args.scheduler}: {error}",
                  file=sys.stderr)
            return 1
        except TierError as error:  # the tier asked for is not installed on the workers
            print(f"cardgames: on the cluster's workers, {error}", file=sys.stderr)
            return 2
    else:
        counts = count_outcomes(count, first, n, jobs=args.jobs or 1, progress=progress)
    if args.json:
        print(as_json(game, counts, n, first, outcome, exact, descending))
    else:
        print("\n".join(table(header, counts, n, exact, descending)))
    return 0
