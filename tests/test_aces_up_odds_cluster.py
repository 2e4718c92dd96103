"""Tests of ``cardgames aces-up --odds --scheduler``: the deals solved (or played) on a Dask
cluster give the verdicts, the log and the summary of a run on this machine, a log goes on
from where it stopped and a log of another run is refused as on one machine, and what
cannot work says so in one line with its status."""

import sys

import pytest
from aces_up_helpers import ODDS_BUDGET, ODDS_RANGE, ODDS_SEEDS
from conftest import PLAYED_SEEDS

from cardgames import tiers
from cardgames.aces_up import odds
from cardgames.cli import main


def run_odds(capsys, *argv):
    """``cardgames aces-up --odds ...`` in this process: (status, stdout, stderr)."""
    status = main(["aces-up", "--odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def verdicts(text):
    """A log's deals as (seed, verdict, work), by seed: what must not depend on where the
    deals were solved (the seconds do)."""
    deals = [odds.parse_line(line) for line in text.splitlines() if not line.startswith("#")]
    return sorted((deal.seed, deal.status, deal.positions) for deal in deals)


def headers(text):
    return [line for line in text.splitlines() if line.startswith("#")]


def without_times(summary):
    """A summary without its line of times (they depend on the machine)."""
    return [line for line in summary.splitlines() if not line.startswith("time per deal")]


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local Dask cluster of two workers (threads of this process, so
    that they share the solver it has loaded; reached by TCP, as a cluster elsewhere),
    for this module's tests."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp://", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_a_cluster_gives_the_verdicts_log_and_summary_of_one_machine(capsys, tmp_path,
                                                                    odds_of_six, scheduler):
    status, out, log = odds_of_six
    there = tmp_path / "cluster.log"
    got = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--scheduler", scheduler,
                   "--log", str(there))
    assert got[0] == status == 0
    assert without_times(got[1]) == without_times(out)
    assert verdicts(there.read_text()) == verdicts(log)
    local, cluster = headers(log)[0], headers(there.read_text())[0]
    assert cluster == local.replace("1 process", "2 Dask workers")
    assert cluster.endswith(", 2 Dask workers")
    written = there.read_text()        # read back whole: the summary at once, nothing added
    again = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--log", str(there))
    assert again[:2] == got[:2] and there.read_text() == written


def test_a_cluster_goes_on_from_a_log_and_solves_only_what_is_missing(capsys, tmp_path,
                                                                     odds_of_six, scheduler):
    log = odds_of_six[2]
    lines = log.splitlines(keepends=True)
    kept = lines[0] + "".join(line for line in lines[1:] if int(line.split()[0]) < ODDS_RANGE[3])
    path = tmp_path / "run.log"
    path.write_text(kept)
    status, out, _ = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--scheduler",
                              scheduler, "--log", str(path))
    text = path.read_text()
    assert status == 0 and text.startswith(kept)
    assert verdicts(text) == verdicts(log)
    added = text[len(kept):].splitlines()
    assert added[0].startswith("# continued: classic rules, budget 30,000 game positions")
    assert added[0].endswith(", 2 Dask workers")
    assert sorted(odds.parse_line(line).seed for line in added[1:]) == list(ODDS_RANGE[3:])
    assert without_times(out) == without_times(odds_of_six[1])


def test_a_log_of_another_run_or_memory_is_refused_untouched(capsys, tmp_path, odds_of_six,
                                                            scheduler):
    path = tmp_path / "run.log"
    path.write_text(odds_of_six[2])
    for other, why in (([*ODDS_BUDGET, "--no-lone-moves"], "holds another run"),
                       ([*ODDS_BUDGET, "--memory", "512"], "go on with the same --tier")):
        status, out, err = run_odds(capsys, "--seeds", "0:8", *other, "--scheduler",
                                    scheduler, "--log", str(path))
        assert (status, out) == (2, "") and why in err and "Traceback" not in err
        assert path.read_text() == odds_of_six[2]


def test_a_players_run_on_a_cluster_plays_the_games_of_one_machine(capsys, tmp_path,
                                                                  played_logs, scheduler):
    status, out, path = played_logs["turn"]
    there = tmp_path / "turn.log"
    got = run_odds(capsys, "--seeds", PLAYED_SEEDS, "--player", "turn", "--scheduler",
                   scheduler, "--log", str(there))
    assert got[0] == status == 0
    assert verdicts(there.read_text()) == verdicts(path.read_text())
    assert without_times(got[1]) == without_times(out)


def test_a_tier_the_workers_cannot_run_is_one_line_and_status_2(capsys, scheduler,
                                                               monkeypatch):
    monkeypatch.setenv(tiers.ENVIRONMENT, "quantum")
    with pytest.raises(SystemExit) as stop:
        run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--scheduler", scheduler)
    assert stop.value.code == 2
    assert "unknown tier 'quantum'" in capsys.readouterr().err


def test_a_scheduler_without_workers_is_one_line_and_status_1(capsys, tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    from cardgames import cluster

    monkeypatch.setattr(cluster, "TIMEOUT", 1.0)
    path = tmp_path / "run.log"
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://",
                                  dashboard_address=None) as empty:
        status, out, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--scheduler",
                                    empty.scheduler_address, "--log", str(path))
    assert (status, out) == (1, "")
    assert f"cannot use the scheduler {empty.scheduler_address}: it has no worker" in err
    assert err.count("\n") == 1 and path.read_text() == ""


def test_without_dask_the_scheduler_is_refused_with_status_2(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)     # import distributed fails
    path = tmp_path / "run.log"
    status, out, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--scheduler",
                                "tcp://127.0.0.1:8786", "--log", str(path))
    assert (status, out) == (2, "")
    assert err == "cardgames aces-up: --scheduler needs Dask: pip install " \
                  "'cardgames[distributed]'\n"
    assert path.read_text() == ""


def test_the_scheduler_goes_with_odds_alone_and_without_jobs(capsys):
    with pytest.raises(SystemExit) as stop:
        run_odds(capsys, "--seeds", "0:2", "--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2")
    assert stop.value.code == 2
    assert "--jobs and --scheduler exclude each other" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["aces-up", "--seed", "3", "--scheduler", "tcp://127.0.0.1:8786"])
    assert stop.value.code == 2
    assert "--scheduler: only with --odds" in capsys.readouterr().err
