"""The picture of odds (cardgames.plot): each bar with its count written on or above it."""

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import plot

SVG = "{http://www.w3.org/2000/svg}"


def drawn(bars):
    """The picture's bars and their count labels, by bar."""
    root = ET.fromstring(plot.svg("title", "x", "y", bars))
    rects = [e for e in root.iter(SVG + "rect") if e.get("class") == "bar"]
    labels = [e for e in root.iter(SVG + "text") if e.get("class") == "count"]
    return rects, labels


def label_place(label):
    """(x, y, rotation angle) of a count label."""
    angle = re.fullmatch(r"rotate\((-?[0-9.]+) [0-9.]+ [0-9.]+\)", label.get("transform"))
    return float(label.get("x")), float(label.get("y")), float(angle[1])


def test_every_bar_shows_its_count_and_a_low_bar_shows_it_above_itself():
    shares = [Fraction(5871, 10**4), Fraction(3, 10**4), Fraction(1, 10**4), Fraction(0)]
    bars = [plot.Bar(str(k), share, count=f"{round(share * 10**4):,}")
            for k, share in enumerate(shares)]
    rects, labels = drawn(bars)
    assert [label.text for label in labels] == ["5,871", "3", "1", "0"]
    for rect, label in zip(rects[1:], labels[1:]):   # too low to hold their count
        x, y, angle = label_place(label)
        assert angle == -90 and y < float(rect.get("y"))
        assert float(rect.get("x")) <= x <= float(rect.get("x")) + float(rect.get("width"))
    _, y, _ = label_place(labels[0])                 # the highest: inside the bar, in white
    assert y > float(rects[0].get("y")) and labels[0].get("fill") == "white"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 10**8), min_size=1, max_size=25))
def test_count_labels_stay_in_the_plotting_area(counts):
    total = sum(counts) or 1
    bars = [plot.Bar(str(k), Fraction(c, total), count=f"{c:,}") for k, c in enumerate(counts)]
    rects, labels = drawn(bars)
    assert len(labels) == len(rects) == len(counts)
    for label in labels:
        _, y, _ = label_place(label)
        length = plot.COUNT_CHARACTER * len(label.text)
        low, high = (y - length, y) if label.get("text-anchor") == "start" else (y, y + length)
        assert plot.TOP <= low and high <= plot.HEIGHT - plot.BOTTOM
