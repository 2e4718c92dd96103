"""The front end of ``solitaire_1.py``: the narrated game, ``simulate(n, i)`` and ``main``.

Simulation plays seeded decks without any text: ``count_wins`` is the batch counter that
``cardgames.simulate`` maps over chunks of seeds (in this process or on an executor).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgames import console
from cardgames.cards import shuffle
from cardgames.solitaire_aces.rules import outcome, play, sorted_deck
from cardgames.solitaire_aces.text import game_lines

if TYPE_CHECKING:
    from concurrent.futures import Executor

PROGRAM = "solitaire_1.py"
TABLE_HEADER = "Number of cards left when winning | Frequency"


def shuffled_deck(seed: int) -> list[int]:
    """The deck of the game of ``seed``: a sorted deck, seeded, shuffled once."""
    deck = sorted_deck()
    shuffle(deck, seed)
    return deck


def count_wins(start: int, stop: int) -> dict[int, int]:
    """Play seeds start .. stop-1 silently: {cards left in a won game: games}; losses not counted."""
    wins: dict[int, int] = {}
    for seed in range(start, stop):
        won, left = outcome(shuffled_deck(seed))
        if won:
            wins[left] = wins.get(left, 0) + 1
    return wins


def table_lines(counts: dict[int, int], n: int) -> list[str]:
    """The frequency table of the cards left in won games, out of n games."""
    from cardgames.simulate import table_lines as lines_of_table  # see simulate() below
    return lines_of_table(TABLE_HEADER, counts, n)


def write_lines(lines) -> None:
    """Write lines to stdout, each ending with a newline."""
    sys.stdout.write("".join(line + "\n" for line in lines))


def simulate(n: int, i: int, jobs: int = 1, executor: Executor | None = None) -> None:
    """Play the games of seeds i .. i+n-1 and print the table of cards left when winning."""
    # Imported here, not at the top: it loads multiprocessing, which the narrated game,
    # the one most runs of solitaire_1.py play, does not need.
    from cardgames.simulate import count_outcomes
    console.check_simulate_args(n, i)
    counts = count_outcomes(count_wins, i, n, jobs, executor)
    write_lines(table_lines(counts, n))


def play_seed(seed: int) -> None:
    """Print the narrated game of ``seed``."""
    write_lines(game_lines(play(tuple(shuffled_deck(seed)))))


def main(argv: Sequence[str] | None = None) -> int:
    """No argument: prompt for a seed and narrate its game; ``N I``: print the odds table."""
    return console.run_solitaire(sys.argv[1:] if argv is None else argv, PROGRAM,
                                 play_seed, simulate)
