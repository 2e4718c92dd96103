"""Tests of the honest hint (cardgames.aces_up.rich_game.advice): the plan is the player's,
following it wins exactly when the player wins, the exact chances are the lookahead's
counts, the estimate is reproducible, honest and its interval holds the exact value, and
Ctrl-C stops the chance with what it has."""

import random

import pytest
from aces_up_helpers import hand_built

from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, play, view_of
from cardgames.aces_up.players.lookahead import last_deal_wins, last_two_wins
from cardgames.aces_up.rich_game import advice as advice_module
from cardgames.aces_up.rich_game.advice import (
    ADVISOR,
    Budget,
    Chance,
    advise,
    advisor,
    estimate,
    last_two_count,
    sampled_stocks,
)
from cardgames.aces_up.search.model import decode
from cardgames.aces_up.search.pruning import cards_of
from cardgames.cards import classic_deck

#: Budgets counted in sampled stocks, the same on any machine; no eight-left count.
SMALL = Budget(samples=6, seconds=None, exact_seconds=0)
#: Seeds the last-deal player wins (71) and loses (12, 10).
WON, LOST = 71, (12, 10)


def endgame(columns, deals):
    """A position late in a game: the columns and deals of ``hand_built``, every other card
    of the deck on the foundation."""
    position = hand_built(columns, deals)
    used = set(position.stock) | {card for column in position.columns for card in column}
    return rules.Position(position.stock, position.columns,
                          tuple(card for card in classic_deck() if card not in used))


#: Eight cards left: the stock's two deals, next first.
EIGHT_LEFT = endgame(["A\u2660 9\u2666", "7\u2665 K\u2663", "2\u2666 5\u2660", "6\u2665"],
                     ["K\u2665 3\u2666 A\u2666 7\u2663", "Q\u2663 A\u2663 4\u2660 A\u2665"])


def turns(seed, count):
    """The position of a seed after ``count`` turns of the advising player (plan, deal)."""
    position = rules.seeded_position(seed)
    for _ in range(count):
        for command in PLAYERS[ADVISOR](view_of(position)):
            position = rules.apply(position, command)
        position = rules.deal(position)
    return position


def reordered(position, seed=0):
    """The position with its stock in another order (what a player does not see)."""
    stock = list(position.stock)
    random.Random(seed).shuffle(stock)
    return rules.Position(tuple(stock), position.columns, position.foundation)


@pytest.fixture(scope="module")
def eight_left_count():
    """The exact count with eight cards left (about 5 s in the reference), once."""
    return advise(EIGHT_LEFT, budget=Budget(samples=1, seconds=None, exact_seconds=None))


@pytest.mark.parametrize("seed, count", [(12, 0), (71, 3), (5, 8), (40, 11)])
def test_the_plan_is_the_advising_players_plan(seed, count):
    position = turns(seed, count)
    advice = advise(position, budget=SMALL)
    assert advice.player == ADVISOR == "last-deal"
    assert advice.plan == PLAYERS["last-deal"](view_of(position))


def test_last_two_advises_with_eight_cards_left_only_when_asked():
    assert advisor(view_of(turns(12, 10)), last_two=True) == "last-two"
    assert advisor(view_of(turns(12, 10))) == "last-deal"
    assert advisor(view_of(turns(12, 9)), last_two=True) == "last-deal"


@pytest.mark.parametrize("seed", [WON, *LOST])
def test_following_the_hints_wins_exactly_when_the_player_wins(seed):
    position = rules.seeded_position(seed)
    line = []
    while True:
        plan = advise(position, budget=SMALL).plan
        for command in plan:
            position = rules.apply(position, command)
        line += plan
        if not rules.can_deal(position):
            break
        position = rules.deal(position)
        line.append(rules.Command(rules.Action.DEAL))
    game = play(rules.seeded_position(seed), PLAYERS[ADVISOR])
    assert (rules.is_won(position), tuple(line)) == (game.won, game.line)
    assert game.won == (seed == WON)


@pytest.mark.parametrize("seed", [WON, *LOST])
def test_with_four_cards_left_the_chance_is_the_last_deal_count(seed):
    position = turns(seed, 11)
    advice = advise(position, budget=SMALL)
    end = position
    for command in advice.plan:
        end = rules.apply(end, command)
    wins = last_deal_wins(view_of(end).columns, view_of(end).unseen)
    assert advice.chance == Chance(wins, 24, exact=True)


def test_with_the_stock_empty_the_chance_is_the_verdict():
    assert advise(turns(WON, 12), budget=SMALL).chance == Chance(1, 1, exact=True)
    assert advise(turns(12, 12), budget=SMALL).chance == Chance(0, 1, exact=True)


def test_with_eight_cards_left_the_chance_is_what_the_player_wins_of_the_orders(
        eight_left_count):
    end = EIGHT_LEFT
    for command in eight_left_count.plan:
        end = rules.apply(end, command)
    view = view_of(end)
    assert eight_left_count.chance == Chance(last_two_wins(view.columns, view.unseen), 40_320,
                                             exact=True)
    assert last_two_count(view) == eight_left_count.chance.won


def test_an_eight_left_count_out_of_time_gives_an_estimate():
    chance = advise(EIGHT_LEFT, budget=SMALL).chance
    assert not chance.exact and chance.out_of == SMALL.samples


@pytest.mark.parametrize("position", [turns(71, 11), turns(10, 11), EIGHT_LEFT],
                         ids=["won-4", "lost-4", "eight"])
def test_the_estimates_interval_holds_the_exact_value(position, eight_left_count):
    exact = (eight_left_count if position is EIGHT_LEFT else advise(position, budget=SMALL))
    sampled = estimate(position, PLAYERS[ADVISOR], budget=Budget(200, None))
    low, high = sampled.interval
    assert sampled.out_of == 200 and not sampled.exact
    assert low <= exact.chance.won / exact.chance.out_of <= high


def test_the_estimate_is_reproducible_and_honest():
    position = turns(40, 4)
    first = advise(position, budget=Budget(12, None))
    assert not first.chance.exact and first.chance.out_of == 12
    assert advise(position, budget=Budget(12, None)) == first
    for seed in range(3):                   # the stock's order is never read
        assert advise(reordered(position, seed), budget=Budget(12, None)) == first
    longer = estimate(position, PLAYERS[ADVISOR], budget=Budget(24, None))
    games = [play(rules.Position(stock, position.columns, position.foundation),
                  PLAYERS[ADVISOR]).won for stock in _stocks(position, 24)]
    assert longer == Chance(sum(games), 24, exact=False)
    assert first.chance.won == sum(games[:12])  # the same samples first, whatever the budget


def _stocks(position, count):
    """The stocks an estimate samples from a position, in order (as ``estimate`` draws
    them, from the seed the view gives)."""
    view = view_of(position)
    cards, draw = [decode(code) for code in cards_of(view.unseen)], sampled_stocks(view)
    stocks = []
    for _ in range(count):
        draw.shuffle(cards)
        stocks.append(tuple(cards))
    assert sorted(map(str, stocks[0])) == sorted(map(str, position.stock))
    return stocks


def test_a_time_budget_bounds_the_estimate():
    chance = estimate(turns(12, 0), PLAYERS[ADVISOR], budget=Budget(10 ** 6, 0.2))
    assert 1 <= chance.out_of < 10 ** 6 and not chance.interrupted


def test_ctrl_c_stops_the_estimate_with_what_it_has():
    def interrupt(samples, seconds):
        if samples == 3:
            raise KeyboardInterrupt

    position = turns(12, 2)
    chance = advise(position, budget=Budget(100, None), progress=interrupt).chance
    assert chance.interrupted and chance.out_of == 3 and not chance.exact
    assert chance.won == estimate(position, PLAYERS[ADVISOR], budget=Budget(3, None)).won


def test_ctrl_c_stops_the_eight_left_count(monkeypatch):
    def interrupt(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(advice_module, "last_two_draws", interrupt)
    chance = advise(EIGHT_LEFT, budget=Budget(5, None, None)).chance
    assert chance == Chance(0, 0, exact=False, interrupted=True)
