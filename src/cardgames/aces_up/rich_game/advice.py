"""The honest hint of the rich game: what a player who does not see the stock does this turn,
and its chance of winning from here (:func:`advise`).

Everything here is a function of the player's :class:`~players.view.View` (the columns and
the set of unseen cards), never of the stock's order: the chance is counted over every order
of the unseen cards with one or two deals left, and estimated over sampled orders earlier.

* With the stock empty the plan ends the game; the chance is 1 or 0.
* With four cards left, of the 24 orders of the last deal the plan wins
  ``lookahead.last_deal_wins`` of the turn's end.
* With eight left, the advising player (``last-deal``, or ``last-two``) ends the next turn
  where the most of the last deal's orders win, so of the 40,320 orders it wins
  ``lookahead.last_two_wins`` of this turn's end: counted here draw by draw within a time
  budget (about 4 s in the reference), else estimated.
* Earlier, the player plays the rest of the deal on sampled stocks (uniform reorders of the
  unseen cards, from a ``random.Random`` seeded by the view, so the same position gives the
  same samples), as many as the budget allows: a win rate with its 95% Wilson interval.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cardgames import clock
from cardgames.aces_up import rules
from cardgames.aces_up.players import PLAYERS, Plan, View, play, view_of
from cardgames.aces_up.players.lookahead import (
    LAST_DEAL_ORDERS,
    LAST_TWO_ORDERS,
    last_deal_wins,
    last_two_draws,
)
from cardgames.aces_up.rules import Position
from cardgames.aces_up.search.model import decode, won
from cardgames.aces_up.search.pruning import cards_of
from cardgames.simulate import wilson_interval

__all__ = ["ADVISOR", "Advice", "Budget", "Chance", "advise", "advisor", "chance_after",
           "estimate", "last_two_count", "sampled_stocks"]

#: The player that advises: the strongest that answers within about a second.
ADVISOR = "last-deal"
#: The player that advises with eight cards left when the compiled players are there.
EIGHT_LEFT_ADVISOR = "last-two"

#: Called as ``progress(samples, seconds)`` while the estimate runs.
Progress = Callable[[int, float], None]


@dataclass(frozen=True)
class Chance:
    """A chance of winning: ``won`` of ``out_of`` orders of the stock (``exact``) or of
    sampled stocks (an estimate); ``interrupted``: Ctrl-C stopped the count or the sampling
    (then ``out_of`` holds the samples played before, perhaps none)."""

    won: int
    out_of: int
    exact: bool
    interrupted: bool = False

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of an estimate (the value itself when exact)."""
        if self.exact:
            return self.won / self.out_of, self.won / self.out_of
        return wilson_interval(self.won, self.out_of)


@dataclass(frozen=True)
class Budget:
    """How long the chance may take: ``samples`` sampled stocks at most, within
    ``seconds`` (None: no limit); the eight-left count within ``exact_seconds`` (0: no
    count, an estimate)."""

    samples: int = 10_000
    seconds: float | None = 1.0
    exact_seconds: float | None = 10.0


@dataclass(frozen=True)
class Advice:
    """The honest hint: the advising player's name, its plan for this turn (the deal
    follows when the stock is not empty) and its chance of winning from here."""

    player: str
    plan: Plan
    chance: Chance


def advisor(view: View, last_two: bool = False) -> str:
    """The name of the player that advises on a view: ``last-deal``; ``last-two`` with
    eight cards left when ``last_two`` (the compiled players answer in time)."""
    return EIGHT_LEFT_ADVISOR if last_two and view.stock == 8 else ADVISOR


def advise(position: Position, lone_moves: bool = True, budget: Budget = Budget(),
           last_two: bool = False, progress: Progress | None = None) -> Advice:
    """The honest hint on a position: read from its view alone (the stock's order unread
    but for sampling the estimate's stocks from its set).  Ctrl-C stops the chance only."""
    view = view_of(position)
    name = advisor(view, last_two)
    plan = PLAYERS[name](view)
    with clock.stops_excluded():
        chance = chance_after(position, plan, name, lone_moves, budget, progress)
    return Advice(name, plan, chance)


def chance_after(position: Position, plan: Plan, name: str, lone_moves: bool = True,
                 budget: Budget = Budget(), progress: Progress | None = None) -> Chance:
    """The chance that player ``name`` wins from ``position`` playing ``plan`` this turn:
    exact with at most eight cards left (when the count ends in time), else estimated."""
    end = position
    for command in plan:
        end = rules.apply(end, command, lone_moves)
    view = view_of(end)
    if view.stock == 0:
        return Chance(int(won(view.columns)), 1, exact=True)
    if view.stock == 4:
        return Chance(last_deal_wins(view.columns, view.unseen), LAST_DEAL_ORDERS, exact=True)
    if view.stock == 8:
        deadline = None if budget.exact_seconds is None else clock.now() + budget.exact_seconds
        try:
            count = last_two_count(view, deadline)
        except KeyboardInterrupt:
            return Chance(0, 0, exact=False, interrupted=True)
        if count is not None:
            return Chance(count, LAST_TWO_ORDERS, exact=True)
    return estimate(position, PLAYERS[name], lone_moves, budget, progress)


def last_two_count(view: View, deadline: float | None = None) -> int | None:
    """``lookahead.last_two_wins`` of a view with eight cards left, draw by draw; None
    when ``clock.now()`` reaches ``deadline`` first."""
    total = 0
    for term in last_two_draws(view.columns, view.unseen):
        if deadline is not None and clock.now() >= deadline:
            return None
        total += term
    return total


def sampled_stocks(view: View) -> random.Random:
    """The random numbers an estimate draws its stocks with, seeded by the view alone."""
    return random.Random(f"aces-up honest estimate {view.columns} {view.unseen}")


def estimate(position: Position, player: Callable[[View], Plan], lone_moves: bool = True,
             budget: Budget = Budget(), progress: Progress | None = None) -> Chance:
    """The player's win rate from ``position`` over sampled stocks: uniform reorders of the
    unseen cards, the same ones in the same order every time for a view.  Stops after
    ``budget.samples`` or ``budget.seconds``; Ctrl-C stops it with what it has."""
    view = view_of(position)
    cards = [decode(code) for code in cards_of(view.unseen)]
    draw = sampled_stocks(view)
    started = clock.now()
    wins = samples = 0
    try:
        while samples < budget.samples and (
                not samples or budget.seconds is None
                or clock.now() - started < budget.seconds):
            draw.shuffle(cards)
            stock = rules.Position(tuple(cards), position.columns, position.foundation)
            wins += play(stock, player, lone_moves).won
            samples += 1
            if progress is not None:
                progress(samples, clock.now() - started)
    except KeyboardInterrupt:
        return Chance(wins, samples, exact=False, interrupted=True)
    return Chance(wins, samples, exact=False)
