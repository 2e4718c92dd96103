"""Tests of cardgames.aces_up.odds.log: a log one line per deal, a run that goes on where it
stopped, and the logs refused (another run's, another tier's or memory's, one being written,
one that cannot be read or written), and the deals taken as another run settled them
(``--settled-in``), through ``cardgames aces-up --odds``."""

import errno
import gzip
import os
import re
from pathlib import Path

import pytest
from aces_up_helpers import ODDS_BUDGET, ODDS_RANGE, ODDS_SEEDS

from cardgames.aces_up import odds
from cardgames.aces_up.players.tiers import player_tier
from cardgames.cli import main


def run_odds(capsys, *argv):
    """``cardgames aces-up --odds ...`` in this process: (status, stdout, stderr)."""
    status = main(["aces-up", "--odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def lines_of(path):
    """The deal lines of a log (headers left out)."""
    return [line for line in Path(path).read_text().splitlines() if not line.startswith("#")]


def test_a_run_goes_on_from_its_log_and_solves_only_what_is_missing(capsys, tmp_path,
                                                                     odds_of_six):
    log = tmp_path / "run.log"
    whole = odds_of_six[2]
    header, *deals = whole.splitlines()
    cut = deals[2][:-3]                            # a stop cut line 3 in its check
    with pytest.raises(ValueError):
        odds.parse_line(cut)
    log.write_text("\n".join([header, *deals[:2], cut]))
    status, out, _ = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--log", str(log))
    assert status == 0
    again = lines_of(log)
    assert again[:2] == deals[:2]                  # kept, not solved again
    assert sorted(odds.parse_line(line).seed for line in again) == list(ODDS_RANGE)
    assert sorted(odds.parse_line(line)[::3] + odds.parse_line(line)[1:2] for line in again) \
        == sorted(odds.parse_line(line)[::3] + odds.parse_line(line)[1:2] for line in deals)
    assert "# continued: classic rules, budget 30,000 game positions" in log.read_text()
    before = log.read_text()
    status, again_out, _ = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--log", str(log))
    assert status == 0 and log.read_text() == before           # nothing left to solve
    assert again_out.splitlines()[:4] == out.splitlines()[:4]  # the same verdicts and odds


def test_a_log_of_another_run_is_refused_and_left_as_it_is(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    before = log.read_text()
    for other in (["--positions", "5000"], ["--budget", "10"], [*ODDS_BUDGET, "--no-lone-moves"]):
        status, out, err = run_odds(capsys, "--seeds", "0:3", *other, "--log", str(log))
        assert (status, out) == (2, "")
        assert "holds another run (classic rules, budget 30,000 game positions" in err
        assert log.read_text() == before


def test_a_log_made_with_another_memory_or_tier_is_not_continued(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    before = log.read_text()
    status, out, err = run_odds(capsys, "--seeds", "0:3", *ODDS_BUDGET, "--memory", "512",
                                "--log", str(log))
    assert (status, out) == (2, "") and "go on with the same --tier and --memory" in err
    assert log.read_text() == before
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--memory", "512",
                              "--log", str(log))
    assert status == 0 and "winnable" in out          # nothing to solve: its summary


@pytest.mark.parametrize("rules, search", [([], "deferred-discard"),
                                           (["--no-lone-moves"], "deferred-discard")])
def test_a_solvers_log_names_its_search(capsys, tmp_path, rules, search):
    log = tmp_path / "run.log"
    status, _, _ = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, *rules, "--log", str(log))
    first = log.read_text().splitlines()[0]
    assert status == 0 and f" per deal, {search} search, tier " in first
    assert odds.parse_header(first[2:]) is not None


def test_a_log_of_the_plain_search_before_it_was_named_is_read_not_continued(capsys, tmp_path):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    text = log.read_text()
    header, *lines = text.splitlines()
    old = odds.parse_header(header[2:].replace("deferred-discard search, ", ""))
    assert old is not None and "search" not in old.how
    log.write_text(f"# {header[2:].replace('deferred-discard search, ', '')}\n" + "".join(
        odds.deal_line(odds.parse_line(line), old.key()) for line in lines))
    before = log.read_text()
    status, out, err = run_odds(capsys, "--seeds", "0:3", *ODDS_BUDGET, "--log", str(log))
    assert (status, out) == (2, "") and "with the plain search of an earlier version" in err
    assert log.read_text() == before
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    assert status == 0 and "winnable" in out          # nothing to solve: its summary


def test_a_log_is_held_by_one_run_at_a_time(tmp_path):
    path = str(tmp_path / "run.log")
    first = odds.Log(path)
    try:
        with pytest.raises(odds.LogError, match="being written by another run"):
            odds.Log(path)
    finally:
        first.close()
    odds.Log(path).close()                            # free again


def test_a_read_only_log_still_gives_its_summary(capsys, tmp_path, monkeypatch):
    log = tmp_path / "run.log"
    run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))

    def read_only(path, mode="r", *args, **kwargs):
        if "+" in mode or "a" in mode or "w" in mode:
            raise PermissionError(13, "Permission denied", path)
        return open(path, mode, *args, **kwargs)
    monkeypatch.setattr(odds.log, "open", read_only, raising=False)
    status, out, _ = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(log))
    assert status == 0 and "winnable" in out
    status, _, err = run_odds(capsys, "--seeds", "0:3", *ODDS_BUDGET, "--log", str(log))
    assert status == 2 and "cannot write the log" in err


def test_a_log_that_cannot_be_read_or_written_is_one_line_and_status_2(capsys, tmp_path):
    bad = tmp_path / "bad.log"
    bad.write_text("# classic rules, budget 100,000 game positions per deal, tier stdlib, "
                   "memory 1024 MiB per process, 1 process\n0 WON 1 2\n\n")
    status, _, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(bad))
    assert status == 2 and "line 2" in err and "Traceback" not in err
    status, _, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET,
                              "--log", str(tmp_path / "no" / "such.log"))
    assert status == 2 and "cannot use the log" in err
    headless = tmp_path / "headless.log"
    headless.write_text("0 LOST 1.0 10\n")
    status, _, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", str(headless))
    assert status == 2 and "does not start with its header" in err


def test_a_log_with_a_seed_twice_is_refused(tmp_path):
    log = tmp_path / "twice.log"
    log.write_text("# classic rules, budget 10 s per deal\n4 LOST 1.0 10\n4 WINNABLE 1.0 10\n")
    with pytest.raises(odds.LogError, match="twice"):
        odds.read_log(str(log))


@pytest.mark.parametrize("path, message", [("/dev/null", "not a regular file"),
                                           (".", "is a folder")])
def test_a_log_that_is_not_a_file_is_refused(capsys, path, message):
    status, out, err = run_odds(capsys, "--seeds", "0:2", *ODDS_BUDGET, "--log", path)
    assert (status, out) == (2, "") and message in err


# --- a file is checked whole before anything is written to it (issue 26) ------------------

def refused_untouched(capsys, path, *argv):
    """Run --odds on a log that must be refused: its one-line reason; the file unchanged."""
    before, stamp = path.read_bytes(), path.stat().st_mtime_ns
    status, out, err = run_odds(capsys, "--seeds", ODDS_SEEDS, *(argv or ODDS_BUDGET),
                                "--log", str(path))
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert (path.read_bytes(), path.stat().st_mtime_ns) == (before, stamp)
    return err


@pytest.mark.parametrize("content", [
    b"my notes\nline two",                       # text whose last line has no newline
    b"my notes\nline two\n",
    gzip.compress(b"0 LOST 1.0 10\n"),           # compressed
    "# notes about caf\u00e9s\n".encode(),       # not ASCII
    b"\x00\xff" * 300,
])
def test_a_file_that_is_not_a_log_is_refused_and_left_exactly_as_it_was(capsys, tmp_path,
                                                                        content):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    assert "not a log of --odds" in refused_untouched(capsys, path)


def edited(log_text, edit):
    """The log's text with ``edit(lines)`` applied to its lines."""
    lines = log_text.splitlines()
    edit(lines)
    return "\n".join(lines) + "\n"


def _verdict_changed(lines):
    at = next(i for i, line in enumerate(lines) if " LOST " in line)
    lines[at] = lines[at].replace(" LOST ", " WINNABLE ")


def _other_run_inside(lines):
    lines[2:2] = ["# continued: classic rules, budget 5,000 game positions per deal, tier "
                  "stdlib, memory 1024 MiB per process, 1 process"]


def _field(index, value):
    def edit(lines):
        fields = lines[1].split()
        fields[index] = value
        lines[1] = " ".join(fields)
    return edit


def _from_another_log(lines):
    other = odds.Header("classic rules, budget 5,000 game positions per deal",
                        "tier stdlib, memory 1024 MiB per process")
    lines.append(odds.deal_line(odds.Deal(99, "WINNABLE", 0.5, 123), other.key()).rstrip())


@pytest.mark.parametrize("edit, reason", [
    (_verdict_changed, "does not pass its check"),
    (_other_run_inside, "not the header of this log's run"),
    (_field(2, "nan"), "not a deal's line"),
    (_field(0, "\u0661\u0669"), "a log is ASCII text"),      # Arabic-Indic digits: 19
    (_field(0, "1_9"), "not a deal's line"),
    (_field(3, "+40"), "not a deal's line"),
    (_from_another_log, "does not pass its check"),
    (lambda lines: lines.insert(1, ""), "not a deal's line"),
], ids=["verdict", "header", "nan", "digits", "underscore", "sign", "copied", "blank"])
def test_a_log_is_checked_line_by_line_and_refused_untouched(capsys, tmp_path, odds_of_six,
                                                             edit, reason):
    path = tmp_path / "run.log"
    path.write_bytes(edited(odds_of_six[2], edit).encode())
    assert reason in refused_untouched(capsys, path)


def test_a_budget_is_the_one_given_to_the_last_digit(capsys, tmp_path, monkeypatch):
    path = tmp_path / "run.log"
    header = odds.header(odds.Run(True, odds.Budget(3.0)), "stdlib", 1 << 30, 1)
    path.write_text(f"# {header}\n")
    err = refused_untouched(capsys, path, "--budget", "3.0000001", "--tier", "stdlib")
    assert "holds another run (classic rules, budget 3 s per deal" in err
    assert "this one is classic rules, budget 3.0000001 s per deal" in err


def test_a_full_disk_stops_the_run_with_74_and_the_log_keeps_the_deals_done(capsys, tmp_path,
                                                                           monkeypatch):
    path = tmp_path / "run.log"
    add = odds.Log.add

    def add_until_full(log, deal):
        if deal.seed == ODDS_RANGE[2]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        add(log, deal)
    monkeypatch.setattr(odds.Log, "add", add_until_full)
    status, out, err = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--tier", "stdlib",
                                "--log", str(path))
    assert (status, out) == (74, "")
    assert err.splitlines() == [
        "stopped: cannot write: no space left on device after 2 of 6 deals",
        f"{path} keeps them: the same command goes on from there"]
    assert sorted(odds.parse_line(line).seed for line in lines_of(path)) == list(ODDS_RANGE[:2])
    monkeypatch.setattr(odds.Log, "add", add)
    status, out, _ = run_odds(capsys, "--seeds", ODDS_SEEDS, *ODDS_BUDGET, "--tier", "stdlib",
                              "--log", str(path))
    assert status == 0 and sorted(odds.parse_line(line).seed
                                  for line in lines_of(path)) == list(ODDS_RANGE)


def test_a_line_written_in_pieces_is_written_whole(tmp_path):
    path = tmp_path / "run.log"
    log = odds.Log(str(path))
    run = odds.Run(True, odds.Budget(positions=10))
    log.go_on(run, "stdlib", 1 << 30, 1)
    real = log.file

    class Short:                          # a file whose every write takes three bytes at most
        def write(self, data):
            return real.write(bytes(data[:3]))
    log.file = Short()                    # type: ignore[assignment]
    log.add(odds.Deal(7, "LOST", 0.25, 1234))
    log.file = real
    log.close()
    assert odds.read_log(str(path))[1] == [odds.Deal(7, "LOST", 0.25, 1234)]


# --- a player's run (issue 25) -----------------------------------------------------------

def test_a_players_run_goes_on_from_its_log_and_plays_only_what_is_missing(capsys, tmp_path,
                                                                          played_logs):
    log = tmp_path / "turn.log"
    header, *deals = played_logs["turn"][2].read_text().splitlines()
    assert header == f"# classic rules, player turn, tier {player_tier()}, 1 process"
    log.write_text("\n".join([header, *deals[:5], deals[5][:-2]]))   # a stop cut line 6
    status, out, _ = run_odds(capsys, "--seeds", "70:90", "--player", "turn",
                              "--log", str(log))
    again = log.read_text().splitlines()
    assert status == 0 and again[:6] == [header, *deals[:5]]
    assert again[6] == \
        f"# continued: classic rules, player turn, tier {player_tier()}, 1 process"
    assert sorted(line.split()[::3] for line in again[7:]) == sorted(
        line.split()[::3] for line in deals[5:])       # seed and commands: the same games
    assert out.splitlines()[:4] == played_logs["turn"][1].splitlines()[:4]


@pytest.mark.parametrize("other, held", [
    (["--player", "greedy"], "classic rules, player turn, tier "),   # the tier that ran
    (["--player", "turn", "--no-lone-moves"], "classic rules, player turn"),
    (list(ODDS_BUDGET), "classic rules, player turn"),
])
def test_the_log_of_another_player_or_of_the_solver_is_refused_untouched(capsys, tmp_path,
                                                                        played_logs, other,
                                                                        held):
    path = tmp_path / "turn.log"
    path.write_bytes(played_logs["turn"][2].read_bytes())
    err = refused_untouched(capsys, path, *other)
    assert f"holds another run ({held}" in err and "give another --log" in err


def test_a_solvers_log_is_refused_by_a_players_run(capsys, tmp_path, odds_of_six):
    path = tmp_path / "solved.log"
    path.write_text(odds_of_six[2])
    err = refused_untouched(capsys, path, "--player", "turn")
    assert "holds another run (classic rules, budget 30,000 game positions" in err
    assert "this one is classic rules, player turn" in err


@pytest.mark.parametrize("text, player", [
    ("classic rules, player last-two, tier numba, 2 processes", "last-two"),
    ("no lone moves, player turn, tier stdlib, 1 process", "turn"),
    ("classic rules, budget 10 s per deal, tier stdlib, memory 64 MiB per process, 1 process",
     None),
])
def test_a_header_names_the_player_or_the_solvers_budget(text, player):
    found = odds.parse_header(text)
    assert found is not None and found.player == player
    assert found.verdicts() == (("WON", "LOST") if player else ("WINNABLE", "LOST",
                                                                "UNSETTLED"))


@pytest.mark.parametrize("text", [
    "classic rules, player turn, tier stdlib, memory 64 MiB per process, 1 process",
    "classic rules, budget 10 s per deal, tier stdlib, 1 process",
    "classic rules, player Turn, tier stdlib, 1 process",
    "classic rules, player turn, plain search, tier stdlib, 1 process",
    "classic rules, budget 10 s per deal, fast search, tier stdlib, memory 64 MiB per process, "
    "1 process",
])
def test_a_header_with_a_memory_for_a_player_or_none_for_the_solver_is_no_header(text):
    assert odds.parse_header(text) is None


@pytest.mark.parametrize("verdict", ["WINNABLE", "UNSETTLED"])
def test_a_solvers_verdict_in_a_players_log_is_refused_even_with_its_check(capsys, tmp_path,
                                                                          played_logs,
                                                                          verdict):
    path = tmp_path / "turn.log"
    text = played_logs["turn"][2].read_text()
    key = odds.parse_header(text.splitlines()[0][2:]).key()
    path.write_text(text + odds.deal_line(odds.Deal(99, verdict, 0.1, 7), key))
    err = refused_untouched(capsys, path, "--player", "turn")
    assert "line 22: no verdict of this log's run" in err
    path.write_text(text.replace(" WON ", " WINNABLE ", 1))
    assert "does not pass its check" in refused_untouched(capsys, path, "--player", "turn")


def test_a_log_compared_with_is_read_and_checked_for_its_kind_rules_and_seeds(tmp_path,
                                                                             played_logs,
                                                                             odds_of_six):
    turn = str(played_logs["turn"][2])
    solved = tmp_path / "solved.log"
    solved.write_text(odds_of_six[2])
    header, verdicts = odds.compared_log(turn, "--paired-with", True, True, range(75, 80))
    assert header.player == "turn" and len(verdicts) == 20 and verdicts[71] == "WON"
    header, verdicts = odds.compared_log(str(solved), "--against", True, False, ODDS_RANGE)
    assert header.player is None and set(verdicts.values()) <= {"WINNABLE", "LOST",
                                                                "UNSETTLED"}
    refusals = [
        ((turn, "--against", True, False, range(70, 90)), "--against .*turn.log: not a log "
         r"of the odds with the stock known \(--odds without --player\)"),
        ((str(solved), "--paired-with", True, True, ODDS_RANGE), "not a log of a player's"),
        ((turn, "--paired-with", False, True, range(70, 90)), "a log of other rules .*: give "
         "a log of no lone moves"),
        ((turn, "--paired-with", True, True, range(60, 100)), "holds 20 of the seeds of "
         "--seeds, not seed 60 for one"),
        ((turn, "--paired-with", True, True, range(85, 91)), "not seed 90 for one"),
    ]
    for argv, message in refusals:
        with pytest.raises(odds.LogError, match=message):
            odds.compared_log(*argv)


#: Seeds 10..12 at a budget of 300 positions: 12 is won, 10 and 11 stay open (they need 324
#: and 3,454 positions); at ``ODDS_BUDGET`` all three settle.
FEW_SEEDS, FEW_POSITIONS = "10:13", ("--positions", "300")


def test_a_run_searches_only_the_deals_another_run_left_unsettled(capsys, tmp_path):
    small, large = tmp_path / "small.log", tmp_path / "large.log"
    status, _, _ = run_odds(capsys, "--seeds", FEW_SEEDS, *FEW_POSITIONS, "--log", str(small))
    assert status == 0
    open_seeds = sorted(odds.parse_line(line).seed for line in lines_of(small)
                        if " UNSETTLED " in line)
    assert open_seeds == [10, 11]
    status, out, err = run_odds(capsys, "--seeds", FEW_SEEDS, *ODDS_BUDGET, "--settled-in",
                                str(small), "--log", str(large))
    assert status == 0 and "Traceback" not in err
    searched = [odds.parse_line(line) for line in lines_of(large)]
    assert sorted(deal.seed for deal in searched) == open_seeds      # only those searched
    assert "# classic rules, budget 30,000 game positions" in large.read_text()
    direct = run_odds(capsys, "--seeds", FEW_SEEDS, *ODDS_BUDGET)[1].splitlines()
    lines = out.splitlines()
    assert lines[:5] == direct[:5]                                   # the same verdicts
    assert lines[5:7] == ["taken from the --settled-in log, as settled there: 1 of these "
                          "deals", "  (the time and positions below are those of the other 2)"]
    # the work is that of the deals searched here: the summary of the large log's alone
    assert lines[7:] == odds.summary(searched, "")[-3:]
    assert all(len(line) <= 79 for line in lines[1:])
    before = large.read_text()
    again = run_odds(capsys, "--seeds", FEW_SEEDS, *ODDS_BUDGET, "--settled-in", str(small),
                     "--log", str(large))
    assert again[:2] == (0, out) and large.read_text() == before    # nothing left to search


def test_only_the_seeds_asked_for_and_not_logged_are_taken(capsys, tmp_path):
    small, large = tmp_path / "small.log", tmp_path / "large.log"
    run_odds(capsys, "--seeds", "10:16", "--positions", "2000", "--log", str(small))
    assert sorted(odds.parse_line(line).seed for line in lines_of(small)
                  if " UNSETTLED " not in line) == [10, 12, 15]
    run_odds(capsys, "--seeds", "12:13", *ODDS_BUDGET, "--log", str(large))     # 12 logged
    status, out, _ = run_odds(capsys, "--seeds", FEW_SEEDS, *ODDS_BUDGET, "--settled-in",
                              str(small), "--log", str(large))
    assert status == 0
    assert sorted(odds.parse_line(line).seed for line in lines_of(large)) == [11, 12]
    assert out.splitlines()[1:4] == ["  winnable      2  (66.7%)", "  cannot be won 1  (33.3%)",
                                     "  unsettled     0  (0.0%)"]       # 12 once, 15 not
    assert "as settled there: 1 of these deals" in out                 # 10 alone
    everything = tmp_path / "none.log"                      # nothing to search: no log made
    status, out, _ = run_odds(capsys, "--seeds", "15:16", *ODDS_BUDGET, "--settled-in",
                              str(small), "--log", str(everything))
    assert status == 0 and not everything.exists()
    assert "as settled there: 1 of these deals" in out and "time per deal" not in out


def test_deals_settled_elsewhere_are_taken_only_from_a_solvers_log_of_the_rules(
        capsys, tmp_path, played_logs):
    small, new = tmp_path / "small.log", tmp_path / "new.log"
    run_odds(capsys, "--seeds", FEW_SEEDS, *FEW_POSITIONS, "--log", str(small))
    before = small.read_text()
    binary = tmp_path / "binary.log"
    binary.write_bytes(bytes(range(256)))
    hand_edited = tmp_path / "edited.log"
    positions = int(before.splitlines()[1].split()[3])
    hand_edited.write_text(edited(before, _field(3, str(positions + 1))))
    refusals = [
        (["--no-lone-moves", "--settled-in", str(small)], "a log of other rules"),
        (["--settled-in", str(played_logs["turn"][2])], "not a log of the odds with the stock "
         "known"),
        (["--settled-in", str(tmp_path / "missing.log")], "cannot read --settled-in .*: no "
         "such file"),
        (["--settled-in", str(tmp_path)], "a folder"),
        (["--settled-in", "/dev/null"], "not a regular file"),
        (["--settled-in", str(binary)], "aces-up: --settled-in .*: not a log of --odds"),
        (["--settled-in", str(hand_edited)], "aces-up: --settled-in .*edited.log, line [0-9]+: "
         "the line does not pass its check"),
        (["--settled-in", str(small), "--log", str(small)], "is the run's --log"),
    ]
    for argv, message in refusals:
        status, out, err = run_odds(capsys, "--seeds", FEW_SEEDS, *FEW_POSITIONS, *argv,
                                    *(["--log", str(new)] if "--log" not in argv else []))
        assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
        assert re.search(message, err), err
        assert not new.exists()                             # no log made for a refused run
    with pytest.raises(SystemExit) as stop:
        main(["aces-up", "--odds", "--seeds", FEW_SEEDS, "--player", "turn", "--settled-in",
              str(small)])
    assert stop.value.code == 2
    assert "--settled-in: only without --player" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["aces-up", "--settled-in", str(small)])
    assert "--settled-in: only with --odds" in capsys.readouterr().err
    assert small.read_text() == before


def test_a_deal_written_just_before_ctrl_c_is_counted_as_kept(capsys, tmp_path, monkeypatch):
    """Ctrl-C after a line's write and before the run counts it: the message counts what the
    log keeps, read back from it."""
    log = tmp_path / "run.log"
    add = odds.Log.add
    written = []

    def add_then_interrupt(self, deal):
        add(self, deal)
        written.append(deal.seed)
        if len(written) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(odds.Log, "add", add_then_interrupt)
    status, out, err = run_odds(capsys, "--seeds", FEW_SEEDS, *FEW_POSITIONS, "--log", str(log))
    assert (status, out) == (130, "") and len(lines_of(log)) == 2
    assert f"interrupted after 2 of 3 deals\n{log} keeps them" in err
