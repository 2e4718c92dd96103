"""The outcome of a seeded game of the Aces solitaire as a code, from the rules or from the
shipped table of every placement of the aces: what the simulation counts on every tier,
``program`` and the compiled ``kernel`` alike."""

from __future__ import annotations

import base64
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgames.cards import seeded_shuffle
from cardgames.solitaire_aces import outcome_table
from cardgames.solitaire_aces.rules import outcome, sorted_deck

if TYPE_CHECKING:
    import numpy as np  # the fast extra: imported where it runs
    import numpy.typing as npt

__all__ = ["shuffled_deck", "outcome_code", "shipped_outcome_codes", "outcome_code_array"]


def shuffled_deck(seed: int) -> list[int]:
    """The deck of the game of ``seed``: a sorted deck, seeded, shuffled once."""
    return seeded_shuffle(sorted_deck(), seed)


def outcome_code(deck: Sequence[int]) -> int:
    """A deck's outcome code: the cards left when the game is won, 0 when it is lost."""
    won, left = outcome(deck)
    return left if won else 0


def shipped_outcome_codes() -> bytes:
    """The outcome of every set of ace places, by placement rank, as shipped in
    ``outcome_table`` (``rules.outcome_codes`` computes the same from the rules)."""
    return zlib.decompress(base64.b64decode(outcome_table.DATA))


def outcome_code_array() -> npt.NDArray[np.uint8]:
    """``shipped_outcome_codes()`` as a NumPy array of uint8 (needs NumPy)."""
    import numpy as np

    return np.frombuffer(shipped_outcome_codes(), dtype=np.uint8)
