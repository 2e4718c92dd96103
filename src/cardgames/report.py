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
    """The same results as a JSON document (counts as integers, exact odds as fractions).

    ``games`` and ``first_seed`` are JSON numbers with every digit, however many: JSON sets
    no limit, and the type of a field does not change with its size (Python's ``json.loads``
    reads one of more than 4,300 digits with ``parse_int=console.parse_integer``).
    """
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
    return _json_dumps({"game": game, "games": n, "first_seed": first_seed, "rows": listed},
                       whole=("games", "first_seed"))


def _json_dumps(document: dict, whole: tuple[str, ...]) -> str:
    """``json.dumps(document, indent=2)``, the ints under the top-level keys ``whole`` of any size.

    ``json`` writes an int with ``int.__repr__``, which refuses more than 4,300 digits: those
    values are written by ``console.integer_text`` in the place of a placeholder string.
    """
    from cardgames.console import integer_text

    marks = {key: f"\0{key}" for key in whole}
    text = json.dumps({key: marks.get(key, value) for key, value in document.items()}, indent=2)
    for key in whole:
        text = text.replace(json.dumps(marks[key]), integer_text(document[key]), 1)
    return text


def progress_bar(total: int, stream: TextIO | None = None,
                 width: int = 30) -> Callable[[int], None] | None:
    """A callback drawing a progress bar on ``stream`` (stderr), or None when not wanted.

    Only a long run on a terminal gets one, so pipes and files never see it.
    """
    stream = sys.stderr if stream is None else stream
    if total < LONG_RUN or not getattr(stream, "isatty", lambda: False)():
        return None
    from cardgames.console import integer_text

    started = time.monotonic()

    def show(done: int) -> None:
        filled = width * done // total
        elapsed = time.monotonic() - started
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                     f"{integer_text(done, ',')}/{integer_text(total, ',')} games "
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
    if args.games is None and (args.jobs is not None or args.scheduler is not None
                               or args.tier or (args.json and not json_alone)):
        parser.error("--jobs, --scheduler, --tier and --json go with --games")
    if args.jobs is not None and args.scheduler is not None:
        parser.error("--jobs and --scheduler exclude each other (the cluster has its workers)")


def print_simulation(args, game: str, count, header: str, outcome: str,
                     exact: Mapping[int, Fraction] | None = None,
                     descending: bool = False) -> int:
    """Run the simulation the options ask for and print its table (or JSON); return the status."""
    from cardgames.simulate import count_outcomes, on_tier

    first, n = args.seed or 0, args.games
    try:
        if args.scheduler is not None:  # the workers choose, among their tiers, for n games
            count = functools.partial(count, tier=tiers.requested(args.tier), run_games=n)
        else:
            count = on_tier(count, n, args.tier)
    except TierError as error:
        print(f"cardgames: {error}", file=sys.stderr)
        return 2
    progress = progress_bar(n)
    if args.scheduler is not None:  # "" too: an address that cannot work, not a local run
        try:
            import distributed  # noqa: F401  (optional: the 'distributed' extra)
        except ImportError:
            print("cardgames: --scheduler needs Dask: pip install 'cardgames[distributed]'",
                  file=sys.stderr)
            return 2
        from cardgames import cluster
        try:  # within cluster.TIMEOUT, or one line on what answers, or fails to
            client = cluster.connect(args.scheduler)
        except cluster.SchedulerError as error:
            print(f"cardgames: {error}", file=sys.stderr)
            return error.status
        try:
            with client:
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
