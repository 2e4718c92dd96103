"""The seeded shuffle of :mod:`cardgames.cards`, for a whole batch of seeds at once.

``random.seed(s); random.shuffle(x)`` is a Mersenne Twister seeded in C, then a Fisher-Yates
loop in Python: for i = len(x)-1 down to 1 it draws ``j = randbelow(i + 1)`` and swaps x[i] and
x[j].  ``randbelow(n)`` takes ``k = n.bit_length()`` bits, the top k bits of one 32-bit output,
and draws again while the value is >= n.  The Python loop costs three times the C seeding.

Here each seed costs one C-level ``seed`` and one ``getrandbits(32 * WORDS)`` call (WORDS
consecutive 32-bit outputs, the first one in the lowest bits); the Fisher-Yates loop, rejection
included, then runs for the whole batch at once in NumPy.  A game that would need more than
the words drawn (a long run of rejections) is shuffled again the plain way.  The result is the
same permutation as ``random.shuffle``, bit for bit: :func:`available` checks it on a sample
before the fast path is ever used, and the tests check it on thousands of seeds.

NumPy is optional: without it, :func:`available` is False and callers use the plain shuffle.
It is imported on first use only, so that programs which never simulate do not load it.
Setting the environment variable ``CARDGAMES_NO_NUMPY`` to a non-empty value turns the fast
path off (the tests and benchmarks use it to compare both paths).
"""

from __future__ import annotations

import _random
import math
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from cardgames.cards import seeded_decks

np = None  # NumPy, once available() has imported it
T = TypeVar("T")

__all__ = ["available", "permutations", "shuffled", "card_places", "turned_off", "words_needed"]


def words_needed(size: int) -> int:
    """How many 32-bit outputs to draw per game: the mean plus five standard deviations.

    ``randbelow(n)`` draws a geometric number of outputs with success odds p = n / 2**k; a game
    that needs more than this (about one in a million) is redone with the plain shuffle.
    """
    odds = [n / (1 << n.bit_length()) for n in range(2, size + 1)]
    mean = sum(1 / p for p in odds)
    variance = sum((1 - p) / (p * p) for p in odds)
    return math.ceil(mean + 5 * math.sqrt(variance))


#: Games shuffled together: large enough to amortise NumPy's per-call cost, small enough
#: for the working arrays to stay in the processor's cache.
BATCH = 4096


def _raw_words(seeds: range, words: int):
    """The first ``words`` 32-bit outputs after ``seed(s)``, one row per seed."""
    generator = _random.Random()
    seed, getrandbits = generator.seed, generator.getrandbits
    bits, nbytes = 32 * words, 4 * words
    chunks = []
    append = chunks.append
    for s in seeds:
        seed(s)  # the C seed of random.Random.seed, which only adds checks for non-int types
        append(getrandbits(bits).to_bytes(nbytes, "little"))
    return np.frombuffer(b"".join(chunks), dtype="<u4").reshape(len(seeds), words)


def permutations(size: int, seeds: range):
    """Row r: ``list(range(size))`` after ``random.seed(seeds[r]); random.shuffle``.

    Returns a NumPy array of shape (len(seeds), size) of small ints.  Needs :func:`available`.
    """
    if np is None:
        raise RuntimeError("the batched shuffle needs NumPy: check fastshuffle.available() first")
    parts = [_permute_batch(size, seeds[lo:lo + BATCH]) for lo in range(0, len(seeds), BATCH)]
    return np.concatenate(parts) if parts else np.empty((0, size), dtype=np.int16)


def _permute_batch(size: int, seeds: range):
    """The Fisher-Yates loop of random.shuffle, run for every seed of the batch at once."""
    words = words_needed(size)
    games = len(seeds)
    raw = _raw_words(seeds, words).ravel()
    columns = np.arange(games)
    # deck[p, g]: the card at position p in game g (positions in rows, so a row is contiguous)
    deck = np.repeat(np.arange(size, dtype=np.int16)[:, None], games, axis=1).ravel()
    cursor = columns * words  # index into raw of the next output of each game
    end = cursor + words
    short = np.zeros(games, dtype=bool)
    for i in range(size - 1, 0, -1):
        n = i + 1
        shift = np.uint32(32 - n.bit_length())
        exhausted = cursor >= end
        if exhausted.any():
            short |= exhausted
            np.minimum(cursor, end - 1, out=cursor)
        j = raw[cursor] >> shift
        cursor += 1
        pending = np.flatnonzero((j >= n) & ~short)
        while pending.size:
            # randbelow draws again for the games whose value was rejected
            ran_out = cursor[pending] >= end[pending]
            if ran_out.any():
                short[pending[ran_out]] = True
                pending = pending[~ran_out]
            again = raw[cursor[pending]] >> shift
            cursor[pending] += 1
            j[pending] = again
            pending = pending[again >= n]
        j[short] = 0  # those games are redone below; keep their indices valid meanwhile
        here = i * games + columns
        there = j.astype(np.intp) * games + columns
        top = deck[here]
        deck[here] = deck[there]
        deck[there] = top
    deck = deck.reshape(size, games).T.copy()
    for g in np.flatnonzero(short):
        deck[g] = next(seeded_decks(range(size), (seeds[g],)))
    return deck


def shuffled(items: Sequence[T], seeds: range) -> Iterator[list[T]]:
    """``cards.seeded_shuffle(items, s)`` for each seed in turn; batched when NumPy is there.

    Neither way touches the module-level generator (see ``cards.seeded_decks``).
    """
    if not available():
        yield from seeded_decks(items, seeds)
        return
    values = np.asarray(items)
    for start in range(0, len(seeds), BATCH):
        batch = seeds[start:start + BATCH]
        yield from values[permutations(len(items), batch)].tolist()


def card_places(size: int, seeds: range, cards):
    """Where ``cards`` lie in the shuffled deck of each seed: one row of places per seed.

    Returns a NumPy array of shape (len(seeds), len(cards)), each row in increasing order.
    """
    decks = permutations(size, seeds)
    chosen = np.isin(decks, np.asarray(cards, dtype=decks.dtype))
    return np.nonzero(chosen)[1].reshape(len(seeds), len(cards))


def _agrees_with_random() -> bool:
    """True when the batched shuffle reproduces random.shuffle on this Python (a sample)."""
    sample = range(-3, 40)
    for size in (32, 48):
        batch = permutations(size, sample)
        for row, s in zip(batch, sample):
            if row.tolist() != next(seeded_decks(range(size), (s,))):
                return False
    return True


_AVAILABLE: bool | None = None


def available() -> bool:
    """True when NumPy can be used and the batched shuffle matches random.shuffle here."""
    global _AVAILABLE, np
    if _AVAILABLE is None:
        _AVAILABLE = False
        if not os.environ.get("CARDGAMES_NO_NUMPY"):
            try:
                import numpy
            except ImportError:  # the standard library alone: callers use the plain shuffle
                return False
            np = numpy
            _AVAILABLE = _agrees_with_random()
    return _AVAILABLE


@contextmanager
def turned_off() -> Iterator[None]:
    """Inside the block, :func:`available` is False: callers take the plain shuffle."""
    global _AVAILABLE
    before = available()
    _AVAILABLE = False
    try:
        yield
    finally:
        _AVAILABLE = before
