"""The rich Aces Up game (``cardgames aces-up``): the classic commands plus undo, hints and a
solver, on the same rules.  ``session``: the game's state; ``text``: every line it prints;
``loop``: the prompt loop that reads and writes them."""
