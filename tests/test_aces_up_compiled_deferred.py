"""The compiled deferred-discard search (``compiled_deferred``, the ``jit`` extra) against its
reference, ``deferred``: on every position the same verdict, the same winning line move for
move and the same count of positions, while the memo forgets nothing, under both rule sets;
``search.solve`` runs one or the other by tier."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import plain, random_position, wins
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import endgames

from cardgames.aces_up import rules, search
from cardgames.aces_up.rules import seeded_position
from cardgames.aces_up.search import Status, deferred, ghosts
from cardgames.aces_up.search.model import codes
from cardgames.aces_up.search.pruning import card_bits

if not search.compiled_available():
    pytest.skip("the compiled solver (the jit extra) is not installed", allow_module_level=True)

import numpy as np  # noqa: E402

from cardgames.aces_up.search import compiled_deferred as kernel  # noqa: E402
from cardgames.aces_up.search import deferred_driver  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: Deals the reference settles in a second or less each, won and lost, by rule set.
SEEDS = {True: (0, 4, 10, 11, 12, 15, 16, 1), False: (0, 2, 4, 10, 16)}
#: Both rule sets: the classic rules, and no lone moves.
RULES = pytest.mark.parametrize("lone_moves", [True, False], ids=["classic", "no-lone-moves"])


def same_search(position, lone_moves=True, **budget):
    """Solve with both searches, by tier as the program does; both must find the same
    verdict, line and positions."""
    ours = search.solve(position, lone_moves, tier="numba", **budget)
    theirs = search.solve(position, lone_moves, tier="stdlib", **budget)
    assert ours.tier == "numba" and theirs.tier == "stdlib"
    assert (ours.status, ours.line, ours.nodes) == \
        (theirs.status, theirs.line, theirs.nodes), position
    return ours


@RULES
def test_the_compiled_search_is_the_reference_on_seeded_deals(lone_moves):
    verdicts = {same_search(seeded_position(seed), lone_moves).status
                for seed in SEEDS[lone_moves]}
    assert verdicts == {Status.WINNABLE, Status.LOST}


@RULES
@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_compiled_search_is_the_reference_on_small_positions(lone_moves, rng):
    position = random_position(rng)
    found = same_search(position, lone_moves)
    assert (found.status is Status.WINNABLE) == plain(*codes(position), lone_moves)
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)


@RULES
@settings(max_examples=100, deadline=None)
@given(endgames())
def test_the_compiled_search_is_the_reference_on_endgames(lone_moves, position):
    found = same_search(position, lone_moves)
    assert (found.status is Status.WINNABLE) == plain(*codes(position), lone_moves)


@RULES
@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_positions_taken_from_the_middle_of_a_deal_agree(lone_moves, rng):
    # columns of several cards that no deal put there, discards already made
    position = seeded_position(rng.randrange(1000))
    for _ in range(rng.randrange(2, 12)):
        moves = list(rules.legal_commands(position, lone_moves))
        if not moves:
            break
        position = rules.apply(position, rng.choice(moves), lone_moves)
    found = same_search(position, lone_moves, max_nodes=20_000)
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)


def test_a_node_budget_stops_both_searches_at_the_same_count():
    for budget in (1, 50, 1024, 20_001):
        found = same_search(seeded_position(3), max_nodes=budget)
        assert found.status is Status.UNSETTLED and found.nodes == budget + 1


def test_a_node_budget_past_64_bits_is_no_limit_as_for_the_reference():
    ours = deferred_driver.solve(seeded_position(10), max_nodes=2**63)
    theirs = deferred.solve(seeded_position(10), max_nodes=2**63)
    assert (ours.status, ours.line, ours.nodes) == (theirs.status, theirs.line, theirs.nodes)
    assert ours.status is Status.LOST


def test_hard_deals_are_settled_lost_with_their_lines_replayed_when_won():
    # seeds 2 and 3 are unsettled in the plain search until 300,000 and 30,000,000
    # positions; the deferred search proves both lost in under two million
    for seed in (2, 3):
        found = deferred_driver.solve(seeded_position(seed))
        assert found.status is Status.LOST and found.nodes < 2_000_000


def test_a_memo_too_small_to_hold_the_search_costs_positions_never_the_verdict():
    full = deferred_driver.solve(seeded_position(1))
    room = 5_000 * deferred_driver.BYTES_PER_ENTRY                  # 5,000 entries
    small = deferred_driver.solve(seeded_position(1), memory=room)
    assert small.status is full.status is Status.LOST
    assert small.nodes > full.nodes                                 # it forgot, and redid
    won = deferred_driver.solve(seeded_position(4), memory=room)
    assert won.status is Status.WINNABLE and wins(seeded_position(4), won.line)


def test_the_time_budget_is_kept_within_a_watch_of_the_clock():
    found = deferred_driver.solve(seeded_position(3), max_seconds=0.5)
    # seed 3 takes seconds to settle: a search that missed its deadline would show
    assert found.status is Status.UNSETTLED and 0.5 <= found.seconds < 0.5 + 0.5
    assert found.nodes > 0 and not found.interrupted


def test_ctrl_c_stops_the_search_which_reports_unsettled(monkeypatch):
    calls = []
    now = deferred_driver.clock.now

    def interrupted():
        calls.append(1)
        if len(calls) == 5:                 # while the search runs
            raise KeyboardInterrupt
        return now()

    monkeypatch.setattr(deferred_driver.clock, "now", interrupted)
    found = deferred_driver.solve(seeded_position(3))
    assert found.status is Status.UNSETTLED and found.interrupted and found.nodes > 0


def test_progress_is_reported_with_the_positions_counted():
    seen = []
    found = deferred_driver.solve(seeded_position(3), max_seconds=1.2,
                                  progress=lambda nodes, seconds: seen.append((nodes, seconds)))
    assert len(seen) >= 3 and all(b >= a for a, b in zip(seen, seen[1:]))
    assert 0 < seen[-1][0] <= found.nodes


def test_ctrl_c_while_the_compiled_search_loads_says_nothing_about_the_tier(monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(deferred_driver.kernel, "solve", interrupted)
    monkeypatch.setattr(search, "_COMPILED", None)
    with pytest.raises(KeyboardInterrupt):
        search.compiled_available()
    assert search._COMPILED is None                         # asked again next time


def test_the_load_check_recompiles_every_function_of_the_kernel():
    from numba.core.dispatcher import Dispatcher

    compiled = {name for name, value in vars(kernel).items() if isinstance(value, Dispatcher)}
    assert compiled == {function.__name__ for function in kernel.COMPILED}


def walk(rng, start, lone_moves):
    """A random line of the ghost game from a rules position: its settled start, its stock,
    and the settled positions the line reaches, each with its level and ghosts."""
    columns, stock = codes(start)
    cur, real, spooks, _ = ghosts.settle(columns, card_bits(columns + stock), 0, not stock,
                                         lone_moves)
    settled, reached, k = cur, [], 0
    for _ in range(rng.randrange(5, 60)):
        options = list(ghosts.macro_moves(cur, k == len(stock), lone_moves))
        if k < len(stock) and (not options or rng.random() < 0.2):
            cur = tuple(column + (card,) for column, card in zip(cur, stock[k]))
            k += 1
        elif options:
            move, cur, revived, deleted = rng.choice(options)
            real, spooks = deferred._cards_after(move, real, spooks, revived, deleted)
        else:
            break
        cur, real, spooks, _ = ghosts.settle(cur, real, spooks, k == len(stock), lone_moves)
        reached.append((cur, k, spooks))
    return settled, stock, reached


@given(st.integers(-(1 << 63), (1 << 63) - 1).filter(bool))
def test_the_bit_counts_are_exact_on_every_64_bit_set(bits):
    unsigned = bits % (1 << 64)                 # a card of code 63 is the sign bit
    assert kernel.popcount(bits) == bin(unsigned).count("1")
    assert kernel.lowest_card(bits) == (unsigned & -unsigned).bit_length() - 1
    assert [kernel.lowest_card(1 << card if card < 63 else -(1 << 63)) for card in
            range(64)] == list(range(64))


@RULES
@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_key_names_exactly_the_position_it_was_made_of(lone_moves, rng):
    # decode(key(p)) is p for every position a search from the start can reach: so two
    # positions never share a key
    start = seeded_position(rng.randrange(1000))
    for _ in range(rng.randrange(0, 8)):
        start = rules.apply(start, rng.choice(list(rules.legal_commands(start, True))), True)
    settled, stock, reached = walk(rng, start, lone_moves)
    _, _, natural, order, _, _ = deferred_driver._arrays(settled, stock)
    for position, k, spooks in reached:
        cols, lens, *_ = deferred_driver._arrays(position, ())
        key = kernel.key(cols, lens, k, spooks)
        again, again_lens = cols.copy(), lens.copy()
        kernel.decode(key, natural, order, again, again_lens)
        assert tuple(tuple(int(e) for e in again[x, :again_lens[x]]) for x in range(4)) == \
            position


#: The 52 card codes (``16 * suit + strength``, strength 2..14).
CARDS = [16 * suit + strength for suit in range(4) for strength in range(2, 15)]


def unpacked(low, mid, high):
    """The head and four sets of cards that ``kernel.packed`` words name, read back."""
    sets = [0, 0, 0, 0]
    for j, card in enumerate(CARDS):
        word = (low, mid, high)[j // kernel.CARDS_PER_WORD]
        code = word >> kernel.CODE_BITS * (j % kernel.CARDS_PER_WORD) & 7
        if code:
            sets[code - 1] |= 1 << card
    return (high >> kernel.HEAD_SHIFT, *sets)


def test_every_card_has_its_own_index():
    assert sorted(kernel.card_index(card) for card in CARDS) == list(range(52))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 33) - 1), st.lists(st.integers(0, 4), min_size=52, max_size=52))
def test_packed_words_name_exactly_their_head_and_sets(head, places):
    # each card in one of the four sets or in none: the words give them back, so two heads
    # or sets never share words
    sets = [sum(1 << card for card, place in zip(CARDS, places) if place == x)
            for x in range(4)]
    words = kernel.packed(head, *sets)
    assert all(0 <= word < 1 << 63 for word in words)
    assert unpacked(*words) == (head, *sets)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([1, 2, 7, 60, 3_000]), st.randoms(use_true_random=False))
def test_the_memo_and_ends_answer_as_sets_that_forget_when_their_rows_are_full(capacity, rng):
    # the rows and their index against a dict of the unpacked keys, through layouts that
    # share rows (ghosts of one layout) and index runs, forgetting and the index doubling
    layouts = []
    for _ in range(rng.randrange(1, 40)):
        places = [rng.randrange(5) for _ in CARDS]
        sets = tuple(sum(1 << card for card, p in zip(CARDS, places) if p == x)
                     for x in range(4))
        layouts.append((rng.randrange(1 << 32), *sets))
    rows = np.empty((capacity, kernel.ROW_WORDS), dtype=np.int64)
    slots = np.empty(2 * capacity, dtype=np.int32)
    state = np.zeros(kernel.STATE_FIELDS, dtype=np.int64)
    kernel.reindexed(rows, slots, state, min(kernel.FIRST_SPAN, len(slots)))
    memo: dict = {}
    ends: set = set()
    stored = 0                              # rows, a row taken again by the same key too
    for _ in range(3 * capacity + 50):
        layout, ghosts = rng.choice(layouts), rng.randrange(16) << rng.randrange(60)
        end = (*kernel.packed(layout[0] | kernel.END_TAG, *layout[1:]), ghosts)
        assert kernel.memo_known(rows, slots, state, (*layout, ghosts)) == \
            any(spooks & ghosts == ghosts for spooks in memo.get(layout, ()))
        assert kernel.ends_known(rows, slots, state, end) == ((layout, ghosts) in ends)
        if stored == capacity:              # every row taken: both forget
            memo.clear()
            ends.clear()
            stored = 0
        stored += 1
        if rng.random() < 0.5:
            kernel.memo_add(rows, slots, state, (*layout, ghosts))
            memo.setdefault(layout, []).append(ghosts)
        else:
            kernel.remember(rows, slots, state, *end)
            ends.add((layout, ghosts))
        assert 2 * state[kernel.S_ROWS] <= state[kernel.S_SPAN] <= len(slots)


def test_the_solve_command_proves_seed_6_lost_within_a_minute():
    done = subprocess.run([sys.executable, "-m", "cardgames", "aces-up", "--solve", "--seed",
                           "6", "--budget", "60", "--tier", "numba"], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("seed 6: cannot be won (proved by exhaustive search; "
                                  "compiled search, ")
