"""The front end of ``solitaire_1.py``: the narrated game, ``simulate(n, i)`` and ``main``.

Simulation plays seeded decks without any text: ``count_wins`` is the batch counter that
``cardgames.simulate`` maps over chunks of seeds (in this process or on an executor).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from cardgames import console, fastshuffle, tiers
from cardgames.cards import seeded_decks
from cardgames.simulate import count_outcomes, on_tier, tally_by_block
from cardgames.simulate import table_lines as simulate_table
from cardgames.solitaire_aces.outcomes import (
    outcome_code,
    outcome_code_array,
    shuffled_deck,
)
from cardgames.solitaire_aces.rules import (
    ACES,
    DECK_SIZE,
    PLACEMENT_TERMS,
    play,
    sorted_deck,
)
from cardgames.solitaire_aces.text import game_lines

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import numpy as np  # the fast extra: imported where it runs
    import numpy.typing as npt

PROGRAM = "solitaire_1.py"
TABLE_HEADER = "Number of cards left when winning | Frequency"


def count_wins(start: int, stop: int, tier: str | None = None,
               run_games: int | None = None) -> dict[int, int]:
    """Play seeds start .. stop-1 silently: {cards left in a won game: games}; losses not counted.

    ``tier`` says how (``tiers.choose``, for a run of ``run_games`` games, by default these):
    one seeded deck at a time with the standard library, a batch of decks at once with
    NumPy, or compiled with Numba; the counts are the same.
    """
    tier = tiers.choose(tier, run_games or stop - start)
    counts = tally_by_block(functools.partial(win_codes, tier=tier), range(start, stop))
    del counts[0]
    return dict(counts)


def win_codes(seeds: range, tier: str | None = None) -> Iterable[int]:
    """The outcome code of each seed's game: cards left when it is won, 0 when it is lost.

    An iterator with the standard library, a NumPy array of uint8 with the faster tiers.
    """
    tier = tiers.choose(tier, len(seeds))
    if tier == tiers.NUMBA:
        from cardgames.solitaire_aces import kernel  # loads Numba: only when it runs
        return kernel.win_codes(seeds)
    if tier == tiers.NUMPY:
        return win_codes_batched(seeds)
    return win_codes_plain(seeds)


def win_codes_plain(seeds: range) -> Iterator[int]:
    """win_codes, one seeded deck at a time, with the standard library alone."""
    return map(outcome_code, seeded_decks(sorted_deck(), seeds))


def win_codes_batched(seeds: range) -> npt.NDArray[np.uint8]:
    """win_codes with the decks of a batch of seeds shuffled at once (needs NumPy).

    Each deck's ace places are ranked (``rules.placement_rank``, vectorised) and looked up in
    the outcome table that the rules computed over every placement (``outcome_table``).
    """
    import numpy as np

    codes = outcome_code_array()
    terms = np.array(PLACEMENT_TERMS, dtype=np.int64)
    out = np.empty(len(seeds), dtype=np.uint8)
    for lo in range(0, len(seeds), fastshuffle.BATCH):
        batch = seeds[lo:lo + fastshuffle.BATCH]
        places = fastshuffle.card_places(DECK_SIZE, batch, ACES)
        out[lo:lo + len(batch)] = codes[sum(terms[k][places[:, k]] for k in range(len(ACES)))]
    return out


def table_lines(counts: dict[int, int], n: int) -> list[str]:
    """The frequency table of the cards left in won games, out of n games."""
    return simulate_table(TABLE_HEADER, counts, n)


def write_lines(lines: Iterable[str]) -> None:
    """Write lines to stdout, each ending with a newline."""
    sys.stdout.write("".join(line + "\n" for line in lines))


def simulate(n: int, i: int, *, jobs: int = 1, executor: Executor | None = None,
             tier: str | None = None) -> None:
    """Play the games of seeds i .. i+n-1 and print the table of cards left when winning."""
    console.check_simulate_args(n, i)
    counts = count_outcomes(on_tier(count_wins, n, tier), i, n, jobs, executor)
    write_lines(table_lines(counts, n))


def play_seed(seed: int) -> None:
    """Print the narrated game of ``seed``."""
    write_lines(game_lines(play(tuple(shuffled_deck(seed)))))


def main(argv: Sequence[str] | None = None) -> int:
    """No argument: prompt for a seed and narrate its game; ``N I``: print the odds table."""
    return console.run_solitaire(sys.argv[1:] if argv is None else argv, PROGRAM,
                                 play_seed, simulate)
