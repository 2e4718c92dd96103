"""The ``solitaire_2.py`` program: play one seeded Sevens game and view its lines, or simulate."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from concurrent.futures import Executor

from cardgames.console import check_simulate_args, run_solitaire
from cardgames.simulate import count_outcomes, on_tier, table_lines
from cardgames.solitaire_sevens.rules import count_cards_left, deal, narrate
from cardgames.solitaire_sevens.text import collected_lines
from cardgames.viewer import view

__all__ = ["simulate", "play", "main", "HEADER"]

HEADER = "Number of cards left | Frequency"


def simulate(n: int, i: int, *, jobs: int = 1, executor: Executor | None = None,
             tier: str | None = None) -> None:
    """Play the seeds i .. i+n-1 and print how often each number of cards was left."""
    check_simulate_args(n, i)
    counts = count_outcomes(on_tier(count_cards_left, n, tier), i, n, jobs, executor)
    print("\n".join(table_lines(HEADER, counts, n, descending=True)))


def game_lines(seed: int) -> list[str]:
    """The collected lines of the game of ``seed``."""
    return collected_lines(narrate(deal(seed)))


def play(seed: int) -> int:
    """Play the game of ``seed``, then let the user view its lines; return the exit status."""
    return view(game_lines(seed))


def main(argv: Sequence[str] | None = None) -> int:
    """No argument: ask for a seed, play and view; ``N I``: print the table of simulate(N, I)."""
    return run_solitaire(sys.argv[1:] if argv is None else argv, "solitaire_2.py",
                         play, simulate)
