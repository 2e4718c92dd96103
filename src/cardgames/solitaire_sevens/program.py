"""The ``solitaire_2.py`` program: play one seeded Sevens game and view its lines, or simulate."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from functools import partial
from concurrent.futures import Executor

from cardgames import fastshuffle, tiers
from cardgames.cards import seeded_decks
from cardgames.console import check_simulate_args, run_solitaire
from cardgames.simulate import count_outcomes, on_tier, table_lines, tally_by_block
from cardgames.solitaire_sevens.rules import CARDS, deal, narrate, outcome
from cardgames.solitaire_sevens.text import collected_lines
from cardgames.viewer import view

__all__ = ["simulate", "play_seed", "main", "HEADER", "count_cards_left", "cards_left_codes"]

HEADER = "Number of cards left | Frequency"


def count_cards_left(start: int, stop: int, tier: str | None = None,
                     run_games: int | None = None) -> dict[int, int]:
    """Play the seeds start .. stop-1 silently and count the games by number of cards left.

    ``tier`` says how (``tiers.choose``, for a run of ``run_games`` games, by default these);
    the counts are the same on every tier.
    """
    tier = tiers.choose(tier, run_games or stop - start)
    return dict(tally_by_block(partial(cards_left_codes, tier=tier), range(start, stop)))


def cards_left_codes(seeds: range, tier: str | None = None) -> Iterable[int]:
    """The number of cards left in each seed's game (an iterator, or a NumPy array of uint8).

    With the standard library or NumPy each game is ``rules.outcome`` on the stack of
    ``rules.deal`` (NumPy shuffles a batch of stacks at once, bit for bit the same); with
    Numba, ``kernel.cards_left`` is ``rules.play`` compiled.
    """
    tier = tiers.choose(tier, len(seeds))
    if tier == tiers.NUMBA:
        from cardgames.solitaire_sevens import kernel  # loads Numba: only when it runs
        return kernel.cards_left_codes(seeds)
    if tier == tiers.NUMPY:
        return map(outcome, fastshuffle.shuffled(CARDS, seeds))
    return map(outcome, seeded_decks(CARDS, seeds))


def simulate(n: int, i: int, *, jobs: int = 1, executor: Executor | None = None,
             tier: str | None = None) -> None:
    """Play the seeds i .. i+n-1 and print how often each number of cards was left."""
    check_simulate_args(n, i)
    counts = count_outcomes(on_tier(count_cards_left, n, tier), i, n, jobs, executor)
    print("\n".join(table_lines(HEADER, counts, n, descending=True)))


def game_lines(seed: int) -> list[str]:
    """The collected lines of the game of ``seed``."""
    return collected_lines(narrate(deal(seed)))


def play_seed(seed: int) -> int:
    """Play the game of ``seed``, then let the user view its lines; return the exit status."""
    return view(game_lines(seed))


def main(argv: Sequence[str] | None = None) -> int:
    """No argument: ask for a seed, play and view; ``N I``: print the table of simulate(N, I)."""
    return run_solitaire(sys.argv[1:] if argv is None else argv, "solitaire_2.py",
                         play_seed, simulate)
