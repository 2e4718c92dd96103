"""The prompt loop of the rich Aces Up game (:func:`play_session`): it reads each line once
into a request (``session.parse``), carries it out on the :class:`Session`, and writes the
lines ``text`` gives, with a status line while the solver thinks.  The only module of the
game that reads or prints.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from typing import Literal

from cardgames.aces_up import rules, search
from cardgames.aces_up.players import PLAYERS, view_of
from cardgames.aces_up.rich_game.advice import ADVISOR
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
    DEMO_STOPPED,
    ESTIMATING,
    GAME_WON,
    INTERRUPTED,
    LOADING,
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
    demo_end_line,
    demo_move_line,
    demo_start_line,
    estimating_line,
    fit,
    help_text,
    hint_line,
    malformed,
    peek_line,
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

__all__ = ["DEMO_DELAY", "demo", "play_demo", "play_session"]

#: A function that reads a line after a prompt: None (or EOFError) at the end of input.
Reader = Callable[[str], str | None]
Writer = Callable[[str], None]

#: The request that ends the game.
_QUIT = Command(Action.QUIT)
#: The narrowest width the lines are fitted to: a board row's (a narrower terminal wraps).
MIN_WIDTH = 24
#: The seconds the demo waits before each move on a terminal (none on a pipe or a file).
DEMO_DELAY = 0.4
#: The deal, which follows a turn's plan while the stock lasts.
_DEAL = Command(Action.DEAL)


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
                 new_seed: Callable[[], int] = random_seed, delay: float | None = None,
                 player: str = ADVISOR) -> int:
    """The prompt loop; returns 0 when the player quits or input ends (or Ctrl-C at a prompt).

    ``read(prompt)`` returns a line, or None (or raises EOFError) at the end of input; it
    defaults to ``lines.read_line`` (a closed stdin and an over-long line end the input too),
    with line editing and history when it reads a terminal.  ``new_seed()`` chooses the seed
    of a game the player gives none for, so that every deal can be replayed and solved.
    ``demo`` plays with ``player``, waiting ``delay`` seconds before each move (None:
    DEMO_DELAY on a terminal, none otherwise).
    """
    if delay is None:
        delay = DEMO_DELAY if _on_a_terminal() else 0.0
    if read is None:
        _enable_line_editing()
        read = read_line

    def say(text: str) -> None:
        """Write ``text`` within the present width."""
        write(fit(text, line_width()))

    status = StatusLine()
    if session.progress is None:
        session.progress = lambda positions, seconds: status.show(solving_line(positions, seconds))
    if session.estimating is None:
        session.estimating = lambda samples, seconds: status.show(
            estimating_line(samples, seconds))
    if session.seed is None:
        session.new_game(new_seed())
    say(help_text(line_width()))
    say(seed_line(session.seed, session.lone_moves))
    request: Request | None = None
    while True:
        try:
            say("\n".join(board_lines(session.position)))
            if rules.is_won(session.position):
                say(won_line(session, by_solver=request is Extra.SOLVE,
                             player=player if request is Extra.DEMO else None))
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
            if request is Extra.DEMO:
                _watch(session, say, player, delay)
                continue
            if request is Extra.HINT:
                status.show(ESTIMATING)
            if request is Extra.PEEK or request is Extra.SOLVE:   # the solver may take a while
                status.show(THINKING if search.loaded(session.tier) else LOADING)
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
        except KeyboardInterrupt:   # neither at a prompt nor in a search (a second Ctrl-C
            status.clear()          # as an answer is written): the game goes on
            say(INTERRUPTED)


def _on_a_terminal() -> bool:
    """True when standard output is a terminal (where the demo waits between moves)."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, OSError, ValueError):
        return False


def demo(session: Session, write: Writer, player: str = ADVISOR, delay: float = 0.0) -> None:
    """Play the rest of the deal with ``player``, each turn its plan then the deal: write
    each move (from the second on, after the board it is played on; the last board is the
    caller's to show), waiting ``delay`` seconds before each, then the end's line.  Every
    move is a step of the game's history; Ctrl-C propagates, the moves made kept."""
    if rules.is_won(session.position):
        write(GAME_WON)
        return
    write(demo_start_line(player))
    moves = 0
    while True:
        commands = PLAYERS[player](view_of(session.position))
        if rules.can_deal(session.position):
            commands += (_DEAL,)
        if not commands:
            break
        for command in commands:
            if moves:
                write("\n".join(board_lines(session.position)))
            if delay > 0:
                time.sleep(delay)
            line = demo_move_line(session.position, command)
            session.play(command)
            moves += 1
            write(line)
    write(demo_end_line(session, player))


def _watch(session: Session, write: Writer, player: str, delay: float) -> None:
    """``demo`` in the game: Ctrl-C stops it where it is and the game goes on."""
    try:
        demo(session, write, player, delay)
    except KeyboardInterrupt:
        write(DEMO_STOPPED)


def play_demo(session: Session, player: str = ADVISOR, write: Writer = print,
              delay: float | None = None, new_seed: Callable[[], int] = random_seed) -> int:
    """``cardgames aces-up --demo``: the seed, then ``player`` plays the deal from its
    start, move by move, to the final board and its verdict; returns 0."""
    if delay is None:
        delay = DEMO_DELAY if _on_a_terminal() else 0.0
    if session.seed is None:
        session.new_game(new_seed())
    write(seed_line(session.seed, session.lone_moves))
    write("\n".join(board_lines(session.position)))
    demo(session, write, player, delay)
    if session.history[1:]:
        write("\n".join(board_lines(session.position)))
    if rules.is_won(session.position):
        write(won_line(session, player=player))
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
    if request is Extra.PEEK:
        return [peek_line(session)]
    if request is Extra.DEMO:
        lines: list[str] = []
        _watch(session, lines.append, ADVISOR, 0.0)
        return lines
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
