"""CPython's ``random.seed(s)`` and ``random.shuffle``, written out step by step.

The seeded convention (``random.seed(s); random.shuffle(deck)``) defines every simulated game.
The standard library runs it in C and Python; the faster tiers (:mod:`cardgames.fastshuffle`
with NumPy, :mod:`cardgames.jitshuffle` with Numba) run it for many seeds at once.  This module
is the one statement of the algorithm that both transcribe, function for function, in plain
Python: it is slow, and the tests check it against :mod:`random` itself.

CPython (``Modules/_randommodule.c``) seeds its Mersenne Twister from an integer s as follows:

- the key is ``abs(s)`` cut into 32-bit words, least significant first (``[0]`` for s = 0);
- ``init_genrand(19650218)`` fills the 624-word state (the same for every seed), then
  ``init_by_array(key)`` mixes the key in with two passes over the state (:func:`seed_state`);
- the first output twists the whole state (:func:`twist`); each output is a state word
  tempered (:func:`temper`).

``shuffle`` runs Fisher-Yates from the top: for i = n-1 down to 1 it swaps x[i] with x[j],
``j = randbelow(i + 1)``; ``randbelow(m)`` takes ``k = m.bit_length()`` bits, the top k bits
of one output, and draws again while the value is >= m (:func:`shuffle`).

A word beyond what is twisted so far can be twisted on demand: word kk of a twist reads words
kk and kk+1 of the old state and word kk+397, which is old while kk + 397 < 624 and otherwise
a word this twist already made.  Taken in order, words twisted one at a time in place are the
words of the whole twist; the kernels twist only the words a game uses.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

N = 624
M = 397
MATRIX_A = 0x9908B0DF
UPPER = 0x80000000
LOWER = 0x7FFFFFFF
MASK = 0xFFFFFFFF
#: init_by_array's key mixing stops being the whole story past this many key words.
MAX_KEY_WORDS = N


def init_genrand(s: int) -> list[int]:
    """The state of ``init_genrand(s)``: the first of the two seeding steps."""
    mt = [s & MASK]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & MASK)
    return mt


#: ``init_genrand(19650218)``: where ``init_by_array`` starts, whatever the key.
INITIAL = tuple(init_genrand(19650218))


def key_words(seed: int) -> list[int]:
    """The key of ``random.seed(seed)`` for an int: ``abs(seed)`` in 32-bit words, lowest first."""
    n = abs(seed)
    return [(n >> shift) & MASK for shift in range(0, max(n.bit_length(), 1), 32)]


def seed_state(key: Sequence[int]) -> list[int]:
    """The state right after ``random.seed`` with this key (``init_by_array``); not yet twisted."""
    mt = list(INITIAL)
    i, j = 1, 0
    for _ in range(max(N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & MASK
        i, j = i + 1, j + 1
        if i >= N:
            mt[0], i = mt[N - 1], 1
        if j >= len(key):
            j = 0
    for _ in range(N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & MASK
        i += 1
        if i >= N:
            mt[0], i = mt[N - 1], 1
    mt[0] = UPPER
    return mt


def twist_word(mt: MutableSequence[int], kk: int) -> None:
    """Twist word kk of the state in place (words below kk already twisted, the rest not)."""
    y = (mt[kk] & UPPER) | (mt[(kk + 1) % N] & LOWER)
    mt[kk] = mt[(kk + M) % N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)


def twist(mt: MutableSequence[int]) -> None:
    """The whole twist in place: CPython's three loops (``genrand_uint32``), as written there."""
    def mixed(upper: int, lower: int, ahead: int) -> int:
        y = (upper & UPPER) | (lower & LOWER)
        return ahead ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)

    for kk in range(N - M):
        mt[kk] = mixed(mt[kk], mt[kk + 1], mt[kk + M])
    for kk in range(N - M, N - 1):
        mt[kk] = mixed(mt[kk], mt[kk + 1], mt[kk + (M - N)])
    mt[N - 1] = mixed(mt[N - 1], mt[0], mt[M - 1])


def temper(y: int) -> int:
    """An output of the generator from a twisted state word."""
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


class Generator:
    """A Mersenne Twister seeded as ``random.seed`` seeds it, twisting one word at a time."""

    def __init__(self, seed: int) -> None:
        self.mt = seed_state(key_words(seed))
        self.index = N

    def word(self) -> int:
        """The next 32-bit output (``genrand_uint32``)."""
        if self.index >= N:
            self.index = 0
        twist_word(self.mt, self.index)
        self.index += 1
        return temper(self.mt[self.index - 1])

    def randbelow(self, n: int) -> int:
        """A draw from 0 .. n-1, as ``random.Random._randbelow`` makes it (n < 2**32)."""
        shift = 32 - n.bit_length()
        r = self.word() >> shift
        while r >= n:
            r = self.word() >> shift
        return r


_Item = TypeVar("_Item")


def shuffle(items: MutableSequence[_Item], seed: int) -> None:
    """``random.seed(seed); random.shuffle(items)``, step by step (fewer than 2**32 items)."""
    generator = Generator(seed)
    for i in range(len(items) - 1, 0, -1):
        j = generator.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]
