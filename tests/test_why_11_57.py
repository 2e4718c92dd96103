"""Tests of benchmarks/why_11_57.py (the restricted games that explain the public 11.57%) and
of the README's quote of its published output."""

import re
import sys
from pathlib import Path

import pytest
from aces_up_helpers import CLASSIC_LOG

from cardgames.aces_up import rules
from cardgames.aces_up.rules import Action, Command, Position
from cardgames.cards import Card

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import why_11_57 as why  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "why_11_57_seeds_0-999.txt"
D = Command(Action.DEAL)


def position(*columns, stock=("2♣",) * 4):
    """A position with these columns (cards by their short text, top first)."""
    return Position(tuple(Card.parse(card) for card in stock),
                    tuple(tuple(Card.parse(card) for card in column.split()) for column in columns))


def test_discard_first_allows_only_the_discards_while_there_is_one():
    here = position("3♥ 4♦", "9♦", "", "5♠")
    assert set(why.allowed(here, frozenset({"discard-first"}))) == {Command(Action.DISCARD, (1,))}
    assert D in why.allowed(here, frozenset())


def test_fill_before_deal_keeps_the_deal_back_while_a_space_can_be_filled():
    here = position("3♥ 4♠", "9♦", "", "5♣")       # no discard; column 1 may fill the space
    assert D not in why.allowed(here, frozenset({"fill-before-deal"}))
    assert Command(Action.MOVE, (1, 3)) in why.allowed(here, frozenset({"fill-before-deal"}))
    lone = position("4♠", "9♦", "", "5♣")           # only lone cards could fill it: deal
    assert D in why.allowed(lone, frozenset({"fill-before-deal"}))
    assert Command(Action.MOVE, (1, 3)) not in why.allowed(lone, frozenset({"no-lone"}))
    assert Command(Action.MOVE, (1, 3)) in why.allowed(lone, frozenset())


@pytest.mark.parametrize("restriction", ["fill-before-deal", "no-lone+fill-before-deal",
                                         "discard-first"])
def test_a_restricted_verdict_is_one_of_the_rules_game(restriction, published_verdicts):
    names = why.parse_restriction(restriction)
    settled = 0
    for seed in range(12):
        start = rules.seeded_position(seed)
        verdict, line = why.solve(start, names, 3_000)
        settled += verdict != why.UNSETTLED
        if verdict == why.WINNABLE:
            assert why.replayed(start, line)
            assert published_verdicts[seed] == "WINNABLE"     # its lines are the rules'
    assert settled >= 2                                         # the test bites


@pytest.fixture(scope="module")
def published_verdicts():
    from cardgames.aces_up import odds
    _, deals = odds.read_log(str(CLASSIC_LOG))
    return {deal[0]: deal[1] for deal in deals}


def test_a_budget_leaves_a_deal_unsettled_never_lost():
    assert why.solve(rules.seeded_position(3), frozenset(), 50)[0] == why.UNSETTLED


def test_the_readme_quotes_the_published_restricted_games():
    text = RESULTS.read_text()
    found = re.findall(r"^(\S+): winnable (\d+), lost (\d+), unsettled (\d+);.*\n"
                       r"  won (\d+\.\d+)% \(95% CI (\d+\.\d+)% to (\d+\.\d+)%\)$", text, re.M)
    assert {name for name, *_ in found} == set(why.CANDIDATES)
    assert "seeds 0..999" in text.splitlines()[0]
    readme = (ROOT / "README.md").read_text()
    for name, won, lost, unsettled, share, low, high in found:
        assert int(won) + int(lost) + int(unsettled) == 1000
        assert f"| `{name}` | {won} | {share}% ({low}% to {high}%) |" in readme
