"""The ``cardgames aces-up`` subcommand: the rich game (default), the classic game
(``--classic``), the solver (``--solve``) and the odds (``--odds``), with the stock known or
played by a player who does not see it (``--player``)."""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from cardgames.aces_up import odds
from cardgames.aces_up.course.program import main
from cardgames.aces_up.odds import Compared, Deal, Log, Run
from cardgames.aces_up.players import PLAYERS
from cardgames.aces_up.players.tiers import player_tier
from cardgames.aces_up.rich_game.advice import ADVISOR
from cardgames.aces_up.rich_game.loop import play_demo, play_session
from cardgames.aces_up.rich_game.session import DEFAULT_BUDGET, Session, solve_seed
from cardgames.aces_up.rich_game.text import LOADING, solving_line
from cardgames.aces_up.search import (DEFAULT_MEMORY, Status, solver_tier,
                                      wanted_tier)
from cardgames.numbers import integer, integer_text, parse_integer, parse_number
from cardgames.simulate import worker_processes
from cardgames.status_line import StatusLine
from cardgames.streams import OUT_OF_MEMORY_STATUS, failure, failure_status
from cardgames.tiers import AUTO, STDLIB, TierError, requested

#: What a log read for an option gives (``_read``).
T = TypeVar("T")


def _budget(text: str) -> float:
    """An argparse type: a positive number of seconds, in the number syntax of every option,
    or ``inf`` (no time limit: the memory the solver may use is bounded by --memory)."""
    if text.strip().lower() == "inf":
        return math.inf
    seconds = parse_number(text)
    if seconds is None or not seconds > 0:
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return seconds


def _delay(text: str) -> float:
    """An argparse type: seconds from 0 to MAX_DELAY."""
    seconds = parse_number(text)
    if seconds is None or not 0 <= seconds <= MAX_DELAY:
        raise argparse.ArgumentTypeError(
            f"not a number of seconds from 0 to {MAX_DELAY}: {text!r}")
    return seconds


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Play the chosen game, or solve a deal; Ctrl-C ends a game quietly with status 0."""
    check(args)
    if args.odds:
        return _odds(args)
    tier = None
    if not args.classic:
        try:
            if args.solve or args.tier is not None:
                with StatusLine() as status:
                    status.show(LOADING)
                    tier = solver_tier(args.tier)
            else:   # the game loads the solver at its first hint; a bad $CARDGAMES_TIER: now
                wanted_tier()
        except TierError as error:
            parser.error(str(error))
    if args.solve:
        return _solve(args, tier)
    try:
        if args.classic:
            main(seed=args.seed)
        elif args.demo:
            play_demo(Session(args.seed, not args.no_lone_moves), args.player, delay=args.delay)
        else:
            play_session(Session(args.seed, not args.no_lone_moves, args.budget,
                                 memory=args.memory << 20, tier=tier), delay=args.delay)
    except KeyboardInterrupt:
        pass
    return 0


def _solve(args: argparse.Namespace, tier: str | None) -> int:
    """Print the verdict on stderr and a winning line's commands on stdout.

    Exit status: 0 winnable, 1 cannot be won, 3 unsettled within the budget, 130 unsettled
    because Ctrl-C stopped the search (74, from ``cardgames.cli``, when the output cannot
    be written).
    """
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
        print("\n".join(map(str, verdict.line)))
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


def _odds(args: argparse.Namespace) -> int:
    """Solve (or with ``--player`` play) the deals of ``--seeds`` that the log does not hold
    yet (nor ``--settled-in``'s log settled), then print the summary of the range.  Exit
    status 0; 2 for a log that belongs to another run or cannot be opened (the log of the
    run, one to compare with or one to take settled deals from); 130 when
    Ctrl-C stopped the run, 71 when it ran out of memory and 74 when the log could not be
    written (the log keeps every deal finished); 70 when the player won a deal that
    ``--against`` proves lost."""
    run = odds.Run(not args.no_lone_moves, odds.Budget(args.budget, args.positions),
                   args.player)
    seeds: range = args.seeds
    log, deals, todo, first = None, [], 0, 0
    taken: dict[int, Deal] = {}
    against: Compared | None = None
    paired: Compared | None = None
    try:
        against = _compared(args.against, "--against", run, seeds, played=False)
        paired = _compared(args.paired_with, "--paired-with", run, seeds, played=True)
        settled = _settled_in(args.settled_in, args.log, run, seeds)
        # a log is made only to be written to: not when --settled-in settled every seed
        if args.log is not None and (os.path.exists(args.log)
                                     or seeds.stop - seeds.start > len(settled)):
            log = odds.Log(args.log)
        logged = {deal.seed: deal for deal in log.deals_of(run)} if log else {}
        taken = {seed: deal for seed, deal in settled.items() if seed not in logged}
        deals = [deal for seed, deal in logged.items() if seed in seeds]
        first = len(deals)
        todo = seeds.stop - seeds.start - first - len(taken)    # len() stops at 2**63
        if todo:
            _solve_all((seed for seed in seeds if seed not in logged and seed not in taken),
                       todo, run, args, deals, log)
    except odds.LogError as error:
        return _fail(str(error))
    except _CannotRun as error:
        print(f"cardgames aces-up: {error}", file=sys.stderr)
        return error.status
    except (KeyboardInterrupt, MemoryError, BrokenProcessPool, OSError,
            _ClusterLost) as error:
        kept = log.kept() if log is not None else None
        return _stopped(error, args.log, len(deals) - first if kept is None else kept, todo)
    finally:
        if log is not None:
            log.close()
    if run.player is None:
        made = log.header if log is not None else None
        relaxed = made is not None and made.relaxed
        print("\n".join(odds.summary(deals + list(taken.values()), odds.title(run, seeds),
                                      relaxed, len(taken))))
        return 0
    return _played_report(deals, run, seeds, against, paired)


def _settled_in(path: str | None, log: str | None, run: Run, seeds: range) -> dict[int, Deal]:
    """The deals of ``seeds`` that the log at ``path`` (``--settled-in``, none without it)
    settled, by seed; LogError when it is the run's own ``log``, not a solver's log of the
    run's rules, or cannot be read."""
    if path is None:
        return {}
    if log is not None and os.path.exists(log) and os.path.exists(path) \
            and os.path.samefile(path, log):
        raise odds.LogError(f"--settled-in {path} is the run's --log: give the log of the "
                            "earlier run and a new --log for this one")
    settled = _read(path, "--settled-in", lambda: odds.settled_log(path, "--settled-in",
                                                                    run.lone_moves))
    return {deal.seed: deal for deal in settled if deal.seed in seeds}


def _read(path: str, option: str, read: Callable[[], T]) -> T:
    """What ``read`` reads of the log at ``path`` that ``option`` names; LogError (one line)
    when it cannot be read."""
    try:
        return read()
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        raise odds.LogError(f"cannot read {option} {path}: {reason}") from None


def _compared(path: str | None, option: str, run: Run, seeds: range,
              played: bool) -> Compared | None:
    """The log ``option`` names to compare a player's run with (None without it), read
    whole; LogError when it is not a log of the run's rules and seeds or cannot be read."""
    if path is None:
        return None
    header, verdicts = _read(path, option, lambda: odds.compared_log(
        path, option, run.lone_moves, played, seeds))
    return Compared(path, header.player, verdicts)


def _played_report(deals: list[Deal], run: Run, seeds: range, against: Compared | None,
                   paired: Compared | None) -> int:
    """Print the summary of a player's run; its exit status: 0, or ``CONTRADICTION`` (and
    why, on stderr) when the player won a deal that ``against`` proves lost."""
    assert run.player is not None, "a player's run"
    print("\n".join(odds.played_summary(deals, odds.title(run, seeds), against,
                                        (run.player, paired) if paired else None)))
    lost = odds.lost_wins(deals, against) if against is not None else []
    if against is None or not lost:
        return 0
    sys.stdout.flush()
    shown = ", ".join(map(str, sorted(lost)[:10])) + (", ..." if len(lost) > 10 else "")
    print(f"cardgames aces-up: the player won {len(lost):,} deal{'s' * (len(lost) > 1)} "
          f"that {against.path} proves lost (seed{'s' * (len(lost) > 1)} {shown}): the "
          "rules, the player or the solver is wrong; please report it (the logs keep every "
          "deal)", file=sys.stderr)
    return CONTRADICTION


def _stopped(error: BaseException, path: str | None, done: int, todo: int) -> int:
    """Say why a run stopped before its end, and what its log keeps; its exit status."""
    if isinstance(error, OSError) and not done and failure(error) is None:
        reason = (error.strerror or str(error)).lower()
        return _fail(f"cannot use the log {path}: {reason}")       # it could not start
    if isinstance(error, KeyboardInterrupt):
        why, status = "interrupted", 130
    elif isinstance(error, BrokenProcessPool):   # a worker killed, by the system for memory
        why, status = "stopped: a worker process died (out of memory?)", OUT_OF_MEMORY_STATUS
    elif isinstance(error, _ClusterLost):
        why, status = f"stopped: {error}", 1
    else:
        why = f"stopped: {failure(error) or error}"
        status = failure_status(error)
    kept = f"\n{path} keeps them: the same command goes on from there" if path else ""
    print(f"{why} after {done:,} of {integer_text(todo, ',')} deals{kept}", file=sys.stderr)
    return status


def _solve_all(todo: Iterable[int], count: int, run: Run, args: argparse.Namespace,
               deals: list[Deal], log: Log | None) -> None:
    """Load the solver (on every worker of ``--scheduler``'s cluster, if given), then solve
    the ``count`` seeds of ``todo``, adding each deal to ``deals`` and to the log, with a
    status line on a terminal."""
    played = run.player is not None
    client = _connect(args.scheduler) if args.scheduler is not None else None
    try:
        with StatusLine() as status:
            status.show(LOADING_PLAYERS if played else LOADING)
            tier, jobs = _load(run, args, count) if client is None else \
                _load_on_cluster(client, run, args)
        if tier == STDLIB and wanted_tier(args.tier) == AUTO:
            if not played:
                print(NO_COMPILED_SEARCH, file=sys.stderr)
            elif client is not None or importlib.util.find_spec("numba") is None:
                print(NO_COMPILED_PLAYERS, file=sys.stderr)
        memory = args.memory << 20
        if log is not None:
            log.go_on(run, tier, memory, jobs, cluster=client is not None)
        if client is None:
            found = odds.solved(todo, run, tier, memory, jobs)
        else:
            found = _from_cluster(odds.solved(todo, run, tier, memory, jobs,
                                              client.get_executor(pure=False)))
        started, tally = time.monotonic(), odds.Tally(0, 0, 0)
        with StatusLine() as status:
            for done, deal in enumerate(found, 1):
                if log is not None:
                    log.add(deal)
                deals.append(deal)      # after the log: ``deals`` counts what it keeps
                tally = tally.plus(deal)
                status.show(odds.progress_text(done, count, tally,
                                               time.monotonic() - started, played) + STOP_HINT)
    finally:
        if client is not None:
            client.close()


def _load(run: Run, args: argparse.Namespace, count: int) -> tuple[str, int]:
    """Load the solver (or the players) here: the tier that runs, and the processes for
    ``--jobs`` (argparse exits with status 2 for a tier that cannot run)."""
    try:
        tier = player_tier(args.tier) if run.player is not None else solver_tier(args.tier)
    except TierError as error:
        args.parser.error(str(error))
    return tier, worker_processes(args.jobs, count)


class _CannotRun(Exception):
    """The run cannot start: one line on why, and the exit status (``cluster``'s: 2 for
    what cannot work, 1 for a scheduler not reached)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def _connect(address: str) -> Any:
    """A Dask Client of the scheduler at ``address``; _CannotRun when Dask is not installed
    here or the scheduler cannot be used."""
    from cardgames import cluster
    try:  # within cluster.TIMEOUT, or one line on what answers, or fails to
        return cluster.client_of(address)
    except cluster.SchedulerError as error:
        raise _CannotRun(str(error), error.status) from None


def _load_on_cluster(client: Any, run: Run, args: argparse.Namespace) -> tuple[str, int]:
    """Load the solver (or the players) on every worker of the cluster, which all must run
    the same tier (the log names one): that tier, and the number of workers; _CannotRun
    when they cannot (the tier asked for here, --tier or $CARDGAMES_TIER, goes to them)."""
    from cardgames import cluster
    try:
        asked = requested(args.tier)
    except TierError as error:
        args.parser.error(str(error))
    cannot = f"cannot use the scheduler {args.scheduler}"
    try:
        cluster.await_worker(client, args.scheduler)
        found: dict[str, str] = client.run(odds.load_tier, run, asked)
    except cluster.SchedulerError as error:
        raise _CannotRun(str(error), error.status) from None
    except TierError as error:
        raise _CannotRun(f"on the cluster's workers, {error}", 2) from None
    except OSError as error:
        raise _CannotRun(f"{cannot}: {error}", 1) from None
    except Exception as error:  # noqa: BLE001 - a worker's failure, told in one line
        raise _CannotRun(f"{cannot}: its workers cannot load the solver ({error!r}; is "
                         "cardgames installed there?)", 2) from None
    ran = sorted(set(found.values()))
    if len(ran) != 1:
        raise _CannotRun(f"the cluster's workers would run different tiers "
                         f"({', '.join(ran)}): choose one with --tier", 2)
    return ran[0], len(found)


class _ClusterLost(Exception):
    """The cluster failed during a run (one line on how)."""


def _from_cluster(deals: Iterator[Deal]) -> Iterator[Deal]:
    """The deals a cluster works out, its failures raised as ``_ClusterLost``."""
    from cardgames import cluster
    try:
        yield from deals
    except TierError as error:      # a worker that joined later cannot run the tier
        raise _ClusterLost(f"on a worker, {error}") from error
    except Exception as error:
        lost = cluster.lost_cluster(error)
        if lost is None:
            raise
        raise _ClusterLost(lost) from error


STOP_HINT = " (Ctrl-C stops)"
#: What --odds says when it runs the reference search because the jit extra is not installed.
NO_COMPILED_SEARCH = ("cardgames aces-up: the reference search runs (the compiled one, about 20 "
                      "times faster, needs the jit extra: pip install 'cardgames[jit]')")
#: What --odds --player says when it runs the reference players for want of the jit extra.
NO_COMPILED_PLAYERS = ("cardgames aces-up: the reference players run (the compiled ones need "
                       "the jit extra: pip install 'cardgames[jit]')")
#: The exit status of a player's run that won a deal --against proves lost (a bug: the
#: status of an error of the program itself).
CONTRADICTION = 70


def _fail(message: str) -> int:
    """Say why on stderr; the exit status of a run that cannot start (2)."""
    print(f"cardgames aces-up: {message}", file=sys.stderr)
    return 2


LOADING_PLAYERS = "loading the players"
#: How the verdict names the search that ran.
SEARCH_NAMES = {"stdlib": "reference search", "numba": "compiled search"}


def _memory(text: str) -> int:
    """An argparse type: the solver's memory budget in MiB (at least MIN_MEMORY_MIB)."""
    value = parse_number(text)
    if value is None or value != int(value) or not MIN_MEMORY_MIB <= value <= MAX_MEMORY_MIB:
        raise argparse.ArgumentTypeError(
            f"not a whole number of MiB from {MIN_MEMORY_MIB} to {MAX_MEMORY_MIB:,}: {text!r}")
    return int(value)


def _seed_range(text: str) -> range:
    """An argparse type: ``A:B``, the seeds A to B-1 (whole numbers, 0 <= A < B)."""
    first, colon, stop = text.partition(":")
    low, high = parse_integer(first), parse_integer(stop)
    if not colon or low is None or high is None:
        raise argparse.ArgumentTypeError(f"not a seed range A:B such as 0:1000: {text!r}")
    if low < 0:
        raise argparse.ArgumentTypeError(f"no negative seed, not {text!r}: random.seed(-s) "
                                         "deals the deal of random.seed(s), so the range "
                                         "would count deals twice")
    if low >= high:
        raise argparse.ArgumentTypeError(f"the range {text!r} holds no seed (B must be "
                                         "greater than A; B itself is left out)")
    return range(low, high)


def _positions(text: str) -> int:
    """An argparse type: a positive whole number of positions (``_`` or ``,`` may group
    its digits)."""
    value = parse_integer(text.replace("_", "").replace(",", ""))
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number of positions: {text!r}")
    return value


def _player(text: str) -> str:
    """An argparse type: the name of a player (``players.PLAYERS``)."""
    if text not in PLAYERS:
        raise argparse.ArgumentTypeError(f"no player {text!r}: the players are "
                                         f"{', '.join(PLAYERS)}")
    return text


def _jobs(text: str) -> int:
    """An argparse type: a number of processes from 1 to MAX_JOBS."""
    value = parse_integer(text)
    if value is None or not 1 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"not a number of processes from 1 to {MAX_JOBS}: {text!r}")
    return value


#: The game positions a deal may take in ``--odds`` when no budget is given: 10 to 15 s
#: with the compiled search on this project's machine (the published odds took 10 s a deal).
DEFAULT_ODDS_POSITIONS = 25_000_000
MAX_JOBS = 256
#: The longest wait between two moves of the demo, in seconds.
MAX_DELAY = 60
MIN_MEMORY_MIB = 64
MAX_MEMORY_MIB = 1 << 20


DESCRIPTION = """\
Play Aces Up: the classic commands plus undo (U), honest hints (? or hint: a
player who does not see the stock), the solver's (peek, solve: it knows the
stock) and a demo; --classic plays the classic game of aces_up.py; --solve
--seed N prints a winning line for a deal; --demo --seed N watches a player
play it; --odds gives the odds of winning over a range of deals, with the
stock known or (--player) played by a player who never sees it."""

EPILOG = """\
examples:
  cardgames aces-up                      # a random deal (its seed is shown)
  cardgames aces-up --seed 12            # the deal of seed 12
  cardgames aces-up --classic --seed 12  # the classic game of aces_up.py
  cardgames aces-up --solve --seed 1     # cannot be won: exit status 1
  cardgames aces-up --solve --seed 12 | python3 aces_up.py --seed 12  # a win
  cardgames aces-up --demo --seed 12     # the honest player plays deal 12
  cardgames aces-up --odds --seeds 0:1000 --jobs 2 --log classic.log
  cardgames aces-up --odds --seeds 0:1000 --player turn --against classic.log
  cardgames aces-up --odds --seeds 0:100000 --scheduler tcp://host:8786

--solve's exit statuses:
    0: winnable (the winning line is on stdout)
    1: cannot be won (proved by exhaustive search)
    2: a bad option or value
    3: unsettled within --budget seconds
   71: out of memory
   74: the output cannot be written (a full disk too)
  130: interrupted (Ctrl-C)"""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
               ) -> argparse.ArgumentParser:
    """Add the ``aces-up`` subcommand."""
    parser = subparsers.add_parser(
        "aces-up", help="Aces Up solitaire (D, F x, T x y, R, H, Q at the prompt)",
        formatter_class=argparse.RawDescriptionHelpFormatter, description=DESCRIPTION,
        epilog=EPILOG)
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
                        help="the solver's time budget per question, or per deal with "
                             "--odds (default 10, inf for no limit; not with --classic, "
                             "which has no solver)")
    parser.add_argument("--memory", type=_memory, default=None, metavar="MIB",
                        help="the most memory the solver may use for what it remembers, "
                             "in MiB (default 1024): past it, it forgets, which costs time, "
                             "never a verdict")
    parser.add_argument("--tier", default=None, metavar="TIER",
                        help="the solver's search: numba (compiled, the default when the "
                             "jit extra is installed), stdlib (the reference) or auto "
                             "(numpy means stdlib here)")
    parser.add_argument("--demo", action="store_true",
                        help="do not play: watch a player who does not see the stock play "
                             "the deal, move by move (the seed is shown, to watch it again)")
    parser.add_argument("--player", type=_player, metavar="NAME",
                        help=f"a player who never sees the stock ({', '.join(PLAYERS)}; "
                             f"simplest first): the player of --demo (default {ADVISOR}), "
                             "or with --odds, play each deal with it and print its wins "
                             "(no --budget, --positions or --memory)")
    parser.add_argument("--delay", type=_delay, default=None, metavar="SECONDS",
                        help="the demo's wait before each move (default 0.4 on a terminal, "
                             "0 on a pipe or a file)")
    _add_odds_options(parser)
    parser.set_defaults(func=run, parser=parser)
    return parser


def _add_odds_options(parser: argparse.ArgumentParser) -> None:
    """Add the group of the odds' options (``--odds`` and those that go with it)."""
    odds = parser.add_argument_group(
        "the odds of winning (--odds)",
        "Solve every deal of a seed range and print how many are winnable, proved\n"
        "lost and unsettled, with 95% intervals; or, with --player, play each deal\n"
        "without seeing the stock and print the wins, with a 95% interval.")
    odds.add_argument("--odds", action="store_true",
                      help="solve the deals of --seeds and print the odds of winning")
    odds.add_argument("--seeds", type=_seed_range, metavar="A:B",
                      help="the seeds A, A+1, ..., B-1, from 0 up (with --odds)")
    odds.add_argument("--positions", type=_positions, metavar="N",
                      help="at most N positions of the game searched per deal: the same "
                           "verdicts on any machine (default "
                           f"{DEFAULT_ODDS_POSITIONS:,} when --budget is not given)")
    odds.add_argument("--jobs", type=_jobs, default=None, metavar="J",
                      help="solve (or play) J deals at once in J processes (default 1; "
                           "at most one per core)")
    odds.add_argument("--scheduler", metavar="ADDRESS",
                      help="solve (or play) the deals on the Dask cluster of the scheduler "
                           "at ADDRESS (like tcp://host:8786; the distributed extra, here "
                           "and on its workers), a deal at a time in each worker; not "
                           "with --jobs")
    odds.add_argument("--log", metavar="FILE",
                      help="keep one line per deal in FILE; a run stopped before its end "
                           "goes on from there when run again")
    odds.add_argument("--against", metavar="FILE",
                      help="with --player: FILE is the --log of the odds with the stock "
                           "known (--odds without --player) of at least the same seeds; "
                           "print how many of the deals it proves winnable the player "
                           "won, and fail (status 70) if it won one that FILE proves lost")
    odds.add_argument("--paired-with", metavar="FILE",
                      help="with --player: FILE is the --log of another player's run of "
                           "at least the same seeds; compare the two players deal by deal "
                           "(McNemar's exact test)")
    odds.add_argument("--settled-in", metavar="FILE",
                      help="without --player: FILE is the --log of another run of the same "
                           "rules (a smaller budget, say); the deals of --seeds it settled "
                           "are taken from it, and only the others are searched (and "
                           "logged); the summary counts them all")


def check(args: argparse.Namespace) -> None:
    """Reject option combinations that make no sense (argparse exits with status 2)."""
    odds_only = {"--seeds": args.seeds, "--positions": args.positions, "--jobs": args.jobs,
                 "--scheduler": args.scheduler, "--log": args.log, "--against": args.against,
                 "--paired-with": args.paired_with, "--settled-in": args.settled_in}
    if not args.odds and any(value is not None for value in odds_only.values()):
        given = [name for name, value in odds_only.items() if value is not None]
        args.parser.error(f"{', '.join(given)}: only with --odds")
    _check_player(args)
    if args.odds:
        if args.classic or args.solve or args.seed is not None:
            args.parser.error("--odds solves the deals of --seeds A:B: no --classic, --solve "
                              "or --seed")
        if args.seeds is None:
            args.parser.error("--odds needs --seeds A:B (for instance --seeds 0:1000)")
        if args.budget is None and args.positions is None and args.player is None:
            args.positions = DEFAULT_ODDS_POSITIONS
        if args.jobs is not None and args.scheduler is not None:
            args.parser.error("--jobs and --scheduler exclude each other (the cluster has "
                              "its workers)")
        args.jobs = args.jobs or 1
    if args.player is not None and not (args.demo or args.odds):
        args.parser.error("--player: only with --demo or --odds")
    if args.demo and (args.classic or args.solve or args.odds):
        args.parser.error("--demo watches a player play: no --classic, --solve or --odds")
    if args.demo and args.player is None:
        args.player = ADVISOR
    if args.solve and args.seed is None:
        args.parser.error("--solve needs --seed N")
    if args.classic and (args.solve or args.no_lone_moves or args.budget is not None
                         or args.memory is not None or args.tier is not None):
        args.parser.error("--classic plays aces_up.py's game: no --solve, --no-lone-moves, "
                          "--budget, --memory or --tier")
    if args.budget is None and not args.classic and not args.odds:
        args.budget = DEFAULT_BUDGET
    if args.memory is None and not args.classic:
        args.memory = DEFAULT_MEMORY >> 20


def _check_player(args: argparse.Namespace) -> None:
    """Reject the options a player's run has no use for, and the comparisons without one."""
    if args.player is not None:
        budget = {"--budget": args.budget, "--positions": args.positions,
                  "--memory": args.memory}
        given = [name for name, value in budget.items() if value is not None]
        if given:
            args.parser.error(f"{', '.join(given)}: a player has no budget (it plays each "
                              "deal to its end, and never searches with the stock known)")
        if args.settled_in is not None:
            args.parser.error("--settled-in: only without --player (it takes the deals a "
                              "solver's run settled)")
    else:
        given = [name for name, value in (("--against", args.against),
                                          ("--paired-with", args.paired_with)) if value]
        if given:
            args.parser.error(f"{', '.join(given)}: only with --player (it compares a "
                              "player's games)")
