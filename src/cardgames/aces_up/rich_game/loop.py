"""The prompt loop of the rich Aces Up game (:func:`play_session`): it reads each line once
into a request (``session.parse``), carries it out on the :class:`Session`, and writes the
lines ``text`` gives, with a status line while the solver thinks.  The only module of the
game that reads or prints.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from typing import Literal

from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.session import (
    Extra,
    Malformed,
    NewGame,
    Request,
    Session,
    parse,
    parse_answer,
    random_seed,
)
from cardgames.aces_up.rich_game.text import (
    AT_THE_START,
    BACK_TO_THE_GAME_LEFT,
    GAME_WON,
    INTERRUPTED,
    NEW_GAME,
    NO_MOVE_LEFT,
    NOTHING_TO_UNDO,
    OFFER,
    OFFER_PROMPT,
    OUT_OF_MEMORY,
    PROMPT,
    QUIT,
    RESTARTED,
    THINKING,
    UNDONE,
    WIDTH,
    board_lines,
    fit,
    help_text,
    hint_line,
    malformed,
    rejection,
    seed_line,
    solving_line,
    unsolved_line,
    winning_line_lines,
    won_line,
)
from cardgames.aces_up.rules import Action, Command, IllegalMove
from cardgames.lines import read_line
from cardgames.status_line import StatusLine

__all__ = ["play_session"]

#: A function that reads a line after a prompt: None (or EOFError) at the end of input.
Reader = Callable[[str], str | None]
Writer = Callable[[str], None]

#: The request that ends the game.
_QUIT = Command(Action.QUIT)
#: The narrowest width the lines are fitted to: a board row's (a narrower terminal wraps).
MIN_WIDTH = 24


def line_width() -> int:
    """The width the game's lines fit in: a terminal's, when standard output is one narrower
    than WIDTH; else WIDTH, so that pipes and files get the same bytes every time."""
    try:
        if sys.stdout.isatty():
            return max(MIN_WIDTH, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))
    except (AttributeError, OSError, ValueError):
        pass
    return WIDTH


def play_session(session: Session, read: Reader | None = None, write: Writer = print,
                 new_seed: Callable[[], int] = random_seed) -> int:
    """The prompt loop; returns 0 when the player quits or input ends (or Ctrl-C at a prompt).

    ``read(prompt)`` returns a line, or None (or raises EOFError) at the end of input; it
    defaults to ``lines.read_line`` (a closed stdin and an over-long line end the input too),
    with line editing and history when it reads a terminal.  ``new_seed()`` chooses the seed
    of a game the player gives none for, so that every deal can be replayed and solved.
    """
    if read is None:
        _enable_line_editing()
        read = read_line

    def say(text: str) -> None:
        """Write ``text`` within the present width."""
        write(fit(text, line_width()))

    status = StatusLine()
    if session.progress is None:
        session.progress = lambda positions, seconds: status.show(solving_line(positions, seconds))
    if session.seed is None:
        session.new_game(new_seed())
    say(help_text(line_width()))
    say(seed_line(session.seed, session.lone_moves))
    request: Request | None = None
    while True:
        say("\n".join(board_lines(session.position)))
        if rules.is_won(session.position):
            say(won_line(session, by_solver=request is Extra.SOLVE))
            choice = _offer(read, say, new_seed)
            if choice is None:
                return 0
            if choice is Extra.UNDO:
                session.undo()
                say(UNDONE)
            else:
                _start(session, choice, say)
            continue
        if not any(rules.legal_commands(session.position, session.lone_moves)):
            say(NO_MOVE_LEFT)
        line = _ask(read, PROMPT)
        if line is None:
            write("")
            return 0
        request = parse(line)
        if request is Extra.HINT or request is Extra.SOLVE:   # the solver may take a while
            status.show(THINKING)
        try:
            answer = _react(session, request, new_seed, line_width())
        except KeyboardInterrupt:           # Ctrl-C outside a search: back to the prompt
            answer = [INTERRUPTED]
        except MemoryError:                 # the position is as it was: the game goes on
            answer = [OUT_OF_MEMORY]
        status.clear()
        for output in answer:
            say(output)
        if request == _QUIT:
            return 0


def _enable_line_editing() -> None:
    """Load ``readline`` (line editing, history) when the prompts read a terminal: ``input``
    then uses it; on a pipe nothing changes."""
    try:
        if not (os.isatty(sys.stdin.fileno()) and os.isatty(sys.stdout.fileno())):
            return
        import readline  # noqa: F401  (imported for its effect on input())
    except (ImportError, AttributeError, OSError, ValueError):
        pass


def _ask(read: Reader, prompt: str) -> str | None:
    """One line from ``read``; None at the end of input or on Ctrl-C."""
    try:
        return read(prompt)
    except (EOFError, KeyboardInterrupt):
        return None


def _start(session: Session, seed: int, write: Writer) -> None:
    """Start a new game and name its seed."""
    session.new_game(seed)
    write(seed_line(seed, session.lone_moves))


def _offer(read: Reader, write: Writer,
           new_seed: Callable[[], int]) -> int | Literal[Extra.UNDO] | None:
    """Offer a new game: the seed typed, a random one for an empty line, Extra.UNDO for U
    (take back the winning move instead), None to stop."""
    write(OFFER)
    while True:
        line = _ask(read, OFFER_PROMPT)
        if line is None:
            write("")
            return None
        answer = parse_answer(line)
        if answer is Action.QUIT:
            write(QUIT)
            return None
        if answer is Extra.UNDO:
            return answer
        if isinstance(answer, NewGame):
            return new_seed() if answer.seed is None else answer.seed
        write(malformed(answer))


def _react(session: Session, request: Request,
           new_seed: Callable[[], int] = random_seed, width: int = WIDTH) -> list[str]:
    """Carry out one request; return the lines that answer it (a winning line's commands
    packed within ``width`` columns)."""
    if isinstance(request, Malformed):
        return [malformed(request)]
    if request is Extra.UNDO:
        return _undo(session)
    if request is Extra.HINT:
        return [hint_line(session)]
    if request is Extra.SOLVE:
        return _solve_lines(session, width)
    if isinstance(request, NewGame):
        session.new_game(new_seed() if request.seed is None else request.seed, undoable=True)
        return [NEW_GAME, seed_line(session.seed, session.lone_moves)]
    if request.action is Action.QUIT:
        return [QUIT]
    if request.action is Action.HELP:
        return [help_text(width)]
    if request.action is Action.RESTART:
        return [RESTARTED if session.restart() else AT_THE_START]
    try:
        session.play(request)
    except IllegalMove as error:
        return [rejection(error)]
    return []


def _undo(session: Session) -> list[str]:
    """Take back a move, a restart, or a new game (then name the game come back to)."""
    games_left = len(session.earlier)
    if not session.undo():
        return [NOTHING_TO_UNDO]
    if len(session.earlier) < games_left:
        return [BACK_TO_THE_GAME_LEFT, seed_line(session.seed, session.lone_moves)]
    return [UNDONE]


def _solve_lines(session: Session, width: int = WIDTH) -> list[str]:
    """Play out a winning line and return it, its commands a few to a line of at most
    ``width`` columns, or say why not."""
    if rules.is_won(session.position):
        return [GAME_WON]
    verdict = session.solve()
    if verdict.status is not search.Status.WINNABLE:
        return [unsolved_line(session, verdict)]
    return winning_line_lines(session.play_winning_line(), width)
