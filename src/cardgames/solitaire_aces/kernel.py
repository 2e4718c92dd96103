"""The Aces solitaire's simulation, compiled (the Numba tier; needs the ``jit`` extra).

Mirrors ``program.win_codes_batched``: seed and shuffle the 32 cards (``jitshuffle``), find
the places of the four aces, rank the set of places (``rules.placement_rank``) and look the
outcome up in the table that the rules computed for every set of places
(``program.shipped_outcome_codes``).  On import it checks itself against the rules on a sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from cardgames import jitshuffle
from cardgames.jitshuffle import LANES, N, njit
from cardgames.solitaire_aces.outcomes import (
    outcome_code,
    outcome_code_array,
    shuffled_deck,
)
from cardgames.solitaire_aces.rules import DECK_SIZE, PLACEMENT_TERMS

if TYPE_CHECKING:
    import numpy.typing as npt

_TERMS = np.array(PLACEMENT_TERMS, dtype=np.int64)
_TABLE = outcome_code_array()


@njit(cache=True)
def _codes(keys: Any, table: Any, terms: Any, out: Any) -> None:
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
                    rank += terms[found, place]
                    found += 1
            out[first + lane] = table[rank]


def win_codes(seeds: range) -> npt.NDArray[np.uint8]:
    """The outcome code of each seed's game (cards left when won, 0 when lost), as an array."""
    return jitshuffle.per_seed(seeds, lambda keys, part: _codes(keys, _TABLE, _TERMS, part),
                               lambda seed: outcome_code(shuffled_deck(seed)), np.empty(len(seeds), dtype=np.uint8))


_SAMPLE = range(-40, 40)
jitshuffle.refresh([_codes], lambda: win_codes(_SAMPLE).tolist(),
                   [outcome_code(shuffled_deck(seed)) for seed in _SAMPLE])
