"""The collected lines (spec §3, §6, §8), checked against a literal reading of the spec."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, strategies as st
from strategies import examples

from cardgames.solitaire_sevens.rules import deal, narrate
from cardgames.solitaire_sevens.text import (
    DOWN, FROWN, GLYPHS, SMILE, UP, collected_lines, faceup, table)

GOLDEN = Path(__file__).parent / "golden" / "solitaire_2"
SEVENS_LINE = "\t\U0001f0c7\t\U0001f0d7\t\U0001f0a7\t\U0001f0b7"


def spec_glyph(card: int) -> str:
    """§3: glyph(c) = chr(base[c // 13] + (r + 1 if r <= 10 else r + 2))."""
    base = (0x1F0B0, 0x1F0C0, 0x1F0D0, 0x1F0A0)[card // 13]
    rank = card % 13
    return chr(base + (rank + 1 if rank <= 10 else rank + 2))


def reference_lines(seed: int) -> list[str]:
    """The collected lines of a game, transcribed from §4 to §6 as plainly as possible."""
    cards = sorted(set(range(52)) - {6, 19, 32, 45})
    random.seed(seed)
    random.shuffle(cards)
    placed = {6, 19, 32, 45}

    def can_place(c):
        return (c % 13 > 6 and c - 1 in placed) or (c % 13 < 6 and c + 1 in placed)

    def rows():
        return [("\t" + "\t".join(spec_glyph(13 * s + r) if 13 * s + r in placed else ""
                                  for s in (1, 2, 3, 0))).rstrip() for r in range(12, -1, -1)]

    def pile(p):
        return "[" * (len(p) - 1) + spec_glyph(p[-1]) if p else ""

    out = ["All 7s removed and placed, rest of deck shuffled, ready to start!", "]" * 48, "",
           *rows()]
    stack, aside = cards, []
    for number, name in enumerate(("first", "second", "third")):
        out += ["", f"Starting {name} round...", ""]
        while stack:
            c = stack.pop()
            if not can_place(c):
                aside.append(c)
                out += ["Cannot place card from top of stack of cards left \u2639\ufe0f",
                        "]" * len(stack), pile(aside), ""]
                continue
            placed.add(c)
            out += ["Placing card from top of stack of cards left \U0001f60a\ufe0f",
                    "]" * len(stack), pile(aside), *rows(), ""]
            while aside and can_place(aside[-1]):
                placed.add(aside.pop())
                out += ["Placing card from top of stack of cards put aside \U0001f60a\ufe0f",
                        "]" * len(stack), pile(aside), *rows(), ""]
            if aside:
                out += ["Cannot place card from top of stack of cards put aside \u2639\ufe0f", ""]
        if not aside:
            return out + ["You placed all cards, you won \U0001f44d"]
        if number == 2:
            return out + [f"You could not place {len(aside)} cards, you lost \U0001f44e"]
        stack, aside = aside[::-1], []
    raise AssertionError("unreachable")


def check_line_count(lines: list[str]) -> None:
    """§6: N = 17 + 3R + 4C + 17P + 2F, with P = 48 - k read from the last line."""
    def count(prefix):
        return sum(line.startswith(prefix) for line in lines)
    rounds = count("Starting ")
    aside = count("Cannot place card from top of stack of cards left")
    placed = count("Placing card from top")
    blocked = count("Cannot place card from top of stack of cards put aside")
    last = lines[-1]
    left = 0 if last.startswith("You placed all") else int(last.split()[4])
    assert placed == 48 - left
    assert len(lines) == 17 + 3 * rounds + 4 * aside + 17 * placed + 2 * blocked
    assert [line for line in lines if line.startswith("Starting ")] == [
        f"Starting {name} round..." for name in ("first", "second", "third")[:rounds]]
    assert all("\n" not in line and line == line.rstrip(" \t") for line in lines)


def test_glyphs_follow_the_spec_formula_and_skip_the_knight():
    assert GLYPHS == tuple(spec_glyph(card) for card in range(52))
    assert "\U0001f0bc" not in GLYPHS and GLYPHS[12] == "\U0001f0be"


def test_symbols_are_the_spec_code_points():
    assert SMILE.encode() == bytes.fromhex("F09F988AEFB88F")
    assert FROWN.encode() == bytes.fromhex("E298B9EFB88F")
    assert UP.encode() == bytes.fromhex("F09F918D") and DOWN.encode() == bytes.fromhex("F09F918E")


def test_piles():
    assert faceup(()) == ""
    assert faceup((8,)) == "\U0001f0b9"
    assert faceup((8, 22, 0, 23, 49, 11)) == "[[[[[\U0001f0bd"


def test_table_of_the_sevens_alone():
    assert table(frozenset({6, 19, 32, 45})) == [""] * 6 + [SEVENS_LINE] + [""] * 6


def test_table_columns_are_diamonds_clubs_spades_hearts_right_stripped():
    rows = table(frozenset({6, 19, 32, 45, 33, 7, 12, 13}))
    assert rows[5] == "\t\t\U0001f0d8\t\t\U0001f0b8"     # the Eights: Clubs, Hearts
    assert rows[0] == "\t\t\t\t\U0001f0be"               # King of Hearts
    assert rows[12] == "\t\U0001f0c1"                     # Ace of Diamonds


def test_seed_678_lines_1_to_62_are_the_worked_example():
    lines = collected_lines(narrate(deal(678)))
    assert lines[0] == "All 7s removed and placed, rest of deck shuffled, ready to start!"
    assert lines[1] == "]" * 48
    assert lines[2:9] == [""] * 7 and lines[9] == SEVENS_LINE and lines[10:17] == [""] * 7
    assert lines[17:19] == ["Starting first round...", ""]
    piles = ["\U0001f0b9", "[\U0001f0ca", "[[\U0001f0b1", "[[[\U0001f0cb", "[[[[\U0001f0ab",
             "[[[[[\U0001f0bd"]
    for block, pile in enumerate(piles):
        start = 19 + 4 * block
        assert lines[start:start + 4] == [
            "Cannot place card from top of stack of cards left \u2639\ufe0f",
            "]" * (47 - block), pile, ""]
    assert lines[43:46] == ["Placing card from top of stack of cards left \U0001f60a\ufe0f",
                            "]" * 41, "[[[[[\U0001f0bd"]
    assert lines[46:51] == [""] * 5 and lines[51] == "\t\t\U0001f0d8"
    assert lines[52] == SEVENS_LINE and lines[53:60] == [""] * 7
    assert lines[60:62] == ["Cannot place card from top of stack of cards put aside \u2639\ufe0f", ""]
    assert len(lines) == 1070
    assert lines[-3:] == ["Cannot place card from top of stack of cards put aside \u2639\ufe0f", "",
                          "You could not place 4 cards, you lost \U0001f44e"]


@examples(30, deadline=None)
@given(st.one_of(st.integers(-10**6, 10**6), st.integers(-2**100, 2**100)))
def test_collected_lines_equal_the_literal_spec_reading(seed):
    lines = collected_lines(narrate(deal(seed)))
    assert lines == reference_lines(seed)
    check_line_count(lines)


def golden_cases() -> dict[str, tuple[str, str]]:
    """name -> (how_to_run, expected file) from the spec's cases.tsv and our extra_cases.tsv."""
    cases = {}
    for table_file in ("cases.tsv", "extra_cases.tsv"):
        for row in (GOLDEN / table_file).read_text().splitlines()[1:]:
            name, how, expected = row.split("\t")
            cases[name] = (how, expected)
    return cases


def golden_game_lines(name: str) -> tuple[str, list[str]]:
    """The stdin and the collected lines shown by a golden ``seed\\nN\\nq\\n`` transcript."""
    how, expected = golden_cases()[name]
    out = (GOLDEN / expected).read_text(encoding="utf-8")
    shown = out.split("\n       \n", 1)[1]      # after the first 7-space prompt and its blank
    return how.replace("\\n", "\n"), shown.split("\n\nEnter: q to quit\n")[0].split("\n")


def test_every_full_game_golden_is_the_literal_spec_reading():
    for name in ("seed_678", "seed_574", "seed_0", "seed_round1_win", "seed_neg_1099511627776"):
        stdin, lines = golden_game_lines(name)
        seed, count = (int(word) for word in stdin.split("\n")[:2])
        assert len(lines) == count, name
        check_line_count(lines)
        assert lines == reference_lines(seed), name


def test_the_construction_script_still_makes_the_seed_of_the_golden():
    script = GOLDEN / "construct_round1_seed.py"
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=60)
    stdin, _ = golden_game_lines("seed_round1_win")
    assert done.returncode == 0 and done.stdout == stdin.split("\n")[0] + "\n"


def test_the_constructed_seed_is_won_in_the_first_round():
    _, lines = golden_game_lines("seed_round1_win")
    assert "Starting second round..." not in lines and lines[-1].startswith("You placed all")
    assert any(line.startswith("Placing card from top of stack of cards put aside")
               for line in lines)
    _, lines = golden_game_lines("seed_574")
    assert "Starting second round..." in lines and "Starting third round..." not in lines
    assert lines[-1] == "You placed all cards, you won \U0001f44d"
