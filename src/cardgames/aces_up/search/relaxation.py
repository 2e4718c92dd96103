"""The chain of relaxed games both searches check a level in first, built in one place.

Each relaxed game keeps the essential cards (``pruning.essential``) among the highest ranks
of each suit (``pruning.upper``) of the game above it, with the same deals and HOLE where
the dropped cards were; if it is lost, so is the game above (the proofs are in
``pruning``).  The real game is game 0; game g + 1 relaxes game g with ``RELAXATION_TOPS[g]``.
"""

from __future__ import annotations

from typing import NamedTuple

from cardgames.aces_up.search.model import HOLE, Column, Columns, Stock
from cardgames.aces_up.search.pruning import essential, upper

__all__ = ["RELAXATION_TOPS", "Relaxed", "relaxation", "kept_cards", "relaxed_games"]

#: The chain of relaxed games: the essential cards among the top 10, 7, 4 ranks of each suit.
RELAXATION_TOPS = (10, 7, 4)


class Relaxed(NamedTuple):
    """A relaxed game: the cards it keeps of the game above (a bit set), and its stock."""

    keep: int
    stock: Stock


def relaxation(stock: Stock, tops: tuple[int, ...]) -> Relaxed | None:
    """The game below one with this stock: its essential cards, among the ``tops[0]``
    highest of each suit when ``tops`` is not empty; None when there is no deal left or the
    relaxation drops no card of the stock."""
    if not stock:
        return None
    keep = essential(stock[-1])
    if tops:
        keep &= upper(tops[0])
    relaxed = tuple(tuple(card if card != HOLE and keep >> card & 1 else HOLE for card in deal)
                    for deal in stock)
    return None if relaxed == stock else Relaxed(keep, relaxed)


def kept_cards(column: Column, keep: int) -> Column:
    """A column without the cards a relaxed game drops."""
    return tuple(card for card in column if keep >> card & 1)


def relaxed_games(columns: Columns, stock: Stock,
                  tops: tuple[int, ...] = RELAXATION_TOPS) -> list[tuple[Stock, Columns, int]]:
    """The real game and each game of its chain, from the real one down: (stock, starting
    columns, the cards the next game keeps; 0 for the last)."""
    games: list[tuple[Stock, Columns, int]] = []
    while tops:
        relaxed = relaxation(stock, tops)
        if relaxed is None:
            break
        games.append((stock, columns, relaxed.keep))
        stock, columns = relaxed.stock, tuple(kept_cards(column, relaxed.keep) for column in columns)
        tops = tops[1:]
    games.append((stock, columns, 0))
    return games
