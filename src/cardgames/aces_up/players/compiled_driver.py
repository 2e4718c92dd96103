"""The driver of the compiled players: hands views and decks to ``compiled_players`` and
reads back plans, counts and games (needs the ``jit`` extra).

It holds one room per process (``compiled_players.Turn``, ``Endgame``, ``Memo`` and
``Table``), reused by every call and used by one thread at a time; a question whose turn search needs more room than it has
is asked again with twice the room (the answer is the same, only later).  Its memory:
``MEMO_SLOTS`` memo slots of 64 bytes (64 MiB) for ``last_deal_wins``' counts, the only
large table; the turn searches' and the endgame's rooms are below 2 MiB.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import numpy as np

from cardgames import jitshuffle
from cardgames.aces_up import rules
from cardgames.aces_up.players import compiled_players as kernel
from cardgames.aces_up.players import lookahead, players, turn
from cardgames.aces_up.players.evaluation import score as reference_score
from cardgames.aces_up.players.game import Game, play
from cardgames.aces_up.players.players import PLAYERS, Plan
from cardgames.aces_up.players.view import View
from cardgames.aces_up.rules import Command
from cardgames.aces_up.search.model import COLUMNS, DEAL, DISCARDS, TRANSFERS, Columns, encode
from cardgames.cards import classic_deck, seeded_decks
from cardgames.tiers import agrees_or_recompiled

__all__ = ["MEMO_SLOTS", "NUMBERS", "turn_ends", "endgame_won", "score", "last_deal_wins",
           "last_two_wins", "plan", "decks", "play_decks", "play_seeds", "agrees"]

#: The slots of ``last_deal_wins``' memo (a power of two; half of them are ever taken).
MEMO_SLOTS = 1 << 20
#: The slots of an endgame's table of positions tried.
ENDGAME_SLOTS = 1 << 14
#: The ends a turn search has room for at first.
FIRST_CAPACITY = 1 << 11
#: The players' numbers in the kernel, by name.
NUMBERS = {name: number for number, name in enumerate(PLAYERS)}
#: The kernel's command numbers: DISCARDS[x] is x, TRANSFERS[x][y] is 4 + 4x + y, DEAL 20.
COMMANDS: tuple[Command, ...] = (*DISCARDS, *(TRANSFERS[x][y] for x in range(COLUMNS)
                                              for y in range(COLUMNS)), DEAL)
#: The codes of the classic deck, in its order (``cards.classic_deck``).
CLASSIC_CODES = np.array([encode(card) for card in classic_deck()], dtype=np.int64)


@dataclass
class _Room:
    """The kernel's rooms in this process."""

    capacity: int
    table: kernel.Table
    turns: tuple[kernel.Turn, kernel.Turn]
    endgame: kernel.Endgame
    memo: kernel.Memo


_ROOM: _Room | None = None
#: Held while a kernel runs on the rooms: threads of one process share them.
_LOCK = threading.RLock()
_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")


def _one_at_a_time(function: Callable[_Params, _Result]) -> Callable[_Params, _Result]:
    """``function``, run holding the rooms' lock."""
    @functools.wraps(function)
    def locked(*args: _Params.args, **kwargs: _Params.kwargs) -> _Result:
        with _LOCK:
            return function(*args, **kwargs)
    return locked


def _room(capacity: int = FIRST_CAPACITY) -> _Room:
    """The process's rooms, with room for at least ``capacity`` ends in a turn search."""
    global _ROOM
    if _ROOM is None:
        _ROOM = _Room(0, kernel.table_room(), (kernel.turn_room(1), kernel.turn_room(1)),
                      kernel.endgame_room(ENDGAME_SLOTS), kernel.memo_room(MEMO_SLOTS))
    if _ROOM.capacity < capacity:
        _ROOM.capacity = capacity
        _ROOM.turns = (kernel.turn_room(capacity), kernel.turn_room(capacity))
    return _ROOM


def _grown() -> _Room:
    """The rooms with twice the room for a turn search."""
    return _room(2 * _room().capacity)


def _arrays(columns: Sequence[Sequence[int]]) -> tuple[Any, Any]:
    """The kernel's columns: cards cols[x, i] and lengths lens[x]."""
    cols = np.zeros((COLUMNS, kernel.HEIGHT), dtype=np.int64)
    lens = np.zeros(COLUMNS, dtype=np.int64)
    for x, column in enumerate(columns):
        if len(column) >= kernel.HEIGHT:
            raise ValueError(f"a column of {len(column)} cards: at most {kernel.HEIGHT - 1}")
        cols[x, :len(column)] = column
        lens[x] = len(column)
    return cols, lens


def _columns(cols: Any, lens: Any) -> Columns:
    """The columns of the kernel's arrays."""
    return tuple(tuple(int(card) for card in cols[x, :lens[x]]) for x in range(COLUMNS))


def _commands(numbers: Iterable[int]) -> tuple[Command, ...]:
    """The commands of the kernel's numbers."""
    return tuple(COMMANDS[number] for number in numbers)


@_one_at_a_time
def turn_ends(columns: Columns) -> list[tuple[Columns, tuple[Command, ...]]]:
    """``turn.turn_ends`` compiled: each end's columns and line, in the same order."""
    cols, lens = _arrays(columns)
    room = _room()
    while (count := kernel.turn_ends(cols, lens, room.turns[0])) == kernel.OVERFLOW:
        room = _grown()
    found = room.turns[0]
    ends = []
    end_cols, end_lens = _arrays(())
    plan_ = np.zeros(kernel.LINE, dtype=np.int64)
    for i in range(count):
        kernel._columns_of(found.codes[i], found.start, end_cols, end_lens)
        size = kernel._line(found, i, plan_)
        ends.append((_columns(end_cols, end_lens), _commands(plan_[:size])))
    return ends


@_one_at_a_time
def endgame_won(columns: Columns) -> bool:
    """``turn.endgame_won`` compiled."""
    return bool(kernel.endgame_won(*_arrays(columns), _room().endgame))


def score(columns: Columns) -> int:
    """``evaluation.score`` compiled."""
    return int(kernel.score(*_arrays(columns)))


def _check_unseen(unseen: int, count: int) -> None:
    """ValueError unless ``unseen`` holds ``count`` cards."""
    if unseen.bit_count() != count:
        raise ValueError(f"{unseen.bit_count()} cards unseen, not {count}")


@_one_at_a_time
def last_deal_wins(columns: Columns, unseen: int) -> int:
    """``lookahead.last_deal_wins`` compiled (four cards unseen)."""
    _check_unseen(unseen, 4)
    room = _room()
    return int(kernel.last_deal_wins(*_arrays(columns), unseen, room.endgame, room.memo))


@_one_at_a_time
def last_two_wins(columns: Columns, unseen: int) -> int:
    """``lookahead.last_two_wins`` compiled (eight cards unseen)."""
    _check_unseen(unseen, 8)
    room = _room()
    while (count := kernel.last_two_wins(*_arrays(columns), unseen, room.turns[1],
                                         room.endgame, room.memo)) == kernel.OVERFLOW:
        room = _grown()
    return int(count)


@_one_at_a_time
def plan(view: View, name: str) -> Plan:
    """``PLAYERS[name](view)`` compiled: the same commands in the same order."""
    number = NUMBERS[name]
    room = _room()
    while True:
        room.table.cols[:, :], room.table.lens[:] = _arrays(view.columns)
        size = kernel.plan(number, view.stock, view.unseen, room.table, room.turns,
                           room.endgame, room.memo)
        if size != kernel.OVERFLOW:
            return _commands(room.table.plan[:size])
        room = _grown()


def decks(seeds: Iterable[int]) -> Any:
    """The seeded decks in codes, top card last: row g is ``rules.seeded_position``'s deck
    of seeds[g] (the compiled shuffle for a range of seeds)."""
    if isinstance(seeds, range):
        return CLASSIC_CODES[jitshuffle.permutations(len(CLASSIC_CODES), seeds)]
    rows = [CLASSIC_CODES[deck] for deck in seeded_decks(range(len(CLASSIC_CODES)), seeds)]
    return np.array(rows, dtype=np.int64).reshape(-1, len(CLASSIC_CODES))


@_one_at_a_time
def play_decks(deck_rows: Any, name: str, lone_moves: bool = True) -> tuple[Any, Any, Any]:
    """``game.play`` of each deck by the player ``name``: (won[g], lines[g], sizes[g]), the
    line of game g in the kernel's numbers, lines[g, :sizes[g]]."""
    games = len(deck_rows)
    won = np.zeros(games, dtype=np.bool_)
    lines = np.zeros((games, kernel.LINE), dtype=np.int64)
    sizes = np.zeros(games, dtype=np.int64)
    room = _room()
    first = 0
    while (first := kernel.play_games(deck_rows, first, NUMBERS[name], lone_moves, won, lines,
                                      sizes, room.table, room.turns, room.endgame,
                                      room.memo)) < games:
        room = _grown()
    if (sizes < 0).any():
        raise RuntimeError("a compiled player broke the rules: please report it")
    return won, lines, sizes


def play_seeds(seeds: Iterable[int], name: str, lone_moves: bool = True) -> list[Game]:
    """``game.play`` of each seeded deal by the player ``name``, compiled."""
    won, lines, sizes = play_decks(decks(seeds), name, lone_moves)
    return [Game(bool(won[g]), _commands(lines[g, :sizes[g]])) for g in range(len(won))]


#: The load-time sample: (player, seeds) played whole by both tiers.
SAMPLE = (("greedy", range(0, 4)), ("turn", range(0, 3)), ("last-deal", range(0, 3)))


def agrees() -> bool:
    """True when the compiled players play SAMPLE's games as the reference does.

    When they differ, the kernels are recompiled once and checked again: a kernel cached on
    disk may be older than this driver (Numba checks the kernel's own file only).
    """
    return agrees_or_recompiled(_agrees_on_sample, kernel.COMPILED)


def _agrees_on_sample() -> bool:
    """True when both tiers play every SAMPLE game alike (won and line)."""
    for name, seeds in SAMPLE:
        ours = play_seeds(seeds, name)
        theirs = [play(rules.seeded_position(seed), PLAYERS[name]) for seed in seeds]
        if ours != theirs:
            return False
    return True


#: What each compiled function here mirrors (for the tests' tables).
MIRRORS = {"turn_ends": turn.turn_ends, "endgame_won": turn.endgame_won,
           "score": reference_score, "last_deal_wins": lookahead.last_deal_wins,
           "last_two_wins": lookahead.last_two_wins, "best_end": players.best_end}
