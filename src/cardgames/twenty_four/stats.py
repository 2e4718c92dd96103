"""Statistics over every hand of the 24 game: the 1,820 multisets of four values from 1 to 13."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from cardgames.numbers import integer_text
from cardgames.twenty_four import solver

LOWEST, HIGHEST, HAND_SIZE = 1, 13, 4


@dataclass(frozen=True)
class HandStatistics:
    """What the solver finds over all hands for one target."""

    target: int
    hands: int
    solvable: int
    solutions: int                            # distinct postfix expressions, summed over hands
    most_solutions: int
    most_solved: tuple[tuple[int, ...], ...]  # the hands with ``most_solutions`` solutions
    fraction_only: tuple[tuple[int, ...], ...]  # solvable, but never with whole intermediates


def all_hands() -> list[tuple[int, ...]]:
    """Every multiset of four values from 1 to 13, as sorted tuples, in ascending order."""
    return list(itertools.combinations_with_replacement(range(LOWEST, HIGHEST + 1), HAND_SIZE))


def hand_statistics(target: int = solver.TARGET) -> HandStatistics:
    """Solve every hand for the target and gather the statistics."""
    hands = all_hands()
    counts = {hand: solver.count_solutions(hand, target) for hand in hands}
    most = max(counts.values())
    return HandStatistics(
        target=target,
        hands=len(hands),
        solvable=sum(1 for n in counts.values() if n),
        solutions=sum(counts.values()),
        most_solutions=most,
        most_solved=tuple(hand for hand in hands if counts[hand] == most),
        fraction_only=tuple(hand for hand in hands if counts[hand]
                            and not solver.is_solvable(hand, target, integers_only=True)),
    )


def _hand_text(hand: tuple[int, ...]) -> str:
    """A hand as its values separated by spaces."""
    return " ".join(map(str, hand))


def statistics_lines(stats: HandStatistics) -> list[str]:
    """The statistics as text lines, with an example solution for each fraction-only hand."""
    share = 100 * stats.solvable / stats.hands
    lines = [
        f"Hands: {stats.hands} multisets of {HAND_SIZE} values from {LOWEST} to {HIGHEST}",
        f"Solvable (making {integer_text(stats.target)}): {stats.solvable} ({share:.1f}%)",
        f"Postfix solutions in all: {stats.solutions}",
        f"Most solutions: {stats.most_solutions}, for "
        + ", ".join(_hand_text(hand) for hand in stats.most_solved),
        f"Solvable only through a fraction: {len(stats.fraction_only)} hands",
    ]
    for hand in stats.fraction_only:
        example = solver.infix(solver.distinct_solutions(hand, stats.target)[0])
        lines.append(f"  {_hand_text(hand)}: {example}")
    return lines
