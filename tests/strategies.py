"""The hypothesis strategies and example counts the test modules share.

Aces Up positions come in two forms: in the searches' codes, ``(columns, deals)``, as
``search.model`` and ``search.pruning`` state their facts (``aces_up_helpers.coded`` turns
them into the rules' ``Position``), and as the rules' ``Position``.  Every strategy draws
from hypothesis's own sets, permutations and integers, so that a failing example shrinks to
a small position.  ``examples`` says how many examples a property needs (the profile scales
it, see ``conftest``); ``sample`` draws a fixed sample of a strategy, the same every run, for
a test that counts how often something happens (both verdicts, say).
"""

from aces_up_helpers import coded, replay
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, view_of
from cardgames.aces_up.search.model import ACE
from cardgames.cards import classic_deck, seeded_decks

#: The examples a property gets under the default profile when it does not say.
DEFAULT_EXAMPLES = 100
#: The four aces, and every other card, in codes.
ACES = tuple(16 * suit + ACE for suit in range(4))
NON_ACES = tuple(16 * suit + strength for suit in range(4) for strength in range(2, ACE))
#: A column, 0 to 3; a tenth, 0 to 9 (strategies built once: building one costs more than
#: drawing from it).
COLUMN = st.integers(0, 3)
TENTH = st.integers(0, 9)


def examples(count, **options):
    """The settings of a property worth ``count`` examples under the default profile (the
    profile loaded scales them: ``thorough`` gives ten times as many)."""
    scale = settings().max_examples / DEFAULT_EXAMPLES
    return settings(max_examples=max(1, round(count * scale)), **options)


def sample(strategy, count, seed_value=0):
    """``count`` values drawn from ``strategy``, the same ones every run (hypothesis's
    generation, seeded: a test that counts kinds of values counts the same ones each time)."""
    values = []

    @seed(seed_value)
    @settings(max_examples=count, database=None, derandomize=False, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw(value):
        values.append(value)

    draw()
    return values


def seeds():
    """Any seed of the seeded-deal convention (``random.seed`` takes any int)."""
    return st.integers(-(2 ** 64), 2 ** 64)


def _in_columns(draw, cards, columns=None):
    """Four columns (bottom card last) holding ``cards`` in order, each card in a column
    drawn for it, after what ``columns`` holds already."""
    columns = columns or [[], [], [], []]
    for card in cards:
        columns[draw(COLUMN)].append(card)
    return columns


def _deals(cards):
    """The cards as deals of four, next deal first."""
    return tuple(tuple(cards[i:i + 4]) for i in range(0, len(cards), 4))


@st.composite
def coded_positions(draw, max_cards=12, max_deals=2, aces_first=False):
    """A small position in codes, ``(columns, deals)``: the four aces and at most
    ``max_cards - 4`` other cards, 0 to ``max_deals`` deals of four, the rest in the columns
    (``aces_first``: each ace three times in four at the top of a column of its own first, as
    in a game, which makes locked positions common)."""
    others = draw(st.sets(st.sampled_from(NON_ACES), max_size=max_cards - 4))
    columns = [[], [], [], []]
    if aces_first:
        for x, ace in enumerate(ACES):
            if draw(COLUMN):                    # three times in four
                columns[x].append(ace)
    placed = {card for column in columns for card in column}
    cards = draw(st.permutations([card for card in ACES if card not in placed]
                                 + sorted(others)))
    deals = draw(st.integers(0, min(max_deals, len(cards) // 4)))
    columns = _in_columns(draw, cards[4 * deals:], columns)
    return tuple(map(tuple, columns)), _deals(cards[:4 * deals])


def _some_of(draw, cards):
    """At least half of ``cards``, in an order drawn (shrinking towards fewer cards)."""
    cards = draw(st.permutations(cards))
    return cards[:draw(st.integers(len(cards) - len(cards) // 2, len(cards)))]


@st.composite
def small_positions(draw):
    """A rules position of a small deck: the aces and one to three other ranks of every
    suit, some of these gone (at most half), a stock of whole deals, the rest in the columns."""
    ranks = sorted(draw(st.sets(st.integers(2, 13), min_size=1, max_size=3)))
    pool = draw(st.permutations(ACES + tuple(_some_of(
        draw, [16 * suit + rank for suit in range(4) for rank in ranks]))))
    deals = draw(st.integers(0, len(pool) // 4))
    return coded(_in_columns(draw, pool[4 * deals:]), _deals(pool[:4 * deals]))


@st.composite
def endgames(draw):
    """A rules position with the stock empty and no discard left to make: the aces (seven
    times in ten at the top of a column of their own) and two to four other ranks of every
    suit, some of these gone (at most half), in the columns."""
    ranks = sorted(draw(st.sets(st.integers(2, 13), min_size=2, max_size=4)))
    others = _some_of(draw, [16 * suit + rank for suit in range(4) for rank in ranks])
    based = [draw(TENTH) < 7 for _ in ACES]
    columns = [[ace] if at_top else [] for ace, at_top in zip(ACES, based)]
    loose = [ace for ace, at_top in zip(ACES, based) if not at_top]
    position = coded(_in_columns(draw, draw(st.permutations(loose + list(others))), columns))
    while discards := [command for command in rules.legal_commands(position)
                       if command.action is rules.Action.DISCARD]:  # discards are safe here
        position = rules.apply(position, discards[0])
    return position


@st.composite
def crowded_positions(draw, every_ace_based=False):
    """A rules position of the full deck, some cards gone (at most 35 of the 48 that are not
    aces), each ace at the top of a column of its own (every one, or seven times in ten) or
    else in the stock of 0 to 3 deals: often locked, for the locked test."""
    others = draw(st.permutations(NON_ACES))
    others = others[:draw(st.integers(13, len(others)))]
    based = [every_ace_based or draw(TENTH) < 7 for _ in ACES]
    aces = draw(st.permutations(ACES))
    columns = [[ace] if at_top else [] for ace, at_top in zip(aces, based)]
    loose = [ace for ace, at_top in zip(aces, based) if not at_top]
    deals = draw(st.integers(1 if loose else 0, 3))
    dealt = 4 * deals - len(loose)
    pool = draw(st.permutations(loose + list(others[:dealt])))
    return coded(_in_columns(draw, others[dealt:], columns), _deals(pool))


#: The small positions in codes the pruning claims and the relaxed games are checked on.
CLAIM_POSITIONS = coded_positions(max_cards=14, max_deals=3)


def locked_test_positions():
    """The positions of the locked test: small ones, crowded ones, crowded ones with every
    ace at the top of a column."""
    return st.one_of(small_positions(), crowded_positions(), crowded_positions(True))


def openings(strengths=(ACE, 2, 3)):
    """The opening of a small deck, in codes: every suit in ``strengths``, shuffled, one card
    dealt onto each column and the rest the deals."""
    deck = [16 * suit + strength for suit in range(4) for strength in strengths]
    return st.permutations(deck).map(
        lambda cards: (tuple((card,) for card in cards[:4]), _deals(cards[4:])))


def seeded_deal(seed_value):
    """``rules.seeded_position(seed_value)``, the module ``random`` left alone (a strategy
    may not use it)."""
    return rules.new_position(next(seeded_decks(classic_deck(), [seed_value])))


@st.composite
def seeded_lines(draw, lone_moves=True, most=8, seed_values=None):
    """A seed and a line of up to ``most`` commands from its deal, each drawn among the legal
    ones (``lone_moves``: under which rules): ``(seed, commands)``."""
    seed_value = draw(seeds() if seed_values is None else seed_values)
    position, line = seeded_deal(seed_value), []
    for _ in range(draw(st.integers(0, most))):
        legal = list(rules.legal_commands(position, lone_moves))
        if not legal:
            break
        line.append(draw(st.sampled_from(legal)))
        position = rules.apply(position, line[-1], lone_moves)
    return seed_value, tuple(line)


def mid_game_positions(lone_moves=True, most=8, seed_values=None):
    """A seeded deal after a line of ``seeded_lines`` (columns of several cards that no deal
    put there)."""
    return seeded_lines(lone_moves, most, seed_values).map(
        lambda drawn: replay(seeded_deal(drawn[0]), drawn[1], lone_moves))


@st.composite
def short_stock_positions(draw, positions=None):
    """A position whose last deal is short: 1 to 3 cards of a whole deal gone from the
    bottom of the stock (``positions``: where from; mid-game positions by default)."""
    positions = mid_game_positions() if positions is None else positions
    position = draw(positions.filter(lambda at: at.stock))
    cut = draw(st.integers(1, 3))
    return rules.Position(position.stock[cut:], position.columns, position.foundation)


@st.composite
def honest_positions(draw, stocks=tuple(range(0, 49, 4)), seed_values=None):
    """A seeded deal played by the greedy player (``players``) to the start of a turn:
    ``(position, view)`` with as many cards in the stock as one of ``stocks`` says."""
    position = seeded_deal(draw(seeds() if seed_values is None else seed_values))
    left = draw(st.sampled_from(stocks))
    while len(position.stock) > left:
        position = rules.deal(replay(position, PLAYERS["greedy"](view_of(position))))
    return position, view_of(position)
