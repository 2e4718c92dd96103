"""Speed of the honest Aces Up players: games a second for each player on each tier, the
wall time of 100,000 deals of ``last-deal`` on two processes, and seconds a game of
``last-two``.

Each player is timed on the reference tier (``stdlib``, the baseline) and on the compiled
tier (``numba``) in the same process, on seeded deals from 0 on, in processor time (steadier
than the clock on a shared machine); the ratio is the compiled tier's speed over the
reference's on the reference's seeds (the first of the compiled tier's), which both tiers
play alike (the same wins, checked).  The compiled
kernels are loaded (or compiled) before any timing.  The reference last-two player takes
half a minute to two minutes a game, so it is timed on ``--reference-two`` games (default 1).
The run of 100,000 deals starts two fresh processes, each playing half the seeds, and times
the whole run on the clock, loading included.

    python3 benchmarks/bench_aces_up_players.py [--games N] [--two N] [--reference-two N]
                                                 [--deals N] [--output FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "src")
sys.path.insert(0, SRC)

from cardgames.aces_up.players import tiers  # noqa: E402


def timed(seeds: range, name: str, tier: str) -> tuple[float, int]:
    """(processor seconds, wins) of the player ``name`` on ``seeds``, on ``tier``."""
    began = time.process_time()
    games = tiers.play_seeds(seeds, name, tier=tier)
    return time.process_time() - began, sum(game.won for game in games)


def half_run(first: int, last: int) -> None:
    """A worker's share of the long run: print its wins and games."""
    from cardgames.aces_up.players import compiled_driver
    won, _, _ = compiled_driver.play_decks(compiled_driver.decks(range(first, last)),
                                          "last-deal")
    print(json.dumps([int(won.sum()), last - first]))


def long_run(deals: int) -> tuple[float, int]:
    """(wall seconds, wins) of ``deals`` deals of last-deal on two fresh processes."""
    half = deals // 2
    began = time.perf_counter()
    workers = [subprocess.Popen([sys.executable, __file__, "--half", str(first), str(last)],
                                stdout=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONPATH": SRC})
               for first, last in ((0, half), (half, deals))]
    outputs = [worker.communicate()[0] for worker in workers]
    seconds = time.perf_counter() - began
    return seconds, sum(json.loads(output)[0] for output in outputs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000,
                        help="compiled games of greedy, turn and last-deal (the reference "
                             "plays a hundredth of them)")
    parser.add_argument("--two", type=int, default=40, help="compiled games of last-two")
    parser.add_argument("--reference-two", type=int, default=1,
                        help="reference games of last-two")
    parser.add_argument("--deals", type=int, default=100_000, help="deals of the long run")
    parser.add_argument("--output", help="also write the table to this file")
    parser.add_argument("--half", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.half:
        half_run(*args.half)
        return 0
    if not tiers.compiled_available():
        print("the compiled players (the jit extra) are not installed here")
        return 1
    tiers.play_seeds(range(2), "last-deal", tier="numba")          # loaded (or compiled)
    lines = [f"{'player':10} {'games':>7} {'stdlib games/s':>15} {'numba games/s':>14} "
             f"{'ratio':>7}  wins (stdlib, numba)"]
    for name in ("greedy", "turn", "last-deal", "last-two"):
        games = args.two if name == "last-two" else args.games
        reference = args.reference_two if name == "last-two" else max(1, games // 100)
        slow, slow_wins = timed(range(reference), name, "stdlib")
        same, same_wins = timed(range(reference), name, "numba")
        assert same_wins == slow_wins, (name, same_wins, slow_wins)
        fast, fast_wins = timed(range(games), name, "numba")
        lines.append(f"{name:10} {games:>7} {reference / slow:>15.2f} {games / fast:>14.1f} "
                     f"{slow / same:>6.0f}x  {slow_wins} of {reference}, {fast_wins} of {games}")
        if name == "last-two":
            lines.append(f"last-two: {fast / games:.3f} s a game compiled over {games} deals; "
                         f"on the reference's {reference}: {slow / reference:.1f} s a game "
                         f"reference, {same / reference:.3f} s compiled")
    seconds, wins = long_run(args.deals)
    lines.append(f"last-deal, {args.deals:,} deals on 2 processes: {seconds:.1f} s on the "
                 f"clock, {wins:,} won ({100 * wins / args.deals:.2f}%)")
    text = "\n".join(lines)
    print(text)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
