"""The Aces Up searches with the stock known, and at their face one ``solve`` that picks the
tier.

Bottom to top, each module importing only those before it:

* ``model``: the card codes, the verdict and solution types, the commands of a line;
* ``pruning``: the facts the searches prune with, each with its proof;
* ``relaxation``: the chain of relaxed games, built from those facts;
* ``reference``: the reference search (the standard library: it defines every result);
* ``ghosts``: the deferred-discard game (both rule sets), its dominance facts and the
  conversion of its lines, each with its proof; ``deferred``: its search, a second exact
  reference search with far fewer positions on hard deals;
* ``compiled_search``: ``reference`` transcribed for Numba (the ``jit`` extra), function by
  function, and ``compiled_driver``, which runs it in slices and reads its answer;
  ``compiled_deferred`` and ``deferred_driver``: the same for ``deferred``.

``solve`` here runs the deferred-discard search (``deferred``, or ``compiled_deferred``),
under both rule sets (without lone moves a card moves only with a real card under it, and a
ghost may be restored: ``ghosts``); compiled when it is installed and agrees with its
reference on a sample (``compiled_available``), the reference otherwise; ``--tier`` or
$CARDGAMES_TIER chooses (``solver_tier``).  The plain search (``reference`` and
``compiled_search``) is the one the deferred game's facts are tested against, and the one
the odds logs of earlier versions were made with.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames import clock
from cardgames.aces_up.rules import Position
from cardgames.aces_up.search import deferred, reference
from cardgames.aces_up.search.model import (
    DEFAULT_MEMORY,
    Solution,
    Status,
    codes,
    compiles,
)
from cardgames.aces_up.search.reference import safe_discard
from cardgames.tiers import (
    AUTO,
    EXTRA,
    NUMBA,
    NUMPY,
    STDLIB,
    TierError,
    _importable,
    requested,
)

__all__ = ["solve", "search_name", "solver_tier", "wanted_tier", "compiled_available", "loaded",
           "safe_discard", "Solution", "Status", "DEFAULT_MEMORY"]


def solve(position: Position, lone_moves: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, *, tier: str | None = None,
          memory: int = DEFAULT_MEMORY,
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Decide whether the position can be won, within an optional node and time budget.

    Both rule sets (``lone_moves``: the classic ones) are searched in the deferred-discard
    game (see the module).
    ``tier``: ``stdlib`` (the reference search), ``numba`` (the same search compiled) or
    None/``auto``: the compiled one when it is installed (see ``cardgames.tiers``;
    $CARDGAMES_TIER also chooses).  Both give the same verdict, line and count of positions
    (``reference.solve`` says what the arguments mean).  The time the process spends
    stopped (Ctrl-Z) does not count against ``max_seconds`` (``cardgames.clock``).
    """
    reference.release_stopped()
    with clock.stops_excluded():
        compiled = solver_tier(tier) == NUMBA and compiles(codes(position)[1])
        if compiled:
            from cardgames.aces_up.search import deferred_driver  # noqa: I001 (NumPy, Numba)
            return deferred_driver.solve(position, lone_moves, max_nodes, max_seconds, memory,
                                         progress)
        return deferred.solve(position, lone_moves, max_nodes, max_seconds, memory, progress)


def search_name() -> str:
    """The name of the search ``solve`` runs, as an odds log's header says it:
    ``deferred-discard`` (the plain search of earlier versions was ``plain``, or unnamed).
    Their counts of positions differ, and so, within a budget of positions, their verdicts."""
    return "deferred-discard"


def solver_tier(tier: str | None = None) -> str:
    """The search to run: ``stdlib`` or ``numba`` (``tier``, else $CARDGAMES_TIER, else the
    compiled one when installed); TierError when the tier asked for cannot run.

    numpy (a simulation tier), asked for by ``tier`` or $CARDGAMES_TIER, runs the reference
    search, which is what the solver has without compiled code.
    """
    tier = wanted_tier(tier)
    if tier == AUTO:
        return NUMBA if compiled_available() else STDLIB
    if tier == NUMBA and not compiled_available():
        raise TierError("the compiled solver disagrees with the reference here, so it is "
                        "not used: please report it")
    return tier


def wanted_tier(tier: str | None = None) -> str:
    """The solver tier asked for (``auto``, ``stdlib`` or ``numba``; numpy means stdlib),
    without loading any: TierError when it is unknown, or numba and Numba is not installed."""
    tier = requested(tier)
    if tier == NUMPY:
        return STDLIB
    if tier == NUMBA and not _importable("numba"):
        raise TierError(f"the numba tier is not installed here: "
                        f"pip install 'cardgames[{EXTRA[NUMBA]}]'")
    return tier


_COMPILED: bool | None = None


def loaded(tier: str | None = None) -> bool:
    """True when the search ``solver_tier(tier)`` picks needs no loading any more: the
    reference (asked for, or without Numba), or the compiled search once loaded and checked
    (``compiled_available``; the first time, Numba compiles it).  TierError as
    ``wanted_tier``."""
    return wanted_tier(tier) == STDLIB or _COMPILED is not None or not _importable("numba")


def compiled_available() -> bool:
    """True when the compiled search loads and agrees with the reference on a sample."""
    global _COMPILED
    if _COMPILED is None:
        try:
            from cardgames.aces_up.search import deferred_driver  # noqa: I001 (NumPy, Numba)
        except ImportError:
            _COMPILED = False
        else:
            _COMPILED = deferred_driver.agrees()
    return _COMPILED
