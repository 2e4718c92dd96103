"""Tests of cardgames.aces_up.odds.run: the deals of a seed range solved within a budget, in
one process or several, taken a seed at a time, and a run stopped by Ctrl-C (through
``cardgames aces-up --odds``)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from aces_up_helpers import ODDS_BUDGET, ODDS_RANGE, ODDS_SEEDS

from cardgames.aces_up import odds
from cardgames.aces_up.players.tiers import player_tier
from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.search import solve
from cardgames.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_odds(capsys, *argv):
    """``cardgames aces-up --odds ...`` in this process: (status, stdout, stderr)."""
    status = main(["aces-up", "--odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def lines_of(path):
    """The deal lines of a log (headers left out)."""
    return deal_lines(Path(path).read_text())


def deal_lines(text):
    """The deal lines of a log's text (headers left out)."""
    return [line for line in text.splitlines() if not line.startswith("#")]


def test_the_verdicts_are_the_solvers_within_the_same_budget(odds_of_six):
    status, out, log = odds_of_six
    assert status == 0
    deals = {deal.seed: deal for deal in map(odds.parse_line, deal_lines(log))}
    assert sorted(deals) == list(ODDS_RANGE)
    for seed, deal in deals.items():
        found = solve(seeded_position(seed), max_nodes=30_000)
        assert (deal.status, deal.positions) == (found.status.name, found.nodes)
    tally = odds.Tally.of(deals.values())
    for name, count in (("winnable", tally.won), ("cannot be won", tally.lost),
                        ("unsettled", tally.unsettled)):
        assert f"\n  {name:<14}{count}  ({count / len(ODDS_RANGE):.1%})\n" in out
    assert tally.unsettled > 0 and tally.won > 0 and tally.lost > 0   # the budget bites
    assert all(len(line) <= 79 for line in out.splitlines())
    assert out.startswith("Aces Up, classic rules: seeds 7..12, budget 30,000 game positions")


def test_two_processes_give_the_same_log_as_one(capsys, tmp_path, odds_of_six):
    one, two = tmp_path / "one.log", tmp_path / "two.log"
    one.write_text(odds_of_six[2])
    run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--jobs", "2", "--log", str(two))
    verdicts = [sorted(odds.parse_line(line)[::3] + (odds.parse_line(line).status,)
                       for line in lines_of(log)) for log in (one, two)]
    assert verdicts[0] == verdicts[1]
    assert "2 processes" in two.read_text().splitlines()[0]


def group_members(group):
    """The processes still in a process group (Linux's /proc), zombies left out."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(stat.parent.name)
    return members


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_the_deals_done_and_says_how_to_go_on(tmp_path, jobs):
    log = tmp_path / "run.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "aces-up", "--odds", "--seeds", "10:15", "--tier",
         "stdlib", "--positions", "3000000", "--jobs", jobs, "--log", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)
    deadline = time.monotonic() + 120
    while len(lines_of(log) if log.exists() else []) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)     # seeds 10, 11, 12 take a blink; seed 13 far longer
    os.killpg(child.pid, signal.SIGINT)              # as the terminal does: the whole group
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130 and out == ""
    done = [odds.parse_line(line).seed for line in lines_of(log)]
    assert f"interrupted after {len(done)} of 5 deals\n{log} keeps them" in err
    assert sorted(done)[:3] == [10, 11, 12] and 13 not in done   # seed 13 was under way
    assert "Traceback" not in err
    if Path("/proc/self/stat").exists():
        assert group_members(child.pid) == []        # no worker left behind


def test_a_range_of_any_size_is_taken_a_seed_at_a_time(capsys, monkeypatch):
    huge = 10 ** 30
    taken = []

    def stop_after_two(seeds, *args, **kwargs):
        for seed in seeds:
            taken.append(seed)
            if len(taken) == 2:
                raise KeyboardInterrupt
            yield odds.Deal(seed, "LOST", 0.0, 1)
    monkeypatch.setattr(odds, "solved", stop_after_two)
    status, _, err = run_odds(capsys, f"--seeds={huge}:{3 * huge}", *ODDS_BUDGET)
    assert status == 130 and taken == [huge, huge + 1]
    assert f"interrupted after 1 of {2 * huge:,} deals" in err


def test_a_hard_deal_does_not_leave_the_other_workers_idle():
    # seed 0 is hard: it ends only once a seed far behind it has been handed out and solved
    # (or after 20 s); the others are instant.  In order, yet past the hard one.
    from concurrent.futures import ThreadPoolExecutor
    from threading import Event

    later = Event()
    far = 4 * odds.run.AHEAD * 2

    def work(piece, run, tier, memory):
        seed = piece[0]
        if seed == far:
            later.set()
        waited = seed != 0 or later.wait(20)
        return [odds.Deal(seed, "LOST" if waited else "UNSETTLED", 0.0, 1)]

    run = odds.Run(True, odds.Budget(positions=1))
    with ThreadPoolExecutor(2) as pool:
        deals = list(odds.run._pooled(pool, iter(range(3 * far)), run, "stdlib", 1, 2, work))
    assert [deal.seed for deal in deals] == list(range(3 * far))
    assert {deal.status for deal in deals} == {"LOST"}


def test_no_more_pieces_are_held_than_held_says(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor
    from threading import Event

    release = Event()
    started = []

    def work(piece, run, tier, memory):
        started.append(piece[0])
        if piece[0] == 0:
            release.wait(20)
        return [odds.Deal(piece[0], "LOST", 0.0, 1)]

    monkeypatch.setattr(odds.run, "HELD", 7)
    run = odds.Run(True, odds.Budget(positions=1))
    with ThreadPoolExecutor(2) as pool, ThreadPoolExecutor(1) as reader:
        deals = odds.run._pooled(pool, iter(range(40)), run, "stdlib", 1, 2, work)
        first = reader.submit(next, deals)
        time.sleep(1)                   # the other worker has done all it was allowed to
        assert sorted(started) == list(range(7)) and not first.done()
        release.set()
        assert first.result(20).seed == 0
        assert [deal.seed for deal in deals] == list(range(1, 40))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_after_kill_9_no_worker_holds_the_log_and_the_run_goes_on(capsys, tmp_path):
    log = tmp_path / "run.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "aces-up", "--odds", "--seeds", "10:15", "--tier",
         "stdlib", "--positions", "3000000", "--jobs", "2", "--log", str(log)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 120
    while len(lines_of(log) if log.exists() else []) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    done = len(lines_of(log))
    deadline = time.monotonic() + 10
    while True:          # the workers end within a second of their parent
        try:
            odds.Log(str(log)).close()
            break
        except odds.LogError:
            assert time.monotonic() < deadline, "a worker still holds the log"
            time.sleep(0.1)
    status, out, _ = run_odds(capsys, "--seeds", "10:11", "--positions", "3000000", "--tier",
                              "stdlib", "--log", str(log))      # seed 10, logged first
    assert status == 0 and "seeds 10..10" in out and done >= 1


# --- a player's run: each deal played honestly (issue 25) ---------------------------------

def test_a_players_deals_are_its_games_played_by_the_rules(played_logs):
    from cardgames.aces_up.players import PLAYERS, play

    for name, (status, out, log) in played_logs.items():
        assert status == 0
        deals = [odds.parse_line(line) for line in lines_of(log)]
        assert [deal.seed for deal in deals] == list(range(70, 90))
        for deal in deals:
            game = play(seeded_position(deal.seed), PLAYERS[name])
            assert (deal.status, deal.positions) == ("WON" if game.won else "LOST",
                                                     len(game.line))
        assert out.startswith(f"Aces Up, classic rules: seeds 70..89, player {name}\n")
    won = {name: [odds.parse_line(line).seed for line in lines_of(log)
                  if " WON " in line] for name, (_, _, log) in played_logs.items()}
    assert won == {"greedy": [71], "turn": [71, 82]}


def test_play_deal_is_the_game_of_the_runs_player_under_its_rules():
    run = odds.Run(False, player="turn")
    deal = odds.play_deal(71, run, "stdlib")
    assert (deal.seed, deal.status) == (71, "WON") and deal.seconds > 0
    assert odds.play_deal(70, run, "stdlib").status == "LOST"
    assert run.identity() == "no lone moves, player turn"


def test_a_player_in_two_processes_plays_the_games_of_one(capsys, tmp_path, played_logs):
    two = tmp_path / "two.log"
    status, out, _ = run_odds(capsys, "--seeds", "70:90", "--player", "turn", "--jobs", "2",
                              "--log", str(two))
    one = played_logs["turn"][2]
    games = [[odds.parse_line(line)[::3] + (odds.parse_line(line).status,)
              for line in lines_of(log)] for log in (one, two)]
    assert status == 0 and games[0] == games[1]          # in the order of the seeds too
    assert two.read_text().splitlines()[0] == \
        f"# classic rules, player turn, tier {player_tier()}, 2 processes"
    assert out.splitlines()[:3] == played_logs["turn"][1].splitlines()[:3]


def test_a_workers_piece_of_a_players_deals_is_a_fraction_of_a_second():
    def deals(seconds):
        return [odds.Deal(seed, "LOST", seconds, 50) for seed in range(4)]
    assert odds.run.piece_size(deals(0.001)) == int(odds.run.PIECE_SECONDS / 0.001)
    assert odds.run.piece_size(deals(2.0)) == 1
    assert odds.run.piece_size(deals(0.0)) == odds.run.PIECE_MOST


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_players_run_and_keeps_the_games_done(tmp_path, jobs):
    log = tmp_path / "played.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "aces-up", "--odds", "--seeds", "0:1000000",
         "--player", "last-deal", "--tier", "stdlib", "--jobs", jobs, "--log", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)
    deadline = time.monotonic() + 60
    while len(lines_of(log) if log.exists() else []) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130 and out == "" and "Traceback" not in err
    done = [odds.parse_line(line).seed for line in lines_of(log)]
    assert done == list(range(len(done))) and len(done) >= 5      # in order, none lost
    assert f"interrupted after {len(done):,} of 1,000,000 deals\n{log} keeps them" in err
    if Path("/proc/self/stat").exists():
        assert group_members(child.pid) == []
