"""Simulation results for people and for scripts: the odds table (counts, shares with as many
decimals as their 95% interval needs, a bar per row), JSON, and the SVG picture.

The root scripts print the assignment's bare table (``simulate.table_lines``); the
``cardgames`` command prints this richer one (``simulation_cli`` runs it, ``progress`` draws
the progress bar).  Everything comes from integer counts, divided only in the last formatting
step; every function here returns text and prints nothing.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TextIO

from cardgames.numbers import integer_text
from cardgames.simulate import wilson_interval

#: The width of a table written anywhere but a terminal (a pipe, a file): fixed, so that the
#: same run gives the same bytes wherever it is written.
DEFAULT_WIDTH = 80

#: Fewest and most decimals of a percentage: at least the assignment's two; at most enough to
#: separate the bounds of a single game in 10**13.
MIN_DECIMALS, MAX_DECIMALS = 2, 15

#: Partial blocks, in eighths of a character: index e is e/8 of a full block.
EIGHTHS = ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")
FULL_BLOCK = "█"

#: A bar column narrower than this is left out (it would show nothing but rounding).
MIN_BAR = 5

#: The separator between columns, and the dash between the bounds of an interval.
SEPARATOR, DASH = " | ", " – "


@dataclass(frozen=True)
class Exact:
    """Exact odds as integer counts out of a whole: ``counts[k]`` of ``total`` ``unit``."""

    counts: Mapping[int, int]
    total: int
    unit: str = "placements"

    def share(self, k: int) -> Fraction:
        """The exact probability of outcome ``k``."""
        return Fraction(self.counts.get(k, 0), self.total)


@dataclass(frozen=True)
class Layout:
    """How a table reads: the key column's header, the count column's, the total row's label
    (None: no total row), and whether rows run from the largest key down."""

    key_header: str
    count_header: str = "Games"
    total_label: str | None = None
    descending: bool = False


def rows(counts: Mapping[int, int], exact: Exact | None = None,
         descending: bool = False) -> list[int]:
    """The outcomes to list: every one seen, and every one with a known positive probability."""
    known = exact.counts if exact is not None else {}
    keys = {k for k, c in counts.items() if c} | {k for k, c in known.items() if c}
    return sorted(keys, reverse=descending)


def percent_text(share: Fraction | float, decimals: int) -> str:
    """``share`` (0 to 1) as a percentage with ``decimals`` decimals, rounded exactly (half
    to even)."""
    scaled = round(Fraction(share) * 100 * 10 ** decimals)
    whole, part = divmod(scaled, 10 ** decimals)
    return f"{whole}.{part:0{decimals}d}%" if decimals else f"{whole}%"


def decimals_needed(*values: Fraction | float) -> int:
    """The fewest decimals (at least MIN_DECIMALS) that print different values differently
    and no value above zero as zero."""
    distinct = sorted({Fraction(v) for v in values})
    for decimals in range(MIN_DECIMALS, MAX_DECIMALS):
        texts = [percent_text(v, decimals) for v in distinct]
        zero = percent_text(0, decimals)
        if len(set(texts)) == len(texts) and zero not in texts[distinct[0] == 0:]:
            return decimals
    return MAX_DECIMALS


def bar_eighths(count: int, largest: int, width: int) -> int:
    """The length, in eighths of a character, of the bar of ``count`` when ``largest`` fills
    ``width`` characters: rounded, and at least one eighth for any count above zero."""
    if count <= 0 or largest <= 0:
        return 0
    return max(1, (2 * count * width * 8 + largest) // (2 * largest))


def bar_text(eighths: int) -> str:
    """A bar of ``eighths`` eighths of a character: full blocks, then one partial block."""
    return FULL_BLOCK * (eighths // 8) + EIGHTHS[eighths % 8]


def count_text(count: int) -> str:
    """A count with thousands separators, of any size."""
    return integer_text(count, ",")


def _row_cells(count: int, n: int, intervals: bool, exact_share: Fraction | None,
               count_cell: str | None = None) -> list[str]:
    """The cells of one row after its key: count, share, [low, high], [exact]."""
    share = Fraction(count, n)
    values: list[Fraction | float] = [share]
    if intervals:
        low, high = wilson_interval(count, n)
        values += [low, high]
    if exact_share is not None:
        values.append(exact_share)
    decimals = decimals_needed(*values[:3])  # the exact odds take the row's decimals
    return [count_cell or count_text(count)] + [percent_text(v, decimals) for v in values]


def table(layout: Layout, counts: Mapping[int, int], n: int, exact: Exact | None = None,
          intervals: bool = True, width: int = DEFAULT_WIDTH) -> list[str]:
    """The odds table: per outcome its count, share, 95% interval, exact share and a bar.

    Shares show as many decimals as separate them from their bounds.  The bars are scaled so
    that the largest count fills what ``width`` leaves after the numbers (no bar column when
    that is under MIN_BAR), so every line fits in ``width`` when the numbers do.
    """
    keys = rows(counts, exact, layout.descending)
    body = [[str(k), *_row_cells(counts.get(k, 0), n, intervals,
                                  exact.share(k) if exact else None)] for k in keys]
    total_row = None
    if layout.total_label is not None:
        won = sum(counts.get(k, 0) for k in keys)
        exact_won = Fraction(sum(exact.counts.values()), exact.total) if exact else None
        whole = "" if intervals else f" of {count_text(n)}"  # a simulation's n is --games
        total_row = [layout.total_label,
                     *_row_cells(won, n, intervals, exact_won, count_text(won) + whole)]
    header = [layout.key_header, layout.count_header, "Share"]
    if intervals:
        header += ["95% interval", ""]
    if exact is not None:
        header.append("Exact")
    widths = _column_widths(header, body + ([total_row] if total_row else []), intervals)
    numbers = [_joined(cells, widths, intervals) for cells in body]
    text_width = len(_joined(header, widths, intervals, header=True)) + len(SEPARATOR)
    bar_width = width - text_width
    largest = max((counts.get(k, 0) for k in keys), default=0)
    show_bars = bar_width >= MIN_BAR and largest > 0
    rule_widths = [*widths[:len(widths) - (1 if intervals else 0)]]
    if intervals:  # low and high are one column under the rule
        rule_widths[3] = widths[3] + len(DASH) + widths[4]
    if show_bars:
        rule_widths.append(bar_width)
    rule = "-+-".join("-" * w for w in rule_widths)
    lines = [_joined(header, widths, intervals, header=True), rule]
    for k, line in zip(keys, numbers):
        bar = bar_text(bar_eighths(counts.get(k, 0), largest, bar_width)) if show_bars else ""
        lines.append((line + SEPARATOR + bar).rstrip() if show_bars else line)
    if total_row:
        lines += [rule, _joined(total_row, widths, intervals)]
    return lines


def _column_widths(header: Sequence[str], body: Sequence[Sequence[str]],
                   intervals: bool) -> list[int]:
    """The width of each column: its widest cell (an interval's header spans two columns)."""
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    if intervals:
        widths[3:5] = [max((len(row[i]) for row in body), default=0) for i in (3, 4)]
        span = widths[3] + len(DASH) + widths[4]
        widths[3] += max(0, len(header[3]) - span)
    return widths


def _joined(cells: Sequence[str], widths: Sequence[int], intervals: bool,
            header: bool = False) -> str:
    """The cells right-aligned in their columns; an interval as ``low – high``."""
    texts = [cell.rjust(w) for cell, w in zip(cells, widths)]
    if intervals:
        span = widths[3] + len(DASH) + widths[4]
        joined = cells[3].rjust(span) if header else texts[3] + DASH + texts[4]
        texts[3:5] = [joined]
    return SEPARATOR.join(texts)


def output_width(stream: TextIO | None = None) -> int:
    """The width to fit a table in: the terminal's when ``stream`` (stdout) is one, else fixed."""
    stream = sys.stdout if stream is None else stream
    try:
        if stream.isatty():
            import shutil
            return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    except (AttributeError, OSError, ValueError):
        pass
    return DEFAULT_WIDTH


def as_json(game: str, counts: Mapping[int, int], n: int, first_seed: int, outcome: str,
            exact: Exact | None = None, descending: bool = False,
            total_label: str | None = None) -> str:
    """The same results as a JSON document: integer counts, shares and intervals as floats,
    in ``exact_json``'s words (``games``, ``share``, ``ci95``, ``<total_label>_share``).

    With ``exact``, each row has the exact count (``exact_<unit>``) and share
    (``exact_share``), and the document the whole it is out of (``<unit>``).  With ``total_label`` (``won``), the document has the total of
    the rows and its interval.  ``games`` and ``first_seed`` are JSON numbers with every
    digit, however many: JSON sets no limit, and the type of a field does not change with
    its size (Python's ``json.loads`` reads one of more than 4,300 digits with
    ``parse_int=numbers.parse_integer``).
    """
    listed: list[dict[str, object]] = []
    keys = rows(counts, exact, descending)
    for k in keys:
        count = counts.get(k, 0)
        row: dict[str, object] = {outcome: k, "games": count, "share": count / n,
               "ci95": list(wilson_interval(count, n))}
        if exact is not None:
            row[f"exact_{exact.unit}"] = exact.counts.get(k, 0)
            row["exact_share"] = float(exact.share(k))
        listed.append(row)
    document: dict[str, object] = {"game": game, "games": n, "first_seed": first_seed}
    if total_label is not None:
        total = sum(counts.get(k, 0) for k in keys)
        document[total_label] = total
        document[f"{total_label}_share"] = total / n
        document[f"{total_label}_ci95"] = list(wilson_interval(total, n))
    if exact is not None:
        document[exact.unit] = exact.total
    document["rows"] = listed
    return _json_dumps(document, whole=("games", "first_seed"))


def exact_json(game: str, exact: Exact, outcome: str, total_label: str) -> str:
    """Exact odds as JSON: the integer count of each outcome, their total, and the whole."""
    listed = [{outcome: k, exact.unit: exact.counts[k], "share": float(exact.share(k))}
              for k in rows({}, exact)]
    won = sum(exact.counts.values())
    return json.dumps({"game": game, exact.unit: exact.total, total_label: won,
                       f"{total_label}_share": won / exact.total, "rows": listed}, indent=2)


def _json_dumps(document: Mapping[str, Any], whole: tuple[str, ...]) -> str:
    """``json.dumps(document, indent=2)``, the ints under the top-level keys ``whole`` of any size.

    (The document's values are any JSON values, typed Any, as ``json.dumps`` takes them.)

    ``json`` writes an int with ``int.__repr__``, which refuses more than 4,300 digits: those
    values are written by ``numbers.integer_text`` in the place of a placeholder string.
    """
    marks = {key: f"\0{key}" for key in whole}
    text = json.dumps({key: marks.get(key, value) for key, value in document.items()}, indent=2)
    for key in whole:
        text = text.replace(json.dumps(marks[key]), integer_text(document[key]), 1)
    return text


def simulation_plot(title: str, x_label: str, counts: Mapping[int, int], n: int,
                    exact: Exact | None = None) -> str:
    """The SVG picture of a simulation: a bar per outcome with its count, its 95% interval,
    the exact odds."""
    from cardgames import plot

    bars = []
    keys = rows(counts, exact)
    for k in range(keys[0], keys[-1] + 1) if keys else ():  # no gap on the axis
        count = counts.get(k, 0)
        low, high = wilson_interval(count, n)
        share = Fraction(count, n)
        shown = [percent_text(v, decimals_needed(share, low, high)) for v in (share, low, high)]
        bars.append(plot.Bar(str(k), share, (low, high), exact.share(k) if exact else None,
                             f"{k}: {count_text(count)} of {count_text(n)} games, "
                             f"{shown[0]} (95% interval {shown[1]} – {shown[2]})",
                             count_text(count)))
    return plot.svg(title, x_label, "share of games", bars)


def exact_plot(title: str, x_label: str, exact: Exact) -> str:
    """The SVG picture of exact odds: a bar per outcome with its count, no interval."""
    from cardgames import plot

    bars = [plot.Bar(str(k), exact.share(k), None, None,
                     f"{k}: {count_text(exact.counts[k])} of {count_text(exact.total)} "
                     f"{exact.unit}, {percent_text(exact.share(k), MIN_DECIMALS)}",
                     count_text(exact.counts[k]))
            for k in rows({}, exact)]
    return plot.svg(title, x_label, f"share of {exact.unit}", bars)
