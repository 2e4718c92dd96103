"""The transcript of an Aces solitaire game: a played ``Game`` turned into its exact lines.

No rules here: every pile comes from the ``Game`` record; this module only words and lays
out what happened (12-wide columns, right-stripped lines, the blank lines between blocks).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardgames.cards import deck32, face_down, face_up, glyph_table
from cardgames.solitaire_aces.rules import DECK_SIZE, Game, Pile, Stage, Turn

#: ``GLYPHS[c]`` is the playing-card character of card number c.
GLYPHS = glyph_table(deck32())
COLUMN = 12
ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth",
            "Ninth", "Tenth", "Eleventh")
STACK_NAMES = ("first", "second", "third", "fourth")


def faceup(pile: Sequence[int]) -> str:
    """A face-up pile of this game's cards ('' when empty)."""
    return face_up(pile, GLYPHS)


def row(cells: Sequence[str]) -> str:
    """Cells laid out in 12-character columns, trailing blanks removed."""
    return "".join(cell.ljust(COLUMN) for cell in cells).rstrip()


def start_lines() -> list[str]:
    """The three lines before the first stage."""
    return ["Deck shuffled, ready to start!", face_down(DECK_SIZE), ""]


def header_lines(number: int, stage: Stage) -> list[str]:
    """The six lines that open a stage (number 0 is the first)."""
    if number == 0:
        title = f"Distributing the cards in the deck into {len(stage.stacks)} stacks."
    else:
        title = f"Distributing the cards that have been kept into {len(stage.stacks)} stacks."
    piles = row([face_down(len(stack)) for stack in stage.stacks])
    return [title, piles, "", faceup(stage.discards_before), "", ""]


def turned_message(turn: Turn) -> str:
    """What turning the stack over shows: where its first ace is, if any."""
    stack = STACK_NAMES[turn.position]
    if turn.ace_index is None:
        return f"No ace in {stack} stack, after it has been turned over."
    last = " (and last)" if len(turn.kept) == 1 else ""
    return (f"{ORDINALS[turn.ace_index]}{last} card in {stack} stack, "
            "after it has been turned over, is an ace.")


def discard_message(turn: Turn) -> str:
    """What is discarded from the stack (only said when something is)."""
    if turn.discards_before:
        verb = "Adding to the cards that have been discarded"
    else:
        verb = "Discarding"
    count = len(turn.discarded)
    if turn.ace_index is None:
        return f"{verb} all cards in the stack."
    if count == 1:
        return f"{verb} the card before the ace."
    return f"{verb} the {count} cards before the ace."


def keep_message(turn: Turn) -> str:
    """What is kept from the stack (only said when it has an ace)."""
    verb = "Also keeping" if turn.kept_before else "Keeping"
    after = len(turn.kept) - 1
    if after == 0:
        return f"{verb} the ace, turning it over."
    if after == 1:
        return f"{verb} the ace and the card after, turning them over."
    return f"{verb} the ace and the {after} cards after, turning them over."


def turned_cell(turn: Turn) -> str:
    """The turned-over stack's own column: its kept cards with the ace showing."""
    return "[" * (len(turn.kept) - 1) + GLYPHS[turn.kept[0]] if turn.kept else ""


def block_lines(stage: Stage, turn: Turn) -> list[str]:
    """The 11 to 13 lines that narrate one stack being turned over."""
    k = turn.position
    later = [face_down(len(stack)) for stack in stage.stacks[k + 1:]]
    lines = [
        turned_message(turn),
        row([""] * k + [turned_cell(turn)] + later),
        (" " * (COLUMN * k) + faceup(turn.discarded)).rstrip(),
        faceup(turn.discards_before),
        face_down(len(turn.kept_before)),
        "",
    ]
    if turn.discarded:
        lines.append(discard_message(turn))
    if turn.kept:
        lines.append(keep_message(turn))
    lines += [row([""] * (k + 1) + later), "",
              faceup(turn.discards_after), face_down(len(turn.kept_after)), ""]
    return lines


def end_lines(game: Game) -> list[str]:
    """The six closing lines: the kept cards, the result, the discards and the display."""
    final: Pile = game.final
    return [f"Displaying the {len(final)} cards that have been kept.",
            "You won!" if game.won else "You lost!",
            "", "",
            faceup(game.discards),
            "".join(GLYPHS[card] for card in final)]


def game_lines(game: Game) -> Iterator[str]:
    """Every line of the narrated game, in order (without line ends)."""
    yield from start_lines()
    for number, stage in enumerate(game.stages):
        yield from header_lines(number, stage)
        for turn in stage.turns:
            yield from block_lines(stage, turn)
    yield from end_lines(game)
