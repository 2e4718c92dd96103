"""Why the only public full-information figure of Aces Up is 11.57%, where this project's
solver finds about half of the deals winnable: the same deals solved in restricted games.

solitairewinrates.com gives 11.57% for a solver that refuses moves it deems nonsensical,
such as a lone card to an empty column.  Each restricted game here is the rules' game
(``rules.legal_commands``, so no rule is stated twice) with some commands refused:

* ``no-lone``: a card alone in its column may not move (the rules' --no-lone-moves);
* ``discard-first``: while a discard is possible, only discards (no move, no deal);
* ``fill-before-deal``: no deal while a discard, or a move of a card that is not alone in
  its column into an empty one, is possible (spaces filled and discards made first, as some
  books' rules ask).

A restricted game is solved by an exact depth-first search of its positions (each searched
once, whatever the order of the cards discarded, with the node budget ``--nodes``: past it the deal is UNSETTLED, never lost).  Its
lines are lines of the rules, so a deal it wins is winnable; each winning line is replayed
through ``rules.apply`` to be sure.  The result, per restriction: the deals won, lost and
unsettled, and the share won with its Wilson 95% interval.

    python3 benchmarks/why_11_57.py [--seeds A:B] [--nodes N] [--restrictions R,R+R,...]

(default: seeds 0:1000, 1,000,000 positions a deal, the restrictions of ``CANDIDATES``;
about a quarter of an hour on this project's machine).
``benchmarks/results/why_11_57_seeds_0-999.txt`` is its output for the default, which the
README quotes (a test ties the two).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))

from cardgames.aces_up import rules  # noqa: E402
from cardgames.aces_up.rules import Action, Command, Position  # noqa: E402
from cardgames.simulate import wilson_interval  # noqa: E402

#: The restrictions measured by default.  ``none`` and ``no-lone`` alone are the project's
#: two rule sets, which its solver settles (``cardgames aces-up --odds``); this plain search
#: leaves most of their hard deals unsettled, as does ``discard-first`` alone.
CANDIDATES = ("no-lone+fill-before-deal", "no-lone+discard-first", "fill-before-deal")
RESTRICTIONS = ("no-lone", "discard-first", "fill-before-deal")
DEFAULT_NODES = 1_000_000
WINNABLE, LOST, UNSETTLED = "winnable", "lost", "unsettled"


class OutOfBudget(Exception):
    """The search of a deal passed its node budget."""


def parse_restriction(text: str) -> frozenset[str]:
    """``no-lone+fill-before-deal`` as a set of restrictions (``none``: the rules' game)."""
    names = frozenset() if text == "none" else frozenset(text.split("+"))
    unknown = names - set(RESTRICTIONS)
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown restriction {sorted(unknown)[0]!r}")
    return names


def allowed(position: Position, restriction: frozenset[str]) -> list[Command]:
    """The commands the restricted game allows in ``position``."""
    legal = list(rules.legal_commands(position, lone_moves="no-lone" not in restriction))
    discards = [command for command in legal if command.action is Action.DISCARD]
    if "discard-first" in restriction and discards:
        return discards
    if "fill-before-deal" in restriction:
        filling = discards + [command for command in legal if command.action is Action.MOVE
                              and len(position.column(command.columns[0])) > 1]
        if filling:
            return [command for command in legal if command.action is not Action.DEAL]
    return legal


def solve(position: Position, restriction: frozenset[str], nodes: int) -> tuple[str, list[Command]]:
    """The verdict of the restricted game from ``position``, with a winning line."""
    seen: set[tuple[int, rules.Columns]] = set()   # the foundation's order does not matter
    line: list[Command] = []

    def wins(here: Position) -> bool:
        if rules.is_won(here):
            return True
        key = (len(here.stock), here.columns)
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > nodes:
            raise OutOfBudget
        for command in allowed(here, restriction):
            line.append(command)
            if wins(rules.apply(here, command)):
                return True
            line.pop()
        return False

    try:
        return (WINNABLE, line) if wins(position) else (LOST, [])
    except OutOfBudget:
        return UNSETTLED, []


def replayed(position: Position, line: list[Command]) -> bool:
    """True when ``line`` is legal under the rules from ``position`` and wins."""
    try:
        for command in line:
            position = rules.apply(position, command)
    except rules.IllegalMove:
        return False
    return rules.is_won(position)


def measured(seeds: range, restriction: frozenset[str], nodes: int) -> Iterator[str]:
    """The verdict of each seed's deal in the restricted game (a win replayed)."""
    for seed in seeds:
        position = rules.seeded_position(seed)
        verdict, line = solve(position, restriction, nodes)
        if verdict == WINNABLE and not replayed(position, line):
            raise AssertionError(f"seed {seed}: a winning line the rules refuse")
        yield verdict


def report(name: str, verdicts: list[str], seconds: float) -> list[str]:
    """Two lines: the counts, and the share won with its interval."""
    won, lost, left = (verdicts.count(kind) for kind in (WINNABLE, LOST, UNSETTLED))
    low, high = wilson_interval(won, len(verdicts))
    return [f"{name}: winnable {won}, lost {lost}, unsettled {left}; {seconds:.1f} s",
            f"  won {won / len(verdicts):.2%} (95% CI {low:.2%} to {high:.2%})"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0:1000", help="the seeds A..B-1 (default 0:1000)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                        help=f"positions a deal (default {DEFAULT_NODES:,})")
    parser.add_argument("--restrictions", default=",".join(CANDIDATES),
                        help="comma-separated, each none or restrictions joined by +")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition(":")
    seeds = range(int(first), int(last))
    sys.setrecursionlimit(10_000)
    print(f"Aces Up restricted games, seeds {seeds.start}..{seeds.stop - 1}, at most "
          f"{args.nodes:,} positions a deal; every winning line replayed through the rules")
    for name in args.restrictions.split(","):
        started = time.process_time()
        verdicts = list(measured(seeds, parse_restriction(name), args.nodes))
        print("\n".join(report(name, verdicts, time.process_time() - started)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
