"""A run with local workers stops as a whole, at once, when it is interrupted or killed."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN = [sys.executable, "-m", "cardgames", "solitaire-1", "--games", str(10**12), "--jobs", "2",
       "--tier", "stdlib"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def children(pid):
    """The process ids of pid's children."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(") ")[1][0] != "Z"


def started():
    """The endless run, once its two workers are busy."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(RUN, cwd=ROOT, env=environment, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while len(children(process.pid)) < 2:
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.1)
    time.sleep(1)
    return process, children(process.pid)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("signum, status, group", [
    (signal.SIGINT, 130, False),    # kill -INT <main pid>
    (signal.SIGINT, 130, True),     # Ctrl-C in a terminal: the whole process group
    (signal.SIGTERM, 143, False),   # kill <main pid>, timeout, a job scheduler
])
def test_a_signal_stops_the_main_process_and_its_workers(signum, status, group):
    process, workers = started()
    sent = time.monotonic()
    if group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=10)
        time.sleep(0.2)
        left = [worker for worker in workers if alive(worker)]
    finally:
        for pid in [process.pid, *workers]:   # leave nothing behind, even when failing
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert process.returncode == status and time.monotonic() - sent < 5
    assert out == b"" and err == b""
    assert left == []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_second_signal_while_stopping_leaves_nothing_behind(signum, status):
    # Ctrl-C pressed twice, or kill sent twice: the run must still end, workers and all
    process, workers = started()
    os.killpg(process.pid, signum) if signum == signal.SIGINT else process.send_signal(signum)
    time.sleep(0.1)
    try:
        os.killpg(process.pid, signum) if signum == signal.SIGINT else process.send_signal(signum)
    except ProcessLookupError:
        pass
    try:
        process.communicate(timeout=10)
        time.sleep(0.2)
        left = [worker for worker in workers if alive(worker)]
    finally:
        for pid in [process.pid, *workers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert process.returncode in (status, -signum) and left == []


def test_a_run_started_with_ctrl_c_ignored_keeps_ignoring_it():
    # a shell's background job starts with SIGINT ignored: the script must not catch it
    script = ("import signal, subprocess, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
              "p = subprocess.Popen([sys.executable, '-S', 'solitaire_1.py', '3000000', '0'], "
              "stdout=subprocess.DEVNULL); import time; time.sleep(1.5); "
              "p.send_signal(signal.SIGINT); time.sleep(0.5); print(p.poll()); p.kill()")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout == "None\n"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_workers_end_by_themselves_when_their_main_process_is_killed_outright():
    process, workers = started()
    os.kill(process.pid, signal.SIGKILL)          # kill -9: the main process stops nothing
    process.communicate(timeout=10)
    deadline = time.monotonic() + 10
    while any(alive(worker) for worker in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(worker) for worker in workers)
    assert time.monotonic() < deadline
