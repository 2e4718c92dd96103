"""The rich ``cardgames aces-up`` game as a player meets it (cardgames.aces_up.rich_game.loop,
issue 16): the seed always shown, the win flow and the new-game offer, R and N undoable,
reasons in every error, lines within 79 columns, Ctrl-C, and the command in a subprocess."""

import os
import re
import signal
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich_game_helpers import (
    HONEST,
    QUICK,
    ROOT,
    cardgames,
    react,
    run_lines,
    shown_lines,
    transcript,
)

from cardgames import tiers
from cardgames.aces_up import rules, search
from cardgames.aces_up.players import PLAYERS, play
from cardgames.aces_up.rich_game import loop
from cardgames.aces_up.rich_game.loop import _solve_lines, play_demo, play_session
from cardgames.aces_up.rich_game.session import Session
from cardgames.aces_up.rich_game.text import (
    DEMO_STOPPED,
    HELP,
    OFFER,
    OFFER_PROMPT,
    WIDTH,
    board_lines,
    columns,
)


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
    status, text = transcript(Session(10, tier="stdlib", honest=HONEST),
                              ["F 9", "T 1 2", "F 1", "?", "peek", "D", "R", "U", "F 3", "Q"])
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
        + "\naces-up> ?\n"
          "Plan for this turn (the last-deal player, who does not see the stock):\n"
          "  F 4    discard 5\u2665 from column 4\n"
          "  F 3    discard 2\u2665 from column 3\n"
          "  D      deal one card onto each column\n"
          "Its chance of winning: about 0% (95% interval 0-32.4%, 8 sampled stocks).\n"
        + BOARD_10
        + "\naces-up> peek\nKnowing the stock: this position cannot be won.\n" + BOARD_10
        + "\naces-up> D\n" + BOARD_10_DEALT
        + "\naces-up> R\nRestarted: the deal's first position (U takes it back).\n" + BOARD_10
        + "\naces-up> U\nUndone.\n" + BOARD_10_DEALT
        + "\naces-up> F 3\n"
          "A\u2666 cannot be discarded: aces stay (the game ends with the four aces).\n"
        + BOARD_10_DEALT
        + "\naces-up> Q\nYou have chosen to quit.\n")


def played_out(seed, line):
    """The position a line of commands leaves, played from the seed's deal."""
    position = rules.seeded_position(seed)
    for command in line:
        if command.action is rules.Action.DISCARD:
            position = rules.discard(position, command.columns[0])
        elif command.action is rules.Action.MOVE:
            position = rules.move(position, *command.columns)
        else:
            position = rules.deal(position)
    return position


def test_solve_shows_the_final_board_the_win_and_offers_a_new_game():
    status, text = transcript(Session(None, tier="stdlib"), ["solve", "x", "", "Q"],
                              seeds=[12, 15])
    assert status == 0
    assert text.startswith(HELP + "\nSeed 12 (replay it: cardgames aces-up --seed 12)\n")
    commands = search.solve(rules.seeded_position(12), tier="stdlib").line
    line = [str(move) for move in commands]
    played = text.split("aces-up> solve\n")[1].split("\n\n")[0].split("\n")
    assert played[0] == f"Playing a winning line of {len(line)} moves:"
    assert " ".join(row.strip() for row in played[1:]).split(", ") == line
    assert all(row.startswith("  ") and len(row) <= WIDTH for row in played[1:])
    assert text.split("aces-up> solve\n")[1].split("\n\n", 1)[1] == (
        "\n".join(board_lines(played_out(12, commands))[1:]) + "\n"
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


def test_solve_command_plays_to_a_win_and_undo_works_in_the_loop():
    out = run_lines(Session(15), ["F 1", "D", "U", "U", "U", "peek", "solve"])
    assert "Nothing to undo." in out and "Undone." in out and "Hint (knowing the stock): " in out
    assert out.endswith("Won by the solver. (seed 15)\n" + OFFER + "\n" + OFFER_PROMPT + "\n")


def test_unknown_commands_and_quit():
    out = run_lines(Session(10), ["bogus", "Q"])
    assert "Unknown command 'bogus': H lists the commands." in out
    assert out.endswith("You have chosen to quit.")


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
        list(react(session, line))
    history = list(session.history)
    assert list(react(session, commands[-1])) == [message]
    assert session.history == history


def test_discarding_from_an_empty_column_says_it_is_empty():
    session = Session(10)
    for line in ("D", "F 4"):
        list(react(session, line))
    session.history.append(rules.Position(session.position.stock,
                                          ((), *session.position.columns[1:]),
                                          session.position.foundation))
    assert list(react(session, "F 1")) == ["Column 1 is empty: there is no card to discard."]


def test_no_lone_moves_says_the_card_is_alone():
    session = Session(10, lone_moves=False)
    session.history.append(rules.Position(session.position.stock,
                                          (session.position.columns[0], (), (), ()),
                                          session.position.foundation))
    assert list(react(session, "T 1 2")) == [
        "Cannot move: the card of column 1 is alone (T x y moves a card to an empty column)."]


def test_u_takes_back_a_new_game_and_the_game_left_goes_on():
    session = Session(12)
    session.play(next(iter(rules.legal_commands(session.position))))
    left = list(session.history)
    out = list(react(session, "N 5"))
    assert out[0] == "New game (U takes it back)." and session.seed == 5
    assert list(react(session, "U"))[0] == "Undone: back to the game you left."
    assert (session.seed, session.history) == (12, left)
    assert list(react(session, "U")) == ["Undone."] and len(session.history) == 1
    assert list(react(session, "U")) == ["Nothing to undo."]


def test_u_at_the_offer_takes_back_the_winning_move():
    session = Session(12)
    list(_solve_lines(session))
    assert rules.is_won(session.position)
    answers = iter(["U", "Q"])
    out = []
    play_session(session, read=lambda prompt: next(answers), write=out.append)
    assert out.count(OFFER) == 1 and "Undone." in out and out[-1] == "You have chosen to quit."
    assert not rules.is_won(session.position)


def test_ctrl_c_during_solve_asks_the_solver_once():
    session = Session(3, budget=60, tier="stdlib")
    asked = []

    def interrupt(positions, seconds):
        asked.append(positions)
        raise KeyboardInterrupt

    session.progress = interrupt
    assert list(_solve_lines(session)) == ["The solver was interrupted; nothing was played."]
    assert len(asked) == 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 60), st.lists(st.sampled_from(
    ["D", "F 1", "F 2", "F 3", "F 4", "T 1 2", "T 2 1", "T 3 4", "T 4 3", "T 1 9", "U", "R",
     "?", "peek", "H", "solve", "demo", "", "x" * 100, "F", "N 7", "Q", "3", "\u3042" * 30,
     "\u3042 " * 30]),
    max_size=25))
def test_every_line_fits_in_79_columns_and_no_command_raises(seed, lines):
    status, text = transcript(Session(seed, **QUICK), lines, seeds=range(100, 200))
    assert status == 0
    assert max(map(columns, shown_lines(text))) <= WIDTH


def test_the_printed_seed_replays_the_same_game():
    script = b"D\nF 1\nD\nT 1 2\nU\nR\nD\nQ\n"
    first = cardgames(stdin=script)
    seed = re.search(rb"Seed (\d+) \(replay it: cardgames aces-up --seed \1\)",
                     first.stdout).group(1)
    again = cardgames("--seed", seed.decode(), stdin=script)
    assert first.returncode == again.returncode == 0
    assert first.stdout == again.stdout


def test_the_subcommand_plays_the_rich_game_by_default():
    done = cardgames("--seed", "10", stdin=b"peek\n?\nq\n")
    assert done.returncode == 0
    assert "Knowing the stock: this position cannot be won.".encode() in done.stdout
    assert b"Plan for this turn (the last-deal player, who does not see the stock):\n" \
           b"  F 4    discard" in done.stdout
    assert done.stdout.endswith("You have chosen to quit.\n".encode())


@pytest.mark.parametrize("tier, status", [("numpy", 0), ("bogus", 2)])
def test_the_game_under_a_simulation_tier_or_a_bad_one(tier, status):
    done = subprocess.run([sys.executable, "-m", "cardgames", "aces-up", "--seed", "0"],
                          input=b"peek\nQ\n", capture_output=True, timeout=120,
                          env={**os.environ, "CARDGAMES_TIER": tier,
                               "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == status and b"Traceback" not in done.stderr
    if status == 0:
        assert b"Hint (knowing the stock): " in done.stdout    # numpy: the reference search
    else:
        assert b"unknown tier 'bogus'" in done.stderr


class Terminal:
    """A standard output that says it is a terminal (its width: $COLUMNS)."""

    def isatty(self):
        return True

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def test_a_terminal_narrower_than_79_columns_gets_lines_that_fit_it_whole_words(monkeypatch):
    script = ["H", "hint", "peek", "F 9", "solve"]
    _, wide = transcript(Session(12, tier="stdlib", honest=HONEST), script, seeds=[15])
    monkeypatch.setattr(sys, "stdout", Terminal())
    monkeypatch.setenv("COLUMNS", "60")
    _, narrow = transcript(Session(12, tier="stdlib", honest=HONEST), script, seeds=[15])
    assert max(columns(line) for line in wide.split("\n")) > 60     # the test bites
    assert max(columns(line) for line in narrow.split("\n")) <= 60
    assert narrow.split() == wide.split()                          # no word cut
    help_lines = narrow.split("Seed 12")[0].split("\n")
    assert help_lines[2:4] == ["  F x       discard the bottom card of column x (a higher",
                               "            card of its suit must be at the bottom of"]


def test_a_pipe_gets_79_columns_whatever_the_terminal(monkeypatch):
    _, before = transcript(Session(12, tier="stdlib"), ["H", "solve"], seeds=[15])
    monkeypatch.setenv("COLUMNS", "40")
    _, after = transcript(Session(12, tier="stdlib"), ["H", "solve"], seeds=[15])
    assert after == before and HELP in after


def test_out_of_memory_in_a_hint_says_so_and_the_game_goes_on(monkeypatch):
    from cardgames.aces_up.rich_game import session as session_module
    from cardgames.aces_up.rich_game.text import OUT_OF_MEMORY

    def no_memory(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(session_module.search, "solve", no_memory)
    session = Session(10, **QUICK)
    start = session.position
    out = run_lines(session, ["peek", "solve", "D"])
    assert out.count(OUT_OF_MEMORY + "\n") == 2 and "Traceback" not in out
    assert session.history[:2] == [start, rules.deal(start)]    # as it was, then D played


# ---------------------------------------------------------------- the honest hint and the demo


@pytest.mark.parametrize("seed", [71, 12])
def test_the_demo_plays_the_players_game_move_by_move(seed):
    session = Session(seed, **QUICK)
    status, text = transcript(session, ["demo", "Q"])
    game = play(rules.seeded_position(seed), PLAYERS["last-deal"])
    shown = re.findall(r"\ndemo> (D|F \d|T \d \d)  \(", text)
    assert status == 0 and shown == [str(command) for command in game.line]
    assert "The last-deal player plays the rest of this deal (Ctrl-C stops it).\n" in text
    replay = f"cardgames aces-up --seed {seed} --demo"
    if game.won:
        assert f"Watch it again from the deal's start: {replay}\n" in text
        assert f"Won by the last-deal player. (seed {seed})\n{OFFER}\n" in text
    else:
        assert (f"The last-deal player lost this deal. Watch it again from the deal's start:\n"
                f"  {replay}\n") in text


def test_the_demo_shows_each_board_once_and_its_moves_undo_one_by_one():
    session = Session(12, **QUICK)
    status, text = transcript(session, ["demo", "U", "Q"])
    game = play(rules.seeded_position(12), PLAYERS["last-deal"])
    assert text.count("\nStock: ") == 1 + len(game.line) + 1     # start, each move, after U
    assert len(session.history) == len(game.line)                 # one step taken back


def test_ctrl_c_in_the_demo_stops_it_and_the_game_goes_on():
    written = []

    def write(text):
        written.append(text)
        if len(written) == 6:
            raise KeyboardInterrupt

    session = Session(12, **QUICK)
    list(react(session, "D"))
    lines = iter(["demo", "Q"])
    play_session(session, lambda prompt: next(lines), write)
    assert DEMO_STOPPED in written and written[-1] == "You have chosen to quit."
    assert len(session.history) > 2                                # the moves made stay


@pytest.mark.parametrize("at", ["Plan for this turn", "\nStock: "])
def test_a_ctrl_c_while_an_answer_is_written_leaves_the_game_going_on(at):
    # a second Ctrl-C after the one that stopped an estimate, as the hint or the board after
    # it is written: not at a prompt, so the game goes on, the position as it was
    written = []
    read = []
    interrupted = []

    def write(text):
        if read[-1:] == ["?"] and not interrupted and text.startswith(at):
            interrupted.append(text)
            raise KeyboardInterrupt
        written.append(text)

    def ask(prompt):
        read.append(next(lines))
        return read[-1]

    session = Session(5, **QUICK)
    lines = iter(["D", "?", "Q"])
    assert play_session(session, ask, write) == 0
    assert interrupted and read == ["D", "?", "Q"]
    after = written[written.index("Interrupted."):]
    assert after[1].startswith("\nStock: ") and after[-1] == "You have chosen to quit."
    assert len(session.history) == 2                      # the start and the deal: no more


def test_the_demo_without_a_prompt_and_with_a_delay(monkeypatch):
    waits = []
    monkeypatch.setattr(loop.time, "sleep", waits.append)
    out = []
    assert play_demo(Session(None, **QUICK), "greedy", out.append, 0.25, lambda: 82) == 0
    game = play(rules.seeded_position(82), PLAYERS["greedy"])
    assert out[0] == "Seed 82 (replay it: cardgames aces-up --seed 82)"
    assert waits == [0.25] * len(game.line)
    assert game.line and not game.won and out[-2] == (
        "The greedy player lost this deal. Watch it again from the deal's start:\n"
        "  cardgames aces-up --seed 82 --demo --player greedy")


def test_the_honest_hint_at_the_end_of_input_and_on_bad_lines():
    status, text = transcript(Session(12, **QUICK), ["? 1", "peek x", "demo 2", "hint"])
    assert status == 0 and text.endswith("\naces-up> \n")
    for word in ("?", "PEEK", "DEMO"):
        assert f"\n{word} takes no number (H lists the commands).\n" in text
    assert text.count("Plan for this turn (the last-deal player") == 1
    assert text.count("\nStock: 48 cards") == 5                    # nothing was played


#: Plays seed 12 with an estimate that would take minutes: says "estimating" on stderr at the
#: first sampled stock, then reads the rest of the lines.
LONG_ESTIMATE = """
import sys
from cardgames.aces_up.rich_game.advice import Budget
from cardgames.aces_up.rich_game.loop import play_session
from cardgames.aces_up.rich_game.session import Session
session = Session(12, honest=Budget(10 ** 6, None))
def estimating(samples, seconds):
    if samples == 1:
        print("estimating", file=sys.stderr, flush=True)
session.estimating = estimating
sys.exit(play_session(session))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_in_a_long_estimate_stops_it_and_the_game_goes_on():
    process = subprocess.Popen([sys.executable, "-c", LONG_ESTIMATE], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    process.stdin.write(b"?\n")
    process.stdin.flush()
    assert process.stderr.readline() == b"estimating\n"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(b"D\nQ\n", timeout=60)
    assert process.returncode == 0 and b"Traceback" not in err
    assert re.search(rb"Its chance of winning: about [\d.]+% \(95% interval [\d.]+-[\d.]+%,"
                     rb"\s+[\d,]+ sampled stocks?;\s+interrupted\)\.\n", out)
    assert b"Stock: 44 cards" in out and out.endswith(b"You have chosen to quit.\n")


def test_the_first_question_to_a_solver_not_yet_loaded_says_it_loads(monkeypatch):
    from cardgames.aces_up.rich_game.text import LOADING, THINKING

    shown = []

    class Recorded:
        """A status line that keeps what it was asked to show."""

        def show(self, text):
            shown.append(text)

        def clear(self):
            pass

    monkeypatch.setattr(loop, "StatusLine", Recorded)
    monkeypatch.setattr(search, "_COMPILED", None)      # as in a new process
    options = {**QUICK, "tier": None}                    # the search the machine picks
    if search.wanted_tier() == tiers.STDLIB or not tiers.installed(tiers.NUMBA):
        assert search.loaded()
        pytest.skip("the reference search runs here, which loads nothing")
    run_lines(Session(10, **options), ["peek", "solve"])
    questions = [text for text in shown if text in (LOADING, THINKING)]
    assert questions == [LOADING, THINKING]               # loaded by the first one
    assert search.loaded() and search.loaded("stdlib")
