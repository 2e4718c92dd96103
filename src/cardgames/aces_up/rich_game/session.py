"""The state of the rich Aces Up game, with no printing: a game with its undo history and its
memo of solved positions (:class:`Session`), the guesses on a position the solver cannot
settle, and the requests a typed line makes, each line read once (:func:`parse`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from cardgames import clock
from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.advice import Advice, Budget, Progress, advise
from cardgames.aces_up.rules import Action, Command, MalformedCommand, Position
from cardgames.numbers import parse_integer

__all__ = [
    "DEFAULT_BUDGET",
    "GUESS_NODES",
    "GUESS_SECONDS",
    "RANDOM_SEEDS",
    "Answer",
    "Extra",
    "Flaw",
    "Guess",
    "Malformed",
    "NewGame",
    "Request",
    "Session",
    "guess_order",
    "parse",
    "parse_answer",
    "random_seed",
    "search_order",
    "solve_seed",
]

DEFAULT_BUDGET = 10.0
#: The node budget of each move tried when the solver could not settle a hint (past the
#: solver's first phase, so that it can prove losses), and the seconds all the moves tried
#: may take together (on the compiled search the node budget ends first, in about 0.1 s).
GUESS_NODES = 100_000
GUESS_SECONDS = 2.0
#: Random seeds are chosen below this bound: short enough to read and type again.
RANDOM_SEEDS = 1_000_000


def random_seed() -> int:
    """A seed for a game the player did not give one for (from the system's randomness)."""
    return random.SystemRandom().randrange(RANDOM_SEEDS)


# ---------------------------------------------------------------- requests


class Extra(enum.Enum):
    """What the rich game reads besides the classic commands and ``N`` (a :class:`NewGame`)."""

    UNDO = "U"
    HINT = "?"
    PEEK = "peek"
    SOLVE = "solve"
    DEMO = "demo"


@dataclass(frozen=True)
class NewGame:
    """``N`` or ``N seed``: a new game, the deal of ``seed`` (None: a random deal)."""

    seed: int | None = None


class Flaw(enum.Enum):
    """Why a line is not a request."""

    EMPTY = enum.auto()           #: nothing but blanks
    NEW_GAME = enum.auto()        #: N followed by more than one seed, or not by a whole number
    NO_NUMBER = enum.auto()       #: a command that takes no number, followed by more words
    COUNT = enum.auto()           #: F or T with too few or too many column numbers
    NO_SUCH_COLUMN = enum.auto()  #: a whole number that is not a column's (1 to 4)
    NOT_A_COLUMN = enum.auto()    #: a word after F or T that is not a whole number
    UNKNOWN = enum.auto()         #: no command at all
    NOT_A_SEED = enum.auto()      #: an answer to the new-game offer that is not a seed


@dataclass(frozen=True)
class Malformed:
    """A line that is not a request: the line, why not, and the word at fault (upper case for
    a command's word: ``U`` in ``u 1``; as typed for a column's)."""

    line: str
    flaw: Flaw
    word: str = ""


#: One line the player typed at the prompt, read once by :func:`parse`.
Request: TypeAlias = Extra | NewGame | Command | Malformed
#: The answer to the new-game offer, read once by :func:`parse_answer`: Q, U, a seed or
#: Enter (``NewGame()``: a random deal), or a line that is not a seed.
Answer: TypeAlias = Literal[Action.QUIT, Extra.UNDO] | NewGame | Malformed

_EXTRA = {"U": Extra.UNDO, "?": Extra.HINT, "HINT": Extra.HINT, "PEEK": Extra.PEEK,
          "SOLVE": Extra.SOLVE, "DEMO": Extra.DEMO}


def parse(line: str) -> Request:
    """What a line asks for: an Extra, a new game (``N [seed]``), a classic command, or why
    it is none of them (Malformed)."""
    words = line.split()
    word = words[0].upper() if words else ""
    if word == "N":
        seed = parse_integer(words[1]) if len(words) == 2 else None
        if len(words) == 1 or seed is not None:
            return NewGame(seed)
        return Malformed(line, Flaw.NEW_GAME, word)
    if word in _EXTRA and len(words) == 1:
        return _EXTRA[word]
    try:
        return rules.parse_command(line)
    except MalformedCommand:
        return Malformed(line, *_flaw(words))


def _flaw(words: Sequence[str]) -> tuple[Flaw, str]:
    """Why words that ``parse`` found no request in are none, and the word at fault."""
    if not words:
        return Flaw.EMPTY, ""
    word = words[0].upper()
    action = rules.action_of(word)
    arity = action.arity if action is not None else 0
    if not arity:
        known = word in _EXTRA or action is not None
        return (Flaw.NO_NUMBER, word) if known else (Flaw.UNKNOWN, "")
    if len(words) != 1 + arity:
        return Flaw.COUNT, word
    for token in words[1:]:
        if rules.column_number(token) is None:
            integer = parse_integer(token) is not None
            return Flaw.NO_SUCH_COLUMN if integer else Flaw.NOT_A_COLUMN, token
    return Flaw.UNKNOWN, ""  # not reached: rules.parse_command reads such words


def parse_answer(line: str) -> Answer:
    """What an answer to the new-game offer asks for: Q, U, a seed, Enter, or not a seed."""
    word = line.strip().upper()
    if word == "Q":
        return Action.QUIT
    if not word:
        return NewGame()
    if word == "U":
        return Extra.UNDO
    seed = parse_integer(line)
    return Malformed(line, Flaw.NOT_A_SEED) if seed is None else NewGame(seed)


# ---------------------------------------------------------------- the game


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
    ``guess_nodes``: the budget of each move tried for a guess; ``guess_seconds``: of all;
    ``honest``: the budget of the honest hint's chance; ``last_two``: the ``last-two``
    player advises with eight cards left (when the compiled players answer in time).
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
    honest: Budget = field(default_factory=Budget)
    last_two: bool = False
    #: Called as ``progress(samples, seconds)`` while the honest chance is estimated.
    estimating: Progress | None = None
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
        move) or lost (when every move loses).  Time stopped by Ctrl-Z does not count.
        """
        try:
            with clock.stops_excluded():
                return self._guess()
        except KeyboardInterrupt:           # Ctrl-C between two searches
            return Guess(interrupted=True)

    def _guess(self) -> Guess:
        """``guess``, Ctrl-C propagating."""
        lost: list[Command] = []
        open_moves: list[Command] = []
        seconds = self.guess_seconds
        deadline = None if seconds is None else clock.now() + seconds
        for move in search_order(self.position, self.lone_moves):
            child = rules.apply(self.position, move, self.lone_moves)
            if deadline is not None:
                seconds = max(deadline - clock.now(), 0.001)
            verdict = self._verdict(child, self.guess_nodes, seconds)
            if verdict.interrupted:
                return Guess(interrupted=True)
            if verdict.status is search.Status.WINNABLE:
                self.solved[self._key()] = search.Solution(
                    search.Status.WINNABLE, (move, *verdict.line))
                return Guess(move, tuple(lost), winning=True)
            (lost if verdict.status is search.Status.LOST else open_moves).append(move)
        if not open_moves:
            self.solved[self._key()] = search.Solution(search.Status.LOST)
            return Guess(None, tuple(lost))
        return Guess(guess_order(self.position, open_moves, self.lone_moves)[0], tuple(lost))

    def advice(self) -> Advice:
        """The honest hint on the current position (``advice.advise``)."""
        return advise(self.position, self.lone_moves, self.honest, self.last_two,
                      self.estimating)

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


def solve_seed(seed: int, lone_moves: bool = True, budget: float | None = DEFAULT_BUDGET,
               **options: Any) -> search.Solution:
    """The solver's verdict on the opening deal of a seed (``options``: ``search.solve``'s
    tier, memory and progress)."""
    return search.solve(rules.seeded_position(seed), lone_moves, max_seconds=budget, **options)
