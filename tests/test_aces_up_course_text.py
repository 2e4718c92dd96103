"""Tests of cardgames.aces_up.course.text: the fixed texts and renderers (spec §5, §6)."""

import pytest

from cardgames.aces_up import rules
from cardgames.aces_up.course import text
from cardgames.cards import Card

C = Card.parse


def test_fixed_texts_have_the_spec_shapes():
    assert len(text.MENU) == 311 and len(text.RULES) == 335
    assert text.MENU.startswith("     \nInput options:\n")
    assert text.MENU.endswith("    Q: Quit the game        \n")
    assert text.RULES.startswith("\nAces High Card Game:\n")
    assert "higher ranked card \n        of the same suit" in text.RULES
    assert not text.RULES.endswith("\n")
    assert text.PROMPT == "\nInput an option (DFTRHQ): "
    assert text.RESTART_BANNER == "=" * 11 + " Restarting: new game " + "=" * 12
    assert len(text.RESTART_BANNER) == 45
    assert text.HEADER == "stock      tableau     foundation" and len(text.HEADER) == 33


def test_board_of_the_spec_example():
    position = rules.seeded_position(10)
    for line in ["f 4", "f 3", "t 2 3", "d"]:
        position = rules.apply(position, rules.parse_command(line))
    assert text.position_lines(position) == [
        "", "stock      tableau     foundation",
        "XX      J\u2665  A\u2663  3\u2663  4\u2665      2\u2665",
        "        K\u2660      A\u2666      "]


def test_first_board_and_empty_stock():
    assert text.position_lines(rules.seeded_position(10))[2] == (
        "XX      J\u2665  3\u2663  2\u2665  5\u2665  ")
    columns = ((C("10\u2666"),), (), (), (C("A\u2660"), C("Q\u2663")))
    assert text.board_lines(False, columns, ()) == [
        "", text.HEADER, "        10\u2666" + " " * 9 + "A\u2660  ", " " * 20 + "Q\u2663  "]


def test_an_empty_tableau_shows_only_the_header():
    assert text.board_lines(True, ((), (), (), ()), ()) == ["", text.HEADER]


@pytest.mark.parametrize("error, message", [
    (rules.MalformedCommand(""), "Error in option: "),
    (rules.MalformedCommand(" T 1 "), "Error in option:  T 1 "),
    (rules.EmptyColumn(3), "Error, empty column: 3"),
    (rules.CannotMove(C("J\u2665")), "Error, cannot move J\u2665."),
    (rules.CannotMove(C("10\u2666")), "Error, cannot move 10\u2666."),
    (rules.InvalidMove(1, 1), "Invalid move"),
    (rules.StockEmpty(), "Error, the stock is empty."),
])
def test_error_messages(error, message):
    assert text.error_message(error) == message


def test_an_unknown_error_has_no_message():
    with pytest.raises(TypeError):
        text.error_message(ValueError("other"))
