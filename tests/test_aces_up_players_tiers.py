"""The players' face: the tier it runs, and the same games and plans on every tier."""

import pytest

from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, play, tiers, view_of
from cardgames.tiers import ENVIRONMENT, TierError

NUMBA_THERE = tiers.compiled_available()
needs_numba = pytest.mark.skipif(not NUMBA_THERE, reason="the compiled players (the jit "
                                 "extra) are not installed, or disagree with the reference")


def test_the_reference_tier_plays_the_reference_game():
    for name, player in PLAYERS.items():
        if name != "last-two":
            assert tiers.play_seed(7, name, tier="stdlib") == \
                play(rules.seeded_position(7), player)


def test_a_batch_is_the_games_of_its_seeds_in_order():
    games = tiers.play_seeds([3, 1, 3], "greedy", tier="stdlib")
    assert games == [tiers.play_seed(seed, "greedy", tier="stdlib") for seed in (3, 1, 3)]
    assert games[0] != games[1]


def test_the_plan_is_the_players_plan():
    view = view_of(rules.seeded_position(11))
    for name in ("greedy", "turn"):
        assert tiers.plan(view, name, tier="stdlib") == PLAYERS[name](view)


def test_an_unknown_player_is_a_value_error():
    with pytest.raises(ValueError, match="no player 'best'.*greedy, turn, last-deal, last-two"):
        tiers.play_seed(0, "best", tier="stdlib")
    with pytest.raises(ValueError, match="no player"):
        tiers.plan(view_of(rules.seeded_position(0)), "", tier="stdlib")


def test_an_unknown_tier_is_a_tier_error():
    with pytest.raises(TierError, match="unknown tier"):
        tiers.play_seed(0, "greedy", tier="fortran")


def test_numpy_means_the_reference(monkeypatch):
    assert tiers.player_tier("numpy") == "stdlib"
    monkeypatch.setenv(ENVIRONMENT, "stdlib")
    assert tiers.player_tier() == "stdlib"


def test_a_compiled_tier_that_disagrees_is_not_used(monkeypatch):
    monkeypatch.setattr(tiers, "_COMPILED", False)
    assert tiers.player_tier() == "stdlib"
    if NUMBA_THERE:
        with pytest.raises(TierError, match="disagree"):
            tiers.player_tier("numba")


@needs_numba
def test_auto_runs_the_compiled_players_and_both_tiers_agree(monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    assert tiers.player_tier() == "numba"
    for name in ("greedy", "turn", "last-deal"):
        assert tiers.play_seeds(range(20), name, tier="numba") == \
            tiers.play_seeds(range(20), name, tier="stdlib")
        assert tiers.play_seed(-5, name, False, tier="numba") == \
            tiers.play_seed(-5, name, False, tier="stdlib")
    view = view_of(rules.seeded_position(2))
    assert tiers.plan(view, "last-deal", tier="numba") == PLAYERS["last-deal"](view)
