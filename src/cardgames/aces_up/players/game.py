"""A deal played by a player that sees only its view."""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.aces_up import rules
from cardgames.aces_up.players.players import Player
from cardgames.aces_up.players.view import view_of
from cardgames.aces_up.rules import Command, Position
from cardgames.aces_up.search.model import DEAL

__all__ = ["Game", "play"]


@dataclass(frozen=True)
class Game:
    """A deal played to its end: whether it was won, and every command played, deals
    included (a line the rules replay)."""

    won: bool
    line: tuple[Command, ...]


def play(position: Position, player: Player, lone_moves: bool = True) -> Game:
    """Play ``position`` to the end: each turn the player's plan for the view (checked
    command by command by the rules), then the deal, until the stock is empty."""
    line: list[Command] = []
    while True:
        for command in player(view_of(position)):
            position = rules.apply(position, command, lone_moves)
            line.append(command)
        if not rules.can_deal(position):
            return Game(rules.is_won(position), tuple(line))
        position = rules.deal(position)
        line.append(DEAL)
