"""What every Aces Up search shares: the card codes, the verdict and solution types, the
commands a line is made of, and the settings both tiers read.

A card is a small int ``16 * suit + strength``, suit 0..3 (clubs, diamonds, hearts, spades)
and strength 2..13 for 2..K and 14 for the ace (aces high), so "same suit and higher" is
``a >> 4 == b >> 4 and a > b``.  A column is a tuple of cards, its last element being the
bottom (movable) card; the stock is a sequence of four-card deals, next deal first, with
HOLE where there is no card (a card a relaxed game dropped, or past the end of a short last
deal).  A set of cards is a bit set (bit ``code``).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.aces_up.rules import Action, Command, Position
from cardgames.cards import Card, Suit

__all__ = [
    "ACE", "COLUMNS", "HOLE", "Column", "Columns", "Stock",
    "encode", "decode", "codes", "won", "compiles",
    "Status", "Solution", "DEAL", "DISCARDS", "TRANSFERS",
    "DEFAULT_MEMORY", "PROGRESS_SECONDS", "FIRST_PHASE_NODES",
    "RELAX_TRIAL", "RELAX_RATE", "RELAX_SAMPLE",
]

#: The ace's strength (aces high).
ACE = 14
#: The number of columns.
COLUMNS = 4
#: No card, in a deal: a card a relaxed game dropped, or past the end of a short last deal.
HOLE = -1

#: A column in codes, bottom card last.
Column = tuple[int, ...]
#: The four columns.
Columns = tuple[Column, ...]
#: The deals of the stock, next deal first (four cards each, HOLE where there is none).
Stock = tuple[tuple[int, ...], ...]

#: The memory a solve may use when none is given (bytes): its memo and work space.
DEFAULT_MEMORY = 1 << 30
#: How often a solve calls its ``progress`` callback (seconds).
PROGRESS_SECONDS = 0.25
#: The node budget of a solve's plain first phase (``reference.solve``).
FIRST_PHASE_NODES = 20_000
#: When a level's positions are checked in the relaxed game first
#: (``reference._Search._worth_relaxing``): its trial, rate and sample.
RELAX_TRIAL, RELAX_RATE, RELAX_SAMPLE = 256, 32, 16


def encode(card: Card) -> int:
    """The code of a card: 16 * (suit - 1) + strength (aces high = 14)."""
    return 16 * (int(card.suit) - 1) + (ACE if card.rank == 1 else card.rank)


def decode(code: int) -> Card:
    """The Card of a code (inverse of ``encode``)."""
    strength = code & 15
    return Card(1 if strength == ACE else strength, Suit((code >> 4) + 1))


def codes(position: Position) -> tuple[Columns, Stock]:
    """A search's view of a rules position: its columns in codes (bottom card last), and
    its stock as the deals still to come, next first.  A short last deal (a stock that is
    not a multiple of four) is padded with HOLE: the columns it does not reach get nothing,
    as in ``rules.deal``."""
    order = [encode(card) for card in reversed(position.stock)]
    order += [HOLE] * (-len(order) % COLUMNS)
    stock = tuple(tuple(order[i:i + COLUMNS]) for i in range(0, len(order), COLUMNS))
    return tuple(tuple(encode(card) for card in column) for column in position.columns), stock


def won(columns: Sequence[Column]) -> bool:
    """``rules.only_aces`` in codes: the four columns each hold exactly one card, an ace:
    the four aces."""
    return (len(columns) == COLUMNS
            and all(len(column) == 1 and column[0] & 15 == ACE for column in columns)
            and len({column[0] for column in columns}) == COLUMNS)


def compiles(stock: Stock) -> bool:
    """True when the compiled search takes a stock: at most 12 deals of four cards (a game's
    positions always are; a short last deal goes to the reference search)."""
    return len(stock) <= 12 and all(HOLE not in deal for deal in stock)


class Status(enum.Enum):
    """What a search could establish about a position."""

    WINNABLE = "winnable"
    LOST = "cannot be won"
    UNSETTLED = "unsettled"


@dataclass(frozen=True)
class Solution:
    """The verdict, a winning line when WINNABLE, and the work it took.

    ``tier``: the search that ran (``stdlib``, the reference, or ``numba``, compiled);
    ``interrupted``: UNSETTLED because Ctrl-C stopped the search.
    """

    status: Status
    line: tuple[Command, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    tier: str = "stdlib"
    interrupted: bool = False


#: The rules' commands as the searches number columns, 0..3: ``DISCARDS[x]`` is ``F x+1``,
#: ``TRANSFERS[x][y]`` is ``T x+1 y+1``; a winning line is a tuple of these and ``DEAL``.
DEAL = Command(Action.DEAL)
DISCARDS = tuple(Command(Action.DISCARD, (x,)) for x in range(1, COLUMNS + 1))
TRANSFERS = tuple(tuple(Command(Action.MOVE, (x, y)) for y in range(1, COLUMNS + 1))
                  for x in range(1, COLUMNS + 1))
