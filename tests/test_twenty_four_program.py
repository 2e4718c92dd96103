"""twenty_four.py against its spec: golden bytes, bad input, the module facts, every hand."""

import ast
import contextlib
import io
import itertools
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from strategies import examples

import twenty_four
from cardgames.twenty_four import solver
from twenty_four_brute import (ALL_HANDS, CARDS, OPS, brute_solutions, literal_evaluate,
                               literal_solutions, shape_tokens)

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "twenty_four"
PROMPT = b"Input the cards:\n"
USE = " (use A 2 3 4 5 6 7 8 9 0 J Q K)."


def run_script(stdin: bytes, *flags: str) -> subprocess.CompletedProcess:
    """Run the root script as the automarker does."""
    return subprocess.run([sys.executable, *flags, "twenty_four.py"], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=60)


def golden_cases():
    """The rows of cases.tsv as dicts keyed by its header."""
    header, *rows = (GOLDEN / "cases.tsv").read_text().splitlines()
    return [dict(zip(header.split("\t"), row.split("\t"))) for row in rows if row]


@pytest.mark.parametrize("case", golden_cases(), ids=lambda case: case["name"])
def test_golden_transcripts_byte_for_byte(case):
    program, script = case["command"].split()
    assert (program, script) == ("python3", "twenty_four.py")
    result = run_script((GOLDEN / case["stdin"]).read_bytes())
    assert result.stdout == (GOLDEN / case["expected"]).read_bytes()
    assert result.stderr == b""
    assert result.returncode == 0


def test_runs_without_site_packages():
    result = run_script(b"AAAJ\n", "-S")
    assert result.stdout == (GOLDEN / "AAAJ.expected_sorted.out").read_bytes()


@pytest.mark.parametrize("stdin, message", [
    (b"aaaj\n", "Error: invalid card 'a'" + USE),
    (b"AAA\n", "Error: expected 4 cards, got 3."),
    (b"AAAJQ\n", "Error: expected 4 cards, got 5."),
    (b"10AA\n", "Error: invalid card '1'" + USE),
    (b"A A \n", "Error: invalid card ' '" + USE),
    (b"", "Error: expected 4 cards, got 0."),
])
def test_invalid_input(stdin, message):
    result = run_script(stdin)
    assert result.stderr == (message + "\n").encode()
    assert result.stdout == PROMPT
    assert result.returncode == 1


@pytest.mark.parametrize("stdin, message", [
    ("\n", "Error: expected 4 cards, got 0."),
    ("AAAJ\r\n", "Error: expected 4 cards, got 5."),
    (" AAAJ\n", "Error: expected 4 cards, got 5."),
    ("AA\tJ\n", "Error: invalid card '\\t'" + USE),
    ("TAAA\n", "Error: invalid card 'T'" + USE),
    ("AAxy\n", "Error: invalid card 'x'" + USE),
    ("Aaa\n", "Error: expected 4 cards, got 3."),  # the length is checked first
])
def test_more_invalid_input_in_process(stdin, message):
    assert run_main(stdin) == (1, PROMPT.decode(), message + "\n")


def test_undecodable_bytes_are_an_invalid_card_not_a_traceback():
    result = run_script(b"\xff\xffAA\n")
    assert result.stdout == PROMPT
    assert result.stderr.startswith(b"Error: invalid card ")
    assert result.returncode == 1


def test_importing_the_shim_prints_and_reads_nothing():
    result = subprocess.run([sys.executable, "-S", "-c", "import twenty_four"], input=b"AAAJ\n",
                            capture_output=True, cwd=ROOT, timeout=60)
    assert (result.stdout, result.stderr, result.returncode) == (b"", b"", 0)


def run_main(stdin: str) -> tuple[int, str, str]:
    """main() in process with the given standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = twenty_four.main()
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def expected_stdout(cards: str) -> str:
    """Spec section 4, built from the independent brute force."""
    lines = brute_solutions("".join(sorted(cards)))
    return "".join(["Input the cards:\n", str(list(cards)) + "\n",
                    *(line + "\n" for line in lines), f"{len(lines)}  solutions.\n"])


def test_every_hand_matches_the_brute_force():
    """All 1,820 multisets in one order, and 200 of them in two more orders."""
    rng = random.Random(24)
    reordered = ["".join(rng.sample(hand, 4)) for hand in rng.sample(ALL_HANDS, 200)]
    for cards in ALL_HANDS + reordered + [hand[::-1] for hand in ALL_HANDS[::9]]:
        assert run_main(cards + "\n") == (0, expected_stdout(cards), ""), cards


def test_the_general_solver_and_evaluate_all_ops_agree_on_every_hand_and_order():
    for cards in ALL_HANDS:
        values = [twenty_four.d[card] for card in cards]
        lines = brute_solutions(cards)
        assert solver.count_solutions(values) == len(lines), cards
        assert solver.is_solvable(values) == bool(lines), cards
        by_order = {}
        for line in lines:  # "['A', 'A', '+', ...]": the tokens are line[2::5]
            by_order.setdefault(tuple(t for t in line[2::5] if t not in OPS), set()).add(line)
        for order in set(itertools.permutations(cards)):
            assert twenty_four.evaluate_all_ops(list(order)) == by_order.get(order, set()), order


def test_only_the_first_line_is_read_and_a_missing_newline_is_fine():
    assert run_main("AAAJ\nKKKK\n") == run_main("AAAJ") == (0, expected_stdout("AAAJ"), "")


def test_fast_reference_equals_the_word_for_word_reference_on_a_sample():
    for cards in random.Random(5).sample(ALL_HANDS, 5) + ["A23Q", "3388", "AAAJ"]:
        assert brute_solutions(cards) == literal_solutions(cards), cards


def test_acceptance_counts():
    counts = {cards: len(brute_solutions(cards)) for cards in ["AAAJ", "23AQ", "3388", "AAAA", "0JKQ"]}
    assert counts == {"AAAJ": 4, "23AQ": 33, "3388": 1, "AAAA": 0, "0JKQ": 90}
    assert brute_solutions("3388") == ["['8', '3', '8', '3', '/', '-', '/']"]


# --- the module interface (spec section 6 and 7) ---------------------------------------

def test_ops_and_card_values():
    assert twenty_four.ops == ['+', '-', '*', '/']
    assert twenty_four.d == {'A': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8,
                             '9': 9, '0': 10, 'J': 11, 'Q': 12, 'K': 13}


def test_evaluate_facts():
    evaluate = twenty_four.evaluate
    assert evaluate(['A', 'A', '+', 'A', 'J', '+', '*']) == 24
    assert type(evaluate(['A', 'A', '+', 'A', 'J', '+', '*'])) is int
    value = evaluate(['8', '3', '8', '3', '/', '-', '/'])
    assert value == 24 and isinstance(value, Fraction)
    assert evaluate(['8', '4', '/']) == Fraction(2, 1)
    assert evaluate(['2', 'A', 'A', '-', '/', 'K', '+']) == 0
    assert evaluate(['K']) == 13


def test_evaluate_all_ops_facts():
    evaluate_all_ops = twenty_four.evaluate_all_ops
    assert evaluate_all_ops(['A', 'A', 'A', 'J']) == {"['A', 'A', '+', 'A', 'J', '+', '*']"}
    assert evaluate_all_ops(['A', '2', '3', 'Q']) == {"['A', '2', '-', '3', '+', 'Q', '*']",
                                                      "['A', '2', '3', '-', '-', 'Q', '*']"}
    assert evaluate_all_ops(['8', '3', '8', '3']) == {"['8', '3', '8', '3', '/', '-', '/']"}
    assert evaluate_all_ops(['3', '3', '8', '8']) == set()
    assert evaluate_all_ops(['A', 'A', 'A', 'A']) == set()


def test_list_stack():
    stack = twenty_four.ListStack()
    assert stack._L == [] and stack.isempty() and len(stack) == 0
    assert stack.push(1) is None
    stack.push(2)
    assert stack._L == [1, 2]
    assert len(stack) == 2 and stack.peek() == 2 and len(stack) == 2
    assert stack.pop() == 2 and stack.pop() == 1 and stack.isempty()
    with pytest.raises(IndexError):
        stack.pop()
    with pytest.raises(IndexError):
        stack.peek()


hands = st.lists(st.sampled_from(CARDS), min_size=4, max_size=4)


def literal_candidates(cards):
    """Spec section 6 for evaluate_all_ops: 64 triples x 5 shapes over one fixed order."""
    return {str(tokens) for i, j, k in itertools.product(OPS, repeat=3) for shape in range(1, 6)
            for tokens in [shape_tokens(cards, shape, i, j, k)] if literal_evaluate(tokens) == 24}


@examples(150, deadline=None)
@given(hands)
def test_evaluate_all_ops_is_the_literal_loop(cards):
    assert twenty_four.evaluate_all_ops(cards) == literal_candidates(cards)


def is_well_formed(tokens, cards):
    """Seven one-character tokens, the cards each once, and a valid postfix stack discipline."""
    depth = 0
    for token in tokens:
        depth += -1 if token in OPS else 1
        if depth < 1:
            return False
    return (len(tokens) == 7 and depth == 1
            and sorted(t for t in tokens if t not in OPS) == sorted(cards))


@examples(100, deadline=None)
@given(hands)
def test_solvable_iff_some_postfix_solution_exists(cards):
    union = set().union(*(twenty_four.evaluate_all_ops([cards[p] for p in order])
                          for order in itertools.permutations(range(4))))
    values = [twenty_four.d[card] for card in cards]
    assert solver.is_solvable(values) == bool(union)
    assert solver.count_solutions(values) == len(union)


@examples(150, deadline=None)
@given(hands)
def test_every_solution_is_well_formed_and_makes_24(cards):
    for line in twenty_four.evaluate_all_ops(cards):
        tokens = ast.literal_eval(line)
        assert str(tokens) == line
        assert is_well_formed(tokens, cards)
        assert [t for t in tokens if t not in OPS] == cards  # evaluate_all_ops keeps the order
        assert literal_evaluate(tokens) == 24 and twenty_four.evaluate(tokens) == 24


postfix_lists = st.recursive(
    st.sampled_from(CARDS).map(lambda card: [card]),
    lambda sub: st.tuples(sub, sub, st.sampled_from(OPS)).map(lambda t: t[0] + t[1] + [t[2]]),
    max_leaves=6)


@examples(150, deadline=None)
@given(postfix_lists)
def test_evaluate_matches_the_literal_stack_machine(tokens):
    assert twenty_four.evaluate(tokens) == literal_evaluate(tokens)
