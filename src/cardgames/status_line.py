"""A line of status on a terminal (a solve's progress, a long run's bar), rewritten in place."""

from __future__ import annotations

import os
import shutil
import sys
from typing import Self, TextIO

__all__ = ["ERASE_TO_END", "StatusLine"]

#: The width taken for a terminal that does not know its own.
UNKNOWN_WIDTH = 80
#: The terminal control sequence that erases from the cursor to the end of the line.
ERASE_TO_END = "\x1b[K"


class StatusLine:
    """A line of status rewritten in place on a terminal (stderr), erased when done.

    Nothing is written when the stream is not a terminal, so logs and pipes stay clean;
    a stream that fails (closed, or its reader gone) is left alone from then on.  A dumb
    terminal (``TERM=dumb``: an editor's shell, a serial console) gets no control sequence:
    the line is overwritten after a carriage return, which every terminal honours, and
    blanked with spaces.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.on = _is_terminal(self.stream)
        self.dumb = os.environ.get("TERM") == "dumb"
        self.shown = False
        #: The columns written on the line since it was last erased (a dumb terminal's).
        self.extent = 0

    def show(self, text: str) -> None:
        """Replace the line with ``text``, cut to ``room()``."""
        if not self.on:
            return
        room = self.room()
        text = text[:room]
        if self.dumb:
            text = text.ljust(min(self.extent, room))     # blank what is left of the last
            self.extent = max(self.extent, len(text))
            self._write("\r" + text)
        else:
            self._write("\r" + text + ERASE_TO_END)
        self.shown = True

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.clear()

    def clear(self) -> None:
        """Erase the line, and whatever the terminal echoed on it (``^C``)."""
        if self.on and self.shown:
            if self.dumb:
                self._write("\r" + " " * min(self.extent + 2, self.columns() - 1) + "\r")
            else:
                self._write("\r" + ERASE_TO_END)
        self.shown = False
        self.extent = 0

    def room(self) -> int:
        """The longest text the line shows: the terminal's width, less a column the cursor
        needs and two for the ``^C`` a terminal echoes, which would wrap to a line of its
        own that erasing the status line leaves behind (none on a terminal of three columns
        or fewer: a line that wraps cannot be erased)."""
        return max(0, self.columns() - 3)

    def columns(self) -> int:
        """The present width of the stream's terminal (else stdout's, or 80).

        A terminal that reports 0 columns does not know its width (a pseudo-terminal nobody
        sized, a serial line): it is taken as 80, as no terminal at all is.
        """
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 0
        return columns or shutil.get_terminal_size().columns or UNKNOWN_WIDTH

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.on = False


def _is_terminal(stream: object) -> bool:
    """True when ``stream`` is an open terminal."""
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except (OSError, ValueError):
        return False
