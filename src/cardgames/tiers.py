"""Which implementation plays a simulation: the standard library, NumPy or Numba.

Every tier plays exactly the seeded games of the standard library (the reference tier) and
gives the same counts; only the time differs.  The fastest tier installed is chosen for a
run, unless one is asked for: the ``tier`` argument, the ``--tier`` option of ``cardgames``,
or the environment variable ``CARDGAMES_TIER`` (``stdlib``, ``numpy``, ``numba`` or ``auto``).

- ``stdlib``: ``random.seed`` and ``random.shuffle``, one game at a time; always there.
- ``numpy`` (the ``fast`` extra): seeds and shuffles a batch of games at once
  (:mod:`cardgames.fastshuffle`).
- ``numba`` (the ``jit`` extra): compiled kernels seed, shuffle and play each game
  (:mod:`cardgames.jitshuffle` and each game's ``kernel`` module).

Each faster tier checks its shuffle against the standard library on a sample of seeds the
first time it is used in a process, and is not used if they differ; the compiled game kernels
also check their games against the rules when they load.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterable
from typing import Any

from cardgames import fastshuffle

__all__ = ["STDLIB", "NUMPY", "NUMBA", "TIERS", "AUTO", "ENVIRONMENT", "TierError",
           "installed", "requested", "choose"]

STDLIB, NUMPY, NUMBA = "stdlib", "numpy", "numba"
#: Slowest first.
TIERS = (STDLIB, NUMPY, NUMBA)
AUTO = "auto"
ENVIRONMENT = "CARDGAMES_TIER"
#: The extra that installs each optional tier.
EXTRA = {NUMPY: "fast", NUMBA: "jit"}
#: Runs shorter than this many games are left to NumPy even when Numba is there: loading
#: Numba and its compiled kernels (about half a second) would cost more than it saves.
NUMBA_WORTH = 100_000


class TierError(ValueError):
    """The tier asked for is unknown, or not installed here."""


_NUMBA_AVAILABLE: bool | None = None


def _numba_available() -> bool:
    """True when Numba imports and its compiled shuffle matches random.shuffle (a sample)."""
    global _NUMBA_AVAILABLE
    if _NUMBA_AVAILABLE is None:
        _NUMBA_AVAILABLE = False
        if not fastshuffle.available():  # Numba needs NumPy, and so does its tier's driver
            return False
        try:
            from cardgames import jitshuffle
        except ImportError:
            return False
        _NUMBA_AVAILABLE = fastshuffle.agrees_with_random(jitshuffle.permutations)
    return _NUMBA_AVAILABLE


def installed(tier: str) -> bool:
    """True when ``tier`` can run here (and agrees with the standard library)."""
    if tier == STDLIB:
        return True
    if tier == NUMPY:
        return fastshuffle.available()
    if tier == NUMBA:
        return _numba_available()
    raise TierError(_unknown(tier))


def _importable(module: str) -> bool:
    """True when ``module`` is installed, whether or not it works."""
    return importlib.util.find_spec(module) is not None


def _unknown(tier: str) -> str:
    return f"unknown tier {tier!r}: choose one of {AUTO}, {', '.join(TIERS)}"


def requested(tier: str | None = None) -> str:
    """The tier asked for: ``tier``, else $CARDGAMES_TIER, else auto; TierError if unknown."""
    tier = tier or os.environ.get(ENVIRONMENT) or AUTO
    if tier != AUTO and tier not in TIERS:
        raise TierError(_unknown(tier))
    return tier


def choose(tier: str | None = None, games: int | None = None) -> str:
    """The tier to run: ``tier``, else $CARDGAMES_TIER, else the fastest worth loading.

    ``games`` is the size of the run (None: large).  Raises TierError when the tier asked
    for is unknown or cannot run here.
    """
    tier = requested(tier)
    if tier == AUTO:
        if (games is None or games >= NUMBA_WORTH) and installed(NUMBA):
            return NUMBA
        return NUMPY if installed(NUMPY) else STDLIB
    if not installed(tier):
        if not _importable(tier):
            raise TierError(f"the {tier} tier is not installed here: "
                            f"pip install 'cardgames[{EXTRA[tier]}]'")
        raise TierError(f"the {tier} tier does not shuffle as random.shuffle does on this "
                        f"Python, so it is not used")
    return tier


def agrees_or_recompiled(check: Callable[[], bool], compiled: Iterable[Any]) -> bool:
    """``check()``: a compiled tier against its reference on a sample.  When it fails, the
    compiled functions (callees before callers) are recompiled once and it is asked again: a
    kernel cached on disk may be older than the driver that feeds it, since Numba checks the
    kernel's own file only."""
    if check():
        return True
    for function in compiled:
        function.recompile()
    return check()
