"""The Dask scheduler of ``--scheduler`` (cardgames.cluster): a host that cannot be found is
said at once, not after the time limit as a scheduler that does not answer."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ADDRESS = "tcp://no-such-host.invalid:8786"
#: No name is known: what a resolver answers for a host that does not exist.
UNKNOWN_NAMES = ("import socket\n"
                 "def unknown(*args, **kwargs):\n"
                 "    raise socket.gaierror(socket.EAI_NONAME, 'Name or service not known')\n"
                 "socket.getaddrinfo = unknown\n")


def test_a_host_that_cannot_be_found_is_said_at_once(monkeypatch):
    pytest.importorskip("distributed")
    from cardgames import cluster

    def unknown(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    started = time.monotonic()
    with pytest.raises(cluster.SchedulerError) as failed:
        cluster.connect(ADDRESS, timeout=5)
    assert time.monotonic() - started < 4          # not the 5 s of a silent scheduler
    assert failed.value.status == 1
    assert str(failed.value) == (f"cannot use the scheduler {ADDRESS}: the host "
                                 "no-such-host.invalid cannot be found (Name or service "
                                 "not known)")


def test_the_command_says_so_in_one_line_with_the_status_of_a_refused_address():
    pytest.importorskip("distributed")
    code = (f"{UNKNOWN_NAMES}import sys\nfrom cardgames.cli import main\n"
            "sys.exit(main(sys.argv[1:]))")
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-c", code, "solitaire-1", "--games", "10",
                          "--scheduler", ADDRESS], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, cwd=ROOT, timeout=120, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert time.monotonic() - started < 9           # the time limit is 10 s
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr == (f"cardgames: cannot use the scheduler {ADDRESS}: the host "
                          "no-such-host.invalid cannot be found (Name or service not known)\n")


def test_a_cluster_lost_during_a_run_is_told_in_one_line():
    distributed = pytest.importorskip("distributed")
    from concurrent.futures import CancelledError

    from cardgames import cluster

    assert cluster.lost_cluster(CancelledError()) == \
        "the scheduler went away (the work it held is lost)"
    assert cluster.lost_cluster(distributed.KilledWorker("piece", "tcp://w:1", 3)) == \
        "a worker died while it worked (out of memory?)"
    assert cluster.lost_cluster(ConnectionResetError("reset")) == \
        "the scheduler went away (reset)"
    assert cluster.lost_cluster(ValueError("a bug")) is None      # not the cluster's: raised
