"""The progress bar of a long simulation on a terminal: a bar, the share done, the games done,
the rate and the time left, redrawn within the terminal's present width and erased at the end.

Pipes and files never see it (``progress_bar`` gives None there).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TextIO

from cardgames.report import MIN_BAR, bar_text, count_text
from cardgames.status_line import StatusLine

__all__ = ["LONG_RUN", "MAX_PROGRESS_BAR", "Progress", "duration_text", "progress_bar",
           "progress_line", "rate_text"]

#: Runs of at least this many games show a progress bar (on a terminal only).
LONG_RUN = 100_000

#: The longest progress bar, in characters: wider terminals get more room for the figures.
MAX_PROGRESS_BAR = 40


def duration_text(seconds: int) -> str:
    """A duration of whole seconds as ``m:ss`` or ``h:mm:ss``; ``over 99 h`` past that."""
    if seconds >= 100 * 3600:
        return "over 99 h"
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def rate_text(rate: float) -> str:
    """A rate in at most three significant digits past 10,000: ``9,876``, ``123k``, ``1.23M``."""
    if rate < 10_000:
        return f"{round(rate):,}"
    # the largest scale the rate reaches once rounded (k always does, from 10,000 up)
    scale, suffix = next((scale, suffix) for scale, suffix in (
        (10 ** 9, "G"), (10 ** 6, "M"), (10 ** 3, "k")) if rate >= scale * 0.9995)
    value = rate / scale
    decimals = max(0, 3 - len(str(int(value))))
    text = f"{value:.{decimals}f}"
    if len(text.replace(".", "")) > 3:      # rounded up a digit: 99.96 is 100
        text = f"{value:.{max(0, decimals - 1)}f}"
    return text + suffix


def progress_line(done: int, total: int, elapsed: float, columns: int) -> str:
    """The progress of a run in fewer than ``columns`` characters: a bar, the share done, the
    games done, the rate and the time left.  Each figure keeps its width from start to end,
    so the bar does not jump.  The bar takes what room is left, at most MAX_PROGRESS_BAR
    columns; when that is below MIN_BAR, the games done, then the rate, then the time left
    are left out, and when even that is not enough the bar goes."""
    room = columns - 1
    total_text = count_text(total)
    known = done > 0 and elapsed >= 0.001  # a rate from less is noise
    rate = rate_text(done / elapsed) if known else ""
    left = duration_text(int(Fraction(total - done) * Fraction(elapsed) / done)) if known else ""
    parts = [f"{100 * done // total:3d}%",
             f"{count_text(done):>{len(total_text)}} of {total_text} games",
             f"{rate:>5} games/s" if known else " " * 13,
             f"{left:>4} left" if known else " " * 9]
    for dropped in (None, 1, 2, 3):  # the index of the part to leave out next
        if dropped is not None:
            parts[dropped] = ""
        text = "  ".join(part for part in parts if part)
        if len(text) <= room - MIN_BAR - 3:
            break
    width = min(MAX_PROGRESS_BAR, room - len(text) - 3)
    if width < MIN_BAR:
        return text.strip()[:room]
    bar = bar_text(done * width * 8 // total).ljust(width)
    return f"[{bar}] {text}".rstrip()


class Progress:
    """The progress bar of a run: called with the games done, erased at the end."""

    def __init__(self, total: int, status: StatusLine, clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.status, self.clock = total, status, clock
        self.started = clock()
        self(0)

    def __call__(self, done: int) -> None:
        """Redraw the bar for ``done`` games, within the terminal's present width."""
        if done >= self.total:
            self.close()
            return
        line = progress_line(done, self.total, self.clock() - self.started,
                             self.status.room() + 1)
        self.status.show(line)

    def close(self) -> None:
        """Erase the bar."""
        self.status.clear()


def progress_bar(total: int, stream: TextIO | None = None) -> Progress | None:
    """A progress bar on ``stream`` (stderr), or None when not wanted.

    Only a long run on a terminal gets one, so pipes and files never see it.
    """
    status = StatusLine(sys.stderr if stream is None else stream)
    if total < LONG_RUN or not status.on:
        return None
    return Progress(total, status)
