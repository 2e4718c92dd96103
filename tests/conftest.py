"""What every test module shares: the hypothesis profiles, and the expensive runs that several
tests read (session fixtures, each run once).

$HYPOTHESIS_PROFILE chooses the profile (``CI`` set in the environment: ``ci``, else
``default``):

* ``default``, the README's test command: hypothesis's own settings, 100 examples a test
  unless the test says how many it needs (``strategies.examples``);
* ``ci``: the same examples every run (``derandomize``), no example database, no deadline
  (shared machines vary), the blob to reproduce a failure printed;
* ``thorough``: ten times the examples of ``default`` in every property, no deadline; for
  a change to the rules or the searches (``HYPOTHESIS_PROFILE=thorough python -m pytest``).
"""

import contextlib
import io
import os

import pytest
from aces_up_helpers import ODDS_BUDGET
from hypothesis import HealthCheck, settings

from cardgames.cli import main

settings.register_profile("default", max_examples=100)
settings.register_profile("ci", max_examples=100, derandomize=True, database=None,
                          deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if os.environ.get("CI") else "default"))


@pytest.fixture(scope="session")
def odds_of_six(tmp_path_factory):
    """``cardgames aces-up --odds --seeds 0:6`` with ``ODDS_BUDGET`` and a log, run once for
    the tests that read it: (status, stdout, the log's text).  Copy the log to change it."""
    log = tmp_path_factory.mktemp("odds") / "run.log"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["aces-up", "--odds", "--seeds", "0:6", *ODDS_BUDGET, "--log", str(log)])
    return status, out.getvalue(), log.read_text()
