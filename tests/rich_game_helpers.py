"""Scripted play of the rich Aces Up game for its tests: the loop on given lines, one request
carried out, and the ``cardgames aces-up`` command in a subprocess."""

import os
import subprocess
import sys
from pathlib import Path

from cardgames.aces_up.rich_game.advice import Budget
from cardgames.aces_up.rich_game.loop import _react, play_session
from cardgames.aces_up.rich_game.session import parse

ROOT = Path(__file__).resolve().parent.parent
#: A small budget of the honest hint's chance, counted in sampled stocks (no time limit), so
#: that every answer is the same on any machine.
HONEST = Budget(samples=8, seconds=None, exact_seconds=None)
#: Small solver budgets, counted in positions, so that every answer is the same on any machine.
QUICK = {"tier": "stdlib", "nodes": 3_000, "guess_nodes": 3_000, "guess_seconds": None,
         "honest": HONEST}


def run_lines(session, lines):
    """Play the loop on scripted input; everything written, as one string."""
    feed = iter(lines)
    out = []

    def read(prompt):
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    assert play_session(session, read, out.append) == 0
    return "\n".join(out)


def transcript(session, lines, seeds=()):
    """Play scripted lines as a terminal shows them (each answer echoed after its prompt);
    the status and everything shown, as one string."""
    feed, seeds, out = iter(lines), iter(seeds), []

    def read(prompt):
        line = next(feed, None)
        out.append(prompt + ("" if line is None else line + "\n"))
        return line

    status = play_session(session, read, lambda text: out.append(text + "\n"), lambda: next(seeds))
    return status, "".join(out)


def shown_lines(text):
    """The lines of a transcript without the prompts and what was typed after them."""
    return [line for line in text.split("\n") if not line.startswith(("aces-up> ", "new game> "))]


def react(session, line):
    """The lines the loop answers one typed line with (the line read as the loop reads it)."""
    return _react(session, parse(line))


def cardgames(*args, stdin=b""):
    """``cardgames aces-up ARGS`` on the tree under test, ``stdin`` typed in."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "cardgames", "aces-up", *args], cwd=ROOT,
                          check=False, input=stdin, capture_output=True, timeout=120, env=env)
