"""The front end of ``solitaire_1.py``: the narrated game, ``simulate(n, i)`` and ``main``.

Simulation plays seeded decks without any text: ``count_wins`` is the batch counter that
``cardgames.simulate`` maps over chunks of seeds (in this process or on an executor).
"""

from __future__ import annotations

import base64
import sys
import zlib
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING

from cardgames import console, fastshuffle
from cardgames.cards import seeded_decks, seeded_shuffle
from cardgames.simulate import count_outcomes
from cardgames.simulate import table_lines as simulate_table
from cardgames.solitaire_aces import outcome_table
from cardgames.solitaire_aces.rules import ACES, DECK_SIZE, outcome, play, sorted_deck
from cardgames.solitaire_aces.text import game_lines

if TYPE_CHECKING:
    from concurrent.futures import Executor

PROGRAM = "solitaire_1.py"
TABLE_HEADER = "Number of cards left when winning | Frequency"


def shuffled_deck(seed: int) -> list[int]:
    """The deck of the game of ``seed``: a sorted deck, seeded, shuffled once."""
    return seeded_shuffle(sorted_deck(), seed)


def count_wins(start: int, stop: int) -> dict[int, int]:
    """Play seeds start .. stop-1 silently: {cards left in a won game: games}; losses not counted.

    With NumPy the decks are shuffled a batch at a time (:mod:`cardgames.fastshuffle`, the
    same decks bit for bit); without it, one at a time.  Either way each game's outcome
    comes from the places of its aces through the one rules implementation.
    """
    if fastshuffle.available():
        return count_wins_batched(start, stop)
    return count_wins_plain(start, stop)


def count_wins_plain(start: int, stop: int) -> dict[int, int]:
    """count_wins, one seeded deck at a time, with the standard library alone."""
    wins: dict[int, int] = {}
    for deck in seeded_decks(sorted_deck(), range(start, stop)):
        won, left = outcome(deck)
        if won:
            wins[left] = wins.get(left, 0) + 1
    return wins


def outcome_codes() -> bytes:
    """The shipped outcome of every set of ace places, by placement rank (see outcome_table)."""
    return zlib.decompress(base64.b64decode(outcome_table.DATA))


def count_wins_batched(start: int, stop: int) -> dict[int, int]:
    """count_wins with the decks of a batch of seeds shuffled at once (needs NumPy).

    Each deck's ace places are ranked (``rules.placement_rank``, vectorised) and looked up in
    the outcome table that the rules computed over every placement (``outcome_table``).
    """
    import numpy as np

    codes = np.frombuffer(outcome_codes(), dtype=np.uint8)
    binomials = np.array([[comb(place, k) for place in range(DECK_SIZE)]
                          for k in range(1, len(ACES) + 1)], dtype=np.int64)
    games = np.zeros(DECK_SIZE + 1, dtype=np.int64)
    for lo in range(start, stop, fastshuffle.BATCH):
        places = fastshuffle.card_places(DECK_SIZE, range(lo, min(lo + fastshuffle.BATCH, stop)),
                                         ACES)
        ranks = sum(binomials[k][places[:, k]] for k in range(len(ACES)))
        games += np.bincount(codes[ranks], minlength=DECK_SIZE + 1)
    return {left: int(games[left]) for left in range(1, DECK_SIZE + 1) if games[left]}


def table_lines(counts: dict[int, int], n: int) -> list[str]:
    """The frequency table of the cards left in won games, out of n games."""
    return simulate_table(TABLE_HEADER, counts, n)


def write_lines(lines) -> None:
    """Write lines to stdout, each ending with a newline."""
    sys.stdout.write("".join(line + "\n" for line in lines))


def simulate(n: int, i: int, *, jobs: int = 1, executor: Executor | None = None) -> None:
    """Play the games of seeds i .. i+n-1 and print the table of cards left when winning."""
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
