"""The rules of the Sevens solitaire, over the card numbers 0..51 of ``cards.deck52``.

The four Sevens start on the table; the other 48 cards are shuffled into a stack (last = top)
and played in up to three rounds.  A card is placed when its neighbour towards the Seven, in
its suit, is placed; otherwise it goes face up onto the pile put aside, whose top is checked
only right after a card from the stack has been placed.  Between rounds the aside pile is
turned over to make the next stack.

One function, :func:`play`, implements all of this.  :func:`outcome` runs it bare, for
simulation; :func:`narrate` runs it with a trace of :class:`Event` values for the transcript.
"""

from __future__ import annotations

import enum
from itertools import compress
from typing import NamedTuple

from cardgames.cards import deck52, seeded_shuffle

__all__ = [
    "SEVENS", "CARDS", "ROUNDS", "EventKind", "Event",
    "deal", "play", "outcome", "narrate",
]

#: The four Sevens, laid out on the table before play: 6, 19, 32, 45.
SEVENS = tuple(number for number, card in enumerate(deck52()) if card.rank == 7)
#: The 48 cards that are shuffled, in sorted order.
CARDS = tuple(number for number in range(52) if number not in SEVENS)
ROUNDS = 3


def _outward(card: int) -> int:
    """The index that placing ``card`` makes reachable: its neighbour away from the Seven.

    Past an Ace or a King there is no card, so each of the eight half-columns gets its own
    sentinel index 52 + 2 * suit + (1 above the Seven, 0 below).
    """
    suit, rank = divmod(card, 13)
    if rank > 6:
        return card + 1 if rank < 12 else 52 + 2 * suit + 1
    return card - 1 if rank > 0 else 52 + 2 * suit


#: BEYOND[c]: the index set in ``reached`` when c is placed (see ``play``); a Seven's is itself.
BEYOND = tuple(card if card in SEVENS else _outward(card) for card in range(52))
#: ``reached`` at the start: the Sevens and the eight cards next to them (the frontier).
_REACHED_CARDS_AT_START = {seven + side for seven in SEVENS for side in (-1, 0, 1)}
REACHED_AT_START = tuple(index in _REACHED_CARDS_AT_START for index in range(52 + 8))


class EventKind(enum.Enum):
    """What an event of the game is."""

    DEAL = "deal"                      # the Sevens laid out, the 48 cards shuffled
    ROUND = "round"                    # a round starts
    PUT_ASIDE = "put aside"            # the card from the stack cannot be placed
    PLACE_FROM_STACK = "place from stack"
    PLACE_FROM_ASIDE = "place from aside"
    ASIDE_BLOCKED = "aside blocked"    # the top of the aside pile cannot be placed
    END = "end"                        # won when ``aside`` is empty, else lost


class Event(NamedTuple):
    """One event of the game and the state right after it."""

    kind: EventKind
    card: int | None            # the card moved, or looked at (None for DEAL, ROUND, END)
    round: int                  # the round it happens in (0 for DEAL)
    stack: tuple[int, ...]      # bottom .. top
    aside: tuple[int, ...]      # bottom .. top
    placed: frozenset[int]


def deal(seed: int) -> list[int]:
    """The 48 cards shuffled with ``seed`` (last = top of the stack)."""
    return seeded_shuffle(CARDS, seed)


_TAKES_FROM_STACK = (EventKind.PUT_ASIDE, EventKind.PLACE_FROM_STACK)


def _record(trace: list[Event], kind: EventKind, card: int | None, round_number: int,
            state: tuple[list[int], list[int], list[bool]]) -> None:
    """Append an event of this kind, with a snapshot of the state of ``play``."""
    order, aside, reached = state
    if kind is EventKind.DEAL or kind is EventKind.ROUND:
        stack = tuple(order[::-1])
    else:                                   # the stack before, less its top if it was taken
        stack = trace[-1].stack[:-1] if kind in _TAKES_FROM_STACK else trace[-1].stack
    placed = frozenset(compress(range(52), map(reached.__getitem__, BEYOND)))
    trace.append(Event(kind, card, round_number, stack, tuple(aside), placed))


def play(cards: list[int], trace: list[Event] | None = None) -> int:
    """Play the game on the shuffled ``cards`` (last = top); return the number of cards left.

    With ``trace``, append one Event per event of the game to it.  ``cards`` is not modified.
    """
    # reached[c]: c is placed, or is the next card its half-column expects.  For a card not
    # yet placed this is exactly "can be placed", so each test is one list lookup; placing c
    # sets reached[BEYOND[c]].  These flags are the spec's eight frontier integers, unrolled.
    reached = list(REACHED_AT_START)
    beyond = BEYOND
    order = cards[::-1]        # the stack, top card first
    aside: list[int] = []
    tracing = trace is not None
    events: list[Event] = trace if trace is not None else []  # trace, for mypy: used if tracing
    if tracing:
        _record(events, EventKind.DEAL, None, 0, (order, aside, reached))
    for round_number in range(1, ROUNDS + 1):
        state = (order, aside, reached)      # what the events show
        if tracing:
            _record(events, EventKind.ROUND, None, round_number, state)
        put, pop = aside.append, aside.pop
        for card in order:
            if not reached[card]:
                put(card)
                if tracing:
                    _record(events, EventKind.PUT_ASIDE, card, round_number, state)
                continue
            reached[beyond[card]] = True
            if tracing:
                _record(events, EventKind.PLACE_FROM_STACK, card, round_number, state)
            while aside:
                if not reached[aside[-1]]:
                    if tracing:
                        _record(events, EventKind.ASIDE_BLOCKED, aside[-1], round_number, state)
                    break
                top = pop()
                reached[beyond[top]] = True
                if tracing:
                    _record(events, EventKind.PLACE_FROM_ASIDE, top, round_number, state)
        if not aside or round_number == ROUNDS:
            break
        order, aside = aside, []   # the pile turned over: the first card put aside is on top
    if tracing:
        _record(events, EventKind.END, None, round_number, state)
    return len(aside)


def outcome(cards: list[int]) -> int:
    """The number of cards left at the end of the game (0 when it is won); builds no events."""
    return play(cards)


def narrate(cards: list[int]) -> list[Event]:
    """Every event of the game, from the deal to the end."""
    trace: list[Event] = []
    play(cards, trace)
    return trace
