"""The collected lines of a Sevens game: its events rendered exactly as the spec shows them."""

from __future__ import annotations

from collections.abc import Iterable

from cardgames.cards import deck52, face_down, face_up, glyph_table
from cardgames.solitaire_sevens.rules import Event, EventKind

GLYPHS = glyph_table(deck52())
SMILE = "\U0001F60A\uFE0F"
FROWN = "\u2639\uFE0F"
UP = "\U0001F44D"
DOWN = "\U0001F44E"

#: Table columns, left to right: Diamonds, Clubs, Spades, Hearts (suit numbers c // 13).
COLUMNS = (1, 2, 3, 0)
ORDINALS = ("first", "second", "third")

DEAL_LINE = "All 7s removed and placed, rest of deck shuffled, ready to start!"
PUT_ASIDE_LINE = f"Cannot place card from top of stack of cards left {FROWN}"
PLACE_FROM_STACK_LINE = f"Placing card from top of stack of cards left {SMILE}"
PLACE_FROM_ASIDE_LINE = f"Placing card from top of stack of cards put aside {SMILE}"
ASIDE_BLOCKED_LINE = f"Cannot place card from top of stack of cards put aside {FROWN}"
WON_LINE = f"You placed all cards, you won {UP}"


def faceup(pile: tuple[int, ...]) -> str:
    """A face-up pile of this game's cards ('' when empty)."""
    return face_up(pile, GLYPHS)


def table(placed: frozenset[int]) -> list[str]:
    """The 13 rows of the table, King down to Ace, each tab-separated and right-stripped."""
    return [("\t" + "\t".join(GLYPHS[13 * suit + rank] if 13 * suit + rank in placed else ""
                              for suit in COLUMNS)).rstrip()
            for rank in range(12, -1, -1)]


def lost_line(cards_left: int) -> str:
    """The last line of a lost game."""
    return f"You could not place {cards_left} cards, you lost {DOWN}"


def event_lines(event: Event) -> list[str]:
    """The block of collected lines that describes one event."""
    kind = event.kind
    if kind is EventKind.DEAL:
        return [DEAL_LINE, face_down(len(event.stack)), "", *table(event.placed)]
    if kind is EventKind.ROUND:
        return ["", f"Starting {ORDINALS[event.round - 1]} round...", ""]
    if kind is EventKind.PUT_ASIDE:
        return [PUT_ASIDE_LINE, face_down(len(event.stack)), faceup(event.aside), ""]
    if kind is EventKind.ASIDE_BLOCKED:
        return [ASIDE_BLOCKED_LINE, ""]
    if kind is EventKind.END:
        return [lost_line(len(event.aside)) if event.aside else WON_LINE]
    title = PLACE_FROM_STACK_LINE if kind is EventKind.PLACE_FROM_STACK else PLACE_FROM_ASIDE_LINE
    return [title, face_down(len(event.stack)), faceup(event.aside), *table(event.placed), ""]


def collected_lines(events: Iterable[Event]) -> list[str]:
    """All the collected lines of a game, from its events."""
    return [line for event in events for line in event_lines(event)]
