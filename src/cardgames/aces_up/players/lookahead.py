"""The exact value of the end of a turn when one or two deals are left: how many of the
stock's orders a player wins from there.

With four unseen cards left, the last deal puts them on the columns in one of 24 orders,
each as likely, and the game is then open: ``last_deal_wins`` counts the orders after
which the endgame is won (``turn.endgame_won``).  With eight, the next deal is one of
8 * 7 * 6 * 5 = 1,680 ordered draws, after which the player sees the cards and chooses the
end of that turn best for the last deal: ``last_two_wins`` sums, over the draws, the best
``last_deal_wins`` of the turn's ends, a count out of the 8! = 40,320 orders of the stock.
Both are exact: a player who never sees the stock cannot win more orders from there, and a
player who follows them wins exactly these (expectimax over the deals).

Both are the same for a position and any permutation of its columns (``turn``'s honest
exchangeability), so they are remembered by key.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations

from cardgames.aces_up.players.turn import Key, endgame_won, turn_ends
from cardgames.aces_up.search.model import Columns
from cardgames.aces_up.search.pruning import card_bits, cards_of, endgame_key

__all__ = ["LAST_DEAL_ORDERS", "LAST_TWO_ORDERS", "last_deal_wins", "last_two_wins",
           "last_two_draws"]

#: The orders of the stock that ``last_deal_wins`` and ``last_two_wins`` count in.
LAST_DEAL_ORDERS = 24
LAST_TWO_ORDERS = 40_320
#: How many values each remembers (least recently used forgotten).
CACHE = 1 << 16


def _dealt(columns: Columns, cards: tuple[int, ...]) -> Columns:
    """The columns after a deal of ``cards``, one on each column in order."""
    return tuple(column + (card,) for column, card in zip(columns, cards))


def last_deal_wins(columns: Columns, unseen: int) -> int:
    """Of the 24 orders of the four ``unseen`` cards, how many leave the endgame won."""
    return _last_deal_wins(endgame_key(columns), unseen)


@lru_cache(maxsize=CACHE)
def _last_deal_wins(key: Key, unseen: int) -> int:
    cards = tuple(cards_of(unseen))
    return sum(endgame_won(_dealt(key, order)) for order in permutations(cards))


def last_two_wins(columns: Columns, unseen: int) -> int:
    """Of the 40,320 orders of the eight ``unseen`` cards, how many a player wins who sees
    the next deal and then ends its turn where ``last_deal_wins`` is highest."""
    return _last_two_wins(endgame_key(columns), unseen)


@lru_cache(maxsize=CACHE)
def _last_two_wins(key: Key, unseen: int) -> int:
    return sum(last_two_draws(key, unseen))


def last_two_draws(columns: Columns, unseen: int) -> Iterator[int]:
    """The terms of ``last_two_wins``, one for each of the 1,680 ordered draws of the next
    deal from the eight ``unseen`` cards: the most of the last deal's orders that an end of
    the turn after that draw wins."""
    for draw in permutations(cards_of(unseen), 4):
        left = unseen & ~card_bits([draw])
        yield max(last_deal_wins(end.columns, left)
                  for end in turn_ends(_dealt(columns, draw)))
