"""The Aces solitaire transcript renderer: glyphs, piles, columns and messages (spec §3, §6)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from strategies import examples

from cardgames.cards import face_down
from cardgames.solitaire_aces import rules, text
from cardgames.solitaire_aces.outcomes import shuffled_deck

# Spec §3, "All code points", row by row: Hearts, Diamonds, Clubs, Spades; A 7 8 9 10 J Q K.
SPEC_CODE_POINTS = [
    0x1F0B1, 0x1F0B7, 0x1F0B8, 0x1F0B9, 0x1F0BA, 0x1F0BB, 0x1F0BD, 0x1F0BE,
    0x1F0C1, 0x1F0C7, 0x1F0C8, 0x1F0C9, 0x1F0CA, 0x1F0CB, 0x1F0CD, 0x1F0CE,
    0x1F0D1, 0x1F0D7, 0x1F0D8, 0x1F0D9, 0x1F0DA, 0x1F0DB, 0x1F0DD, 0x1F0DE,
    0x1F0A1, 0x1F0A7, 0x1F0A8, 0x1F0A9, 0x1F0AA, 0x1F0AB, 0x1F0AD, 0x1F0AE,
]


def test_glyphs_are_the_spec_code_points():
    assert [ord(glyph) for glyph in text.GLYPHS] == SPEC_CODE_POINTS


def test_piles_and_rows():
    assert face_down(0) == "" and face_down(3) == "]]]"
    assert text.faceup(()) == "" and text.faceup((24,)) == "\U0001F0A1"
    assert text.faceup((5, 2, 19)) == "[[\U0001F0D9"
    assert text.row(["]]", "", "x"]) == "]]" + " " * 22 + "x"
    assert text.row(["", ""]) == ""
    assert text.row(["]" * 13, "a"]) == "]" * 13 + "a"  # no room left: ljust pads nothing


def turn(cards, ace_index, discards=(), kept=(), position=0):
    """A Turn as turn_over builds it (checked against turn_over itself)."""
    made = rules.turn_over(tuple(cards), position, tuple(discards), tuple(kept))
    assert made.ace_index == ace_index
    return made


@pytest.mark.parametrize("cards, ace, expected", [
    ((1, 2, 3), None, "No ace in third stack, after it has been turned over."),
    ((1,) * 8 + (0,), 8, "Ninth (and last) card in third stack, after it has been turned over, is an ace."),
    ((1,) * 9 + (0, 2), 9, "Tenth card in third stack, after it has been turned over, is an ace."),
    ((1,) * 10 + (8,), 10, "Eleventh (and last) card in third stack, after it has been turned over, is an ace."),
    ((0, 8), 0, "First card in third stack, after it has been turned over, is an ace."),
])
def test_turned_message(cards, ace, expected):
    assert text.turned_message(turn(cards, ace, position=2)) == expected


@pytest.mark.parametrize("cards, discards, expected", [
    ((1, 2), (), "Discarding all cards in the stack."),
    ((1, 0), (), "Discarding the card before the ace."),
    ((1, 2, 0), (), "Discarding the 2 cards before the ace."),
    ((1,), (3,), "Adding to the cards that have been discarded all cards in the stack."),
    ((1, 0), (3,), "Adding to the cards that have been discarded the card before the ace."),
    ((1, 2, 3, 4, 0), (3,), "Adding to the cards that have been discarded the 4 cards before the ace."),
])
def test_discard_message(cards, discards, expected):
    assert text.discard_message(rules.turn_over(cards, 0, discards, ())) == expected


@pytest.mark.parametrize("cards, kept, expected", [
    ((0,), (), "Keeping the ace, turning it over."),
    ((0, 1), (), "Keeping the ace and the card after, turning them over."),
    ((0, 1, 2, 3), (), "Keeping the ace and the 3 cards after, turning them over."),
    ((0,), (8,), "Also keeping the ace, turning it over."),
    ((0, 1), (8,), "Also keeping the ace and the card after, turning them over."),
    ((0, 1, 2), (8,), "Also keeping the ace and the 2 cards after, turning them over."),
])
def test_keep_message(cards, kept, expected):
    assert text.keep_message(rules.turn_over(cards, 0, (), kept)) == expected


@examples(40, deadline=None)
@given(st.integers())
def test_transcript_shape(seed):
    game = rules.play(tuple(shuffled_deck(seed)))
    lines = list(text.game_lines(game))
    assert all(line == line.rstrip() for line in lines)
    assert all("\n" not in line for line in lines)
    blocks = sum(11 + bool(t.discarded) + bool(t.kept) for s in game.stages for t in s.turns)
    assert len(lines) == 3 + 3 * 6 + blocks + 6
    assert lines[-1] == "".join(text.GLYPHS[card] for card in game.final)
    assert lines[-5] == ("You won!" if game.won else "You lost!")
