"""The Sevens odds the README publishes are those of the run in benchmarks/results."""

import json
import math
from pathlib import Path

from cardgames.simulate import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / "benchmarks" / "results" / "sevens_seeds_0-99999999.json"


def percent(value, share):
    """value as a percentage, with at least three significant digits of ``share``."""
    decimals = max(4, 2 - math.floor(math.log10(share * 100)))
    return f"{value:.{decimals}%}"


def run():
    return json.loads(RUN.read_text(encoding="utf-8"))


def test_the_run_is_a_hundred_million_seeded_games():
    result = run()
    assert (result["game"], result["games"], result["first_seed"]) == ("solitaire-2", 10**8, 0)
    assert sum(row["games"] for row in result["rows"]) == 10**8
    for row in result["rows"]:
        assert row["ci95"] == list(wilson_interval(row["games"], 10**8))


def test_the_readme_table_is_the_run():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for row in run()["rows"]:
        share, (low, high) = row["share"], row["ci95"]
        label = "0 (won)" if row["cards_left"] == 0 else str(row["cards_left"])
        line = (f"| {label} | {row['games']:,} | {percent(share, share)} | "
                f"{percent(low, share)} – {percent(high, share)} |")
        assert line in readme.splitlines()


def test_the_readme_text_quotes_the_win_share():
    won = next(row for row in run()["rows"] if row["cards_left"] == 0)
    low, high = won["ci95"]
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"A game is won **{won['share']:.3%}** of the time" in text
    assert f"(95% interval {low:.3%} to {high:.3%}, so ± 0.01 points)" in text
    assert high - low < 0.0002
