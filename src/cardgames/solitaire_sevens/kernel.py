"""The Sevens solitaire's simulation, compiled (the Numba tier; needs the ``jit`` extra).

Mirrors ``program.cards_left_codes``: seed and shuffle the 48 cards (``jitshuffle``), then
:func:`cards_left`, a transcription of ``rules.play`` without its trace, line for line.  On
import it checks itself against the rules on a sample; the tests compare it game by game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from cardgames import jitshuffle
from cardgames.jitshuffle import LANES, N, njit
from cardgames.solitaire_sevens import rules

if TYPE_CHECKING:
    import numpy.typing as npt

_CARDS = np.array(rules.CARDS, dtype=np.int64)
_BEYOND = np.array(rules.BEYOND, dtype=np.int64)
_REACHED_AT_START = np.array(rules.REACHED_AT_START, dtype=np.bool_)


@njit(cache=True)
def cards_left(cards: Any, beyond: Any, reached: Any, order: Any, aside: Any) -> int:
    """``rules.play(cards)``: the number of cards left; ``reached`` starts as at the deal.

    ``order`` and ``aside`` are scratch arrays as long as ``cards``.
    """
    size = len(cards)
    for k in range(size):           # order = cards[::-1]: the stack, top card first
        order[k] = cards[size - 1 - k]
    in_order, in_aside = size, 0
    for round_number in range(1, rules.ROUNDS + 1):
        for k in range(in_order):
            card = order[k]
            if not reached[card]:
                aside[in_aside] = card
                in_aside += 1
                continue
            reached[beyond[card]] = True
            while in_aside:
                if not reached[aside[in_aside - 1]]:
                    break
                in_aside -= 1
                reached[beyond[aside[in_aside]]] = True
        if in_aside == 0 or round_number == rules.ROUNDS:
            break
        for k in range(in_aside):    # order, aside = aside, []
            order[k] = aside[k]
        in_order, in_aside = in_aside, 0
    return in_aside


@njit(cache=True)
def _cards_left_of_keys(keys: Any, cards: Any, beyond: Any, reached_at_start: Any,
                        out: Any) -> None:
    """out[g] = cards left in the game whose seed's key is keys[:, g]."""
    mt = np.empty((N, LANES), dtype=np.uint32)
    lane_key = np.empty((keys.shape[0], LANES), dtype=np.uint32)
    size = len(cards)
    stack = np.empty(size, dtype=np.int64)
    order = np.empty(size, dtype=np.int64)
    aside = np.empty(size, dtype=np.int64)
    reached = np.empty(len(reached_at_start), dtype=np.bool_)
    for first in range(0, keys.shape[1], LANES):
        lanes = jitshuffle.seed_block(mt, lane_key, keys, first)
        for lane in range(lanes):
            stack[:] = cards
            jitshuffle.shuffle(stack, mt, lane)
            reached[:] = reached_at_start
            out[first + lane] = cards_left(stack, beyond, reached, order, aside)


def cards_left_codes(seeds: range) -> npt.NDArray[np.uint8]:
    """The number of cards left in each seed's game, as an array of uint8."""
    def compiled(keys: Any, part: Any) -> None:
        _cards_left_of_keys(keys, _CARDS, _BEYOND, _REACHED_AT_START, part)

    return jitshuffle.per_seed(seeds, compiled, lambda seed: rules.outcome(rules.deal(seed)),
                               np.empty(len(seeds), dtype=np.uint8))


_SAMPLE = range(-40, 40)
jitshuffle.refresh([_cards_left_of_keys, cards_left], lambda: cards_left_codes(_SAMPLE).tolist(),
                   [rules.outcome(rules.deal(seed)) for seed in _SAMPLE])
