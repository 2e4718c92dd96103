"""Tests of the rich game's state (cardgames.aces_up.rich_game.session): lines read once into
requests, undo and restart, the order hints and guesses try moves, and the guesses."""

import pytest
from aces_up_helpers import hand_built
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.session import (
    RANDOM_SEEDS,
    Extra,
    Flaw,
    Guess,
    Malformed,
    NewGame,
    Session,
    guess_order,
    parse,
    parse_answer,
    random_seed,
    search_order,
)


@pytest.mark.parametrize("line, asked", [
    ("u", Extra.UNDO), (" U ", Extra.UNDO), ("?", Extra.HINT), ("Hint", Extra.HINT),
    ("solve", Extra.SOLVE), ("n", NewGame()), ("N 42", NewGame(42)),
    ("t 4 2", rules.Command(rules.Action.MOVE, (4, 2)))])
def test_parse_reads_the_extra_commands(line, asked):
    assert parse(line) == asked


@pytest.mark.parametrize("line, flaw, word", [
    ("", Flaw.EMPTY, ""), ("x", Flaw.UNKNOWN, ""), ("U 1", Flaw.NO_NUMBER, "U"),
    ("F 9", Flaw.NO_SUCH_COLUMN, "9"), ("hints", Flaw.UNKNOWN, ""),
    ("t 1", Flaw.COUNT, "T"), ("T 1 x", Flaw.NOT_A_COLUMN, "x"), ("n 1 2", Flaw.NEW_GAME, "N")])
def test_parse_rejects_malformed_lines(line, flaw, word):
    assert parse(line) == Malformed(line, flaw, word)


@pytest.mark.parametrize("line, answer", [
    (" q ", rules.Action.QUIT), ("", NewGame()), ("  ", NewGame()), ("u", Extra.UNDO),
    (" 42 ", NewGame(42)), ("-7", NewGame(-7)), ("x", Malformed("x", Flaw.NOT_A_SEED)),
    ("N 4", Malformed("N 4", Flaw.NOT_A_SEED))])
def test_an_answer_to_the_offer_is_read_once(line, answer):
    assert parse_answer(line) == answer


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 30), max_size=40))
def test_undo_restores_exactly_the_previous_position(seed, picks):
    session = Session(seed)
    seen = [session.position]
    for pick in picks:
        legal = list(rules.legal_commands(session.position))
        if not legal:
            break
        session.play(legal[pick % len(legal)])
        seen.append(session.position)
    while seen:
        assert session.position == seen.pop()
        assert session.undo() == bool(seen)
    assert session.position == rules.seeded_position(seed)


def test_a_rejected_command_changes_nothing_and_adds_no_undo_step():
    session = Session(10)
    with pytest.raises(rules.IllegalMove):
        session.play(rules.parse_command("T 1 2"))
    assert len(session.history) == 1


def test_random_seeds_are_short_whole_numbers():
    seeds = {random_seed() for _ in range(50)}
    assert all(0 <= seed < RANDOM_SEEDS for seed in seeds) and len(seeds) > 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1000), st.lists(st.integers(0, 30), max_size=40))
def test_restart_then_undo_gives_back_the_position_before(seed, picks):
    session = Session(seed)
    for pick in picks:
        legal = list(rules.legal_commands(session.position))
        if not legal:
            break
        session.play(legal[pick % len(legal)])
    before, steps = session.position, len(session.history)
    restarted = session.restart()
    assert session.position == rules.seeded_position(seed)
    assert len(session.history) == steps + restarted
    assert session.undo() == (steps + restarted > 1)
    if restarted:
        assert session.position == before


def test_the_search_order_puts_the_deal_before_moving_a_lone_card():
    position = hand_built(["2♥ 4♠", "3♠", "", "K♣ Q♣"],
                          ["5♦ 6♦ 7♦ 8♦"])
    assert list(map(str, search_order(position))) == [
        "F 2", "T 1 3", "T 4 3", "D", "T 2 3"]
    assert list(map(str, search_order(position, lone_moves=False))) == [
        "F 2", "T 1 3", "T 4 3", "D"]


@pytest.mark.parametrize("stock, lone_moves, first", [
    ([], True, "F 2"), ([], False, "F 2"), (["5♦ 6♦ 7♦ 8♦"], True, "F 2"),
    # with no lone moves a safe discard is only safe once the stock is empty
    (["5♦ 6♦ 7♦ 8♦"], False, "F 1"),
])
def test_a_guess_tries_a_safe_discard_first(stock, lone_moves, first):
    # 4♠ and 2♠ can both go; 2♠ is the lowest spade left, so it goes first
    position = hand_built(["A♥ 4♠", "K♠ 2♠", "", "Q♠"], stock)
    moves = list(rules.legal_commands(position, lone_moves))
    order = guess_order(position, moves, lone_moves)
    assert sorted(order, key=str) == sorted(moves, key=str)
    assert str(order[0]) == first
    safe = search.safe_discard(position, lone_moves)
    assert (safe is not None) == (first == "F 2")


def test_ctrl_c_while_guessing_returns_to_the_prompt_with_the_game_intact():
    session = Session(25, tier="stdlib", nodes=21_000, guess_nodes=40_000, guess_seconds=None)
    assert session.solve().status is search.Status.UNSETTLED
    calls = []

    def interrupt(positions, seconds):
        calls.append(positions)
        raise KeyboardInterrupt

    session.progress = interrupt
    assert session.guess() == Guess(interrupted=True)
    assert len(session.history) == 1


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 200), st.lists(st.integers(0, 30), max_size=10))
def test_a_guess_is_never_a_move_proved_lost(seed, picks):
    session = Session(seed, tier="stdlib", nodes=3_000, guess_nodes=20_000, guess_seconds=None)
    for _ in range(5):                       # a few deals first: the exact checks stay quick
        session.play(rules.Command(rules.Action.DEAL))
    for pick in picks:
        legal = list(rules.legal_commands(session.position))
        if not legal:
            break
        session.play(legal[pick % len(legal)])
    if session.solve().status is not search.Status.UNSETTLED:
        return
    guess = session.guess()
    exact = {move: search.solve(rules.apply(session.position, move)).status
             for move in rules.legal_commands(session.position)}
    assert all(exact[move] is search.Status.LOST for move in guess.lost)
    if guess.move is None:
        assert set(exact.values()) == {search.Status.LOST}
    else:
        assert guess.move in exact and guess.move not in guess.lost
        assert not guess.winning or exact[guess.move] is search.Status.WINNABLE
        rules.apply(session.position, guess.move)   # a legal move
