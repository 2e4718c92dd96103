"""The rich Aces Up game: the classic commands plus undo, hints and solve, on the same rules.

Game logic lives in ``rules`` and ``solver``; this module keeps the undo history
(:class:`Session`, pure), turns solver verdicts into lines, and runs the prompt loop
(:func:`play`), the only function here that reads or prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from dataclasses import dataclass, field

from cardgames.aces_up import rules, solver
from cardgames.aces_up.rules import Action, Command, IllegalMove, MalformedCommand, Position
from cardgames.aces_up.text import WON_MESSAGE, error_message, solving_line
from cardgames.console import StatusLine, read_line

__all__ = ["PROMPT", "HELP", "Session", "solver_position", "board_lines", "hint_line",
           "parse", "play", "solve_seed", "DEFAULT_BUDGET"]

PROMPT = "\naces-up> "
DEFAULT_BUDGET = 10.0

HELP = """Commands:
  D         deal one card onto each column
  F x       discard the bottom card of column x (a higher card of its suit shows elsewhere)
  T x y     move the bottom card of column x to the empty column y
  U         undo the last move (as many times as you like)
  ?, hint   the solver's best next move (or: this position cannot be won)
  solve     play out a winning line to the end
  R         restart (the same deal when a seed was given)
  H         this help
  Q         quit"""

_EXTRA = {"U": "undo", "?": "hint", "HINT": "hint", "SOLVE": "solve"}


def solver_position(position: Position) -> solver.Position:
    """The solver's view of a rules position (the stock as four-card deals, next first)."""
    order = position.stock[::-1]
    if len(order) % solver.COLUMNS:
        raise ValueError("the stock must hold a multiple of four cards")
    deals = [order[i:i + solver.COLUMNS] for i in range(0, len(order), solver.COLUMNS)]
    return solver.Position.of_cards(position.columns, deals)


def to_command(move: solver.Move) -> Command:
    """The rules command for a solver move."""
    if move.kind == "D":
        return Command(Action.DEAL)
    if move.kind == "F":
        return Command(Action.DISCARD, (move.source,))
    return Command(Action.MOVE, (move.source, move.target))


@dataclass
class Session:
    """A game with its undo history and a memo of solved positions."""

    seed: int | None = None
    lone_moves: bool = True
    budget: float = DEFAULT_BUDGET
    history: list[Position] = field(default_factory=list)
    solved: dict = field(default_factory=dict)
    memory: int = solver.DEFAULT_MEMORY
    tier: str | None = None
    #: Called as ``progress(positions, seconds)`` while the solver works (None: silent).
    progress: Callable[[int, float], None] | None = None

    def __post_init__(self) -> None:
        if not self.history:
            self.history.append(rules.seeded_position(self.seed))

    @property
    def position(self) -> Position:
        """The current position."""
        return self.history[-1]

    def restart(self) -> None:
        """A new game (the same deal again when seeded); the history starts afresh."""
        self.history = [rules.seeded_position(self.seed)]

    def play(self, command: Command) -> None:
        """Apply D, F or T; raise IllegalMove (position unchanged) when the rules reject it.

        Playing the first move of a known winning line keeps the rest of that line as the
        new position's line, so following the hints always reaches the win.
        """
        known = self.solved.get(self._key())
        self.history.append(rules.apply(self.position, command, self.lone_moves))
        if known and known.line and str(command) == solver.command(known.line[0]):
            self.solved[self._key()] = solver.Solution(solver.Status.WINNABLE, known.line[1:])

    def _key(self) -> tuple:
        """The memo key of the current position."""
        return self.position.stock, self.position.columns

    def undo(self) -> bool:
        """Go back one move; False when there is nothing to undo."""
        if len(self.history) == 1:
            return False
        self.history.pop()
        return True

    def solve(self) -> solver.Solution:
        """The solver's verdict on the current position (remembered per position)."""
        key = self._key()
        found = self.solved.get(key)
        if found is None:
            try:
                found = solver.solve(solver_position(self.position), self.lone_moves,
                                     max_seconds=self.budget, memory=self.memory,
                                     tier=self.tier, progress=self.progress)
            except KeyboardInterrupt:       # Ctrl-C while the solver loads
                return solver.Solution(solver.Status.UNSETTLED, interrupted=True)
            if found.status is not solver.Status.UNSETTLED:
                self.solved[key] = found
        return found

    def winning_line(self) -> Iterator[Command]:
        """Play a winning line out, yielding each command after applying it."""
        for move in self.solve().line:
            command = to_command(move)
            self.play(command)
            yield command


def hint_line(session: Session) -> str:
    """The answer to ``?``: the next move of a winning line, or why there is none."""
    if rules.is_won(session.position):
        return "The game is won."
    return verdict_line(session, session.solve())


def verdict_line(session: Session, verdict: solver.Solution) -> str:
    """The hint a verdict on the current position gives."""
    if verdict.status is solver.Status.LOST:
        return "This position cannot be won."
    if verdict.interrupted:
        return "The solver was interrupted; no hint."
    if verdict.status is solver.Status.UNSETTLED:
        return (f"The solver could not settle this position in {session.budget:g} s; "
                "no hint.")
    return f"Hint: {solver.command(verdict.line[0])}  ({describe(session.position, verdict.line[0])})"


def describe(position: Position, move: solver.Move) -> str:
    """A short description of a move in words."""
    if move.kind == "D":
        return "deal one card onto each column"
    card = position.column(move.source)[-1]
    if move.kind == "F":
        return f"discard {card} from column {move.source}"
    return f"move {card} from column {move.source} to column {move.target}"


def board_lines(position: Position) -> list[str]:
    """A clear board: counts, the column numbers, then the cards row by row (top first)."""
    last = f", last {position.foundation[-1]}" if position.foundation else ""
    lines = ["", f"Stock: {len(position.stock)} cards ({len(position.stock) // 4} deals left)"
                 f"   Foundation: {len(position.foundation)} cards{last}",
             "   " + "".join(f"{number:<5d}" for number in rules.COLUMNS).rstrip()]
    for row in range(max(len(column) for column in position.columns)):
        cells = (str(column[row]) if row < len(column) else "" for column in position.columns)
        lines.append(("   " + "".join(f"{cell:<5s}" for cell in cells)).rstrip())
    return lines


def parse(line: str) -> tuple[str, Command | None]:
    """Read a line: ('undo'|'hint'|'solve'|'play', command) or raise MalformedCommand."""
    word = line.strip().upper()
    if word in _EXTRA:
        return _EXTRA[word], None
    command = rules.parse_command(line)
    return "play", command


def play(session: Session, read: Callable[[str], str | None] | None = None,
         write: Callable[[str], None] = print) -> int:
    """The prompt loop; returns 0 when the player quits, wins or input ends.

    ``read(prompt)`` returns a line, or None (or raises EOFError) at the end of input; it
    defaults to ``console.read_line`` (a closed stdin and an over-long line end the input too).
    """
    read = read or read_line
    status = StatusLine()
    if session.progress is None:
        session.progress = lambda positions, seconds: status.show(solving_line(positions, seconds))
    write(HELP)
    write("\n".join(board_lines(session.position)))
    while True:
        try:
            line = read(PROMPT)
        except EOFError:
            line = None
        if line is None:
            write("")
            return 0
        if _asks_the_solver(line):
            status.show(THINKING)
        for output in _react(session, line):
            status.clear()
            write(output)
        if line.strip().upper() == "Q":
            return 0
        if rules.is_won(session.position):
            write(WON_MESSAGE)
            return 0
        write("\n".join(board_lines(session.position)))


THINKING = "thinking... (Ctrl-C stops)"


def _asks_the_solver(line: str) -> bool:
    """True for a hint or solve request (the solver may take a while to answer)."""
    try:
        return parse(line)[0] in ("hint", "solve")
    except MalformedCommand:
        return False


def _react(session: Session, line: str) -> Iterator[str]:
    """The lines printed in answer to one input line (the state changes as they are made)."""
    try:
        kind, command = parse(line)
    except MalformedCommand:
        yield f"Unknown command: {line.strip()!r} (H for help)"
        return
    if kind == "undo":
        yield "Undone." if session.undo() else "Nothing to undo."
    elif kind == "hint":
        yield hint_line(session)
    elif kind == "solve":
        yield from _solve_lines(session)
    elif command.action is Action.QUIT:
        yield "You have chosen to quit."
    elif command.action is Action.HELP:
        yield HELP
    elif command.action is Action.RESTART:
        session.restart()
        yield "New game."
    else:
        try:
            session.play(command)
        except IllegalMove as error:
            yield error_message(error)


def _solve_lines(session: Session) -> Iterator[str]:
    """Play out a winning line, one line per move, or say why not."""
    if rules.is_won(session.position):
        return
    verdict = session.solve()
    if verdict.status is not solver.Status.WINNABLE:
        yield verdict_line(session, verdict)
        return
    yield "Playing a winning line:"
    for command in list(session.winning_line()):
        yield f"  {command}"


def solve_seed(seed: int, lone_moves: bool = True, budget: float | None = DEFAULT_BUDGET,
               **options: Any) -> solver.Solution:
    """The solver's verdict on the opening deal of a seed (``options``: ``solver.solve``'s
    tier, memory and progress)."""
    return solver.solve(solver_position(rules.seeded_position(seed)), lone_moves,
                        max_seconds=budget, **options)
