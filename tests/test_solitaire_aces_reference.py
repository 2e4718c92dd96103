"""The Aces solitaire against the spec-literal oracle in solitaire_aces_reference.py."""

import csv
import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solitaire_aces_reference import game, table
from strategies import examples

from cardgames.solitaire_aces import program

GOLDEN = Path(__file__).parent / "golden" / "solitaire_1"


def the_games_stdout(seed):
    """What the program prints for the seed, as the interactive game does after the prompt."""
    out = io.StringIO()
    with redirect_stdout(out):
        program.play_seed(seed)
    return out.getvalue()


def golden_seeds():
    """Every seed that a golden transcript of the game covers."""
    seeds = []
    for name in ("cases.tsv", "extra_cases.tsv"):
        for case in csv.DictReader((GOLDEN / name).open(encoding="utf-8"), delimiter="\t"):
            if not case["how_to_run"].startswith("simulate("):
                stdin = case["how_to_run"].encode().decode("unicode_escape")
                seeds.append((stdin, case["expected_file"]))
    return seeds


@pytest.mark.parametrize("stdin, expected", golden_seeds())
def test_every_golden_game_is_the_oracles(stdin, expected):
    seed = [int(line) for line in stdin.splitlines() if line.strip().lstrip("+-").isdigit()][-1]
    text = (GOLDEN / expected).read_text(encoding="utf-8")
    assert text.endswith(game(seed)[0].split("\n", 1)[1])


@given(st.one_of(st.integers(-10**6, 10**6), st.integers(-2**100, 2**100)))
@examples(150, deadline=None)
def test_the_program_narrates_what_the_oracle_narrates(seed):
    assert the_games_stdout(seed) == game(seed)[0].split("\n", 1)[1]


@pytest.mark.parametrize("n, i", [(1, 705), (300, 0), (200, -1000), (50, 10**20)])
def test_simulate_prints_the_oracles_table(n, i):
    out = io.StringIO()
    with redirect_stdout(out):
        program.simulate(n, i)
    assert out.getvalue() == table(n, i)
