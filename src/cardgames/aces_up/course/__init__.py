"""The course's Aces Up program (``aces_up.py``): the assignment's functions over the classic
``Card`` and ``Deck`` (``program``) and its exact texts (``text``), on the rules."""
