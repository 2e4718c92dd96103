"""The Aces solitaire rules: dealing, turning over, the stages, the win test, the fast outcome."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st
from strategies import examples

from cardgames.solitaire_aces import rules
from cardgames.solitaire_aces.outcomes import shuffled_deck
from cardgames.solitaire_aces.text import game_lines

ACES = {0, 8, 16, 24}
seeds = st.one_of(st.integers(), st.integers(2 ** 60, 2 ** 200), st.integers(-(2 ** 200), -(2 ** 60)))
decks = st.permutations(range(32)).map(tuple)


def test_spec_deck_and_first_stacks_of_seed_678():
    # Spec §4 and §7, copied from the spec.
    assert shuffled_deck(678) == [17, 31, 14, 24, 20, 16, 12, 19, 11, 9, 13, 2, 27, 6, 8, 21,
                                  23, 3, 18, 4, 25, 1, 22, 15, 5, 30, 26, 29, 0, 10, 28, 7]
    stage = rules.play(tuple(shuffled_deck(678))).stages[0]
    assert stage.stacks[0] == (7, 29, 15, 4, 21, 2, 19, 24)
    assert stage.stacks[1] == (28, 26, 22, 18, 8, 13, 12, 14)
    first, second = stage.turns[:2]
    assert (first.ace_index, first.discarded[-1], first.kept) == (7, 19, (24,))
    assert (second.discarded, second.kept) == ((28, 26, 22, 18), (8, 13, 12, 14))


@examples(60)
@given(seeds)
def test_a_shuffled_deck_is_the_seeded_permutation(seed):
    deck = shuffled_deck(seed)
    expected = list(range(32))
    random.Random(seed).shuffle(expected)
    assert deck == expected
    assert shuffled_deck(-seed) == deck  # seed() uses the absolute value of an int


@examples(60)
@given(st.lists(st.integers(0, 31), max_size=32), st.integers(1, 4))
def test_card_j_from_the_top_goes_to_stack_j_mod_n(deck, n):
    stacks = rules.deal(tuple(deck), n)
    top_down = deck[::-1]
    assert len(stacks) == n
    for j, card in enumerate(top_down):
        assert stacks[j % n][j // n] == card
    assert sum(map(len, stacks)) == len(deck)


@examples(60)
@given(st.lists(st.integers(0, 31), max_size=16))
def test_turning_over_discards_up_to_the_first_ace_and_keeps_the_rest(cards):
    turn = rules.turn_over(tuple(cards), 0, (), ())
    assert turn.discarded + turn.kept == tuple(cards)
    assert not ACES & set(turn.discarded)
    if turn.ace_index is None:
        assert turn.kept == () and not ACES & set(cards)
    else:
        assert turn.kept[0] in ACES and len(turn.discarded) == turn.ace_index


@examples(60)
@given(decks)
def test_cards_are_conserved_through_every_stage(deck):
    game = rules.play(deck)
    assert [len(stage.stacks) for stage in game.stages] == [4, 3, 2]
    stage_deck, discards = deck, ()
    for stage in game.stages:
        assert stage.deck == stage_deck and stage.discards_before == discards
        assert sorted(stage.discards_after + stage.kept) == sorted(stage.deck + discards)
        assert ACES <= set(stage.kept)
        for turn in stage.turns:
            assert turn.cards == stage.stacks[turn.position]
        stage_deck, discards = stage.kept, stage.discards_after
    assert sorted(game.discards + game.final) == list(range(32))
    assert game.final[-1] in ACES and len(game.final) >= 4


@examples(60)
@given(decks)
def test_won_exactly_when_the_last_four_kept_cards_are_the_aces(deck):
    game = rules.play(deck)
    assert game.won == (set(game.final[-4:]) == ACES)


def test_is_won_wants_four_adjacent_aces_anywhere():
    assert rules.is_won((5, 0, 8, 16, 24))
    assert rules.is_won((0, 8, 16, 24, 5))
    assert not rules.is_won((0, 8, 5, 16, 24))
    assert not rules.is_won((0, 8, 16))


def narrated_outcome(deck) -> tuple[bool, int]:
    """(won, cards kept) as the transcript tells it."""
    lines = list(game_lines(rules.play(tuple(deck))))
    displaying, result = lines[-6], lines[-5]
    assert displaying.startswith("Displaying the ") and result in ("You won!", "You lost!")
    return result == "You won!", int(displaying.split()[2])


@examples(80)
@given(seeds)
def test_the_fast_outcome_equals_the_narrated_outcome(seed):
    deck = shuffled_deck(seed)
    assert rules.outcome(deck) == narrated_outcome(deck)


@examples(40)
@given(decks, st.randoms(use_true_random=False))
def test_everything_but_the_glyphs_depends_only_on_the_ace_places(deck, rng):
    aces, others = [c for c in deck if c in ACES], [c for c in deck if c not in ACES]
    rng.shuffle(aces)
    rng.shuffle(others)
    pools = {True: iter(aces), False: iter(others)}
    relabelled = tuple(next(pools[card in ACES]) for card in deck)

    def shape(d):
        return [line.encode("ascii", "replace") for line in game_lines(rules.play(d))]
    assert shape(relabelled) == shape(deck)
    assert rules.outcome(relabelled) == rules.outcome(deck)


@examples(60)
@given(st.sets(st.integers(0, 31), min_size=4, max_size=4))
def test_the_representative_deck_has_its_aces_at_the_mask_places(places):
    mask = sum(1 << p for p in places)
    deck = rules.representative_deck(mask)
    assert sorted(deck) == list(range(32))
    assert {p for p, card in enumerate(deck) if card in ACES} == places
    assert rules.ace_mask(deck) == mask
    assert rules.outcome_of_mask(mask) == narrated_outcome(deck)


def test_there_are_35960_ace_placements():
    masks = rules.ace_masks()
    assert len(set(masks)) == len(masks) == 35_960
    assert all(bin(mask).count("1") == 4 and mask < 1 << 32 for mask in masks)
