"""solitaire_1.py end to end: byte-exact goldens, bad input, simulate(n, i) and its batch counter."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from strategies import examples

from cardgames.console import SEED_PROMPT
from cardgames.solitaire_aces import odds
from cardgames.solitaire_aces.program import count_wins, main, simulate

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "solitaire_1"
SHIM = ROOT / "solitaire_1.py"
HEADER = "Number of cards left when winning | Frequency"


def golden_cases(table: str) -> list[tuple[str, str, str]]:
    """The (name, how_to_run, expected_file) rows of a cases table."""
    lines = (GOLDEN / table).read_text(encoding="utf-8").splitlines()[1:]
    return [tuple(line.split("\t")) for line in lines if line]


def run_shim(*args: str, stdin: bytes = b"", code: str | None = None) -> subprocess.CompletedProcess:
    """Run the root script (or ``python -c code``) from the repo root, stdin piped."""
    command = [sys.executable, "-c", code] if code else [sys.executable, "-S", str(SHIM), *args]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT, env=env,
                          timeout=60)


def stdin_of(how_to_run: str) -> bytes:
    """The exact standard input a cases table describes (``\\n`` written as an escape)."""
    return how_to_run.replace("\\n", "\n").encode()


@pytest.mark.parametrize("name, how_to_run, expected_file",
                         golden_cases("cases.tsv") + golden_cases("extra_cases.tsv"))
def test_golden_stdout_is_byte_exact(name, how_to_run, expected_file):
    expected = (GOLDEN / expected_file).read_bytes()
    if how_to_run.startswith("simulate("):
        result = run_shim(code=f"from solitaire_1 import simulate; {how_to_run}")
    else:
        result = run_shim(stdin=stdin_of(how_to_run))
    assert result.stdout == expected
    assert (result.returncode, result.stderr) == (0, b"")


def test_command_line_n_i_prints_the_same_table_as_simulate():
    result = run_shim("1000", "0")
    assert result.stdout == (GOLDEN / "sim_n1000_i0.out").read_bytes()
    assert (result.returncode, result.stderr) == (0, b"")


def test_bad_seed_lines_reprompt_on_the_same_line():
    game = (GOLDEN / "seed_27.out").read_bytes()
    result = run_shim(stdin=b"abc\n\n1.5\n1_000\n 27x\n+27\n")
    assert result.stdout == SEED_PROMPT.encode() * 5 + game
    assert (result.returncode, result.stderr) == (0, b"")


def run_main(argv: list[str], stdin: str, capsys, monkeypatch) -> tuple[int, str, str]:
    """Run main(argv) in this process: (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_end_of_input_before_a_seed_is_status_1_with_one_stderr_line():
    result = run_shim(stdin=b"abc\n")
    assert result.returncode == 1
    assert result.stdout == SEED_PROMPT.encode() * 2
    assert result.stderr.count(b"\n") == 1 and b"Traceback" not in result.stderr


@pytest.mark.parametrize("stdin, prompts", [("", 1), ("\n \n", 3), ("x", 2), ("1.5\n-", 3)])
def test_every_end_of_input_before_a_seed_is_status_1(stdin, prompts, capsys, monkeypatch):
    status, out, err = run_main([], stdin, capsys, monkeypatch)
    assert (status, out) == (1, SEED_PROMPT * prompts)
    assert err.count("\n") == 1


def test_argv_error_is_status_2_with_stderr_only():
    result = run_shim("x", "0")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1 and b"Traceback" not in result.stderr


@pytest.mark.parametrize("argv", [["5"], ["1", "2", "3"], ["x", "0"], ["5", "1.5"], ["0", "0"],
                                  ["-3", "1"], ["1_000", "0"], ["", "0"], ["5", ""]])
def test_every_argv_error_is_status_2_with_stderr_only(argv, capsys, monkeypatch):
    status, out, err = run_main(argv, "678\n", capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1


def test_importing_the_shim_prints_and_reads_nothing():
    result = run_shim(code="import solitaire_1; print(callable(solitaire_1.simulate))",
                      stdin=b"5\n")
    assert (result.stdout, result.stderr, result.returncode) == (b"True\n", b"", 0)


def test_closed_pipe_ends_quietly():
    reader = subprocess.Popen([sys.executable, "-S", str(SHIM)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    reader.stdin.write(b"678\n")
    reader.stdin.close()
    reader.stdout.read(10)
    reader.stdout.close()
    reader.wait(timeout=30)
    assert b"Traceback" not in reader.stderr.read()
    reader.stderr.close()


@pytest.mark.parametrize("n, i", [(0, 0), (-1, 0), (True, 0), (1.0, 0), ("5", 0), (None, 0),
                                  (5, False), (5, 1.5), (5, "0"), (5, None)])
def test_simulate_rejects_bad_arguments_before_printing(n, i, capsys):
    with pytest.raises(ValueError):
        simulate(n, i)
    assert capsys.readouterr().out == ""


def table_rows(text: str) -> dict[int, str]:
    """The {cards left: percent text} rows of a printed table, after checking its two header lines."""
    lines = text.split("\n")
    assert lines[:2] == [HEADER, "-" * 45] and lines[-1] == ""
    rows = {}
    for line in lines[2:-1]:
        assert len(line) == 45
        key, percent = line.split(" | ")
        rows[int(key)] = percent
    return rows


@examples(25, deadline=None)
@given(n=st.integers(1, 300), i=st.integers(-(10 ** 20), 10 ** 20))
def test_table_percentages_come_from_integer_win_counts(n, i):
    wins = count_wins(i, i + n)
    printed = io.StringIO()
    with redirect_stdout(printed):
        simulate(n, i)
    rows = table_rows(printed.getvalue())
    assert list(rows) == sorted(k for k, count in wins.items() if count)
    assert set(rows) <= {4, 5, 6}
    for k, percent in rows.items():
        assert percent == f"{wins[k] / n:9.2%}"
    assert sum(wins.values()) <= n


def test_simulate_gives_the_same_table_on_an_executor(capsys):
    simulate(3000, 77)
    alone = capsys.readouterr().out
    with ThreadPoolExecutor(max_workers=2) as pool:
        simulate(3000, 77, executor=pool)
    assert capsys.readouterr().out == alone


def test_count_wins_is_picklable_for_worker_processes(capsys):
    simulate(400, 5)
    alone = capsys.readouterr().out
    simulate(400, 5, jobs=2)
    assert capsys.readouterr().out == alone


def test_a_large_simulation_agrees_with_the_exact_odds():
    n = 20_000
    wins = count_wins(10 ** 6, 10 ** 6 + n)
    exact = odds.win_odds()
    assert set(wins) == set(exact)
    for k, probability in exact.items():
        p = float(probability)
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(wins[k] - n * p) < 5 * sigma, (k, wins[k], n * p)
