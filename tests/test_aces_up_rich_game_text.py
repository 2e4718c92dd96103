"""Tests of the rich game's lines (cardgames.aces_up.rich_game.text): the board, the seed line,
the help, hints and guesses, in words and within 79 columns."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.advice import Advice, Chance
from cardgames.aces_up.rich_game.session import Guess, Session
from cardgames.aces_up.rich_game.text import (
    HELP,
    WIDTH,
    advice_lines,
    board_lines,
    chance_text,
    guess_lines,
    hint_line,
    peek_line,
    seed_line,
)
from cardgames.cards import Card, Suit


def test_board_shows_counts_numbers_and_cards():
    lines = board_lines(rules.seeded_position(10))
    assert lines[1].startswith("Stock: 48 cards (12 deals left)   Foundation: 0 cards")
    assert lines[2] == "   1    2    3    4"
    assert lines[3] == "   J\u2665   3\u2663   2\u2665   5\u2665"


def test_counts_are_worded_in_the_singular_for_one():
    heart = Card(5, Suit.HEARTS)
    position = rules.Position(tuple(Card(rank, Suit.CLUBS) for rank in range(2, 6)),
                              ((Card(1, Suit.SPADES),), (), (), ()), (heart,))
    assert board_lines(position)[1] == (
        "Stock: 4 cards (1 deal left)   Foundation: 1 card, last 5\u2665")


@pytest.mark.parametrize("seed, lone, line", [
    (0, True, "Seed 0 (replay it: cardgames aces-up --seed 0)"),
    (-7, False, "Seed -7 (replay it: cardgames aces-up --seed -7 --no-lone-moves)"),
    (10 ** 40, True, "Seed: a number of 41 digits, too long to show here"),
])
def test_the_seed_line(seed, lone, line):
    assert seed_line(seed, lone) == line and len(line) <= WIDTH


def test_help_fits_and_names_every_command():
    assert max(map(len, HELP.split("\n"))) <= WIDTH
    for command in ("D ", "F x", "T x y", "U ", "?, hint", "peek", "solve", "demo", "R ",
                    "N [seed]", "H ", "Q "):
        assert f"\n  {command}" in HELP


@pytest.mark.parametrize("seed", [12, 15, 18])
def test_peeks_are_legal_moves_all_the_way_to_a_win(seed):
    session = Session(seed)
    for _ in range(200):
        if rules.is_won(session.position):
            break
        move = session.solve().line[0]
        assert peek_line(session).startswith(f"Hint (knowing the stock): {move}  (")
        assert move in rules.legal_commands(session.position)
        session.play(move)
    assert rules.is_won(session.position)


def test_peek_on_a_lost_deal_says_so():
    assert peek_line(Session(10)) == "Knowing the stock: this position cannot be won."


@pytest.mark.skipif(not search.compiled_available(), reason="the jit extra")
def test_the_first_peek_on_seed_3_proves_it_lost_where_the_plain_search_guessed():
    # seed 3 is lost after 1.3 million positions of the deferred-discard search (a few
    # seconds compiled); the plain search needs 33 million, past the game's 10 s, and guessed
    assert search.solve(rules.seeded_position(3), True, 10_000_000).status \
        is search.Status.LOST
    assert peek_line(Session(3)) == "Knowing the stock: this position cannot be won."


@pytest.mark.parametrize("tier", ["stdlib", None])
def test_ctrl_c_during_a_peek_leaves_the_game_as_it_was(tier):
    session = Session(3, budget=60, tier=tier)            # seed 3: a long search

    def interrupt(positions, seconds):
        raise KeyboardInterrupt

    session.progress = interrupt                           # Ctrl-C while it searches
    assert peek_line(session) == "The solver was interrupted; no hint."
    assert len(session.history) == 1 and session.solved == {}
    session.progress = None
    assert peek_line(Session(0, tier=tier)).startswith("Hint (knowing the stock): ")


def test_a_guess_names_the_moves_that_lose():
    session = Session(25, tier="stdlib", nodes=21_000, guess_nodes=40_000, guess_seconds=None)
    assert peek_line(session) == (
        "Guess (knowing the stock): F 1  (discard Q\u2666 from column 1)\n"
        "The solver could not settle this position in 10 s and within 21,000 positions:\n"
        "  this is a guess.\n"
        "Proved to lose: D.")


def test_a_guess_that_proves_a_win_is_a_plain_peek():
    session = Session(4, tier="stdlib", nodes=21_000, guess_nodes=40_000, guess_seconds=None)
    assert peek_line(session) == "Hint (knowing the stock): F 1  (discard 3\u2666 from column 1)"
    assert session.solve().status is search.Status.WINNABLE


def test_when_every_move_loses_the_guess_says_the_position_cannot_be_won():
    session = Session(10, tier="stdlib", nodes=1, guess_nodes=40_000, guess_seconds=None)
    assert session.solve().status is search.Status.UNSETTLED
    assert peek_line(session) == "Knowing the stock: this position cannot be won."


def test_an_interrupted_guess_gives_no_hint():
    session = Session(10)
    assert guess_lines(session, Guess(interrupted=True)) == "The solver was interrupted; no hint."


@pytest.mark.parametrize("typed, shown", [
    ("\udcff", r"'\xff'"),                       # a byte that is not UTF-8, as Python writes it
    (b"F \xc3(".decode("utf-8", "surrogateescape"), r"'F \xc3('"),
    ("\\udcff", r"'\\udcff'"),                   # typed as such: a backslash, then udcff
    ("\\\udcff", r"'\\\xff'"),
    ("caf\u00e9", "'caf\u00e9'"),
])
def test_undecodable_bytes_are_echoed_readably(typed, shown):
    from cardgames.aces_up.rich_game.text import echo

    assert echo(typed) == shown


@settings(max_examples=300, deadline=None)
@given(st.integers(24, 79), st.lists(st.sampled_from(["D", "F 1", "T 1 2"]), min_size=1,
                                     max_size=200))
def test_packed_lines_keep_their_commas_within_the_width(width, words):
    from cardgames.aces_up.rich_game.text import packed

    lines = packed(words, width)
    assert max(len(line) for line in lines) <= width
    assert ", ".join(line.strip().rstrip(",") for line in lines).split(", ") == words


@pytest.mark.parametrize("chance, text", [
    (Chance(1, 1, True), "100% (the stock is empty: the plan wins)"),
    (Chance(0, 1, True), "0% (the stock is empty: this position cannot be won)"),
    (Chance(14, 24, True), "58.3% (exact: 14 of the 24 orders of the stock)"),
    (Chance(6_836, 40_320, True), "17.0% (exact: 6,836 of the 40,320 orders of the stock)"),
    (Chance(3, 100, False), "about 3.0% (95% interval 1.0-8.5%, 100 sampled stocks)"),
    (Chance(0, 1, False, True), "about 0% (95% interval 0-79.3%, 1 sampled stock; interrupted)"),
    (Chance(0, 0, False, True), "not estimated (interrupted)"),
])
def test_a_chance_in_words(chance, text):
    assert chance_text(chance) == text


def test_the_honest_hint_lists_the_plan_to_type_and_the_deal():
    position = rules.seeded_position(12)
    plan = (rules.parse_command("F 1"),)
    assert advice_lines(position, Advice("last-deal", plan, Chance(3, 100, False))) == (
        "Plan for this turn (the last-deal player, who does not see the stock):\n"
        "  F 1    discard 5\u2665 from column 1\n"
        "  D      deal one card onto each column\n"
        "Its chance of winning: about 3.0% (95% interval 1.0-8.5%, 100 sampled stocks).")
    empty = rules.Position((), position.columns, position.foundation)
    assert advice_lines(empty, Advice("last-deal", (), Chance(0, 1, True))).split("\n")[0] == (
        "No move helps the last-deal player (it does not see the stock).")


def test_the_honest_hint_on_a_won_game():
    session = Session(12)
    session.play_winning_line()
    assert hint_line(session) == "The game is won."
