"""Tests of cardgames.aces_up.solver: verdicts against a plain search, the locked test as
stated, the relaxed games, winning lines replayed through the root script, budgets (each
pruning fact on its own: test_aces_up_pruning.py)."""

import gc
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import coded, hand_built, plain, rules_plain, wins
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules
from cardgames.aces_up.search import (
    Status,
    model,
    pruning,
    reference,
    relaxation,
    solve,
)
from cardgames.aces_up.search.model import HOLE, codes, decode, encode
from cardgames.cards import Card, Suit, classic_deck

ROOT = Path(__file__).resolve().parent.parent
QUICK_WINS = (0, 12, 71)           # seeds the solver wins in well under a second


def small_deck(ranks):
    """Every suit in the given ranks (aces included by the caller)."""
    return [encode(Card(rank, suit)) for suit in Suit for rank in ranks]


def random_position(rng):
    """A random small position: a few ranks per suit, some cards gone, a stock of deals."""
    ranks = [1] + rng.sample(range(2, 14), rng.choice((1, 2, 3)))
    cards = small_deck(ranks)
    rng.shuffle(cards)
    aces = [card for card in cards if card & 15 == model.ACE]
    others = [card for card in cards if card & 15 != model.ACE]
    del others[:rng.randrange(0, len(others) // 2 + 1)]            # already discarded
    pool = aces + others
    rng.shuffle(pool)
    deals = rng.randrange(0, len(pool) // 4 + 1)
    stock = [tuple(pool[i * 4:i * 4 + 4]) for i in range(deals)]
    columns = [[], [], [], []]
    for card in pool[deals * 4:]:
        columns[rng.randrange(4)].append(card)
    return coded(columns, stock)


def test_encode_decode_round_trip():
    assert [decode(encode(card)) for card in classic_deck()] == classic_deck()
    assert encode(Card(1, Suit.SPADES)) > encode(Card(13, Suit.SPADES))


@pytest.mark.parametrize("seed", [0, 10, 123])
def test_the_search_reads_the_stock_as_the_deals_to_come(seed):
    start = rules.seeded_position(seed)
    columns, stock = codes(start)
    assert columns == tuple(tuple(map(encode, column)) for column in start.columns)
    after = rules.deal(start)                   # the next deal is the stock's first
    assert tuple(encode(column[-1]) for column in after.columns) == stock[0]
    assert codes(after) == (tuple(c + (d,) for c, d in zip(columns, stock[0])), stock[1:])
    assert codes(coded(columns, stock)) == (columns, stock)


def test_a_short_last_deal_reaches_the_first_columns_only():
    start = rules.Position(tuple(Card.parse(text) for text in "3♦ 2♥ A♠".split()),
                           ((Card.parse("A♥"),), (Card.parse("A♦"),), (), ()))
    assert codes(start)[1] == ((encode(Card.parse("A♠")), encode(Card.parse("2♥")),
                                encode(Card.parse("3♦")), HOLE),)
    assert rules.deal(start).columns[3] == ()           # as the rules deal it


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 3), st.booleans())
def test_positions_with_a_short_last_deal_are_solved_as_the_rules_play_them(rng, cut,
                                                                           lone_moves):
    position = random_position(rng)
    assume(rules.card_count(position) <= 12)    # the plain search of the rules is slow
    assume(len(position.stock) > cut)
    position = rules.Position(position.stock[cut:], position.columns)  # the last deal cut short
    event(f"stock of {len(position.stock)} cards")
    found = solve(position, lone_moves)
    assert found.status is not Status.UNSETTLED
    assert (found.status is Status.WINNABLE) == rules_plain(position, lone_moves)
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)


def agrees_with_the_plain_search(position, lone_moves, tier=None):
    """Solve a position: the verdict must be the plain search's, a winning line must win.
    Returns the verdict.  ``tier`` None: the one chosen here (the compiled search when
    installed)."""
    found = solve(position, lone_moves, tier=tier)
    assert found.status is not Status.UNSETTLED
    assert (found.status is Status.WINNABLE) == plain(*codes(position), lone_moves), position
    if found.status is Status.WINNABLE:
        assert wins(position, found.line, lone_moves)
    return found.status


def agree_with_the_plain_search(rng, lone_moves, count, tier=None):
    """``agrees_with_the_plain_search`` on ``count`` random small positions, both verdicts
    among them.  Returns the positions."""
    positions = [random_position(rng) for _ in range(count)]
    verdicts = {agrees_with_the_plain_search(position, lone_moves, tier)
                for position in positions}
    assert verdicts == {Status.WINNABLE, Status.LOST}     # the sample exercises both
    return positions


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_solver_agrees_with_the_plain_search_on_random_small_positions(rng, lone_moves):
    verdict = agrees_with_the_plain_search(random_position(rng), lone_moves)
    event(verdict.name)


def test_random_small_positions_are_won_and_lost_alike():
    rng = random.Random(7)
    won = sum(plain(*codes(random_position(rng))) for _ in range(200))
    assert 40 < won < 160          # so that the test above checks both verdicts often


def locked_and_lost_card_by_card(columns, incoming, remaining):
    """The locked test as its docstring states it, one card at a time (no shortcuts)."""
    if not all(columns):
        return False
    ace = lambda card: card & 15 == model.ACE                      # noqa: E731
    beats = lambda high, low: high >> 4 == low >> 4 and high > low  # noqa: E731
    bound = [[card for card in range(64) if mask >> card & 1] for mask in incoming]
    held = [set(column) | set(cards) for column, cards in zip(columns, bound)]
    alive = [card for card in range(64) if remaining >> card & 1]

    def beaten_from_outside(card, x):
        return any(beats(other, card) for other in alive if other not in held[x])

    if any(all(not ace(card) and beaten_from_outside(card, x) for card in column)
           for x, column in enumerate(columns)):
        return False                                   # some column may still be emptied
    return any(any(ace(card) for card in column[1:])
               or any(ace(card) or not beaten_from_outside(card, x) for card in bound[x])
               or any(not ace(card) and not beaten_from_outside(card, x) for card in column)
               for x, column in enumerate(columns))


def crowded_position(rng, based):
    """A position of the full deck, some cards gone, each ace at the base of a column with
    probability ``based`` (else in the stock): often locked, for the locked test."""
    aces = [encode(Card(1, suit)) for suit in Suit]
    others = small_deck(range(2, 14))
    rng.shuffle(aces)
    rng.shuffle(others)
    del others[:rng.randrange(0, 36)]
    columns = [[], [], [], []]
    loose = []
    for x, ace in enumerate(aces):
        (columns[x] if rng.random() < based else loose).append(ace)
    deals = rng.randrange(1 if loose else 0, 4)
    pool = loose + others[:deals * 4 - len(loose)]
    rng.shuffle(pool)
    for card in others[deals * 4 - len(loose):]:
        columns[rng.randrange(4)].append(card)
    stock = tuple(tuple(pool[i * 4:i * 4 + 4]) for i in range(deals))
    return coded(columns, stock)


def locked_by_both(position):
    """The locked test's verdict on a position, by ``pruning`` and card by card (the two
    must agree)."""
    columns, stock = codes(position)
    incoming = pruning.incoming_cards(stock)[0]
    remaining = pruning.card_bits(columns + stock)
    expected = locked_and_lost_card_by_card(columns, incoming, remaining)
    assert pruning.locked_and_lost(columns, incoming, remaining) == expected
    return expected


def any_position(rng, kind):
    """A random small position (kind 0) or a crowded one (1: most aces at the base of a
    column; 2: every ace there)."""
    return (random_position(rng), crowded_position(rng, 0.7), crowded_position(rng, 1.0))[kind]


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_the_locked_test_is_its_card_by_card_statement(rng, kind):
    event(f"locked and lost: {locked_by_both(any_position(rng, kind))}")


def test_the_positions_of_the_locked_test_are_locked_and_not_alike():
    rng = random.Random(40)
    locked = sum(locked_by_both(any_position(rng, i % 3)) for i in range(600))
    assert 60 < locked < 540            # both verdicts, often


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
def test_thinned_relaxed_checks_keep_the_verdicts(monkeypatch, lone_moves):
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
    agree_with_the_plain_search(random.Random(31 if lone_moves else 32), lone_moves, 200,
                                tier="stdlib")        # the reference's thinning is patched
    assert sum(skipped) > 50                          # the thinning is exercised


def cards(text):
    """Cards from short texts, e.g. 'A♠ K♠'."""
    return [Card.parse(word) for word in text.split()]


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


def test_budget_exhaustion_is_unsettled_never_lost():
    one, three = rules.seeded_position(1), rules.seeded_position(3)
    assert solve(one, max_nodes=50).status is Status.UNSETTLED
    assert solve(one, max_seconds=0.05, tier="stdlib").status is Status.UNSETTLED
    assert solve(three, max_seconds=0.05).status is Status.UNSETTLED  # 16 s compiled


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
        found = solve(rules.seeded_position(1), max_nodes=budget, tier="stdlib")
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
        found = solve(rules.seeded_position(1), tier="stdlib")
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert found.status is Status.UNSETTLED and found.interrupted


@pytest.mark.parametrize("seed", QUICK_WINS)
def test_winning_line_wins_through_the_root_script(seed):
    found = solve(rules.seeded_position(seed), max_seconds=30)
    assert found.status is Status.WINNABLE
    commands = "".join(f"{command}\n" for command in found.line)
    done = subprocess.run([sys.executable, "aces_up.py", "--seed", str(seed)], cwd=ROOT,
                          input=commands.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.endswith("You won!\n".encode())
    assert b"Error" not in done.stdout and b"Invalid" not in done.stdout


def endgame_position(rng):
    """A random position with the stock empty, aces mostly at the tops, no discard possible."""
    cards = small_deck([1] + rng.sample(range(2, 14), rng.choice((2, 3, 4))))
    aces = [card for card in cards if card & 15 == model.ACE]
    others = [card for card in cards if card & 15 != model.ACE]
    rng.shuffle(others)
    del others[:rng.randrange(0, len(others) // 2 + 1)]
    columns = [[ace] if rng.random() < 0.7 else [] for ace in aces]
    rest = [ace for ace, column in zip(aces, columns) if not column] + others
    rng.shuffle(rest)
    for card in rest:
        columns[rng.randrange(4)].append(card)
    position = coded(columns)
    while discards := [command for command in rules.legal_commands(position)
                       if command.action is rules.Action.DISCARD]:  # discards are safe here
        position = rules.apply(position, discards[0])
    return position


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_solver_agrees_with_the_plain_search_on_random_endgames(rng, lone_moves):
    position = endgame_position(rng)
    event(agrees_with_the_plain_search(position, lone_moves).name)


def test_essential_cards_are_those_above_the_last_deal_in_their_suit():
    last = [encode(card) for card in cards("9♠ 5♣ 10♠ A♥")]
    essential = pruning.essential(last)
    kept = {str(decode(code)) for code in range(64) if essential >> code & 1}
    assert kept == set("9♠ 5♣ 10♠ J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ A♥ A♦".split()
                       + [f"{rank}♦" for rank in "2 3 4 5 6 7 8 9 10 J Q K".split()])


def test_upper_sets_hold_the_highest_ranks_of_every_suit():
    kept = {str(decode(code)) for code in range(64) if pruning.upper(3) >> code & 1}
    assert kept == {f"{rank}{suit}" for rank in "Q K A".split() for suit in "♣♦♥♠"}
    assert pruning.upper(13).bit_count() == 52


def test_upper_sets_always_keep_the_aces():
    aces = sum(1 << (16 * suit + model.ACE) for suit in range(4))
    assert all(pruning.upper(top) & aces == aces for top in range(1, 14))
    for top in (0, 14, -1):
        with pytest.raises(ValueError):
            pruning.upper(top)


def test_the_relaxations_are_chained_smaller_and_smaller():
    search = reference._Search(codes(rules.seeded_position(3))[1], True, None, tops=(10, 7, 4))
    sizes = []
    while search.relaxed is not None:
        search = search.relaxed
        sizes.append(pruning.card_bits(search.stock).bit_count())
    assert len(sizes) == 3 and sizes[0] > sizes[1] > sizes[2] and sizes[-1] < 16
    assert all(len(deal) == 4 for deal in search.stock)


@pytest.mark.parametrize("lone_moves", [True, False])
def test_the_relaxed_phase_agrees_with_the_plain_search(monkeypatch, lone_moves):
    monkeypatch.setattr(reference, "FIRST_PHASE_NODES", 0)      # relax from the first node on
    positions = agree_with_the_plain_search(random.Random(21 if lone_moves else 22),
                                            lone_moves, 300)
    chained = 0
    for position in positions:
        search = reference._Search(codes(position)[1], lone_moves, None,
                                tops=relaxation.RELAXATION_TOPS)
        chained += search.relaxed is not None and search.relaxed.relaxed is not None
    assert chained > 10                        # two relaxed games or more: the chain is used


def test_the_reference_forgets_past_its_memory_bound_and_keeps_its_verdicts():
    one, four = rules.seeded_position(1), rules.seeded_position(4)
    full = solve(one, tier="stdlib")
    forgets = []
    forget = reference._Search.forget

    def counted(search):
        forgets.append(search.remembered())
        forget(search)

    small = 10_000 * reference.BYTES_PER_ENTRY                 # room for 10,000 positions
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reference._Search, "forget", counted)
        bounded = solve(one, tier="stdlib", memory=small)
        won = solve(four, tier="stdlib", memory=small)
    assert full.status is bounded.status is Status.LOST and bounded.nodes > full.nodes
    assert forgets and max(forgets) < 10_000 + 2 * reference.CHECK_EVERY
    assert won.status is Status.WINNABLE and wins(four, won.line)


MEMORY_PROBE = """
import os, sys
from cardgames.aces_up import rules, search
from cardgames.aces_up.search import model, reference, relaxation
def resident():
    with open('/proc/self/statm') as statm:
        return int(statm.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
forgets = []
forget = reference._Search.forget
reference._Search.forget = lambda search: forgets.append(1) or forget(search)
before = resident()
found = search.solve(rules.seeded_position(3), tier="stdlib", max_nodes=int(sys.argv[1]),
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
