"""The counts of an odds run as text: the verdicts, the share winnable (with its bounds while
deals are unsettled) and Wilson 95% intervals, the time and the work, and the status line of
a run under way; for a player's run its wins, compared with the verdicts of the solver on the
same deals and with another player's games (McNemar's test)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardgames.aces_up.odds.run import RULES, WON, Deal, Run
from cardgames.aces_up.search import Status
from cardgames.numbers import integer_text
from cardgames.simulate import wilson_interval


@dataclass(frozen=True)
class Tally:
    """How many deals of a run are winnable, proved lost and unsettled (a player's run:
    won, lost and none)."""

    won: int
    lost: int
    unsettled: int

    @classmethod
    def of(cls, deals: Iterable[Deal]) -> Tally:
        """Count the verdicts of ``deals``."""
        statuses = [deal.status for deal in deals]
        return cls(statuses.count(Status.WINNABLE.name) + statuses.count(WON),
                   statuses.count(Status.LOST.name), statuses.count(Status.UNSETTLED.name))

    def plus(self, deal: Deal) -> Tally:
        """The tally with one more deal."""
        return Tally(self.won + (deal.status in (Status.WINNABLE.name, WON)),
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


def summary(deals: Sequence[Deal], title: str, relaxed: bool = False,
            taken: int = 0) -> list[str]:
    """The report of a run, in lines of at most 79 columns (but the title): the verdicts,
    the share winnable (one figure when every deal is settled, else its bounds), the time
    and the work (``relaxed``: the positions count relaxed games too, as the plain search's
    do, and the line says so).  The last ``taken`` deals were taken from another run's log
    (``--settled-in``): they count in the verdicts, not in the time and work, which are this
    run's, and the report says so."""
    if not deals:
        return [title, "no deals"]
    tally = Tally.of(deals)
    width = len(f"{tally.total:,}")
    lines = [title] + [f"  {name:<14}{count:>{width},}  ({count / tally.total:.1%})"
                       for name, count in (("winnable", tally.won),
                                           ("cannot be won", tally.lost),
                                           ("unsettled", tally.unsettled))]
    lines += _share_lines(tally)
    searched = deals[:len(deals) - taken]
    if taken:
        lines.append(f"taken from the --settled-in log, as settled there: {taken:,} of "
                     "these deals")
    if searched:
        if taken:
            lines.append(f"  (the time and positions below are those of the other "
                         f"{len(searched):,})")
        lines += _work_lines(searched, relaxed)
    return lines


def _work_lines(deals: Sequence[Deal], relaxed: bool) -> list[str]:
    """The summary's lines on the time and the positions of the deals searched."""
    lines: list[str] = []
    seconds = [deal.seconds for deal in deals]
    positions = [deal.positions for deal in deals]
    rate = sum(positions) / max(sum(seconds), 1e-9)
    lines.append(f"time per deal: median {statistics.median(seconds):.2f} s, max "
                 f"{max(seconds):.2f} s; {rate:,.0f} positions a second")
    counted = " (relaxed games included)" if relaxed else ""
    lines.append(f"positions per deal{counted}: median {statistics.median(positions):,.0f}")
    settled_work = [d.positions for d in deals if d.status != Status.UNSETTLED.name]
    open_work = [d.positions for d in deals if d.status == Status.UNSETTLED.name]
    extremes = [f"most for a settled deal {max(settled_work):,}"] if settled_work else []
    if open_work:
        extremes.append(f"least for an unsettled one {min(open_work):,}")
    if extremes:
        lines.append(f"  {'; '.join(extremes)}")
    return lines


def _share_lines(tally: Tally) -> list[str]:
    """The share winnable over all deals: one figure with its 95% interval when every deal
    is settled; else its bounds, and the share among the settled deals."""
    if not tally.unsettled:
        low, high = wilson_interval(tally.won, tally.total)
        return [f"share winnable over all deals: {tally.won / tally.total:.1%} (95% CI "
                f"{low:.1%} to {high:.1%})"]
    least, lowest, most, highest = tally.bounds()
    lines = [f"share winnable over all deals: between {least:.1%} and {most:.1%}",
             f"  (95% CI from {lowest:.1%} to {highest:.1%}; the unsettled deals "
             "counted as lost, then won)"]
    settled = tally.won + tally.lost
    if settled:
        low, high = wilson_interval(tally.won, settled)
        lines.append(f"among the settled deals: {tally.won / settled:.1%} (95% CI {low:.1%} "
                     f"to {high:.1%})")
        lines.append("  (biased: the deals that settle fast are more often won)")
    return lines


def title(run: Run, seeds: range) -> str:
    """The summary's first line."""
    first, last = integer_text(seeds.start), integer_text(seeds.stop - 1)
    return f"Aces Up, {RULES[run.lone_moves]}: seeds {first}..{last}, {run.what()}"


def progress_text(done: int, total: int, tally: Tally, seconds: float,
                  played: bool = False) -> str:
    """The status line of a run under way: deals done, verdicts so far (``played``: a
    player's run, in which no deal is open), time left."""
    text = (f"{done:,} of {integer_text(total, ',')} deals: {tally.won:,} won, "
            f"{tally.lost:,} lost")
    if not played:
        text += f", {tally.unsettled:,} open"
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


# --- a player's run ----------------------------------------------------------------------

@dataclass(frozen=True)
class Compared:
    """A log a player's run is compared with: its path, the player of its run (None: the
    solver's run) and its verdicts by seed."""

    path: str
    player: str | None
    verdicts: dict[int, str]


def played_summary(deals: Sequence[Deal], title: str, against: Compared | None = None,
                   paired: tuple[str, Compared] | None = None) -> list[str]:
    """The report of a player's run, in lines of at most 79 columns (but the title and the
    paths): the wins with their interval, the time and the commands; with ``against`` (a
    solver's log of the same deals) the wins among the deals winnable, proved lost and
    unsettled; with ``paired`` (the run's player, another player's log) McNemar's test."""
    if not deals:
        return [title, "no deals"]
    won = sum(deal.status == WON for deal in deals)
    total = len(deals)
    width = len(f"{total:,}")
    lines = [title] + [f"  {name:<14}{count:>{width},}  ({count / total:.1%})"
                       for name, count in (("won", won), ("lost", total - won))]
    once = f", about 1 game in {total / won:,.0f}" if won else ""
    lines.append(f"wins {won:,} of {total:,} deals: {won / total:.1%} (95% CI "
                 f"{_interval(won, total)}){once}")
    seconds = [deal.seconds for deal in deals]
    lines.append(f"time per deal: median {_time(statistics.median(seconds))}, max "
                 f"{_time(max(seconds))}; {_time(sum(seconds))} in all")
    lines.append("commands per deal (deals included): median "
                 f"{statistics.median(deal.positions for deal in deals):,.0f}")
    if against is not None:
        lines += against_lines(deals, against)
    if paired is not None:
        lines += paired_lines(deals, *paired)
    return lines


def _time(seconds: float) -> str:
    """``0.42 ms``, ``250 ms``, ``12.30 s``."""
    if seconds < 0.01:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.2f} s"


def against_lines(deals: Sequence[Deal], against: Compared) -> list[str]:
    """How many of the deals the solver's log finds winnable, proved lost and unsettled the
    player won, and the share of the winnable ones it won."""
    counts = {status.name: [0, 0] for status in Status}
    for deal in deals:
        counts[against.verdicts[deal.seed]][0] += 1
        counts[against.verdicts[deal.seed]][1] += deal.status == WON
    width = len(f"{len(deals):,}")
    lines = [f"with the stock known ({against.path}):"]
    for status in Status:
        count, won = counts[status.name]
        text = f"  {status.value:<14}{count:>{width},}; won by the player {won:>{width},}"
        if status is Status.WINNABLE and count:
            text += f": {won / count:.1%} (95% CI {_interval(won, count)})"
        lines.append(text)
    return lines


def _interval(won: int, total: int) -> str:
    """``3.7% to 37.9%``."""
    low, high = wilson_interval(won, total)
    return f"{low:.1%} to {high:.1%}"


def lost_wins(deals: Iterable[Deal], against: Compared) -> list[int]:
    """The seeds of the deals the player won that the solver's log proves lost (a bug in
    the rules, a player or the solver, if there is one)."""
    return [deal.seed for deal in deals
            if deal.status == WON and against.verdicts[deal.seed] == Status.LOST.name]


def paired_lines(deals: Sequence[Deal], player: str, other: Compared) -> list[str]:
    """The games of the run's player and of another on the same deals: won by both, by
    each alone, by neither, and McNemar's exact test of the two players' win rates (the
    other called "(log)" after its name when it is the same player)."""
    both = alone = other_alone = 0
    for deal in deals:
        ours, theirs = deal.status == WON, other.verdicts[deal.seed] == WON
        both += ours and theirs
        alone += ours and not theirs
        other_alone += theirs and not ours
    neither = len(deals) - both - alone - other_alone
    name = other.player if other.player != player else f"{player} (log)"
    return [f"paired with player {other.player} on the same deals ({other.path}):",
            f"  won by both {both:,}, by {player} alone {alone:,}, by {name} alone "
            f"{other_alone:,}, by neither {neither:,}",
            f"  {player} minus {name}: {(alone - other_alone) / len(deals) * 100:+.1f} points; "
            f"McNemar's exact test (two-sided): p {_p_text(mcnemar_p(alone, other_alone))}"]


def mcnemar_p(alone: int, other_alone: int) -> float:
    """McNemar's exact test: the two-sided p-value of ``alone`` deals won by one player only
    and ``other_alone`` by the other only, were each such deal as likely either way (the
    binomial tail, doubled, in exact integers)."""
    n, k = alone + other_alone, min(alone, other_alone)
    term = total = 1                # comb(n, 0), then comb(n, i) for i up to k
    for i in range(k):
        term = term * (n - i) // (i + 1)
        total += term
    return min(1.0, float(Fraction(total, 1 << max(n - 1, 0))))


def _p_text(p: float) -> str:
    """``= 0.013``, ``= 3.1e-12``, ``< 1e-300``."""
    return f"= {p:.2g}" if p >= 1e-300 else "< 1e-300"
