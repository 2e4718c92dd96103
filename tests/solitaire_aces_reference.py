"""A literal transcription of spec solitaire_1.md §3-§6, sharing no code with the project.

It is the independent oracle of the Aces solitaire's tests: plain, slow, written straight from
the spec's tables and formulas.
"""

import random

BASE = [0x1F0B0, 0x1F0C0, 0x1F0D0, 0x1F0A0]
OFF = [0x1, 0x7, 0x8, 0x9, 0xA, 0xB, 0xD, 0xE]
ORD = "First Second Third Fourth Fifth Sixth Seventh Eighth Ninth Tenth Eleventh".split()
STK = "first second third fourth".split()
PROMPT = "Please enter an integer to feed the seed() function: "


def glyph(c):
    return chr(BASE[c // 8] + OFF[c % 8])


def faceup(p):
    return "[" * (len(p) - 1) + glyph(p[-1]) if p else ""


def row(cells):
    return "".join(x.ljust(12) for x in cells).rstrip()


def message_1(k, a, kept):
    if a is None:
        return f"No ace in {STK[k]} stack, after it has been turned over."
    if len(kept) >= 2:
        return f"{ORD[a]} card in {STK[k]} stack, after it has been turned over, is an ace."
    return f"{ORD[a]} (and last) card in {STK[k]} stack, after it has been turned over, is an ace."


def message_2(D, a, d):
    P = "Discarding" if not D else "Adding to the cards that have been discarded"
    if a is None:
        return f"{P} all cards in the stack."
    if len(d) == 1:
        return f"{P} the card before the ace."
    return f"{P} the {len(d)} cards before the ace."


def message_3(A, kept):
    Q = "Keeping" if not A else "Also keeping"
    if len(kept) == 1:
        return f"{Q} the ace, turning it over."
    if len(kept) == 2:
        return f"{Q} the ace and the card after, turning them over."
    return f"{Q} the ace and the {len(kept) - 1} cards after, turning them over."


def game(s):
    """(the whole stdout of the interactive game of seed s, won, cards kept)."""
    deck = list(range(32))
    random.seed(s)
    random.shuffle(deck)
    L = ["Deck shuffled, ready to start!", "]" * 32, ""]
    D = []
    for n in (4, 3, 2):
        top = deck[::-1]
        S = [top[i::n] for i in range(n)]
        L.append("Distributing the cards in the deck into 4 stacks." if n == 4 else
                 f"Distributing the cards that have been kept into {n} stacks.")
        L += [row(["]" * len(S[i]) for i in range(n)]), "", faceup(D), "", ""]
        A = []
        for k in range(n):
            Sk = S[k]
            aces = [j for j, c in enumerate(Sk) if c % 8 == 0]
            a = aces[0] if aces else None
            d, kept = (Sk[:a], Sk[a:]) if aces else (Sk, [])
            cells = []
            for s2 in range(n):
                if s2 < k:
                    cells.append("")
                elif s2 == k:
                    cells.append("[" * (len(kept) - 1) + glyph(kept[0]) if kept else "")
                else:
                    cells.append("]" * len(S[s2]))
            L += [message_1(k, a, kept), row(cells), (" " * (12 * k) + faceup(d)).rstrip(),
                  faceup(D), "]" * len(A), ""]
            if d:
                L.append(message_2(D, a, d))
            if a is not None:
                L.append(message_3(A, kept))
            L += [row([""] * (k + 1) + ["]" * len(S[s2]) for s2 in range(k + 1, n)]), "",
                  faceup(D + d), "]" * len(A + kept), ""]
            D, A = D + d, A + kept
        deck = A
    F = A[::-1]
    places = [i for i, c in enumerate(F) if c % 8 == 0]
    won = places[3] - places[0] == 3
    L += [f"Displaying the {len(F)} cards that have been kept.",
          "You won!" if won else "You lost!", "", "", faceup(D), "".join(glyph(c) for c in F)]
    return PROMPT + "\n" + "".join(line + "\n" for line in L), won, len(F)


def table(n, i):
    """The stdout of simulate(n, i), from spec §8."""
    counts = {}
    for s in range(i, i + n):
        _, won, left = game(s)
        if won:
            counts[left] = counts.get(left, 0) + 1
    lines = ["Number of cards left when winning | Frequency", "-" * 45]
    lines += [f"{k:>33} | {counts[k] / n:9.2%}" for k in sorted(counts)]
    return "".join(line + "\n" for line in lines)
