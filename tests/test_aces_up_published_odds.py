"""The Aces Up odds the README publishes are those of the run logs in benchmarks/results."""

import os
import re
from pathlib import Path

import pytest

from cardgames.aces_up import odds
from cardgames.aces_up.odds.summary import paired_lines

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def read(log):
    """The header and the (seed, status, seconds, positions) of a published log."""
    headers, deals = odds.read_log(str(RESULTS / log))
    return headers[0], deals


def share_bounds(results):
    """The summary's bounds of the share of all deals winnable: (least, most, lower limit of
    its 95% CI, upper limit), as printed."""
    lines = odds.summary(results, "")
    at = next(i for i, line in enumerate(lines) if line.startswith("share winnable over all"))
    return re.findall(r"\d+\.\d%", lines[at] + lines[at + 1])


@pytest.mark.parametrize("rules, log, header", [
    ("ours (a lone card may move)", "aces_up_classic_positions_seeds_0-999.log",
     "classic rules"),
    ("`--no-lone-moves`", "aces_up_no_lone_moves_positions_seeds_0-999.log", "no lone moves"),
])
def test_the_readme_table_row_is_the_summary_of_its_log(rules, log, header):
    found_header, results = read(log)
    assert found_header.startswith(f"{header}, budget 25,000,000 game positions per deal,")
    seeds = sorted(r[0] for r in results)
    assert seeds == list(range(len(seeds)))          # one line per seed, none missing
    counts = [sum(1 for r in results if r[1] == status)
              for status in ("WINNABLE", "LOST", "UNSETTLED")]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith(f"| {rules} |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == f"seeds 0..{seeds[-1]}"
    assert [int(cell) for cell in cells[2:5]] == counts
    low, high, low_ci, high_ci = share_bounds(results)
    assert cells[5] == f"between {low} (CI from {low_ci}) and {high} (CI to {high_ci})"


def test_the_readme_text_quotes_the_classic_run():
    _, results = read("aces_up_classic_positions_seeds_0-999.log")
    total = len(results)
    won, lost, unsettled = (sum(1 for r in results if r[1] == status)
                            for status in ("WINNABLE", "LOST", "UNSETTLED"))
    _, _, low_ci, high_ci = share_bounds(results)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = " ".join(readme.split())
    assert f"Of these {total:,} deals, {won} ({won / total:.1%}) can be won" in text
    assert f"{lost} ({lost / total:.1%}) cannot; {unsettled} ({unsettled / total:.1%}) stay" in text
    assert f"$ cardgames aces-up --odds --seeds 0:{total} --jobs 2 --log classic.log\n" \
        + "\n".join(f"    {line}" for line in odds.summary(
            results, odds.title(odds.Run(True, odds.Budget(positions=25_000_000)),
                                range(total)))) in readme
    assert f"between {low_ci} and {high_ci} at 95% confidence" in text
    assert f"settled deals alone {won / (won + lost):.1%} are winnable" in text
    seconds = sorted(r[2] for r in results)
    median = (seconds[total // 2 - 1] + seconds[total // 2]) / 2
    minutes = sum(seconds) / 2 / 60                    # two processes
    assert f"Median {median:.1f} s per deal, {minutes:.0f} minutes for the thousand" in text


@pytest.mark.parametrize("rules", ["classic", "no_lone_moves"])
def test_the_runs_by_seconds_and_by_positions_never_disagree(rules):
    by_seconds = {deal.seed: deal.status for deal in read(f"aces_up_{rules}_seeds_0-999.log")[1]}
    by_positions = {deal.seed: deal.status
                    for deal in read(f"aces_up_{rules}_positions_seeds_0-999.log")[1]}
    assert by_seconds.keys() == by_positions.keys()
    settled_twice = [seed for seed in by_seconds
                     if "UNSETTLED" not in (by_seconds[seed], by_positions[seed])]
    assert len(settled_twice) > 850
    assert all(by_seconds[seed] == by_positions[seed] for seed in settled_twice)


def test_the_readme_example_of_a_players_odds_is_the_commands_output(greedy_against_published):
    status, out, log = greedy_against_published
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = ("    $ cardgames aces-up --odds --seeds 0:1000 --player greedy --against \\\n"
               f"          {log.relative_to(ROOT).as_posix()}\n")
    shown = readme.split(command)[1].split("\n\n")[0].splitlines()
    printed = out.splitlines()
    assert status == 0 and len(shown) == len(printed) == 10
    for text, line in zip(shown, printed):
        if not line.startswith("time per deal:"):      # the seconds vary, the rest is exact
            assert text == f"    {line}".replace(f"{ROOT}{os.sep}", "").replace(os.sep, "/")


PLAYER_LOGS = {"greedy": "aces_up_player_greedy_seeds_0-99999.log",
               "turn": "aces_up_player_turn_seeds_0-99999.log",
               "last-deal": "aces_up_player_last-deal_seeds_0-99999.log",
               "last-two": "aces_up_player_last-two_seeds_0-1999.log"}


@pytest.fixture(scope="module")
def player_deals():
    """The deals of each player's published log, by player."""
    logs = {}
    for name, log in PLAYER_LOGS.items():
        header, deals = read(log)
        assert header.startswith(f"classic rules, player {name}, tier numba,")
        assert [deal.seed for deal in deals] == list(range(len(deals)))   # none missing
        logs[name] = deals
    return logs


@pytest.mark.parametrize("name", PLAYER_LOGS)
def test_the_readme_row_of_a_player_is_the_summary_of_its_log(name, player_deals):
    deals = player_deals[name]
    solver = {deal.seed: deal.status
              for deal in read("aces_up_classic_positions_seeds_0-999.log")[1]}
    wins = [deal for deal in deals if deal.status == odds.WON]
    line = next(line for line in odds.played_summary(deals, "") if line.startswith("wins "))
    rate, one_in = re.fullmatch(r"wins [\d,]+ of [\d,]+ deals: (.*), about 1 game in (\d+)",
                                line).groups()
    converted = sum(1 for deal in wins if solver.get(deal.seed) == "WINNABLE")
    assert all(solver.get(deal.seed) != "LOST" for deal in wins)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith(f"| `{name}` |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == f"seeds 0..{len(deals) - 1:,}"
    assert cells[2] == f"{len(wins):,}"
    assert cells[3] == rate.replace("95% CI ", "")
    assert cells[4] == one_in
    assert cells[5] == f"{converted} ({converted / 496:.1%})"
    per_game = sum(deal.seconds for deal in deals) / len(deals) * 1000
    assert cells[6] == (f"{per_game:.2f}" if per_game < 10 else f"{per_game:.0f}")


@pytest.mark.parametrize("player, other, text", [
    ("last-two", "last-deal", "`last-two` won {alone} deals of seeds 0..1,999 that `last-deal` "
                              "lost and lost {other_alone} it won (p {p})"),
    ("last-deal", "turn", "`last-deal` against `turn` over the 100,000, {alone} against "
                          "{other_alone} (p {p})"),
    ("turn", "greedy", "`turn` against `greedy`, {alone} against {other_alone} (p {p})"),
])
def test_the_readme_pairs_of_players_are_those_of_their_logs(player, other, text, player_deals):
    mine = {deal.seed: deal.status == odds.WON for deal in player_deals[player]}
    theirs = {deal.seed: deal.status == odds.WON for deal in player_deals[other]}
    alone = sum(won and not theirs[seed] for seed, won in mine.items())
    other_alone = sum(theirs[seed] and not won for seed, won in mine.items())
    pairing = paired_lines(player_deals[player], player,
                                odds.Compared("log", other, {s: "WON" if w else "LOST"
                                                             for s, w in theirs.items()}))
    p = pairing[-1].split("two-sided): p ")[1]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert text.format(alone=f"{alone:,}", other_alone=f"{other_alone:,}", p=p) in readme
