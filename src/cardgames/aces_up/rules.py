"""The rules of Aces Up as pure functions over an immutable position; nothing here prints.

A :class:`Position` is the stock (last card = top, dealt next), the four tableau columns
(last card = bottom, the only one that moves) and the foundation (last card = top).
Columns are *numbered 1 to 4*, as the player types them; ``columns[number - 1]`` holds one.

Each move has a ``check_*`` function that raises a typed :class:`IllegalMove` saying why,
a ``can_*`` predicate, and a function returning the new position; a rejected move never
returns a position, so it cannot change one.  :func:`parse_command` reads the classic command
grammar (``D``, ``F x``, ``T x y``, ``R``, ``H``, ``Q``) into a :class:`Command` value.

``lone_moves=False`` selects the variant in which a card alone in its column may not move
to an empty column; the default (``True``) is the game of the spec.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardgames.cards import Card, classic_deck, shuffle

__all__ = [
    "COLUMNS", "Position", "Action", "Command",
    "IllegalMove", "StockEmpty", "EmptyColumn", "CannotMove", "InvalidMove", "MalformedCommand",
    "outranks", "bottom_cards", "new_position", "seeded_position",
    "check_deal", "can_deal", "deal",
    "check_discard", "can_discard", "discard",
    "check_move", "can_move", "move",
    "apply", "legal_commands", "only_aces", "is_won", "card_count",
    "action_of", "column_number", "parse_command",
]

#: The column numbers, left to right.
COLUMNS = (1, 2, 3, 4)

Column = tuple[Card, ...]
Columns = tuple[Column, ...]  # four: rebuilt from lists, whose length mypy cannot count


@dataclass(frozen=True, slots=True)
class Position:
    """The whole game state: stock (last = top), four columns (last = bottom), foundation."""

    stock: tuple[Card, ...]
    columns: Columns
    foundation: tuple[Card, ...] = ()

    def column(self, number: int) -> Column:
        """The cards of column ``number`` (1..4), top first."""
        return self.columns[number - 1]


# ---------------------------------------------------------------- errors


class IllegalMove(ValueError):
    """A command the rules reject; the position it was tried on stays as it was."""


class StockEmpty(IllegalMove):
    """``D`` while the stock holds no card."""

    def __init__(self) -> None:
        super().__init__("the stock is empty")


class EmptyColumn(IllegalMove):
    """``F x`` and column x holds no card."""

    def __init__(self, column: int) -> None:
        super().__init__(f"column {column} is empty")
        self.column = column


class CannotMove(IllegalMove):
    """``F x``: the discard rule forbids the bottom card of column x."""

    def __init__(self, card: Card) -> None:
        super().__init__(f"{card} cannot go to the foundation")
        self.card = card


class InvalidMove(IllegalMove):
    """``T x y`` with x empty or y not empty, or a column number outside 1..4."""

    def __init__(self, source: object, target: object = None, reason: str = "invalid move") -> None:
        super().__init__(reason)
        self.source = source
        self.target = target


class MalformedCommand(ValueError):
    """The line is not a command of the grammar; ``line`` is exactly what was read."""

    def __init__(self, line: str) -> None:
        super().__init__(f"malformed command: {line!r}")
        self.line = line


# ---------------------------------------------------------------- the rules


def outranks(high: Card, low: Card) -> bool:
    """True when ``high`` is of the same suit and of a higher rank, aces high."""
    return high.suit == low.suit and (high.rank == 1 or (low.rank != 1 and high.rank > low.rank))


def bottom_cards(columns: Sequence[Sequence[Card]]) -> list[Card | None]:
    """The bottom card of each column, None for an empty one."""
    return [column[-1] if column else None for column in columns]


def new_position(deck: Sequence[Card]) -> Position:
    """A new game from a deck whose last card is its top: one card dealt to each column."""
    return deal(Position(tuple(deck), ((), (), (), ())))


def seeded_position(seed: int | None = None) -> Position:
    """A new game from the classic deck shuffled by the seeded-deal convention (§4)."""
    deck = classic_deck()
    shuffle(deck, seed)
    return new_position(deck)


def check_deal(position: Position) -> None:
    """Raise StockEmpty unless a deal is allowed."""
    if not position.stock:
        raise StockEmpty()


def can_deal(position: Position) -> bool:
    """True when the stock has a card to deal."""
    return bool(position.stock)


def deal(position: Position) -> Position:
    """One card from the stock onto each column, 1 to 4 (fewer if the stock runs out)."""
    check_deal(position)
    stock = list(position.stock)
    columns = list(position.columns)
    for index in range(len(columns)):
        if not stock:
            break
        columns[index] = columns[index] + (stock.pop(),)
    return Position(tuple(stock), tuple(columns), position.foundation)


def _check_tableau(columns: Sequence[Sequence[Card]]) -> None:
    """Raise InvalidMove unless ``columns`` is a tableau: four columns."""
    if len(columns) != len(COLUMNS):
        raise InvalidMove(None, reason=f"a tableau has {len(COLUMNS)} columns, not {len(columns)}")


def _check_column_number(column: object) -> int:
    """The column number itself, or InvalidMove if it is not an int from 1 to 4."""
    if type(column) is not int or column not in COLUMNS:
        raise InvalidMove(column, reason=f"no column {column!r}")
    return column


def check_discard(columns: Sequence[Sequence[Card]], column: int) -> None:
    """Raise unless the bottom card of ``column`` may go to the foundation.

    InvalidMove for a number outside 1..4 (or columns that are not four), EmptyColumn, or
    CannotMove(card) when the card is an Ace or no other column's bottom card outranks it
    in its suit.
    """
    _check_tableau(columns)
    _check_column_number(column)
    cards = columns[column - 1]
    if not cards:
        raise EmptyColumn(column)
    card = cards[-1]
    others = (bottom for number, bottom in enumerate(bottom_cards(columns), 1)
              if number != column and bottom is not None)
    if card.rank == 1 or not any(outranks(other, card) for other in others):
        raise CannotMove(card)


def can_discard(columns: Sequence[Sequence[Card]], column: int) -> bool:
    """True when the bottom card of ``column`` may go to the foundation."""
    try:
        check_discard(columns, column)
    except IllegalMove:
        return False
    return True


def discard(position: Position, column: int) -> Position:
    """The bottom card of ``column`` moved to the foundation, if the rules allow it."""
    check_discard(position.columns, column)
    columns = list(position.columns)
    card = columns[column - 1][-1]
    columns[column - 1] = columns[column - 1][:-1]
    return Position(position.stock, tuple(columns), position.foundation + (card,))


def check_move(columns: Sequence[Sequence[Card]], source: int, target: int,
               lone_moves: bool = True) -> None:
    """Raise InvalidMove unless the bottom card of ``source`` may move to ``target``.

    Allowed iff there are four columns, both numbers are 1..4, ``source`` is not empty and
    ``target`` is empty; with
    ``lone_moves=False`` a card alone in its column may not move either.
    """
    _check_tableau(columns)
    _check_column_number(source)
    _check_column_number(target)
    if not columns[source - 1]:
        raise InvalidMove(source, target, f"column {source} is empty")
    if columns[target - 1]:
        raise InvalidMove(source, target, f"column {target} is not empty")
    if not lone_moves and len(columns[source - 1]) == 1:
        raise InvalidMove(source, target, f"the card of column {source} is alone")


def can_move(columns: Sequence[Sequence[Card]], source: int, target: int,
             lone_moves: bool = True) -> bool:
    """True when the bottom card of ``source`` may move to the empty column ``target``."""
    try:
        check_move(columns, source, target, lone_moves)
    except IllegalMove:
        return False
    return True


def move(position: Position, source: int, target: int, lone_moves: bool = True) -> Position:
    """The bottom card of ``source`` moved to the empty column ``target``, if allowed."""
    check_move(position.columns, source, target, lone_moves)
    columns = list(position.columns)
    card = columns[source - 1][-1]
    columns[source - 1] = columns[source - 1][:-1]
    columns[target - 1] = (card,)
    return Position(position.stock, tuple(columns), position.foundation)


def only_aces(columns: Sequence[Sequence[Card]]) -> bool:
    """True when the four columns each hold exactly one card, an Ace: the four aces."""
    return (len(columns) == len(COLUMNS)
            and all(len(column) == 1 and column[0].is_ace for column in columns)
            and len({column[0].suit for column in columns}) == len(COLUMNS))


def is_won(position: Position) -> bool:
    """True when the stock is empty and each column holds exactly one card, an Ace."""
    return not position.stock and only_aces(position.columns)


def card_count(position: Position) -> int:
    """How many cards the position holds in all (52 for every position of a game)."""
    return (len(position.stock) + sum(map(len, position.columns))
            + len(position.foundation))


# ---------------------------------------------------------------- commands


class Action(enum.Enum):
    """The six commands, by their letter."""

    DEAL = "D"
    DISCARD = "F"
    MOVE = "T"
    RESTART = "R"
    HELP = "H"
    QUIT = "Q"

    @property
    def arity(self) -> int:
        """How many column numbers the command takes: 1 for F, 2 for T, else none."""
        return 2 if self is Action.MOVE else 1 if self is Action.DISCARD else 0


_ACTION_OF_LETTER = {action.value: action for action in Action}


@dataclass(frozen=True, slots=True)
class Command:
    """A command: the action and its column numbers (1..4), e.g. ``T 4 2``.

    The one move type of Aces Up: ``legal_commands`` generates D, F and T commands,
    ``apply`` plays them, ``str`` and ``parse_command`` write and read them, and the
    solver's winning lines are made of them.
    """

    action: Action
    columns: tuple[int, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.action.value, *map(str, self.columns)])

    def as_list(self) -> list[str | int]:
        """The classic ``get_option`` value: ``['D']``, ``['F', x]``, ``['T', x, y]``."""
        return [self.action.value, *self.columns]


def column_number(token: str) -> int | None:
    """The column number of an ASCII-digit token whose value is 1..4, else None."""
    if not token or not all("0" <= char <= "9" for char in token):
        return None
    significant = token.lstrip("0")  # leading zeros allowed, however many: "003" is 3
    return int(significant) if len(significant) == 1 and int(significant) in COLUMNS else None


def action_of(letter: str) -> Action | None:
    """The action of a command letter, in either case (``t``: MOVE), else None."""
    return _ACTION_OF_LETTER.get(letter.upper())


def parse_command(line: str) -> Command:
    """Read one input line (§7); raise MalformedCommand(line) if it is not a command."""
    tokens = line.strip().split()
    action = action_of(tokens[0]) if tokens else None
    if action is None or len(tokens) != 1 + action.arity:
        raise MalformedCommand(line)
    numbers = tuple(column_number(token) for token in tokens[1:])
    columns = tuple(number for number in numbers if number is not None)
    if len(columns) != len(numbers):  # a token that is not a column number
        raise MalformedCommand(line)
    return Command(action, columns)


def apply(position: Position, command: Command, lone_moves: bool = True) -> Position:
    """The position after a D, F or T command; raise IllegalMove if the rules reject it."""
    if command.action is Action.DEAL:
        return deal(position)
    if command.action is Action.DISCARD:
        return discard(position, *command.columns)
    if command.action is Action.MOVE:
        source, target = command.columns
        return move(position, source, target, lone_moves=lone_moves)
    raise ValueError(f"{command} does not change the position")


def legal_commands(position: Position, lone_moves: bool = True) -> Iterator[Command]:
    """Every D, F and T command the rules allow in ``position``: discards, moves, then deal."""
    for column in COLUMNS:
        if can_discard(position.columns, column):
            yield Command(Action.DISCARD, (column,))
    for source in COLUMNS:
        for target in COLUMNS:
            if can_move(position.columns, source, target, lone_moves):
                yield Command(Action.MOVE, (source, target))
    if can_deal(position):
        yield Command(Action.DEAL)
