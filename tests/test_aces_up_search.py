"""Tests of cardgames.aces_up.search, the face of the searches: the tier ``solve`` chooses, the
budgets it hands on, and winning lines that win through the root script."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import coded, wins

from cardgames import tiers
from cardgames.aces_up import rules, search
from cardgames.aces_up.search import Status, solve
from cardgames.tiers import TierError

ROOT = Path(__file__).resolve().parent.parent
QUICK_WINS = (0, 12, 71)           # seeds the solver wins in well under a second
#: A winnable position whose last deal is short (three cards): the compiled search does
#: not take it.
SHORT_LAST_DEAL = coded([[14], [30], [], [46]], [[62, 13, 12]])


@pytest.fixture
def no_tier_asked(monkeypatch):
    """No $CARDGAMES_TIER: ``solve`` chooses by itself."""
    monkeypatch.delenv(tiers.ENVIRONMENT, raising=False)


def test_solve_runs_the_tier_it_chooses(no_tier_asked):
    chosen = search.solver_tier()
    assert chosen == (tiers.NUMBA if search.compiled_available() else tiers.STDLIB)
    assert solve(rules.seeded_position(0)).tier == chosen
    assert solve(rules.seeded_position(0), tier="stdlib").tier == tiers.STDLIB


@pytest.mark.parametrize("asked, runs", [("stdlib", tiers.STDLIB), ("numpy", tiers.STDLIB)])
def test_the_environment_chooses_the_tier(monkeypatch, asked, runs):
    monkeypatch.setenv(tiers.ENVIRONMENT, asked)
    assert search.solver_tier() == runs        # numpy, a simulation tier: the reference
    assert solve(rules.seeded_position(0)).tier == runs
    monkeypatch.delenv(tiers.ENVIRONMENT)
    assert search.solver_tier(asked) == runs   # the same when asked for by name


@pytest.mark.parametrize("tier, message", [("fast", "unknown tier")])
def test_a_tier_the_solver_does_not_have_is_refused(no_tier_asked, tier, message):
    with pytest.raises(TierError, match=message):
        search.solver_tier(tier)
    with pytest.raises(TierError, match=message):
        solve(rules.seeded_position(0), tier=tier)


@pytest.mark.skipif(importlib.util.find_spec("numba") is not None, reason="Numba is here")
def test_the_compiled_tier_without_numba_says_how_to_install_it(no_tier_asked):
    with pytest.raises(TierError, match="not installed"):
        search.wanted_tier("numba")


def test_a_position_the_compiled_search_does_not_take_goes_to_the_reference(no_tier_asked):
    found = solve(SHORT_LAST_DEAL)
    assert found.tier == tiers.STDLIB and found.status is Status.WINNABLE
    assert wins(SHORT_LAST_DEAL, found.line)


def test_budget_exhaustion_is_unsettled_never_lost():
    one, three = rules.seeded_position(1), rules.seeded_position(3)
    assert solve(one, max_nodes=50).status is Status.UNSETTLED
    assert solve(one, max_seconds=0.05, tier="stdlib").status is Status.UNSETTLED
    assert solve(three, max_seconds=0.05).status is Status.UNSETTLED  # 16 s compiled


@pytest.mark.parametrize("seed", QUICK_WINS)
def test_winning_line_wins_through_the_root_script(seed):
    found = solve(rules.seeded_position(seed), max_seconds=30)
    assert found.status is Status.WINNABLE
    commands = "".join(f"{command}\n" for command in found.line)
    done = subprocess.run([sys.executable, "aces_up.py", "--seed", str(seed)], cwd=ROOT,
                          input=commands.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.endswith("You won!\n".encode())
    assert b"Error" not in done.stdout and b"Invalid" not in done.stdout
