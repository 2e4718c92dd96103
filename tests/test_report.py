"""The people's simulation report: counts, shares with the decimals their interval needs,
bars, the exact odds, JSON, and the plot."""

import json
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from cardgames import plot, report
from cardgames.simulate import wilson_interval

SVG = "{http://www.w3.org/2000/svg}"
LAYOUT = report.Layout("Cards left", descending=True)
WON = report.Layout("Won, cards left", total_label="won")


def test_wilson_interval_by_hand():
    # p = 0.19, n = 1000, z = 1.96: centre 0.191186, half-width 0.024297
    low, high = wilson_interval(190, 1000)
    assert low == pytest.approx(0.166889, abs=1e-5) and high == pytest.approx(0.215483, abs=1e-5)


@pytest.mark.parametrize("k, n", [(0, 1), (0, 50), (50, 50), (1, 3), (123, 100000)])
def test_wilson_interval_holds_the_frequency_and_stays_in_0_1(k, n):
    low, high = wilson_interval(k, n)
    assert 0 <= low <= k / n <= high <= 1


@pytest.mark.parametrize("share, decimals, text", [
    (Fraction(1, 3), 2, "33.33%"), (Fraction(2, 3), 4, "66.6667%"), (0, 2, "0.00%"),
    (1, 2, "100.00%"), (Fraction(1, 8000), 2, "0.01%"), (Fraction(1, 16000), 3, "0.006%"),
    (0.5, 0, "50%")])
def test_percent_text_rounds_exactly(share, decimals, text):
    assert report.percent_text(share, decimals) == text


def cells(line):
    """The cells of a table line."""
    return [cell.strip() for cell in line.split(" | ")]


def percent(text):
    """A printed percentage as an exact Fraction of 1."""
    return Fraction(text.rstrip("%")) / 100


def test_a_row_of_one_game_in_a_million_is_not_zero():
    lines = report.table(LAYOUT, {3: 1, 0: 999_999}, 1_000_000)
    key, games, share, interval, *_ = cells(lines[2])
    low, high = interval.split(" – ")
    assert (key, games, share, low) == ("3", "1", "0.00010%", "0.00002%")
    assert low != "0.0000%" and percent(low) > 0 and low != high
    assert "0.00% – 0.00%" not in "\n".join(lines)


def test_the_sevens_tail_of_a_hundred_million_games_reads_as_the_readme_shows():
    lines = report.table(LAYOUT, {20: 1, 0: 58_710_734}, 100_000_000)
    assert cells(lines[2])[:4] == ["20", "1", "0.0000010%", "0.0000002% – 0.0000057%"]


@examples(200, deadline=None)
@given(st.integers(1, 10**9).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n), min_size=1, max_size=8))),
    st.integers(40, 200))
def test_every_row_shows_its_share_inside_an_interval_with_separate_bounds(n_counts, width):
    n, counts = n_counts
    counts = {k: c for k, c in enumerate(counts)}
    if sum(counts.values()) > n:  # the outcomes of n games
        return
    lines = report.table(LAYOUT, counts, n, width=width)
    for line in lines[2:]:
        key, games, share, interval, *_ = cells(line)
        low, high = (percent(text) for text in interval.split(" – "))
        assert low <= percent(share) <= high
        assert low < high
        count = int(games.replace(",", ""))
        assert count == counts[int(key)]
        if 0 < count < n:
            assert low < percent(share) < high
        if count:
            assert percent(share) > 0


@examples(200, deadline=None)
@given(st.dictionaries(st.integers(0, 30), st.integers(1, 10**7), min_size=1, max_size=20),
       st.integers(60, 240))
def test_every_line_fits_and_bars_grow_with_counts(counts, width):
    n = sum(counts.values()) + 5
    lines = report.table(LAYOUT, counts, n, width=width)
    numbers = max(map(len, report.table(LAYOUT, counts, n, width=0)))   # no room for bars
    assert all(len(line) <= max(width, numbers) for line in lines)   # fits when numbers do
    bars = {int(cells(line)[0]): line.split(" | ")[-1] for line in lines[2:]}
    if not all(set(bar) <= set("█▏▎▍▌▋▊▉") for bar in bars.values()):
        return  # the numbers left no room for bars
    length = {k: 8 * bar.count("█") + sum(report.EIGHTHS.index(c) for c in bar if c != "█")
              for k, bar in bars.items()}
    for a in counts:
        for b in counts:
            if counts[a] <= counts[b]:
                assert length[a] <= length[b]
    assert all(length[k] > 0 for k in counts)


def test_the_largest_bar_fills_the_width():
    lines = report.table(LAYOUT, {2: 10, 0: 40}, 50, width=100)
    assert len(lines[-1]) == 100 and lines[-1].endswith("█")
    assert all(len(line) <= 100 for line in lines)


def test_no_bars_when_the_numbers_fill_the_width():
    lines = report.table(LAYOUT, {2: 10, 0: 40}, 50, width=30)
    assert not any(set(line) & set("█▏▎▍▌▋▊▉") for line in lines)


def test_exact_rows_total_and_column():
    exact = report.Exact({4: 6750, 5: 2198, 6: 399}, 35960)
    lines = report.table(WON, {4: 190, 5: 62, 6: 11}, 1000, exact)
    assert cells(lines[0])[:6] == ["Won, cards left", "Games", "Share", "95% interval", "Exact"]
    assert cells(lines[2])[:5] == ["4", "190", "19.00%", "16.69% – 21.55%", "18.77%"]
    assert cells(lines[-1]) == ["won", "263", "26.30%", "23.67% – 29.12%", "25.99%"]
    assert set(lines[-2]) == {"-", "+"}


def test_rows_are_seen_or_known_outcomes_in_order():
    exact = report.Exact({5: 1, 2: 4}, 8)
    lines = report.table(LAYOUT, {2: 3, 0: 1}, 4, exact)
    assert [cells(line)[0] for line in lines[2:]] == ["5", "2", "0"]
    assert cells(lines[2])[1:3] == ["0", "0.00%"] and cells(lines[4])[4] == "0.00%"


def test_the_exact_table_has_counts_the_share_and_the_whole():
    exact = report.Exact({4: 6750, 5: 2198, 6: 399}, 35960)
    lines = report.table(report.Layout("Won, cards left", "Placements", "won"),
                         exact.counts, exact.total, intervals=False)
    assert cells(lines[2])[:3] == ["4", "6,750", "18.77%"]
    assert cells(lines[-1]) == ["won", "9,347 of 35,960", "25.99%"]
    assert "interval" not in lines[0]


def test_json_keeps_integer_counts_the_exact_counts_and_their_whole():
    exact = report.Exact({4: 1}, 3)
    document = json.loads(report.as_json("g", {4: 3}, 10, 7, "left", exact, total_label="won"))
    assert document["games"] == 10 and document["first_seed"] == 7
    assert document["placements"] == 3 and document["won"] == 3
    (row,) = document["rows"]
    assert row["left"] == 4 and row["games"] == 3 and row["exact_placements"] == 1
    assert row["share"] == 0.3 and row["exact_share"] == 1 / 3


def test_exact_json_has_integer_counts_that_add_up():
    exact = report.Exact({4: 6750, 5: 2198, 6: 399}, 35960)
    document = json.loads(report.exact_json("solitaire-1", exact, "left", "won"))
    assert document["placements"] == 35960 and document["won"] == 9347
    assert sum(row["placements"] for row in document["rows"]) == document["won"]
    assert [row["left"] for row in document["rows"]] == [4, 5, 6]


def parsed_svg(text):
    """The SVG's root, and its bars."""
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    return root, [e for e in root.iter(SVG + "rect") if e.get("class") == "bar"]


@examples(100, deadline=None)
@given(st.dictionaries(st.integers(0, 25), st.integers(0, 10**6), min_size=1, max_size=15))
def test_the_simulation_plot_parses_with_a_bar_and_an_interval_per_outcome(counts):
    n = sum(counts.values()) + 1
    text = report.simulation_plot("solitaire-2: <cards> & more", "cards left", counts, n)
    root, bars = parsed_svg(text)
    seen = [k for k, c in counts.items() if c]
    expected = max(seen) - min(seen) + 1 if seen else 0  # every number of cards in between
    assert len(bars) == expected
    intervals = [g for g in root.iter(SVG + "g") if g.get("class") == "interval"]
    assert len(intervals) == expected
    assert root.find(SVG + "title").text == "solitaire-2: <cards> & more"
    heights = {float(b.get("height")) for b in bars}
    assert all(h >= 0 for h in heights)


def test_the_exact_plot_has_no_intervals_and_names_the_game():
    exact = report.Exact({4: 6750, 5: 2198, 6: 399}, 35960)
    root, bars = parsed_svg(report.exact_plot("solitaire-1: exact odds", "cards left", exact))
    assert len(bars) == 3 and not [g for g in root.iter(SVG + "g")
                                   if g.get("class") == "interval"]
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "solitaire-1: exact odds" in texts and "cards left" in texts
    heights = [float(b.get("height")) for b in bars]
    assert heights[0] > heights[1] > heights[2] > 0


@pytest.mark.parametrize("top, step", [(58.7, 20), (18.8, 5), (1.0, 0.2), (0.003, 0.001)])
def test_nice_steps(top, step):
    assert plot.nice_step(top) == pytest.approx(step)


def test_the_json_of_a_simulation_and_of_the_exact_odds_share_one_vocabulary():
    exact = report.Exact({4: 1, 5: 1}, 3)
    games = json.loads(report.as_json("g", {4: 3}, 10, 7, "left", exact, total_label="won"))
    exact_odds = json.loads(report.exact_json("g", exact, "left", "won"))
    assert set(games["rows"][0]) == {"left", "games", "share", "ci95", "exact_placements",
                                     "exact_share"}
    assert set(exact_odds["rows"][0]) == {"left", "placements", "share"}
    assert {"won", "won_share"} <= set(games) & set(exact_odds)
    assert games["rows"][0]["share"] == 0.3 and games["won_share"] == 0.3
    assert games["rows"][0]["exact_share"] == exact_odds["rows"][0]["share"] == 1 / 3


def test_each_bar_of_both_plots_shows_its_count():
    counts = {0: 587_107, 2: 52_967, 10: 7_579, 14: 232, 17: 1}      # rows 1, 3..9, ... unseen
    root, bars = parsed_svg(report.simulation_plot("s", "cards left", counts, 10**6))
    labels = [t.text for t in root.iter(SVG + "text") if t.get("class") == "count"]
    assert labels == [report.count_text(counts.get(k, 0)) for k in range(18)]
    exact = report.Exact({4: 6750, 5: 2198, 6: 399}, 35960)
    root, _ = parsed_svg(report.exact_plot("e", "cards left", exact))
    assert [t.text for t in root.iter(SVG + "text") if t.get("class") == "count"] == [
        "6,750", "2,198", "399"]
