"""How good the end of a turn looks to a player who cannot count the stock's orders: a
score in integers, higher is better.

A won game holds the four aces, one at the top of each column, and nothing else.  So the
score counts against each card left, for each empty column, for each ace at the top of its
column (where it must end), against each ace under other cards (it needs an empty column
to get out), against tall columns (their cards can only leave one by one from the bottom),
and against each card above a lower card of its own suit (the lower one needs another
column's card to leave).  The weights were chosen by measuring win rates; they matter
little (a few hundredths of a point).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.aces_up.search.model import ACE, Column

__all__ = ["WEIGHTS", "score"]

#: The weights of ``score``'s terms, by name.
WEIGHTS = {"card": -20, "empty": 6, "top ace": 10, "buried ace": -12, "height": -1,
           "blocked": -3}


def score(columns: Sequence[Column]) -> int:
    """The heuristic worth of columns at the end of a turn (higher is better)."""
    total = 0
    for column in columns:
        size = len(column)
        total += WEIGHTS["card"] * size + WEIGHTS["height"] * size * size
        if not size:
            total += WEIGHTS["empty"]
            continue
        if column[0] & 15 == ACE:
            total += WEIGHTS["top ace"]
        for i in range(1, size):
            if column[i] & 15 == ACE:
                total += WEIGHTS["buried ace"]
        for i in range(size):
            for j in range(i + 1, size):
                if column[i] >> 4 == column[j] >> 4 and column[i] > column[j]:
                    total += WEIGHTS["blocked"]
    return total
