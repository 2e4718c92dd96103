"""The rich Aces Up game: the classic commands plus undo, hints and solve, on the same rules.

Game logic lives in ``rules`` and ``solver``; this module keeps the undo history
(:class:`Session`, pure), turns solver verdicts and rejected commands into lines of at most
:data:`WIDTH` columns, and runs the prompt loop (:func:`play_session`), the only function
here that reads or prints.
"""

from __future__ import annotations

import enum
import os
import random
import sys
import textwrap
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.text import solving_line
from cardgames.aces_up.rules import (
    Action,
    CannotMove,
    Command,
    EmptyColumn,
    IllegalMove,
    MalformedCommand,
    Position,
    StockEmpty,
)
from cardgames.lines import read_line
from cardgames.numbers import integer_text, parse_integer
from cardgames.status_line import StatusLine

__all__ = [
    "DEFAULT_BUDGET",
    "Extra",
    "GUESS_NODES",
    "GUESS_SECONDS",
    "HELP",
    "OFFER_PROMPT",
    "PROMPT",
    "WIDTH",
    "Guess",
    "Session",
    "board_lines",
    "guess_order",
    "hint_line",
    "parse",
    "play_session",
    "random_seed",
    "rejection",
    "search_order",
    "seed_line",
    "solve_seed",
]

PROMPT = "\naces-up> "
OFFER_PROMPT = "\nnew game> "
DEFAULT_BUDGET = 10.0
#: The widest line the game prints, in columns.
WIDTH = 79
#: The node budget of each move tried when the solver could not settle a hint (past the
#: solver's first phase, so that it can prove losses), and the seconds all the moves tried
#: may take together (on the compiled search the node budget ends first, in about 0.1 s).
GUESS_NODES = 100_000
GUESS_SECONDS = 2.0
#: Random seeds are chosen below this bound: short enough to read and type again.
RANDOM_SEEDS = 1_000_000

HELP = """Commands:
  D         deal one card onto each column
  F x       discard the bottom card of column x (a higher card of its suit
            must be at the bottom of another column)
  T x y     move the bottom card of column x to the empty column y
  U         undo the last move or restart (as often as you like)
  ?, hint   the solver's best next move (a guess when it cannot settle it)
  solve     play a winning line to the end
  R         restart this deal (U takes the restart back)
  N [seed]  a new game: a random deal, or the deal of the seed given
  H         this help
  Q         quit"""

OFFER = "Another game? Type a seed, or Enter for a random one (U: undo, Q: quit)."
RETRY = "Type a whole number, press Enter for a random deal, U to undo, or Q."
QUIT = "You have chosen to quit."

class Extra(enum.Enum):
    """What the rich game reads besides the classic commands."""

    UNDO = "U"
    HINT = "?"
    SOLVE = "solve"
    NEW = "N"


_EXTRA = {"U": Extra.UNDO, "?": Extra.HINT, "HINT": Extra.HINT, "SOLVE": Extra.SOLVE,
          "N": Extra.NEW}
#: How many characters of a rejected line are shown back.
_ECHO = 20


def random_seed() -> int:
    """A seed for a game the player did not give one for (from the system's randomness)."""
    return random.SystemRandom().randrange(RANDOM_SEEDS)


@dataclass(frozen=True)
class Guess:
    """What trying each legal move with a small budget found, when the position is unsettled.

    ``move``: the suggested move (None when every move was proved to lose, or on Ctrl-C);
    ``lost``: the moves proved to lose; ``winning``: ``move`` was proved to win.
    """

    move: Command | None = None
    lost: tuple[Command, ...] = ()
    winning: bool = False
    interrupted: bool = False


#: The memo key of a position: its stock and its columns (the foundation follows from them).
PositionKey = tuple[rules.Column, rules.Columns]


@dataclass
class Session:
    """A game with its undo history and a memo of solved positions.

    ``nodes``: an optional node budget for the solver besides ``budget`` (seconds);
    ``guess_nodes``: the budget of each move tried for a guess; ``guess_seconds``: of all.
    """

    seed: int | None = None
    lone_moves: bool = True
    budget: float = DEFAULT_BUDGET
    history: list[Position] = field(default_factory=list)
    solved: dict[PositionKey, search.Solution] = field(default_factory=dict)
    memory: int = search.DEFAULT_MEMORY
    tier: str | None = None
    #: Called as ``progress(positions, seconds)`` while the solver works (None: silent).
    progress: Callable[[int, float], None] | None = None
    nodes: int | None = None
    guess_nodes: int = GUESS_NODES
    guess_seconds: float | None = GUESS_SECONDS
    #: The games left by ``N``, latest last: (seed, history), for U to take ``N`` back.
    earlier: list[tuple[int | None, list[Position]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.history:
            self.history.append(rules.seeded_position(self.seed))

    @property
    def position(self) -> Position:
        """The current position."""
        return self.history[-1]

    def restart(self) -> bool:
        """Back to the deal's first position, as one more step of the history (U takes it
        back); False, and nothing changes, when the game is already there."""
        if self.position == self.history[0]:
            return False
        self.history.append(self.history[0])
        return True

    def new_game(self, seed: int, undoable: bool = False) -> None:
        """A new game with the deal of ``seed``; the history starts afresh (``undoable``:
        the game left is kept, for U to come back to)."""
        if undoable:
            self.earlier.append((self.seed, self.history))
        self.seed = seed
        self.history = [rules.seeded_position(seed)]

    def play(self, command: Command) -> None:
        """Apply D, F or T; raise IllegalMove (position unchanged) when the rules reject it.

        Playing the first move of a known winning line keeps the rest of that line as the
        new position's line, so following the hints always reaches the win.
        """
        known = self.solved.get(self._key())
        self.history.append(rules.apply(self.position, command, self.lone_moves))
        if known and known.line and command == known.line[0]:
            self.solved[self._key()] = search.Solution(search.Status.WINNABLE, known.line[1:])

    def _key(self, position: Position | None = None) -> PositionKey:
        """The memo key of a position (the current one by default)."""
        position = self.position if position is None else position
        return position.stock, position.columns

    def undo(self) -> bool:
        """Go back one step (from a game's start, to the game ``N`` left); False when there
        is nothing to undo."""
        if len(self.history) > 1:
            self.history.pop()
        elif self.earlier:
            self.seed, self.history = self.earlier.pop()
        else:
            return False
        return True

    def budget_text(self) -> str:
        """The solver's budget in words: ``in 10 s``, ``within 21,000 positions``."""
        limits = ([f"in {self.budget:g} s"] if self.budget is not None else []) + (
            [f"within {self.nodes:,} positions"] if self.nodes is not None else [])
        return " and ".join(limits) or "with no limit"

    def solve(self) -> search.Solution:
        """The solver's verdict on the current position (remembered per position)."""
        return self._verdict(self.position, self.nodes, self.budget)

    def _verdict(self, position: Position, nodes: int | None,
                 seconds: float | None) -> search.Solution:
        """The solver's verdict on a position within a budget; settled ones are remembered."""
        key = self._key(position)
        found = self.solved.get(key)
        if found is None:
            try:
                found = search.solve(position, self.lone_moves,
                                     max_nodes=nodes, max_seconds=seconds, memory=self.memory,
                                     tier=self.tier, progress=self.progress)
            except KeyboardInterrupt:       # Ctrl-C while the solver loads
                return search.Solution(search.Status.UNSETTLED, interrupted=True)
            if found.status is not search.Status.UNSETTLED:
                self.solved[key] = found
        return found

    def guess(self) -> Guess:
        """Try each legal move with the small guess budget: a move proved to win is the
        answer; else the first of the others by :func:`guess_order`, the lost ones named.

        Learns what it proves: the current position is remembered as won (through the winning
        move) or lost (when every move loses).
        """
        lost: list[Command] = []
        open_moves: list[Command] = []
        seconds = self.guess_seconds
        deadline = None if seconds is None else time.monotonic() + seconds
        try:
            for move in search_order(self.position, self.lone_moves):
                child = rules.apply(self.position, move, self.lone_moves)
                if deadline is not None:
                    seconds = max(deadline - time.monotonic(), 0.001)
                verdict = self._verdict(child, self.guess_nodes, seconds)
                if verdict.interrupted:
                    return Guess(interrupted=True)
                if verdict.status is search.Status.WINNABLE:
                    self.solved[self._key()] = search.Solution(
                        search.Status.WINNABLE, (move, *verdict.line))
                    return Guess(move, tuple(lost), winning=True)
                (lost if verdict.status is search.Status.LOST else open_moves).append(move)
        except KeyboardInterrupt:           # Ctrl-C between two searches
            return Guess(interrupted=True)
        if not open_moves:
            self.solved[self._key()] = search.Solution(search.Status.LOST)
            return Guess(None, tuple(lost))
        return Guess(guess_order(self.position, open_moves, self.lone_moves)[0], tuple(lost))

    def play_winning_line(self) -> list[Command]:
        """Play the solver's winning line out (none when it has none); return its commands."""
        commands = self.solve().line
        for command in commands:
            self.play(command)
        return list(commands)


def search_order(position: Position, lone_moves: bool = True) -> list[Command]:
    """The legal moves in the order hints and guesses try them: discards, moves of a card
    that is not alone in its column, the deal, then moves of a lone card (a stable sort of
    ``rules.legal_commands``, which lists discards and moves by column)."""
    def rank(command: Command) -> int:
        if command.action is Action.MOVE:
            return 2 if len(position.column(command.columns[0])) == 1 else 0
        return 1 if command.action is Action.DEAL else 0

    return sorted(rules.legal_commands(position, lone_moves), key=rank)


def guess_order(position: Position, moves: Sequence[Command],
                lone_moves: bool = True) -> list[Command]:
    """Moves from the likeliest to win: :func:`search_order`, a safe discard first.

    A safe discard (the card is the lowest left of its suit) never spoils a winnable game
    (``search.safe_discard``; with no lone moves, only once the stock is empty).
    """
    order = [move for move in search_order(position, lone_moves) if move in moves]
    safe = search.safe_discard(position, lone_moves)
    if safe in order:
        order.remove(safe)
        order.insert(0, safe)
    return order


# ---------------------------------------------------------------- lines


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def fit(text: str, width: int = WIDTH) -> str:
    """The text with every line longer than ``width`` wrapped at spaces (or cut)."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
        else:
            indent = " " * (len(line) - len(line.lstrip(" ")))
            lines.extend(textwrap.wrap(line, width, subsequent_indent=indent + "  ",
                                       break_on_hyphens=False))
    return "\n".join(lines)


def columns(text: str) -> int:
    """How many terminal columns a text takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def echo(text: str) -> str:
    """A line the player typed, quoted and shortened to at most _ECHO + 2 columns."""
    text = text.strip()
    if columns(text) <= _ECHO:
        return repr(text)
    while columns(text) > _ECHO - 1:
        text = text[:-1]
    return repr(text + "\u2026")


def seed_line(seed: int | None, lone_moves: bool = True) -> str:
    """The line naming the deal: its seed and how to replay it (or how big the seed is)."""
    if seed is None:
        return "An unseeded deal."
    text = integer_text(seed)
    variant = " --no-lone-moves" if not lone_moves else ""
    line = f"Seed {text} (replay it: cardgames aces-up --seed {text}{variant})"
    if len(line) <= WIDTH:
        return line
    return f"Seed: a number of {plural(len(text.lstrip('-')), 'digit')}, too long to show here"


def board_lines(position: Position) -> list[str]:
    """A clear board: counts, the column numbers, then the cards row by row (top first)."""
    last = f", last {position.foundation[-1]}" if position.foundation else ""
    stock = len(position.stock)
    counts = (f"Stock: {plural(stock, 'card')} ({plural(stock // 4, 'deal')} left)"
              f"   Foundation: {plural(len(position.foundation), 'card')}{last}")
    lines = ["", counts,
             "   " + "".join(f"{number:<5d}" for number in rules.COLUMNS).rstrip()]
    for row in range(max(len(column) for column in position.columns)):
        cells = (str(column[row]) if row < len(column) else "" for column in position.columns)
        lines.append(("   " + "".join(f"{cell:<5s}" for cell in cells)).rstrip())
    return lines


def hint_line(session: Session) -> str:
    """The answer to ``?``: the next move of a winning line, a guess, or why there is none."""
    if rules.is_won(session.position):
        return "The game is won."
    verdict = session.solve()
    if verdict.status is search.Status.UNSETTLED and not verdict.interrupted:
        return guess_lines(session, session.guess())
    return verdict_line(session, verdict)


def verdict_line(session: Session, verdict: search.Solution, missing: str = "no hint") -> str:
    """The hint a verdict on the current position gives (``missing``: what an interrupted
    or unsettled search leaves out)."""
    if verdict.status is search.Status.LOST:
        return "This position cannot be won."
    if verdict.interrupted:
        return f"The solver was interrupted; {missing}."
    if verdict.status is search.Status.UNSETTLED:
        return (f"The solver could not settle this position {session.budget_text()}; "
                "no hint.")
    move = verdict.line[0]
    return f"Hint: {move}  ({describe(session.position, move)})"


def guess_lines(session: Session, guess: Guess) -> str:
    """The answer to ``?`` on a position the solver could not settle."""
    if guess.interrupted:
        return "The solver was interrupted; no hint."
    if guess.winning or guess.move is None:
        return verdict_line(session, session.solve())
    lines = [f"Guess: {guess.move}  ({describe(session.position, guess.move)})",
             (f"The solver could not settle this position {session.budget_text()}: "
              "this is a guess.")]
    if guess.lost:
        lines.append(f"Proved to lose: {', '.join(map(str, guess.lost))}.")
    return fit("\n".join(lines))


def describe(position: Position, move: Command) -> str:
    """A short description of a move (D, F or T) in words."""
    if move.action is Action.DEAL:
        return "deal one card onto each column"
    source, *target = move.columns
    card = position.column(source)[-1]
    if move.action is Action.DISCARD:
        return f"discard {card} from column {source}"
    return f"move {card} from column {source} to column {target[0]}"


def rejection(error: IllegalMove) -> str:
    """Why the rules reject a command, in words."""
    if isinstance(error, StockEmpty):
        return "The stock is empty: there is nothing left to deal."
    if isinstance(error, EmptyColumn):
        return f"Column {error.column} is empty: there is no card to discard."
    if isinstance(error, CannotMove):
        card = error.card
        if card.is_ace:
            return f"{card} cannot be discarded: aces stay (the game ends with the four aces)."
        return (f"{card} cannot be discarded: no higher {card.suit.name.lower()[:-1]} is at "
                "the bottom of another column.")
    return f"Cannot move: {error} (T x y moves a card to an empty column)."


def malformed(line: str) -> str:
    """Why a line is not a command, in words."""
    words = line.split()
    if not words:
        return "Type a command (H lists them)."
    word = words[0].upper()
    if word == "N":
        return "N takes at most one seed, a whole number, as in N 42."
    action = rules.action_of(word)
    arity = action.arity if action is not None else 0
    if not arity:
        if word in _EXTRA or action is not None:
            return f"{word} takes no number (H lists the commands)."
        return f"Unknown command {echo(line)}: H lists the commands."
    if len(words) != 1 + arity:
        example = "F 2" if word == "F" else "T 1 3"
        count = "one column number" if arity == 1 else "two column numbers"
        return f"{word} takes {count}, as in {example}."
    for token in words[1:]:
        if rules.column_number(token) is None:
            if parse_integer(token) is not None and len(token) <= _ECHO:
                return f"There is no column {token.strip()}: the columns are 1 to 4."
            return f"Not a column number: {echo(token)} (the columns are 1 to 4)."
    return f"Unknown command {echo(line)}: H lists the commands."  # not reached


def parse(line: str) -> Extra | Command:
    """Read a line: an Extra request or a classic command; MalformedCommand if neither.

    ``N`` may be followed by a seed (read by :func:`new_game_seed`).
    """
    words = line.split()
    word = words[0].upper() if words else ""
    if word == "N" and len(words) <= 2:
        if len(words) == 1 or parse_integer(words[1]) is not None:
            return Extra.NEW
        raise MalformedCommand(line)
    if word in _EXTRA and len(words) == 1:
        return _EXTRA[word]
    return rules.parse_command(line)


def new_game_seed(line: str) -> int | None:
    """The seed of an ``N seed`` line (None for a plain ``N``)."""
    words = line.split()
    return parse_integer(words[1]) if len(words) == 2 else None


def won_line(session: Session, by_solver: bool = False) -> str:
    """What a won game says (``by_solver``: ``solve`` played its last moves)."""
    text = "Won by the solver." if by_solver else "You won!"
    if session.seed is None:
        return text
    return fit(f"{text} (seed {integer_text(session.seed)})")


# ---------------------------------------------------------------- the prompt loop


def play_session(session: Session, read: Callable[[str], str | None] | None = None,
                 write: Callable[[str], None] = print,
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
    status = StatusLine()
    if session.progress is None:
        session.progress = lambda positions, seconds: status.show(solving_line(positions, seconds))
    if session.seed is None:
        session.new_game(new_seed())
    write(HELP)
    write(seed_line(session.seed, session.lone_moves))
    line: str | None = ""
    while True:
        write("\n".join(board_lines(session.position)))
        if rules.is_won(session.position):
            write(won_line(session, by_solver=_kind(line) is Extra.SOLVE))
            choice = _offer(read, write, new_seed)
            if choice is None:
                return 0
            if choice is Extra.UNDO:
                session.undo()
                write("Undone.")
            else:
                _start(session, choice, write)
            continue
        if not any(rules.legal_commands(session.position, session.lone_moves)):
            write("No move is left: this game is lost (U undoes, R restarts, N: a new game).")
        line = _ask(read, PROMPT)
        if line is None:
            write("")
            return 0
        if _asks_the_solver(line):
            status.show(THINKING)
        try:
            answer = _react(session, line, new_seed)
        except KeyboardInterrupt:           # Ctrl-C outside a search: back to the prompt
            answer = ["Interrupted."]
        status.clear()
        for output in answer:
            write(fit(output))
        if line.strip().upper() == "Q":
            return 0


THINKING = "thinking... (Ctrl-C stops)"


def _enable_line_editing() -> None:
    """Load ``readline`` (line editing, history) when the prompts read a terminal: ``input``
    then uses it; on a pipe nothing changes."""
    try:
        if not (os.isatty(sys.stdin.fileno()) and os.isatty(sys.stdout.fileno())):
            return
        import readline  # noqa: F401  (imported for its effect on input())
    except (ImportError, AttributeError, OSError, ValueError):
        pass


def _ask(read: Callable[[str], str | None], prompt: str) -> str | None:
    """One line from ``read``; None at the end of input or on Ctrl-C."""
    try:
        return read(prompt)
    except (EOFError, KeyboardInterrupt):
        return None


def _start(session: Session, seed: int, write: Callable[[str], None]) -> None:
    """Start a new game and name its seed."""
    session.new_game(seed)
    write(seed_line(seed, session.lone_moves))


def _offer(read: Callable[[str], str | None], write: Callable[[str], None],
           new_seed: Callable[[], int]) -> int | Literal[Extra.UNDO] | None:
    """Offer a new game: the seed typed, a random one for an empty line, Extra.UNDO for U
    (take back the winning move instead), None to stop."""
    write(OFFER)
    while True:
        line = _ask(read, OFFER_PROMPT)
        if line is None:
            write("")
            return None
        if line.strip().upper() == "Q":
            write(QUIT)
            return None
        if not line.strip():
            return new_seed()
        if line.strip().upper() == "U":
            return Extra.UNDO
        seed = parse_integer(line)
        if seed is not None:
            return seed
        write(f"Not a seed: {echo(line)}.\n{RETRY}")


def _asks_the_solver(line: str) -> bool:
    """True for a hint or solve request (the solver may take a while to answer)."""
    return _kind(line) in (Extra.HINT, Extra.SOLVE)


def _kind(line: str | None) -> Extra | Command | None:
    """What a line asks for (``parse``), or None for a line that is not a command."""
    try:
        return parse(line) if line is not None else None
    except MalformedCommand:
        return None


def _react(session: Session, line: str,
           new_seed: Callable[[], int] = random_seed) -> list[str]:
    """Carry out one input line; return the lines that answer it."""
    try:
        command = parse(line)
    except MalformedCommand:
        return [malformed(line)]
    if command is Extra.UNDO:
        games_left = len(session.earlier)
        if not session.undo():
            return ["Nothing to undo."]
        if len(session.earlier) < games_left:
            return ["Undone: back to the game you left.",
                    seed_line(session.seed, session.lone_moves)]
        return ["Undone."]
    if command is Extra.HINT:
        return [hint_line(session)]
    if command is Extra.SOLVE:
        return _solve_lines(session)
    if command is Extra.NEW:
        seed = new_game_seed(line)
        session.new_game(new_seed() if seed is None else seed, undoable=True)
        return ["New game (U takes it back).", seed_line(session.seed, session.lone_moves)]
    if command.action is Action.QUIT:
        return [QUIT]
    if command.action is Action.HELP:
        return [HELP]
    if command.action is Action.RESTART:
        return ["Restarted: the deal's first position (U takes it back)." if session.restart()
                else "This is already the deal's first position."]
    try:
        session.play(command)
    except IllegalMove as error:
        return [rejection(error)]
    return []


def _solve_lines(session: Session) -> list[str]:
    """Play out a winning line and return it, its commands a few to a line, or say why not."""
    if rules.is_won(session.position):
        return ["The game is won."]
    verdict = session.solve()
    if verdict.status is search.Status.UNSETTLED and not verdict.interrupted:
        return [f"The solver could not settle this position {session.budget_text()} "
                + "(? gives a guess)."]
    if verdict.status is not search.Status.WINNABLE:
        return [verdict_line(session, verdict, "nothing was played")]
    commands = [str(command) for command in session.play_winning_line()]
    return [f"Playing a winning line of {plural(len(commands), 'move')}:",
            "\n".join(packed(commands))]


def packed(words: Sequence[str], width: int = WIDTH, indent: str = "  ") -> list[str]:
    """Words (each kept whole) a few to a line, indented, separated by commas."""
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + len(word) + 2 > width:
            lines.append(line + ",")
            line = ""
        line = f"{line}, {word}" if line else indent + word
    return lines + [line] if line else lines


def solve_seed(seed: int, lone_moves: bool = True, budget: float | None = DEFAULT_BUDGET,
               **options: Any) -> search.Solution:
    """The solver's verdict on the opening deal of a seed (``options``: ``solver.solve``'s
    tier, memory and progress)."""
    return search.solve(rules.seeded_position(seed), lone_moves, max_seconds=budget, **options)
