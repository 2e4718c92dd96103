"""The rich ``cardgames aces-up`` game as a player meets it (issue 16): the seed always shown,
the win flow and the new-game offer, R undoable, reasons in every error, plurals, lines
within 79 columns, and a guess when the solver cannot settle a hint."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import hand_built
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.loop import (
    HELP,
    OFFER,
    RANDOM_SEEDS,
    WIDTH,
    Guess,
    Session,
    _react,
    _solve_lines,
    board_lines,
    columns,
    guess_lines,
    guess_order,
    hint_line,
    play_session,
    random_seed,
    search_order,
    seed_line,
)
from cardgames.cards import Card, Suit

ROOT = Path(__file__).resolve().parent.parent
#: Small solver budgets, counted in positions, so that every answer is the same on any machine.
QUICK = {"tier": "stdlib", "nodes": 3_000, "guess_nodes": 3_000, "guess_seconds": None}


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


BOARD_10 = """
Stock: 48 cards (12 deals left)   Foundation: 0 cards
   1    2    3    4
   J\u2665   3\u2663   2\u2665   5\u2665
"""
BOARD_10_DEALT = """
Stock: 44 cards (11 deals left)   Foundation: 0 cards
   1    2    3    4
   J\u2665   3\u2663   2\u2665   5\u2665
   K\u2660   A\u2663   A\u2666   4\u2665
"""


def test_a_scripted_game_reads_exactly_so():
    status, text = transcript(Session(10, tier="stdlib"),
                              ["F 9", "T 1 2", "F 1", "?", "D", "R", "U", "F 3", "Q"])
    assert status == 0
    assert text == (
        HELP + "\nSeed 10 (replay it: cardgames aces-up --seed 10)\n" + BOARD_10
        + "\naces-up> F 9\nThere is no column 9: the columns are 1 to 4.\n" + BOARD_10
        + "\naces-up> T 1 2\n"
          "Cannot move: column 2 is not empty (T x y moves a card to an empty column).\n"
        + BOARD_10
        + "\naces-up> F 1\n"
          "J\u2665 cannot be discarded: no higher heart is at the bottom of another column.\n"
        + BOARD_10
        + "\naces-up> ?\nThis position cannot be won.\n" + BOARD_10
        + "\naces-up> D\n" + BOARD_10_DEALT
        + "\naces-up> R\nRestarted: the deal's first position (U takes it back).\n" + BOARD_10
        + "\naces-up> U\nUndone.\n" + BOARD_10_DEALT
        + "\naces-up> F 3\n"
          "A\u2666 cannot be discarded: aces stay (the game ends with the four aces).\n"
        + BOARD_10_DEALT
        + "\naces-up> Q\nYou have chosen to quit.\n")


def test_solve_shows_the_final_board_the_win_and_offers_a_new_game():
    status, text = transcript(Session(None, tier="stdlib"), ["solve", "x", "", "Q"],
                              seeds=[12, 15])
    assert status == 0
    assert text.startswith(HELP + "\nSeed 12 (replay it: cardgames aces-up --seed 12)\n")
    line = [str(move) for move in search.solve(rules.seeded_position(12), tier="stdlib").line]
    played = text.split("aces-up> solve\n")[1].split("\n\n")[0].split("\n")
    assert played[0] == f"Playing a winning line of {len(line)} moves:"
    assert " ".join(row.strip() for row in played[1:]).split(", ") == line
    assert all(row.startswith("  ") and len(row) <= WIDTH for row in played[1:])
    assert text.split("aces-up> solve\n")[1].split("\n\n", 1)[1] == (
        "Stock: 0 cards (0 deals left)   Foundation: 48 cards, last K\u2665\n"
        "   1    2    3    4\n"
        "   A\u2660   A\u2666   A\u2663   A\u2665\n"
        "Won by the solver. (seed 12)\n"
        f"{OFFER}\n"
        "\nnew game> x\n"
        "Not a seed: 'x'.\nType a whole number, press Enter for a random deal, U to undo, or Q.\n"
        "\nnew game> \n"
        "Seed 15 (replay it: cardgames aces-up --seed 15)\n"
        + "\n".join(board_lines(rules.seeded_position(15))) + "\n"
        "\naces-up> Q\nYou have chosen to quit.\n")


def test_a_win_by_hand_offers_a_new_game_and_the_end_of_input_ends_it():
    line = [str(move) for move in search.solve(rules.seeded_position(15), tier="stdlib").line]
    status, text = transcript(Session(15, tier="stdlib"), [*line, "20"])
    assert status == 0
    assert "You won! (seed 15)\n" + OFFER + "\n\nnew game> 20\nSeed 20 (" in text
    assert text.endswith("\naces-up> \n")


@pytest.mark.parametrize("answers, end", [([], "\nnew game> \n"),
                                          (["q"], "\nnew game> q\nYou have chosen to quit.\n")])
def test_the_offer_ends_on_q_or_at_the_end_of_input(answers, end):
    status, text = transcript(Session(12, tier="stdlib"), ["solve", *answers])
    assert status == 0 and text.endswith(end)


def test_ctrl_c_at_a_prompt_ends_the_game_cleanly():
    def interrupt(prompt):
        raise KeyboardInterrupt

    out = []
    assert play_session(Session(3), interrupt, out.append) == 0
    assert out[-1] == ""


def test_a_game_without_a_seed_is_given_one_and_shows_it():
    assert transcript(Session(), ["Q"], seeds=[4242])[0] == 0
    text = transcript(Session(), ["Q"], seeds=[4242])[1]
    assert "\nSeed 4242 (replay it: cardgames aces-up --seed 4242)\n" in text
    assert "\n".join(board_lines(rules.seeded_position(4242))) in text


def test_random_seeds_are_short_whole_numbers():
    seeds = {random_seed() for _ in range(50)}
    assert all(0 <= seed < RANDOM_SEEDS for seed in seeds) and len(seeds) > 1


@pytest.mark.parametrize("seed, lone, line", [
    (0, True, "Seed 0 (replay it: cardgames aces-up --seed 0)"),
    (-7, False, "Seed -7 (replay it: cardgames aces-up --seed -7 --no-lone-moves)"),
    (10 ** 40, True, "Seed: a number of 41 digits, too long to show here"),
])
def test_the_seed_line(seed, lone, line):
    assert seed_line(seed, lone) == line and len(line) <= WIDTH


def cardgames(*args, stdin=b""):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "cardgames", "aces-up", *args], cwd=ROOT,
                          check=False, input=stdin, capture_output=True, timeout=120, env=env)


def test_the_printed_seed_replays_the_same_game():
    script = b"D\nF 1\nD\nT 1 2\nU\nR\nD\nQ\n"
    first = cardgames(stdin=script)
    seed = re.search(rb"Seed (\d+) \(replay it: cardgames aces-up --seed \1\)",
                     first.stdout).group(1)
    again = cardgames("--seed", seed.decode(), stdin=script)
    assert first.returncode == again.returncode == 0
    assert first.stdout == again.stdout


@pytest.mark.parametrize("commands, message", [
    (["F 9"], "There is no column 9: the columns are 1 to 4."),
    (["T 1 05"], "There is no column 05: the columns are 1 to 4."),
    (["T 1 x"], "Not a column number: 'x' (the columns are 1 to 4)."),
    (["T 1 2"], "Cannot move: column 2 is not empty (T x y moves a card to an empty column)."),
    (["F 1"], "J\u2665 cannot be discarded: no higher heart is at the bottom of another column."),
    (["F"], "F takes one column number, as in F 2."),
    (["T 1"], "T takes two column numbers, as in T 1 3."),
    (["D 2"], "D takes no number (H lists the commands)."),
    (["N abc"], "N takes at most one seed, a whole number, as in N 42."),
    (["N 1 2"], "N takes at most one seed, a whole number, as in N 42."),
    (["u 1"], "U takes no number (H lists the commands)."),
    (["bogus"], "Unknown command 'bogus': H lists the commands."),
    (["x" * 40], f"Unknown command '{'x' * 19}\u2026': H lists the commands."),
    (["\u3042" * 40], "Unknown command '" + "\u3042" * 9 + "\u2026': H lists the commands."),
    ([""], "Type a command (H lists them)."),
    (["D"] * 13, "The stock is empty: there is nothing left to deal."),
    (["R"], "This is already the deal's first position."),
    (["U"], "Nothing to undo."),
])
def test_every_rejection_says_why_and_changes_nothing(commands, message):
    session = Session(10)
    for line in commands[:-1]:
        list(_react(session, line))
    history = list(session.history)
    assert list(_react(session, commands[-1])) == [message]
    assert session.history == history


def test_discarding_from_an_empty_column_says_it_is_empty():
    session = Session(10)
    for line in ("D", "F 4"):
        list(_react(session, line))
    session.history.append(rules.Position(session.position.stock,
                                          ((), *session.position.columns[1:]),
                                          session.position.foundation))
    assert list(_react(session, "F 1")) == ["Column 1 is empty: there is no card to discard."]


def test_no_lone_moves_says_the_card_is_alone():
    session = Session(10, lone_moves=False)
    session.history.append(rules.Position(session.position.stock,
                                          (session.position.columns[0], (), (), ()),
                                          session.position.foundation))
    assert list(_react(session, "T 1 2")) == [
        "Cannot move: the card of column 1 is alone (T x y moves a card to an empty column)."]


def test_counts_are_worded_in_the_singular_for_one():
    heart = Card(5, Suit.HEARTS)
    position = rules.Position(tuple(Card(rank, Suit.CLUBS) for rank in range(2, 6)),
                              ((Card(1, Suit.SPADES),), (), (), ()), (heart,))
    assert board_lines(position)[1] == (
        "Stock: 4 cards (1 deal left)   Foundation: 1 card, last 5\u2665")


def test_help_fits_and_names_every_command():
    assert max(map(len, HELP.split("\n"))) <= WIDTH
    for command in ("D ", "F x", "T x y", "U ", "?, hint", "solve", "R ", "N [seed]", "H ", "Q "):
        assert f"\n  {command}" in HELP


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 60), st.lists(st.sampled_from(
    ["D", "F 1", "F 2", "F 3", "F 4", "T 1 2", "T 2 1", "T 3 4", "T 4 3", "T 1 9", "U", "R",
     "?", "H", "solve", "", "x" * 100, "F", "N 7", "Q", "3", "\u3042" * 30,
     "\u3042 " * 30]),
    max_size=25))
def test_every_line_fits_in_79_columns_and_no_command_raises(seed, lines):
    status, text = transcript(Session(seed, **QUICK), lines, seeds=range(100, 200))
    assert status == 0
    assert max(map(columns, shown_lines(text))) <= WIDTH


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1000), st.lists(st.integers(0, 30), max_size=40))
def test_restart_then_undo_gives_back_the_position_before(seed, picks):
    session = Session(seed)
    for pick in picks:
        legal = list(rules.legal_commands(session.position))
        if not legal:
            break
        session.play(legal[pick % len(legal)])
    before, steps = session.position, len(session.history)
    restarted = session.restart()
    assert session.position == rules.seeded_position(seed)
    assert len(session.history) == steps + restarted
    assert session.undo() == (steps + restarted > 1)
    if restarted:
        assert session.position == before


def test_the_search_order_puts_the_deal_before_moving_a_lone_card():
    position = hand_built(["2♥ 4♠", "3♠", "", "K♣ Q♣"],
                          ["5♦ 6♦ 7♦ 8♦"])
    assert list(map(str, search_order(position))) == [
        "F 2", "T 1 3", "T 4 3", "D", "T 2 3"]
    assert list(map(str, search_order(position, lone_moves=False))) == [
        "F 2", "T 1 3", "T 4 3", "D"]


@pytest.mark.parametrize("stock, lone_moves, first", [
    ([], True, "F 2"), ([], False, "F 2"), (["5♦ 6♦ 7♦ 8♦"], True, "F 2"),
    # with no lone moves a safe discard is only safe once the stock is empty
    (["5♦ 6♦ 7♦ 8♦"], False, "F 1"),
])
def test_a_guess_tries_a_safe_discard_first(stock, lone_moves, first):
    # 4♠ and 2♠ can both go; 2♠ is the lowest spade left, so it goes first
    position = hand_built(["A♥ 4♠", "K♠ 2♠", "", "Q♠"], stock)
    moves = list(rules.legal_commands(position, lone_moves))
    order = guess_order(position, moves, lone_moves)
    assert sorted(order, key=str) == sorted(moves, key=str)
    assert str(order[0]) == first
    safe = search.safe_discard(position, lone_moves)
    assert (safe is not None) == (first == "F 2")


def test_a_guess_names_the_moves_that_lose():
    session = Session(25, tier="stdlib", nodes=21_000, guess_nodes=40_000, guess_seconds=None)
    assert hint_line(session) == (
        "Guess: F 1  (discard Q\u2666 from column 1)\n"
        "The solver could not settle this position in 10 s and within 21,000 positions:\n"
        "  this is a guess.\n"
        "Proved to lose: D.")


def test_a_guess_that_proves_a_win_is_a_plain_hint():
    session = Session(4, tier="stdlib", nodes=21_000, guess_nodes=40_000, guess_seconds=None)
    assert hint_line(session) == "Hint: F 1  (discard 3\u2666 from column 1)"
    assert session.solve().status is search.Status.WINNABLE


def test_when_every_move_loses_the_guess_says_the_position_cannot_be_won():
    session = Session(10, tier="stdlib", nodes=1, guess_nodes=40_000, guess_seconds=None)
    assert session.solve().status is search.Status.UNSETTLED
    assert hint_line(session) == "This position cannot be won."


def test_an_interrupted_guess_gives_no_hint():
    session = Session(10)
    assert guess_lines(session, Guess(interrupted=True)) == "The solver was interrupted; no hint."


def test_ctrl_c_while_guessing_returns_to_the_prompt_with_the_game_intact():
    session = Session(25, tier="stdlib", nodes=21_000, guess_nodes=40_000, guess_seconds=None)
    assert session.solve().status is search.Status.UNSETTLED
    calls = []

    def interrupt(positions, seconds):
        calls.append(positions)
        raise KeyboardInterrupt

    session.progress = interrupt
    assert session.guess() == Guess(interrupted=True)
    assert len(session.history) == 1


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 200), st.lists(st.integers(0, 30), max_size=10))
def test_a_guess_is_never_a_move_proved_lost(seed, picks):
    session = Session(seed, tier="stdlib", nodes=3_000, guess_nodes=20_000, guess_seconds=None)
    for _ in range(5):                       # a few deals first: the exact checks stay quick
        session.play(rules.Command(rules.Action.DEAL))
    for pick in picks:
        legal = list(rules.legal_commands(session.position))
        if not legal:
            break
        session.play(legal[pick % len(legal)])
    if session.solve().status is not search.Status.UNSETTLED:
        return
    guess = session.guess()
    exact = {move: search.solve(rules.apply(session.position, move)).status
             for move in rules.legal_commands(session.position)}
    assert all(exact[move] is search.Status.LOST for move in guess.lost)
    if guess.move is None:
        assert set(exact.values()) == {search.Status.LOST}
    else:
        assert guess.move in exact and guess.move not in guess.lost
        assert not guess.winning or exact[guess.move] is search.Status.WINNABLE
        rules.apply(session.position, guess.move)   # a legal move


def test_u_takes_back_a_new_game_and_the_game_left_goes_on():
    session = Session(12)
    session.play(next(iter(rules.legal_commands(session.position))))
    left = list(session.history)
    out = list(_react(session, "N 5"))
    assert out[0] == "New game (U takes it back)." and session.seed == 5
    assert list(_react(session, "U"))[0] == "Undone: back to the game you left."
    assert (session.seed, session.history) == (12, left)
    assert list(_react(session, "U")) == ["Undone."] and len(session.history) == 1
    assert list(_react(session, "U")) == ["Nothing to undo."]


def test_u_at_the_offer_takes_back_the_winning_move():
    session = Session(12)
    list(_solve_lines(session))
    assert rules.is_won(session.position)
    answers = iter(["U", "Q"])
    out = []
    play_session(session, read=lambda prompt: next(answers), write=out.append)
    assert out.count(OFFER) == 1 and "Undone." in out and out[-1] == "You have chosen to quit."
    assert not rules.is_won(session.position)
