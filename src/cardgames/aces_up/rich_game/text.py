"""The lines of the rich game."""

from __future__ import annotations

__all__ = ["solving_line"]


def solving_line(positions: int, seconds: float) -> str:
    """The status line of a solve that is running (positions searched, rate, time)."""
    rate = positions / seconds if seconds > 0 else 0.0
    return (f"solving: {positions:,} positions, {rate / 1e6:.1f} M per second, "
            f"{seconds:.1f} s (Ctrl-C stops)")
