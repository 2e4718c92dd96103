"""Tests of cardgames.aces_up.search.reference, the reference search: its verdicts against
the plain searches (``aces_up_helpers``), its relaxed phase and the thinning of its relaxed
checks, the collector paused, its memory bound (each pruning fact on its own:
test_aces_up_search_pruning.py; the whole search on witnesses and budgets:
test_aces_up_search_audit.py)."""

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import hand_built, plain, rules_plain, wins
from hypothesis import assume, event, given
from hypothesis import strategies as st
from strategies import endgames, examples, sample, short_stock_positions, small_positions

from cardgames.aces_up import rules
from cardgames.aces_up.search import Status, model, reference, relaxation, solve
from cardgames.aces_up.search.model import codes

ROOT = Path(__file__).resolve().parent.parent


@examples(60, deadline=None)
@given(short_stock_positions(small_positions()), st.booleans())
def test_positions_with_a_short_last_deal_are_solved_as_the_rules_play_them(position,
                                                                           lone_moves):
    assume(rules.card_count(position) <= 12)    # the plain search of the rules is slow
    event(f"stock of {len(position.stock)} cards")
    found = solve(position, lone_moves)
    assert found.status is not Status.UNSETTLED
    assert (found.status is Status.WINNABLE) == rules_plain(position, lone_moves)
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)


def agrees_with_the_plain_search(position, lone_moves, tier=None):
    """Solve a position: the verdict must be the plain search's, a winning line must win.
    Returns the verdict.  ``tier`` None: the one chosen here (the compiled search when
    installed); ``reference``: this module's search, with the classic rules too (where
    ``search.solve`` runs the deferred-discard search)."""
    found = (reference.solve(position, lone_moves) if tier == "reference"
             else solve(position, lone_moves, tier=tier))
    assert found.status is not Status.UNSETTLED
    assert (found.status is Status.WINNABLE) == plain(*codes(position), lone_moves), position
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)
    return found.status


@pytest.fixture(scope="module")
def small_sample():
    """A sample of 200 small positions, drawn once for the tests that count on it."""
    return sample(small_positions(), 200)


def agree_with_the_plain_search(positions, lone_moves, tier=None):
    """``agrees_with_the_plain_search`` on each position, both verdicts among them."""
    verdicts = {agrees_with_the_plain_search(position, lone_moves, tier)
                for position in positions}
    assert verdicts == {Status.WINNABLE, Status.LOST}     # the sample exercises both


@examples(300, deadline=None)
@given(small_positions(), st.booleans())
def test_solver_agrees_with_the_plain_search_on_random_small_positions(position, lone_moves):
    verdict = agrees_with_the_plain_search(position, lone_moves)
    event(verdict.name)


def test_random_small_positions_are_won_and_lost_alike(small_sample):
    won = sum(plain(*codes(position)) for position in small_sample)
    assert 40 < won < 160          # so that the test above checks both verdicts often


def test_relaxed_checks_thin_out_where_they_never_prove_a_loss():
    search = reference._Search(codes(rules.seeded_position(3))[1], True, None)
    trial = model.RELAX_TRIAL
    made = [search._worth_relaxing(5) for _ in range(trial + 10 * model.RELAX_SAMPLE)]
    assert all(made[:trial])
    assert sum(made[trial:]) == 10                    # one in RELAX_SAMPLE after the trial
    search.cuts[5] = search.checks[5] // model.RELAX_RATE + 1
    assert all(search._worth_relaxing(5) for _ in range(20))   # losses found: check all
    assert search._worth_relaxing(6)                  # each level keeps its own count


@pytest.mark.parametrize("lone_moves", [True, False])
def test_thinned_relaxed_checks_keep_the_verdicts(monkeypatch, small_sample, lone_moves):
    monkeypatch.setattr(reference, "FIRST_PHASE_NODES", 0)
    monkeypatch.setattr(reference, "RELAX_TRIAL", 1)      # after one check at a level, check
    monkeypatch.setattr(reference, "RELAX_SAMPLE", 4)     # one position in four, whatever the
    monkeypatch.setattr(reference, "RELAX_RATE", 0)       # checks prove
    skipped = []
    worth = reference._Search._worth_relaxing

    def counted(search, k):
        made = worth(search, k)
        skipped.append(not made)
        return made

    monkeypatch.setattr(reference._Search, "_worth_relaxing", counted)
    agree_with_the_plain_search(small_sample, lone_moves, tier="reference")  # the one patched
    assert sum(skipped) > 50                          # the thinning is exercised


@pytest.mark.parametrize("columns, stock", [
    (["2♠ A♠", "A♥", "A♦", "A♣"], []),                      # an ace over a card, no free column
    (["A♠ K♠", "A♥", "A♦", "A♣"], []),                      # K♠ can only be beaten by its own ace
    (["K♠", "A♥", "A♦", "A♣"], ["A♠ 2♥ 2♦ 2♣"]),            # A♠ is dealt onto K♠
    (["3♠ 2♠", "A♥ K♥", "A♦", "A♣"], ["A♠ Q♥ Q♦ Q♣"]),
])
def test_hand_built_lost_positions(columns, stock):
    position = hand_built(columns, stock)
    assert not rules_plain(position)                # exhaustive: no winning line at all
    assert solve(position).status is Status.LOST


def test_hand_built_won_position():
    position = hand_built(["A♠ 2♠", "A♥", "3♠", ""], ["A♦ A♣ K♣ Q♣"])
    found = solve(position)
    assert found.status is Status.WINNABLE and wins(position, found.line)


@pytest.mark.parametrize("collecting", [True, False])
@pytest.mark.parametrize("budget", [None, 50])
def test_the_collector_is_paused_during_a_solve_and_restored(monkeypatch, collecting, budget):
    seen = []
    search = reference._Search.search

    def watched(self, *args):
        seen.append(gc.isenabled())
        return search(self, *args)

    monkeypatch.setattr(reference._Search, "search", watched)
    (gc.enable if collecting else gc.disable)()
    try:
        found = reference.solve(rules.seeded_position(1), max_nodes=budget)
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert found.status is (Status.LOST if budget is None else Status.UNSETTLED)
    assert seen and not any(seen)


@pytest.mark.parametrize("collecting", [True, False])
def test_the_collector_is_restored_when_a_solve_is_interrupted(monkeypatch, collecting):
    def interrupted(self, *args):
        raise KeyboardInterrupt

    monkeypatch.setattr(reference._Search, "search", interrupted)
    (gc.enable if collecting else gc.disable)()
    try:
        found = reference.solve(rules.seeded_position(1))
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert found.status is Status.UNSETTLED and found.interrupted


@examples(400, deadline=None)
@given(endgames(), st.booleans())
def test_solver_agrees_with_the_plain_search_on_random_endgames(position, lone_moves):
    event(agrees_with_the_plain_search(position, lone_moves).name)


@pytest.mark.parametrize("seed", [3, 10])
def test_the_search_checks_the_chain_of_relaxed_games(seed):
    columns, stock = codes(rules.seeded_position(seed))
    search = reference._Search(stock, True, None, tops=relaxation.RELAXATION_TOPS)
    chain = []
    while search.relaxed is not None:
        chain.append((search.essential, search.relaxed.stock))
        search = search.relaxed
    games = relaxation.relaxed_games(columns, stock)
    assert chain == [(keep, below[0]) for (_, _, keep), below in zip(games, games[1:])]
    assert len(chain) == 3


@pytest.mark.parametrize("lone_moves", [True, False])
def test_the_relaxed_phase_agrees_with_the_plain_search(monkeypatch, small_sample,
                                                        lone_moves):
    monkeypatch.setattr(reference, "FIRST_PHASE_NODES", 0)      # relax from the first node on
    agree_with_the_plain_search(small_sample, lone_moves)
    chained = 0
    for position in small_sample:
        search = reference._Search(codes(position)[1], lone_moves, None,
                                tops=relaxation.RELAXATION_TOPS)
        chained += search.relaxed is not None and search.relaxed.relaxed is not None
    assert chained > 10                        # two relaxed games or more: the chain is used


def test_the_reference_forgets_past_its_memory_bound_and_keeps_its_verdicts():
    one, four = rules.seeded_position(1), rules.seeded_position(4)
    full = reference.solve(one)
    forgets = []
    forget = reference._Search.forget

    def counted(search):
        forgets.append(search.remembered())
        forget(search)

    small = 10_000 * reference.BYTES_PER_ENTRY                 # room for 10,000 positions
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reference._Search, "forget", counted)
        bounded = reference.solve(one, memory=small)
        won = reference.solve(four, memory=small)
    assert full.status is bounded.status is Status.LOST and bounded.nodes > full.nodes
    assert forgets and max(forgets) < 10_000 + 2 * reference.CHECK_EVERY
    assert won.status is Status.WINNABLE and wins(four, won.line)


MEMORY_PROBE = """
import os, sys
from cardgames.aces_up import rules
from cardgames.aces_up.search import model, reference, relaxation
def resident():
    with open('/proc/self/statm') as statm:
        return int(statm.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
forgets = []
forget = reference._Search.forget
reference._Search.forget = lambda search: forgets.append(1) or forget(search)
before = resident()
found = reference.solve(rules.seeded_position(3), max_nodes=int(sys.argv[1]),
                        memory=int(sys.argv[2]))
print(len(forgets), resident() - before)
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc (Linux)")
def test_the_reference_search_stays_within_its_memory_in_resident_memory():
    bound = 20 << 20                # room for about 42,000 positions
    done = subprocess.run([sys.executable, "-c", MEMORY_PROBE, "250000", str(bound)],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                          capture_output=True, text=True, timeout=120)
    forgets, grown = map(int, done.stdout.split())
    assert forgets > 0              # the search went past its bound (71 MiB without it)
    assert grown < bound * 1.1
