"""An exact solver for the 24 game and its generalisations: any values, any target.

An *expression* combines every given value exactly once with ``+ - * /``.  It is a
binary tree: a leaf is a value (``int`` or ``Fraction``), an inner node is
``Node(op, left, right)``.  Two trees are the same solution exactly when their postfix
token lists are equal, so "all solutions" are all trees, over every arrangement of the
values, whose exact value is the target.  A division by zero anywhere makes a tree
undefined; such a tree is never a solution.

Everything is memoised over sub-multisets (sorted tuples of values): the expressions of
a multiset are built from those of its two halves, for every ordered split.  At the root
only the target matters, so the solver does not build the whole table of a multiset: for
each value of the smaller half it asks which value of the other half would make the
target (``a + b = t`` gives ``b = t - a``, and so on), and looks it up.

**Distinct solutions.**  ``canonical(expr)`` forgets what commutativity and
associativity can change and keeps everything else:

- a tree of ``+`` and ``-`` is flattened into one *sum*: a multiset of signed terms,
  ``a - (b - c)`` becoming ``{+a, -b, +c}``; its terms are leaves and products;
- a tree of ``*`` and ``/`` is flattened into one *product*: a multiset of factors with
  exponent +1 or -1, ``a / (b / c)`` becoming ``{a, b^-1, c}``; its factors are leaves
  and sums;
- a multiset is a sorted tuple, so the order in which terms were written is forgotten.

A listed solution also forgets where a neutral factor 1 stands (``without_ones``):
``(9+6)*7*1-5``, ``(9+6*1)*7-5`` and ``((9+6)*7-5)/1`` are one solution, written
``((9+6)*7-5)*1``, since ``x*1 = x/1 = x`` whatever ``x`` is.

The rewriting uses only the field identities ``a - b = a + (-b)``, ``a / b = a * b^-1``,
``-(-x) = x``, ``(x^-1)^-1 = x`` and the associativity and commutativity of ``+`` and
``*``, so it is sound: two expressions with the same canonical form have the same value
(wherever both are defined).  It is not complete (``(a-b)*(c-d)`` and ``(b-a)*(d-c)``
stay different), which is the point: only reorderings and regroupings count as "the
same".  The canonical form of a node depends only on its operator and the canonical
forms of its children, so the distinct solutions can also be built from the distinct
sub-expressions of each sub-multiset, each with the number of postfix expressions that
have its form (the products of the children's numbers, added up).
``expression_of(form)`` turns a form back into a readable tree (``8/(3-8/3)``) with the
same form and value.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any, Final, NamedTuple, TypeVar, Union

from cardgames.numbers import integer_text

__all__ = [
    "OPERATORS", "TARGET", "Node", "apply", "value_of", "postfix", "leaves", "infix",
    "count_solutions", "is_solvable", "solutions", "distinct_solutions",
    "distinct_solution_counts",
    "canonical", "without_ones", "expression_of", "forget",
]

OPERATORS = ("+", "-", "*", "/")
#: The 24 game's target: what the functions that take a target make by default.
TARGET = 24

Value = Union[int, Fraction]


class Node(NamedTuple):
    """An inner node of an expression: ``left op right``."""

    op: str
    left: "Expr"
    right: "Expr"


Expr = Union[Value, Node]
Multiset = tuple[Value, ...]  # a sorted tuple of values

# The canonical form of an expression: (LEAF, value), (SUM, ((sign, form), ...)) or
# (PRODUCT, ((exponent, form), ...)), the pairs sorted.  The second item's type depends on
# the first, which mypy cannot follow through an int tag: it is typed Any.
LEAF, SUM, PRODUCT = 0, 1, 2
Form = tuple[int, Any]
Part = tuple[int, Form]  # a signed term of a sum, or a factor of a product with its exponent


# --- arithmetic -------------------------------------------------------------------

def _number(x: Value) -> Value:
    """``x`` as an int when it is a whole number, so that the common case stays fast."""
    if type(x) is Fraction and x.denominator == 1:
        return x.numerator
    return x


def _divide(a: Value, b: Value) -> Value:
    """``a / b`` exactly (``b`` is not zero)."""
    if type(a) is int and type(b) is int:
        return a // b if a % b == 0 else Fraction(a, b)
    return _number(Fraction(a) / b)


def apply(op: str, a: Value, b: Value) -> Value | None:
    """``a op b`` exactly, or None for a division by zero."""
    if op == "+":
        return _number(a + b)
    if op == "-":
        return _number(a - b)
    if op == "*":
        return _number(a * b)
    return None if b == 0 else _divide(a, b)


def value_of(expr: Expr) -> Value | None:
    """The exact value of an expression, or None when it divides by zero."""
    if not isinstance(expr, Node):
        return expr
    a, b = value_of(expr.left), value_of(expr.right)
    return None if a is None or b is None else apply(expr.op, a, b)


# --- rendering --------------------------------------------------------------------

def postfix(expr: Expr) -> list[Value | str]:
    """The postfix token list: values and operator strings."""
    if not isinstance(expr, Node):
        return [expr]
    return postfix(expr.left) + postfix(expr.right) + [expr.op]


def leaves(expr: Expr) -> list[Value]:
    """The values of an expression, left to right."""
    return [token for token in postfix(expr) if not isinstance(token, str)]


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _leaf_text(value: Value) -> str:
    """A leaf as infix text; negative numbers and fractions in parentheses.

    Numbers of any size: ``integer_text``, as ``str()`` refuses more than 4,300 digits.
    """
    if isinstance(value, Fraction):
        text = integer_text(value.numerator)
        if value.denominator != 1:
            text += "/" + integer_text(value.denominator)
    else:
        text = integer_text(value)
    return text if type(value) is int and value >= 0 else f"({text})"


def infix(expr: Expr) -> str:
    """Infix text with the fewest parentheses that still show the exact tree.

    A left operand is bracketed only when it binds more loosely than its operator; a
    right operand also when it binds equally, so ``1+(2+3)`` and ``1+2+3`` stay apart.
    """
    if not isinstance(expr, Node):
        return _leaf_text(expr)
    level = _PRECEDENCE[expr.op]
    left, right = infix(expr.left), infix(expr.right)
    if isinstance(expr.left, Node) and _PRECEDENCE[expr.left.op] < level:
        left = f"({left})"
    if isinstance(expr.right, Node) and _PRECEDENCE[expr.right.op] <= level:
        right = f"({right})"
    return f"{left}{expr.op}{right}"


# --- sub-multisets ----------------------------------------------------------------

def _multiset(values: Iterable[Value]) -> Multiset:
    """The canonical key of a multiset of values."""
    return tuple(sorted(_number(Fraction(v)) if type(v) is not int else v for v in values))


@cache
def _splits(ms: Multiset) -> tuple[tuple[Multiset, Multiset], ...]:
    """Every ordered split of ``ms`` into two non-empty sub-multisets (left, right)."""
    splits: dict[Multiset, Multiset] = {}
    for mask in range(1, 2 ** len(ms) - 1):  # position subsets; sorted in, sorted out
        left = tuple(v for n, v in enumerate(ms) if mask >> n & 1)
        if left not in splits:
            splits[left] = tuple(v for n, v in enumerate(ms) if not mask >> n & 1)
    return tuple(splits.items())


_Entry = TypeVar("_Entry")


def _build_table(ms: Multiset, table_of: Callable[[Multiset], dict[Value, _Entry]],
                 leaf: Callable[[Value], _Entry],
                 merge: Callable[[dict[Value, _Entry], str, Value, _Entry, _Entry], None],
                 ) -> dict[Value, _Entry]:
    """value -> entry for ``ms``: ``leaf(v)`` for one value; otherwise, for every split, every
    pair of a left entry x and a right entry y, and every operator giving a defined value v,
    ``merge(table, op, v, x, y)``."""
    if len(ms) == 1:
        return {ms[0]: leaf(ms[0])}
    table: dict[Value, _Entry] = {}
    for left, right in _splits(ms):
        right_table = table_of(right)
        for a, x in table_of(left).items():
            for b, y in right_table.items():
                for op in OPERATORS:
                    v = apply(op, a, b)
                    if v is not None:
                        merge(table, op, v, x, y)
    return table


# --- counting ---------------------------------------------------------------------

@cache
def _counts(ms: Multiset, integers_only: bool) -> dict[Value, int]:
    """value -> number of distinct expressions of ``ms`` with that value."""
    def merge(table: dict[Value, int], op: str, v: Value, m: int, n: int) -> None:
        if type(v) is int or not integers_only:
            table[v] = table.get(v, 0) + m * n
    return _build_table(ms, lambda part: _counts(part, integers_only), lambda v: 1, merge)


class _Every(enum.Enum):
    """The type of _EVERY (an enum member, so that mypy can tell it from a value)."""

    EVERY = "every"


_EVERY: Final = _Every.EVERY  # "every value of the other side fits"


def _right_operand(op: str, target: Value, a: Value) -> Value | _Every | None:
    """The b with ``a op b == target``: a value, None, or _EVERY (b must still be a divisor)."""
    if op == "+":
        return target - a
    if op == "-":
        return a - target
    if op == "*":
        if a == 0:
            return _EVERY if target == 0 else None
        return _divide(target, a)
    if target == 0:
        return _EVERY if a == 0 else None
    return None if a == 0 else _divide(a, target)


def _left_operand(op: str, target: Value, b: Value) -> Value | _Every | None:
    """The a with ``a op b == target``: a value, None, or _EVERY."""
    if op == "+":
        return target - b
    if op == "-":
        return target + b
    if op == "*":
        if b == 0:
            return _EVERY if target == 0 else None
        return _divide(target, b)
    return None if b == 0 else _number(target * b)


@cache
def _wanted(ms: Multiset, target: Value, integers_only: bool,
            walk_left: bool) -> tuple[tuple[str, Value, Value | _Every], ...]:
    """(op, x, y) for each value x of ``ms`` and each op: the partner y that makes the target.

    ``ms`` is the left operand when ``walk_left``, else the right one; y may be _EVERY.
    Cached, because the same small halves recur in many hands.
    """
    partner = _right_operand if walk_left else _left_operand
    return tuple((op, x, y) for x in _counts(ms, integers_only) for op in OPERATORS
                 for y in [partner(op, target, x)] if y is not None)


def _root_matches(ms: Multiset, target: Value,
                  integers_only: bool = False) -> Iterator[tuple[str, Multiset, Value, Multiset, Value]]:
    """Every (op, left, a, right, b) where a left value ``a`` op a right value ``b`` is the target.

    It walks the smaller of the two value tables and looks the partner up in the other.
    """
    for left, right in _splits(ms):
        left_values, right_values = _counts(left, integers_only), _counts(right, integers_only)
        walk_left = len(left_values) <= len(right_values)
        walked, other = (left, right_values) if walk_left else (right, left_values)
        for op, x, y in _wanted(walked, target, integers_only, walk_left):
            for z in other if y is _EVERY else ((y,) if y in other else ()):
                a, b = (x, z) if walk_left else (z, x)
                if op != "/" or b != 0:
                    yield op, left, a, right, b


def _check(values: Iterable[Value]) -> Multiset:
    """The multiset key of the values, which must not be empty."""
    ms = _multiset(values)
    if not ms:
        raise ValueError("at least one value is needed")
    return ms


def count_solutions(values: Iterable[Value], target: Value = TARGET,
                    integers_only: bool = False) -> int:
    """How many distinct postfix expressions of the values equal the target.

    With ``integers_only`` the result of every operation, the last one too, must be a whole
    number.
    """
    ms, target = _check(values), _number(Fraction(target))
    if len(ms) == 1:
        return int(ms[0] == target)
    if integers_only and type(target) is not int:
        return 0
    return sum(_counts(left, integers_only)[a] * _counts(right, integers_only)[b]
               for _, left, a, right, b in _root_matches(ms, target, integers_only))


def is_solvable(values: Iterable[Value], target: Value = TARGET,
                integers_only: bool = False) -> bool:
    """Whether some expression of the values equals the target."""
    ms, target = _check(values), _number(Fraction(target))
    if len(ms) == 1:
        return ms[0] == target
    if integers_only and type(target) is not int:
        return False
    return any(True for _ in _root_matches(ms, target, integers_only))


# --- all solutions ----------------------------------------------------------------

@cache
def _trees(ms: Multiset) -> dict[Value, list[Expr]]:
    """value -> every expression of ``ms`` with that value."""
    def merge(table: dict[Value, list[Expr]], op: str, v: Value, left_trees: list[Expr],
              right_trees: list[Expr]) -> None:
        table.setdefault(v, []).extend(Node(op, x, y) for x in left_trees for y in right_trees)
    return _build_table(ms, _trees, lambda v: [v], merge)


def solutions(values: Iterable[Value], target: Value = TARGET) -> list[Expr]:
    """Every expression of the values (each a distinct postfix list) that equals the target."""
    ms, target = _check(values), _number(Fraction(target))
    if len(ms) == 1:
        return [ms[0]] if ms[0] == target else []
    return [Node(op, x, y)
            for op, left, a, right, b in _root_matches(ms, target)
            for x in _trees(left)[a] for y in _trees(right)[b]]


# --- distinct solutions -------------------------------------------------------------

def _parts(form: Form, kind: int) -> tuple[Part, ...]:
    """The signed terms of a sum (or factors of a product) that ``form`` contributes."""
    return form[1] if form[0] == kind else ((1, form),)


def _join_forms(op: str, left: Form, right: Form) -> Form:
    """The canonical form of ``left op right`` from the forms of its operands."""
    kind = SUM if op in "+-" else PRODUCT
    sign = 1 if op in "+*" else -1
    parts = _parts(left, kind) + tuple((s * sign, f) for s, f in _parts(right, kind))
    return (kind, tuple(sorted(parts)))


def canonical(expr: Expr) -> Form:
    """The form of an expression up to commutativity and associativity (module docstring)."""
    if not isinstance(expr, Node):
        return (LEAF, expr)
    return _join_forms(expr.op, canonical(expr.left), canonical(expr.right))


def _display_order(kind: int) -> Callable[[Part], tuple[int, bool, Value]]:
    """Sort key for writing the parts of a sum or product: positive parts first; in a sum
    numbers before products, in a product sums before numbers; numbers largest first."""
    def key(part: Part) -> tuple[int, bool, Value]:
        sign, form = part
        is_leaf = form[0] == LEAF
        return (-sign, is_leaf if kind == PRODUCT else not is_leaf, -form[1] if is_leaf else 0)
    return key


def expression_of(form: Form) -> Expr:
    """A readable expression with this canonical form: positive parts first, left to right."""
    if form[0] == LEAF:
        leaf: Value = form[1]
        return leaf
    plus, minus = ("+", "-") if form[0] == SUM else ("*", "/")
    parts = sorted(form[1], key=_display_order(form[0]))
    expr = expression_of(parts[0][1])
    for sign, part in parts[1:]:
        expr = Node(plus if sign > 0 else minus, expr, expression_of(part))
    return expr


@cache
def _form_counts(ms: Multiset) -> dict[Value, dict[Form, int]]:
    """value -> {canonical form: how many expressions of ``ms`` with that value have it}."""
    def merge(table: dict[Value, dict[Form, int]], op: str, v: Value,
              left_counts: dict[Form, int], right_counts: dict[Form, int]) -> None:
        counts = table.setdefault(v, {})
        for x, m in left_counts.items():
            for y, n in right_counts.items():
                form = _join_forms(op, x, y)
                counts[form] = counts.get(form, 0) + m * n
    return _build_table(ms, _form_counts, lambda v: {(LEAF, v): 1}, merge)


def _is_one(part: Part) -> bool:
    """True for a factor ``1`` or ``1^-1`` of a product."""
    return part[1] == (LEAF, 1)


def without_ones(form: Form) -> tuple[Form, int]:
    """The form with its neutral factors taken out, and how many there were.

    A factor ``1`` or ``1^-1`` of a product that has another factor of exponent +1 is
    neutral (``x*1 = x/1 = x``); a product of ones keeps one (``1*1`` is ``1`` times 1),
    and so does ``1/x``, whose 1 is not neutral.  A sum or product left with one term of
    sign +1 is that term, spliced into the sum or product around it.
    """
    if form[0] == LEAF:
        return form, 0
    kind, ones = form[0], 0
    parts: list[Part] = []
    for sign, part in form[1]:
        inner, removed = without_ones(part)
        ones += removed
        parts.extend((sign * s, f) for s, f in _parts(inner, kind))
    if kind == PRODUCT:
        units = [part for part in parts if _is_one(part)]
        rest = [part for part in parts if not _is_one(part)]
        if any(sign > 0 for sign, _ in rest):
            parts = rest
        else:               # no other factor of exponent +1: one 1 stays in front
            parts = [next(part for part in units if part[0] > 0), *rest]
        ones += len(units) - (len(parts) - len(rest))
    if len(parts) == 1 and parts[0][0] == 1:
        return parts[0][1], ones
    return (kind, tuple(sorted(parts))), ones


def _with_ones(expr: Expr, ones: int) -> Expr:
    """``expr`` times 1, ``ones`` times."""
    for _ in range(ones):
        expr = Node("*", expr, 1)
    return expr


def distinct_solution_counts(values: Iterable[Value],
                             target: Value = TARGET) -> list[tuple[Expr, int]]:
    """(one readable expression, how many postfix solutions it stands for), in form order.

    Solutions with the same canonical form once their neutral factors 1 are taken out
    (``without_ones``) are one; the counts add up to ``count_solutions(values, target)``.
    """
    ms, target = _check(values), _number(Fraction(target))
    if len(ms) == 1:
        return [(ms[0], 1)] if ms[0] == target else []
    counts: dict[Form, int] = {}
    for op, left, a, right, b in _root_matches(ms, target):
        right_counts = _form_counts(right)[b]
        for x, m in _form_counts(left)[a].items():
            for y, n in right_counts.items():
                form = _join_forms(op, x, y)
                counts[form] = counts.get(form, 0) + m * n
    merged: dict[tuple[Form, int], int] = {}
    for form, count in counts.items():
        key = without_ones(form)
        merged[key] = merged.get(key, 0) + count
    return [(_with_ones(expression_of(form), ones), merged[form, ones])
            for form, ones in sorted(merged)]


def distinct_solutions(values: Iterable[Value], target: Value = TARGET) -> list[Expr]:
    """One readable expression per canonical form among the solutions, in form order."""
    return [expr for expr, _ in distinct_solution_counts(values, target)]


def forget() -> None:
    """Empty the memo tables (to time a cold run, or to free memory)."""
    for memo in (_splits, _counts, _wanted, _trees, _form_counts):
        memo.cache_clear()
