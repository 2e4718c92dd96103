"""What a player sees: the view holds nothing from which the stock's order can be read."""

from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st
from strategies import examples, honest_positions, mid_game_positions

from cardgames.aces_up import rules
from cardgames.aces_up.players import view_of
from cardgames.aces_up.players.view import DECK, View
from cardgames.aces_up.search.model import encode
from cardgames.aces_up.search.pruning import card_bits, cards_of


def test_a_view_holds_the_columns_and_two_sets_of_cards_and_nothing_else():
    assert [field.name for field in fields(View)] == ["columns", "discarded", "unseen"]
    assert DECK.bit_count() == 52


@examples(60, deadline=None)
@given(mid_game_positions(), st.randoms(use_true_random=False))
def test_the_view_is_the_same_whatever_the_order_of_the_stock(position, rng):
    stock = list(position.stock)
    rng.shuffle(stock)
    assert view_of(rules.Position(tuple(stock), position.columns, position.foundation)) \
        == view_of(position)


@examples(60, deadline=None)
@given(honest_positions())
def test_the_view_says_which_cards_are_unseen_discarded_and_where_the_others_lie(drawn):
    position, view = drawn
    assert view.unseen == card_bits([[encode(card) for card in position.stock]])
    assert view.stock == len(position.stock)
    assert sorted(cards_of(view.discarded)) == sorted(encode(c) for c in position.foundation)
    assert view.columns == tuple(tuple(map(encode, column)) for column in position.columns)
    assert view.unseen | view.discarded | card_bits(view.columns) == DECK


def test_the_view_does_not_read_the_stock_at_all():
    # the same view from a position whose stock was taken away: it is built from the
    # columns and the foundation alone
    position = rules.seeded_position(7)
    assert view_of(rules.Position((), position.columns, position.foundation)) \
        == view_of(position)
