"""The one Card type, its renderings, the numbered decks and the seeded shuffle."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from cardgames.cards import (Card, CardParseError, Suit, classic_deck, deck32, deck52, face_down,
                             face_up, glyph_table, seeded_decks, seeded_shuffle, shuffle)

cards = st.builds(Card, st.integers(1, 13), st.sampled_from(Suit))


@given(cards)
def test_parse_inverts_the_short_text(card):
    assert Card.parse(str(card)) == card


@given(cards, cards)
def test_equality_order_and_hash_come_from_rank_and_suit(a, b):
    assert (a == b) == ((a.rank, a.suit) == (b.rank, b.suit))
    assert (a < b) == ((a.rank, a.suit) < (b.rank, b.suit))
    if a == b:
        assert hash(a) == hash(b)


@pytest.mark.parametrize("text", ["", "A", "1♠", "11♠", "A♠♠", "a♠", "T♦", "10", "♠", "K*"])
def test_parse_rejects_what_is_not_a_card(text):
    with pytest.raises(CardParseError):
        Card.parse(text)


@pytest.mark.parametrize("rank", [0, 14, -1, 1.0, "A", True])
def test_a_card_needs_an_int_rank_from_1_to_13(rank):
    with pytest.raises(ValueError):
        Card(rank, Suit.SPADES)


def test_cards_are_immutable():
    card = Card(1, Suit.SPADES)
    with pytest.raises(AttributeError):
        card.rank = 2


@pytest.mark.parametrize("card, text, glyph", [
    (Card(1, Suit.SPADES), "A♠", "\U0001F0A1"), (Card(10, Suit.DIAMONDS), "10♦", "\U0001F0CA"),
    (Card(11, Suit.HEARTS), "J♥", "\U0001F0BB"), (Card(12, Suit.CLUBS), "Q♣", "\U0001F0DD"),
    (Card(13, Suit.SPADES), "K♠", "\U0001F0AE"), (Card(9, Suit.CLUBS), "9♣", "\U0001F0D9")])
def test_short_text_and_glyph(card, text, glyph):
    assert (card.text, str(card), card.glyph) == (text, text, glyph)


def test_no_glyph_is_a_knight():
    assert all(ord(card.glyph) & 0xF != 0xC for card in deck52())


def test_deck32_numbering():
    deck = deck32()
    assert len(set(deck)) == 32
    assert [card.rank for card in deck[:8]] == [1, 7, 8, 9, 10, 11, 12, 13]
    assert [deck[n].suit for n in (0, 8, 16, 24)] == [Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS,
                                                      Suit.SPADES]
    assert deck[19].glyph == "\U0001F0D9" and deck[24].glyph == "\U0001F0A1"  # spec examples


def test_deck52_numbering():
    deck = deck52()
    assert len(set(deck)) == 52
    assert [deck[n] for n in (6, 19, 32, 45)] == [Card(7, suit) for suit in (
        Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)]
    assert "".join(glyph_table(deck)[n] for n in (6, 19, 32, 45)) == "🂷🃇🃗🂧"


def test_classic_deck_order():
    deck = classic_deck()
    assert str(deck[0]) == "A♣" and str(deck[12]) == "K♣" and str(deck[-1]) == "K♠"
    assert len(set(deck)) == 52


def test_pile_renderings():
    glyphs = glyph_table(deck32())
    assert face_down(0) == "" and face_down(3) == "]]]"
    assert face_up([], glyphs) == ""
    assert face_up([5, 19], glyphs) == "[\U0001F0D9"


#: Spec examples: the seeded deals of seed 678 (solitaire_1 §4, solitaire_2 §4; last = top).
DEAL_678_OF_32 = [17, 31, 14, 24, 20, 16, 12, 19, 11, 9, 13, 2, 27, 6, 8, 21, 23, 3, 18, 4, 25,
                  1, 22, 15, 5, 30, 26, 29, 0, 10, 28, 7]
DEAL_678_OF_48 = [31, 16, 15, 46, 36, 30, 37, 21, 12, 34, 5, 13, 17, 18, 24, 51, 38, 50, 29, 1,
                  48, 3, 27, 42, 25, 40, 28, 10, 4, 20, 14, 41, 26, 35, 43, 44, 7, 39, 9, 47, 2,
                  33, 11, 49, 23, 0, 22, 8]
NOT_SEVENS = sorted(set(range(52)) - {6, 19, 32, 45})


def test_seeded_shuffle_deals_the_spec_decks_of_seed_678():
    assert seeded_shuffle(range(32), 678) == DEAL_678_OF_32
    assert seeded_shuffle(NOT_SEVENS, 678) == DEAL_678_OF_48


def test_a_negative_seed_deals_the_deck_of_its_absolute_value():
    # spec: seed() uses the absolute value of an int, so seed -678 plays the game of 678
    assert seeded_shuffle(range(32), -678) == DEAL_678_OF_32


def test_different_seeds_deal_different_decks():
    decks = {tuple(seeded_shuffle(range(32), seed)) for seed in range(200)}
    assert len(decks) == 200


def test_seeded_shuffle_leaves_its_items_alone():
    items = list(range(32))
    seeded_shuffle(items, 678)
    assert items == list(range(32))


@given(st.integers(), st.integers(0, 60))
def test_the_same_seed_leaves_the_module_generator_in_the_same_state(seed, size):
    # the programs seed the module-level generator: what was drawn before a deal is forgotten
    random.seed(1)
    seeded_shuffle(range(size), seed)
    after_one = random.getstate()
    random.seed(2)
    random.random()
    seeded_shuffle(range(size), seed)
    assert random.getstate() == after_one


@examples(50)
@given(st.integers(), st.integers(0, 60))
def test_seeded_decks_deal_the_seeded_shuffles_without_touching_the_module_generator(seed, size):
    seeds = range(seed, seed + 3)
    random.seed(5)
    before = random.getstate()
    decks = list(seeded_decks(range(size), seeds))
    assert random.getstate() == before
    assert decks == [seeded_shuffle(range(size), s) for s in seeds]


def test_shuffle_without_a_seed_goes_on_from_the_module_generator():
    random.seed(678)
    first, second = list(range(32)), list(range(32))
    shuffle(first)
    shuffle(second)
    assert first == DEAL_678_OF_32 and second != first   # not seeded again
