"""The one card type, its two renderings, the decks in each program's numbering, and the
seeded shuffle convention.

A card is a rank (1 = Ace … 13 = King) and a suit.  It renders as a Unicode playing-card
glyph (🂡, the Knight code points skipped) or as short text (``A♠``, ``10♦``), and
``Card.parse`` inverts the short text.  Each program numbers its cards its own way; those
numberings are deck constructors here, never new card classes.

This module is the only place that seeds or shuffles with :mod:`random`.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = [
    "Suit", "Card", "CardParseError", "RANK_TEXT",
    "deck32", "deck52", "classic_deck", "glyph_table", "face_down", "face_up",
    "shuffle", "seeded_shuffle", "seeded_decks",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (the classic deck numbers them 1 to 4 this way)."""

    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    SPADES = 4

    @property
    def symbol(self) -> str:
        """The suit's one-character symbol: ♣ ♦ ♥ ♠."""
        return _SYMBOL[self]

    @property
    def glyph_base(self) -> int:
        """The code point before this suit's ace in the Playing Cards block."""
        return _GLYPH_BASE[self]


_SYMBOL = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666",
           Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660"}
_GLYPH_BASE = {Suit.SPADES: 0x1F0A0, Suit.HEARTS: 0x1F0B0,
               Suit.DIAMONDS: 0x1F0C0, Suit.CLUBS: 0x1F0D0}
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in _SYMBOL.items()}

#: Short rank texts, indexed by rank (index 0 is unused).
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_OF_TEXT = {text: rank for rank, text in enumerate(RANK_TEXT) if text}


class CardParseError(ValueError):
    """The text is not the short form of a card."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """An immutable playing card; equality, order and hash all come from (rank, suit)."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if type(self.rank) is not int or not 1 <= self.rank <= 13:
            raise ValueError(f"rank must be an int from 1 to 13, not {self.rank!r}")
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit(self.suit))

    @property
    def is_ace(self) -> bool:
        """True for the four aces."""
        return self.rank == 1

    @property
    def glyph(self) -> str:
        """The Unicode playing-card character (U+1F0A1 …), skipping the Knight."""
        offset = self.rank if self.rank <= 11 else self.rank + 1
        return chr(self.suit.glyph_base + offset)

    @property
    def text(self) -> str:
        """The short text form: rank text then suit symbol, e.g. ``A♠``, ``10♦``."""
        return RANK_TEXT[self.rank] + self.suit.symbol

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the short text form (the inverse of ``str(card)``)."""
        rank = _RANK_OF_TEXT.get(text[:-1])
        suit = _SUIT_OF_SYMBOL.get(text[-1:])
        if rank is None or suit is None:
            raise CardParseError(f"not a card: {text!r}")
        return cls(rank, suit)


_HDCS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
_RANKS32 = (1, 7, 8, 9, 10, 11, 12, 13)


def deck32() -> list[Card]:
    """The 32-card deck numbered 0..31: n // 8 is the suit (H, D, C, S), n % 8 the rank A,7..K."""
    return [Card(rank, suit) for suit in _HDCS for rank in _RANKS32]


def deck52() -> list[Card]:
    """The 52-card deck numbered 0..51: n // 13 is the suit (H, D, C, S), n % 13 the rank A..K."""
    return [Card(rank, suit) for suit in _HDCS for rank in range(1, 14)]


def classic_deck() -> list[Card]:
    """The classic ordered deck: A..K of clubs, diamonds, hearts, spades (last = top)."""
    return [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


def glyph_table(deck: list[Card]) -> tuple[str, ...]:
    """The glyphs of a numbered deck, so that ``table[n]`` renders card number n."""
    return tuple(card.glyph for card in deck)


def face_down(count: int) -> str:
    """A face-down pile of ``count`` cards: one ``]`` each."""
    return "]" * count


def face_up(pile: Sequence[int], glyphs: Sequence[str]) -> str:
    """A face-up pile of numbered cards: one ``[`` per hidden card, then the top card's glyph.

    The last element is the top; ``glyphs[n]`` renders card number n; an empty pile is ''.
    """
    return "[" * (len(pile) - 1) + glyphs[pile[-1]] if pile else ""


_Item = TypeVar("_Item")


def shuffle(items: list[_Item], seed: int | None = None) -> None:
    """Shuffle ``items`` in place with the module-level generator, seeding it first if asked.

    ``shuffle(x, s)`` is exactly ``random.seed(s); random.shuffle(x)``, the convention every
    program's seeded deal follows (and equal, bit for bit, to ``random.Random(s).shuffle(x)``).
    """
    if seed is not None:
        random.seed(seed)
    random.shuffle(items)


def seeded_shuffle(items: Iterable[_Item], seed: int) -> list[_Item]:
    """A new list: ``items`` in order, then shuffled with ``seed`` (the seeded-deal convention)."""
    dealt = list(items)
    shuffle(dealt, seed)
    return dealt


def seeded_decks(items: Iterable[_Item], seeds: Iterable[int]) -> Iterator[list[_Item]]:
    """``seeded_shuffle(items, s)`` for each seed in turn, from a generator of its own.

    The same decks bit for bit, but the module-level generator is neither used nor
    disturbed, so simulations may run in threads (a Dask worker's, say) beside other users
    of ``random``.  The programs' own games keep the module-level functions their specs name.
    """
    generator = random.Random()
    for seed in seeds:
        dealt = list(items)
        generator.seed(seed)
        generator.shuffle(dealt)
        yield dealt
