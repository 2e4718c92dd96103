"""The ``cardgames 24`` subcommand: how values and hands are read, the distinct solutions
with their postfix forms, ``--forms``, and usage errors in plain words."""

import argparse
import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples
from twenty_four_brute import infix_value

from cardgames.twenty_four import cli, program, solver

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"(\S+) +\(([0-9,]+) forms?\)")
COUNT = re.compile(r"([0-9,]+) distinct solutions? \(([0-9,]+) postfix forms?\)\.")


def run(*argv):
    """(status, stdout, stderr) of ``cardgames 24 ARGV`` through a parser with only this command."""
    parser = argparse.ArgumentParser(prog="cardgames")
    cli.add_parser(parser.add_subparsers(dest="command", required=True))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args = parser.parse_args(["24", *argv])
            status = args.func(args.parser, args)
        except SystemExit as exit_:
            status = exit_.code
    return status, out.getvalue(), err.getvalue()


def rows(out):
    """The (expression, number of forms) rows and the (distinct, forms) of the count line."""
    *lines, last = out.splitlines()
    found = [ROW.fullmatch(line) for line in lines]
    assert all(found), lines
    count = COUNT.fullmatch(last)
    assert count, last
    return ([(m[1], number(m[2])) for m in found], (number(count[1]), number(count[2])))


def number(text):
    """The int of a count such as ``1,234``."""
    return int(text.replace(",", ""))


# ------------------------------------------------------------------ byte-exact outputs

def test_3388_as_one_token_is_a_hand():
    expected = "8/(3-8/3)  (1 form)\n1 distinct solution (1 postfix form).\n"
    assert run("3388") == (0, expected, "")
    assert run("3", "3", "8", "8") == (0, expected, "")


def test_a23q_distinct_with_aligned_form_counts():
    expected = ("(3+1)*12/2  (16 forms)\n(3+1-2)*12  (16 forms)\n12/(3/2-1)  (1 form)\n"
                "3 distinct solutions (33 postfix forms).\n")
    assert run("A", "2", "3", "Q") == (0, expected, "")
    assert run("a23q") == (0, expected, "")
    assert run("--distinct", "A", "2", "3", "q") == (0, expected, "")  # the old option


def test_forms_lists_every_postfix_form():
    assert run("--forms", "3388") == (0, "8/(3-8/3)\n1 postfix form.\n", "")
    status, out, _ = run("--forms", "A", "2", "3", "Q")
    *lines, last = out.splitlines()
    assert status == 0 and last == "33 postfix forms." and lines == sorted(set(lines))


def test_no_solution():
    assert run("1", "1", "1", "1") == (0, "No solution.\n", "")
    assert run("--forms", "AAAA") == (0, "No solution.\n", "")


def test_zero_is_typed_with_a_sign_and_a_bare_0_is_the_ten():
    expected = "0/5  (1 form)\n5*0  (2 forms)\n2 distinct solutions (3 postfix forms).\n"
    assert run("--target", "0", "+0", "5") == (0, expected, "")
    status, out, err = run("--target", "20", "0", "2")
    assert status == 0
    assert err == "cardgames 24: note: 0 is the ten, as in twenty_four.py; zero is +0\n"
    assert "10*2  (2 forms)" in out


def test_one_number_says_so_and_how_to_give_a_hand():
    assert run("1038") == (
        0, "No solution.\n",
        "cardgames 24: note: '1038' is one value; for 10 3 8, give them apart\n")
    assert run("1111")[2] == (
        "cardgames 24: note: '1111' is one value; for 1 1 1 1, give them apart\n")
    status, out, err = run("--target", "3388", "+3388")
    assert (status, out) == (0, "3388  (1 form)\n1 distinct solution (1 postfix form).\n")
    assert err == ("cardgames 24: note: read one value; give a hand (3388) or several "
                   "values apart\n")


# ------------------------------------------------------------------ reading the values

@pytest.mark.parametrize("token, values", [
    ("3388", [3, 3, 8, 8]), ("AAAA", [1, 1, 1, 1]), ("a23q", [1, 2, 3, 12]),
    ("10JQK", [10, 11, 12, 13]), ("tT010", [10, 10, 10, 10]), ("0000", [10, 10, 10, 10]),
    (" K9T2 ", [13, 9, 10, 2])])
def test_a_single_token_of_four_cards_is_a_hand(token, values):
    assert cli.read_values([token]) == cli.Reading(values, [])


@pytest.mark.parametrize("text, value", [
    ("A", 1), ("a", 1), ("2", 2), ("9", 9), ("10", 10), ("0", 10), ("t", 10), ("T", 10),
    ("j", 11), ("Q", 12), ("K", 13), ("-3", -3), ("100", 100), ("+0", 0), ("-0", 0),
    ("00", 0), ("3388", 3388), (" 7 ", 7)])
def test_values(text, value):
    assert cli.parse_value(text) == value


@pytest.mark.parametrize("tokens, message", [
    (["A23Q", "5"], "'A23Q' is a hand: give it alone or its cards apart"),
    (["A23"], "'A23' is 3 cards (a hand is four): give them apart"),
    (["10JQ"], "'10JQ' is 3 cards (a hand is four): give them apart"),
    (["AJQK2"], "'AJQK2' is 5 cards (a hand is four): give them apart"),
    (["x"], "cannot read 'x' as a value"),
    (["1.5", "2"], "cannot read '1.5' as a value"),
    ([""], "cannot read '' as a value"),
    (["\u0663"], "cannot read '\u0663' as a value"),
    (["\uff13", "3"], "cannot read '\uff13' as a value"),
    (["\u212a"], "cannot read '\u212a' as a value"),  # the Kelvin sign, which lowers to k
    (["X" * 100_000], "cannot read 'XXXXXXXXXXXX...' as a value"),
])
def test_unreadable_values(tokens, message):
    with pytest.raises(cli.ValuesError) as error:
        cli.read_values(tokens)
    assert str(error.value).splitlines()[0] == message


CARD_SPELLINGS = {1: "Aa", 10: ["0", "T", "t", "10"], 11: "Jj", 12: "Qq", 13: "Kk",
                  **{n: str(n) for n in range(2, 10)}}


@st.composite
def hands(draw):
    """Four card values and one way to write them as one token."""
    values = draw(st.lists(st.integers(1, 13), min_size=4, max_size=4))
    return values, "".join(draw(st.sampled_from(list(CARD_SPELLINGS[v]))) for v in values)


@examples(40, deadline=None)
@given(hands())
def test_a_hand_token_reads_as_its_values_apart_and_as_twenty_four_py(hand):
    values, token = hand
    assert cli.read_values([token]) == cli.Reading(values, [])
    letters = ["A234567890JQK"[v - 1] for v in values]
    lines = cli.distinct_lines(values, 24)
    postfix_count = len(program.solution_lines(letters))
    if postfix_count == 0:
        assert lines == ["No solution."]
    else:
        assert COUNT.fullmatch(lines[-1])[2].replace(",", "") == str(postfix_count)


# ------------------------------------------------------------------ what is listed

@st.composite
def problems(draw):
    """Values (zero and negatives included) and an int target that some tree often makes."""
    values = draw(st.lists(st.integers(-3, 13), min_size=1, max_size=4))
    target = draw(st.sampled_from([24, 0, 1, -2, 10]))
    if draw(st.booleans()):
        values_left = list(values)
        made = values_left.pop()
        for value in values_left:
            made = solver.apply(draw(st.sampled_from(solver.OPERATORS)), made, value)
            if made is None:
                break
        if made is not None and made == int(made):
            target = int(made)
    return values, target


def as_arguments(values):
    """Command-line tokens for the values: zero as ``+0``, the others as numbers."""
    return ["+0" if v == 0 else str(v) for v in values]


@examples(60, deadline=None)
@given(problems())
def test_distinct_solutions_make_the_target_and_their_forms_add_up(problem):
    values, target = problem
    status, out, err = run("--target", str(target), "--", *as_arguments(values))
    assert status == 0 and "Traceback" not in err
    total = solver.count_solutions(values, target)
    assert total == len(solver.solutions(values, target))
    if total == 0:
        assert out == "No solution.\n"
        return
    listed, (distinct, forms) = rows(out)
    assert (distinct, forms) == (len(listed), total)
    assert sum(n for _, n in listed) == total and all(n >= 1 for _, n in listed)
    assert [text for text, _ in listed] == sorted({text for text, _ in listed})
    for text, _ in listed:
        assert infix_value(text) == (target, sorted(values))


@examples(40, deadline=None)
@given(problems())
def test_forms_lists_each_postfix_solution_once(problem):
    values, target = problem
    status, out, _ = run("--forms", "--target", str(target), "--",
                         *as_arguments(values))
    *lines, last = out.splitlines()
    total = solver.count_solutions(values, target)
    assert status == 0 and len(lines) == total == len(set(lines))
    assert last == ("No solution." if total == 0 else
                    f"{total:,} postfix form{'' if total == 1 else 's'}.")
    for line in lines:
        assert infix_value(line) == (target, sorted(values))


def test_form_counts_of_the_solver_add_up_to_every_postfix_solution():
    for values, target in [([1, 5, 6, 7, 9], 100), ([1, 2, 3, 12], 24), ([0, 0, 5], 0),
                           ([2, 2, 2], 8), ([7], 7), ([7], 8)]:
        found = solver.distinct_solution_counts(values, target)
        raw = solver.solutions(values, target)
        assert sum(n for _, n in found) == len(raw) == solver.count_solutions(values, target)
        per_form = {}
        for expr in raw:
            form = solver.without_ones(solver.canonical(expr))
            per_form[form] = per_form.get(form, 0) + 1
        assert {solver.without_ones(solver.canonical(expr)): n for expr, n in found} == per_form
        assert [e for e, _ in found] == solver.distinct_solutions(values, target)


def test_target_100_merges_the_140_forms():
    status, out, _ = run("--target", "100", "1", "5", "6", "7", "9")
    listed, (distinct, forms) = rows(out)
    assert status == 0 and forms == 140 == len(solver.solutions([1, 5, 6, 7, 9], 100))
    assert distinct == len(listed) < 20
    assert listed[0] == ("((9+6)*7-5)*1", 88)       # the 1 placed anywhere: one way
    assert distinct == 4
    assert all(len(line) <= 79 for line in out.splitlines())


@pytest.mark.parametrize("n, noun, text", [(0, "form", "0 forms"), (1, "form", "1 form"),
                                            (2, "form", "2 forms"),
                                            (1234, "form", "1,234 forms")])
def test_plurals(n, noun, text):
    assert cli._plural(n, noun) == text


def test_the_form_column_is_aligned_within_79_columns():
    lines = cli._aligned([("1+2", "(1 form)"), ("(1+2)*3", "(12 forms)"),
                          ("9" * 75, "(2 forms)")])
    assert lines == ["1+2      (1 form)", "(1+2)*3  (12 forms)", "9" * 75 + "  (2 forms)"]


# ------------------------------------------------------------------ usage errors

@pytest.mark.parametrize("argv, message", [
    (["x", "1"], "cannot read 'x' as a value"),
    ([], "give 1 to 6 values, or a hand of four cards as in 3388"),
    (["--"], "give 1 to 6 values, or a hand of four cards as in 3388"),
    (["1"] * 7, "give at most 6 values, not 7"),
    (["--target", "abc", "1"], "argument --target: not a whole number: 'abc'"),
    (["--target", "1e3", "1"], "argument --target: not a whole number: '1e3'"),
    (["--target", "2.5", "1"], "argument --target: not a whole number: '2.5'"),
    (["--target", "\u0663", "3"], "argument --target: not a whole number: '\u0663'"),
    (["--target", "1" * 10_000 + "x", "1"],
     "argument --target: not a whole number: '111111111111...'"),
    (["--", "--target"], "cannot read '--target' as a value"),
    (["A23Q", "K"], "'A23Q' is a hand: give it alone or its cards apart"),
    (["--all-hands", "1"], "--all-hands takes no values"),
    (["--all-hands", "--distinct"], "--all-hands counts every postfix form: no --distinct"),
    (["--all-hands", "--forms"], "--all-hands counts every postfix form: no --forms"),
    (["--forms", "--distinct", "3388"], "give --forms or --distinct, not both"),
])
def test_errors_exit_2_with_a_plain_message(argv, message):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.startswith("usage: cardgames 24") and "Traceback" not in err
    assert err.splitlines()[1] == f"cardgames 24: error: {message}"
    assert all(len(line) <= 79 for line in err.splitlines())


def test_huge_and_negative_targets():
    big = "1" + "0" * 5000
    status, out, err = run("--target", big, "--", big, "+0")
    assert status == 0 and err == ""
    assert out.endswith("\n2 distinct solutions (3 postfix forms).\n")
    assert run("--target", "-27", "-3", "9")[:2] == (
        0, "9*(-3)  (2 forms)\n1 distinct solution (2 postfix forms).\n")


def test_help_fits_79_columns():
    status, out, _ = run("--help")
    assert status == 0 and "--forms" in out and "--distinct" not in out
    assert all(len(line) <= 79 for line in out.splitlines())


def test_all_hands():
    status, out, _ = run("--all-hands")
    assert status == 0
    assert "Solvable (making 24): 1362 (74.8%)\n" in out and "  3 3 8 8: 8/(3-8/3)\n" in out


def test_the_cardgames_command_runs_it():
    result = subprocess.run([sys.executable, "-m", "cardgames", "24", "3388"],
                            capture_output=True, cwd=ROOT / "src", timeout=60, check=False)
    assert (result.stdout, result.stderr, result.returncode) == (
        b"8/(3-8/3)  (1 form)\n1 distinct solution (1 postfix form).\n", b"", 0)


@pytest.mark.parametrize("argv, note", [
    (["3388", "1"], "'3388' is one value here; for 3 3 8 8, give them apart"),
    (["10106", "6"], "'10106' is one value here; for 10 10 6, give them apart"),
])
def test_a_number_that_reads_as_cards_among_other_values_gets_a_note(argv, note):
    status, out, err = run(*argv)
    assert status == 0 and out == "No solution.\n"
    assert err == f"cardgames 24: note: {note}\n"
    assert run("12", "1")[2] == ""                  # 12 is not 1 and 2: no card 1
