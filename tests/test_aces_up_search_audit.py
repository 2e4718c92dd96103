"""Soundness audit of the Aces Up solver against an independent plain search (sampled).

The plain search (``aces_up_helpers.plain``) is written from the rules (spec §3), not from
the solver, and accepts holes (``pruning.HOLE``) in deals so that it can also play the relaxed
games of ``pruning.essential`` and ``pruning.upper``.  Besides whole-solver verdicts (both
lone-move rules, with the relaxed phase from the first node and with the default two phases,
winning lines replayed under the rules), each pruning fact's claim is checked on its own,
through the very functions of ``pruning`` the search calls, and hand-picked witness
positions show that the checks are sensitive: on each of them a plausible but wrong variant
of a rule turns a win into a loss, while the solver's rule does not.
"""

import random

import pytest
from aces_up_helpers import coded, plain, wins

from cardgames.aces_up.search import Status, model, pruning, reference, solve

ACE = pruning.ACE
HOLE = pruning.HOLE


def replay_wins(cols, stock, line, lone):
    """True when every command of ``line`` is legal under the rules and the line wins."""
    return wins(coded(cols, stock), line, lone)


def bits(cols, stock=()):
    """The bit set of the cards in the columns and the deals."""
    return pruning.card_bits(tuple(cols) + tuple(stock))


def without(cols, stock, drop):
    """The position without the cards of bit set ``drop`` (holes in the deals)."""
    return (tuple(tuple(c for c in col if not drop >> c & 1) for col in cols),
            tuple(tuple(HOLE if drop >> c & 1 else c for c in deal) for deal in stock))


def solve_with_first_phase(position, lone, first, monkeypatch, **budget):
    monkeypatch.setattr(reference, "FIRST_PHASE_NODES", first)
    return solve(position, lone, **budget)


def random_position(rng, max_cards=16):
    """Four aces and 0..4 other cards of each suit, 0..3 deals, uneven stacked columns."""
    while True:
        pool = [16 * s + ACE for s in range(4)]
        for s in range(4):
            pool += [16 * s + r for r in rng.sample(range(2, 14), rng.choice((0, 1, 2, 3, 4)))]
        if len(pool) <= max_cards:
            break
    rng.shuffle(pool)
    deals = rng.randrange(0, min(3, len(pool) // 4) + 1)
    stock = tuple(tuple(pool[i * 4:i * 4 + 4]) for i in range(deals))
    cols = [[], [], [], []]
    weights = [rng.random() for _ in range(4)]
    for card in pool[deals * 4:]:
        cols[rng.choices(range(4), weights)[0]].append(card)
    return tuple(map(tuple, cols)), stock


def opening(rng, ranks):
    deck = [16 * s + r for s in range(4) for r in ranks]
    rng.shuffle(deck)
    return (tuple((c,) for c in deck[:4]),
            tuple(tuple(deck[i:i + 4]) for i in range(4, len(deck), 4)))


# --- witnesses: a wrong rule loses these wins, the solver's rule does not ------------------

# Dropping every card lower than a card of its suit ANYWHERE in the stock (instead of in
# the last deal only) loses this win.
WRONG_ESSENTIAL = (((), (), (), ()),
                   ((62, 30, 14, 46), (45, 38, 39, 10), (13, 3, 35, 55)))
# The safe discard taken under no-lone-moves before the stock is empty loses this win.
WRONG_SAFE_DISCARD = (((38,), (30,), (), (24,)),
                      ((14, 51, 45, 46), (3, 55, 62, 59)))
# Dropping the 9♣ that must beat the 2♣ (a set that is not upward closed) loses this win.
WRONG_UPPER = (((14, 2), (62, 9), (30,), (46,)), ())        # A♣ 2♣ | A♠ 9♣ | A♦ | A♥


def test_witness_essential():
    cols, stock = WRONG_ESSENTIAL
    assert plain(cols, stock)
    stockcards = [c for deal in stock for c in deal]
    wrong = 0
    for c in [c for col in cols for c in col] + stockcards:
        if c & 15 != ACE and c not in stock[-1] and any(
                g >> 4 == c >> 4 and g > c for g in stockcards):
            wrong |= 1 << c
    assert not plain(*without(cols, stock, wrong))                      # sensitive
    right = ~pruning.essential(stock[-1]) & ((1 << 64) - 1)
    assert plain(*without(cols, stock, right))


def test_witness_safe_discard_needs_lone_moves():
    cols, stock = WRONG_SAFE_DISCARD
    x = pruning.safe_discard(cols, bits(cols, stock))
    assert x is not None and pruning.is_safe_discard(cols[x][-1], bits(cols, stock))
    after = list(cols)
    after[x] = cols[x][:-1]
    assert plain(cols, stock, False) and not plain(tuple(after), stock, False)   # sensitive
    assert plain(tuple(after), stock, True)                 # classic rules: safe indeed


def test_witness_upper():
    cols, stock = WRONG_UPPER
    assert plain(cols, stock)
    assert not plain(*without(cols, stock, 1 << 9))                     # sensitive
    kept = pruning.upper(12)                                            # drops the twos
    right = ~kept & ((1 << 64) - 1)
    assert right & (1 << 2) and not right & (1 << 9)
    assert plain(*without(cols, stock, right))


@pytest.mark.parametrize("lone", [True, False])
@pytest.mark.parametrize("witness", [WRONG_ESSENTIAL, WRONG_SAFE_DISCARD, WRONG_UPPER])
@pytest.mark.parametrize("first", [0, None])
def test_solver_wins_the_witnesses(witness, lone, first, monkeypatch):
    cols, stock = witness
    found = solve_with_first_phase(coded(cols, stock), lone,
                                   model.FIRST_PHASE_NODES if first is None else first,
                                   monkeypatch)
    assert (found.status is Status.WINNABLE) == plain(cols, stock, lone)
    if found.status is Status.WINNABLE:
        assert replay_wins(cols, stock, found.line, lone)


# --- each rule's claim on its own, on positions unlike test_aces_up_solver's -----------------

def test_rule_claims_on_random_positions():
    rng = random.Random(2024)
    counts = dict(essential=0, upper=0, chained=0, safe=0, locked=0)
    for _ in range(700):
        cols, stock = random_position(rng, 14)
        won = {lone: plain(cols, stock, lone) for lone in (True, False)}
        if stock and won[True]:
            drop = ~pruning.essential(stock[-1]) & ((1 << 64) - 1)
            if without(cols, stock, drop) != (cols, stock):
                counts["essential"] += 1
                assert plain(*without(cols, stock, drop)), (cols, stock)
        if won[True]:
            # any upward-closed set: per suit, every card from a random rank up
            keep = 0
            for suit in range(4):
                for strength in range(rng.randrange(2, ACE + 1), ACE + 1):
                    keep |= 1 << (16 * suit + strength)
            drop = ~keep & ((1 << 64) - 1)
            if without(cols, stock, drop) != (cols, stock):
                counts["upper"] += 1
                assert plain(*without(cols, stock, drop)), (cols, stock)
        if stock and won[True]:
            # the solver's relaxed games: the essential cards among the highest ranks
            keep = pruning.essential(stock[-1]) & pruning.upper(rng.randrange(1, 14))
            drop = ~keep & ((1 << 64) - 1)
            if without(cols, stock, drop) != (cols, stock):
                counts["chained"] += 1
                assert plain(*without(cols, stock, drop)), (cols, stock)
        x = pruning.safe_discard(cols, bits(cols, stock))
        if x is not None and won[True]:
            counts["safe"] += 1
            after = list(cols)
            after[x] = cols[x][:-1]
            assert plain(tuple(after), stock, True), (cols, stock)
        incoming = pruning.incoming_cards(stock)[0]
        for lone in (True, False):
            if all(cols) and pruning.locked_and_lost(cols, incoming, bits(cols, stock)):
                counts["locked"] += 1
                assert not won[lone], (cols, stock, lone)
    assert min(counts.values()) >= 10, counts


# --- whole-solver verdicts -------------------------------------------------------------------

@pytest.mark.parametrize("lone", [True, False])
def test_solver_verdicts_on_openings_and_mid_games(lone, monkeypatch):
    rng = random.Random(31 if lone else 32)
    verdicts = set()
    for i in range(160):
        if i % 2:
            cols, stock = random_position(rng)
        else:
            cols, stock = opening(rng, (14, 2, 3))        # 12-card deck: 4 suits, A 2 3
        expected = plain(cols, stock, lone)
        for first in (0, 20_000):
            found = solve_with_first_phase(coded(cols, stock), lone, first, monkeypatch)
            assert found.status is not Status.UNSETTLED
            assert (found.status is Status.WINNABLE) == expected, (cols, stock, first)
            if expected:
                assert replay_wins(cols, stock, found.line, lone), (cols, stock, first)
        verdicts.add(expected)
    assert verdicts == {True, False}


@pytest.mark.parametrize("lone", [True, False])
def test_a_budget_never_yields_a_wrong_verdict(lone, monkeypatch):
    rng = random.Random(41 if lone else 42)
    for _ in range(40):
        cols, stock = opening(rng, (14, 2, 3))
        expected = plain(cols, stock, lone)
        for first in (0, 3, 20_000):
            for budget in (1, 2, 5, 10, 30):
                found = solve_with_first_phase(coded(cols, stock), lone, first, monkeypatch,
                                               max_nodes=budget)
                if found.status is Status.LOST:
                    assert not expected, (cols, stock, first, budget)
                elif found.status is Status.WINNABLE:
                    assert expected and replay_wins(cols, stock, found.line, lone)
