"""Tests of cardgames.aces_up.rules: the rules of Aces Up over immutable positions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples, mid_game_positions

from cardgames.aces_up import rules
from cardgames.aces_up.rules import (
    Action,
    CannotMove,
    Command,
    EmptyColumn,
    InvalidMove,
    MalformedCommand,
    Position,
    StockEmpty,
)
from cardgames.cards import Card, classic_deck

C = Card.parse


def cols(*columns):
    """A tuple of columns from short card texts, e.g. cols('A♥', '', '2♦ 3♥', '')."""
    return tuple(tuple(C(text) for text in column.split()) for column in columns)


T = cols("A♥", "", "2♦ 3♥", "4♠ 5♦ 6♦")


def test_discard_rule_on_the_spec_tableau():
    with pytest.raises(CannotMove) as error:
        rules.check_discard(T, 1)
    assert error.value.card == C("A♥")
    with pytest.raises(EmptyColumn) as error:
        rules.check_discard(T, 2)
    assert error.value.column == 2
    assert rules.can_discard(T, 3)
    with pytest.raises(CannotMove) as error:
        rules.check_discard(T, 4)
    assert error.value.card == C("6♦")
    assert rules.can_discard(cols("A♥", "A♦", "2♦", "4♠ 5♦ 6♦"), 4)


@pytest.mark.parametrize("column", [0, 5, -1, "1", 1.0, True, None])
def test_discard_of_a_column_outside_1_to_4_is_an_invalid_move(column):
    with pytest.raises(InvalidMove):
        rules.check_discard(T, column)


def test_aces_are_high_and_an_ace_never_goes():
    assert rules.outranks(C("A♠"), C("K♠"))
    assert not rules.outranks(C("K♠"), C("A♠"))
    assert rules.outranks(C("3♣"), C("2♣"))
    assert not rules.outranks(C("3♥"), C("2♣"))
    assert not rules.outranks(C("2♣"), C("2♣"))
    assert not rules.can_discard(cols("A♠", "2♠", "", ""), 1)


def test_move_rule():
    for source, target in [(2, 1), (2, 3), (1, 1), (1, 3), (0, 2), (4, 5)]:
        assert not rules.can_move(T, source, target)
        with pytest.raises(InvalidMove):
            rules.check_move(T, source, target)
    assert rules.can_move(T, 4, 2)
    assert rules.can_move(T, 1, 2)
    assert not rules.can_move(T, 1, 2, lone_moves=False)
    assert rules.can_move(T, 3, 2, lone_moves=False)


def test_moves_return_new_positions_and_leave_the_old_one():
    position = Position((C("K♣"), C("Q♣")), T)
    assert rules.discard(position, 3) == Position((C("K♣"), C("Q♣")), cols("A♥", "", "2♦", "4♠ 5♦ 6♦"), (C("3♥"),))
    assert rules.move(position, 4, 2).columns == cols("A♥", "6♦", "2♦ 3♥", "4♠ 5♦")
    assert rules.deal(position).columns == cols("A♥ Q♣", "K♣", "2♦ 3♥", "4♠ 5♦ 6♦")
    assert rules.deal(position).stock == ()
    assert position.columns == T
    with pytest.raises(StockEmpty):
        rules.deal(Position((), T))


def test_seed_10_deal_and_the_spec_example():
    position = rules.seeded_position(10)
    assert position.columns == cols("J♥", "3♣", "2♥", "5♥")
    assert len(position.stock) == 48 and position.foundation == ()
    for line in ["f 4", "f 3", "t 2 3", "d"]:
        position = rules.apply(position, rules.parse_command(line))
    assert position.columns == cols("J♥ K♠", "A♣", "3♣ A♦", "4♥")
    assert position.foundation == (C("5♥"), C("2♥"))


def test_is_won():
    aces = cols("A♣", "A♦", "A♥", "A♠")
    assert rules.is_won(Position((), aces))
    assert not rules.is_won(Position((C("2♣"),), aces))
    assert not rules.is_won(Position((), cols("A♣ 2♣", "A♦", "A♥", "A♠")))
    assert not rules.is_won(Position((), cols("A♣", "A♦", "A♥", "K♠")))
    assert not rules.is_won(Position((), cols("A♣", "A♦", "A♥", "")))


@pytest.mark.parametrize("line, expected", [
    ("D", ("D",)), ("d", ("D",)), ("  f   03 ", ("F", 3)), ("T 4 1", ("T", 4, 1)),
    ("t 2 2", ("T", 2, 2)), ("R", ("R",)), ("h", ("H",)), ("\tQ\t", ("Q",)),
])
def test_parse_command(line, expected):
    command = rules.parse_command(line)
    assert tuple(command.as_list()) == expected
    assert rules.parse_command(str(command)) == command


@pytest.mark.parametrize("line", [
    "x", "z 1", "F", "F D", "F 9", "F 0", "D 2", "T 1", "T 1 2 3", "T a b", "T 5 1", "q 1",
    "F1", "", "   ", "F -1", "F +1", "F ١", "F ²", "DD", "F 1.0"])
def test_malformed_commands(line):
    with pytest.raises(MalformedCommand) as error:
        rules.parse_command(line)
    assert error.value.line == line


_ALL = [Command(Action.DEAL)] + [Command(Action.DISCARD, (x,)) for x in rules.COLUMNS] + [
    Command(Action.MOVE, (x, y)) for x in rules.COLUMNS for y in rules.COLUMNS]


@examples(60, deadline=None)
@given(mid_game_positions(most=60), st.integers(0, len(_ALL) - 1))
def test_a_command_is_legal_exactly_when_listed_and_cards_are_conserved(position, choice):
    command = _ALL[choice]
    legal = set(rules.legal_commands(position))
    try:
        after = rules.apply(position, command)
    except rules.IllegalMove:
        assert command not in legal
    else:
        assert command in legal
        assert rules.card_count(after) == 52
        cards = after.stock + after.foundation + sum(after.columns, ())
        assert sorted(cards) == sorted(classic_deck())


def test_only_aces():
    assert rules.only_aces(cols("A♣", "A♦", "A♥", "A♠"))
    assert not rules.only_aces(cols("A♣", "A♦", "A♥", "A♠ A♣"))
    assert not rules.only_aces(cols("A♣", "A♦", "A♥", "2♠"))


def test_only_the_four_aces_alone_in_four_columns_are_a_win():
    aces = [(Card(1, suit),) for suit in (1, 2, 3, 4)]
    assert rules.only_aces(aces)
    assert not rules.only_aces(aces + [(Card(1, 1),)])            # five columns
    assert not rules.only_aces([(Card(1, 1),)] * 4)                # four aces of clubs
    assert not rules.only_aces(aces[:3]) and not rules.only_aces([])
    with pytest.raises(rules.InvalidMove):
        rules.check_move(aces[:3], 1, 2)                           # three columns
    with pytest.raises(rules.InvalidMove):
        rules.check_discard(aces + [()], 1)
