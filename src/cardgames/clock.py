"""The clock of a budget in seconds: it does not run while the process is stopped (Ctrl-Z).

A search given 10 s that the player stops with Ctrl-Z and resumes an hour later (``fg``)
still has the rest of its 10 s: ``now`` is ``time.monotonic`` less the time spent stopped,
as measured by ``stops_excluded``, which every budgeted search runs under.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType

__all__ = ["now", "stops_excluded"]

_stopped_for = 0.0
_depth = 0


def now() -> float:
    """Seconds, as ``time.monotonic``, less the time this process was stopped within
    ``stops_excluded``."""
    return time.monotonic() - _stopped_for


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTSTP (Ctrl-Z): stop as the default action would, then count the time stopped."""
    global _stopped_for
    stopped_at = time.monotonic()
    signal.signal(signal.SIGTSTP, signal.SIG_DFL)
    try:
        os.kill(os.getpid(), signal.SIGTSTP)     # stopped here until SIGCONT (fg, bg)
    finally:
        _stopped_for += time.monotonic() - stopped_at
        signal.signal(signal.SIGTSTP, _stop)


@contextlib.contextmanager
def stops_excluded() -> Iterator[None]:
    """Inside the block, the time the process spends stopped does not count in ``now``.

    Only in the main thread of a system with job control, and only when Ctrl-Z has its
    default action (the block does not override a handler someone else set).
    """
    global _depth
    usable = (hasattr(signal, "SIGTSTP") and _depth == 0
              and threading.current_thread() is threading.main_thread()
              and signal.getsignal(signal.SIGTSTP) is signal.SIG_DFL)
    if usable:
        signal.signal(signal.SIGTSTP, _stop)
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if usable:
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
