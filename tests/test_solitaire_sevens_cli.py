"""The ``cardgames solitaire-2`` subcommand."""

from __future__ import annotations

import contextlib
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from report_helpers import bare_table

from cardgames import cli

GOLDEN = Path(__file__).parent / "golden" / "solitaire_2"
SVG = "{http://www.w3.org/2000/svg}"


def parse(*argv: str):
    """Parse ``cardgames solitaire-2 argv``."""
    return cli.build_parser().parse_args(["solitaire-2", *argv])


def test_games_prints_the_table(capsys):
    args = parse("--games", "1000", "--seed", "0", "--jobs", "2")
    assert args.func(args.parser, args) == 0
    out = capsys.readouterr().out
    assert bare_table(out).encode() == (GOLDEN / "sim_n1000_i0.out").read_bytes()
    lines = out.splitlines()
    assert lines[0] == "Cards left | Games |  Share |    95% interval"
    assert lines[-1] == "         0 |   590 | 59.00% | 55.92% – 62.01% | " + "█" * 32
    assert all(len(line) <= 80 for line in lines)


def test_the_seed_defaults_to_0_when_simulating(capsys):
    args = parse("--games", "1000")
    assert args.func(args.parser, args) == 0
    assert bare_table(capsys.readouterr().out).encode() == (
        GOLDEN / "sim_n1000_i0.out").read_bytes()


def test_json_has_the_integer_counts(capsys):
    args = parse("--games", "1000", "--json")
    assert args.func(args.parser, args) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["games"], result["first_seed"]) == (1000, 0)
    assert sum(row["games"] for row in result["rows"]) == 1000
    assert result["rows"][-1]["cards_left"] == 0 and result["rows"][-1]["games"] == 590
    low, high = result["rows"][-1]["ci95"]
    assert low < 0.59 < high


def test_plot_draws_every_number_of_cards_from_the_least_to_the_most(tmp_path, capsys):
    picture = tmp_path / "sevens.svg"
    args = parse("--games", "1000", "--plot", str(picture))
    assert args.func(args.parser, args) == 0
    root = ET.parse(picture).getroot()
    bars = [e for e in root.iter(SVG + "rect") if e.get("class") == "bar"]
    labels = [t.text for t in root.iter(SVG + "text")]
    assert len(bars) == 13  # 0 to 12 cards left, 1 (never seen) included
    assert "solitaire-2: cards left, 1,000 games (95% intervals)" in labels
    assert "cards left" in labels and "share of games" in labels
    capsys.readouterr()


def test_a_seed_without_games_plays_that_game_without_the_prompt(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    args = parse("--seed", "-678")
    assert args.func(args.parser, args) == 0
    quit_out = (GOLDEN / "seed_678_quit.out").read_text(encoding="utf-8")
    # the spec's transcript minus the prompt line, and minus the last prompt (input() prints it)
    assert capsys.readouterr().out == quit_out.split("\n", 1)[1][:-7]


def refused(*argv: str) -> list[str]:
    """The stderr lines of a refused ``cardgames solitaire-2 argv`` (status 2, no stdout)."""
    err, out = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stderr(err), \
            contextlib.redirect_stdout(out):
        args = parse(*argv)
        args.func(args.parser, args)
    assert (stop.value.code, out.getvalue()) == (2, "")
    assert "Traceback" not in err.getvalue()
    return err.getvalue().splitlines()


@pytest.mark.parametrize("argv", [["--games", "0"], ["--games", "x"], ["--jobs", "0"],
                                  ["--seed", "1.5"], ["--games", "\u0663"], ["extra"],
                                  ["--plot", "x.svg"], ["--json"]])
def test_bad_options_exit_with_status_2_and_the_subcommands_usage(argv):
    lines = refused(*argv)
    assert lines[0].startswith("usage: cardgames solitaire-2 ")
    assert lines[-1].startswith("cardgames solitaire-2: error: ")


def test_exact_says_where_the_exact_odds_are():
    lines = refused("--exact")
    assert lines[0].startswith("usage: cardgames solitaire-2 ")
    assert lines[-1] == ("cardgames solitaire-2: error: the exact odds are solitaire-1's "
                         "(cardgames solitaire-1 --exact): solitaire-2's can only be "
                         "simulated (--games N)")


def test_help_does_not_mention_exact(capsys):
    with pytest.raises(SystemExit) as stop:
        parse("--help")
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "--exact" not in out and "--plot FILE" in out


def test_an_unknown_option_is_reported_with_the_subcommands_usage():
    lines = refused("--games", "5", "--frob")
    assert lines[0].startswith("usage: cardgames solitaire-2 ")
    assert lines[-1] == "cardgames solitaire-2: error: no option --frob here (--help lists them)"
