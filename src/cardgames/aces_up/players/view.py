"""What a player who does not see the stock knows: the :class:`View`.

A view holds the columns, the set of cards discarded, the set of cards not yet seen and how
many they are.  It is built from the columns and the foundation alone (:func:`view_of`
never reads the stock), so nothing in it depends on the stock's order: for a player who
has not seen it, the stock is a uniformly random order of the unseen cards, whatever
happened before.  Every player is a function of a view.

Cards, columns and sets of cards are in the codes of ``search.model`` (a set of cards is a
bit set).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.aces_up.rules import Position
from cardgames.aces_up.search.model import Columns, encode
from cardgames.aces_up.search.pruning import card_bits
from cardgames.cards import classic_deck

__all__ = ["DECK", "View", "view_of"]

#: The bit set of the 52 cards of a game.
DECK = card_bits([[encode(card) for card in classic_deck()]])


@dataclass(frozen=True, slots=True)
class View:
    """What a player sees: the columns (bottom card last), the discarded cards, the unseen
    cards (a set: the stock holds them in an order the player does not know) and their
    number, which is the stock's size."""

    columns: Columns
    discarded: int
    unseen: int

    @property
    def stock(self) -> int:
        """How many cards the stock holds."""
        return self.unseen.bit_count()


def view_of(position: Position) -> View:
    """The view of a position of a game: read from its columns and foundation only."""
    columns = tuple(tuple(encode(card) for card in column) for column in position.columns)
    discarded = card_bits([[encode(card) for card in position.foundation]])
    return View(columns, discarded, DECK & ~discarded & ~card_bits(columns))
