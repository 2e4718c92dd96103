"""Every line the rich Aces Up game prints, at most :data:`WIDTH` columns wide: the help, the
board, the seed, hints and guesses, why a line or a move is refused, and the status lines."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence

from cardgames.aces_up import rules, search
from cardgames.aces_up.rich_game.advice import ADVISOR, Advice, Chance
from cardgames.aces_up.rich_game.session import Flaw, Guess, Malformed, Session
from cardgames.aces_up.rules import (
    Action,
    CannotMove,
    Command,
    EmptyColumn,
    IllegalMove,
    Position,
    StockEmpty,
)
from cardgames.numbers import integer_text

__all__ = ["AT_THE_START", "BACK_TO_THE_GAME_LEFT", "DEMO_STOPPED", "ESTIMATING", "GAME_WON",
           "HELP", "INTERRUPTED", "LOADING",
           "NEW_GAME", "NOTHING_TO_UNDO", "NO_MOVE_LEFT", "OFFER", "OFFER_PROMPT", "OUT_OF_MEMORY",
           "PROMPT", "QUIT", "RESTARTED", "RETRY", "THINKING", "UNDONE", "WIDTH",
           "advice_lines", "board_lines", "budget_text", "chance_text", "columns",
           "demo_end_line", "demo_move_line", "demo_start_line", "demo_replay", "describe",
           "echo", "estimating_line", "fit", "guess_lines", "help_text", "hint_line",
           "malformed", "packed", "peek_line", "plural", "rejection", "seed_line",
           "solving_line", "unsolved_line", "verdict_line", "winning_line_lines", "won_line"]

#: The widest line the game prints, in columns.
WIDTH = 79
PROMPT = "\naces-up> "
OFFER_PROMPT = "\nnew game> "

HELP = """Commands:
  D         deal one card onto each column
  F x       discard the bottom card of column x (a higher card of its suit
            must be at the bottom of another column)
  T x y     move the bottom card of column x to the empty column y
  U         undo the last move or restart (as often as you like)
  ?, hint   the honest plan for this turn, by a player who does not see the
            stock, and its chance of winning from here
  peek      the solver's best next move, knowing the stock (a guess when it
            cannot settle it)
  solve     play a winning line to the end, knowing the stock
  demo      watch the honest player play the rest of this deal
  R         restart this deal (U takes the restart back)
  N [seed]  a new game: a random deal, or the deal of the seed given
  H         this help
  Q         quit"""

OFFER = "Another game? Type a seed, or Enter for a random one (U: undo, Q: quit)."
RETRY = "Type a whole number, press Enter for a random deal, U to undo, or Q."
QUIT = "You have chosen to quit."
THINKING = "thinking... (Ctrl-C stops)"
#: What the solver's first question, and ``--solve`` or ``--odds``, say while it loads.
LOADING = "loading the solver (the first time, compiling it takes about a minute)"
INTERRUPTED = "Interrupted."
OUT_OF_MEMORY = "The solver ran out of memory; the game goes on (a smaller --memory may help)."
NO_MOVE_LEFT = "No move is left: this game is lost (U undoes, R restarts, N: a new game)."
NOTHING_TO_UNDO = "Nothing to undo."
UNDONE = "Undone."
BACK_TO_THE_GAME_LEFT = "Undone: back to the game you left."
NEW_GAME = "New game (U takes it back)."
RESTARTED = "Restarted: the deal's first position (U takes it back)."
AT_THE_START = "This is already the deal's first position."
GAME_WON = "The game is won."
ESTIMATING = "estimating the chance of winning... (Ctrl-C stops)"
DEMO_STOPPED = "Interrupted: the demo stopped here (U takes its moves back one by one)."

#: How many characters of a rejected line are shown back.
_ECHO = 20


# ---------------------------------------------------------------- text helpers


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def fit(text: str, width: int = WIDTH) -> str:
    """The text with every line longer than ``width`` wrapped at spaces (or cut)."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
        else:
            indent = " " * (len(line) - len(line.lstrip(" ")))
            lines.extend(textwrap.wrap(line, width, subsequent_indent=indent + "  ",
                                       break_on_hyphens=False))
    return "\n".join(lines)


#: The column where the help's descriptions start.
_HELP_INDENT = 12


def help_text(width: int = WIDTH) -> str:
    """The help (HELP) within ``width`` columns, its descriptions wrapped under each other."""
    if width >= WIDTH:
        return HELP
    heading, *rows = HELP.split("\n")
    entries: list[list[str]] = []           # [command, description]
    for row in rows:
        if row.startswith(" " * _HELP_INDENT):  # the description goes on
            entries[-1][1] += " " + row.strip()
        else:
            entries.append([row[:_HELP_INDENT], row[_HELP_INDENT:]])
    lines = [heading]
    for command, description in entries:
        lines += textwrap.wrap(description, width, initial_indent=command,
                               subsequent_indent=" " * _HELP_INDENT, break_on_hyphens=False)
    return "\n".join(lines)


def columns(text: str) -> int:
    """How many terminal columns a text takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def echo(text: str) -> str:
    """A line the player typed, quoted and shortened to at most _ECHO + 2 columns; a byte
    that is not UTF-8 shows as ``\\xff``."""
    text = text.strip()
    if columns(text) <= _ECHO:
        return _quoted(text)
    while columns(text) > _ECHO - 1:
        text = text[:-1]
    return _quoted(text + "\u2026")


#: In a ``repr``: an escaped backslash, or the lone surrogate that stands for a byte that is
#: not UTF-8 (``surrogateescape`` reads byte 0xff as U+DCFF).
_ESCAPED_BYTE = re.compile(r"(\\\\)|\\udc([89a-f][0-9a-f])")


def _quoted(text: str) -> str:
    """``repr(text)``, with each byte read by ``surrogateescape`` as Python writes a byte."""
    return _ESCAPED_BYTE.sub(lambda m: m[1] or f"\\x{m[2]}", repr(text))


def packed(words: Sequence[str], width: int = WIDTH, indent: str = "  ") -> list[str]:
    """Words (each kept whole) a few to a line of at most ``width`` columns, indented,
    separated by commas (a line that more words follow ends with one)."""
    lines: list[str] = []
    line = ""
    for number, word in enumerate(words, 1):
        comma = 1 if number < len(words) else 0
        if line and len(line) + len(word) + 2 + comma > width:
            lines.append(line + ",")
            line = ""
        line = f"{line}, {word}" if line else indent + word
    return lines + [line] if line else lines


# ---------------------------------------------------------------- the game's lines


def seed_line(seed: int | None, lone_moves: bool = True) -> str:
    """The line naming the deal: its seed and how to replay it (or how big the seed is)."""
    if seed is None:
        return "An unseeded deal."
    text = integer_text(seed)
    variant = " --no-lone-moves" if not lone_moves else ""
    line = f"Seed {text} (replay it: cardgames aces-up --seed {text}{variant})"
    if len(line) <= WIDTH:
        return line
    return f"Seed: a number of {plural(len(text.lstrip('-')), 'digit')}, too long to show here"


def board_lines(position: Position) -> list[str]:
    """A clear board: counts, the column numbers, then the cards row by row (top first)."""
    last = f", last {position.foundation[-1]}" if position.foundation else ""
    stock = len(position.stock)
    counts = (f"Stock: {plural(stock, 'card')} ({plural(stock // 4, 'deal')} left)"
              f"   Foundation: {plural(len(position.foundation), 'card')}{last}")
    lines = ["", counts,
             "   " + "".join(f"{number:<5d}" for number in rules.COLUMNS).rstrip()]
    for row in range(max(len(column) for column in position.columns)):
        cells = (str(column[row]) if row < len(column) else "" for column in position.columns)
        lines.append(("   " + "".join(f"{cell:<5s}" for cell in cells)).rstrip())
    return lines


def won_line(session: Session, by_solver: bool = False, player: str | None = None) -> str:
    """What a won game says (``by_solver``: ``solve`` played its last moves; ``player``:
    the demo's player did)."""
    text = "Won by the solver." if by_solver else "You won!"
    if player is not None:
        text = f"Won by the {player} player."
    if session.seed is None:
        return text
    return fit(f"{text} (seed {integer_text(session.seed)})")


def budget_text(session: Session) -> str:
    """The solver's budget in words: ``in 10 s``, ``within 21,000 positions``."""
    limits = ([f"in {session.budget:g} s"] if session.budget is not None else []) + (
        [f"within {session.nodes:,} positions"] if session.nodes is not None else [])
    return " and ".join(limits) or "with no limit"


def solving_line(positions: int, seconds: float) -> str:
    """The status line of a solve that is running (positions searched, rate, time)."""
    rate = positions / seconds if seconds > 0 else 0.0
    return (f"solving: {positions:,} positions, {rate / 1e6:.1f} M per second, "
            f"{seconds:.1f} s (Ctrl-C stops)")


# ---------------------------------------------------------------- the honest hint and the demo


def hint_line(session: Session) -> str:
    """The answer to ``?``: the honest plan for this turn and its chance of winning."""
    if rules.is_won(session.position):
        return GAME_WON
    return advice_lines(session.position, session.advice())


#: The width of a plan's command column.
_COMMAND = 7


def advice_lines(position: Position, advice: Advice) -> str:
    """The honest hint: the player named, each command of its plan with what it does (the
    deal last when the stock is not empty), and its chance of winning from here."""
    lines = [f"Plan for this turn (the {advice.player} player, who does not see the stock):"]
    deal = rules.Command(Action.DEAL)
    for command in advice.plan + ((deal,) if position.stock else ()):
        lines.append(f"  {str(command):<{_COMMAND}}{describe(position, command)}")
        if command != deal:
            position = rules.apply(position, command)
    if len(lines) == 1:
        lines[0] = f"No move helps the {advice.player} player (it does not see the stock)."
    lines.append(f"Its chance of winning: {chance_text(advice.chance)}.")
    return fit("\n".join(lines))


def _percent(share: float) -> str:
    """A share as a percentage with one decimal (``3.4%``), whole at 0 and 100."""
    return f"{share:.0%}" if share in (0.0, 1.0) else f"{share * 100:.1f}%"


def chance_text(chance: Chance) -> str:
    """A chance in words: exact (out of the orders of the stock), or an estimate with its
    95% interval and its sample."""
    if chance.exact and chance.out_of == 1:
        return (f"{_percent(chance.won)} (the stock is empty: "
                + ("the plan wins)" if chance.won else "this position cannot be won)"))
    if chance.exact:
        return (f"{_percent(chance.won / chance.out_of)} (exact: {chance.won:,} of the "
                f"{chance.out_of:,} orders of the stock)")
    if not chance.out_of:
        return "not estimated (interrupted)"
    low, high = chance.interval
    stopped = "; interrupted" if chance.interrupted else ""
    return (f"about {_percent(chance.won / chance.out_of)} (95% interval "
            f"{_percent(low)[:-1]}-{_percent(high)}, "
            f"{plural(chance.out_of, 'sampled stock')}{stopped})")


def estimating_line(samples: int, seconds: float) -> str:
    """The status line of an estimate that is running."""
    return f"estimating: {plural(samples, 'sampled stock')}, {seconds:.1f} s (Ctrl-C stops)"


def demo_start_line(player: str) -> str:
    """What the demo says as it starts."""
    return f"The {player} player plays the rest of this deal (Ctrl-C stops it)."


def demo_move_line(position: Position, command: Command) -> str:
    """A move of the demo, with what it does, as if typed at a prompt."""
    return f"\ndemo> {command}  ({describe(position, command)})"


def demo_replay(session: Session, player: str) -> str:
    """The command that plays the demo again from the deal's start."""
    variant = " --no-lone-moves" if not session.lone_moves else ""
    chosen = "" if player == ADVISOR else f" --player {player}"
    seed = integer_text(session.seed) if session.seed is not None else "N"
    return f"cardgames aces-up --seed {seed} --demo{chosen}{variant}"


def demo_end_line(session: Session, player: str) -> str:
    """What the demo says at its end: who lost, and how to watch it again."""
    lost = "" if rules.is_won(session.position) else f"The {player} player lost this deal. "
    if session.seed is None:
        return lost.rstrip()
    return fit(f"{lost}Watch it again from the deal's start: {demo_replay(session, player)}")


# ---------------------------------------------------------------- peek and solve


def peek_line(session: Session) -> str:
    """The answer to ``peek``: the next move of a winning line, knowing the stock, a guess,
    or why there is none."""
    if rules.is_won(session.position):
        return GAME_WON
    verdict = session.solve()
    if verdict.status is search.Status.UNSETTLED and not verdict.interrupted:
        return guess_lines(session, session.guess())
    return verdict_line(session, verdict)


def verdict_line(session: Session, verdict: search.Solution, missing: str = "no hint") -> str:
    """The hint a verdict on the current position gives (``missing``: what an interrupted
    or unsettled search leaves out)."""
    if verdict.status is search.Status.LOST:
        return "Knowing the stock: this position cannot be won."
    if verdict.interrupted:
        return f"The solver was interrupted; {missing}."
    if verdict.status is search.Status.UNSETTLED:
        return (f"The solver could not settle this position {budget_text(session)}; "
                "no hint.")
    move = verdict.line[0]
    return f"Hint (knowing the stock): {move}  ({describe(session.position, move)})"


def guess_lines(session: Session, guess: Guess) -> str:
    """The answer to ``peek`` on a position the solver could not settle."""
    if guess.interrupted:
        return "The solver was interrupted; no hint."
    if guess.winning or guess.move is None:
        return verdict_line(session, session.solve())
    lines = [f"Guess (knowing the stock): {guess.move}  "
             f"({describe(session.position, guess.move)})",
             (f"The solver could not settle this position {budget_text(session)}: "
              "this is a guess.")]
    if guess.lost:
        lines.append(f"Proved to lose: {', '.join(map(str, guess.lost))}.")
    return fit("\n".join(lines))


def unsolved_line(session: Session, verdict: search.Solution) -> str:
    """Why ``solve`` plays nothing: the position is lost, or the solver did not settle it."""
    if verdict.status is search.Status.UNSETTLED and not verdict.interrupted:
        return (f"The solver could not settle this position {budget_text(session)} "
                "(peek gives a guess).")
    return verdict_line(session, verdict, "nothing was played")


def winning_line_lines(commands: Sequence[Command], width: int = WIDTH) -> list[str]:
    """The winning line ``solve`` played: how long it is, then its commands a few to a line
    of at most ``width`` columns."""
    words = [str(command) for command in commands]
    return [f"Playing a winning line of {plural(len(words), 'move')}:",
            "\n".join(packed(words, width))]


def describe(position: Position, move: Command) -> str:
    """A short description of a move (D, F or T) in words."""
    if move.action is Action.DEAL:
        return "deal one card onto each column"
    source, *target = move.columns
    card = position.column(source)[-1]
    if move.action is Action.DISCARD:
        return f"discard {card} from column {source}"
    return f"move {card} from column {source} to column {target[0]}"


# ---------------------------------------------------------------- refusals


def rejection(error: IllegalMove) -> str:
    """Why the rules reject a command, in words."""
    if isinstance(error, StockEmpty):
        return "The stock is empty: there is nothing left to deal."
    if isinstance(error, EmptyColumn):
        return f"Column {error.column} is empty: there is no card to discard."
    if isinstance(error, CannotMove):
        card = error.card
        if card.is_ace:
            return f"{card} cannot be discarded: aces stay (the game ends with the four aces)."
        return (f"{card} cannot be discarded: no higher {card.suit.name.lower()[:-1]} is at "
                "the bottom of another column.")
    return f"Cannot move: {error} (T x y moves a card to an empty column)."


def malformed(request: Malformed) -> str:
    """Why a line is not a request (or not a seed, at the new-game offer), in words."""
    flaw, word = request.flaw, request.word
    if flaw is Flaw.EMPTY:
        return "Type a command (H lists them)."
    if flaw is Flaw.NEW_GAME:
        return "N takes at most one seed, a whole number, as in N 42."
    if flaw is Flaw.NO_NUMBER:
        return f"{word} takes no number (H lists the commands)."
    if flaw is Flaw.COUNT:
        example, count = ("F 2", "one column number") if word == "F" else (
            "T 1 3", "two column numbers")
        return f"{word} takes {count}, as in {example}."
    if flaw is Flaw.NO_SUCH_COLUMN and len(word) <= _ECHO:
        return f"There is no column {word}: the columns are 1 to 4."
    if flaw in (Flaw.NO_SUCH_COLUMN, Flaw.NOT_A_COLUMN):
        return f"Not a column number: {echo(word)} (the columns are 1 to 4)."
    if flaw is Flaw.NOT_A_SEED:
        return f"Not a seed: {echo(request.line)}.\n{RETRY}"
    return f"Unknown command {echo(request.line)}: H lists the commands."
