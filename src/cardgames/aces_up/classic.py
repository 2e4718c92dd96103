"""The course's classic ``Card`` and ``Deck`` interface, built on the one ``cardgames.cards.Card``.

A classic ``Card`` wraps a library card (``None`` for the blank card ``xx``); a ``Deck`` is a
list of them whose last element is the top.  Shuffling follows the seeded-deal convention of
:func:`cardgames.cards.shuffle`.
"""

from __future__ import annotations

from cardgames import cards

__all__ = ["Card", "Deck"]


def _in_range(value: object, high: int) -> bool:
    """True for an int (not a bool) from 1 to ``high``."""
    return type(value) is int and 1 <= value <= high


class Card:
    """A playing card with the course's methods; invalid arguments make the blank card."""

    __slots__ = ("card",)

    def __init__(self, rank: int = 0, suit: int = 0) -> None:
        valid = _in_range(rank, 13) and _in_range(suit, 4)
        self.card: cards.Card | None = cards.Card(rank, cards.Suit(suit)) if valid else None

    @classmethod
    def of(cls, card: cards.Card) -> Card:
        """The classic card for a library card."""
        return cls(card.rank, int(card.suit))

    def rank(self) -> int:
        """1 (Ace) .. 13 (King); 0 for the blank card."""
        return self.card.rank if self.card else 0

    def suit(self) -> int:
        """1 clubs, 2 diamonds, 3 hearts, 4 spades; 0 for the blank card."""
        return int(self.card.suit) if self.card else 0

    def value(self) -> int:
        """The rank below 10, else 10 (Ace = 1)."""
        return min(self.rank(), 10)

    def __str__(self) -> str:
        return self.card.text if self.card else "xx"

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.card == other.card

    def __hash__(self) -> int:
        return hash(self.card)


class Deck:
    """The 52 classic cards, A♣ … K♠ from bottom to top; ``deal`` takes the top (last) card."""

    def __init__(self) -> None:
        self._cards = [Card.of(card) for card in cards.classic_deck()]

    def shuffle(self, seed: int | None = None) -> None:
        """Shuffle in place with the module-level generator (seeded first when a seed is given)."""
        cards.shuffle(self._cards, seed)

    def deal(self) -> Card | None:
        """Remove and return the top card; None when the deck is empty."""
        return self._cards.pop() if self._cards else None

    def is_empty(self) -> bool:
        """True when no card is left."""
        return not self._cards

    def library_cards(self) -> tuple[cards.Card, ...]:
        """The library cards left, bottom first (the last one is dealt next)."""
        # a Deck holds no blank card: the test only tells mypy that none is None
        return tuple(card.card for card in self._cards if card.card is not None)

    def __len__(self) -> int:
        return len(self._cards)

    def __str__(self) -> str:
        return ", ".join(map(str, self._cards))

    __repr__ = __str__
