"""The map-reduce of integer counts over a seed range, local or distributed."""

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from report_helpers import bare_table

from cardgames import cli, simulate, tiers
from cardgames.solitaire_aces.program import count_wins
from cardgames.solitaire_sevens.program import count_cards_left

GOLDEN = Path(__file__).parent / "golden"


def residues(start, stop):
    """A toy batch counter: seeds by their residue mod 7."""
    counts = {}
    for seed in range(start, stop):
        counts[seed % 7] = counts.get(seed % 7, 0) + 1
    return counts


def test_chunks_cover_the_range_once():
    pieces = list(simulate.chunks(-5, 103, size=10))
    assert pieces[0] == (-5, 5) and pieces[-1] == (95, 98)
    assert [seed for lo, hi in pieces for seed in range(lo, hi)] == list(range(-5, 98))


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_the_counts_do_not_depend_on_the_split(jobs):
    expected = residues(10, 10 + 50_001)
    assert simulate.count_outcomes(residues, 10, 50_001, jobs=jobs) == expected


def test_any_executor_gives_the_same_counts():
    with ThreadPoolExecutor(2) as pool:
        assert simulate.count_outcomes(count_cards_left, 0, 3000, executor=pool) == \
            count_cards_left(0, 3000)


def test_progress_is_told_the_games_done():
    seen = []
    simulate.count_outcomes(residues, 0, 45_000, progress=seen.append)
    assert seen == [20_000, 40_000, 45_000]


def test_jobs_must_be_positive():
    with pytest.raises(ValueError):
        simulate.count_outcomes(residues, 0, 10, jobs=0)


def test_table_lines_come_from_integer_counts():
    lines = simulate.table_lines("Number of cards left | Frequency", {0: 2, 12: 1, 5: 0}, 3,
                                 descending=True)
    assert lines == ["Number of cards left | Frequency", "-" * 32,
                     "                  12 |    33.33%", "                   0 |    66.67%"]


def test_a_dask_cluster_gives_the_local_counts(capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        executor = client.get_executor()
        assert simulate.count_outcomes(count_wins, 0, 30_000, executor=executor) == \
            simulate.count_outcomes(count_wins, 0, 30_000)
        assert simulate.count_outcomes(count_cards_left, -500, 4_000, executor=executor) == \
            count_cards_left(-500, 3_500)
        assert cli.main(["solitaire-2", "--games", "1000", "--scheduler",
                         cluster.scheduler_address]) == 0
        assert bare_table(capsys.readouterr().out).encode() == (
            GOLDEN / "solitaire_2" / "sim_n1000_i0.out").read_bytes()
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv(tiers.ENVIRONMENT, "quantum")
            assert cli.main(["solitaire-2", "--games", "1000", "--scheduler",
                             cluster.scheduler_address]) == 2
        assert capsys.readouterr().err.startswith("cardgames: unknown tier 'quantum'")


@pytest.mark.parametrize("tier", tiers.TIERS)
@pytest.mark.parametrize("count", [count_wins, count_cards_left])
def test_memory_does_not_grow_with_the_number_of_games(count, tier, monkeypatch):
    import tracemalloc

    if count is count_wins and tier == tiers.STDLIB:
        pytest.skip("the plain Aces counter remembers the outcome of each ace placement it "
                    "meets: bounded by the 35,960 placements, but growing until all are seen")
    if not tiers.installed(tier):
        pytest.skip(f"the {tier} tier is not installed")

    def peak(n):
        tracemalloc.start()
        count(0, n, tier=tier)
        used = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return used

    if tier == tiers.STDLIB:     # smaller blocks: the same question, a tenth of the games
        monkeypatch.setattr(simulate, "CHUNK", 2_000)
    peak(100)  # imports and one-off tables out of the way
    assert peak(8 * simulate.CHUNK) < 1.5 * peak(simulate.CHUNK)  # one block, then eight


@pytest.mark.parametrize("tier", tiers.TIERS)
@pytest.mark.parametrize("count", [count_wins, count_cards_left])
def test_a_thread_drawing_from_random_meanwhile_changes_no_count(count, tier):
    # a Dask worker runs chunks in threads beside others that use the module-level generator
    import random
    import sys
    import threading

    if not tiers.installed(tier):
        pytest.skip(f"the {tier} tier is not installed")
    expected = count(0, 2000, tiers.STDLIB)
    stop = threading.Event()

    def neighbour():
        while not stop.is_set():
            random.random()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, so a shared generator would be hit
    thread = threading.Thread(target=neighbour)
    thread.start()
    try:
        assert count(0, 2000, tier) == expected
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)


class Recording:
    """An executor that runs each chunk at once and records how many wait for their result."""

    def __init__(self):
        self.waiting, self.most_waiting, self.submitted = 0, 0, 0

    def submit(self, function, *args):
        from concurrent.futures import Future

        self.submitted += 1
        self.waiting += 1
        self.most_waiting = max(self.most_waiting, self.waiting)
        future = Future()
        future.set_result(function(*args))
        owner = self

        class Counted:
            def result(self):
                owner.waiting -= 1
                return future.result()

        return Counted()


def test_chunks_are_submitted_a_few_ahead_not_all_at_once():
    executor = Recording()
    assert simulate.count_outcomes(residues, 0, 2_000_001, executor=executor) == \
        residues(0, 2_000_001)
    assert executor.submitted == 101 and executor.most_waiting == simulate.EXECUTOR_AHEAD


def test_a_huge_run_starts_without_making_its_chunks_first():
    pieces = simulate.chunks(0, 10**15)
    assert next(pieces) == (0, simulate.CHUNK)   # a generator: nothing else is built


@pytest.mark.parametrize("jobs", [2])
def test_forced_tiers_bind_to_the_counter_and_survive_the_pool(jobs):
    counter = simulate.on_tier(count_cards_left, 50_000, tiers.STDLIB)
    assert counter.keywords == {"tier": tiers.STDLIB}
    assert simulate.count_outcomes(counter, -700, 41_000, jobs=jobs) == \
        count_cards_left(-700, 40_300, tiers.STDLIB)


@pytest.mark.parametrize("jobs, tasks, cores, started", [(256, 10**6, 2, 2), (2, 1, 8, 1),
                                                         (3, 50, 8, 3), (1, 9, 2, 1)])
def test_jobs_start_at_most_a_process_per_core_and_per_task(monkeypatch, jobs, tasks, cores,
                                                             started):
    monkeypatch.setattr(simulate, "cores", lambda: cores)
    assert simulate.worker_processes(jobs, tasks) == started


def test_the_cores_are_those_this_process_may_use():
    import os

    assert 1 <= simulate.cores() <= (os.cpu_count() or 1)


def test_a_range_past_2_to_the_63_is_counted_a_chunk_at_a_time():
    asked = []

    class Enough(Exception):
        pass

    def codes_of(seeds):
        asked.append(seeds)
        if len(asked) == 2:
            raise Enough
        return [0] * len(seeds)
    with pytest.raises(Enough):       # len(range(0, 2**64)) itself would overflow
        simulate.tally_by_block(codes_of, range(2**63, 2**64 + 2**63))
    assert asked == [range(2**63, 2**63 + simulate.CHUNK),
                     range(2**63 + simulate.CHUNK, 2**63 + 2 * simulate.CHUNK)]


@pytest.mark.parametrize("argv", [["solitaire_1.py", str(2**63), "0"],
                                  ["-m", "cardgames", "solitaire-2", "--games", str(2**63),
                                   "--tier", "stdlib"]])
def test_a_run_of_2_to_the_63_games_starts_and_stops_on_ctrl_c_without_a_traceback(argv):
    root = Path(__file__).resolve().parent.parent
    child = subprocess.Popen([sys.executable, *argv], cwd=root, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ,
                                                          "PYTHONPATH": str(root / "src")})
    time.sleep(1.5)                   # long enough to be counting games
    assert child.poll() is None, child.communicate()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130 and b"Traceback" not in err and out == b""


def test_a_stopped_pool_leaves_no_worker_and_no_manager_thread_behind():
    # The manager thread closes the pool's wake-up pipe; were it still running when the
    # interpreter exits, the exit hook could write to the pipe as it closes, and print
    # "Exception ignored ... Bad file descriptor" after a Ctrl-C.  Without the wait for it,
    # it was still running after about 4 stops in 5, so five rounds catch its absence.
    from concurrent.futures import ProcessPoolExecutor

    for _ in range(5):
        pool = ProcessPoolExecutor(max_workers=2, initializer=simulate.prepare_worker)
        running = [pool.submit(time.sleep, 60) for _ in range(3)]
        time.sleep(0.3)
        processes = list(pool._processes.values())
        manager = pool._executor_manager_thread
        simulate.stop_pool(pool)
        assert not manager.is_alive()
        assert [process.is_alive() for process in processes] == [False, False]
        assert all(future.done() for future in running)
