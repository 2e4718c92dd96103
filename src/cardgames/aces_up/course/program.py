"""The course's Aces Up program: the assignment's functions over classic Deck/Card lists.

The rules module decides what is legal; these functions apply the allowed moves to the
mutable lists a grader passes in, print the spec's exact messages, and run the game loop.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from cardgames import cards
from cardgames.aces_up import rules
from cardgames.aces_up.classic import Card, Deck
from cardgames.aces_up.course.text import (
    INVALID_OPTION,
    MENU,
    PROMPT,
    QUIT_MESSAGE,
    RESTART_BANNER,
    RULES,
    WON_MESSAGE,
    board_lines,
    error_message,
)
from cardgames.aces_up.rules import IllegalMove, MalformedCommand
from cardgames.console import UsageError
from cardgames.lines import read_line
from cardgames.numbers import parse_integer
from cardgames.streams import replace_closed_streams, run

__all__ = ["Card", "Deck", "MENU", "RULES", "init_game", "deal_to_tableau", "display",
           "get_option", "validate_move_to_foundation", "move_to_foundation",
           "validate_move_within_tableau", "move_within_tableau", "check_for_win", "main",
           "parse_argv", "run_program", "UsageError"]

USAGE = "usage: python3 aces_up.py [--seed N]"


def _library_card(card: Card) -> cards.Card | None:
    """The library card of a classic card, or of any card object with rank() and suit()."""
    return card.card if isinstance(card, Card) else Card(card.rank(), card.suit()).card


def _columns(tableau: Sequence[Sequence[Card]]) -> tuple[rules.Column, ...]:
    """The tableau as rules columns of library cards."""
    # A blank card xx (None here) is passed on as it is, as before: typed as the rules see it.
    return tuple(tuple(map(_library_card, column)) for column in tableau)  # type: ignore[arg-type]


def _rejected(error: ValueError) -> bool:
    """Print the message of a rejected command; always False."""
    print(error_message(error))
    return False


def init_game(seed: int | None = None) -> tuple[Deck, list[list[Card]], list[Card]]:
    """A new game: a shuffled Deck (seeded first if asked), four columns of one card, no foundation."""
    stock = Deck()
    stock.shuffle(seed)
    tableau: list[list[Card]] = [[], [], [], []]
    deal_to_tableau(stock, tableau)
    return stock, tableau, []


def deal_to_tableau(stock: Deck, tableau: list[list[Card]]) -> None:
    """Deal one card onto each column, 1 to 4, stopping if the stock runs out."""
    if stock.is_empty():
        _rejected(rules.StockEmpty())
        return
    for column in tableau:
        if stock.is_empty():
            break
        card = stock.deal()
        if card is None:  # never after is_empty(): tells mypy the card is there
            break
        column.append(card)


def display(stock: Deck, tableau: Sequence[Sequence[Card]], foundation: Sequence[Card]) -> None:
    """Print the board (§6)."""
    for line in board_lines(not stock.is_empty(), tableau, foundation):
        print(line)


def get_option() -> list[Any] | None:
    """Prompt, read one line and parse it; None (after an error line) if it is malformed.

    The classic value, a letter then column numbers (``['T', 4, 2]``), is typed list[Any].

    At the end of input EOFError propagates to the caller (spec §9); ``lines.read_line``
    reads the line, so a closed stdin and an over-long line are the end of input too.
    """
    line = read_line(PROMPT)
    if line is None:
        raise EOFError("end of input at the prompt")
    try:
        return rules.parse_command(line).as_list()
    except MalformedCommand as error:
        _rejected(error)
        return None


def validate_move_to_foundation(tableau: Sequence[Sequence[Card]], from_col: int) -> bool:
    """True if the bottom card of from_col may be discarded; else print why and return False."""
    # An int from 1 to 4 only, as the rules check it: 4.0 and True are in COLUMNS (4.0 == 4).
    is_column = type(from_col) is int and from_col in rules.COLUMNS
    column = tableau[from_col - 1] if is_column and len(tableau) == len(rules.COLUMNS) else ()
    if column and _library_card(column[-1]) is None:  # the blank card xx: no rank, never moves
        # the classic blank card, which rules.Card cannot be: the message shows its text, xx
        return _rejected(rules.CannotMove(column[-1]))  # type: ignore[arg-type]
    try:
        rules.check_discard(_columns(tableau), from_col)
    except IllegalMove as error:
        return _rejected(error)
    return True


def move_to_foundation(tableau: list[list[Card]], foundation: list[Card], from_col: int) -> None:
    """Discard the bottom card of from_col to the foundation if allowed, else print why."""
    if validate_move_to_foundation(tableau, from_col):
        foundation.append(tableau[from_col - 1].pop())


def validate_move_within_tableau(tableau: Sequence[Sequence[Card]], from_col: int,
                                 to_col: int) -> bool:
    """True if from_col's bottom card may move to the empty to_col; else print Invalid move."""
    try:
        rules.check_move(_columns(tableau), from_col, to_col)
    except IllegalMove as error:
        return _rejected(error)
    return True


def move_within_tableau(tableau: list[list[Card]], from_col: int, to_col: int) -> None:
    """Move from_col's bottom card to the empty to_col if allowed, else print Invalid move."""
    if validate_move_within_tableau(tableau, from_col, to_col):
        tableau[to_col - 1].append(tableau[from_col - 1].pop())


def check_for_win(stock: Deck, tableau: Sequence[Sequence[Card]]) -> bool:
    """True iff the stock is empty and the tableau is four columns of one Ace each (the
    four aces: a deck has one of each)."""
    columns = _columns(tableau)
    blank = any(None in column for column in columns)  # a blank card xx is no ace
    return stock.is_empty() and not blank and rules.only_aces(columns)


def main(seed: int | None = None) -> None:
    """Play the game (§8) on stdin/stdout until Q, a win or the end of input."""
    stock, tableau, foundation = init_game(seed)
    print(MENU)
    display(stock, tableau, foundation)
    while True:
        try:
            option = get_option()
        except EOFError:
            return
        if option is None:
            print(INVALID_OPTION)
        elif option[0] == "D":
            deal_to_tableau(stock, tableau)
        elif option[0] == "F":
            move_to_foundation(tableau, foundation, option[1])
        elif option[0] == "T":
            move_within_tableau(tableau, option[1], option[2])
        elif option[0] == "R":
            print(RESTART_BANNER)
            print(RULES)
            print(MENU)
            stock, tableau, foundation = init_game(seed)
        elif option[0] == "H":
            print(MENU)
        else:
            print(QUIT_MESSAGE)
            return
        if check_for_win(stock, tableau):
            print(WON_MESSAGE)
            return
        display(stock, tableau, foundation)


def parse_argv(argv: Sequence[str]) -> int | None:
    """The seed of ``[--seed N]`` / ``[--seed=N]`` (None without one); raise UsageError otherwise."""
    if not argv:
        return None
    if len(argv) == 2 and argv[0] == "--seed":
        text = argv[1]
    elif len(argv) == 1 and argv[0].startswith("--seed="):
        text = argv[0][len("--seed="):]
    else:
        raise UsageError("expected no argument or --seed N")
    seed = parse_integer(text)
    if seed is None:
        raise UsageError(f"not an integer: {text!r}")
    return seed


def run_program(argv: Sequence[str]) -> int:
    """The command line of ``aces_up.py``: the exit status (2 for a bad command line)."""
    replace_closed_streams()  # with stderr closed, the usage message must not go to stdout
    try:
        seed = parse_argv(argv)
    except UsageError as error:
        print(f"{USAGE}  ({error})", file=sys.stderr)
        return 2
    return run(lambda: main(seed), interrupted_status=0)
