"""Tests of cardgames.aces_up.course.program and the aces_up.py shim: the assignment's §9
functions, the game loop of §8, the command line of §1, and byte-exact sessions.

Sessions are checked against ``reference_transcript``, an independent model of the spec written
here from §2–§8 alone (tuples for cards, the §6 display code verbatim, the seeding of §4), and
against the golden files copied from the spec.
"""

import contextlib
import io
import os
import random
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples

from aces_up import (
    MENU,
    RULES,
    Card,
    Deck,
    check_for_win,
    deal_to_tableau,
    display,
    get_option,
    init_game,
    main,
    move_to_foundation,
    move_within_tableau,
    validate_move_to_foundation,
    validate_move_within_tableau,
)
from cardgames.aces_up import rules
from cardgames.aces_up.course.program import UsageError, parse_argv

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "aces_up"

# ---------------------------------------------------------------- the independent reference

_BANNER = "=========== Restarting: new game ============\n"
_QUIT_OUT = (GOLDEN / "c07_quit_immediately.out").read_text("utf-8")
_RESTART_OUT = (GOLDEN / "c04_restart.out").read_text("utf-8")
# MENU and RULES as the spec's own transcripts print them (their lengths are checked below)
_SPEC_MENU = _QUIT_OUT[:_QUIT_OUT.index("\n\n\nstock ") + 1]
_SPEC_RULES = _RESTART_OUT.split(_BANNER)[1].split("\n" + _SPEC_MENU)[0]
_PROMPT = "\nInput an option (DFTRHQ): "
_RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
_SUITS = "\u2663\u2666\u2665\u2660"


def _name(card):
    """The §2 text of a (rank, suit) tuple."""
    return _RANKS[card[0] - 1] + _SUITS[card[1] - 1]


def _shuffled(seed):
    """The §4 deck for a seed: last element is dealt first."""
    deck = [(r, s) for s in range(1, 5) for r in range(1, 14)]
    random.seed(seed)
    random.shuffle(deck)
    return deck


def reference_transcript(seed, lines):
    """Everything the spec says `aces_up.py --seed <seed>` prints for these input lines."""
    out = []
    say = lambda text="": out.append(str(text) + "\n")  # noqa: E731  (print)

    def new_game():
        deck = _shuffled(seed)
        return deck, [[deck.pop()] for _ in range(4)], []

    def board():  # §6, the spec's display() with (rank, suit) tuples
        say("\n{:<8s}{:^13s}{:s}".format("stock", "tableau", "  foundation"))
        for i in range(max(len(col) for col in cols)):
            lead = ("" if not stock else "XX") if i == 0 else ""
            out.append("{:<8s}".format(lead))
            for col in cols:
                out.append("{:4s}".format(_name(col[i]) if i < len(col) else ""))
            if i == 0 and found:
                out.append("    {}".format(_name(found[-1])))
            say()

    def column(token):
        return int(token) if re.fullmatch("[0-9]+", token) and 1 <= int(token) <= 4 else None

    stock, cols, found = new_game()
    say(_SPEC_MENU)
    board()
    for line in lines:
        out.append(_PROMPT)
        tokens = line.strip().split()
        letter = tokens[0].upper() if tokens else ""
        args = [column(t) for t in tokens[1:]]
        wanted = {"D": 0, "F": 1, "T": 2, "R": 0, "H": 0, "Q": 0}.get(letter)
        if wanted is None or len(args) != wanted or None in args:
            say("Error in option: " + line)
            say("Invalid option.")
        elif letter == "D":
            if not stock:
                say("Error, the stock is empty.")
            for col in cols:
                if stock:
                    col.append(stock.pop())
        elif letter == "F":
            x = args[0]
            if not cols[x - 1]:
                say(f"Error, empty column: {x}")
            else:
                card = cols[x - 1][-1]
                higher = [c[-1] for i, c in enumerate(cols, 1) if i != x and c
                          and c[-1][1] == card[1] and (c[-1][0] == 1 or c[-1][0] > card[0])]
                if card[0] == 1 or not higher:
                    say(f"Error, cannot move {_name(card)}.")
                else:
                    found.append(cols[x - 1].pop())
        elif letter == "T":
            x, y = args
            if cols[x - 1] and not cols[y - 1]:
                cols[y - 1].append(cols[x - 1].pop())
            else:
                say("Invalid move")
        elif letter == "R":
            out.append(_BANNER)
            say(_SPEC_RULES)
            say(_SPEC_MENU)
            stock, cols, found = new_game()
        elif letter == "H":
            say(_SPEC_MENU)
        else:
            say("You have chosen to quit.")
            return "".join(out)
        if not stock and all(len(c) == 1 and c[0][0] == 1 for c in cols):
            say("You won!")
            return "".join(out)
        board()
    out.append(_PROMPT)  # end of input at the prompt
    return "".join(out)


def run_script(args, lines):
    """Run the shim as a subprocess with these stdin lines; (status, stdout text, stderr bytes)."""
    stdin = "".join(line + "\n" for line in lines).encode()
    done = subprocess.run([sys.executable, "-S", "aces_up.py", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=30)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr


def run_main(seed, lines):
    """Run main(seed) in this process on these stdin lines; its stdout."""
    stdin, sys.stdin = sys.stdin, io.StringIO("".join(line + "\n" for line in lines))
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            main(seed)
    finally:
        sys.stdin = stdin
    return out.getvalue()


# A winning game for seed 15, found by a search over the rules and replayed by the reference.
WIN_15 = ("D F1 F3 F4 D F1 F3 D F2 F1 F4 D F1 F2 F3 F3 F3 T13 T21 F1 T21 F1 T21 T32 T13 T21 T32 "
          "T43 D F3 F3 T13 F3 T13 T21 F4 D F1 F3 D F2 F3 F4 F4 F4 F4 T14 D F2 D F1 F1 F4 F3 F3 "
          "F4 F2 D F1 F1 F2 F2 F3 T21 T32 T13 T21 D F2 T12 F2 T12 T41 F1 T21 T42 F3 D F2 F4 F3 "
          "F1").split()
WIN_15_LINES = [" ".join(word) for word in WIN_15]


def test_the_reference_reproduces_every_golden_file():
    """The reference model is itself checked against the spec's own transcripts."""
    for name, seed in [("c07_quit_immediately", 10), ("c08_help", 10),
                       ("c02_invalid_options", 10), ("c04_restart", 10)]:
        lines = (GOLDEN / f"{name}.in").read_text("utf-8").split("\n")[:-1]
        assert reference_transcript(seed, lines) == (GOLDEN / f"{name}.out").read_text("utf-8")


def test_the_reference_deals_the_spec_deck_for_seed_10():
    rows = (GOLDEN / "deck_seed10.txt").read_text("utf-8").splitlines()[1:]
    deck = _shuffled(10)
    assert [_name(card) for card in reversed(deck)] == " ".join(rows).split()


# ---------------------------------------------------------------- golden files, as bytes


def _cases():
    """The spec's cases, and ours (extra_cases.tsv: transcripts written by the reference)."""
    cases = []
    for table in ("cases.tsv", "extra_cases.tsv"):
        rows = (GOLDEN / table).read_text("utf-8").splitlines()
        header = rows[0].split("\t")
        assert header == ["name", "command", "stdin", "expected"]
        cases += [dict(zip(header, row.split("\t"))) for row in rows[1:] if row.strip()]
    return cases


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case["name"])
def test_golden_case(case):
    command = shlex.split(case["command"])
    assert command[0] == "python3"
    stdin = (GOLDEN / case["stdin"]).read_bytes()
    done = subprocess.run([sys.executable, *command[1:]], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=30)
    assert done.stdout == (GOLDEN / case["expected"]).read_bytes()
    assert done.stderr == b""
    assert done.returncode == 0


# ---------------------------------------------------------------- scripted sessions


SESSIONS = {
    "win": (15, WIN_15_LINES),
    "stock_runs_out": (10, ["D"] * 13 + ["Q"]),
    "every_error": (10, ["F 1", "f 4", "f 3", "F 3", "t 2 3", "d", "F 3", "F 2", "T 1 1",
                         "T 1 2", "T 4 3", "x", "", "F 03", "D 2", "F 9", "F 0", "T 5 1", "F1",
                         "z 1", "F -1", "F D", "T 1", "T 1 2 3", "T a b", "q 1", "Q"]),
    "empty_column_and_ace": (10, ["f 4", "f 3", "F 3", "t 2 3", "F 3", "T 3 2", "Q"]),
    "lower_case_and_spaces": (10, ["  d  ", "\tf    04", "h", "t\t2 03 ", "r", "  q  "]),
    "restart_then_eof": (7, ["D", "D", "R", "D"]),
    "negative_seed": (-5, ["D", "F 1", "F 2", "F 3", "F 4", "T 1 2", "Q"]),
    "seed_zero": (0, ["D", "D", "D", "Q"]),
    "eof_immediately": (10, []),
}


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_session_in_process_matches_the_reference(name):
    seed, lines = SESSIONS[name]
    assert run_main(seed, lines) == reference_transcript(seed, lines)


@pytest.mark.parametrize("name", ["every_error", "lower_case_and_spaces", "negative_seed"])
def test_session_as_a_subprocess_matches_the_reference(name):
    seed, lines = SESSIONS[name]
    status, out, err = run_script(["--seed", str(seed)], lines)
    assert (status, err) == (0, b"")
    assert out == reference_transcript(seed, lines)


def test_the_winning_game_ends_with_you_won_and_no_board():
    status, out, err = run_script(["--seed=15"], WIN_15_LINES + ["Q"])
    assert (status, err) == (0, b"")
    assert out == reference_transcript(15, WIN_15_LINES)
    assert out.endswith("Input an option (DFTRHQ): You won!\n")
    assert "You have chosen to quit." not in out
    assert out.count("You won!") == 1


def test_the_winning_line_wins_under_the_rules_too():
    position = rules.seeded_position(15)
    for line in WIN_15_LINES:
        position = rules.apply(position, rules.parse_command(line))
    assert rules.is_won(position)
    assert len(position.foundation) == 48


def test_twelve_deals_empty_the_stock_and_a_thirteenth_is_refused():
    out = run_main(10, ["D"] * 13)
    boards = out.split("\nstock      tableau     foundation\n")[1:]
    twelfth, thirteenth = (board.split("\n\nInput")[0] for board in boards[12:14])
    assert twelfth == thirteenth
    rows = twelfth.split("\n")
    assert len(rows) == 13
    assert rows[0].startswith(" " * 8 + "J\u2665  3\u2663  2\u2665  5\u2665")
    assert rows[12] == " " * 8 + "9\u2660  2\u2660  Q\u2665  10\u2666 "
    assert boards[12].endswith("\n\nInput an option (DFTRHQ): Error, the stock is empty.\n")
    assert out.count("Error, the stock is empty.") == 1


def test_the_spec_board_example():
    out = run_main(10, ["f 4", "f 3", "t 2 3", "d", "Q"])
    assert ("\nstock      tableau     foundation\n"
            "XX      J\u2665  A\u2663  3\u2663  4\u2665      2\u2665\n"
            "        K\u2660      A\u2666      \n") in out


def test_every_error_message_appears_exactly_as_specified():
    out = run_main(*SESSIONS["every_error"])
    for message in ["Error, cannot move J\u2665.",
                    "Error, cannot move A\u2666.", "Error, cannot move A\u2663.",
                    "Error, empty column: 3",
                    "Invalid move", "Error in option: x", "Error in option: \n",
                    "Error in option: D 2", "Error in option: F1", "Error in option: F -1"]:
        assert "Input an option (DFTRHQ): " + message in out
    assert out.count("\nInvalid option.\n") == 14


def test_end_of_input_ends_after_the_prompt():
    status, out, err = run_script(["--seed", "10"], ["D"])
    assert (status, err) == (0, b"")
    assert out.endswith("\nInput an option (DFTRHQ): ")
    assert out.count("Input an option") == 2


def test_undecodable_bytes_are_echoed_not_a_traceback():
    done = subprocess.run([sys.executable, "aces_up.py", "--seed", "1"], cwd=ROOT,
                          input=b"\xff\xfe z\nQ\n", capture_output=True, timeout=30)
    assert (done.returncode, done.stderr) == (0, b"")
    assert b"Error in option: \xff\xfe z\nInvalid option.\n" in done.stdout


def test_ctrl_c_at_the_prompt_ends_quietly_with_status_0():
    process = subprocess.Popen([sys.executable, "aces_up.py", "--seed", "3"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    seen = b""
    while not seen.endswith(b"(DFTRHQ): "):
        chunk = process.stdout.read1(4096)
        assert chunk, seen
        seen += chunk
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=30)
    assert (process.returncode, rest, err) == (0, b"", b"")


def test_without_a_seed_the_game_runs_and_differs_from_run_to_run():
    boards = {run_script([], ["Q"])[1] for _ in range(2)}
    assert all(out.endswith("You have chosen to quit.\n") for out in boards)
    assert len(boards) > 1


# ---------------------------------------------------------------- the command line (§1)


@pytest.mark.parametrize("argv, seed", [
    ([], None), (["--seed", "10"], 10), (["--seed=10"], 10), (["--seed", "-3"], -3),
    (["--seed=-3"], -3), (["--seed", "0"], 0), (["--seed", "007"], 7)])
def test_parse_argv(argv, seed):
    assert parse_argv(argv) == seed


@pytest.mark.parametrize("argv", [
    ["--seed"], ["--seed="], ["--seed", "x"], ["--seed", "1.5"], ["--seed=ten"], ["10"],
    ["--seed", "1", "2"], ["--seed", "1", "--seed", "2"], ["-s", "1"], ["--help"],
    ["--seedy=1"], ["--seed", "1_0"]])
def test_bad_command_lines(argv):
    with pytest.raises(UsageError):
        parse_argv(argv)


@pytest.mark.parametrize("argv", [["--seed"], ["--seed=1", "x"]])
def test_bad_command_line_gives_usage_on_stderr_status_2_and_no_game(argv):
    status, out, err = run_script(argv, ["Q"])
    assert status == 2
    assert out == ""
    assert err.startswith(b"usage: ")


def test_seed_forms_give_the_same_game():
    assert run_script(["--seed=-7"], ["D", "Q"]) == (0, reference_transcript(-7, ["D", "Q"]), b"")


def test_importing_the_shim_prints_and_reads_nothing():
    code = "import aces_up; print(sorted(n for n in dir(aces_up) if not n.startswith('_')))"
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, input=b"D\n",
                          capture_output=True, timeout=30)
    assert done.returncode == 0 and done.stderr == b""
    names = eval(done.stdout.decode())
    for name in ["Card", "Deck", "MENU", "RULES", "init_game", "deal_to_tableau", "display",
                 "get_option", "validate_move_to_foundation", "move_to_foundation",
                 "validate_move_within_tableau", "move_within_tableau", "check_for_win", "main"]:
        assert name in names


# ---------------------------------------------------------------- §9 functions, §10 facts


def cards(texts):
    """Classic cards from §2 texts separated by blanks, e.g. 'A♥ 10♦'."""
    ranks = {text: rank for rank, text in enumerate(_RANKS, 1)}
    return [Card(ranks[t[:-1]], _SUITS.index(t[-1]) + 1) for t in texts.split()]


def tableau(*columns):
    """A §10 tableau: one string of card texts per column, bottom card last."""
    return [cards(column) for column in columns]


def spec_tableau():
    return tableau("A\u2665", "", "2\u2666 3\u2665", "4\u2660 5\u2666 6\u2666")


def printed(function, *args):
    """(return value, stdout) of a call."""
    with contextlib.redirect_stdout(io.StringIO()) as out:
        value = function(*args)
    return value, out.getvalue()


def test_validate_move_to_foundation_spec_facts():
    t = spec_tableau()
    assert printed(validate_move_to_foundation, t, 1) == (False, "Error, cannot move A\u2665.\n")
    assert printed(validate_move_to_foundation, t, 2) == (False, "Error, empty column: 2\n")
    assert printed(validate_move_to_foundation, t, 3) == (True, "")
    assert printed(validate_move_to_foundation, t, 4) == (False, "Error, cannot move 6\u2666.\n")
    assert t == spec_tableau()
    other = tableau("A\u2665", "A\u2666", "2\u2666", "4\u2660 5\u2666 6\u2666")
    assert printed(validate_move_to_foundation, other, 4) == (True, "")


@pytest.mark.parametrize("column", [0, 5, -1])
def test_validate_move_to_foundation_outside_1_to_4(column):
    assert printed(validate_move_to_foundation, spec_tableau(), column) == (False, "Invalid move\n")


def test_move_to_foundation_spec_facts():
    t, f = spec_tableau(), []
    assert printed(move_to_foundation, t, f, 3) == (None, "")
    assert t == tableau("A\u2665", "", "2\u2666", "4\u2660 5\u2666 6\u2666")
    assert f == cards("3\u2665")
    for column, message in [(1, "Error, cannot move A\u2665.\n"), (2, "Error, empty column: 2\n"),
                            (4, "Error, cannot move 6\u2666.\n")]:
        assert printed(move_to_foundation, t, f, column) == (None, message)
    assert t == tableau("A\u2665", "", "2\u2666", "4\u2660 5\u2666 6\u2666")
    assert f == cards("3\u2665")


def test_validate_move_within_tableau_spec_facts():
    t = spec_tableau()
    for source, target in [(2, 1), (2, 3), (1, 1), (0, 2), (4, 5)]:
        assert printed(validate_move_within_tableau, t, source, target) == (False, "Invalid move\n")
    assert printed(validate_move_within_tableau, t, 4, 2) == (True, "")
    assert printed(validate_move_within_tableau, t, 1, 2) == (True, "")
    assert t == spec_tableau()


def test_move_within_tableau_spec_facts():
    t = spec_tableau()
    assert printed(move_within_tableau, t, 4, 2) == (None, "")
    assert t == tableau("A\u2665", "6\u2666", "2\u2666 3\u2665", "4\u2660 5\u2666")
    assert printed(move_within_tableau, t, 1, 2) == (None, "Invalid move\n")
    assert t == tableau("A\u2665", "6\u2666", "2\u2666 3\u2665", "4\u2660 5\u2666")


def empty_deck():
    deck = Deck()
    while deck.deal() is not None:
        pass
    return deck


def test_check_for_win_spec_facts():
    aces = tableau("A\u2663", "A\u2666", "A\u2665", "A\u2660")
    assert printed(check_for_win, empty_deck(), aces) == (True, "")
    assert not check_for_win(Deck(), aces)
    assert not check_for_win(empty_deck(), tableau("A\u2663 2\u2663", "A\u2666", "A\u2665", "A\u2660"))
    assert not check_for_win(empty_deck(), tableau("A\u2663", "A\u2666", "A\u2665", "K\u2660"))
    assert not check_for_win(empty_deck(), tableau("A\u2663", "A\u2666", "A\u2665", ""))
    assert aces == tableau("A\u2663", "A\u2666", "A\u2665", "A\u2660")


def test_init_game_seed_10_spec_facts():
    (stock, t, f), output = printed(init_game, 10)
    assert output == ""
    assert t == tableau("J\u2665", "3\u2663", "2\u2665", "5\u2665")
    assert len(stock) == 48 and f == [] and isinstance(stock, Deck)
    assert str(stock).startswith("10\u2666, Q\u2665, 2\u2660, 9\u2660")


def test_init_game_without_argument_uses_the_module_generator():
    random.seed(10)
    stock, t, f = init_game()
    seeded = init_game(seed=10)
    assert (str(stock), t, f) == (str(seeded[0]), seeded[1], seeded[2])
    zero = init_game(0)
    random.seed(0)
    assert str(zero[0]) == str(init_game()[0])


@examples(25, deadline=None)
@given(st.integers(-10**12, 10**12))
def test_random_seed_then_init_game_equals_init_game_with_the_seed(seed):
    random.seed(seed)
    plain = init_game()
    seeded = init_game(seed=seed)
    assert str(plain[0]) == str(seeded[0]) and plain[1] == seeded[1]
    assert [[_name((c.rank(), c.suit()))] for c in (col[0] for col in seeded[1])] == [
        [_name(card)] for card in _shuffled(seed)[::-1][:4]]


def test_deck_order_for_seed_10_equals_the_golden_file():
    rows = (GOLDEN / "deck_seed10.txt").read_text("utf-8").splitlines()[1:]
    stock, t, f = init_game(seed=10)
    dealt = [str(column[0]) for column in t]
    while not stock.is_empty():
        dealt.append(str(stock.deal()))
    assert dealt == " ".join(rows).split()
    assert [" ".join(dealt[i:i + 4]) for i in range(0, 52, 4)] == rows


def test_deal_to_tableau():
    stock, t, f = init_game(seed=10)
    assert printed(deal_to_tableau, stock, t) == (None, "")
    assert t == tableau("J\u2665 K\u2660", "3\u2663 A\u2663", "2\u2665 A\u2666", "5\u2665 4\u2665")
    assert len(stock) == 44
    short = Deck()
    while len(short) > 2:
        short.deal()
    t = tableau("", "", "", "")
    assert printed(deal_to_tableau, short, t) == (None, "")
    assert t == [cards("2\u2663"), cards("A\u2663"), [], []]
    assert printed(deal_to_tableau, short, t) == (None, "Error, the stock is empty.\n")
    assert t == [cards("2\u2663"), cards("A\u2663"), [], []]


def test_display_prints_the_spec_board():
    stock, t, f = init_game(seed=10)
    assert printed(display, stock, t, f) == (None, "\nstock      tableau     foundation\n"
                                             "XX      J\u2665  3\u2663  2\u2665  5\u2665  \n")
    t = tableau("A\u2665", "", "2\u2666 10\u2665", "")
    assert printed(display, empty_deck(), t, cards("3\u2665 K\u2663"))[1] == (
        "\nstock      tableau     foundation\n"
        "        A\u2665      2\u2666          K\u2663\n"
        "                10\u2665     \n")


@pytest.mark.parametrize("line, value, output", [
    ("D", ["D"], ""), (" f 03 ", ["F", 3], ""), ("T 1 1", ["T", 1, 1], ""), ("q", ["Q"], ""),
    ("T 5 1", None, "Error in option: T 5 1\n"), ("", None, "Error in option: \n"),
    ("  F1 ", None, "Error in option:   F1 \n")])
def test_get_option(line, value, output, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(line + "\n"))
    assert printed(get_option) == (value, _PROMPT + output)


def test_get_option_lets_end_of_input_through(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(EOFError), contextlib.redirect_stdout(io.StringIO()):
        get_option()


def test_menu_and_rules_are_the_spec_texts():
    assert (MENU, RULES) == (_SPEC_MENU, _SPEC_RULES)
    assert (len(MENU), len(RULES)) == (311, 335)


# ---------------------------------------------------------------- properties

_TOKENS = ["D", "d", "F", "f", "T", "t", "H", "R", "x", "1", "2", "3", "4", "04", "0", "5", "a"]
command_lines = st.lists(st.sampled_from(_TOKENS), min_size=0, max_size=3).map(" ".join)


def _snapshot(stock, t, f):
    return str(stock), [list(map(str, column)) for column in t], list(map(str, f))


def _position(stock, t, f):
    return rules.Position(stock.library_cards(), tuple(tuple(c.card for c in col) for col in t),
                          tuple(c.card for c in f))


def _call(stock, t, f, letter, columns):
    """The §9 function the game loop calls for a D, F or T command."""
    if letter == "D":
        return deal_to_tableau(stock, t)
    if letter == "F":
        return move_to_foundation(t, f, *columns)
    return move_within_tableau(t, *columns)


@examples(40, deadline=None)
@given(st.integers(-1000, 1000), st.lists(command_lines, max_size=80))
def test_any_commands_conserve_cards_and_a_rejected_one_changes_nothing(seed, lines):
    """Each §9 call the game loop makes agrees with the pure rules; cards are conserved."""
    stock, t, f = init_game(seed)
    full_deck = sorted(str(Deck()).split(", "))
    for line in lines:
        try:
            command = rules.parse_command(line)
        except rules.MalformedCommand:
            continue
        letter, *columns = command.as_list()
        if letter not in "DFT":
            continue
        before, position = _snapshot(stock, t, f), _position(stock, t, f)
        try:
            expected = rules.apply(position, command)
        except rules.IllegalMove:
            expected = None
        output = printed(_call, stock, t, f, letter, columns)[1]
        if expected is None:
            assert output.count("\n") == 1 and output.endswith("\n")
            assert _snapshot(stock, t, f) == before
        else:
            assert output == ""
            assert _position(stock, t, f) == expected
        held = [str(c) for column in t for c in column] + [str(c) for c in f]
        held += str(stock).split(", ") if len(stock) else []
        assert sorted(held) == full_deck


@examples(30, deadline=None)
@given(st.integers(-50, 50), st.lists(st.one_of(command_lines, st.sampled_from(
    ["Q", "h", " D ", "F 03", "t 2 2", "", "  "])), max_size=40))
def test_main_matches_the_reference_for_any_session(seed, lines):
    assert run_main(seed, lines) == reference_transcript(seed, lines)


class _GraderCard:
    """A course-style card of the grader's own, with only rank() and suit()."""

    def __init__(self, rank, suit):
        self._rank, self._suit = rank, suit

    def rank(self):
        return self._rank

    def suit(self):
        return self._suit


def test_the_functions_accept_any_card_with_rank_and_suit_methods():
    t = [[_GraderCard(1, 3)], [], [_GraderCard(2, 2), _GraderCard(3, 3)], [_GraderCard(6, 2)]]
    assert printed(validate_move_to_foundation, t, 3) == (True, "")
    assert printed(validate_move_to_foundation, t, 1) == (False, "Error, cannot move A\u2665.\n")
    assert printed(validate_move_to_foundation, t, 4) == (False, "Error, cannot move 6\u2666.\n")
    assert printed(validate_move_within_tableau, t, 4, 2) == (True, "")
    aces = [[_GraderCard(1, suit)] for suit in range(1, 5)]
    assert check_for_win(empty_deck(), aces) and not check_for_win(Deck(), aces)


# ---------------------------------------------------------------- the edges: a closed stdin,
# the blank card in the API

def test_a_closed_stdin_is_the_end_of_input():
    run = subprocess.run([sys.executable, "aces_up.py", "--seed", "10"], capture_output=True,
                         preexec_fn=lambda: os.close(0), cwd=ROOT, timeout=60)
    assert (run.returncode, run.stderr) == (0, b"")
    # the same output as the end of an empty pipe: the last prompt too (spec §8.5)
    assert run.stdout.endswith("XX      J♥  3♣  2♥  5♥  \n\nInput an option (DFTRHQ): ".encode())


def test_the_blank_card_never_goes_to_the_foundation(capsys):
    tableau = [[Card()], [Card(2, 1)], [Card(3, 1)], []]
    foundation = []
    assert validate_move_to_foundation(tableau, 1) is False
    move_to_foundation(tableau, foundation, 1)
    assert capsys.readouterr().out == "Error, cannot move xx.\nError, cannot move xx.\n"
    assert tableau == [[Card()], [Card(2, 1)], [Card(3, 1)], []] and foundation == []


def test_a_blank_bottom_card_outranks_nothing(capsys):
    assert validate_move_to_foundation([[Card(2, 1)], [Card()], [], []], 1) is False
    assert capsys.readouterr().out == "Error, cannot move 2♣.\n"


def test_a_blank_card_is_no_ace_for_the_win():
    stock = Deck()
    while not stock.is_empty():
        stock.deal()
    assert check_for_win(stock, [[Card()], [Card(1, 1)], [Card(1, 2)], [Card(1, 3)]]) is False


# --- a tableau that is not a game's (issue 26): no traceback, nothing changed -------------

def _aces(*suits):
    return [[Card(1, suit)] for suit in suits]


@pytest.mark.parametrize("tableau, won", [
    ([], False),
    (_aces(1, 2, 3, 4, 1), False),             # five columns
    (_aces(1, 1, 1, 1), False),                # four aces of clubs: a deck has one
    (_aces(1, 2, 3), False),
    (_aces(1, 2, 3, 4), True),
])
def test_check_for_win_wants_the_four_aces_in_four_columns(tableau, won, capsys):
    stock = Deck()
    while not stock.is_empty():
        stock.deal()
    assert check_for_win(stock, tableau) is won
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("tableau", [[], [[Card(5, 1)], [Card(7, 1)], []],
                                     [[Card(5, 1)], [Card(7, 1)], [], [], []]])
def test_moves_on_a_tableau_that_is_not_four_columns_are_invalid_and_change_nothing(tableau,
                                                                                   capsys):
    before = [list(column) for column in tableau]
    foundation = []
    assert validate_move_to_foundation(tableau, 1) is False
    move_to_foundation(tableau, foundation, 1)
    assert validate_move_within_tableau(tableau, 1, 3) is False
    move_within_tableau(tableau, 1, 3)
    assert capsys.readouterr().out == "Invalid move\n" * 4
    assert (tableau, foundation) == (before, [])


def test_an_empty_tableau_is_shown_as_the_header_alone(capsys):
    display(Deck(), [], [])
    assert capsys.readouterr().out == "\nstock      tableau     foundation\n"
