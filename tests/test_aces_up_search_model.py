"""Tests of cardgames.aces_up.search.model: the card codes, the searches' view of a rules
position, the win in codes and the command tables, each against the rules' own functions."""

from aces_up_helpers import coded
from hypothesis import example, given
from hypothesis import strategies as st
from strategies import (
    ACES,
    NON_ACES,
    examples,
    mid_game_positions,
    short_stock_positions,
    small_positions,
)

from cardgames.aces_up import rules
from cardgames.aces_up.search import model
from cardgames.aces_up.search.model import HOLE, codes, decode, encode
from cardgames.cards import Card, Suit, classic_deck

#: Rules positions with stocks of every length: whole deals, a short last deal, none.
ANY_STOCK = st.one_of(mid_game_positions(), short_stock_positions(), small_positions())


def test_encode_decode_round_trip():
    assert [decode(encode(card)) for card in classic_deck()] == classic_deck()
    assert encode(Card(1, Suit.SPADES)) > encode(Card(13, Suit.SPADES))


@given(st.lists(st.sampled_from(ACES + NON_ACES), min_size=2, max_size=2, unique=True))
def test_a_higher_code_of_the_same_suit_is_a_card_that_outranks(two):
    high, low = two
    assert (high >> 4 == low >> 4 and high > low) == rules.outranks(decode(high), decode(low))


@examples(200)
@given(st.lists(st.lists(st.one_of(st.sampled_from(ACES), st.sampled_from(NON_ACES)),
                         max_size=2), min_size=4, max_size=4))
@example([[14], [30], [46], [62]])
def test_won_is_the_rules_only_aces(columns):
    assert model.won(columns) == rules.only_aces([list(map(decode, column))
                                                  for column in columns])


@examples(150, deadline=None)
@given(ANY_STOCK)
@example(rules.seeded_position(0))
@example(rules.seeded_position(10))
@example(rules.seeded_position(123))
def test_the_search_reads_the_stock_as_the_deals_the_rules_make(position):
    columns, stock = codes(position)
    assert columns == tuple(tuple(map(encode, column)) for column in position.columns)
    if position.stock:
        after = rules.deal(position)              # the next deal is the stock's first
        assert codes(after) == (tuple(column + (() if dealt == HOLE else (dealt,))
                                      for column, dealt in zip(columns, stock[0])), stock[1:])
    else:
        assert stock == ()


@examples(150, deadline=None)
@given(ANY_STOCK)
def test_a_short_last_deal_is_padded_with_holes_where_the_rules_deal_nothing(position):
    stock = codes(position)[1]
    assert all(len(deal) == model.COLUMNS for deal in stock)
    assert sum(card != HOLE for deal in stock for card in deal) == len(position.stock)
    while position.stock:                         # the stock's deals, one by one
        after, deal = rules.deal(position), stock[0]
        reached = [len(a) > len(b) for a, b in zip(after.columns, position.columns)]
        assert reached == [card != HOLE for card in deal]
        position, stock = after, stock[1:]


def test_a_short_last_deal_reaches_the_first_columns_only():
    start = rules.Position(tuple(Card.parse(text) for text in "3♦ 2♥ A♠".split()),
                           ((Card.parse("A♥"),), (Card.parse("A♦"),), (), ()))
    assert codes(start)[1] == ((encode(Card.parse("A♠")), encode(Card.parse("2♥")),
                                encode(Card.parse("3♦")), HOLE),)
    assert rules.deal(start).columns[3] == ()           # as the rules deal it


@given(small_positions())
def test_coded_positions_read_back_as_themselves(position):
    assert coded(*codes(position)) == position


def test_the_compiled_search_takes_the_stocks_of_a_game():
    assert model.compiles(codes(rules.seeded_position(0))[1])
    assert not model.compiles(((0, 1, 2, HOLE),))                  # a short last deal
    assert not model.compiles(((0, 1, 2, 3),) * 13)                # more than a game's


def test_the_command_tables_are_the_rules_commands():
    assert model.DEAL == rules.parse_command("D")
    assert [str(command) for command in model.DISCARDS] == ["F 1", "F 2", "F 3", "F 4"]
    assert all(model.TRANSFERS[x][y] == rules.parse_command(f"T {x + 1} {y + 1}")
               for x in range(4) for y in range(4))
