"""The clock of budgets in seconds (cardgames.clock): time stopped by Ctrl-Z does not count."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgames import clock

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="job control")


def stopped_for(child, seconds):
    """Wait until ``child`` stops itself, keep it stopped ``seconds``, then resume it.

    The child runs in a process group of its own (``process_group=0``), whose parent, this
    process, is in the same session: a stop signal reaches it even when this process's group
    is orphaned (a run started in the background of a shell that then ended), in which the
    system discards stop signals."""
    _, status = os.waitpid(child.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status)
    time.sleep(seconds)
    os.kill(child.pid, signal.SIGCONT)


def test_the_clock_does_not_run_while_the_process_is_stopped():
    script = ("import os, signal, time\n"
              "from cardgames import clock\n"
              "with clock.stops_excluded():\n"
              "    wall, budget = time.monotonic(), clock.now()\n"
              "    os.kill(os.getpid(), signal.SIGTSTP)\n"
              "    print(time.monotonic() - wall, clock.now() - budget)\n"
              "print(signal.getsignal(signal.SIGTSTP) is signal.SIG_DFL)\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                             process_group=0)
    stopped_for(child, 1.0)
    out, _ = child.communicate(timeout=30)
    wall, counted = map(float, out.split()[:2])
    assert wall >= 1.0 and counted < 0.5
    assert out.split()[2] == "True"                   # Ctrl-Z's default action is back


def test_a_search_stopped_by_ctrl_z_keeps_the_rest_of_its_budget():
    child = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "aces-up", "--solve", "--seed", "3", "--budget",
         "2", "--tier", "stdlib"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, cwd=ROOT, process_group=0)
    time.sleep(1.0)                                   # loaded, and searching
    child.send_signal(signal.SIGTSTP)                 # Ctrl-Z
    stopped_for(child, 3.0)
    _, err = child.communicate(timeout=60)
    seconds = float(re.search(r"positions in ([0-9.]+) s\)", err)[1])
    assert child.returncode == 3 and 1.9 < seconds < 3.0      # its 2 s, not 2 s + 3 s


def test_outside_a_search_ctrl_z_keeps_its_default_action():
    assert signal.getsignal(signal.SIGTSTP) is signal.SIG_DFL
    with clock.stops_excluded():
        assert signal.getsignal(signal.SIGTSTP) is not signal.SIG_DFL
        with clock.stops_excluded():                  # nested: still one handler
            pass
        assert signal.getsignal(signal.SIGTSTP) is not signal.SIG_DFL
    assert signal.getsignal(signal.SIGTSTP) is signal.SIG_DFL
