"""A picture of odds: one bar per outcome with its 95% interval, as SVG text.

Written with the standard library alone (the SVG is text), so ``--plot`` needs no extra.
``svg`` is pure: it returns the document; the command line writes it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

#: The picture's size and the margins around the plotting area, in pixels.
WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 24, 60, 64

BAR_COLOUR, INTERVAL_COLOUR, EXACT_COLOUR, GRID_COLOUR = "#4e79a7", "#1b1b1b", "#c0392b", "#dddddd"


@dataclass(frozen=True)
class Bar:
    """One outcome: its label, share (0 to 1), 95% interval (or None), exact share (or None),
    the note shown when the pointer rests on the bar, and its count, written on the bar."""

    label: str
    share: Fraction
    interval: tuple[float, float] | None = None
    exact: Fraction | None = None
    note: str = ""
    count: str = ""


#: About how many grid lines the percentage axis has.
TICKS = 5

#: The size of a count written on its bar, and the room each of its characters takes, in
#: pixels (a little more than a digit of sans-serif needs).
COUNT_SIZE, COUNT_CHARACTER = 10, 6


def nice_step(top: float) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about TICKS ticks to ``top``."""
    raw = top / TICKS
    power: float = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def tick_text(value: float, step: float) -> str:
    """A tick's label in percent, with as many decimals as the step needs."""
    decimals = next(d for d in range(16) if abs(round(step, d) - step) <= step * 1e-9)
    return f"{value:.{decimals}f}%"


def _top(bars: list[Bar]) -> float:
    """The highest value to draw, in percent (a bar, an interval's end, an exact mark)."""
    values = [float(b.share) for b in bars]
    values += [b.interval[1] for b in bars if b.interval]
    values += [float(b.exact) for b in bars if b.exact is not None]
    return max(values, default=0) * 100 or 1.0


def _text(x: float, y: float, text: str, anchor: str = "middle", size: int = 12,
          extra: str = "") -> str:
    """An SVG text element."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}"'
            f'{extra}>{escape(text)}</text>')


def _count_label(centre: float, count: str, bar_top: float, highest: float,
                 lowest: float) -> str:
    """A bar's count, written upwards: above the bar and its marks (the highest at
    ``highest``) when there is room, else inside the bar in white, below its marks.

    The linear scale keeps the heights true to the shares; the count shows the rows too
    small to see (the Sevens' rows 10 to 18).
    """
    length = COUNT_CHARACTER * len(count)
    base = TOP + (HEIGHT - TOP - BOTTOM)
    if highest - 4 - length >= TOP:
        at, anchor, colour = highest - 4, "start", INTERVAL_COLOUR
    elif base - max(lowest, bar_top) - 8 >= length:
        at, anchor, colour = max(lowest, bar_top) + 4, "end", "white"
    else:   # no room either way: as high as the plotting area lets it be
        at, anchor, colour = max(TOP + length, min(base, bar_top - 4)), "start", INTERVAL_COLOUR
    x = centre + COUNT_SIZE / 3      # the glyphs stand to the left of a vertical baseline
    return _text(x, at, count, anchor=anchor, size=COUNT_SIZE,
                 extra=f' class="count" fill="{colour}" transform="rotate(-90 {x:.1f} {at:.1f})"')


def svg(title: str, x_label: str, y_label: str, bars: list[Bar]) -> str:
    """The SVG document: bars on a percentage axis, interval whiskers, exact marks, labels."""
    step = nice_step(_top(bars))
    top = math.ceil(_top(bars) / step - 1e-9) * step
    area_w, area_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(share: float) -> float:
        """The vertical position of a share (0 to 1)."""
        return TOP + area_h * (1 - share * 100 / top)

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">'),
           f"<title>{escape(title)}</title>",
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           _text(WIDTH / 2, 28, title, size=16, extra=' font-weight="bold"')]
    for i in range(round(top / step) + 1):
        value = i * step
        at = y(value / 100)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{at:.1f}" '
                   f'y2="{at:.1f}" stroke="{GRID_COLOUR}"/>')
        out.append(_text(LEFT - 8, at + 4, tick_text(value, step), anchor="end"))
    slot = area_w / max(1, len(bars))
    for i, bar in enumerate(bars):
        centre = LEFT + slot * (i + 0.5)
        half = slot * 0.35
        top_y = y(float(bar.share))
        out.append(f'<rect class="bar" x="{centre - half:.1f}" y="{top_y:.1f}" '
                   f'width="{2 * half:.1f}" height="{TOP + area_h - top_y:.1f}" '
                   f'fill="{BAR_COLOUR}"><title>{escape(bar.note or bar.label)}</title></rect>')
        if bar.interval is not None:
            low, high = (y(v) for v in bar.interval)
            cap = min(half, 6)
            out.append(f'<g class="interval" stroke="{INTERVAL_COLOUR}" stroke-width="1.5">'
                       f'<line x1="{centre:.1f}" x2="{centre:.1f}" y1="{low:.1f}" y2="{high:.1f}"/>'
                       f'<line x1="{centre - cap:.1f}" x2="{centre + cap:.1f}" y1="{low:.1f}" '
                       f'y2="{low:.1f}"/><line x1="{centre - cap:.1f}" x2="{centre + cap:.1f}" '
                       f'y1="{high:.1f}" y2="{high:.1f}"/></g>')
        if bar.exact is not None:
            at = y(float(bar.exact))
            out.append(f'<line class="exact" x1="{centre - half:.1f}" x2="{centre + half:.1f}" '
                       f'y1="{at:.1f}" y2="{at:.1f}" stroke="{EXACT_COLOUR}" stroke-width="2" '
                       f'stroke-dasharray="4 2"/>')
        out.append(_text(centre, TOP + area_h + 18, bar.label))
        if bar.count:
            marks = [top_y] + ([y(v) for v in bar.interval] if bar.interval else []) + (
                [y(float(bar.exact))] if bar.exact is not None else [])
            out.append(_count_label(centre, bar.count, top_y, min(marks), max(marks)))
    out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + area_h}" '
               f'y2="{TOP + area_h}" stroke="{INTERVAL_COLOUR}"/>')
    out.append(_text(LEFT + area_w / 2, HEIGHT - 16, x_label, size=13))
    out.append(_text(18, TOP + area_h / 2, y_label, size=13,
                     extra=f" transform={quoteattr(f'rotate(-90 18 {TOP + area_h / 2:.1f})')}"))
    legend = []
    if any(b.interval for b in bars):
        legend.append((INTERVAL_COLOUR, "", "95% interval"))
    if any(b.exact is not None for b in bars):
        legend.append((EXACT_COLOUR, ' stroke-dasharray="4 2"', "exact odds"))
    for i, (colour, dash, words) in enumerate(legend):
        at, x = 48, WIDTH - RIGHT - 230 + 120 * i
        out.append(f'<line x1="{x}" x2="{x + 18}" y1="{at - 4}" y2="{at - 4}" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        out.append(_text(x + 24, at, words, anchor="start", size=11))
    out.append("</svg>")
    return "\n".join(out) + "\n"
