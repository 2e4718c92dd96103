"""The Aces Up odds the README publishes are those of the run logs in benchmarks/results."""

import os
import re

import pytest

from cardgames.aces_up import odds
from cardgames.aces_up.odds.summary import paired_lines
from cardgames.aces_up.search import DEFAULT_MEMORY
from published_logs import (DEFERRED, FOLLOW_UPS, NO_LONE, NO_LONE_FOLLOW_UPS, PLAIN_CLASSIC,
                            PLAIN_NO_LONE, ROOT, budget, counts, followed_up, memory,
                            open_seeds, read, readme_text, seeds_text, share_text)


@pytest.fixture(scope="module")
def classic():
    """The classic run (``followed_up``)."""
    return followed_up(DEFERRED, FOLLOW_UPS, "classic rules")


@pytest.fixture(scope="module")
def no_lone():
    """The run without lone moves (``followed_up``)."""
    return followed_up(NO_LONE, NO_LONE_FOLLOW_UPS, "no lone moves")


def deferred_row(rules, run, follow_ups):
    """The start of a deferred run's row in the README's table, and the deals it counts."""
    by_budget: dict[int, list[int]] = {}
    for seed, log in follow_ups.items():
        by_budget.setdefault(budget(read(log)[0]), []).append(seed)
    return (f"| {rules} | deferred-discard, {budget(run[0]):,} positions"
            + "".join(f"; {seeds_text(seeds)}: {more:,}"
                      for more, seeds in sorted(by_budget.items())) + " |", run[2])


def test_the_readme_table_rows_are_the_summaries_of_their_logs(classic, no_lone):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [deferred_row("ours (a lone card may move)", classic, FOLLOW_UPS),
            deferred_row("`--no-lone-moves`", no_lone, NO_LONE_FOLLOW_UPS)]
    for rules, log, name in [
            ("ours (a lone card may move)", PLAIN_CLASSIC[0], "classic rules"),
            ("`--no-lone-moves`", PLAIN_NO_LONE, "no lone moves")]:
        header, results = read(log)
        assert header.startswith(f"{name}, budget 25,000,000 game positions per deal,")
        assert odds.parse_header(header).relaxed                 # made by the plain search
        assert [r[0] for r in results] == list(range(1000))     # one line per seed
        rows.append((f"| {rules} | plain, 25,000,000 positions |", results))
    for start, results in rows:
        row = next(line for line in readme.splitlines() if line.startswith(start))
        cells = [cell.strip() for cell in row[len(start):].strip("|").split("|")]
        assert cells[0] == "seeds 0..999"
        assert [int(cell) for cell in cells[1:4]] == counts(results)
        assert cells[4] == share_text(results)


def test_the_readme_text_quotes_the_classic_run(classic):
    header, results, settled = classic
    total = len(results)
    won, lost, unsettled = counts(settled)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = readme_text()
    run = odds.Run(True, odds.Budget(positions=budget(header)))
    processes = int(re.search(r"(\d+) processes$", header)[1])
    command = (f"    $ cardgames aces-up --odds --seeds 0:{total} --positions {budget(header)} "
               f"--memory {memory(header)} \\\n          --jobs {processes} --log classic.log\n")
    assert command + "\n".join(f"    {line}" for line in odds.summary(
        results, odds.title(run, range(total)))) + "\n\n" in readme
    assert f"{processes} processes, each remembering at most {memory(header) // 1024} GiB" in text
    assert f"Of these {total:,} deals, {won} ({won / total:.1%}) can be won" in text
    assert (f"and {lost} ({lost / total:.1%}) cannot, each proved by an exhaustive search"
            + (f"; {seeds_text(open_seeds(settled))} {'stays' if unsettled == 1 else 'stay'} "
                 "unsettled, so" if unsettled
               else ", so")) in text
    assert f"winnable share of all deals is {share_text(settled)} at 95% confidence" in text
    seconds = sorted(r[2] for r in results)
    median = (seconds[total // 2 - 1] + seconds[total // 2]) / 2
    hours = sum(seconds) / processes / 3600
    assert (f"Median {median:.1f} s per deal, {hours:.1f} hours of its {processes} processes' "
            "search for the thousand") in text
    slow = sum(seconds_taken > 60 for seconds_taken in seconds)
    most = max(r[3] for r in results if r[1] != "UNSETTLED")
    assert (f"{slow} deals take more than a minute, and a deal it settles takes at most "
            f"{most / 1e6:.0f} million positions") in text


def test_the_readme_quotes_the_follow_up_runs(classic):
    header = classic[0]
    text = readme_text()
    seeds = open_seeds(classic[1])
    assert (f"The {len(seeds)} deals this run leaves unsettled within {budget(header) // 10**6} "
            "million positions") in text
    for seed in open_seeds(classic[1]):
        if seed not in FOLLOW_UPS:
            assert f"seed {seed} is not yet run again" in text
            continue
        later, ((_, status, seconds_taken, positions),) = read(FOLLOW_UPS[seed])
        assert (f"`--seeds {seed}:{seed + 1} --positions {budget(later)} --memory "
                f"{memory(later)} --jobs 1`") in text
        assert (f"seed {seed} is {'won' if status == 'WINNABLE' else status.lower()} after "
                f"{positions / 1e6:,.0f} million positions in {seconds_taken / 60:.0f} minutes"
                ) in text
    everything = "So every one of the thousand deals is settled:"
    assert (everything in text) == (not open_seeds(classic[2]))


#: Seed 439 run again within the default memory, the bound the README says it needs more than.
WITHIN_DEFAULT_MEMORY = "aces_up_classic_deferred_positions_seed_439_memory_1024.log"


def test_the_readme_quotes_seed_439_within_the_default_memory(classic):
    header, ((seed, status, seconds_taken, positions),) = read(WITHIN_DEFAULT_MEMORY)
    assert seed == 439 and header.startswith("classic rules, budget ")
    assert "deferred-discard search, tier numba" in header
    assert memory(header) << 20 == DEFAULT_MEMORY
    _, ((_, bigger_status, _, bigger_positions),) = read(FOLLOW_UPS[439])
    assert budget(header) == budget(read(FOLLOW_UPS[439])[0])
    assert bigger_status == "LOST" and status == "UNSETTLED" and positions > bigger_positions
    entry = int(re.search(r"the packed table of (\d+) bytes an entry", readme_text())[1])
    held = (DEFAULT_MEMORY // entry) / 1e6
    assert (f"Within the default `--memory {memory(header)}`, which holds {held:.0f} million, "
            f"seed 439 stays unsettled after {budget(header) // 10**6} million positions in "
            f"{seconds_taken / 60:.0f} minutes") in readme_text()
    assert WITHIN_DEFAULT_MEMORY.endswith(f"_memory_{memory(header)}.log")


def test_the_packed_table_is_as_large_an_entry_as_the_readme_says():
    pytest.importorskip("numba")
    from cardgames.aces_up.search import deferred_driver
    entry = int(re.search(r"the packed table of (\d+) bytes an entry", readme_text())[1])
    assert deferred_driver.BYTES_PER_ENTRY == entry


def test_the_deferred_search_settles_every_deal_the_plain_one_did_and_agrees(classic):
    deferred = {r[0]: r[1] for r in classic[2]}
    text = readme_text()
    left = []
    for log, within in zip(PLAIN_CLASSIC, ("25 million positions", "10 s a deal")):
        plain = {r[0]: r[1] for r in read(log)[1]}
        settled = [seed for seed, status in plain.items() if status != "UNSETTLED"]
        assert len(settled) > 850
        assert all(deferred[seed] == plain[seed] for seed in settled)
        opened = [seed for seed, status in plain.items() if status == "UNSETTLED"]
        assert f"{len(opened)} {'within' if left else 'deals unsettled within'} {within}" in text
        left.append([deferred[seed] for seed in opened])
    at_positions = left[0]
    still = open_seeds(classic[2])
    assert ((f"all but {seeds_text(still)} of those they left open" if still
             else "every one they left open") + f" ({at_positions.count('LOST')} of the "
            f"{len(at_positions)} lost, {at_positions.count('WINNABLE')} winnable)") in text
    assert ("the deferred one settles every deal of seeds 0..999"
            + (f" but {seeds_text(still)}" if still else "") + " (the odds above)") in text


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
def test_the_readme_row_of_a_player_is_the_summary_of_its_log(name, player_deals, classic):
    deals = player_deals[name]
    solver = {deal[0]: deal[1] for deal in classic[2]}
    winnable = sum(status == "WINNABLE" for status in solver.values())
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
    assert cells[5] == f"{converted} ({converted / winnable:.1%})"
    assert (f"| of the {winnable} deals of seeds 0..999 winnable with the stock known |"
            in readme)
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


def test_the_readme_text_quotes_the_run_without_lone_moves(no_lone):
    header, results, settled = no_lone
    won, lost, _ = counts(results)                  # the run's own, before its follow-ups
    text = readme_text()
    processes = int(re.search(r"(\d+) processes$", header)[1])
    minutes = sum(r[2] for r in results) / processes / 60
    assert (f"Without lone moves the deferred search ({budget(header) // 10**6} million "
            f"positions a deal, {memory(header) // 1024} GiB for each of {processes} processes, "
            f"{minutes:.0f} minutes for the thousand) finds {won} of the deals winnable and "
            f"proves {lost} lost") in text
    for seed in open_seeds(results):
        later, ((_, status, seconds_taken, positions),) = read(NO_LONE_FOLLOW_UPS[seed])
        assert (f"seed {seed}, the one it leaves open, is {status.lower()} after "
                f"{positions / 1e6:,.0f} million positions in {seconds_taken / 60:.0f} minutes "
                f"(`--memory {memory(later)}`)") in text
    assert counts(settled)[2] == 0
    assert f"so the winnable share without lone moves is {share_text(settled)}" in text
    plain = {r[0]: r[1] for r in read(PLAIN_NO_LONE)[1]}
    deferred = {r[0]: r[1] for r in settled}
    assert all(deferred[seed] == status for seed, status in plain.items()
               if status != "UNSETTLED")
    opened = [deferred[seed] for seed, status in plain.items() if status == "UNSETTLED"]
    assert (f"the same verdict as the plain search on every deal that one settled, and a "
            f"verdict on each of the {len(opened)} it left open ({opened.count('LOST')} lost, "
            f"{opened.count('WINNABLE')} winnable)") in text
