"""Hostile options and arguments (issue 15, items 2, 3, 8 and 9): numbers past ``str()``'s
4,300-digit limit are printed, ``--scheduler`` fails in bounded time with one line, the
aces_up ``validate_*`` functions refuse columns that are not ints, and no option is
accepted only to be ignored or read in a syntax of its own."""

import contextlib
import io
import json
import math
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import aces_up
from cardgames import cli, console, numbers, progress, report, status_line
from cardgames.aces_up import cli as aces_up_cli
from cardgames.twenty_four import solver
from cardgames.twenty_four.stats import hand_statistics, statistics_lines

ROOT = Path(__file__).resolve().parent.parent
BIG = 10 ** 5000          # past the 4,300 digits that str() accepts
BIG_TEXT = "1" + "0" * 5000


@contextlib.contextmanager
def unlimited_str():
    """str() of any int, for the reference value of a test (restored afterwards)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def env():
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def cardgames(*argv, timeout=120, prelude=""):
    """Run the ``cardgames`` command in a fresh interpreter, stdin empty; ``prelude`` is run
    first (it may lower cluster.TIMEOUT)."""
    code = (f"import sys\n{prelude}\nfrom cardgames.cli import main\n"
            "sys.exit(main(sys.argv[1:]))")
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=ROOT, env=env(), timeout=timeout,
                          check=False)


def one_line(stderr):
    """The single line of ``stderr`` (asserting that there is exactly one, no traceback)."""
    assert "Traceback" not in stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr[-2000:]
    return stderr[:-1]


# --------------------------------------------------------------- 2. numbers of any size

@pytest.mark.parametrize("value", [0, 7, -7, 999, 1000, -1234567, 10 ** 3899, -(10 ** 3950),
                                   2 ** 13000 - 1, 2 ** 13000, 2 ** 13001, 10 ** 4299,
                                   10 ** 4300, BIG, -BIG + 1, 7 ** 60000],
                         ids=lambda value: f"{'-' if value < 0 else ''}{value.bit_length()}bits")
def test_integer_text_is_str_at_any_size(value):
    with unlimited_str():
        expected, grouped = str(value), f"{value:,}"
    assert numbers.integer_text(value) == expected
    assert numbers.integer_text(value, ",") == grouped
    assert numbers.parse_integer(numbers.integer_text(value)) == value


def test_integer_text_of_a_million_digits():
    value = numbers.parse_integer("9" * 1_000_000)
    assert numbers.integer_text(value) == "9" * 1_000_000


@pytest.mark.parametrize("script", ["solitaire_1.py", "solitaire_2.py"])
def test_root_script_usage_error_prints_a_huge_n(script):
    run = subprocess.run([sys.executable, "-S", script, "-" + BIG_TEXT, "0"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120,
                         stdin=subprocess.DEVNULL, check=False)
    assert (run.returncode, run.stdout) == (2, "")
    assert one_line(run.stderr) == (f"usage: python3 {script} [N I]  "
                                    f"(N must be a positive integer, not -{BIG_TEXT})")


def test_simulate_rejects_a_huge_negative_n_with_its_own_message():
    with pytest.raises(ValueError, match=f"^n must be a positive integer, not -{BIG_TEXT}$"):
        console.check_simulate_args(-BIG, 0)


def test_aces_up_solve_prints_a_huge_seed():
    # the verdict does not matter here: one second is enough
    run = cardgames("aces-up", "--solve", "--seed", BIG_TEXT, "--budget", "1")
    assert run.returncode in (0, 1, 3)
    assert one_line(run.stderr).startswith(f"seed {BIG_TEXT}: ")


def test_json_writes_a_huge_first_seed_as_a_number_with_every_digit():
    run = cardgames("solitaire-1", "--games", "10", "--seed", BIG_TEXT, "--json")
    assert (run.returncode, run.stderr) == (0, "")
    assert f'\n  "first_seed": {BIG_TEXT},\n' in run.stdout
    document = json.loads(run.stdout, parse_int=numbers.parse_integer)
    assert (document["games"], document["first_seed"]) == (10, BIG)
    assert sum(row["games"] for row in document["rows"]) <= 10


def test_json_of_ordinary_numbers_is_unchanged():
    counts, exact = {4: 3, 7: 1}, None
    text = report.as_json("solitaire-1", counts, 10, -5, "left", exact)
    assert text == json.dumps(json.loads(text), indent=2)
    assert json.loads(text)["first_seed"] == -5


def test_24_solves_for_a_huge_target(capsys):
    one = "1 distinct solution (1 postfix form).\n"
    note = "cardgames 24: note: read one value; give a hand (3388) or several values apart\n"
    assert cli.main(["24", "--target", BIG_TEXT, BIG_TEXT]) == 0
    assert capsys.readouterr() == (f"{BIG_TEXT}  (1 form)\n{one}", note)
    assert cli.main(["24", "--target", "-" + BIG_TEXT, "-" + BIG_TEXT]) == 0
    assert capsys.readouterr() == (f"(-{BIG_TEXT})  (1 form)\n{one}", note)


def test_24_leaves_of_any_size_in_infix():
    from fractions import Fraction
    expr = solver.solutions([BIG, 1], BIG + 1)[0]
    assert solver.infix(expr) in (f"{BIG_TEXT}+1", f"1+{BIG_TEXT}")
    assert solver.infix(Fraction(-1, BIG)) == f"(-1/{BIG_TEXT})"


def test_24_statistics_for_a_huge_target():
    lines = statistics_lines(hand_statistics(BIG))
    assert lines[1] == f"Solvable (making {BIG_TEXT}): 0 (0.0%)"


def test_progress_bar_of_a_huge_run():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    assert progress.progress_bar(BIG, stream=stream) is not None
    times = iter([0.0, 0.0, 1.0])  # the start, its first drawing, one second later
    show = progress.Progress(BIG, status_line.StatusLine(stream), clock=lambda: next(times))
    show(20_000)
    line = stream.getvalue().split("\r")[-1]
    assert line.endswith(" games/s  over 99 h left\x1b[K")  # 5,001 digits: left out at 80
    assert len(line) - len("\x1b[K") < 80
    assert f" 20,000 of {numbers.integer_text(BIG, ',')} games " in progress.progress_line(
        20_000, BIG, 1.0, 20_000)  # a terminal wide enough


# --------------------------------------------------------------- 3. --scheduler

class Listener:
    """A TCP port on 127.0.0.1 that accepts connections and answers each with ``reply``
    (nothing: never answers) and then keeps it open, or closes it at once (``close``)."""

    def __init__(self, reply=b"", close=False):
        self.reply, self.close_at_once = reply, close
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.server.settimeout(0.2)
        self.address = f"tcp://127.0.0.1:{self.server.getsockname()[1]}"
        self.accepted = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            self.accepted.append(conn)
            with contextlib.suppress(OSError):
                if self.reply:
                    conn.sendall(self.reply)
                if self.close_at_once:
                    conn.close()

    def shut(self):
        self.stop.set()
        self.thread.join(5)
        for conn in [*self.accepted, self.server]:
            conn.close()


@pytest.fixture
def silent():
    listener = Listener()
    yield listener
    listener.shut()


@pytest.fixture
def garbage():
    listener = Listener(reply=b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhello" * 20)
    yield listener
    listener.shut()


@pytest.fixture
def closing():
    listener = Listener(close=True)
    yield listener
    listener.shut()


def cluster_module():
    """cardgames.cluster, when Dask's 'distributed' is installed (else the test is skipped)."""
    pytest.importorskip("distributed")
    from cardgames import cluster
    return cluster


MALFORMED = ["bogus://", "127.0.0.1", "inproc://x", "", " ", "tcp://127.0.0.1:\u0663",
             "tcp://:8786", "tcp://127.0.0.1:70000", "tcp://127.0.0.1:0", "tcp://a b:1"]


@pytest.mark.parametrize("address", MALFORMED)
def test_a_malformed_address_is_refused_before_connecting(address):
    cluster = cluster_module()
    with pytest.raises(cluster.SchedulerError) as refused:
        cluster.connect(address, timeout=1)
    assert refused.value.status == 2
    assert "\n" not in str(refused.value) and "an address is like" in str(refused.value)


def test_tls_without_tls_settings_is_refused():
    cluster = cluster_module()
    import dask
    with dask.config.set({"distributed.comm.tls.ca-file": None,
                          "distributed.comm.tls.client.cert": None}), \
            pytest.raises(cluster.SchedulerError) as refused:
        cluster.connect("tls://127.0.0.1:1", timeout=1)
    assert refused.value.status == 2 and "TLS settings" in str(refused.value)


def test_a_port_that_never_answers_fails_within_the_time_limit(silent):
    cluster = cluster_module()
    started = time.monotonic()
    with pytest.raises(cluster.SchedulerError) as failed:
        cluster.connect(silent.address, timeout=1)
    assert time.monotonic() - started < 30  # 1 s asked; only a hang takes longer
    assert failed.value.status == 1
    assert str(failed.value) == f"cannot use the scheduler {silent.address}: no answer within 1 s"
    assert silent.accepted  # it did connect: the wait was for the answer


def test_bytes_that_are_not_dask_are_not_a_scheduler(garbage):
    cluster = cluster_module()
    with pytest.raises(cluster.SchedulerError) as failed:
        cluster.connect(garbage.address, timeout=5)
    assert failed.value.status == 1
    assert str(failed.value) == (f"cannot use the scheduler {garbage.address}: "
                                 "what answers there does not speak Dask's protocol")


def test_a_port_that_hangs_up_is_one_line(closing):
    cluster = cluster_module()
    with pytest.raises(cluster.SchedulerError) as failed:
        cluster.connect(closing.address, timeout=2)
    assert failed.value.status == 1 and "\n" not in str(failed.value)
    assert str(failed.value).startswith(f"cannot use the scheduler {closing.address}: ")


SHORT = "from cardgames import cluster\ncluster.TIMEOUT = 1.0"


@pytest.mark.parametrize("address, status", [(address, 2) for address in
                                             ["bogus://", "127.0.0.1", "inproc://x",
                                              "tls://127.0.0.1:1", ""]])
def test_the_command_says_one_line_for_a_bad_address(address, status):
    pytest.importorskip("distributed")
    run = cardgames("solitaire-1", "--games", "10", "--scheduler", address, prelude=SHORT)
    assert (run.returncode, run.stdout) == (status, "")  # "" no longer runs locally
    assert one_line(run.stderr).startswith("cardgames: --scheduler ")


@pytest.mark.parametrize("peer", ["silent", "garbage"])
def test_the_command_ends_in_bounded_time_for_a_port_that_is_not_dask(peer, request):
    pytest.importorskip("distributed")
    listener = request.getfixturevalue(peer)
    started = time.monotonic()
    run = cardgames("solitaire-2", "--games", "10", "--scheduler", listener.address,
                    prelude=SHORT, timeout=90)
    assert time.monotonic() - started < 30  # a 1 s limit asked; only a hang takes longer
    assert (run.returncode, run.stdout) == (1, "")
    line = one_line(run.stderr)
    assert line.startswith(f"cardgames: cannot use the scheduler {listener.address}: ")
    assert "EiB" not in line


@pytest.mark.parametrize("argv", [["solitaire-1", "--exact", "--scheduler", ""],
                                  ["solitaire-2", "--scheduler", ""],
                                  ["solitaire-1", "--games", "5", "--jobs", "2",
                                   "--scheduler", ""]])
def test_an_empty_scheduler_is_not_ignored(argv):
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(io.StringIO()):
        cli.main(argv)
    assert stop.value.code == 2


# --------------------------------------------------------------- 8. validate_* columns

def tableau():
    """The spec's ``t``: [[A♥], [], [2♦, 3♥], [4♠, 5♦, 6♦]]."""
    Card = aces_up.Card
    return [[Card(1, 3)], [], [Card(2, 2), Card(3, 3)], [Card(4, 4), Card(5, 2), Card(6, 2)]]


NOT_COLUMNS = [4.0, 3.0, 1.0, 2.5, True, False, "3", b"3", None, 3 + 0j, [3], 0, 5, -1,
               2 ** 100, float("nan")]


def printed(call):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = call()
    return result, out.getvalue()


@pytest.mark.parametrize("column", NOT_COLUMNS)
def test_validate_move_to_foundation_refuses_what_is_not_a_column(column):
    t = tableau()
    assert printed(lambda: aces_up.validate_move_to_foundation(t, column)) == \
        (False, "Invalid move\n")
    foundation = []
    assert printed(lambda: aces_up.move_to_foundation(t, foundation, column)) == \
        (None, "Invalid move\n")
    assert (t, foundation) == (tableau(), [])


@pytest.mark.parametrize("column", NOT_COLUMNS)
def test_validate_move_within_tableau_refuses_what_is_not_a_column(column):
    t = tableau()
    for source, target in ((column, 2), (4, column)):
        assert printed(lambda s=source, d=target: aces_up.validate_move_within_tableau(t, s, d)) \
            == (False, "Invalid move\n")
        assert printed(lambda s=source, d=target: aces_up.move_within_tableau(t, s, d)) == \
            (None, "Invalid move\n")
    assert t == tableau()


def test_true_is_not_column_1_even_over_a_blank_card():
    t = [[aces_up.Card()], [aces_up.Card(2, 1)], [], []]
    assert printed(lambda: aces_up.validate_move_to_foundation(t, True)) == \
        (False, "Invalid move\n")
    assert printed(lambda: aces_up.validate_move_to_foundation(t, 1)) == \
        (False, "Error, cannot move xx.\n")


def test_the_spec_facts_still_hold():
    assert printed(lambda: aces_up.validate_move_to_foundation(tableau(), 3)) == (True, "")
    assert printed(lambda: aces_up.validate_move_to_foundation(tableau(), 4)) == \
        (False, "Error, cannot move 6\u2666.\n")
    assert printed(lambda: aces_up.validate_move_within_tableau(tableau(), 4, 2)) == (True, "")


# --------------------------------------------------------------- 9. one syntax, no ignored flag

def parse(*argv):
    return cli.build_parser().parse_args(list(argv))


def refused(*argv):
    """The status and stderr of ``cardgames argv`` run in this process (stdin empty)."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(err), \
            contextlib.redirect_stdout(io.StringIO()):
        args = parse(*argv)
        args.func(args.parser, args)
    return stop.value.code, err.getvalue()


def test_24_all_hands_refuses_distinct():
    status, err = refused("24", "--all-hands", "--distinct")
    assert status == 2 and "--distinct" in err


def test_aces_up_classic_refuses_budget():
    run = cardgames("aces-up", "--classic", "--budget", "0.1")
    assert (run.returncode, run.stdout) == (2, "")
    assert "--budget" in run.stderr.splitlines()[-1]


def test_aces_up_budget_defaults_to_ten_seconds_outside_classic():
    args = parse("aces-up", "--solve", "--seed", "1")
    aces_up_cli.check(args)
    assert args.budget == 10.0
    args = parse("aces-up", "--classic")
    aces_up_cli.check(args)  # no error: --classic without --budget


#: Arabic-Indic three, fullwidth three, an underscore, an exponent, and what float() reads.
NOT_ASCII_NUMBERS = ["\u0663", "\uff13", "1_0", "1e3", "inf", "nan", "0x10", "", "+", "1.2.3"]


@pytest.mark.parametrize("text", NOT_ASCII_NUMBERS)
@pytest.mark.parametrize("option", [("aces-up", "--budget"), ("aces-up", "--seed"),
                                    ("solitaire-1", "--games"), ("solitaire-1", "--seed"),
                                    ("solitaire-2", "--jobs"), ("24", "--target")])
def test_every_number_option_has_one_ascii_syntax(option, text):
    if option == ("aces-up", "--budget") and text == "inf":
        return            # the one word a budget takes besides numbers: see the next test
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(io.StringIO()):
        parse(*option, text)
    assert stop.value.code == 2


def test_a_budget_of_inf_is_no_time_limit_as_memory_is_bounded():
    for text in ("inf", " INF ", "Inf"):
        assert parse("aces-up", "--budget", text).budget == math.inf
    for text in ("infinity", "-inf"):
        with pytest.raises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            parse("aces-up", "--budget", text)


@pytest.mark.parametrize("text", ["\u0663", "\uff13", "1_0"])
def test_24_values_have_the_same_syntax(text):
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(io.StringIO()):
        parse("24", text)
    assert stop.value.code == 2


@pytest.mark.parametrize("text, seconds", [("0.1", 0.1), ("3", 3.0), (".5", 0.5), ("2.", 2.0),
                                           (" 7 ", 7.0), ("+1.5", 1.5), ("0010", 10.0)])
def test_budget_reads_decimal_numbers(text, seconds):
    assert parse("aces-up", "--budget", text).budget == seconds


@pytest.mark.parametrize("text", ["0", "-1", "0.0", "9" * 400])
def test_budget_must_be_a_positive_float(text):
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(io.StringIO()):
        parse("aces-up", "--budget", text)
    assert stop.value.code == 2


def test_parse_number_follows_parse_integer():
    for text in ["0", "-12", "+7", " 42 ", "0099"]:
        assert numbers.parse_number(text) == numbers.parse_integer(text)
    for text in NOT_ASCII_NUMBERS:
        assert numbers.parse_number(text) is None
