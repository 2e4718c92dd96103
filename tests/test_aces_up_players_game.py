"""A deal played by a player: its line replays by the rules, and no player can read the
stock's order (the two leakage tests, each catching a deliberately cheating player)."""

import random
from math import comb

import pytest
from aces_up_helpers import replay

from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, play, view_of
from cardgames.aces_up.search import reference
from cardgames.aces_up.search.model import Status

#: The players cheap enough in the reference tier to play a few hundred deals here.
CHEAP = ("greedy", "turn", "last-deal")


@pytest.mark.parametrize("name", CHEAP)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 11, -5])
def test_a_game_is_a_line_the_rules_replay_to_its_verdict(name, seed):
    start = rules.seeded_position(seed)
    game = play(start, PLAYERS[name])
    end = replay(start, game.line)
    assert not end.stock and rules.is_won(end) == game.won
    assert game.line.count(rules.Command(rules.Action.DEAL)) == 12


def test_some_games_are_won():
    assert any(play(rules.seeded_position(seed), PLAYERS["turn"]).won for seed in range(100))


# --- leakage: a player can be a function of its view only ---------------------------------

class Table:
    """The game a cheat reads the stock from, behind its view's back."""

    position = None


#: The cheat's plans: a turn of a winning line by the position it starts from.
TURNS = {}


def cheat(view):
    """Reads the whole stock off the table at the first turn, and follows the winning line
    the solver finds there (within a thousand positions) turn by turn; the turn search
    wherever it has none."""
    if Table.position not in TURNS and view.stock == 48:
        found = reference.solve(Table.position, max_nodes=1000)
        at, turn = Table.position, []
        for command in found.line if found.status is Status.WINNABLE else ():
            if command.action is rules.Action.DEAL:
                TURNS[at], turn = tuple(turn), []
                at = rules.deal(replay(at, TURNS[at]))
            else:
                turn.append(command)
        TURNS.setdefault(at, tuple(turn))
    return TURNS[Table.position] if Table.position in TURNS else PLAYERS["turn"](view)


PLAYERS_AND_CHEAT = {**{name: PLAYERS[name] for name in CHEAP}, "cheat": cheat}


def reordered(position, rng):
    stock = list(position.stock)
    rng.shuffle(stock)
    return rules.Position(tuple(stock), position.columns, position.foundation)


def decisions_differing(player, seeds):
    """How many of the decisions of a player along its games change when the stock is
    replaced by a random reorder of the unseen cards."""
    differing = 0
    rng = random.Random(25)
    for seed in seeds:
        position = rules.seeded_position(seed)
        while True:
            Table.position = position
            plan = player(view_of(position))
            Table.position = reordered(position, rng)
            differing += player(view_of(Table.position)) != plan
            position = replay(position, plan)
            if not position.stock:
                break
            position = rules.deal(position)
    return differing


@pytest.mark.parametrize("name", PLAYERS_AND_CHEAT)
def test_the_decisions_do_not_change_when_the_stock_is_reordered(name):
    differing = decisions_differing(PLAYERS_AND_CHEAT[name], range(20))
    assert (differing > 0) == (name == "cheat")


def played(player, seeds, reshuffle):
    """The seeds won, each deal played to its end, the stock reshuffled before every deal
    (``reshuffle``: a random.Random) or not."""
    won = set()
    for seed in seeds:
        position = rules.seeded_position(seed)
        while True:
            Table.position = position
            position = replay(position, player(view_of(position)))
            if not position.stock:
                break
            if reshuffle:
                position = reordered(position, reshuffle)
            position = rules.deal(position)
        if rules.is_won(position):
            won.add(seed)
    return won


def mcnemar(only_first, only_second):
    """The two-sided exact p-value of the deals won one way only, if both ways win alike."""
    n = only_first + only_second
    tail = sum(comb(n, k) for k in range(min(only_first, only_second) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


@pytest.fixture(scope="module")
def reshuffled_or_not():
    """Each player's wins, as dealt and with the stock reshuffled before every deal: over
    seeds 0..199 for the cheat (enough to catch it), 0..119 for the others."""
    seeds = {name: range(200 if name == "cheat" else 120) for name in PLAYERS_AND_CHEAT}
    return {name: (played(player, seeds[name], None),
                   played(player, seeds[name], random.Random(7)))
            for name, player in PLAYERS_AND_CHEAT.items()}


@pytest.mark.parametrize("name", PLAYERS_AND_CHEAT)
def test_reshuffling_the_stock_before_every_deal_leaves_the_win_rate_alone(name,
                                                                           reshuffled_or_not):
    dealt, reshuffled = reshuffled_or_not[name]
    p = mcnemar(len(dealt - reshuffled), len(reshuffled - dealt))
    assert (p < 1e-3) == (name == "cheat"), (len(dealt), len(reshuffled), p)
