"""The ``cardgames solitaire-1`` subcommand: --exact, --games/--seed/--jobs, --plot, the bad
options and what they say."""

from __future__ import annotations

import contextlib
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from report_helpers import bare_table

from cardgames import cli

GOLDEN = Path(__file__).resolve().parent / "golden" / "solitaire_1"
SVG = "{http://www.w3.org/2000/svg}"

#: The people's table of ``cardgames solitaire-1 --exact`` when piped (80 columns).
EXACT_TABLE = """\
Won, cards left |      Placements |  Share
----------------+-----------------+--------+------------------------------------
              4 |           6,750 | 18.77% | ███████████████████████████████████
              5 |           2,198 |  6.11% | ███████████▍
              6 |             399 |  1.11% | ██▏
----------------+-----------------+--------+------------------------------------
            won | 9,347 of 35,960 | 25.99%
"""


def run(argv: list[str]) -> int:
    """Run ``cardgames solitaire-1 argv`` in this process."""
    args = cli.build_parser().parse_args(["solitaire-1", *argv])
    return args.func(args.parser, args)


def refused(argv: list[str]) -> str:
    """The one error line of a refused ``cardgames solitaire-1 argv`` (status 2, no stdout)."""
    err, out = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(err), \
            contextlib.redirect_stdout(out):
        run(argv)
    assert (stop.value.code, out.getvalue()) == (2, "")
    assert err.getvalue().startswith("usage: cardgames solitaire-1 ")
    assert "Traceback" not in err.getvalue()
    return err.getvalue().splitlines()[-1]


def test_exact_prints_the_counts_the_shares_and_the_total(capsys):
    assert run(["--exact"]) == 0
    assert capsys.readouterr().out == EXACT_TABLE


def test_exact_json_gives_integer_counts_and_the_denominator(capsys):
    assert run(["--exact", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["placements"], document["won"]) == (35_960, 9_347)
    counts = {row["cards_left_when_winning"]: row["placements"] for row in document["rows"]}
    assert counts == {4: 6750, 5: 2198, 6: 399}  # spec §9
    assert sum(counts.values()) == document["won"]
    assert round(100 * document["won"] / document["placements"], 2) == 25.99  # the README's
    assert round(100 * counts[4] / document["placements"], 2) == 18.77


def test_games_seed_prints_the_simulation_table(capsys):
    assert run(["--games", "1000", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert bare_table(out) == (GOLDEN / "sim_n1000_i0.out").read_text(encoding="utf-8")
    lines = out.splitlines()
    assert lines[2].startswith("              4 |   190 | 19.00% | 16.69% – 21.55% | 18.77% | █")
    assert lines[-1] == "            won |   263 | 26.30% | 23.67% – 29.12% | 25.99%"
    assert all(len(line) <= 80 for line in lines)
    assert run(["--games", "1", "--seed", "705", "--jobs", "1"]) == 0
    out = capsys.readouterr().out  # no win: the rows show the exact odds, each seen 0 times
    assert [line.split(" | ")[1:3] for line in out.splitlines()[2:5]] == [["    0", "0.00%"]] * 3


def test_games_json_has_the_exact_counts_and_the_total(capsys):
    assert run(["--games", "1000", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["games"], document["won"], document["placements"]) == (1000, 263, 35960)
    assert [row["exact_placements"] for row in document["rows"]] == [6750, 2198, 399]
    assert [row["games"] for row in document["rows"]] == [190, 62, 11]


@pytest.mark.parametrize("argv", [["--exact"], ["--games", "2000", "--seed", "5"]])
def test_plot_writes_an_svg_with_one_bar_per_row(argv, tmp_path, capsys):
    picture = tmp_path / "odds.svg"
    assert run([*argv, "--plot", str(picture)]) == 0
    root = ET.parse(picture).getroot()
    bars = [e for e in root.iter(SVG + "rect") if e.get("class") == "bar"]
    intervals = [e for e in root.iter(SVG + "g") if e.get("class") == "interval"]
    assert len(bars) == 3 and len(intervals) == (0 if argv == ["--exact"] else 3)
    title = root.find(SVG + "title").text
    assert title.startswith("solitaire-1") and ("35,960" in title or "2,000 games" in title)
    assert capsys.readouterr().out.count("\n") == 7  # the table is printed too


def test_a_plot_that_cannot_be_written_is_one_line_after_the_table(capsys):
    assert run(["--exact", "--plot", "/dev/full"]) == 74
    out, err = capsys.readouterr()
    assert out == EXACT_TABLE
    assert err == "cardgames: cannot write the plot to /dev/full: No space left on device\n"


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games needs a positive whole number, not '0'"),
    (["--games", "x"], "--games needs a positive whole number, not 'x'"),
    (["--games", "-1"], "--games needs a positive whole number, not '-1'"),
    (["--jobs", "0", "--games", "5"], "--jobs needs a positive whole number, not '0'"),
    (["--seed", "1.5", "--games", "5"], "--seed needs a whole number, not '1.5'"),
    (["--games"], "--games needs a value"),
    (["--exact", "--games", "5"], ("--exact counts every ace placement: no --games "
                                  "(--json and --plot are allowed)")),
    (["--exact", "--seed", "5"], ("--exact counts every ace placement: no --seed "
                                 "(--json and --plot are allowed)")),
    (["--jobs", "2"], "--jobs goes with --games N"),
    (["--jobs", "2", "--seed", "3"], "--jobs goes with --games N"),
    (["--json"], "--json goes with --games N (or --exact)"),
    (["--plot", "x.svg"], "--plot goes with --games N (or --exact)"),
    (["--plot", "/no/such/folder/x.svg", "--exact"],
     "--plot needs a file it can write, not '/no/such/folder/x.svg' (no folder '/no/such/folder')"),
    (["--plot", ".", "--exact"], "--plot needs a file it can write, not '.' (a folder)"),
    (["--tier", "gpu", "--games", "5"], "--tier can be auto, stdlib, numpy or numba, not 'gpu'"),
    (["--frob"], "no option --frob here (--help lists them)"),
])
def test_bad_options_say_why_in_users_words(argv, message):
    assert refused(argv) == f"cardgames solitaire-1: error: {message}"


def test_seed_alone_narrates_that_game_without_a_prompt(capsys):
    assert run(["--seed", "-678"]) == 0
    expected = (GOLDEN / "seed_678.out").read_text(encoding="utf-8")
    assert capsys.readouterr().out == expected.split("\n", 1)[1]  # all but the prompt line
