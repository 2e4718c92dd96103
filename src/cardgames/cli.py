"""The ``cardgames`` command: one subcommand per game, each defined by its game's package.

Every game package has a ``cli`` module with ``add_parser(subparsers)``, which adds its
subcommand and sets two parser defaults: ``parser``, the subcommand's parser, and ``func``,
its ``run(parser, args) -> int`` (the exit status), which ``main`` calls.
"""

from __future__ import annotations

import argparse
import importlib
import re
import signal
import sys
import traceback
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from cardgames import __version__

#: The subcommands, in the order ``--help`` lists them, and the modules that define them.
GAMES = (
    "cardgames.solitaire_aces.cli",
    "cardgames.solitaire_sevens.cli",
    "cardgames.aces_up.cli",
    "cardgames.twenty_four.cli",
)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors read in users' words, each with its own usage.

    argparse's "argument --games: needs ..." becomes "--games needs ...", and an option the
    chosen subcommand does not know is reported with that subcommand's usage, not the
    top-level one.
    """

    #: Each subcommand's parser, by name (set by build_parser).
    subcommands: Mapping[str, argparse.ArgumentParser]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A value that starts with "-" and a digit is a value, not an option (no option
        # looks so): "--seeds -3:2" reads as "--seeds=-3:2", where argparse takes only
        # plain numbers ("-3", "-1.5") and says "--seeds needs a value".
        self._negative_number_matcher = _MINUS_AND_DIGIT

    def error(self, message: str) -> NoReturn:
        """Print the usage and the message in users' words; exit with status 2."""
        super().error(human_message(message))

    # One signature for argparse's overloads (mypy wants them restated): callers pass no namespace.
    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """Parse, reporting arguments no parser took with the chosen subcommand's usage."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            chosen = getattr(self, "subcommands", {}).get(getattr(parsed, "command", None), self)
            chosen.error(unknown_arguments(extras))
        return parsed


_MINUS_AND_DIGIT = re.compile(r"-\.?[0-9]")

#: argparse's own phrases, and what they become.
_ARGUMENT = re.compile(r"argument (?P<name>[^:]+): (?P<message>.*)", re.DOTALL)
_CHOICE = re.compile(r"invalid choice: (?P<given>.*) \(choose from (?P<choices>.*)\)", re.DOTALL)


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with each subcommand's description on the line of its name.

    argparse measures the subcommands' names without the indent it prints them with, so a
    name longer than the others' options goes alone on its line.
    """

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS:
            indent = self._current_indent + self._indent_increment
            for subaction in self._iter_indented_subactions(action):
                self._action_max_length = max(
                    self._action_max_length,
                    len(self._format_action_invocation(subaction)) + indent)


def human_message(message: str) -> str:
    """argparse's error message in users' words (other messages are left as they are)."""
    match = _ARGUMENT.fullmatch(message)
    if match is None:
        if message.startswith("the following arguments are required: COMMAND"):
            return f"which game? {_or(_command_names())} (cardgames --help says more)"
        return message
    name, text = match["name"], match["message"]
    choice = _CHOICE.fullmatch(text)
    if choice is not None:
        choices = [c.strip().strip("'") for c in choice["choices"].split(",")]
        what = "a game" if name == "COMMAND" else name
        return f"{what} can be {_or(choices)}, not {choice['given']}"
    if text == "expected one argument":
        return f"{name} needs a value"
    return f"{name} {text}" if text.startswith("needs ") else f"{name}: {text}"


def unknown_arguments(extras: Sequence[str]) -> str:
    """The message for arguments no option of the subcommand takes."""
    options = [extra for extra in extras if extra.startswith("-")]
    if options:
        return (f"no option {_or(options)} here (--help lists them)" if len(options) == 1
                else f"no options {', '.join(options)} here (--help lists them)")
    return f"unexpected argument{'s' if len(extras) > 1 else ''}: {' '.join(extras)}"


def _or(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _command_names() -> list[str]:
    """The subcommands' names, in --help's order."""
    return list(build_parser().subcommands)


#: What ``cardgames --help`` says of the exit statuses every subcommand shares.
EXIT_STATUSES = ("exit statuses of every subcommand: 0 done, 2 a usage error, 70 an error of "
                 "the program itself (a bug), 71 out of memory, 74 the output cannot be "
                 "written (a full disk too), 130 Ctrl-C; a subcommand's help lists its own")


def build_parser() -> Parser:
    """The argument parser with every game's subcommand."""
    parser = Parser(
        prog="cardgames", formatter_class=_HelpFormatter,
        description="Classic card games: the Aces and Sevens solitaires, Aces Up, the 24 game.",
        epilog=EXIT_STATUSES)
    parser.add_argument("--version", action="version", version=f"cardgames {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in GAMES:
        importlib.import_module(module).add_parser(subparsers)
    parser.subcommands = subparsers.choices
    return parser


def command() -> int:
    """The ``cardgames`` command: ``main``, with Ctrl-C ending quietly while the games load."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not when ignored
        signal.signal(signal.SIGINT, lambda *_: sys.exit(130))  # until streams.run takes over
    return main()


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen subcommand; return the exit status."""
    from cardgames.streams import IO_ERROR_STATUS, replace_closed_streams, run

    replace_closed_streams()  # argparse writes stderr's messages on stdout if stderr is None
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return run(lambda: args.func(args.parser, args), unwritable_status=IO_ERROR_STATUS,
                   name="cardgames")
    except Exception:   # a bug: its traceback, and a status no subcommand gives as an answer
        try:
            traceback.print_exc()
            print(f"cardgames: internal error (exit status {INTERNAL_ERROR_STATUS}): please "
                  "report it with the lines above", file=sys.stderr)
        except OSError:     # stderr cannot be written: the status alone says it
            pass
        return INTERNAL_ERROR_STATUS


#: The status of a run that ended on an error in the program itself: EX_SOFTWARE of
#: sysexits.h (1 is an answer of some subcommands: "cannot be won" to ``aces-up --solve``).
INTERNAL_ERROR_STATUS = 70
