"""What the programs' front ends share: the integer syntax, the seed prompt, the
``N I`` command line of the probability modes, and a clean exit on Ctrl-C or a closed pipe.

Only front ends (``main`` functions) use this module; rules never read or print.
"""

from __future__ import annotations

import builtins
import errno
import functools
import io
import math
import os
import re
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Self, TextIO

from cardgames.tiers import TierError

if TYPE_CHECKING:
    import decimal

SEED_PROMPT = "Please enter an integer to feed the seed() function: "
NO_SEED_MESSAGE = "Error: no integer was given for the seed."

_INTEGER = re.compile(r"[+-]?[0-9]+")


class UsageError(ValueError):
    """The command line cannot be read; the message says why."""


def parse_integer(text: str) -> int | None:
    """The int written by ``text`` (optional sign, ASCII digits, surrounding blanks), else None.

    Any length is read, beyond the digit limit that ``int(str)`` enforces since Python 3.11.
    """
    text = text.strip()
    if _INTEGER.fullmatch(text) is None:
        return None
    sign, digits = (-1, text[1:]) if text[0] == "-" else (1, text.lstrip("+"))
    return sign * _digits_value(digits.lstrip("0") or "0")


#: Digits converted per ``int`` call: below 640, the lowest limit an interpreter may set.
_DIGITS_AT_ONCE = 600


def _digits_value(digits: str) -> int:
    """The value of a string of ASCII digits of any length (halves, joined by one product).

    Splitting in halves keeps a million-digit line to about a second, where converting
    it a few thousand digits at a time, or ``int()`` without its limit, is quadratic.
    """
    if len(digits) <= _DIGITS_AT_ONCE:
        return int(digits)
    low = len(digits) // 2
    return _digits_value(digits[:-low]) * _power_of_ten(low) + _digits_value(digits[-low:])


@functools.lru_cache(maxsize=64)
def _power_of_ten(exponent: int) -> int:
    """10 ** exponent, remembered: the halves of one long line share their powers."""
    power: int = 10 ** exponent  # typeshed's int ** int is Any: a negative exponent is a float
    return power


#: Bits that ``str()`` converts at once: about 570 digits, below the lowest limit (640).
_BITS_AT_ONCE = 1_900


def integer_text(value: int, separator: str = "") -> str:
    """``str(value)`` for an int of any size; ``separator`` goes between groups of three digits.

    The one way the programs print a number a user gave: ``str()`` and f-strings refuse an
    int of more than 4,300 digits since Python 3.11, although ``parse_integer`` reads it.
    Past that size the digits come from the ``decimal`` module, halves joined by one exact
    product, so a million digits take well under a second (``str()`` without its limit is
    quadratic).  ``integer_text(1234567, ",")`` is ``f"{1234567:,}"``: ``1,234,567``.
    """
    if value.bit_length() <= _BITS_AT_ONCE:
        text = str(int(value))
    else:
        size = abs(value)
        text = ("-" if value < 0 else "") + str(_exact_decimal(size, size.bit_length()))
    if not separator:
        return text
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    head = len(digits) % 3 or 3
    groups = [digits[:head], *(digits[at:at + 3] for at in range(head, len(digits), 3))]
    return sign + separator.join(groups)


def _exact_decimal(value: int, bits: int) -> decimal.Decimal:
    """``value`` (>= 0, at most ``bits`` bits) as a ``decimal.Decimal``, exactly."""
    import decimal  # only for numbers past str()'s limit

    if bits <= _BITS_AT_ONCE:
        return decimal.Decimal(value)  # converted from the int's binary digits, not via str
    low = bits // 2
    return _decimal_context().fma(_exact_decimal(value >> low, bits - low), _power_of_two(low),
                                  _exact_decimal(value & ((1 << low) - 1), low))


@functools.lru_cache(maxsize=1)
def _decimal_context() -> decimal.Context:
    """A decimal context in which sums and products of integers are exact (or raise)."""
    import decimal

    return decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                           traps=[decimal.Inexact, decimal.Rounded, decimal.Overflow])


@functools.lru_cache(maxsize=64)
def _power_of_two(exponent: int) -> decimal.Decimal:
    """2 ** exponent as an exact Decimal, remembered: the halves of one number share them."""
    import decimal

    return _decimal_context().power(decimal.Decimal(2), exponent)


#: The number syntax of every option that takes a number that need not be whole (--budget):
#: the integer syntax, optionally with a decimal point and ASCII digits after it.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def parse_number(text: str) -> float | None:
    """The number written by ``text`` as a float, else None.

    The syntax is ``parse_integer``'s (ASCII digits only, surrounding blanks ignored) with an
    optional fraction: ``3``, ``0.5``, ``.5``, ``2.``.  No exponent, ``inf``, ``nan``,
    underscore or non-ASCII digit, which ``float()`` would all accept; None as well for a
    number too large for a float.
    """
    text = text.strip()
    if _NUMBER.fullmatch(text) is None:
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def shown_argument(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message; a long one cut, with its length."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit // 2]!r}… ({len(text):,} characters)"


def integer(text: str) -> int:
    """An argparse ``type``: an int in the seed syntax (ASCII digits, optional sign).

    The message reads after the option's name: ``--seed needs a whole number, not '1.5'``.
    """
    from argparse import ArgumentTypeError  # only the cardgames command parses options

    value = parse_integer(text)
    if value is None:
        raise ArgumentTypeError(f"needs a whole number, not {shown_argument(text)}")
    return value


def positive_integer(text: str) -> int:
    """An argparse ``type``: an int >= 1 in the seed syntax."""
    from argparse import ArgumentTypeError

    value = parse_integer(text)
    if value is None or value < 1:
        raise ArgumentTypeError(
            f"needs a positive whole number, not {shown_argument(text)}")
    return value


#: The longest line a prompt reads, in characters (one million-digit seed fits).  A longer
#: line is the end of input: only LINE_LIMIT + 1 of its characters are ever read, so memory
#: stays bounded and an endless line (``< /dev/zero``) ends at once.
LINE_LIMIT = 1 << 20

#: Characters read at a time when a long line is counted (``read_line(measure=True)``).
_CHUNK = 1 << 16


class LineTooLong(ValueError):
    """A line longer than ``read_line``'s limit: ``length`` characters without the newline."""

    def __init__(self, length: int) -> None:
        super().__init__(f"the line holds {length} characters")
        self.length = length


def read_line(prompt: str = "", limit: int = LINE_LIMIT, *, measure: bool = False) -> str | None:
    """Print ``prompt`` and read one line, without its newline, as ``input(prompt)`` does.

    Every prompt of the programs reads through here.  None is the end of input: end of file,
    a closed or unreadable standard input (``<&-``, a directory), or a line longer than
    ``limit`` characters, of which at most limit + 1 are read and the rest never is.  With
    ``measure`` such a line raises LineTooLong instead, once the rest of it has been read in
    chunks of bounded size to count it (memory stays bounded; an endless line never ends).

    The prompt goes where ``input`` puts it: stdout, after flushing stderr, and stdout is
    flushed before reading.  When standard input and output are a terminal, or when
    ``builtins.input`` has been replaced (a test or a grader scripting the answers), that
    ``input`` reads the line, so line editing and scripted answers work as before.
    """
    read = builtins.input
    if getattr(read, "__self__", None) is not builtins or _on_terminal():
        try:
            return read(prompt)
        except EOFError:
            return None
    _flush(sys.stderr)
    if prompt and sys.stdout is not None:
        sys.stdout.write(prompt)
    _flush(sys.stdout)
    stdin = sys.stdin
    if stdin is None:  # started with standard input closed (<&-)
        return None
    try:
        line = stdin.readline(limit + 1)
    except (OSError, ValueError):  # unreadable, or closed since
        return None
    if line.endswith("\n"):
        return line[:-1]
    if len(line) <= limit:  # the last line, without a newline; "" is end of file
        return line or None
    if measure:
        raise LineTooLong(len(line) + _rest_of_line_length(stdin))
    return None


def _on_terminal() -> bool:
    """True when ``input`` would read from a terminal (stdin and stdout are fds 0 and 1, ttys)."""
    try:
        return (sys.stderr is not None and sys.stdin.fileno() == 0 and sys.stdout.fileno() == 1
                and os.isatty(0) and os.isatty(1))
    except (AttributeError, OSError, ValueError):  # a stream is None, or not a file
        return False


def _flush(stream: object) -> None:
    """Flush a stream, ignoring errors, as ``input`` does."""
    try:
        stream.flush()  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        pass


def _rest_of_line_length(stdin: TextIO) -> int:
    """Read the rest of the current line in bounded chunks; its length without the newline."""
    length = 0
    while True:
        try:
            chunk = stdin.readline(_CHUNK)
        except (OSError, ValueError):
            return length
        if chunk.endswith("\n"):
            return length + len(chunk) - 1
        if not chunk:
            return length
        length += len(chunk)


def read_seed(prompt: str = SEED_PROMPT,
              read: Callable[[str], str | None] = read_line) -> int | None:
    """Prompt until a line holds an integer and return it; None when input ends first.

    ``read`` returns None or raises EOFError at the end of input; ``read_line`` makes a
    closed stdin and an over-long line the end of input too (spec: one stderr line, status 1).
    """
    while True:
        try:
            line = read(prompt)
        except EOFError:
            line = None
        if line is None:
            return None
        seed = parse_integer(line)
        if seed is not None:
            return seed


def check_simulate_args(n: object, i: object) -> None:
    """Raise ValueError unless n is a positive int and i an int (bools are neither)."""
    if type(n) is not int or n < 1:
        shown = integer_text(n) if type(n) is int else repr(n)
        raise ValueError(f"n must be a positive integer, not {shown}")
    if type(i) is not int:
        raise ValueError(f"i must be an integer, not {i!r}")


def parse_simulate_argv(argv: Sequence[str]) -> tuple[int, int]:
    """Read the ``N I`` arguments of a probability mode, or raise UsageError."""
    if len(argv) != 2:
        raise UsageError(f"expected 2 arguments N I, got {len(argv)}")
    n, i = (parse_integer(arg) for arg in argv)
    if n is None or i is None:
        bad = argv[0] if n is None else argv[1]
        raise UsageError(f"not an integer: {bad!r}")
    if n < 1:
        raise UsageError(f"N must be a positive integer, not {integer_text(n)}")
    return n, i


def run_solitaire(argv: Sequence[str], program: str,
                  play: Callable[[int], int | None],
                  simulate: Callable[[int, int], None]) -> int:
    """The shared ``main`` of the two solitaires: no argument plays, ``N I`` simulates."""
    if not argv:
        seed = read_seed()
        if seed is None:
            print(NO_SEED_MESSAGE, file=sys.stderr)
            return 1
        print()
        return play(seed) or 0
    try:
        n, i = parse_simulate_argv(argv)
    except UsageError as error:
        print(f"usage: python3 {program} [N I]  ({error})", file=sys.stderr)
        return 2
    try:
        simulate(n, i)
    except TierError as error:  # $CARDGAMES_TIER names a tier that cannot run here
        print(f"{program}: {error}", file=sys.stderr)
        return 2
    return 0


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


#: The ``cardgames`` command's status when its output cannot be written: EX_IOERR of
#: sysexits.h, since 1 already has a meaning there ("cannot be won" to ``aces-up --solve``).
IO_ERROR_STATUS = 74


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
        unwritable_status: int = 1) -> int:
    """Run a program's ``main`` with UTF-8 streams, ending quietly on Ctrl-C or a closed pipe.

    Output that cannot be written (stdout closed at start, ``>&-``, or a reader gone, ``| head``)
    ends the run with ``unwritable_status`` at the first write to stdout; a run that writes
    nothing there (a usage error, a lost deal) keeps its own status.
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
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return unwritable_status


#: The terminal control sequence that erases from the cursor to the end of the line.
ERASE_TO_END = "\x1b[K"


class StatusLine:
    """A line of status rewritten in place on a terminal (stderr), erased when done.

    Nothing is written when the stream is not a terminal, so logs and pipes stay clean;
    a stream that fails (closed, or its reader gone) is left alone from then on.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.on = _is_terminal(self.stream)
        self.shown = False

    def show(self, text: str) -> None:
        """Replace the line with ``text``, cut to ``room()``."""
        if not self.on:
            return
        text = text[:self.room()]
        self._write("\r" + text + ERASE_TO_END)
        self.shown = True

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.clear()

    def clear(self) -> None:
        """Erase the line, and whatever the terminal echoed on it (``^C``)."""
        if self.on and self.shown:
            self._write("\r" + ERASE_TO_END)
        self.shown = False

    def room(self) -> int:
        """The longest text the line shows: the terminal's width, less a column the cursor
        needs and two for the ``^C`` a terminal echoes, which would wrap to a line of its
        own that erasing the status line leaves behind."""
        return self.columns() - 3

    def columns(self) -> int:
        """The present width of the stream's terminal (else stdout's, or 80)."""
        try:
            return os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            return shutil.get_terminal_size().columns

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
