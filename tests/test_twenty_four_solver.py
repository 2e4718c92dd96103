"""The general solver against a plain enumeration of every expression tree."""

import ast
import itertools
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st
from strategies import examples

from cardgames.twenty_four import solver
from cardgames.twenty_four.solver import Node

OPS = "+-*/"


def postfix_value(tokens):
    """Exact value of a postfix list of numbers and operators; None on a zero divisor."""
    stack = []
    for token in tokens:
        if isinstance(token, str):
            b, a = stack.pop(), stack.pop()
            if token == "/" and b == 0:
                return None
            stack.append({"+": a + b, "-": a - b, "*": a * b}[token] if token != "/" else a / b)
        else:
            stack.append(Fraction(token))
    return stack.pop()


def evaluated(sequence):
    """(postfix, value, every operation result whole) for every tree over this order of values."""
    if len(sequence) == 1:
        return [((sequence[0],), Fraction(sequence[0]), True)]
    found = []
    for cut in range(1, len(sequence)):
        for left, a, a_whole in evaluated(sequence[:cut]):
            for right, b, b_whole in evaluated(sequence[cut:]):
                for op in OPS:
                    if a is None or b is None or (op == "/" and b == 0):
                        value = None
                    else:
                        value = {"+": a + b, "-": a - b, "*": a * b}[op] if op != "/" else a / b
                    whole = a_whole and b_whole and value is not None and value.denominator == 1
                    found.append((left + right + (op,), value, whole))
    return found


def brute(values, target):
    """(all, all with whole intermediates): the postfix tuples of every tree, over every
    order of the values, whose exact value is the target."""
    found = {(tokens, whole) for order in set(itertools.permutations(values))
             for tokens, value, whole in evaluated(order) if value == target}
    return {tokens for tokens, _ in found}, {tokens for tokens, whole in found if whole}


def draw_tree(draw, sequence):
    """A random expression over the values in this order."""
    if len(sequence) == 1:
        return sequence[0]
    cut = draw(st.integers(1, len(sequence) - 1))
    return Node(draw(st.sampled_from(OPS)), draw_tree(draw, sequence[:cut]),
                draw_tree(draw, sequence[cut:]))


@st.composite
def problems(draw):
    """Values (zero and negatives included) and a target, often one that some tree makes."""
    values = draw(st.lists(st.integers(-3, 13), min_size=1, max_size=4))
    if draw(st.booleans()):
        target = solver.value_of(draw_tree(draw, draw(st.permutations(values))))
        if target is not None:
            return values, target
    return values, draw(st.sampled_from([0, 1, 24, -2, Fraction(1, 2), Fraction(-7, 3)]))


@examples(80, deadline=None)
@given(problems())
def test_solutions_counts_and_existence_equal_the_plain_enumeration(problem):
    values, target = problem
    expected, whole = brute(values, target)
    found = [tuple(solver.postfix(expr)) for expr in solver.solutions(values, target)]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert solver.count_solutions(values, target) == len(expected)
    assert solver.is_solvable(values, target) == bool(expected)
    assert solver.count_solutions(values, target, integers_only=True) == len(whole)
    assert solver.is_solvable(values, target, integers_only=True) == bool(whole)


def is_well_formed(tokens, values):
    """Each value once, operators between, the stack never empty and one value at the end."""
    depth = 0
    for token in tokens:
        depth += -1 if isinstance(token, str) else 1
        if depth < 1:
            return False
    numbers = [token for token in tokens if not isinstance(token, str)]
    return depth == 1 and sorted(numbers) == sorted(values)


@examples(60, deadline=None)
@given(problems())
def test_every_solution_is_well_formed_and_exactly_the_target(problem):
    check_solutions(*problem)


def check_solutions(values, target):
    """Every solution is a well-formed postfix of the values whose exact value is the target."""
    for expr in solver.solutions(values, target):
        tokens = solver.postfix(expr)
        assert is_well_formed(tokens, values)
        assert postfix_value(tokens) == target
        assert solver.value_of(expr) == target


@examples(60, deadline=None)
@given(problems())
def test_distinct_solutions_are_a_quotient_of_all_solutions(problem):
    check_distinct(*problem)


def test_five_values():
    check_solutions([1, 5, 6, 7, 9], 100)
    check_distinct([1, 5, 6, 7, 9], 100)


def check_distinct(values, target):
    """Each distinct solution makes the target; every solution has the form of exactly one."""
    raw = solver.solutions(values, target)
    distinct = solver.distinct_solutions(values, target)
    for expr in distinct:
        assert postfix_value(solver.postfix(expr)) == target
        assert sorted(solver.leaves(expr)) == sorted(values)
    forms = [solver.without_ones(solver.canonical(expr)) for expr in distinct]
    assert len(set(forms)) == len(forms)
    assert {solver.without_ones(solver.canonical(expr)) for expr in raw} == set(forms)


@examples(80, deadline=None)
@given(problems())
def test_taking_out_the_neutral_ones_keeps_the_value_and_the_values(problem):
    values, target = problem
    for expr in solver.solutions(values, target):
        form, ones = solver.without_ones(solver.canonical(expr))
        plain = solver.expression_of(form)
        assert solver.value_of(plain) == target
        assert sorted(solver.leaves(plain) + [1] * ones) == sorted(values)


def test_only_neutral_ones_are_taken_out():
    def stripped(text):
        return solver.without_ones(solver.canonical(from_infix(text)))
    assert stripped("(9+6)*7*1-5") == stripped("((9+6)*7-5)/1") == stripped("(9+6/1)*7-5")
    assert stripped("(9+6)*7*1-5")[1] == 1
    assert stripped("1/(2+3)")[1] == 0 and stripped("1*1/(2+3)")[1] == 1
    assert stripped("1*1") == ((0, 1), 1)
    assert stripped("5+1-1")[1] == 0                    # an added 1 is not a factor
    assert stripped("(2+1)*4") != stripped("2*4*1")


def from_infix(text):
    """Parse readable infix back into a tree, with Python's own parser."""
    def build(node):
        if isinstance(node, ast.BinOp):
            op = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}[type(node.op)]
            return Node(op, build(node.left), build(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -build(node.operand)
        assert isinstance(node, ast.Constant) and type(node.value) is int
        return node.value
    return build(ast.parse(text, mode="eval").body)


@examples(80, deadline=None)
@given(problems())
def test_infix_reads_back_as_the_same_tree_and_forms_round_trip(problem):
    values, target = problem
    for expr in solver.solutions(values, target):
        assert from_infix(solver.infix(expr)) == expr
        form = solver.canonical(expr)
        assert solver.canonical(solver.expression_of(form)) == form


def test_minimal_parentheses():
    assert solver.infix(Node("+", 1, Node("+", 2, 3))) == "1+(2+3)"
    assert solver.infix(Node("+", Node("+", 1, 2), 3)) == "1+2+3"
    assert solver.infix(Node("*", Node("+", 1, 2), 3)) == "(1+2)*3"
    assert solver.infix(Node("-", 1, Node("*", 2, 3))) == "1-2*3"
    assert solver.infix(Node("/", 8, Node("-", 3, Node("/", 8, 3)))) == "8/(3-8/3)"
    assert solver.infix(-3) == "(-3)"


def test_a23q_has_33_solutions_in_3_distinct_ways():
    assert solver.count_solutions([1, 2, 3, 12]) == 33
    assert sorted(map(solver.infix, solver.distinct_solutions([1, 2, 3, 12]))) == [
        "(3+1)*12/2", "(3+1-2)*12", "12/(3/2-1)"]


def test_3388_only_through_a_fraction():
    assert [solver.infix(e) for e in solver.solutions([3, 3, 8, 8])] == ["8/(3-8/3)"]
    assert [solver.infix(e) for e in solver.distinct_solutions([3, 3, 8, 8])] == ["8/(3-8/3)"]
    assert not solver.is_solvable([3, 3, 8, 8], integers_only=True)
    assert 8 / (3 - 8 / 3) != 24  # floats would miss it


def test_small_cases():
    assert solver.count_solutions([1, 1, 1, 11]) == 4
    assert not solver.is_solvable([1, 1, 1, 1])
    assert solver.solutions([24]) == [24] and solver.count_solutions([5]) == 0
    assert solver.count_solutions([0, 5], 0) == 3  # 0+5 no; 0*5, 0/5, 5*0 yes; 5/0 undefined
    assert solver.is_solvable([1, 5, 6, 7, 9], 100)
    with pytest.raises(ValueError):
        solver.count_solutions([])


def test_canonical_form_identifies_only_order_and_grouping():
    same = [Node("-", 3, Node("-", 2, 1)), Node("+", Node("-", 3, 2), 1),
            Node("-", Node("+", 1, 3), 2)]
    assert len({solver.canonical(e) for e in same}) == 1
    assert solver.canonical(Node("/", 12, Node("/", 2, 4))) == solver.canonical(
        Node("/", Node("*", 4, 12), 2))
    assert solver.canonical(Node("-", 3, 2)) != solver.canonical(Node("-", 2, 3))
    assert solver.canonical(Node("*", 1, 5)) != solver.canonical(Node("/", 5, 1))
