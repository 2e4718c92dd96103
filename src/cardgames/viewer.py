"""A line viewer: prints the parts of a list of lines the user asks for, until ``q``.

It knows nothing about what the lines say.  A request is a last line number ``v`` (lines 1
to v), a first line number ``-v`` (the last v lines), or a range ``m--n``; blanks are ASCII
spaces and tabs, digits are ASCII digits.  Anything else gets one empty line and the menu.
"""

from __future__ import annotations

import enum
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgames.lines import read_line

PROMPT = " " * 7

_QUIT = re.compile(r"[ \t]*q[ \t]*")
_REQUEST = re.compile(
    r"[ \t]*(?:([0-9]+)|-([0-9]+)|([0-9]+)[ \t]*--[ \t]*([0-9]+))[ \t]*")


class Answer(enum.Enum):
    """The answers to the prompt that select no lines."""

    QUIT = "quit"
    INVALID = "invalid"


@dataclass(frozen=True)
class Selection:
    """Lines ``first`` to ``last``, numbered from 1, both included."""

    first: int
    last: int


def parse_request(text: str, count: int) -> Selection | Answer:
    """Read the user's line against a list of ``count`` lines."""
    if _QUIT.fullmatch(text):
        return Answer.QUIT
    match = _REQUEST.fullmatch(text)
    if match is None:
        return Answer.INVALID
    numbers = [digits for digits in match.groups() if digits is not None]
    significant = [digits.lstrip("0") or "0" for digits in numbers]
    if any(len(digits) > len(str(count)) for digits in significant):
        return Answer.INVALID  # above count: rejected by length, a long number never converted
    values = [int(digits) for digits in significant]  # ASCII digits, as short as count's
    if match.group(1) is not None:
        first, last = 1, values[0]
    elif match.group(2) is not None:
        first, last = count - values[0] + 1, count
    else:
        first, last = values
    if not 1 <= first <= last <= count:
        return Answer.INVALID
    return Selection(first, last)


def header_lines(count: int) -> list[str]:
    """The two lines printed once before the first menu."""
    return [f"There are {count} lines of output; what do you want me to do?", ""]


def menu_lines(count: int) -> list[str]:
    """The menu printed before each prompt."""
    return [
        "Enter: q to quit",
        f"       a last line number (between 1 and {count})",
        f"       a first line number (between -1 and -{count})",
        f"       a range of line numbers (of the form m--n with 1 <= m <= n <= {count})",
    ]


def answer_lines(request: Selection | Answer, lines: Sequence[str]) -> list[str]:
    """What is printed for a request that is not ``q``: the selected lines between two blanks."""
    if isinstance(request, Selection):
        return ["", *lines[request.first - 1:request.last], ""]
    return [""]


def view(lines: Sequence[str], read: Callable[[str], str | None] | None = None,
         write: Callable[[str], object] | None = None) -> int:
    """Run the viewer on ``lines`` until ``q`` or end of input; return the exit status 0.

    ``read(prompt)`` returns a line, or None (or raises EOFError) at the end of input; it
    defaults to ``lines.read_line`` (a closed stdin and an over-long line end the input too,
    like ``q``).  ``write`` defaults to ``sys.stdout.write``.
    """
    read, write = read or read_line, write or sys.stdout.write
    count = len(lines)
    block = header_lines(count)
    while True:
        write("".join(line + "\n" for line in block + menu_lines(count)))
        try:
            line = read(PROMPT)
        except EOFError:
            line = None
        if line is None:
            return 0
        request = parse_request(line, count)
        if request is Answer.QUIT:
            return 0
        block = answer_lines(request, lines)
