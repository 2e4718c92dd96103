"""The Sevens rules: the deal, the placing rule, rounds, and the fast outcome (spec §4, §5, §10)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, strategies as st
from strategies import examples

from cardgames.cards import Card, Suit, deck52
from cardgames.solitaire_sevens.rules import (
    ROUNDS, SEVENS, EventKind, deal, narrate, outcome)

SEEDS = st.one_of(st.integers(-10**6, 10**6), st.integers(-2**200, 2**200))

#: Spec §4: the stack of seed 678 (last element = top; 8 is the first card taken).
STACK_678 = [31, 16, 15, 46, 36, 30, 37, 21, 12, 34, 5, 13, 17, 18, 24, 51, 38, 50, 29, 1, 48,
             3, 27, 42, 25, 40, 28, 10, 4, 20, 14, 41, 26, 35, 43, 44, 7, 39, 9, 47, 2, 33, 11,
             49, 23, 0, 22, 8]


def towards_seven(card: int) -> int:
    """The neighbour of a non-Seven card towards its Seven, in its suit."""
    return card - 1 if card % 13 > 6 else card + 1


@examples(20)
@given(SEEDS)
def test_the_stack_is_every_card_but_the_sevens(seed):
    deck = deck52()
    assert [deck[card] for card in SEVENS] == [Card(7, suit) for suit in (
        Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)]
    assert sorted(deal(seed)) == [n for n, card in enumerate(deck) if card.rank != 7]


def test_deal_of_seed_678_is_the_spec_list():
    assert deal(678) == STACK_678


@examples(50)
@given(SEEDS)
def test_deal_is_the_plain_seed_shuffle_convention_and_ignores_the_sign(seed):
    cards = sorted(set(range(52)) - {6, 19, 32, 45})
    random.seed(seed)
    random.shuffle(cards)
    assert deal(seed) == cards == deal(-seed)


def test_seed_678_is_lost_with_4_cards_and_574_won_in_round_2():
    assert outcome(deal(678)) == 4
    end = narrate(deal(574))[-1]
    assert (end.kind, end.round, end.aside) == (EventKind.END, 2, ())
    assert outcome(deal(574)) == 0


def test_the_first_moves_of_seed_678_match_the_worked_example():
    events = narrate(deal(678))
    assert [e.kind for e in events[:10]] == [
        EventKind.DEAL, EventKind.ROUND, *[EventKind.PUT_ASIDE] * 6,
        EventKind.PLACE_FROM_STACK, EventKind.ASIDE_BLOCKED]
    assert [e.card for e in events[2:9]] == [8, 22, 0, 23, 49, 11, 33]
    assert events[9].card == 11 and len(events[8].stack) == 41


def test_outcome_does_not_modify_its_cards():
    cards = deal(5)
    outcome(cards)
    narrate(cards)
    assert cards == deal(5)


@examples(60)
@given(SEEDS)
def test_every_event_obeys_the_rules(seed):
    events = narrate(deal(seed))
    assert events[0].kind is EventKind.DEAL and events[-1].kind is EventKind.END
    assert [e.kind for e in events].count(EventKind.END) == 1
    previous = None
    for event in events:
        placed, stack, aside = event.placed, set(event.stack), set(event.aside)
        # 52 cards always accounted for: table + stack + aside, no card twice
        assert len(placed) + len(event.stack) + len(event.aside) == 52
        assert placed | stack | aside == set(range(52))
        # a placed card's neighbour towards the Seven is placed
        assert set(SEVENS) <= placed
        assert all(towards_seven(c) in placed for c in placed - set(SEVENS))
        if previous is not None:
            check_step(previous, event)
        previous = event
    assert outcome(deal(seed)) == len(events[-1].aside)


def check_step(before, after):
    """One event follows from the state before it by the rules of §5."""
    kind, card = after.kind, after.card
    can_place = card is not None and towards_seven(card) in before.placed
    if kind is EventKind.PUT_ASIDE:
        assert before.stack[-1] == card and not can_place
        assert after.aside == before.aside + (card,) and after.stack == before.stack[:-1]
    elif kind is EventKind.PLACE_FROM_STACK:
        assert before.stack[-1] == card and can_place
        assert after.placed == before.placed | {card} and after.aside == before.aside
    elif kind is EventKind.PLACE_FROM_ASIDE:
        assert before.kind in (EventKind.PLACE_FROM_STACK, EventKind.PLACE_FROM_ASIDE)
        assert before.aside[-1] == card and can_place and after.aside == before.aside[:-1]
    elif kind is EventKind.ASIDE_BLOCKED:
        assert before.kind in (EventKind.PLACE_FROM_STACK, EventKind.PLACE_FROM_ASIDE)
        assert after.aside and after.aside[-1] == card and not can_place
    elif kind is EventKind.ROUND:
        assert after.round == before.round + 1 <= ROUNDS
        assert after.round == 1 or (not before.stack and before.aside)
        assert after.stack == (before.aside[::-1] if after.round > 1 else before.stack)
    else:
        assert kind is EventKind.END and not before.stack
        assert not before.aside or before.round == ROUNDS
    if kind not in (EventKind.ROUND, EventKind.END):
        assert after.round == before.round
    placing = (EventKind.PLACE_FROM_STACK, EventKind.PLACE_FROM_ASIDE)
    if before.kind in placing and \
            kind not in (EventKind.PLACE_FROM_ASIDE, EventKind.ASIDE_BLOCKED):
        assert not before.aside   # a placement is followed by a check of the aside top
    if kind in placing + (EventKind.ASIDE_BLOCKED,) and before.kind not in placing:
        assert kind is EventKind.PLACE_FROM_STACK   # the aside is checked only after a placement


@examples(200)
@given(SEEDS)
def test_one_card_is_never_left(seed):
    assert outcome(deal(seed)) != 1


def test_the_batch_counter_counts_the_outcomes_of_the_seeded_games():
    from cardgames.solitaire_sevens.program import count_cards_left

    expected = Counter(outcome(deal(seed)) for seed in range(-50, 150))
    assert count_cards_left(-50, 150) == expected
    assert count_cards_left(7, 7) == {}
