"""A line of status rewritten in place on a terminal (cardgames.status_line)."""

import io

import pytest

from cardgames.status_line import StatusLine


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self):
        return True


def test_a_status_line_is_rewritten_in_place_and_erased():
    stream = Terminal()
    with StatusLine(stream) as status:
        status.show("solving: 1,000 positions")
        status.show("solving: 2 positions")
    assert stream.getvalue() == ("\rsolving: 1,000 positions\x1b[K"
                                 "\rsolving: 2 positions\x1b[K"
                                 "\r\x1b[K")


def test_a_status_line_fits_the_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "20")
    stream = Terminal()
    StatusLine(stream).show("x" * 100)
    assert stream.getvalue() == "\r" + "x" * 17 + "\x1b[K"    # room for an echoed ^C


def test_no_status_line_off_a_terminal():
    stream = io.StringIO()
    with StatusLine(stream) as status:
        status.show("solving")
    assert stream.getvalue() == ""


def test_a_status_line_on_a_closed_stream_is_dropped():
    stream = Terminal()
    status = StatusLine(stream)
    stream.close()
    status.show("solving")            # no exception: the line is simply not shown
    assert not status.on


def test_a_dumb_terminal_gets_no_control_sequence_and_the_line_is_blanked(monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("COLUMNS", "40")
    stream = Terminal()
    with StatusLine(stream) as status:
        status.show("solving: 1,000 positions")
        status.show("solving: 2")
    assert stream.getvalue() == ("\rsolving: 1,000 positions"
                                 "\rsolving: 2" + " " * 14 +       # the longer line blanked
                                 "\r" + " " * 26 + "\r")           # all, and an echoed ^C


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_a_status_line_never_wraps_so_it_is_erased_on_any_width(monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    stream = Terminal()
    with StatusLine(stream) as status:
        status.show("solving: 1,000 positions")
    shown = stream.getvalue().split("\x1b[K")[0].lstrip("\r")
    assert shown == "solving: 1,000 positions"[:max(0, width - 3)]
    assert stream.getvalue().endswith("\r\x1b[K")


def test_a_terminal_that_does_not_know_its_width_is_taken_as_80_columns(monkeypatch):
    import os
    import pty

    monkeypatch.delenv("COLUMNS", raising=False)
    master, terminal = pty.openpty()                # nobody sized it: 0 columns
    try:
        assert os.get_terminal_size(terminal).columns == 0
        with os.fdopen(os.dup(terminal), "w") as stream:
            monkeypatch.setattr("shutil.get_terminal_size", lambda: os.terminal_size((0, 0)))
            line = StatusLine(stream)
            assert line.columns() == 80
            line.show("solving: 12 positions")
        assert b"solving: 12 positions" in os.read(master, 1000)
    finally:
        os.close(master)
        os.close(terminal)
