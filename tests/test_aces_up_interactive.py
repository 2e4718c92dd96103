"""Tests of cardgames.aces_up.interactive and the rich default / --solve options of the subcommand."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules
from cardgames.aces_up.rich_game.loop import (
    OFFER,
    OFFER_PROMPT,
    Extra,
    Session,
    board_lines,
    hint_line,
    parse,
    play_session,
)
from cardgames.aces_up.rules import MalformedCommand

ROOT = Path(__file__).resolve().parent.parent


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


@pytest.mark.parametrize("line, asked", [
    ("u", Extra.UNDO), (" U ", Extra.UNDO), ("?", Extra.HINT), ("Hint", Extra.HINT),
    ("solve", Extra.SOLVE), ("n", Extra.NEW), ("N 42", Extra.NEW),
    ("t 4 2", rules.Command(rules.Action.MOVE, (4, 2)))])
def test_parse_reads_the_extra_commands(line, asked):
    assert parse(line) == asked


@pytest.mark.parametrize("line", ["", "x", "U 1", "F 9", "hints"])
def test_parse_rejects_malformed_lines(line):
    with pytest.raises(MalformedCommand):
        parse(line)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 30), max_size=40))
def test_undo_restores_exactly_the_previous_position(seed, picks):
    session = Session(seed)
    seen = [session.position]
    for pick in picks:
        legal = list(rules.legal_commands(session.position))
        if not legal:
            break
        session.play(legal[pick % len(legal)])
        seen.append(session.position)
    while seen:
        assert session.position == seen.pop()
        assert session.undo() == bool(seen)
    assert session.position == rules.seeded_position(seed)


def test_a_rejected_command_changes_nothing_and_adds_no_undo_step():
    session = Session(10)
    with pytest.raises(rules.IllegalMove):
        session.play(rules.parse_command("T 1 2"))
    assert len(session.history) == 1


@pytest.mark.parametrize("seed", [12, 15, 18])
def test_hints_are_legal_moves_all_the_way_to_a_win(seed):
    session = Session(seed)
    for _ in range(200):
        if rules.is_won(session.position):
            break
        move = session.solve().line[0]
        assert hint_line(session).startswith(f"Hint: {move}  (")
        assert move in rules.legal_commands(session.position)
        session.play(move)
    assert rules.is_won(session.position)


def test_hint_on_a_lost_deal_says_so():
    assert hint_line(Session(10)) == "This position cannot be won."


def test_solve_command_plays_to_a_win_and_undo_works_in_the_loop():
    out = run_lines(Session(15), ["F 1", "D", "U", "U", "U", "?", "solve"])
    assert "Nothing to undo." in out and "Undone." in out and "Hint: " in out
    assert out.endswith("Won by the solver. (seed 15)\n" + OFFER + "\n" + OFFER_PROMPT + "\n")


def test_unknown_commands_and_quit():
    out = run_lines(Session(10), ["bogus", "Q"])
    assert "Unknown command 'bogus': H lists the commands." in out
    assert out.endswith("You have chosen to quit.")


def test_board_shows_counts_numbers_and_cards():
    lines = board_lines(rules.seeded_position(10))
    assert lines[1].startswith("Stock: 48 cards (12 deals left)   Foundation: 0 cards")
    assert lines[2] == "   1    2    3    4"
    assert lines[3] == "   J\u2665   3\u2663   2\u2665   5\u2665"


def cardgames(*args, stdin=b""):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "cardgames", "aces-up", *args], cwd=ROOT,
                          input=stdin, capture_output=True, timeout=120, env=env)


def test_solve_option_prints_a_line_that_wins_through_the_root_script():
    solved = cardgames("--solve", "--seed", "12")
    assert solved.returncode == 0 and b"winnable" in solved.stderr
    played = subprocess.run([sys.executable, "aces_up.py", "--seed", "12"], cwd=ROOT,
                            input=solved.stdout, capture_output=True, timeout=60)
    assert played.stdout.endswith("You won!\n".encode())


def test_solve_option_on_a_lost_deal_and_bad_combinations():
    lost = cardgames("--solve", "--seed", "10")
    assert lost.returncode == 1 and lost.stdout == b"" and b"cannot be won" in lost.stderr
    assert cardgames("--solve").returncode == 2
    assert cardgames("--classic", "--no-lone-moves").returncode == 2
    assert cardgames("--classic", "--solve", "--seed", "1").returncode == 2


def test_the_subcommand_plays_the_rich_game_by_default():
    done = cardgames("--seed", "10", stdin=b"?\nq\n")
    assert done.returncode == 0
    assert "This position cannot be won.".encode() in done.stdout
    assert done.stdout.endswith("You have chosen to quit.\n".encode())


@pytest.mark.parametrize("tier", ["stdlib", None])
def test_ctrl_c_during_a_hint_leaves_the_game_as_it_was(tier):
    session = Session(3, budget=60, tier=tier)            # seed 3: a long search

    def interrupt(positions, seconds):
        raise KeyboardInterrupt

    session.progress = interrupt                           # Ctrl-C while it searches
    assert hint_line(session) == "The solver was interrupted; no hint."
    assert len(session.history) == 1 and session.solved == {}
    session.progress = None
    assert hint_line(Session(0, tier=tier)).startswith("Hint: ")


def test_ctrl_c_during_solve_asks_the_solver_once():
    from cardgames.aces_up.rich_game.loop import _solve_lines
    session = Session(3, budget=60, tier="stdlib")
    asked = []

    def interrupt(positions, seconds):
        asked.append(positions)
        raise KeyboardInterrupt

    session.progress = interrupt
    assert list(_solve_lines(session)) == ["The solver was interrupted; nothing was played."]
    assert len(asked) == 1


@pytest.mark.parametrize("tier, status", [("numpy", 0), ("bogus", 2)])
def test_the_game_under_a_simulation_tier_or_a_bad_one(tier, status):
    done = subprocess.run([sys.executable, "-m", "cardgames", "aces-up", "--seed", "0"],
                          input=b"?\nQ\n", capture_output=True, timeout=120,
                          env={**os.environ, "CARDGAMES_TIER": tier,
                               "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == status and b"Traceback" not in done.stderr
    if status == 0:
        assert b"Hint: " in done.stdout                # numpy: the reference search answers
    else:
        assert b"unknown tier 'bogus'" in done.stderr
