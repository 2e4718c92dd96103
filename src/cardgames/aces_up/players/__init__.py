"""Aces Up played honestly: players that never see the stock.

Bottom to top, each module importing only those before it:

* ``view``: what a player sees (the columns, the discarded and the unseen cards), built
  without reading the stock;
* ``turn``: every position a player can reach before the next deal, and the endgame's
  verdict once the stock is empty;
* ``evaluation``: the heuristic score of the end of a turn;
* ``lookahead``: the exact number of stock orders won with one or two deals left;
* ``players``: the players, by name (``greedy``, ``turn``, ``last-deal``, ``last-two``);
* ``game``: a deal played by a player;
* ``compiled_players``: all of these compiled (the ``jit`` extra), and ``compiled_driver``,
  which hands it views and decks;
* ``tiers``: at the face, ``play_seed``, ``play_seeds`` and ``plan``, which run the compiled
  players when they are installed and agree with the reference, the reference otherwise.
"""

from __future__ import annotations

from cardgames.aces_up.players.game import Game, play
from cardgames.aces_up.players.players import PLAYERS, Plan, Player
from cardgames.aces_up.players.tiers import (
    compiled_available,
    plan,
    play_seed,
    play_seeds,
    player_tier,
)
from cardgames.aces_up.players.view import View, view_of

__all__ = ["Game", "play", "PLAYERS", "Plan", "Player", "View", "view_of", "play_seed",
           "play_seeds", "plan", "player_tier", "compiled_available"]
