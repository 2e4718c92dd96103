"""The Numba tier: the seeded shuffle compiled, for kernels that play whole games.

A transcription of :mod:`cardgames.mersenne` (CPython's ``random.seed`` and ``random.shuffle``
written out), function for function, compiled by Numba:

- :func:`seed_lanes` is ``mersenne.seed_state`` for LANES seeds in lockstep (the state is an
  array of shape (624, LANES), so that each step runs on every lane at once in vector
  registers); all the seeds of one call have keys of the same length.
- :func:`word` is ``mersenne.Generator.word`` on one lane: twist one word, temper it.
- :func:`shuffle` is ``mersenne.shuffle``'s Fisher-Yates loop with ``randbelow``.

The game kernels (``solitaire_aces/kernel.py``, ``solitaire_sevens/kernel.py``) call these
and play each game as the game's rules module does.  State words are uint32 arrays: every
sum and product is taken in 64-bit integers and stored back into 32 bits, which is the
arithmetic modulo 2**32 of CPython's C code.

Numba is optional (the ``jit`` extra).  This module imports it, so import it only after
:func:`cardgames.tiers.installed` says the tier is there.  Compiled code is cached on disk
(``cache=True``): the first run in a fresh environment compiles for a few seconds.  Numba
checks a cached kernel against its own module only; the game kernels check themselves
against their rules when they load, and are compiled again if they disagree (:func:`refresh`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from cardgames import fastshuffle, mersenne
from cardgames.cards import seeded_decks

if TYPE_CHECKING:
    import numpy.typing as npt

    _Kernel = TypeVar("_Kernel", bound=Callable[..., object])

    def njit(*, cache: bool) -> Callable[[_Kernel], _Kernel]:
        """Numba's ``njit`` as mypy sees it (Numba is not type-checked): the compiled
        function is called with the arguments of the Python one and returns what it does."""
        ...
else:
    from numba import njit

__all__ = ["LANES", "INITIAL", "seed_lanes", "word", "shuffle", "seed_block", "per_seed",
           "permutations", "refresh"]

#: Seeds seeded in lockstep: enough for the vector units, few enough to stay in cache.
LANES = 64
N = mersenne.N
M = mersenne.M
INITIAL = np.array(mersenne.INITIAL, dtype=np.uint32)


@njit(cache=True)
def seed_lanes(mt: Any, keys: Any, key_words: int) -> None:
    """mt[:, lane] = ``mersenne.seed_state(keys[:key_words, lane])``, for every lane.

    ``key_words`` (the key length, shared by all lanes) is at most N.
    """
    lanes = mt.shape[1]
    for lane in range(lanes):
        mt[0, lane] = INITIAL[0]
    # first pass: max(N, len(key)) = N steps at i = 1 .. N-1, then at i = 1 again
    j = 0
    for i in range(1, N):
        previous, row, key, old = mt[i - 1], mt[i], keys[j], INITIAL[i]
        for lane in range(lanes):
            p = previous[lane]
            row[lane] = (old ^ ((p ^ (p >> 30)) * 1664525)) + key[lane] + j
        j = j + 1 if j + 1 < key_words else 0
    previous, row, key = mt[N - 1], mt[1], keys[j]
    for lane in range(lanes):
        p = previous[lane]
        row[lane] = (row[lane] ^ ((p ^ (p >> 30)) * 1664525)) + key[lane] + j
    # second pass: N-1 steps at i = 2 .. N-1, then at i = 1
    for i in range(2, N):
        previous, row = mt[i - 1], mt[i]
        for lane in range(lanes):
            p = previous[lane]
            row[lane] = (row[lane] ^ ((p ^ (p >> 30)) * 1566083941)) - i
    previous, row = mt[N - 1], mt[1]
    for lane in range(lanes):
        p = previous[lane]
        row[lane] = (row[lane] ^ ((p ^ (p >> 30)) * 1566083941)) - 1
        mt[0, lane] = mersenne.UPPER


@njit(cache=True)
def word(mt: Any, lane: int, index: int) -> int:
    """Output number ``index`` (0 .. N-1) of the current twist of one lane.

    ``mersenne.twist_word`` then ``mersenne.temper``: call it with index 0, 1, 2, ... in turn,
    starting again at 0 after N-1.
    """
    after = index + 1 if index + 1 < N else 0
    ahead = index + M if index + M < N else index + M - N
    y: int = (mt[index, lane] & mersenne.UPPER) | (mt[after, lane] & mersenne.LOWER)
    twisted = mt[ahead, lane] ^ (y >> 1)
    if y & 1:
        twisted ^= mersenne.MATRIX_A
    mt[index, lane] = twisted
    y = twisted
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


@njit(cache=True)
def shuffle(items: Any, mt: Any, lane: int) -> None:
    """``mersenne.shuffle`` on a freshly seeded lane: Fisher-Yates from the top, in place."""
    index = 0
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        shift = 32
        while n >> (32 - shift):  # shift = 32 - n.bit_length()
            shift -= 1
        j = word(mt, lane, index) >> shift
        index = index + 1 if index + 1 < N else 0
        while j >= n:  # randbelow: draw again
            j = word(mt, lane, index) >> shift
            index = index + 1 if index + 1 < N else 0
        items[i], items[j] = items[j], items[i]


@njit(cache=True)
def seed_block(mt: Any, lane_key: Any, keys: Any, first: int) -> int:
    """Seed the lanes with the games first, first+1, ... of keys[:, game]; return how many.

    ``lane_key`` is scratch of shape (key words, LANES).  When fewer than LANES games are
    left, the spare lanes repeat the last one: seeded, never read.
    """
    lanes: int = min(LANES, keys.shape[1] - first)
    for lane in range(LANES):
        lane_key[:, lane] = keys[:, first + min(lane, lanes - 1)]
    seed_lanes(mt, lane_key, keys.shape[0])
    return lanes


@njit(cache=True)
def _permutations(size: int, keys: Any, out: Any) -> None:
    """out[g] = range(size) shuffled with the seed whose key is keys[:, g]."""
    mt = np.empty((N, LANES), dtype=np.uint32)
    lane_key = np.empty((keys.shape[0], LANES), dtype=np.uint32)
    items = np.empty(size, dtype=np.int64)
    for first in range(0, keys.shape[1], LANES):
        lanes = seed_block(mt, lane_key, keys, first)
        for lane in range(lanes):
            for c in range(size):
                items[c] = c
            shuffle(items, mt, lane)
            out[first + lane, :] = items


_Out = TypeVar("_Out", bound="npt.NDArray[Any]")


def per_seed(seeds: range, compiled: Callable[[Any, Any], None],
             by_standard_library: Callable[[int], Any], out: _Out) -> _Out:
    """Fill out[g] for each seed g: ``compiled(keys, part)`` fills the rows of a key length.

    ``compiled`` gets the keys of one key length as keys[words, games] and fills ``part``, of
    out's dtype and one row per game; a seed whose key is longer than N words is left to
    ``by_standard_library(seed)`` (``init_by_array`` then runs longer than the state).
    """
    for words, (columns, keys) in fastshuffle.key_groups(seeds).items():
        if words > mersenne.MAX_KEY_WORDS:
            for column in columns:
                out[column] = by_standard_library(seeds[column])
            continue
        part = np.empty((len(columns), *out.shape[1:]), dtype=out.dtype)
        compiled(np.array(keys, dtype=np.uint32, order="C"), part)  # writable: one signature
        out[columns] = part
    return out


def permutations(size: int, seeds: range) -> npt.NDArray[np.int64]:
    """Row r: ``list(range(size))`` after ``random.seed(seeds[r]); random.shuffle`` (compiled)."""
    return per_seed(seeds, lambda keys, part: _permutations(size, keys, part),
                    lambda seed: next(seeded_decks(range(size), (seed,))),
                    np.empty((len(seeds), size), dtype=np.int64))


def refresh(kernels: list[Any], results: Callable[[], list[int]], expected: list[int]) -> None:
    """Recompile ``kernels`` if ``results()`` differs from ``expected``: a stale disk cache.

    Numba checks a cached kernel against its own module only, so a game kernel cached
    before this module changed would run the old shuffle.  Each game kernel module calls
    this on import with a sample of games played by its rules.
    """
    if results() == expected:
        return
    for kernel in kernels:
        kernel.recompile()
    if results() != expected:
        raise RuntimeError("a compiled kernel disagrees with the rules: please report it")
