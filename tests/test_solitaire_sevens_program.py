"""solitaire_2.py end to end: byte-exact transcripts, the seed prompt, argv, and simulate()."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.solitaire_sevens.program import simulate
from cardgames.solitaire_sevens.rules import deal, outcome

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "solitaire_2"
PROMPT = b"Please enter an integer to feed the seed() function: "


def cases(table_file: str) -> list[tuple[str, str, str]]:
    """(name, how_to_run, expected file) rows of a golden cases table."""
    rows = (GOLDEN / table_file).read_text().splitlines()[1:]
    return [tuple(row.split("\t")) for row in rows]


def run(stdin: bytes = b"", *args: str, code: str | None = None) -> subprocess.CompletedProcess:
    """Run the root script (or ``python -c code``) from the repo root with piped stdin."""
    command = [sys.executable, "-c", code] if code else [sys.executable, "solitaire_2.py", *args]
    return subprocess.run(command, input=stdin, cwd=ROOT, capture_output=True, timeout=120)


def transcript(how: str) -> subprocess.CompletedProcess:
    """Run one golden case: a ``simulate(...)`` call, or stdin with ``\\n`` escapes."""
    if how.startswith("simulate("):
        return run(code=f"from solitaire_2 import simulate; {how}")
    return run(how.replace("\\t", "\t").replace("\\n", "\n").encode())


@pytest.mark.parametrize("name, how, expected", cases("cases.tsv") + cases("extra_cases.tsv"))
def test_golden_transcript(name, how, expected):
    result = transcript(how)
    assert result.stdout == (GOLDEN / expected).read_bytes()
    assert (result.returncode, result.stderr) == (0, b"")


def golden(name: str) -> bytes:
    return (GOLDEN / f"{name}.out").read_bytes()


def game_678() -> tuple[bytes, list[bytes], bytes]:
    """From the spec's transcripts: the text up to the first prompt, the 1070 lines, the menu."""
    start = golden("seed_678_quit")
    menu = start[start.index(b"Enter: q to quit"):]
    shown = golden("seed_678")[len(start) + 1:-len(menu) - 2]
    return start, shown.split(b"\n"), menu


def answer(lines: list[bytes], first: int, last: int, menu: bytes) -> bytes:
    """What the viewer prints after a valid request, per §7 rule 2."""
    return b"\n" + b"".join(line + b"\n" for line in lines[first - 1:last]) + b"\n" + menu


VIEWER_TABLE = [  # spec §7, N = 1070: input line -> (first, last), or None when invalid
    *[(text, (1, 5)) for text in ("5", " 5 ", "\t5\t", "05")],
    *[(text, (1068, 1070)) for text in ("-3", "  -3", "-3 ")],
    ("-1", (1070, 1070)), ("1070", (1, 1070)), ("-1070", (1, 1070)),
    *[(text, (2, 7)) for text in ("2--7", "2 --7", "2-- 7", "\t2\t--\t7\t")],
    ("  4 -- 9 ", (4, 9)), ("1--1", (1, 1)), ("1--1070", (1, 1070)),
    *[(text, None) for text in (
        "+3", "+2--5", "0", "-0", "- 3", "1 0", "2 - -7", "3--2", "5--", "--5", "4--9--10",
        "1.0", "abc", "", "Q", "1071", "-1071", "\u0663", "5\r", "2--7\r")],
]


def test_every_viewer_input_of_the_spec_table_in_one_session():
    start, lines, menu = game_678()
    assert len(lines) == 1070
    stdin = "678\n" + "".join(text + "\n" for text, _ in VIEWER_TABLE) + "\tq\t\n"
    expected = start + b"".join(
        answer(lines, *span, menu) if span else b"\n" + menu for _, span in VIEWER_TABLE)
    result = run(stdin.encode())
    assert result.stdout == expected and result.returncode == 0


def test_quit_ignores_the_rest_of_the_input():
    result = run(b"678\n q \n5\n")
    assert (result.stdout, result.returncode) == (golden("seed_678_quit"), 0)


def test_end_of_input_at_the_viewer_ends_quietly():
    result = run(b"678\n")
    assert (result.stdout, result.stderr, result.returncode) == (golden("seed_678_quit"), b"", 0)
    start, lines, menu = game_678()
    result = run(b"678\n-2")                       # a last line without its newline
    assert result.stdout == start + answer(lines, 1069, 1070, menu) and result.returncode == 0


def test_bad_seed_lines_prompt_again_and_negative_seeds_play_the_positive_game():
    result = run(b"abc\n\n1.5\n+\n 6 7 8\n\xd9\xa3\n  -678 \n5\nq\n")
    assert result.stdout == PROMPT * 6 + golden("viewer_678_first5")
    assert result.returncode == 0
    assert run(b"+0678\n5\nq\n").stdout == golden("viewer_678_first5")


def test_end_of_input_at_the_seed_prompt():
    result = run(b"abc\n")
    assert result.stdout == PROMPT * 2
    assert result.returncode == 1
    assert result.stderr.count(b"\n") == 1 and b"Traceback" not in result.stderr


def test_undecodable_input_is_just_invalid():
    result = run(b"678\n\xff\xfe\nq\n")
    start, _, menu = game_678()
    assert result.stdout == start + b"\n" + menu and result.returncode == 0


@pytest.mark.parametrize("args", [["5"], ["1", "2", "3"], ["x", "0"], ["0", "0"], ["-5", "0"],
                                  ["1.5", "0"], ["5", "y"]])
def test_argument_errors(args):
    result = run(b"", *args)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.count(b"\n") == 1 and b"Traceback" not in result.stderr


def test_command_line_simulation_equals_simulate():
    result = run(b"", "1000", "0")
    assert (result.stdout, result.returncode) == (golden("sim_n1000_i0"), 0)
    assert run(b"", "3", "-5").stdout == run(code="from solitaire_2 import simulate; "
                                                   "simulate(3, -5)").stdout


def test_importing_the_shim_starts_nothing():
    result = run(b"", code="import solitaire_2; print(solitaire_2.simulate.__name__)")
    assert (result.stdout, result.stderr) == (b"simulate\n", b"")
    assert run(b"678\nq\n", code=None).returncode == 0
    result = subprocess.run([sys.executable, "-S", "solitaire_2.py", "2", "7"], cwd=ROOT,
                            capture_output=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith(b"Number of cards left")


@pytest.mark.parametrize("n, i", [(0, 0), (-1, 0), (True, 0), (1.0, 0), ("5", 0), (5, None),
                                  (5, False), (5, 1.5)])
def test_simulate_rejects_bad_arguments_before_printing(n, i, capsys):
    with pytest.raises(ValueError):
        simulate(n, i)
    assert capsys.readouterr().out == ""


def test_simulate_table_in_process_and_with_two_jobs(capsys):
    simulate(1000, 0)
    assert capsys.readouterr().out.encode() == golden("sim_n1000_i0")
    simulate(1000, 0, jobs=2)
    assert capsys.readouterr().out.encode() == golden("sim_n1000_i0")
    simulate(1, 26594)
    assert capsys.readouterr().out.splitlines()[2] == f"{18:>20} | {1:9.2%}"


def test_the_spec_row_18_of_simulate_100000_0():
    # spec §9: simulate(100000, 0) lists k = 18 as 0.00%; seed 26594 (inside 0..99999) is it,
    # and 1 game in 100,000 is 0.001%, which formats as 0.00%
    assert outcome(deal(26594)) == 18
    assert f"{18:>20} | {1 / 100000:9.2%}" == "                  18 |     0.00%"


def read_until(stream, marker: bytes, limit: float = 60.0) -> bytes:
    """Read a child's stdout until ``marker`` has appeared (or the time limit has passed)."""
    import os
    import select
    import time
    seen, deadline = b"", time.monotonic() + limit
    while marker not in seen and time.monotonic() < deadline:
        if select.select([stream], [], [], 0.1)[0]:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    return seen


def test_ctrl_c_at_the_viewer_ends_cleanly():
    import signal
    child = subprocess.Popen([sys.executable, "solitaire_2.py"], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdin.write(b"678\n")
    child.stdin.flush()
    seen = read_until(child.stdout, b"<= 1070)\n       ")
    child.send_signal(signal.SIGINT)
    rest, errors = child.communicate(timeout=60)
    assert seen + rest == golden("seed_678_quit")
    assert b"Traceback" not in errors and child.returncode != 0
