"""The turn search against a plain search of the rules: the same positions up to the order
of the columns, each reached by a line the rules replay; and the endgame's verdict."""

from aces_up_helpers import beaten, plain, replay
from hypothesis import given
from strategies import coded_positions, endgames, examples, honest_positions, sample

from cardgames.aces_up.players.turn import endgame_won, turn_ends
from cardgames.aces_up.players.view import view_of
from cardgames.aces_up.search.model import encode
from cardgames.aces_up.search.pruning import endgame_key


def plain_turn(columns):
    """The keys of every position the rules reach from ``columns`` without a deal: every
    discard, every move of a bottom card to any empty column, lone cards included."""
    start = tuple(map(tuple, columns))
    seen, stack = {start}, [start]
    while stack:
        cols = stack.pop()
        for x in range(4):
            if not cols[x]:
                continue
            if beaten(cols, x):
                after = list(cols)
                after[x] = cols[x][:-1]
                stack.extend(_new(seen, after))
            for y in range(4):
                if not cols[y]:
                    after = list(cols)
                    after[x], after[y] = cols[x][:-1], cols[x][-1:]
                    stack.extend(_new(seen, after))
    return {endgame_key(cols) for cols in seen}


def _new(seen, after):
    after = tuple(after)
    if after in seen:
        return []
    seen.add(after)
    return [after]


@examples(150, deadline=None)
@given(coded_positions(max_cards=14, max_deals=0))
def test_a_turn_reaches_every_position_the_rules_reach_once_up_to_column_order(drawn):
    columns, _ = drawn
    ends = turn_ends(columns)
    assert [end.key for end in ends][:1] == [endgame_key(columns)] and ends[0].line == ()
    assert len({end.key for end in ends}) == len(ends)
    assert {end.key for end in ends} == plain_turn(columns)


@examples(40, deadline=None)
@given(honest_positions())
def test_each_end_of_a_turn_is_reached_by_its_line_under_both_rule_sets(drawn):
    position, view = drawn
    for end in turn_ends(view.columns):
        for lone_moves in (True, False):   # no line moves a lone card
            reached = replay(position, end.line, lone_moves)
            assert view_of(reached).columns == end.columns
            assert end.key == endgame_key(end.columns)


@examples(150, deadline=None)
@given(endgames())
def test_the_endgame_verdict_is_the_plain_search_of_the_rules(position):
    columns = tuple(tuple(map(encode, column)) for column in position.columns)
    assert endgame_won(columns) == plain(columns)


def test_endgames_drawn_are_won_and_lost():
    # the property above meets both verdicts: on a fixed sample of its positions
    verdicts = {endgame_won(tuple(tuple(map(encode, c)) for c in p.columns))
                for p in sample(endgames(), 60)}
    assert verdicts == {True, False}
