"""What the tests of the ``cardgames`` simulation commands share."""


def bare_table(people_table: str) -> str:
    """The assignment's table inside the people's table: its first two columns, and the rule."""
    lines = [" | ".join(line.split(" | ")[:2]) for line in people_table.splitlines()]
    lines[1] = "-" * len(lines[0])
    return "".join(line + "\n" for line in lines)
