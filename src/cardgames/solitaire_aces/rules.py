"""The rules of the 32-card Aces solitaire, as pure functions over card numbers 0..31.

A deck or pile is a sequence whose last element is the top card.  The game deals the deck
into 4 stacks, turns each stack over, discards its cards up to the first ace and puts the
ace and the cards under it aside; the put-aside cards are dealt again into 3 stacks, then
into 2.  The game is won when the four aces end up next to each other.

``play`` records every stage and every turned-over stack for the narrated game; ``outcome``
gives the same result for simulation through the very same ``play_stage``.  Because a
stage's result depends only on the size of its deck and the places of the aces in it,
``outcome`` plays each stage once per such pattern and then remembers the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import NamedTuple

#: The card numbers of the four aces (``card % 8 == 0``).
ACES = (0, 8, 16, 24)
DECK_SIZE = 32
#: How many stacks each of the three stages deals.
STACK_COUNTS = (4, 3, 2)

Pile = tuple[int, ...]


def is_ace(card: int) -> bool:
    """True when the card number is an ace."""
    return card % 8 == 0


def sorted_deck() -> list[int]:
    """A fresh sorted deck, card 31 on top."""
    return list(range(DECK_SIZE))


def deal(deck: Sequence[int], n: int) -> tuple[Pile, ...]:
    """Deal from the top into n stacks, one card each in turn; each stack listed bottom to top."""
    top_down = tuple(deck[::-1])
    return tuple(top_down[s::n] for s in range(n))


def first_ace(cards: Pile) -> int | None:
    """The index of the first ace in ``cards``, or None when there is none."""
    for index, card in enumerate(cards):
        if card % 8 == 0:  # is_ace(card), written out (hot when the table is rebuilt)
            return index
    return None


class Turn(NamedTuple):
    """One stack turned over: its cards in the order they come off, split at the first ace."""

    position: int          # the stack's place in the row, 0 = leftmost
    cards: Pile            # the stack's cards in the order they are turned over
    ace_index: int | None  # where the first ace is in ``cards``; None when there is none
    discarded: Pile        # the cards before the first ace (all of them when there is none)
    kept: Pile             # the first ace and every card after it
    discards_before: Pile  # the discard pile before this stack (top = last)
    kept_before: Pile      # what this stage had put aside before this stack

    @property
    def discards_after(self) -> Pile:
        """The discard pile once this stack's discards are added."""
        return self.discards_before + self.discarded

    @property
    def kept_after(self) -> Pile:
        """What this stage has put aside once this stack's kept cards are added."""
        return self.kept_before + self.kept


def split_at_first_ace(cards: Pile) -> tuple[int | None, Pile, Pile]:
    """The rule of a turned-over stack: (index of its first ace, cards discarded, cards kept).

    The cards before the first ace are discarded; the ace and every card after it are kept.
    With no ace, every card is discarded.
    """
    ace_index = first_ace(cards)
    if ace_index is None:
        return None, cards, ()
    return ace_index, cards[:ace_index], cards[ace_index:]


def turn_over(cards: Pile, position: int, discards: Pile, kept: Pile) -> Turn:
    """Turn over the stack at ``position``: discard up to its first ace, keep the rest."""
    return Turn(position, cards, *split_at_first_ace(cards), discards, kept)


class Stage(NamedTuple):
    """One stage: the deck dealt into stacks, then every stack turned over from left to right."""

    deck: Pile
    stacks: tuple[Pile, ...]
    turns: tuple[Turn, ...]
    discards_before: Pile  # the discard pile when the stage starts
    discards_after: Pile   # the discard pile when the stage ends
    kept: Pile             # the cards put aside in this stage: the next stage's deck


def play_stage(deck: Pile, n: int, discards_before: Pile) -> Stage:
    """Deal ``deck`` into n stacks and turn each over, starting from the discard pile given."""
    stacks = deal(deck, n)
    turns = []
    kept: Pile
    discards, kept = discards_before, ()
    for position, cards in enumerate(stacks):
        turn = turn_over(cards, position, discards, kept)
        turns.append(turn)
        discards, kept = discards + turn.discarded, kept + turn.kept
    return Stage(tuple(deck), stacks, tuple(turns), discards_before, discards, kept)


def stage_kept(deck: Sequence[int], n: int) -> Pile:
    """The cards a stage puts aside, as ``play_stage(deck, n, ()).kept``, recording nothing.

    The same deal and the same ``split_at_first_ace`` as ``play_stage``, without the
    narration's records: this is the stage that simulation plays.
    """
    kept: Pile = ()
    for cards in deal(deck, n):
        kept += split_at_first_ace(cards)[2]
    return kept


class Game(NamedTuple):
    """A whole game: the three stages played from a shuffled deck."""

    stages: tuple[Stage, ...]

    @property
    def final(self) -> Pile:
        """The cards kept after the last stage, as displayed from left to right."""
        return final_display(self.stages[-1].kept)

    @property
    def discards(self) -> Pile:
        """The discard pile at the end of the game."""
        return self.stages[-1].discards_after

    @property
    def won(self) -> bool:
        """True when the four aces lie next to each other in the final display."""
        return is_won(self.final)


def play(deck: Pile) -> Game:
    """Play the three stages from ``deck`` (last element on top)."""
    stages = []
    discards: Pile = ()
    for n in STACK_COUNTS:
        stage = play_stage(deck, n, discards)
        stages.append(stage)
        deck, discards = stage.kept, stage.discards_after
    return Game(tuple(stages))


def final_display(kept: Pile) -> Pile:
    """The last stage's put-aside pile, from its top card to its bottom one (left to right)."""
    return kept[::-1]


def is_won(final: Pile) -> bool:
    """True when the four aces occupy four consecutive places of the final display."""
    places = [index for index, card in enumerate(final) if is_ace(card)]
    return len(places) == len(ACES) and places[-1] - places[0] == len(ACES) - 1


Outcome = tuple[bool, int]


def ace_mask(pile: Sequence[int]) -> int:
    """The places of the four aces in ``pile``, as a bit mask (bit p = place p).

    Every stage keeps all four aces, so every deck and kept pile holds them.
    """
    index = pile.index  # the four ACES, written out: this runs once per simulated game
    return 1 << index(0) | 1 << index(8) | 1 << index(16) | 1 << index(24)


def representative_deck(mask: int) -> Pile:
    """A deck with the aces at the places of ``mask`` and the other cards, in order, elsewhere."""
    deck = list(_NOT_ACES)
    for ace in ACES:  # lowest place first, so each insert lands at its place
        low_bit = mask & -mask
        deck.insert(low_bit.bit_length() - 1, ace)
        mask ^= low_bit
    return tuple(deck)


_NOT_ACES = tuple(card for card in range(DECK_SIZE) if not is_ace(card))

#: Outcomes already worked out.  A stage's result depends only on the size of its deck and
#: the places of the aces in it, so whole decks are remembered by ace mask (at most 35,960)
#: and the kept piles of stages 1 and 2 by (stage, size, ace mask) (4,096 and 484 of them).
_OUTCOME_OF_DECK: dict[int, Outcome] = {}
_OUTCOME_FROM_STAGE: dict[tuple[int, int, int], Outcome] = {}


def outcome(deck: Sequence[int]) -> Outcome:
    """(won, cards kept at the end) for a whole deck, without recording the game."""
    mask = ace_mask(deck)
    known = _OUTCOME_OF_DECK.get(mask)
    if known is None:
        known = _OUTCOME_OF_DECK[mask] = outcome_after(deck, 0)
    return known


def outcome_after(deck: Sequence[int], stage: int) -> Outcome:
    """(won, cards kept at the end) when the stages from ``stage`` on are played from ``deck``."""
    kept = stage_kept(deck, STACK_COUNTS[stage])
    stage += 1
    if stage == len(STACK_COUNTS):
        return is_won(final_display(kept)), len(kept)
    key = (stage, len(kept), ace_mask(kept))
    known = _OUTCOME_FROM_STAGE.get(key)
    if known is None:
        known = _OUTCOME_FROM_STAGE[key] = outcome_after(kept, stage)
    return known


def outcome_of_mask(mask: int) -> Outcome:
    """The outcome of every deck whose aces lie at the places of ``mask``."""
    return outcome(representative_deck(mask))


#: PLACEMENT_TERMS[k][p] = C(p, k + 1): the term of the (k+1)-th lowest place p in a rank.
PLACEMENT_TERMS = tuple(tuple(comb(place, k) for place in range(DECK_SIZE))
                        for k in range(1, len(ACES) + 1))


def placement_rank(places: Sequence[int]) -> int:
    """The index of a set of four ace places, listed in increasing order, among all 35,960.

    The combinatorial number system: places p0 < p1 < p2 < p3 have rank
    C(p0, 1) + C(p1, 2) + C(p2, 3) + C(p3, 4), which numbers the sets 0 .. 35,959.
    """
    return sum(PLACEMENT_TERMS[k][place] for k, place in enumerate(places))


def outcome_codes() -> bytes:
    """The outcome of every set of ace places, by placement rank: 0 when lost, else cards left."""
    codes = bytearray(comb(DECK_SIZE, len(ACES)))
    for places in combinations(range(DECK_SIZE), len(ACES)):
        won, left = outcome_of_mask(places_mask(places))
        codes[placement_rank(places)] = left if won else 0
    return bytes(codes)


def places_mask(places: Sequence[int]) -> int:
    """A set of places as a bit mask (bit p = place p)."""
    return sum(1 << place for place in places)


def ace_masks() -> list[int]:
    """Every possible set of places of the four aces (C(32, 4) = 35,960), as bit masks."""
    return [places_mask(places) for places in combinations(range(DECK_SIZE), len(ACES))]
