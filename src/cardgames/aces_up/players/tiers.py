"""The players' face: one function per question, each running the compiled players when
they are installed and agree with the reference (``compiled_available``), the reference
otherwise.  ``tier`` (or $CARDGAMES_TIER) chooses, as for the solver
(``search.solver_tier``): ``stdlib``, ``numba`` or ``auto``; the answer never depends on
the tier, only the time does.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgames.aces_up import rules
from cardgames.aces_up.players.game import Game, play
from cardgames.aces_up.players.players import PLAYERS, Plan
from cardgames.aces_up.players.view import View
from cardgames.aces_up.search import wanted_tier
from cardgames.tiers import AUTO, NUMBA, STDLIB, TierError, installed

__all__ = ["play_seed", "play_seeds", "plan", "player_tier", "compiled_available"]


def play_seed(seed: int, name: str, lone_moves: bool = True, tier: str | None = None) -> Game:
    """The deal of ``seed`` (``rules.seeded_position``) played to its end by the player
    ``name`` (a key of ``PLAYERS``): whether it was won and every command, deals included.

    ``lone_moves`` is the rule set the commands are checked under (no plan moves a lone
    card, so the game is the same under both); ``tier`` as ``player_tier``.  ValueError
    for an unknown name, TierError for a tier that cannot run.
    """
    return play_seeds([seed], name, lone_moves, tier)[0]


def play_seeds(seeds: Iterable[int], name: str, lone_moves: bool = True,
               tier: str | None = None) -> list[Game]:
    """``play_seed`` of each seed, in order (a range of seeds is the fastest batch: its
    decks are shuffled compiled too)."""
    _check_name(name)
    if player_tier(tier) == NUMBA:
        from cardgames.aces_up.players import compiled_driver  # noqa: I001 (NumPy, Numba)
        return compiled_driver.play_seeds(seeds, name, lone_moves)
    return [play(rules.seeded_position(seed), PLAYERS[name], lone_moves) for seed in seeds]


def plan(view: View, name: str, tier: str | None = None) -> Plan:
    """The plan of the player ``name`` for ``view``: ``PLAYERS[name](view)``."""
    _check_name(name)
    if player_tier(tier) == NUMBA:
        from cardgames.aces_up.players import compiled_driver  # noqa: I001 (NumPy, Numba)
        return compiled_driver.plan(view, name)
    return PLAYERS[name](view)


def _check_name(name: str) -> None:
    """ValueError unless ``name`` is a player's."""
    if name not in PLAYERS:
        raise ValueError(f"no player {name!r}: choose one of {', '.join(PLAYERS)}")


def player_tier(tier: str | None = None) -> str:
    """The players to run: ``stdlib`` or ``numba`` (``tier``, else $CARDGAMES_TIER, else the
    compiled ones when installed); TierError when the tier asked for cannot run.  numpy
    means stdlib, as for the solver."""
    tier = wanted_tier(tier)
    if tier == AUTO:
        return NUMBA if compiled_available() else STDLIB
    if tier == NUMBA and not compiled_available():
        raise TierError("the compiled players disagree with the reference here, so they are "
                        "not used: please report it")
    return tier


_COMPILED: bool | None = None


def compiled_available() -> bool:
    """True when the compiled players load and play a sample of games as the reference."""
    global _COMPILED
    if _COMPILED is None:
        _COMPILED = False
        if installed(NUMBA):    # Numba, and its compiled shuffle agrees with random.shuffle
            try:
                from cardgames.aces_up.players import compiled_driver  # noqa: I001
            except ImportError:
                return False
            _COMPILED = compiled_driver.agrees()
    return _COMPILED
