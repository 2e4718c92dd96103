"""Tests of the deferred-discard game (``cardgames.aces_up.search.ghosts``) and its search
(``deferred``): its verdicts against the plain search of the rules (``aces_up_helpers.plain``)
on small positions, endgames and positions from the middle of deals; its winning lines, made
of the rules' commands, replayed through the rules and the classic program; each forced step
and the dominance relation, one property each."""

import subprocess
import sys
from pathlib import Path

import pytest
from aces_up_helpers import coded, plain, wins
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    CLAIM_POSITIONS,
    endgames,
    examples,
    mid_game_positions,
    small_positions,
)

from cardgames.aces_up import rules
from cardgames.aces_up.search import Status, deferred, ghosts, reference
from cardgames.aces_up.search.ghosts import CARD, GHOST, MARK, MOVE, GhostMove
from cardgames.aces_up.search.model import ACE, DEAL, DISCARDS, TRANSFERS, codes
from cardgames.aces_up.search.pruning import card_bits

ROOT = Path(__file__).resolve().parent.parent


#: Both rule sets: the classic rules, and no lone moves.
RULES = pytest.mark.parametrize("lone_moves", [True, False], ids=["classic", "no-lone-moves"])


def check_against_plain(position, lone_moves=True):
    """The deferred search's verdict is the plain search's; a win's line wins by the rules."""
    columns, stock = codes(position)
    solution = deferred.solve(position, lone_moves)
    assert solution.status is not Status.UNSETTLED
    assert (solution.status is Status.WINNABLE) == plain(columns, stock, lone_moves)
    if solution.status is Status.WINNABLE:
        assert wins(position, solution.line, lone_moves)
    return solution


@RULES
@given(small_positions())
@examples(120, deadline=None)
def test_small_positions_are_won_exactly_when_the_plain_game_wins_them(lone_moves, position):
    check_against_plain(position, lone_moves)


@RULES
@given(CLAIM_POSITIONS)
@examples(120, deadline=None)
def test_positions_with_several_deals_are_won_exactly_when_the_plain_game_wins_them(
        lone_moves, drawn):
    check_against_plain(coded(*drawn), lone_moves)


@RULES
@given(endgames())
@examples(80, deadline=None)
def test_endgames_are_won_exactly_when_the_plain_game_wins_them(lone_moves, position):
    check_against_plain(position, lone_moves)


@RULES
@given(mid_game_positions(most=40, seed_values=st.integers(0, 60)))
@examples(12, deadline=None)
def test_positions_from_the_middle_of_deals_get_the_reference_verdict(lone_moves, position):
    """Where both searches settle within a small budget, they agree (both are exact). Where
    ours does not, there is nothing to compare, and the reference is not asked."""
    ours = deferred.solve(position, lone_moves, max_nodes=20_000)
    if ours.status is Status.UNSETTLED:
        return
    theirs = reference.solve(position, lone_moves, max_nodes=200_000)
    if theirs.status is not Status.UNSETTLED:
        assert ours.status is theirs.status
    if ours.status is Status.WINNABLE:
        assert wins(position, ours.line, lone_moves)


# Witnesses of the two rules the game without lone moves differs by (``ghosts``): each is won
# there, and the search would call it lost without the rule.  Columns top first, deals next.
#: A win that needs a ghost restored, to lie under a card that must move.
NEEDS_A_RESTORE = (((20,), (), (4,), (11, 5)), ((62, 30, 29, 9), (25, 46, 18, 14)))
#: A win that needs a ghost no card needs as a higher card (the classic rules delete it).
NEEDS_A_DOOMED_GHOST = (((2,), (10,), (30,), (13,)), ((14, 24, 11, 62), (46, 28, 5, 29)))


@pytest.mark.parametrize("drawn", [NEEDS_A_RESTORE, NEEDS_A_DOOMED_GHOST],
                         ids=["restore", "doomed-ghost"])
def test_the_witnesses_are_won_without_lone_moves(drawn):
    assert check_against_plain(coded(*drawn), False).status is Status.WINNABLE


def test_without_restores_the_first_witness_would_be_called_lost(monkeypatch):
    """The witness is one: with no ghost restored (bases of real cards only) it is lost."""
    bases = ghosts._bases
    monkeypatch.setattr(ghosts, "_bases", lambda column, i, lone: [
        j for j in bases(column, i, lone) if j < 0])
    assert deferred.solve(coded(*NEEDS_A_RESTORE), False).status is Status.LOST


def test_deleting_doomed_ghosts_the_second_witness_would_be_called_lost(monkeypatch):
    """The witness is one: with the classic rules' doomed ghosts deleted it is lost."""
    settle = ghosts.settle
    monkeypatch.setattr(deferred, "settle",
                        lambda columns, real, spooks, endgame, lone=True:
                        settle(columns, real, spooks, endgame, True))
    assert deferred.solve(coded(*NEEDS_A_DOOMED_GHOST), False).status is Status.LOST


@pytest.mark.parametrize("seed", [0, 4, 11])
def test_a_won_deal_is_replayed_by_the_classic_program(seed):
    """The line of a won seeded deal, typed into the root program, wins."""
    position = rules.seeded_position(seed)
    solution = deferred.solve(position, max_seconds=30)
    assert solution.status is Status.WINNABLE
    assert wins(position, solution.line)
    commands = "".join(f"{command}\n" for command in solution.line)
    done = subprocess.run([sys.executable, "aces_up.py", "--seed", str(seed)], cwd=ROOT,
                          input=commands.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.endswith(b"You won!\n")


def test_a_lost_deal_is_proved_lost_with_fewer_positions_than_the_plain_search():
    position = rules.seeded_position(10)
    ours = deferred.solve(position)
    theirs = reference.solve(position)
    assert ours.status is theirs.status is Status.LOST
    assert ours.nodes < theirs.nodes


def test_a_budget_that_runs_out_leaves_the_deal_unsettled():
    solution = deferred.solve(rules.seeded_position(3), max_nodes=500)
    assert solution.status is Status.UNSETTLED and solution.nodes == 501


# --- the forced steps ------------------------------------------------------------------------

def settled(position, endgame=None):
    columns, stock = codes(position)
    endgame = not stock if endgame is None else endgame
    return ghosts.settle(columns, card_bits(columns + stock), 0, endgame)


@given(small_positions())
@examples(100)
def test_settling_leaves_no_real_bottom_beaten_by_a_real_bottom(position):
    columns, real, spooks, marks = settled(position)
    bottoms = [column[-1] for column in columns if column and not column[-1] & GHOST]
    for card in bottoms:
        assert card & 15 == ACE or not any(b >> 4 == card >> 4 and b > card for b in bottoms)
    for move in marks:
        assert move.kind == MARK and move.card >> 4 == move.higher >> 4 < 4
        assert move.higher > move.card
    assert spooks == sum(1 << (e & CARD) for column in columns for e in column if e & GHOST)
    assert not real & spooks


@given(small_positions())
@examples(100)
def test_no_ghost_is_left_that_a_real_card_of_its_suit_could_still_need(position):
    columns, real, spooks, _ = settled(position)
    for column in columns:
        for element in column:
            if element & GHOST:
                card = element & CARD
                assert any(real >> lower & 1 for lower in range(card & ~15, card))


@given(small_positions())
@examples(100)
def test_the_forced_marks_are_legal_discards_of_the_cards_settling_takes(position):
    """Read as discards (``plain_line``), the marks of settling play by the rules to the
    settled position's real cards: every mark had its higher card at a bottom."""
    after, _, _, marks = settled(position)
    at = position
    for command in ghosts.plain_line(marks):
        at = rules.apply(at, command)
    assert codes(at)[0] == ghosts.real_columns(after)


# --- the dominance relation --------------------------------------------------------------------

def test_dominance_is_flagging_real_cards_and_adding_ghosts():
    weak = ((2, 3 | GHOST), (14,), (), (30,))
    assert ghosts.dominates(weak, weak)
    assert ghosts.dominates(((2 | GHOST, 3 | GHOST), (14,), (), (30,)), weak)     # D1
    assert ghosts.dominates(((2, 5 | GHOST, 3 | GHOST), (14,), (4 | GHOST,), (30,)), weak)  # D2
    assert not ghosts.dominates(((2, 3), (14,), (), (30,)), weak)     # a ghost made real
    assert not ghosts.dominates(((2,), (14,), (), (30,)), weak)       # a ghost gone
    assert not ghosts.dominates(((2, 5, 3 | GHOST), (14,), (), (30,)), weak)      # a real added
    assert not ghosts.dominates(((3 | GHOST, 2), (14,), (), (30,)), weak)         # order


def test_a_ghost_line_converts_to_the_rules_commands():
    """A card whose last event is a mark is discarded at that mark; a mark undone by its use
    as a higher card is left out, and so are the moves of a card already discarded."""
    line = [GhostMove(MARK, 0, 1, 2, 5),          # 2 marked: discarded here (never revived)
            GhostMove(MARK, 1, 2, 5, 9),          # 5 marked, then revived below: kept
            GhostMove(MOVE, 1, 3, 5),             # 5 moved while real in the plain game
            GhostMove(MARK, 3, 2, 4, 5),          # 4 marked by 5 (5 revived)
            GhostMove(MOVE, 0, 3, 2),             # 2 is discarded by now: left out
            ghosts.DEAL_MOVE]
    assert ghosts.plain_line(line) == [DISCARDS[0], TRANSFERS[1][3], DISCARDS[3], DEAL]


def test_a_restore_keeps_its_card_from_the_discard_of_its_last_mark():
    """A card restored under a move is real in the plain game all along: its mark before
    the restore is left out, and the move under which it was restored is kept."""
    line = [GhostMove(MARK, 0, 1, 2, 5),              # 2 marked ...
            ghosts.DEAL_MOVE,                         # ... 7 dealt onto it ...
            GhostMove(MOVE, 0, 2, 7, restored=2),     # ... and 2 restored, under 7's move
            GhostMove(MARK, 0, 1, 2, 5)]              # 2 marked again: discarded here
    assert ghosts.plain_line(line) == [DEAL, TRANSFERS[0][2], DISCARDS[0]]


def test_without_lone_moves_a_move_needs_a_real_card_under_it():
    """A ghost under a card does not let it move; with only ghosts under it, each of them
    may be restored; with nothing under it, it stays."""
    columns = ((2 | GHOST, 3 | GHOST, 9), (), (30,), (46 | GHOST,))
    moves = [(move, after) for move, after, _, _ in ghosts.macro_moves(columns, False, False)
             if move.kind == MOVE]
    assert {(move.card, move.target, move.restored) for move, _ in moves} == {
        (9, 1, 2), (9, 1, 3), (9, 3, 2), (9, 3, 3)}
    for move, after in moves:
        assert move.restored in after[0]            # made real, the other ghost kept
        assert len(after[0]) == 2 and after[move.target] == (9,)
    classic = {(move.card, move.source, move.target)
               for move, _, _, _ in ghosts.macro_moves(columns, False) if move.kind == MOVE}
    assert {(9, 0, 1), (30, 2, 1), (46, 3, 1)} <= classic     # lone cards and ghosts move
