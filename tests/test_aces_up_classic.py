"""Tests of cardgames.aces_up.classic: the course's Card and Deck (spec §2)."""

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from cardgames import cards
from cardgames.aces_up.classic import Card, Deck

GOLDEN = Path(__file__).resolve().parent / "golden" / "aces_up"
SUITS = "\u2663\u2666\u2665\u2660"
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def test_card_interface():
    card = Card(11, 3)
    assert (card.rank(), card.suit(), card.value()) == (11, 3, 10)
    assert str(card) == repr(card) == "J\u2665"
    assert str(Card(10, 2)) == "10\u2666" and str(Card(1, 4)) == "A\u2660"
    assert Card(1, 1).value() == 1 and Card(9, 1).value() == 9 and Card(13, 1).value() == 10
    assert card.card == cards.Card(11, cards.Suit.HEARTS)
    assert Card.of(cards.Card(11, cards.Suit.HEARTS)) == card


@pytest.mark.parametrize("args", [(), (0, 1), (14, 1), (1, 0), (1, 5), ("1", 1), (1.0, 1),
                                  (True, 1), (1, None), (-1, -1)])
def test_invalid_arguments_make_the_blank_card(args):
    card = Card(*args)
    assert (card.rank(), card.suit(), card.value()) == (0, 0, 0)
    assert str(card) == repr(card) == "xx"
    assert card == Card()


@given(st.integers(-3, 16), st.integers(-2, 6))
def test_card_is_valid_exactly_in_range(rank, suit):
    card = Card(rank, suit)
    valid = 1 <= rank <= 13 and 1 <= suit <= 4
    assert (card.rank(), card.suit()) == ((rank, suit) if valid else (0, 0))
    if valid:
        assert str(card) == RANKS[rank - 1] + SUITS[suit - 1]


def test_equality():
    assert Card(5, 2) == Card(5, 2)
    assert Card(5, 2) != Card(5, 3) and Card(5, 2) != Card(6, 2)
    assert Card(5, 2) != "5\u2666" and not (Card(5, 2) == (5, 2))
    assert Card(5, 2) != cards.Card(5, cards.Suit.DIAMONDS)
    assert len({Card(5, 2), Card(5, 2), Card(6, 2)}) == 2


def test_new_deck():
    deck = Deck()
    assert len(deck) == 52 and not deck.is_empty()
    expected = [RANKS[r - 1] + SUITS[s - 1] for s in range(1, 5) for r in range(1, 14)]
    assert str(deck) == repr(deck) == ", ".join(expected)
    assert str(deck).startswith("A\u2663, 2\u2663") and str(deck).endswith("Q\u2660, K\u2660")


def test_deal_takes_the_top_until_empty():
    deck = Deck()
    assert deck.deal() == Card(13, 4)
    assert deck.deal() == Card(12, 4)
    assert len(deck) == 50
    while len(deck) > 1:
        deck.deal()
    assert deck.deal() == Card(1, 1)
    assert deck.is_empty() and len(deck) == 0 and str(deck) == ""
    assert deck.deal() is None and len(deck) == 0


def test_shuffle_uses_the_module_level_random_shuffle(monkeypatch):
    monkeypatch.setattr(random, "shuffle", lambda items: items.reverse())
    deck = Deck()
    deck.shuffle()
    assert deck.deal() == Card(1, 1)


def test_seeded_shuffle_matches_the_golden_deal_order():
    rows = (GOLDEN / "deck_seed10.txt").read_text("utf-8").splitlines()[1:]
    random.seed(10)
    plain = Deck()
    plain.shuffle()
    seeded = Deck()
    seeded.shuffle(10)
    assert str(plain) == str(seeded)
    dealt = [str(seeded.deal()) for _ in range(52)]
    assert dealt == " ".join(rows).split()


@examples(30)
@given(st.integers())
def test_a_shuffled_deck_is_a_permutation(seed):
    deck = Deck()
    deck.shuffle(seed)
    assert sorted(str(deck).split(", ")) == sorted(str(Deck()).split(", "))
    assert deck.library_cards() == tuple(cards.seeded_shuffle(cards.classic_deck(), seed))
