"""A line of status rewritten in place on a terminal (cardgames.status_line)."""

import io

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
