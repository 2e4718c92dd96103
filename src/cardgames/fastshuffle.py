"""The NumPy tier: the seeded shuffle of :mod:`cardgames.cards` for a whole batch of seeds at once.

``random.seed(s); random.shuffle(x)`` is CPython's Mersenne Twister seeded from s, then a
Fisher-Yates loop; :mod:`cardgames.mersenne` writes both out step by step.  Here every step
runs for a batch of seeds at once, the state held as an array of shape (624, batch):

- :func:`first_words` is ``mersenne.seed_state`` (``init_by_array``, two passes of 624 steps,
  each step one NumPy operation over the batch), then the first words of ``mersenne.twist``
  and ``mersenne.temper``: no ``seed()`` call per game.  Seeds are grouped by key length (1
  word below 2**32, 2 below 2**64, ...); a key longer than 624 words is seeded by the
  standard library instead.
- :func:`permutations` is ``mersenne.shuffle``'s Fisher-Yates loop, rejection sampling
  included, over the words drawn.  A game that would need more words than drawn (a few in
  100,000) is shuffled again the plain way.

The result is the same permutation as ``random.shuffle``, bit for bit: :func:`available`
checks it on a sample before the tier is ever used, and the tests check it on adversarial
seeds.  NumPy is optional: it is imported on first use only, so that programs which never
simulate do not load it.
"""

from __future__ import annotations

import _random
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from cardgames import mersenne
from cardgames.cards import seeded_decks

np: Any = None  # NumPy, once available() has imported it (so its arrays are typed Any here)
T = TypeVar("T")

__all__ = ["available", "agrees_with_random", "key_groups", "first_words", "permutations", "shuffled", "card_places",
           "words_needed", "BATCH"]

#: Games shuffled together: large enough to amortise NumPy's cost per call (the seeding
#: makes about 6,000 calls per batch), small enough for a row of the state to stay in cache.
BATCH = 8192
#: The first twist gives this many words from the seeded state alone (word kk reads word
#: kk + 397, which the twist has not changed yet while kk < 624 - 397).
TWISTED_AT_ONCE = mersenne.N - mersenne.M


def words_needed(size: int) -> int:
    """How many 32-bit outputs to draw per game: the mean plus five standard deviations.

    ``randbelow(n)`` draws a geometric number of outputs with success odds p = n / 2**k; a game
    that needs more than this (measured: 38 in a million for 32 cards, 13 for 48) is redone
    with the plain shuffle.
    """
    odds = [n / (1 << n.bit_length()) for n in range(2, size + 1)]
    mean = sum(1 / p for p in odds)
    variance = sum((1 - p) / (p * p) for p in odds)
    return math.ceil(mean + 5 * math.sqrt(variance))


def key_groups(seeds: range) -> dict[int, tuple[Any, Any]]:
    """The seeds' keys grouped by length: {words: (columns of the batch, keys[words, games])}.

    A seed's key is ``mersenne.key_words(seed)``: ``abs(seed)`` in 32-bit words, lowest first.
    """
    _numpy()
    if not seeds:
        return {}
    if max(abs(seeds[0]), abs(seeds[-1])) < 1 << 63:   # the common case, all in NumPy
        magnitude = np.abs(np.arange(seeds.start, seeds.stop, seeds.step, dtype=np.int64))
        magnitude = magnitude.astype(np.uint64)
        short = magnitude < (1 << 32)
        groups = {}
        for words, chosen in ((1, short), (2, ~short)):
            columns = np.flatnonzero(chosen)
            if columns.size:
                values = magnitude[columns]
                parts = [values & 0xFFFFFFFF, values >> 32][:words]
                groups[words] = (columns, np.stack(parts).astype(np.uint32))
        return groups
    by_length: dict[int, tuple[list[int], list[bytes]]] = {}
    for column, seed in enumerate(seeds):
        n = abs(seed)
        words = max(1, -(-n.bit_length() // 32))
        columns, keys = by_length.setdefault(words, ([], []))
        columns.append(column)
        keys.append(n.to_bytes(4 * words, "little"))
    return {words: (np.array(columns),
                    np.frombuffer(b"".join(keys), dtype="<u4").reshape(len(columns), words).T)
            for words, (columns, keys) in by_length.items()}


def _seeded_twisted_words(keys: Any, words: int) -> Any:
    """``mersenne.seed_state`` then the first ``words`` tempered outputs, for keys[L, games].

    Each statement below is one step of ``seed_state`` applied to every game of the batch
    (uint32 arithmetic wraps as C's does).  Needs L <= 624 and words <= TWISTED_AT_ONCE.
    """
    n_words, games = keys.shape
    mt = np.empty((mersenne.N, games), dtype=np.uint32)
    initial = np.array(mersenne.INITIAL, dtype=np.uint32)
    added = keys + np.arange(n_words, dtype=np.uint32)[:, None]  # key[j] + j
    scratch = np.empty(games, dtype=np.uint32)
    previous = np.full(games, initial[0], dtype=np.uint32)
    first = np.uint32(1664525)
    # init_by_array, first pass: max(N, L) = N steps at i = 1 .. N-1, then at i = 1 again
    for step in range(mersenne.N):
        i = step + 1 if step < mersenne.N - 1 else 1
        np.right_shift(previous, 30, out=scratch)
        np.bitwise_xor(scratch, previous, out=scratch)
        np.multiply(scratch, first, out=scratch)
        np.bitwise_xor(scratch, initial[i] if step < mersenne.N - 1 else mt[1], out=scratch)
        np.add(scratch, added[step % n_words], out=mt[i])
        previous = mt[i]
    # second pass: N-1 steps at i = 2 .. N-1, then at i = 1
    second = np.uint32(1566083941)
    for step in range(mersenne.N - 1):
        i = step + 2 if step < mersenne.N - 2 else 1
        np.right_shift(previous, 30, out=scratch)
        np.bitwise_xor(scratch, previous, out=scratch)
        np.multiply(scratch, second, out=scratch)
        np.bitwise_xor(scratch, mt[i], out=scratch)
        np.subtract(scratch, np.uint32(i), out=mt[i])
        previous = mt[i]
    mt[0] = mersenne.UPPER
    # the first `words` words of the twist (mersenne.twist_word, kk < TWISTED_AT_ONCE)
    y = (mt[:words] & np.uint32(mersenne.UPPER)) | (mt[1:words + 1] & np.uint32(mersenne.LOWER))
    y = mt[mersenne.M:mersenne.M + words] ^ (y >> 1) ^ ((y & 1) * np.uint32(mersenne.MATRIX_A))
    # mersenne.temper
    y ^= y >> 11
    y ^= (y << 7) & np.uint32(0x9D2C5680)
    y ^= (y << 15) & np.uint32(0xEFC60000)
    y ^= y >> 18
    return y


def _words_by_standard_library(seeds: Sequence[int], words: int) -> Any:
    """The first ``words`` outputs after ``seed(s)``, one column per seed, seeded in C."""
    generator = _random.Random()
    chunks = []
    for s in seeds:
        generator.seed(s)
        chunks.append(generator.getrandbits(32 * words).to_bytes(4 * words, "little"))
    return np.frombuffer(b"".join(chunks), dtype="<u4").reshape(len(seeds), words).T


def first_words(seeds: range, words: int) -> Any:
    """Output w of the generator seeded with ``seeds[g]``, at [w, g]: shape (words, len(seeds)).

    ``words`` is at most TWISTED_AT_ONCE (227).
    """
    if not 0 < words <= TWISTED_AT_ONCE:
        raise ValueError(f"words must be from 1 to {TWISTED_AT_ONCE}, not {words}")
    groups = key_groups(seeds)
    if len(groups) == 1 and max(groups) <= mersenne.MAX_KEY_WORDS:  # one key length: no copy
        return _seeded_twisted_words(next(iter(groups.values()))[1], words)
    out = np.empty((words, len(seeds)), dtype=np.uint32)
    for n_words, (columns, keys) in groups.items():
        if n_words <= mersenne.MAX_KEY_WORDS:
            out[:, columns] = _seeded_twisted_words(keys, words)
        else:  # init_by_array runs longer than the state: left to the standard library
            out[:, columns] = _words_by_standard_library([seeds[c] for c in columns], words)
    return out


def permutations(size: int, seeds: range) -> Any:
    """Row r: ``list(range(size))`` after ``random.seed(seeds[r]); random.shuffle``.

    Returns a NumPy array of shape (len(seeds), size) of small ints.  Needs :func:`available`.
    """
    if np is None:
        raise RuntimeError("the batched shuffle needs NumPy: check fastshuffle.available() first")
    parts = [_permute_batch(size, seeds[lo:lo + BATCH]) for lo in range(0, len(seeds), BATCH)]
    return np.concatenate(parts) if parts else np.empty((0, size), dtype=np.int16)


def _permute_batch(size: int, seeds: range) -> Any:
    """``mersenne.shuffle``'s Fisher-Yates loop, run for every seed of the batch at once."""
    words = max(1, min(words_needed(size), TWISTED_AT_ONCE))
    games = len(seeds)
    raw = first_words(seeds, words).ravel()       # word w of game g at w * games + g
    columns = np.arange(games)
    # deck[p, g]: the card at position p in game g (positions in rows, so a row is contiguous)
    deck = np.repeat(np.arange(size, dtype=np.int16)[:, None], games, axis=1).ravel()
    cursor = np.zeros(games, dtype=np.intp)       # the next word of each game
    short = np.zeros(games, dtype=bool)           # games that ran out of words: redone below
    for i in range(size - 1, 0, -1):
        n = i + 1
        shift = np.uint32(32 - n.bit_length())
        exhausted = cursor >= words
        if exhausted.any():
            short |= exhausted
            np.minimum(cursor, words - 1, out=cursor)
        j = raw[cursor * games + columns] >> shift
        cursor += 1
        pending = np.flatnonzero((j >= n) & ~short)
        while pending.size:
            # randbelow draws again for the games whose value was rejected
            ran_out = cursor[pending] >= words
            if ran_out.any():
                short[pending[ran_out]] = True
                pending = pending[~ran_out]
            again = raw[cursor[pending] * games + pending] >> shift
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
    """``cards.seeded_shuffle(items, s)`` for each seed in turn, a batch at a time (needs NumPy).

    The module-level generator is neither used nor disturbed (see ``cards.seeded_decks``).
    """
    values = np.asarray(items)
    for start in range(0, len(seeds), BATCH):
        batch = seeds[start:start + BATCH]
        yield from values[permutations(len(items), batch)].tolist()


def card_places(size: int, seeds: range, cards: Sequence[int]) -> Any:
    """Where ``cards`` lie in the shuffled deck of each seed: one row of places per seed.

    Returns a NumPy array of shape (len(seeds), len(cards)), each row in increasing order.
    """
    decks = permutations(size, seeds)
    chosen = np.isin(decks, np.asarray(cards, dtype=decks.dtype))
    return np.nonzero(chosen)[1].reshape(len(seeds), len(cards))


def agrees_with_random(shuffles: Callable[[int, range], Any]) -> bool:
    """True when ``shuffles(size, seeds)`` gives random.shuffle's decks here (a sample).

    A faster tier's self-check: ``shuffles`` is :func:`permutations` or its compiled twin.
    """
    sample = range(-3, 70)
    return all(shuffles(size, sample).tolist() == list(seeded_decks(range(size), sample))
               for size in (32, 48))


def _numpy() -> Any:
    """NumPy, imported on first use (raises ImportError without it)."""
    global np
    if np is None:
        import numpy
        np = numpy
    return np


_AVAILABLE: bool | None = None


def available() -> bool:
    """True when NumPy can be imported and the batched shuffle matches random.shuffle here."""
    global _AVAILABLE
    if _AVAILABLE is None:
        _AVAILABLE = False
        try:
            _numpy()
        except ImportError:  # the standard library alone
            return False
        _AVAILABLE = agrees_with_random(permutations)
    return _AVAILABLE
