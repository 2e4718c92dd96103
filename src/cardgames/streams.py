"""The standard streams of a program: UTF-8, stand-ins for closed ones, and a quiet end on
Ctrl-C or a closed pipe (:func:`run`, which every program's ``main`` runs under)."""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import TextIO

__all__ = ["IO_ERROR_STATUS", "OUT_OF_MEMORY_STATUS", "failure", "failure_status",
           "replace_closed_streams", "run", "use_utf8"]


def use_utf8() -> None:
    """Read and write UTF-8 whatever the locale; undecodable input bytes pass through as they are.

    Such bytes become lone surrogates (``surrogateescape``): never a card, a seed or a command,
    so they get the ordinary message for bad input, and echoing them writes the same bytes.
    """
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "surrogateescape"),
                           (sys.stderr, "backslashreplace")):
        try:
            # any stream (a test's too): AttributeError when it has no reconfigure
            stream.reconfigure(encoding="utf-8", errors=errors)  # type: ignore[union-attr]
        except (AttributeError, ValueError):  # not a text stream, or closed
            pass


class _OutputClosed(OSError):
    """A write to a standard output that was closed when the program started (``>&-``)."""


class _ClosedOutput(io.TextIOBase):
    """The stand-in for a standard output closed at start: every write fails."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise _OutputClosed(errno.EBADF, "standard output is closed")


class _Discard(io.TextIOBase):
    """The stand-in for a standard error closed at start: what is written there is dropped."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


#: The ``cardgames`` command's status when its output cannot be written (a closed or full
#: stream, a full disk): EX_IOERR of sysexits.h, since 1 already has a meaning there ("cannot
#: be won" to ``aces-up --solve``).
IO_ERROR_STATUS = 74
#: The status of a run that ran out of memory: EX_OSERR of sysexits.h.
OUT_OF_MEMORY_STATUS = 71
#: The errors of a write that failed for want of room or of a working device, or on a
#: descriptor not open for writing (``2>&-``: the descriptor can be taken by a file Python
#: opens for reading as it starts, so sys.stderr is not None and its writes fail).
WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF})


def failure(error: BaseException) -> str | None:
    """What a failure that is no answer of the program says, in one line: out of memory, a
    full disk or a device that fails; None for any other error."""
    if isinstance(error, MemoryError):
        return "out of memory (a smaller --memory, or fewer --jobs, may help)"
    if isinstance(error, OSError) and error.errno in WRITE_ERRORS:
        return f"cannot write: {(error.strerror or str(error)).lower()}"
    return None


def failure_status(error: BaseException, unwritable_status: int = IO_ERROR_STATUS) -> int:
    """The exit status of a failure ``failure`` describes."""
    return OUT_OF_MEMORY_STATUS if isinstance(error, MemoryError) else unwritable_status


def replace_closed_streams() -> None:
    """Stand in for a standard output or error the program was started without.

    Without a stand-in, ``print(file=sys.stderr)`` and argparse write stderr's messages on
    stdout when stderr is closed (``2>&-``); they are dropped instead, so a usage error still
    prints nothing on stdout and exits 2.  A closed stdout (``>&-``) fails at the first write.
    """
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    if sys.stderr is None:
        sys.stderr = _Discard()


def run(main: Callable[[], int | None], interrupted_status: int = 130,
        unwritable_status: int = 1, name: str | None = None) -> int:
    """Run a program's ``main`` with UTF-8 streams, ending quietly on Ctrl-C or a closed pipe.

    Output that cannot be written (stdout closed at start, ``>&-``, or a reader gone, ``| head``)
    ends the run with ``unwritable_status`` at the first write to stdout; a run that writes
    nothing there (a usage error, a lost deal) keeps its own status.  A full stream or disk
    (``> /dev/full``) ends it the same way, and running out of memory with
    OUT_OF_MEMORY_STATUS, each with one line on stderr that starts with ``name`` (the
    program's, by default).
    """
    replace_closed_streams()
    use_utf8()
    try:
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN):
            # from here on Ctrl-C is KeyboardInterrupt, handled below (a script may have
            # set a handler of its own for the time it loads)
            signal.signal(signal.SIGINT, signal.default_int_handler)
        status = main() or 0
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return interrupted_status
    except _OutputClosed:
        return unwritable_status
    except BrokenPipeError:
        # The reader went away (``| head``): point stdout at nothing so the final flush is silent.
        _silence(sys.stdout)
        return unwritable_status
    except (OSError, MemoryError) as error:
        message = failure(error)
        if message is None:
            raise
        _silence(sys.stdout)
        program = name or os.path.basename(sys.argv[0] or "cardgames")
        try:
            print(f"{program}: {message}", file=sys.stderr)
        except OSError:     # stderr is the stream that failed (``2> /dev/full``): no line
            _silence(sys.stderr)
        return failure_status(error, unwritable_status)


def _silence(stream: TextIO) -> None:
    """Point a standard stream at nothing, so that what is left in its buffer goes nowhere
    at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
    except (OSError, ValueError, AttributeError):   # no descriptor (a test's stream)
        pass
