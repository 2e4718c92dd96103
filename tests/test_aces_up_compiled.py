"""The compiled Aces Up search (the ``jit`` extra) against the reference search.

The compiled search is a transcription: on every deal it must give the reference's
verdict, its winning line move for move and its count of positions, as long as its memo
forgets nothing; with a memo too small to hold the search, only the time may change.
Both are called by name here: with the classic rules ``search.solve`` runs the
deferred-discard search (test_aces_up_compiled_deferred.py).
"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from aces_up_helpers import plain, random_position, wins
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules, search
from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.search import Status, model
from cardgames.aces_up.search import reference as reference_search
from cardgames.aces_up.search.model import codes

if not search.compiled_available():
    pytest.skip("the compiled solver (the jit extra) is not installed", allow_module_level=True)

import numpy as np  # noqa: E402  (the jit extra brings NumPy)

from numba.core.dispatcher import Dispatcher  # noqa: E402

from cardgames.aces_up.search import compiled_driver  # noqa: E402
from cardgames.aces_up.search import compiled_search as kernel  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: Deals the reference settles in well under a second each (won and lost, both rules).
CLASSIC_SEEDS = (0, 1, 4, 9, 10, 11, 12, 13, 15, 16, 19, 20, 22)
VARIANT_SEEDS = (0, 2, 10, 22, 25, 26, 37, 43, 74)


def same_search(position, lone_moves, **budget):
    """Solve with both searches; both must find the same verdict, line and positions."""
    ours = compiled_driver.solve(position, lone_moves, **budget)
    reference = reference_search.solve(position, lone_moves, **budget)
    assert ours.tier == "numba" and reference.tier == "stdlib"
    assert (ours.status, ours.line, ours.nodes) == \
        (reference.status, reference.line, reference.nodes), position
    return ours


@pytest.mark.parametrize("lone_moves, seeds", [(True, CLASSIC_SEEDS), (False, VARIANT_SEEDS)])
def test_the_compiled_search_is_the_reference_search_on_seeded_deals(lone_moves, seeds):
    verdicts = {same_search(seeded_position(seed), lone_moves).status for seed in seeds}
    assert verdicts == {Status.WINNABLE, Status.LOST}


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_the_compiled_search_is_the_reference_search_on_small_positions(rng, lone_moves):
    position = random_position(rng)
    found = same_search(position, lone_moves)
    assert (found.status is Status.WINNABLE) == plain(*codes(position), lone_moves)
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_positions_taken_from_the_middle_of_a_deal_agree(rng, lone_moves):
    # columns of several cards that no deal put there (the kernel's "starting prefixes")
    position = seeded_position(rng.randrange(1000))
    for _ in range(rng.randrange(2, 9)):
        moves = list(rules.legal_commands(position, lone_moves))
        position = rules.apply(position, rng.choice(moves), lone_moves)
    same_search(position, lone_moves, max_nodes=25_000)   # both phases


def test_a_node_budget_stops_both_searches_at_the_same_count():
    for budget in (50, 20_000, 20_001, 30_000):
        found = same_search(seeded_position(3), True, max_nodes=budget)
        assert found.status is Status.UNSETTLED


def test_a_memo_too_small_to_hold_the_search_costs_positions_never_the_verdict():
    full = compiled_driver.solve(seeded_position(2))                # lost, 312,632 positions
    small = compiled_driver.solve(seeded_position(2), memory=6 << 20)     # room for ~75,000
    assert compiled_driver.memory_in_use() <= 6 << 20
    assert small.status is full.status is Status.LOST
    assert small.nodes > full.nodes                                 # it forgot, and redid
    won = compiled_driver.solve(seeded_position(4), memory=6 << 20)
    assert won.status is Status.WINNABLE and wins(seeded_position(4), won.line)


def test_the_memory_bound_holds_on_a_hard_deal():
    for memory in (64 << 20, 96 << 20):
        found = compiled_driver.solve(seeded_position(3), max_seconds=1.5, memory=memory)
        assert found.nodes > 1_000_000 and compiled_driver.memory_in_use() <= memory


def test_positions_are_counted_per_game_and_deal():
    visited = np.zeros((4, 13), dtype=np.int64)
    found = compiled_driver.solve(seeded_position(2), visited=visited)
    # every position is counted once, plus one for each relaxed check made
    assert 0.8 * found.nodes < visited.sum() < found.nodes
    assert visited[0, 12] > 0 and visited[1].sum() > 0    # the endgame and a relaxed game


def winnable_twin(position):
    """A winnable deal with ``position``'s first four cards and its stock reshuffled."""
    rng = random.Random(0)
    cards = list(position.stock)
    while True:
        rng.shuffle(cards)
        twin = rules.Position(tuple(cards), position.columns)
        if reference_search.solve(twin, max_nodes=20_000).status is Status.WINNABLE:
            return twin


def test_a_table_generation_that_wraps_around_starts_a_clean_table(monkeypatch):
    lost = seeded_position(1)                                # the same first level as ...
    won = winnable_twin(lost)                                # ... this winnable deal
    monkeypatch.setattr(compiled_driver, "_WORK", None)           # a fresh table: generation 1
    assert compiled_driver.solve(lost).status is Status.LOST
    compiled_driver._WORK.generation = (1 << 12) - 1                # the next solve wraps to 1
    found = compiled_driver.solve(won)
    assert compiled_driver._WORK.generation == 1
    assert found.status is Status.WINNABLE and wins(won, found.line)


def test_a_budget_that_fits_exactly_twice_the_table_is_not_a_crash():
    # the table may not grow (old and new would not fit): it forgets instead
    found = compiled_driver.solve(seeded_position(2), memory=13_209_600)
    assert found.status is Status.LOST


def test_the_load_check_recompiles_every_function_compiled_on_its_own():
    # an inlined function is compiled into its callers; any other may be stale on disk
    apart = {function for function in vars(kernel).values()
             if isinstance(function, Dispatcher) and function.targetoptions.get("inline") is None}
    assert apart == set(kernel.COMPILED) and kernel.COMPILED[-1] is kernel.run


def test_the_frame_fields_are_the_columns_of_a_frame_each_once():
    fields = [value for name, value in vars(kernel).items() if name.startswith("F_")]
    assert sorted(fields) == list(range(kernel.FRAME_FIELDS))


def test_the_load_check_reaches_the_relaxed_games():
    assert any(budget and budget > model.FIRST_PHASE_NODES
               for _, _, budget in compiled_driver.SAMPLE)


def test_the_time_budget_is_kept_to_within_a_slice():
    found = compiled_driver.solve(seeded_position(3), max_seconds=0.5)
    # A slice is about 20 ms; the rest is room for a machine busy with other work (seed 3
    # takes some 18 s to settle, so a search that missed its deadline would show).
    assert found.status is Status.UNSETTLED and 0.5 <= found.seconds < 0.5 + 0.5


def test_ctrl_c_stops_a_solve_which_reports_unsettled(monkeypatch):
    calls = []
    run = compiled_driver.kernel.run

    def interrupted(*args):
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return run(*args)

    monkeypatch.setattr(compiled_driver.kernel, "run", interrupted)
    found = compiled_driver.solve(seeded_position(3))
    assert found.status is Status.UNSETTLED and found.interrupted and found.nodes > 0


def read_until(fd, marker, seconds):
    """What a terminal's master side gives until ``marker`` shows (or the time is up)."""
    import select

    seen, deadline = b"", time.monotonic() + seconds
    while marker not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                seen += os.read(fd, 4096)
            except OSError:                                 # the child closed it
                break
    return seen


@pytest.mark.parametrize("tier", ["numba", "stdlib"])
def test_ctrl_c_ends_the_solve_command_at_once(tier):
    import pty

    master, terminal = pty.openpty()           # stderr on a terminal: the status line shows
    solving = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "aces-up", "--solve", "--seed", "3",
         "--budget", "60", "--tier", tier], cwd=ROOT, stdout=subprocess.PIPE,
        stderr=terminal)
    os.close(terminal)
    try:
        assert b"solving: " in read_until(master, b"solving: ", 120)   # loaded, searching
        solving.send_signal(signal.SIGINT)
        sent = time.monotonic()
        err = read_until(master, b"interrupted", 30)
        solving.wait(30)
        waited = time.monotonic() - sent
        out = solving.stdout.read()
    finally:
        solving.kill()
        os.close(master)
    assert solving.returncode == 130 and out == b""
    assert b"seed 3: unsettled, interrupted" in err and b"Traceback" not in err
    assert waited < 0.5 + 0.5          # half a second, and room for a loaded machine


def test_the_solve_command_names_the_search_it_used():
    for tier, name in (("numba", b"compiled search"), ("stdlib", b"reference search")):
        done = subprocess.run([sys.executable, "-m", "cardgames", "aces-up", "--solve",
                               "--seed", "0", "--tier", tier], cwd=ROOT, capture_output=True,
                              timeout=120)
        assert done.returncode == 0 and name in done.stderr


def test_the_table_is_reused_and_solves_do_not_see_each_other():
    # one table per process: a solve must not take another deal's entries for its own
    rng = random.Random(5)
    seeds = [rng.randrange(10_000) for _ in range(6)] + [1, 2]
    first = [compiled_driver.solve(seeded_position(seed), max_nodes=200_000) for seed in seeds]
    again = [compiled_driver.solve(seeded_position(seed), max_nodes=200_000) for seed in seeds]
    assert [(a.status, a.line, a.nodes) for a in first] == \
        [(b.status, b.line, b.nodes) for b in again]


def test_a_node_budget_past_64_bits_is_no_limit_as_for_the_reference():
    ours = compiled_driver.solve(seeded_position(1), max_nodes=2**63)
    theirs = reference_search.solve(seeded_position(1), max_nodes=2**63)
    assert (ours.status, ours.line, ours.nodes) == (theirs.status, theirs.line, theirs.nodes)
    assert ours.status is Status.LOST


def test_the_compiled_search_keeps_time_by_the_budget_clock(monkeypatch):
    ticks = iter(range(0, 10**9, 10))            # every reading: ten seconds later
    monkeypatch.setattr(compiled_driver.clock, "now", lambda: float(next(ticks)))
    found = compiled_driver.solve(seeded_position(3), max_seconds=25)
    assert found.status is Status.UNSETTLED and found.seconds % 10 == 0 and found.seconds >= 30
