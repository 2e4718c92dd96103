"""Aces Up at the edges of its interface: a closed stdin, the blank card in the API."""

import subprocess
import sys
from pathlib import Path

from aces_up import (
    Card,
    Deck,
    check_for_win,
    move_to_foundation,
    validate_move_to_foundation,
)

ROOT = Path(__file__).resolve().parent.parent


def test_a_closed_stdin_is_the_end_of_input():
    import os

    run = subprocess.run([sys.executable, "aces_up.py", "--seed", "10"], capture_output=True,
                         preexec_fn=lambda: os.close(0), cwd=ROOT, timeout=60)
    assert (run.returncode, run.stderr) == (0, b"")
    # the same output as the end of an empty pipe: the last prompt too (spec §8.5)
    assert run.stdout.endswith("XX      J♥  3♣  2♥  5♥  \n\nInput an option (DFTRHQ): ".encode())


def test_the_blank_card_never_goes_to_the_foundation(capsys):
    tableau = [[Card()], [Card(2, 1)], [Card(3, 1)], []]
    foundation = []
    assert validate_move_to_foundation(tableau, 1) is False
    move_to_foundation(tableau, foundation, 1)
    assert capsys.readouterr().out == "Error, cannot move xx.\nError, cannot move xx.\n"
    assert tableau == [[Card()], [Card(2, 1)], [Card(3, 1)], []] and foundation == []


def test_a_blank_bottom_card_outranks_nothing(capsys):
    assert validate_move_to_foundation([[Card(2, 1)], [Card()], [], []], 1) is False
    assert capsys.readouterr().out == "Error, cannot move 2♣.\n"


def test_a_blank_card_is_no_ace_for_the_win():
    stock = Deck()
    while not stock.is_empty():
        stock.deal()
    assert check_for_win(stock, [[Card()], [Card(1, 1)], [Card(1, 2)], [Card(1, 3)]]) is False
