"""The players: functions from a :class:`~view.View` to the turn's plan, the discards and
moves to make before the next deal (the deal itself follows unless the stock is empty).

From simple to strongest:

* ``greedy``: discard while any discard is legal; when none is, fill an empty column with
  the card whose move allows the most discards (the first such); then deal.
* ``turn``: search the whole turn (``turn.turn_ends``) and end it where
  ``evaluation.score`` is highest.
* ``last-deal``: the same, but with four cards left end the turn where the most of the last
  deal's 24 orders win (``lookahead.last_deal_wins``).
* ``last-two``: the same, and with eight left where the most of the 40,320 orders of the
  last two deals win (``lookahead.last_two_wins``).

Once the stock is empty every searching player ends in a won position if there is one.
Ties go to the higher score, then to the lower key, so that a plan depends on nothing but
the view.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames.aces_up.players.evaluation import score
from cardgames.aces_up.players.lookahead import last_deal_wins, last_two_wins
from cardgames.aces_up.players.turn import End, turn_ends
from cardgames.aces_up.players.view import View
from cardgames.aces_up.rules import Command
from cardgames.aces_up.search.model import DISCARDS, TRANSFERS, Columns, won
from cardgames.aces_up.search.pruning import discardable, endgame_transfers

__all__ = ["Plan", "Player", "PLAYERS", "greedy", "turn", "last_deal", "last_two", "value"]

#: A turn's discards and moves, in order.
Plan = tuple[Command, ...]
#: A player: the plan for a view.
Player = Callable[[View], Plan]


def greedy(view: View) -> Plan:
    """Discard the first discardable card while there is one; else make the move to an empty
    column after which the most cards are discardable (the first such, even if it allows
    none: a card with a card under it fills the space); stop when neither is possible."""
    columns = list(view.columns)
    plan: list[Command] = []
    while True:
        ready = discardable(columns)
        if ready:
            x = ready[0]
            columns[x] = columns[x][:-1]
            plan.append(DISCARDS[x])
            continue
        best: tuple[int, int, int] | None = None
        for x, y in endgame_transfers(columns):
            after = list(columns)
            after[x], after[y] = columns[x][:-1], columns[x][-1:]
            allowed = len(discardable(after))
            if best is None or allowed > best[0]:
                best = (allowed, x, y)
        if best is None:
            return tuple(plan)
        _, x, y = best
        columns[x], columns[y] = columns[x][:-1], columns[x][-1:]
        plan.append(TRANSFERS[x][y])


def value(end: Columns, view: View, lookahead: int) -> int:
    """What a searching player that looks ``lookahead`` deals ahead exactly (0, 1 or 2)
    maximises first at the end of a turn: whether it is won once the stock is empty, the
    orders won with one deal left (lookahead 1 or more) or two (lookahead 2); else 0, and
    the score decides."""
    if view.stock == 0:
        return int(won(end))
    if view.stock == 4 and lookahead >= 1:
        return last_deal_wins(end, view.unseen)
    if view.stock == 8 and lookahead >= 2:
        return last_two_wins(end, view.unseen)
    return 0


def best_end(view: View, lookahead: int) -> End:
    """The end of the turn a searching player chooses: the highest value, then score, then
    the lowest key."""
    return min(turn_ends(view.columns),
               key=lambda end: (-value(end.columns, view, lookahead), -score(end.columns),
                                end.key))


def turn(view: View) -> Plan:
    """The turn search with the score alone (exact once the stock is empty)."""
    return best_end(view, 0).line


def last_deal(view: View) -> Plan:
    """The turn search, exact over the last deal."""
    return best_end(view, 1).line


def last_two(view: View) -> Plan:
    """The turn search, exact over the last two deals."""
    return best_end(view, 2).line


#: The players by the name ``--player`` takes, simplest first.
PLAYERS: dict[str, Player] = {"greedy": greedy, "turn": turn, "last-deal": last_deal,
                              "last-two": last_two}
