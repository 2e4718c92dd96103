"""The line viewer (spec §7): its grammar, range checks, menu, prompt, and quitting."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, strategies as st
from strategies import examples

from cardgames.viewer import PROMPT, Answer, Selection, menu_lines, parse_request, view

N = 1070
QUIT, INVALID = Answer.QUIT, Answer.INVALID

#: Every row of the input table of spec §7 (N = 1070).
SPEC_TABLE = [
    *[(text, Selection(1, 5)) for text in ("5", " 5 ", "\t5\t", "05")],
    *[(text, Selection(1068, 1070)) for text in ("-3", "  -3", "-3 ")],
    ("-1", Selection(1070, 1070)), ("1070", Selection(1, 1070)), ("-1070", Selection(1, 1070)),
    *[(text, Selection(2, 7)) for text in ("2--7", "2 --7", "2-- 7")],
    ("  4 -- 9 ", Selection(4, 9)), ("1--1", Selection(1, 1)), ("1--1070", Selection(1, 1070)),
    *[(text, QUIT) for text in ("q", " q", "q ", "\tq\t")],
    *[(text, INVALID) for text in (
        "+3", "+2--5", "0", "-0", "- 3", "1 0", "2 - -7", "3--2", "5--", "--5", "4--9--10",
        "1.0", "abc", "", "Q", "1071", "-1071", "\u0663", "5\r", "q\r")],
]


@pytest.mark.parametrize("text, expected", SPEC_TABLE)
def test_every_row_of_the_spec_table(text, expected):
    assert parse_request(text, N) == expected


def test_more_edges():
    assert parse_request("\t2\t--\t7\t", N) == Selection(2, 7)
    assert parse_request("0" * 5000 + "7", N) == Selection(1, 7)
    assert parse_request("9" * 5000, N) is INVALID          # longer than int() reads
    assert parse_request("-" + "9" * 5000, N) is INVALID
    assert parse_request("1--" + "9" * 5000, N) is INVALID
    assert parse_request("1", 0) is INVALID and parse_request("q", 0) is QUIT
    assert parse_request("\u00a05", N) is INVALID            # no-break space is not a blank
    assert parse_request("\uff15", N) is INVALID             # fullwidth digit five
    assert parse_request("2\u20137", N) is INVALID           # en dash
    assert parse_request("qq", N) is INVALID and parse_request("q 5", N) is INVALID


def oracle(text: str, count: int) -> Selection | Answer:
    """§7 read by hand (no regular expression): blanks, ASCII digits, the three forms."""
    blanks, digits = " \t", "0123456789"

    def number(word):
        return int(word) if word and all(ch in digits for ch in word) else None

    body = text.strip(blanks)
    if body == "q":
        return QUIT
    if body.startswith("-") and not body.startswith("--"):
        v = number(body[1:])
        return Selection(count - v + 1, count) if v is not None and 1 <= v <= count else INVALID
    if "--" in body:
        left, _, right = body.partition("--")
        a, b = number(left.rstrip(blanks)), number(right.lstrip(blanks))
        ok = a is not None and b is not None and 1 <= a <= b <= count
        return Selection(a, b) if ok else INVALID
    v = number(body)
    return Selection(1, v) if v is not None and 1 <= v <= count else INVALID


PIECES = st.sampled_from([" ", "\t", "-", "--", "q", "Q", "0", "1", "2", "3", "9", "07", "10",
                          "\u0663", "+", "\r", ".", "\u00a0", "\n", "12", "100"])


@examples(200)
@given(st.one_of(st.text(max_size=12), st.lists(PIECES, max_size=8).map("".join)),
       st.integers(1, 120))
@example("  4 -- 9 ", 1070)
@example("-0", 5)
def test_the_grammar_accepts_exactly_what_the_spec_says(text, count):
    assert parse_request(text, count) == oracle(text, count)


def run_viewer(lines, inputs):
    """Run the viewer with scripted input; return what it wrote and its status."""
    script = iter(inputs)
    written = io.StringIO()

    def read(prompt):
        written.write(prompt)
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    status = view(lines, read=read, write=written.write)
    return written.getvalue(), status


def menu(count):
    return "".join(line + "\n" for line in menu_lines(count)) + PROMPT


def test_menu_text_and_prompt():
    assert menu(3) == (
        "Enter: q to quit\n"
        "       a last line number (between 1 and 3)\n"
        "       a first line number (between -1 and -3)\n"
        "       a range of line numbers (of the form m--n with 1 <= m <= n <= 3)\n"
        "       ")


def test_a_session_header_requests_invalid_and_quit():
    lines = ["one", "", "three"]
    out, status = run_viewer(lines, ["2", "x", "-1", "1--3", " q "])
    header = "There are 3 lines of output; what do you want me to do?\n\n"
    assert status == 0
    assert out == (header + menu(3) + "\none\n\n\n" + menu(3) + "\n" + menu(3)
                   + "\nthree\n\n" + menu(3) + "\none\n\nthree\n\n" + menu(3))


def test_end_of_input_quits_quietly():
    out, status = run_viewer(["a"], [])
    assert status == 0
    assert out == "There are 1 lines of output; what do you want me to do?\n\n" + menu(1)


def test_ctrl_c_propagates_for_the_front_end_to_end_cleanly():
    def read(prompt):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        view(["a"], read=read, write=lambda text: None)
