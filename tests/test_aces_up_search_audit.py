"""Soundness audit of the whole Aces Up search against an independent plain search.

The plain search (``aces_up_helpers.plain``) is written from the rules (spec §3), not from
the search.  Here the search's verdicts are checked under both lone-move rules, with the
relaxed phase from the first node and with the default two phases, winning lines replayed
under the rules: on the witness positions (on each, a plausible but wrong variant of a
pruning fact loses a won game: ``test_aces_up_search_pruning`` checks each fact on them),
on openings and positions drawn by hypothesis, and within budgets that stop the search.
"""

import pytest
from aces_up_helpers import WITNESSES, coded, plain, wins
from hypothesis import event, given
from hypothesis import strategies as st
from strategies import coded_positions, examples, openings, sample

from cardgames.aces_up.search import Status, model, reference, solve

#: Openings of a 12-card deck (every suit in A 2 3) and small positions of up to 16 cards.
AUDIT_POSITIONS = st.one_of(openings(), coded_positions(max_cards=16, max_deals=3))


def solve_with_first_phase(position, lone, first, **budget):
    """``solve`` with a plain first phase of ``first`` nodes (0: the relaxed games at once)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reference, "FIRST_PHASE_NODES", first)
        return solve(position, lone, **budget)


@pytest.mark.parametrize("lone", [True, False])
@pytest.mark.parametrize("witness", WITNESSES)
@pytest.mark.parametrize("first", [0, None])
def test_solver_wins_the_witnesses(witness, lone, first):
    cols, stock = witness
    found = solve_with_first_phase(coded(cols, stock), lone,
                                   model.FIRST_PHASE_NODES if first is None else first)
    assert (found.status is Status.WINNABLE) == plain(cols, stock, lone)
    if found.status is Status.WINNABLE:
        assert wins(coded(cols, stock), found.line, lone)


@pytest.mark.parametrize("lone", [True, False])
@examples(150, deadline=None)
@given(AUDIT_POSITIONS)
def test_solver_verdicts_on_openings_and_mid_games(lone, position):
    expected = plain(*position, lone)
    event(f"winnable: {expected}")
    for first in (0, 20_000):
        found = solve_with_first_phase(coded(*position), lone, first)
        assert found.status is not Status.UNSETTLED
        assert (found.status is Status.WINNABLE) == expected, first
        if expected:
            assert wins(coded(*position), found.line, lone), first


def test_the_audit_positions_are_won_and_lost_alike():
    verdicts = [plain(*position, lone) for position in sample(AUDIT_POSITIONS, 100)
                for lone in (True, False)]
    assert 20 < sum(verdicts) < 180            # both verdicts, often, under both rules


@pytest.mark.parametrize("lone", [True, False])
@examples(40, deadline=None)
@given(openings())
def test_a_budget_never_yields_a_wrong_verdict(lone, position):
    expected = plain(*position, lone)
    for first in (0, 3, 20_000):
        for budget in (1, 2, 5, 10, 30):
            found = solve_with_first_phase(coded(*position), lone, first, max_nodes=budget)
            if found.status is Status.LOST:
                assert not expected, (first, budget)
            elif found.status is Status.WINNABLE:
                assert expected and wins(coded(*position), found.line, lone), (first, budget)
