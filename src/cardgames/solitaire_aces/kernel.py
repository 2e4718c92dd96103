"""The Aces solitaire's simulation, compiled (the Numba tier; needs the ``jit`` extra).

Mirrors ``program.count_wins_batched``: seed, shuffle the 32 cards (``jitshuffle``), find the
places of the four aces, rank the set of places (``rules.placement_rank``) and look the
outcome up in the table that the rules computed for every set (``program.outcome_codes``).
The tests compare it with the rules game by game.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np
from numba import njit

from cardgames import jitshuffle
from cardgames.jitshuffle import LANES, N
from cardgames.cards import seeded_shuffle
from cardgames.solitaire_aces.rules import ACES, DECK_SIZE, outcome, sorted_deck

#: BINOMIALS[k, p] = C(p, k + 1): the terms of ``rules.placement_rank``.
BINOMIALS = np.array([[comb(place, k) for place in range(DECK_SIZE)]
                      for k in range(1, len(ACES) + 1)], dtype=np.int64)


@njit(cache=True)
def _codes(keys: Any, table: Any, binomials: Any, out: Any) -> None:
    """out[g] = the outcome code of the game whose seed's key is keys[:, g]."""
    mt = np.empty((N, LANES), dtype=np.uint32)
    lane_key = np.empty((keys.shape[0], LANES), dtype=np.uint32)
    deck = np.empty(DECK_SIZE, dtype=np.int64)
    for first in range(0, keys.shape[1], LANES):
        lanes = jitshuffle.seed_block(mt, lane_key, keys, first)
        for lane in range(lanes):
            for card in range(DECK_SIZE):
                deck[card] = card
            jitshuffle.shuffle(deck, mt, lane)
            rank, found = 0, 0
            for place in range(DECK_SIZE):
                if deck[place] % 8 == 0:  # rules.is_ace
                    rank += binomials[found, place]
                    found += 1
            out[first + lane] = table[rank]


def win_codes(seeds: range, table: Any) -> Any:
    """The outcome code of each seed's game (cards left when won, 0 when lost), as an array.

    ``table`` is ``program.outcome_codes()`` as an array of uint8.
    """
    out = np.empty(len(seeds), dtype=np.uint8)
    for columns, keys in jitshuffle.lane_keys(seeds):
        chosen = np.empty(len(columns), dtype=np.uint8)
        _codes(keys, table, BINOMIALS, chosen)
        out[columns] = chosen
    for column in jitshuffle.long_key_columns(seeds):
        won, left = outcome(seeded_shuffle(sorted_deck(), seeds[column]))
        out[column] = left if won else 0
    return out
