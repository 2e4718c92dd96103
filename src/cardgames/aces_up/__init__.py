"""Aces Up solitaire, in layers whose imports go one way, bottom to top:

1. the rules: ``rules`` (positions, commands, every rule of the game) and ``classic`` (the
   course's ``Card`` and ``Deck`` numbering);
2. the searches: ``search`` (the full-information solver: its codes, pruning facts, the
   reference search and its compiled transcription, and one ``solve`` that picks the tier);
3. the games and the odds: ``course`` (the course program, ``aces_up.py``), ``rich_game``
   (undo, hints, solve) and ``odds`` (the odds over a seed range, and their log);
4. the command line: ``cli`` (``cardgames aces-up``).

A module never imports from a layer above its own.
"""
