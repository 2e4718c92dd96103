"""The progress bar of a long run: only on a terminal, within its width, erased at the end."""

import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from cardgames import progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_only_for_long_runs_on_a_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")  # the width of a stream that is not a real terminal
    assert progress.progress_bar(10**6, io.StringIO()) is None
    assert progress.progress_bar(10, Terminal()) is None
    screen = Terminal()
    show = progress.progress_bar(200_000, screen)
    show(100_000)
    assert "100,000 of 200,000 games" in screen.getvalue()
    show(200_000)
    assert screen.getvalue().endswith("\r\x1b[K")  # the bar is erased at the end


@examples(300, deadline=None)
@given(st.integers(1, 10**12).flatmap(lambda t: st.tuples(st.just(t), st.integers(0, t))),
       st.floats(0, 10**6), st.integers(2, 300))
def test_the_progress_line_fits_and_says_how_far(total_done, elapsed, columns):
    total, done = total_done
    line = progress.progress_line(done, total, elapsed, columns)
    assert len(line) < columns
    if columns >= 12:
        assert f"{100 * done // total}%" in line


def test_the_progress_line_shows_rate_and_time_left_when_there_is_room():
    line = progress.progress_line(500_000, 2_000_000, 2.0, 120)
    assert re.search(r"\[█{10} {30}\]  25%    500,000 of 2,000,000 games   250k games/s  "
                     r"0:06 left$",
                     line), line
    narrow = progress.progress_line(500_000, 2_000_000, 2.0, 40)
    assert "250k games/s" in narrow and "0:06 left" in narrow and len(narrow) < 40
    assert progress.progress_line(0, 2_000_000, 0.0, 80).startswith("[ ")


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (65, "1:05"), (3600, "1:00:00"),
                                           (360_000, "over 99 h")])
def test_duration_text(seconds, text):
    assert progress.duration_text(seconds) == text


@pytest.mark.parametrize("rate, text", [(0.4, "0"), (9876.4, "9,876"), (12_345, "12.3k"),
                                        (123_456, "123k"), (1_234_567, "1.23M"),
                                        (999_999, "1.00M"), (99_999, "100k"),
                                        (9_999_999, "10.0M")])
def test_rate_text(rate, text):
    assert progress.rate_text(rate) == text


@given(st.floats(0, 1e12))
def test_a_rate_keeps_the_width_of_the_progress_line(rate):
    assert len(progress.rate_text(rate)) <= 5


def test_a_dumb_terminal_gets_the_progress_bar_without_control_sequences(monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("COLUMNS", "120")
    screen = Terminal()
    show = progress.progress_bar(200_000, screen)
    show(100_000)
    show(200_000)
    text = screen.getvalue()
    assert "100,000 of 200,000 games" in text and "\x1b" not in text
    widest = max(len(line) for line in text.split("\r") if line.strip())
    assert text.endswith("\r" + " " * (widest + 2) + "\r")     # blanked at the end
