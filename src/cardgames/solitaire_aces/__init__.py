"""The 32-card Aces elimination solitaire (``solitaire_1.py``): rules, transcript, odds."""
