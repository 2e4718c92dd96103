"""The simulation subcommands' shared part: their options (--games, --seed, --jobs, --json,
--plot, --tier, --scheduler), the checks of what goes together, and the run itself, in this
process, in worker processes or on a Dask cluster, which prints the table or the JSON
(``report``) and writes the picture.

``solitaire_aces.cli`` and ``solitaire_sevens.cli`` call it with their ``Game``.
"""

from __future__ import annotations

import argparse
import functools
import os
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgames import tiers
from cardgames.numbers import integer, positive_integer, shown_argument
from cardgames.progress import progress_bar
from cardgames.report import (
    Exact, Layout, as_json, count_text, output_width, simulation_plot, table)
from cardgames.streams import IO_ERROR_STATUS
from cardgames.tiers import AUTO, TIERS, TierError

if TYPE_CHECKING:
    from cardgames.simulate import BatchCounter, TieredCounter

__all__ = ["Game", "add_simulation_options", "check_simulation_options", "is_standard_output",
           "picture_file", "print_simulation", "print_with_plot", "writable_file", "write_plot"]


def add_simulation_options(parser: argparse.ArgumentParser, exact: bool = False) -> None:
    """The options of a simulation subcommand: --games, --seed, --jobs, --json, --plot, ...

    ``exact``: the subcommand also has --exact, which --json and --plot go with too.
    """
    also = " (or --exact)" if exact else ""
    parser.add_argument("--games", type=positive_integer, metavar="N",
                        help="simulate N games and print the odds with 95%% intervals")
    parser.add_argument("--seed", type=integer, metavar="I",
                        help="first seed of the simulation (default 0); without --games, "
                             "play the game of seed I without asking for it")
    parser.add_argument("--jobs", type=positive_integer, metavar="J",
                        help="worker processes for the simulation (default 1; at most one "
                             "per core)")
    parser.add_argument("--json", action="store_true",
                        help=f"with --games{also}: print the results as JSON")
    parser.add_argument("--plot", type=picture_file, metavar="FILE",
                        help=f"with --games{also}: also draw the odds, with their 95%% "
                             "intervals, as an SVG picture in FILE (named *.svg; - or "
                             "/dev/stdout: the picture alone on standard output)")
    parser.add_argument("--tier", choices=(AUTO, *TIERS), metavar="TIER",
                        help="with --games: how to play the games: stdlib, numpy, numba, or "
                             "auto (default: the fastest installed; the table is the same)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --games: run on a Dask cluster, e.g. tcp://host:8786 "
                             "(needs the 'distributed' extra)")


def picture_file(text: str) -> str:
    """An argparse ``type``: where ``--plot`` may write its SVG picture: standard output
    (``-``), a device or a pipe, or a file whose name ends in ``.svg``: a picture named
    ``.png`` would hold SVG text that no PNG viewer opens."""
    if is_standard_output(text):
        return text
    path = writable_file(text)
    if path.lower().endswith(".svg") or _is_stream(path):
        return path
    raise argparse.ArgumentTypeError(
        f"needs a file name ending in .svg (the picture is SVG), not {shown_argument(text)}")


def _is_stream(path: str) -> bool:
    """True when ``path`` is a file that is not a regular one: a device, a pipe, a socket."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:     # not there yet: it will be a regular file
        return False


def writable_file(text: str) -> str:
    """An argparse ``type``: a path where a file can be written (checked before a long run)."""
    folder = os.path.dirname(text) or "."
    if not text or os.path.isdir(text):
        reason = "a folder" if text else "empty"
    elif not os.path.isdir(folder):
        reason = f"no folder {shown_argument(folder)}"
    elif not os.access(text if os.path.exists(text) else folder, os.W_OK):
        reason = "not writable"
    else:
        return text
    raise argparse.ArgumentTypeError(
        f"needs a file it can write, not {shown_argument(text)} ({reason})")


def check_simulation_options(parser: argparse.ArgumentParser, args: argparse.Namespace,
                             has_exact: bool = False) -> None:
    """Reject options that mean nothing together (argparse's error: usage, status 2).

    ``has_exact``: the subcommand has --exact, which --json and --plot go with too.
    """
    exact = has_exact and args.exact
    given = [name for name, on in (("--jobs", args.jobs is not None),
                                   ("--scheduler", args.scheduler is not None),
                                   ("--tier", bool(args.tier)),
                                   ("--json", args.json and not exact),
                                   ("--plot", args.plot is not None and not exact)) if on]
    if args.games is None and given:
        alone = " (or --exact)" if has_exact and given[-1] in ("--json", "--plot") else ""
        parser.error(f"{_listed(given)} {'goes' if len(given) == 1 else 'go'} "
                     f"with --games N{alone}")
    if args.jobs is not None and args.scheduler is not None:
        parser.error("--jobs and --scheduler exclude each other (the cluster has its workers)")


def _listed(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def is_standard_output(path: str) -> bool:
    """True when ``path`` is where standard output goes: ``-``, ``/dev/stdout``, or the very
    file that stdout writes to (``--plot odds.svg > odds.svg``)."""
    if path == "-":
        return True
    try:
        target, output = os.stat(path), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # no such file yet, or stdout has no file
        return path == "/dev/stdout"
    return (target.st_dev, target.st_ino) == (output.st_dev, output.st_ino)


def write_plot(path: str, svg: str) -> int:
    """Write the picture to ``path`` and name it on stderr; the exit status (IO_ERROR_STATUS,
    with one line, if it cannot be written)."""
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(svg)
    except OSError as error:
        print(f"cardgames: cannot write the plot to {path}: {error.strerror or error}",
              file=sys.stderr)
        return IO_ERROR_STATUS
    print(f"cardgames: wrote the plot to {path}", file=sys.stderr)
    return 0


def print_with_plot(plot: str | None, picture: Callable[[], str],
                    text: Callable[[], str]) -> int:
    """Draw ``picture()`` in the file ``plot`` (if given), then print ``text()``; a picture
    sent to standard output is printed alone.  The exit status."""
    if plot is not None and is_standard_output(plot):
        sys.stdout.write(picture())
        return 0
    status = 0
    if plot is not None:   # first: a reader of the table that goes away loses no picture
        status = write_plot(plot, picture())
    print(text())
    return status


@dataclass(frozen=True)
class Game:
    """What a simulation subcommand prints: its name, the JSON name of its outcome, the
    table's layout, the picture's label for the outcome, and the exact odds if known."""

    name: str
    outcome: str
    layout: Layout
    x_label: str
    exact: Exact | None = None


def print_simulation(args: argparse.Namespace, game: Game, count: TieredCounter) -> int:
    """Run the simulation the options ask for and print its table (or JSON); return the status."""
    from cardgames.simulate import count_outcomes, on_tier

    first, n = args.seed or 0, args.games
    batch: BatchCounter  # count, bound to a tier
    try:
        if args.scheduler is not None:  # the workers choose, among their tiers, for n games
            batch = functools.partial(count, tier=tiers.requested(args.tier), run_games=n)
        else:
            batch = on_tier(count, n, args.tier)
    except TierError as error:
        print(f"cardgames: {error}", file=sys.stderr)
        return 2
    if args.scheduler is not None:  # "" too: an address that cannot work, not a local run
        from cardgames import cluster
        try:  # within cluster.TIMEOUT, or one line on what answers, or fails to
            client = cluster.client_of(args.scheduler)
        except cluster.SchedulerError as error:
            print(f"cardgames: {error}", file=sys.stderr)
            return error.status
        progress = progress_bar(n)
        try:
            with client:
                counts = count_outcomes(batch, first, n, executor=client.get_executor(),
                                        progress=progress)
        except OSError as error:  # no scheduler there, or it went away
            print(f"cardgames: cannot use the scheduler {args.scheduler}: {error}",
                  file=sys.stderr)
            return 1
        except TierError as error:  # the tier asked for is not installed on the workers
            print(f"cardgames: on the cluster's workers, {error}", file=sys.stderr)
            return 2
        except Exception as error:  # the scheduler went away with the work, a worker died
            lost = cluster.lost_cluster(error)
            if lost is None:
                raise
            print(f"cardgames: stopped: {lost}", file=sys.stderr)
            return 1
        finally:
            if progress is not None:
                progress.close()
    else:
        progress = progress_bar(n)
        try:
            counts = count_outcomes(batch, first, n, jobs=args.jobs or 1, progress=progress)
        finally:
            if progress is not None:
                progress.close()
    title = f"{game.name}: {game.x_label}, {count_text(n)} games (95% intervals)"
    if args.json:
        text = as_json(game.name, counts, n, first, game.outcome, game.exact,
                       game.layout.descending, game.layout.total_label)
    else:
        text = "\n".join(table(game.layout, counts, n, game.exact, width=output_width()))
    return print_with_plot(args.plot, lambda: simulation_plot(title, game.x_label, counts, n,
                                                              game.exact), lambda: text)
