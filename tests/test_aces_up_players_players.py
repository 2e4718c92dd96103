"""Each player's plan: legal under both rule sets, and the end of the turn it claims to
choose."""

import pytest
from aces_up_helpers import replay
from hypothesis import given
from strategies import examples, honest_positions

from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, View, view_of
from cardgames.aces_up.players.evaluation import score
from cardgames.aces_up.players.lookahead import last_deal_wins, last_two_wins
from cardgames.aces_up.players.turn import turn_ends
from cardgames.aces_up.search.model import won
from cardgames.aces_up.search.pruning import card_bits, discardable, endgame_key, endgame_transfers

CHEAP = ("greedy", "turn", "last-deal")


@pytest.mark.parametrize("name", CHEAP)
@examples(25, deadline=None)
@given(drawn=honest_positions())
def test_a_plan_is_legal_under_both_rule_sets_and_never_deals(name, drawn):
    position, view = drawn
    plan = PLAYERS[name](view)
    assert rules.Command(rules.Action.DEAL) not in plan
    assert replay(position, plan, lone_moves=False) == replay(position, plan)


@examples(50, deadline=None)
@given(honest_positions())
def test_greedy_leaves_no_discard_and_no_space_it_could_fill(drawn):
    position, view = drawn
    after = view_of(replay(position, PLAYERS["greedy"](view))).columns
    assert discardable(after) == [] and endgame_transfers(after) == []


def ends_of(view, plan, position):
    reached = endgame_key(view_of(replay(position, plan)).columns)
    return reached, {end.key: end for end in turn_ends(view.columns)}


@examples(25, deadline=None)
@given(honest_positions(stocks=(48, 28, 12, 8)))
def test_the_turn_search_ends_where_the_score_is_highest(drawn):
    position, view = drawn
    for name in ("turn", "last-deal"):   # the same player with more than four cards left
        reached, ends = ends_of(view, PLAYERS[name](view), position)
        assert score(ends[reached].columns) == max(score(end.columns) for end in ends.values())


@examples(25, deadline=None)
@given(honest_positions(stocks=(4,)))
def test_with_one_deal_left_last_deal_ends_where_the_most_orders_win(drawn):
    position, view = drawn
    reached, ends = ends_of(view, PLAYERS["last-deal"](view), position)
    counts = {key: last_deal_wins(end.columns, view.unseen) for key, end in ends.items()}
    assert counts[reached] == max(counts.values())


@examples(25, deadline=None)
@given(honest_positions(stocks=(0,)))
def test_once_the_stock_is_empty_every_searching_player_wins_if_it_can(drawn):
    position, view = drawn
    can = any(won(end.columns) for end in turn_ends(view.columns))
    for name in ("turn", "last-deal", "last-two"):
        assert rules.is_won(replay(position, PLAYERS[name](view))) == can


def test_with_two_deals_left_last_two_ends_where_the_most_orders_win():
    # a small view (eight unseen cards, two in the columns): the last-two count of each end
    view = View(((), (34, 14), (), ()), 0, card_bits([(62, 8, 30, 39), (3, 19, 46, 56)]))
    plan = PLAYERS["last-two"](view)
    ends = {end.line: end for end in turn_ends(view.columns)}
    counts = {line: last_two_wins(end.columns, view.unseen) for line, end in ends.items()}
    assert len(set(counts.values())) > 1 and counts[plan] == max(counts.values())
