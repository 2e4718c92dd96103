"""The turn search: every position a player can reach before the next deal, and the
endgame's verdict once the stock is empty.

Between two deals nothing is revealed, so a player who does not see the stock can plan a
whole turn at once: the turn's reachable positions are all that a plan can choose from.

Honest exchangeability (the fact this search prunes with).  For a player who does not see
the stock, a position and any permutation of its columns are worth the same: the stock is a
uniformly random order of the unseen cards, and renaming the columns maps each order of the
stock to another one, equally likely, on which the renamed play meets the same cards in the
same places.  So the turn search keys a position by its columns in sorted order
(``pruning.endgame_key``: an exact canonical key), and tries only the moves of
``pruning.endgame_transfers`` (a card with a card under it, to the first empty column): a
move of a lone card, or to another empty column, only permutes the columns.  That also makes
the search the same under both rule sets: the moves it tries are legal with or without lone
moves, and no plan it returns moves a lone card.

Cards and columns are in the codes of ``search.model``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from cardgames.aces_up.rules import Command
from cardgames.aces_up.search.model import DISCARDS, TRANSFERS, Columns, won
from cardgames.aces_up.search.pruning import (
    discard_all,
    discardable,
    endgame_key,
    endgame_transfers,
)

__all__ = ["End", "turn_ends", "endgame_won", "ENDGAME_CACHE"]

Key = tuple[tuple[int, ...], ...]


class End(NamedTuple):
    """A position a turn can end in: its columns, its key (the columns sorted) and the
    commands that reach it from the turn's start."""

    columns: Columns
    key: Key
    line: tuple[Command, ...]


def _successors(columns: Columns) -> list[tuple[Columns, Command]]:
    """The positions one discard or one move away (up to the order of the columns)."""
    after: list[tuple[Columns, Command]] = []
    for x in discardable(columns):
        cols = list(columns)
        cols[x] = columns[x][:-1]
        after.append((tuple(cols), DISCARDS[x]))
    for x, y in endgame_transfers(columns):
        cols = list(columns)
        cols[x] = columns[x][:-1]
        cols[y] = columns[x][-1:]
        after.append((tuple(cols), TRANSFERS[x][y]))
    return after


def turn_ends(columns: Columns) -> list[End]:
    """Every position reachable from ``columns`` by discards and moves, one per key, in the
    order a depth-first search first reaches them (the start first), each with the line
    that reaches it."""
    start = tuple(tuple(column) for column in columns)
    parents: dict[Key, tuple[Key | None, Command | None]] = {endgame_key(start): (None, None)}
    reached: list[tuple[Columns, Key]] = [(start, endgame_key(start))]
    stack = [start]
    while stack:
        cols = stack.pop()
        key = endgame_key(cols)
        for after, command in _successors(cols):
            after_key = endgame_key(after)
            if after_key not in parents:
                parents[after_key] = (key, command)
                reached.append((after, after_key))
                stack.append(after)
    return [End(cols, key, _line(parents, key)) for cols, key in reached]


def _line(parents: dict[Key, tuple[Key | None, Command | None]], key: Key) -> tuple[Command, ...]:
    """The commands from the turn's start to the position of ``key``."""
    line: list[Command] = []
    parent, command = parents[key]
    while parent is not None and command is not None:
        line.append(command)
        key = parent
        parent, command = parents[key]
    return tuple(reversed(line))


#: How many endgame verdicts ``endgame_won`` remembers (least recently used forgotten).
ENDGAME_CACHE = 1 << 17


def endgame_won(columns: Columns) -> bool:
    """True when a position whose stock is empty can be won: every discard made at once
    (``pruning.discard_all``), then the moves of ``pruning.endgame_transfers`` tried in
    turn, each position judged once up to the order of its columns."""
    cols, _, _ = discard_all(columns)
    return _endgame_won(endgame_key(cols))


@lru_cache(maxsize=ENDGAME_CACHE)
def _endgame_won(cols: Key) -> bool:
    """``endgame_won`` of columns every discard has been made in, by their key."""
    if won(cols):
        return True
    for x, y in endgame_transfers(cols):
        after = list(cols)
        after[x] = cols[x][:-1]
        after[y] = cols[x][-1:]
        if endgame_won(tuple(after)):
            return True
    return False
