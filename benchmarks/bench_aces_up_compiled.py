"""Speed of the compiled Aces Up searches: positions a second, and the time of a first compile.

Each case is one solve of ``deferred_driver.solve``, the deferred-discard search the solver
runs, or of ``compiled_driver.solve``, the plain search it ran before (both the ``jit``
extra); its speed is the positions it counted over the processor time it took (on a
machine shared with other work, steadier than the time on the clock, which is shown too).
Every round runs in a fresh process, after a warm-up solve that loads the compiled code, and
the median of the rounds is shown.  ``--against SRC`` times another checkout's ``src`` in the same run, round by round in
turn with this one (so a busy machine slows both alike), and shows the ratio.  Last, the
processor time of a first solve by the solver (``search.solve``: the compiled search loaded
and checked against the reference) with an empty Numba cache (compiling), against one with
the cache filled (loading only).

    python3 benchmarks/bench_aces_up_compiled.py [--rounds R] [--nodes N] [--against SRC]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "src")
#: name: (seed, lone moves, node budget or None for a settled solve, search: the plain one
#: of ``compiled_driver``, which both rule sets ran before the deferred-discard one of
#: ``deferred_driver``).
CASES = {"seed 3, classic, budget": (3, True, "nodes", "plain"),
         "seed 6, classic, budget": (6, True, "nodes", "plain"),
         "seed 6, no lone moves (settled)": (6, False, None, "plain"),
         "seed 3, classic, deferred (settled)": (3, True, None, "deferred"),
         "seed 6, classic, deferred (settled)": (6, True, None, "deferred"),
         "seed 6, no lone moves, deferred (settled)": (6, False, None, "deferred")}


def worker(nodes: int) -> dict[str, tuple[str, int, float, float]]:
    """One round in this process: each case's (status, positions, processor seconds,
    seconds)."""
    # imported here: from the src this process was started on (PYTHONPATH)
    from cardgames.aces_up import rules
    from cardgames.aces_up.search import compiled_driver, deferred_driver
    compiled_driver.solve(rules.seeded_position(0))              # load (or compile) first
    deferred_driver.solve(rules.seeded_position(0))
    found = {}
    for name, (seed, lone_moves, budget, search) in CASES.items():
        began = time.process_time()
        if search == "deferred":
            solution = deferred_driver.solve(rules.seeded_position(seed), lone_moves)
        else:
            solution = compiled_driver.solve(rules.seeded_position(seed), lone_moves,
                                             max_nodes=nodes if budget else None)
        found[name] = (solution.status.value, solution.nodes, time.process_time() - began,
                       solution.seconds)
    return found


def first_solve(src: str, cache: str) -> float:
    """Processor seconds for a fresh process to solve seed 0 with the solver's compiled
    search (loaded, or compiled, and checked at load, as a user's first solve does)."""
    code = ("import time; "
            "from cardgames.aces_up import rules; "
            "from cardgames.aces_up.search import solve; "
            "solve(rules.seeded_position(0), tier='numba'); print(time.process_time())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": src, "NUMBA_CACHE_DIR": cache})
    return float(done.stdout)


def round_of(src: str, nodes: int) -> dict[str, tuple[str, int, float, float]]:
    """One round in a fresh process running ``src``'s search."""
    done = subprocess.run([sys.executable, __file__, "--worker", "--nodes", str(nodes)],
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": src})
    return {name: tuple(value) for name, value in json.loads(done.stdout).items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=20_000_000,
                        help="the node budget of the budgeted cases (per game)")
    parser.add_argument("--against", metavar="SRC", help="another checkout's src directory")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.nodes)))
        return 0
    sources = {"this": os.path.abspath(SRC)}
    if args.against:
        sources["against"] = os.path.abspath(args.against)
    speeds: dict[str, dict[str, list[float]]] = {label: {name: [] for name in CASES}
                                                  for label in sources}
    for r in range(args.rounds):
        for label, src in sources.items():
            for name, (status, positions, cpu, seconds) in round_of(src, args.nodes).items():
                speeds[label][name].append(positions / cpu)
                print(f"round {r + 1} {label:7} {name:41} {status:13} {positions:>12,} "
                      f"{cpu:6.2f} s {positions / cpu / 1e6:6.3f} M/s (clock {seconds:6.2f} s)",
                      flush=True)
    for name in CASES:
        medians = {label: statistics.median(speeds[label][name]) for label in sources}
        line = "  ".join(f"{label} {speed / 1e6:.3f} M/s" for label, speed in medians.items())
        if args.against:
            line += f"  ratio {medians['this'] / medians['against']:.3f}"
        print(f"median {name:41} {line}")
    for label, src in sources.items():
        with tempfile.TemporaryDirectory() as cache:
            compiling = first_solve(src, cache)
            loading = first_solve(src, cache)
        print(f"first solve {label:7} empty cache {compiling:6.2f} s, "
              f"filled cache {loading:5.2f} s (processor time)")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    sys.exit(code)
