"""The compiled honest players (the ``jit`` extra) against the reference players.

The compiled players are a transcription: for every view the same plan, command for command,
as the reference player; for every position the same ends of the turn (each with the same
line), the same score, the same endgame verdict and the same counts of stock orders won;
for every seeded deal the same game.  Their rooms are bounds that cost time, never an
answer: with rooms far too small, the answers are the same.
"""

import random
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import endgames, examples, sample, seeds

from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, compiled_available, play, view_of
from cardgames.aces_up.players import lookahead, turn
from cardgames.aces_up.players.evaluation import score
from cardgames.aces_up.players.view import DECK, View
from cardgames.aces_up.search.model import ACE, codes
from cardgames.aces_up.search.pruning import card_bits

if not compiled_available():
    pytest.skip("the compiled players (the jit extra) are not installed, or disagree with "
                "the reference here", allow_module_level=True)

from cardgames.aces_up.players import compiled_driver  # noqa: E402
from cardgames.aces_up.players import compiled_players as kernel  # noqa: E402

#: The players that are cheap in the reference everywhere (last-two is, except with eight
#: cards left: there it takes seconds a view).
CHEAP = ("greedy", "turn", "last-deal")


def views_of_game(seed, player):
    """The view of each turn of the deal of ``seed`` played by ``player`` (a reference
    player)."""
    position = rules.seeded_position(seed)
    while True:
        view = view_of(position)
        yield view
        for command in player(view):
            position = rules.apply(position, command)
        if not rules.can_deal(position):
            return
        position = rules.deal(position)


def views_of_random_play(rng, seed):
    """The view of each turn of the deal of ``seed`` played by legal commands drawn at random
    (some turns end at once): positions no player reaches."""
    position = rules.seeded_position(seed)
    while True:
        yield view_of(position)
        while rng.random() < 0.8:
            legal = [command for command in rules.legal_commands(position)
                     if command.action is not rules.Action.DEAL]
            if not legal:
                break
            position = rules.apply(position, rng.choice(legal))
        if not rules.can_deal(position):
            return
        position = rules.deal(position)


def assert_same_turn(view):
    """Both tiers give the view the same ends (with lines), scores and plans."""
    ends = turn.turn_ends(view.columns)
    assert compiled_driver.turn_ends(view.columns) == [(end.columns, end.line) for end in ends]
    for end in ends[:8]:
        assert compiled_driver.score(end.columns) == score(end.columns)
    names = CHEAP if view.stock == 8 else PLAYERS
    for name in names:
        assert compiled_driver.plan(view, name) == PLAYERS[name](view), (name, view)


@examples(25, deadline=None)
@given(seeds(), st.sampled_from(CHEAP))
def test_every_plan_is_the_reference_plan_on_the_views_of_seeded_deals(seed, player):
    for view in views_of_game(seed, PLAYERS[player]):
        assert_same_turn(view)


@examples(25, deadline=None)
@given(st.integers(0, 2 ** 32), seeds())
def test_every_plan_is_the_reference_plan_on_randomly_played_deals(choices, seed):
    for view in views_of_random_play(random.Random(choices), seed):
        assert_same_turn(view)


@examples(60, deadline=None)
@given(endgames())
def test_the_endgame_verdict_is_the_reference_verdict(position):
    columns, _ = codes(position)
    assert compiled_driver.endgame_won(columns) == turn.endgame_won(columns)


def test_the_endgame_verdicts_are_both_met():
    """The endgame test above meets won and lost endgames (a fixed sample of them)."""
    verdicts = set()
    for position in sample(endgames(), 80):
        columns, _ = codes(position)
        verdict = compiled_driver.endgame_won(columns)
        assert verdict == turn.endgame_won(columns)
        verdicts.add(verdict)
    assert verdicts == {True, False}


def test_the_last_deal_counts_are_the_reference_counts():
    counts = set()
    for seed in range(30):
        view = [view for view in views_of_game(seed, PLAYERS["turn"]) if view.stock == 4][0]
        for end in turn.turn_ends(view.columns)[:10]:
            count = compiled_driver.last_deal_wins(end.columns, view.unseen)
            assert count == lookahead.last_deal_wins(end.columns, view.unseen)
            counts.add(count)
    assert 0 in counts and len(counts) >= 2


def stock_of_eight(seed):
    """A view of a small deck (the aces and two other ranks): eight cards unseen, four in the
    columns, the rest discarded; the reference counts its orders in a second or two."""
    rng = random.Random(seed)
    ranks = [ACE] + rng.sample(range(2, ACE), 2)
    cards = [16 * suit + rank for suit in range(4) for rank in ranks]
    rng.shuffle(cards)
    columns = [[], [], [], []]
    for card in cards[8:]:
        columns[rng.randrange(4)].append(card)
    unseen = card_bits([cards[:8]])
    columns = tuple(map(tuple, columns))
    return View(columns, DECK & ~unseen & ~card_bits(columns), unseen)


def test_the_last_two_counts_are_the_reference_counts():
    counts = set()
    for seed in (1, 2):
        view = stock_of_eight(seed)
        count = compiled_driver.last_two_wins(view.columns, view.unseen)
        assert count == lookahead.last_two_wins(view.columns, view.unseen)
        counts.add(count)
    assert len(counts) == 2 and 0 not in counts


#: Seeds of every kind: small, negative, near 2**32 and 2**64, over 624 key words.
ODD_SEEDS = (-1, -(2 ** 63), 2 ** 32 - 1, 2 ** 32, 2 ** 64 + 5, 3 ** 20000)


@pytest.mark.parametrize("player", CHEAP)
def test_whole_games_are_the_reference_games(player):
    seeds_ = range(100, 300)
    ours = compiled_driver.play_seeds(seeds_, player)
    assert ours == [play(rules.seeded_position(seed), PLAYERS[player]) for seed in seeds_]
    assert any(game.won for game in ours)
    assert compiled_driver.play_seeds(ODD_SEEDS, player) == \
        [play(rules.seeded_position(seed), PLAYERS[player]) for seed in ODD_SEEDS]


def test_games_under_no_lone_moves_are_the_same_games():
    seeds_ = range(40)
    classic = compiled_driver.play_seeds(seeds_, "turn")
    assert compiled_driver.play_seeds(seeds_, "turn", lone_moves=False) == classic
    assert classic == [play(rules.seeded_position(seed), PLAYERS["turn"], False)
                       for seed in seeds_]


#: A deal on which the reference last-two player is quick (two seconds; most take 5 to 60):
#: its plan with eight cards left is chosen by ``last_two_wins`` among several ends.
LAST_TWO_SEEDS = (214,)


def test_whole_last_two_games_are_the_reference_games():
    ours = compiled_driver.play_seeds(LAST_TWO_SEEDS, "last-two")
    assert ours == [play(rules.seeded_position(seed), PLAYERS["last-two"])
                    for seed in LAST_TWO_SEEDS]


@pytest.fixture
def cramped(monkeypatch):
    """The compiled players with rooms far too small: a turn search of 2 ends at first, a
    memo of 64 slots, an endgame table of 8."""
    monkeypatch.setattr(compiled_driver, "_ROOM", None)
    monkeypatch.setattr(compiled_driver, "FIRST_CAPACITY", 2)
    monkeypatch.setattr(compiled_driver, "MEMO_SLOTS", 64)
    monkeypatch.setattr(compiled_driver, "ENDGAME_SLOTS", 8)
    yield
    monkeypatch.setattr(compiled_driver, "_ROOM", None)


def test_rooms_too_small_cost_time_not_answers(cramped):
    seeds_ = range(30)
    assert compiled_driver.play_seeds(seeds_, "last-deal") == \
        [play(rules.seeded_position(seed), PLAYERS["last-deal"]) for seed in seeds_]
    assert compiled_driver._room().capacity > 2          # the turn search's room grew
    memo = compiled_driver._room().memo
    assert 0 < memo.count[0] <= len(memo.values) // 2    # the memo was cleared, not overrun


def test_the_kernel_checks_every_command_by_the_rules():
    columns = ((14, 5), (9,), (), (62,))           # A♣ 5♣ | 9♣ | - | A♠
    for command, lone_moves, legal in [(0, True, True),       # 5♣, beaten by 9♣
                                       (1, True, False),      # 9♣: no higher club below
                                       (3, True, False),      # an ace never goes
                                       (2, True, False),      # an empty column
                                       (kernel.MOVES + 4 * 1 + 2, True, True),
                                       (kernel.MOVES + 4 * 1 + 2, False, False),  # alone
                                       (kernel.MOVES + 4 * 0 + 2, False, True),
                                       (kernel.MOVES + 4 * 0 + 1, True, False)]:  # not empty
        cols, lens = compiled_driver._arrays(columns)
        assert kernel._apply(command, cols, lens, lone_moves) == legal, command


def test_a_count_needs_the_cards_it_counts_the_orders_of():
    columns = ((14,), (30,), (46,), (62,))
    with pytest.raises(ValueError, match="3 cards unseen, not 4"):
        compiled_driver.last_deal_wins(columns, card_bits([(2, 3, 4)]))
    with pytest.raises(ValueError, match="4 cards unseen, not 8"):
        compiled_driver.last_two_wins(columns, card_bits([(2, 3, 4, 5)]))
    with pytest.raises(ValueError, match="a column of 16 cards"):
        compiled_driver.score((tuple(range(16)), (), (), ()))


@pytest.fixture
def eager_threads():
    """Threads that switch every microsecond (without the driver's lock, they mix plans)."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def test_threads_sharing_the_rooms_get_their_own_plans_and_games(eager_threads):
    views = [list(views_of_game(seed, PLAYERS["greedy"])) for seed in range(6)]

    def plans(part):
        return [compiled_driver.plan(view, "last-deal") for view in part]

    alone = [plans(part) for part in views]
    with ThreadPoolExecutor(3) as pool:
        assert list(pool.map(plans, views * 3)) == alone * 3
        games = list(pool.map(lambda seed: compiled_driver.play_seeds([seed], "turn"), range(12)))
    assert games == [[play(rules.seeded_position(seed), PLAYERS["turn"])] for seed in range(12)]
