"""The 24 game: an exact general solver, the assignment's postfix program on top of it, statistics."""
