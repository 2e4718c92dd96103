"""The people's simulation report: intervals, exact column, JSON, progress bar."""

import io
import json
from fractions import Fraction

import pytest

from cardgames import report
from cardgames.simulate import wilson_interval


def test_wilson_interval_by_hand():
    # p = 0.19, n = 1000, z = 1.96: centre 0.191186, half-width 0.024297
    low, high = wilson_interval(190, 1000)
    assert low == pytest.approx(0.166889, abs=1e-5) and high == pytest.approx(0.215483, abs=1e-5)


@pytest.mark.parametrize("k, n", [(0, 1), (0, 50), (50, 50), (1, 3), (123, 100000)])
def test_wilson_interval_holds_the_frequency_and_stays_in_0_1(k, n):
    low, high = wilson_interval(k, n)
    assert 0 <= low <= k / n <= high <= 1


def test_table_rows_are_seen_or_known_outcomes_in_order():
    lines = report.table("Cards | Frequency", {2: 3, 0: 1}, 4,
                         exact={5: Fraction(1, 8), 2: Fraction(1, 2)}, descending=True)
    assert [line.split(" | ")[0].strip() for line in lines[2:]] == ["5", "2", "0"]
    assert lines[3].split(" | ")[1] == "   75.00%" and lines[3].endswith("|    50.00%")
    assert lines[4].endswith("|     0.00%")  # an outcome with no known odds shows 0
    assert {len(line) for line in lines} == {len(lines[0])}


def test_json_keeps_integer_counts_and_exact_fractions():
    document = json.loads(report.as_json("g", {4: 3}, 10, 7, "left", {4: Fraction(1, 3)}))
    assert document["games"] == 10 and document["first_seed"] == 7
    (row,) = document["rows"]
    assert row["left"] == 4 and row["games"] == 3 and row["exact"] == "1/3"
    assert row["frequency"] == 0.3


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_only_for_long_runs_on_a_terminal():
    assert report.progress_bar(10**6, io.StringIO()) is None
    assert report.progress_bar(10, Terminal()) is None
    screen = Terminal()
    show = report.progress_bar(200_000, screen)
    show(100_000)
    assert "100,000/200,000 games" in screen.getvalue()
    show(200_000)
    assert screen.getvalue().endswith("\r")  # the bar is wiped at the end
