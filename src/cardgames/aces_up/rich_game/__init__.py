"""The rich Aces Up game (``cardgames aces-up``): the classic commands plus undo, hints and a
solver, on the same rules."""
