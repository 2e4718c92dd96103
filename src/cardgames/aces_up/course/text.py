"""The fixed texts of Aces Up and the renderers that turn boards and errors into exact lines."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.aces_up.rules import (
    CannotMove,
    EmptyColumn,
    IllegalMove,
    MalformedCommand,
    Position,
    StockEmpty,
)

__all__ = ["PROMPT", "MENU", "RULES", "RESTART_BANNER", "QUIT_MESSAGE", "WON_MESSAGE",
           "INVALID_OPTION", "HEADER", "board_lines", "position_lines", "error_message"]

PROMPT = "\nInput an option (DFTRHQ): "

MENU = ("     \n"
        "Input options:\n"
        "    D: Deal to the Tableau (one card on each column).\n"
        "    F x: Move card from Tableau column x to the Foundation.\n"
        "    T x y: Move card from Tableau column x to empty Tableau column y.\n"
        "    R: Restart the game (after shuffling)\n"
        "    H: Display the menu of choices\n"
        "    Q: Quit the game        \n")

RULES = ("\n"
         "Aces High Card Game:\n"
         "     Tableau columns are numbered 1,2,3,4.\n"
         "     Only the card at the bottom of a Tableau column can be moved.\n"
         "     A card can be moved to the Foundation only if a higher ranked card \n"
         "        of the same suit is at the bottom of another Tableau column.\n"
         "     To win, all cards except aces must be in the Foundation.")

RESTART_BANNER = "=========== Restarting: new game ============"
QUIT_MESSAGE = "You have chosen to quit."
WON_MESSAGE = "You won!"
INVALID_OPTION = "Invalid option."
HEADER = "{:<8s}{:^13s}{:s}".format("stock", "tableau", "  foundation")


def board_lines(stock_has_cards: bool, columns: Sequence[Sequence[object]],
                foundation: Sequence[object]) -> list[str]:
    """The board of §6, one string per printed line (the first is empty); cards print by str."""
    lines = ["", HEADER]
    for row in range(max((len(column) for column in columns), default=0)):
        stock_field = "XX" if row == 0 and stock_has_cards else ""
        cells = "".join("{:4s}".format(str(column[row]) if row < len(column) else "")
                        for column in columns)
        discard = "    {}".format(foundation[-1]) if row == 0 and foundation else ""
        lines.append("{:<8s}".format(stock_field) + cells + discard)
    return lines


def position_lines(position: Position) -> list[str]:
    """The board of a rules Position."""
    return board_lines(bool(position.stock), position.columns, position.foundation)


def error_message(error: ValueError) -> str:
    """The spec's one-line message for a rejected command."""
    if isinstance(error, MalformedCommand):
        return f"Error in option: {error.line}"
    if isinstance(error, EmptyColumn):
        return f"Error, empty column: {error.column}"
    if isinstance(error, CannotMove):
        return f"Error, cannot move {error.card}."
    if isinstance(error, StockEmpty):
        return "Error, the stock is empty."
    if isinstance(error, IllegalMove):     # InvalidMove, and any other the rules add
        return "Invalid move"
    raise TypeError(f"no message for {error!r}")

