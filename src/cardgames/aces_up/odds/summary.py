"""The counts of an odds run as text: the verdicts, the share winnable with its bounds and
Wilson 95% intervals, the time and the work, and the status line of a run under way."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardgames.aces_up.odds.run import RULES, Deal, Run
from cardgames.aces_up.search import Status
from cardgames.numbers import integer_text
from cardgames.simulate import wilson_interval


@dataclass(frozen=True)
class Tally:
    """How many deals of a run are winnable, proved lost and unsettled."""

    won: int
    lost: int
    unsettled: int

    @classmethod
    def of(cls, deals: Iterable[Deal]) -> Tally:
        """Count the verdicts of ``deals``."""
        statuses = [deal.status for deal in deals]
        return cls(statuses.count(Status.WINNABLE.name), statuses.count(Status.LOST.name),
                   statuses.count(Status.UNSETTLED.name))

    def plus(self, deal: Deal) -> Tally:
        """The tally with one more deal."""
        return Tally(self.won + (deal.status == Status.WINNABLE.name),
                     self.lost + (deal.status == Status.LOST.name),
                     self.unsettled + (deal.status == Status.UNSETTLED.name))

    @property
    def total(self) -> int:
        """The number of deals."""
        return self.won + self.lost + self.unsettled

    def bounds(self) -> tuple[float, float, float, float]:
        """The share winnable over all deals at least and at most, each with its outer 95%
        limit: (least, its lower limit, most, its upper limit).  Unsettled deals count as
        lost for the least, as won for the most."""
        least, most = self.won / self.total, (self.won + self.unsettled) / self.total
        return (least, wilson_interval(self.won, self.total)[0],
                most, wilson_interval(self.won + self.unsettled, self.total)[1])


def summary(deals: Sequence[Deal], title: str) -> list[str]:
    """The report of a run, in lines of at most 79 columns (but the title): the verdicts,
    the share winnable with its bounds, the time and the work."""
    if not deals:
        return [title, "no deals"]
    tally = Tally.of(deals)
    width = len(f"{tally.total:,}")
    lines = [title] + [f"  {name:<14}{count:>{width},}  ({count / tally.total:.1%})"
                       for name, count in (("winnable", tally.won),
                                           ("cannot be won", tally.lost),
                                           ("unsettled", tally.unsettled))]
    least, lowest, most, highest = tally.bounds()
    lines.append(f"share winnable over all deals: between {least:.1%} and {most:.1%}")
    lines.append(f"  (95% CI from {lowest:.1%} to {highest:.1%}; the unsettled deals "
                 "counted as lost, then won)")
    settled = tally.won + tally.lost
    if settled:
        low, high = wilson_interval(tally.won, settled)
        lines.append(f"among the settled deals: {tally.won / settled:.1%} (95% CI {low:.1%} "
                     f"to {high:.1%})")
        lines.append("  (biased: the deals that settle fast are more often won)")
    seconds = [deal.seconds for deal in deals]
    positions = [deal.positions for deal in deals]
    rate = sum(positions) / max(sum(seconds), 1e-9)
    lines.append(f"time per deal: median {statistics.median(seconds):.2f} s, max "
                 f"{max(seconds):.2f} s; {rate:,.0f} positions a second")
    lines.append("positions per deal (relaxed games included): median "
                 f"{statistics.median(positions):,.0f}")
    settled_work = [d.positions for d in deals if d.status != Status.UNSETTLED.name]
    open_work = [d.positions for d in deals if d.status == Status.UNSETTLED.name]
    extremes = [f"most for a settled deal {max(settled_work):,}"] if settled_work else []
    if open_work:
        extremes.append(f"least for an unsettled one {min(open_work):,}")
    if extremes:
        lines.append(f"  {'; '.join(extremes)}")
    return lines


def title(run: Run, seeds: range) -> str:
    """The summary's first line."""
    first, last = integer_text(seeds.start), integer_text(seeds.stop - 1)
    return f"Aces Up, {RULES[run.lone_moves]}: seeds {first}..{last}, {run.budget.text()}"


def progress_text(done: int, total: int, tally: Tally, seconds: float) -> str:
    """The status line of a run under way: deals done, verdicts so far, time left."""
    text = (f"{done:,} of {integer_text(total, ',')} deals: {tally.won:,} won, "
            f"{tally.lost:,} lost, {tally.unsettled:,} open")
    if done:
        try:
            left = seconds * ((total - done) / done)
        except OverflowError:           # more deals to go than a float can count
            left = math.inf
        text += f", {_duration(left)} left"
    return text


#: Past this many seconds left, the status line says only that it is more than a year.
A_YEAR = 365 * 24 * 3600


def _duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``3 h 20 min``, ``over a year``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds > A_YEAR:
        return "over a year"
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes} min"
