"""What every test module shares: the hypothesis profiles, and the expensive runs that several
tests read (session fixtures, each run once).

$HYPOTHESIS_PROFILE chooses the profile (``CI`` set in the environment: ``ci``, else
``default``):

* ``default``, the README's test command: hypothesis's own settings, 100 examples a test
  unless the test says how many it needs (``strategies.examples``);
* ``ci``: the same examples every run (``derandomize``), no example database, no deadline
  (shared machines vary), the blob to reproduce a failure printed;
* ``thorough``: ten times the examples of ``default`` in every property that states its
  count with ``strategies.examples`` (or none), no deadline; for a change to the rules or
  the searches (``HYPOTHESIS_PROFILE=thorough python -m pytest``).
"""

import contextlib
import io
import os

import pytest
from aces_up_helpers import CLASSIC_LOG, ODDS_BUDGET, ODDS_RANGE, ODDS_SEEDS
from hypothesis import HealthCheck, settings
from strategies import CLAIM_POSITIONS, sample

from cardgames.cli import main

PROFILES = {
    "default": settings(max_examples=100),
    "ci": settings(max_examples=100, derandomize=True, database=None, deadline=None,
                   print_blob=True, suppress_health_check=[HealthCheck.too_slow]),
    "thorough": settings(max_examples=1000, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow]),
}
for name, profile in PROFILES.items():
    settings.register_profile(name, profile)


def pytest_configure(config):
    """Load the profile $HYPOTHESIS_PROFILE names (a usage error when it names none), unless
    hypothesis's own ``--hypothesis-profile`` chose one."""
    if config.getoption("hypothesis_profile", None):
        return
    name = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")
    if name not in PROFILES:
        raise pytest.UsageError(f"HYPOTHESIS_PROFILE={name!r}: the profiles are "
                                f"{', '.join(PROFILES)}")
    settings.load_profile(name)


@pytest.fixture(scope="session")
def claim_sample():
    """A sample of ``CLAIM_POSITIONS``, drawn once: the pruning claims and the relaxed games
    count on it what the properties meet."""
    return sample(CLAIM_POSITIONS, 300)


@pytest.fixture(scope="session")
def odds_of_six(tmp_path_factory):
    """``cardgames aces-up --odds --seeds 7:13`` with ``ODDS_BUDGET`` and a log, run once for
    the tests that read it: (status, stdout, the log's text).  Copy the log to change it."""
    log = tmp_path_factory.mktemp("odds") / "run.log"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["aces-up", "--odds", "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--log", str(log)])
    return status, out.getvalue(), log.read_text()


#: A range of seeds on which ``turn`` wins two deals (71 and 82) and ``greedy`` one (71).
PLAYED_SEEDS = "70:90"


@pytest.fixture(scope="session")
def played_logs(tmp_path_factory):
    """``cardgames aces-up --odds --seeds 70:90 --player NAME`` with a log, for greedy and
    turn, run once for the tests that read them: {name: (status, stdout, the log's path)}.
    Copy a log to change it."""
    runs = {}
    folder = tmp_path_factory.mktemp("played")
    for name in ("greedy", "turn"):
        log = folder / f"{name}.log"
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["aces-up", "--odds", "--seeds", PLAYED_SEEDS, "--player", name,
                           "--log", str(log)])
        runs[name] = (status, out.getvalue(), log)
    return runs


@pytest.fixture(scope="session")
def greedy_against_published():
    """``cardgames aces-up --odds --seeds 0:1000 --player greedy --against`` the published
    full-information log of those seeds, run once: (status, stdout, the log's path)."""
    log = CLASSIC_LOG
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["aces-up", "--odds", "--seeds", "0:1000", "--player", "greedy",
                       "--against", str(log)])
    return status, out.getvalue(), log
