"""What the tests of the ``cardgames`` simulation commands share."""

#: The assignment's header of each people's table, by the people's key header.
SPEC_HEADERS = {"Cards left": "Number of cards left | Frequency",
                "Won, cards left": "Number of cards left when winning | Frequency"}


def bare_table(people_table: str) -> str:
    """The assignment's table inside the people's table: the key and share of each outcome
    seen, in the assignment's layout (the shares of 1,000 games have its two decimals)."""
    lines = people_table.splitlines()
    header = SPEC_HEADERS[lines[0].split(" | ")[0].strip()]
    width = header.index(" | ")
    rows = []
    for line in lines[2:]:
        if set(line) <= set("-+"):
            break  # the total row follows
        key, games, share = (cell.strip() for cell in line.split(" | ")[:3])
        if games != "0":
            rows.append(f"{key:>{width}} | {share:>9}")
    return "".join(line + "\n" for line in [header, "-" * len(header), *rows])
